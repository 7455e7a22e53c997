"""Errors the pipeline's stages raise to the runner (a leaf module: stages must not import their orchestrator)."""
from __future__ import annotations


class StageFailed(Exception):
    """A stage that cannot continue; the message is shown to the user and the search ends "failed"."""
