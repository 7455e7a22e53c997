"""Stage 7, synthesise: the answer to the question and a one-line summary per study.

With an LLM configured (``search.llm.is_configured()``) one structured call writes the
answer and the summaries, checked by :mod:`.answer_llm`; if that fails for any reason the
extractive answer of :mod:`.answer_offline` is used and the failure is listed (stage
"synthesise", source "llm"), so a broken LLM degrades the answer instead of losing it.
Without an LLM the extractive answer is the default, not an error. Studies the LLM gave
no summary for keep their extractive summary (the conclusion sentence).
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from .answer_offline import NO_STUDIES, offline_answer, offline_summaries
from .state import Answer, Failure, RankedPaper, UnderstoodQuery

logger = logging.getLogger(__name__)

EXTRACTIVE_MODEL = "extractive"


@dataclass
class SynthesisResult:
    answer: Answer
    summaries: dict[str, str]  # by PMID
    model: str  # the LLM's label, or "extractive"
    prompt_version: str  # "" when no prompt was used
    failures: list[Failure] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)


def synthesise(question: str, papers: list[RankedPaper], *, query: UnderstoodQuery | None) -> SynthesisResult:
    """Answer ``question`` from ``papers`` (LLM when configured, else extractive) and summarise each paper."""
    if not papers:
        return SynthesisResult(
            answer=Answer(text=NO_STUDIES, sections=[], kind="none"), summaries={}, model="none", prompt_version=""
        )
    summaries = offline_summaries(papers)
    failures: list[Failure] = []

    from search import llm

    if llm.is_configured():
        from search.prompts import prompt_version

        from .answer_llm import llm_answer

        try:
            result = llm_answer(question, papers)
        except Exception as exc:  # noqa: BLE001 - any LLM failure falls back to the extractive answer
            if not isinstance(exc, (llm.LLMError, llm.LLMUnavailable, ValueError)):
                logger.exception("unexpected error in the LLM answer")
            failures.append(
                Failure(
                    stage="synthesise",
                    source="llm",
                    error=f"{type(exc).__name__}: {exc}; showing the extractive answer instead",
                )
            )
        else:
            summaries.update(result.summaries)
            return SynthesisResult(
                answer=result.answer,
                summaries=summaries,
                model=result.model,
                prompt_version=prompt_version(),
                failures=failures,
                usage=result.usage,
            )

    offline = offline_answer(question, papers, query=query)
    return SynthesisResult(
        answer=offline.answer,
        summaries=summaries,
        model=EXTRACTIVE_MODEL,
        prompt_version="",
        failures=failures + offline.failures,
        usage={},
    )
