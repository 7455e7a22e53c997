"""The reading mode of one API answer: which mode's words a result document carries.

A stored result holds both modes' words (``answer.modes``: built offline from the same facts,
so switching costs nothing). ``GET /api/searches/{id}/?mode=lay|clinician`` returns the document
with ``mode`` set and only that mode's words in ``answer.modes``; without the parameter the
mode is the signed-in reader's remembered one (``accounts.preferences``), else the default
(lay). A signed-out visitor's browser remembers their choice and sends it as the parameter.
"""
from __future__ import annotations

from typing import Any

from search.pipeline.state import DEFAULT_MODE, READING_MODES


def resolve_mode(*, requested: str | None, user: Any) -> str:
    """The mode to answer in: the one asked for (already validated), else the user's, else the default."""
    if requested:
        return requested
    from accounts.preferences import reading_mode_get

    return reading_mode_get(user=user) or DEFAULT_MODE


def document_in_mode(document: dict[str, Any], mode: str) -> dict[str, Any]:
    """``document`` with ``mode`` and only that mode's words (a new dict; the stored one is untouched)."""
    if mode not in READING_MODES:
        raise ValueError(f"unknown reading mode {mode!r}")
    out = {**document, "mode": mode}
    answer = document.get("answer")
    if isinstance(answer, dict) and answer.get("modes"):
        modes = answer["modes"]
        out["answer"] = {**answer, "modes": {mode: modes[mode]} if mode in modes else {}}
    return out
