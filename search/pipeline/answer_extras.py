"""What every answer carries beside its text: the bottom line, both reading modes' words and the glossary.

Called by synthesise for the LLM answer and the extractive one alike, after the verdict is
decided, so the three follow from the same facts whichever path wrote the text.
"""
from __future__ import annotations

from typing import Any

from .bottom_line import build_bottom_line
from .modes import reading_modes
from .state import Answer, Frame, RankedPaper


def add_extras(
    answer: Answer, papers: list[RankedPaper], frame: Frame, *, summaries: dict[str, str],
    trials: dict[str, Any] | None = None,
) -> None:
    """Set ``bottom_line``, ``modes`` and ``glossary`` on ``answer`` (which already holds its verdict)."""
    from search.design import DESIGNS
    from search.glossary import glossary_for

    verdict = answer.verdict
    if verdict is None:
        return
    bottom = build_bottom_line(verdict, papers, frame)
    answer.bottom_line = bottom
    answer.modes = reading_modes(verdict, bottom, frame, clinician_headline=answer.text, papers_found=len(papers))
    texts = [answer.text, *(s.text for s in answer.sections)]
    for mode in answer.modes.values():
        texts += [mode.headline, mode.explanation, mode.certainty, mode.bottom_line]
    for paper in papers:
        summary = summaries.get(paper.record.pmid) or paper.summary or ""
        texts += [paper.record.title, summary, paper.best_sentence.text if paper.best_sentence else ""]
        if paper.design is not None:
            texts.append(DESIGNS[paper.design.label])
    for trial in (trials or {}).get("studies") or []:
        texts += [trial.get("title") or "", *(p.replace("PHASE", "phase ") for p in trial.get("phases") or [])]
    answer.glossary = glossary_for(texts)
