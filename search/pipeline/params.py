"""What one run is asked to do: which source, how many candidates to retrieve, how many studies to keep.

Passed explicitly (``run_pipeline(..., source=, top_k=, candidates=)`` -> ``SearchState.params``) rather than
by changing settings for the whole process. ``None`` means the configured default (``MEDSEBA_SOURCE``,
``MEDSEBA_TOP_K``, ``MEDSEBA_CANDIDATES``), read when the stage runs, as API searches always use.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings


@dataclass(frozen=True)
class RunParams:
    source: str | None = None  # pubmed | local | auto
    top_k: int | None = None
    candidates: int | None = None

    def resolved_source(self) -> str:
        return self.source or settings.MEDSEBA_SOURCE

    def resolved_top_k(self) -> int:
        return self.top_k if self.top_k is not None else settings.MEDSEBA_TOP_K

    def resolved_candidates(self) -> int:
        return self.candidates if self.candidates is not None else settings.MEDSEBA_CANDIDATES
