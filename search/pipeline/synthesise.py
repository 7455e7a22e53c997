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

from typing import Any

from .answer_extras import add_extras
from .answer_offline import YES_NO_WORDING, offline_answer, offline_summaries, wording_for
from .state import DEFAULT_MODE, Answer, Failure, Frame, RankedPaper, UnderstoodQuery
from .verdict import decide, headline, unread

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


def synthesise(
    question: str, papers: list[RankedPaper], *, query: UnderstoodQuery | None, mode: str = DEFAULT_MODE,
    trials: dict[str, Any] | None = None,
) -> SynthesisResult:
    """Answer ``question`` from ``papers`` (LLM when configured, else extractive) and summarise each paper.

    The verdict is decided by one rule (``verdict.decide``) whichever wrote the text, so an LLM
    answer and an extractive one never disagree about yes or no. The bottom line, both reading
    modes' words and the glossary follow from the verdict (``answer_extras``); the LLM writes in
    the reading ``mode`` the search was asked in.
    """
    from search import llm

    frame = query.frame if query else Frame()
    yes_no = wording_for(question) is YES_NO_WORDING
    verdict = decide(papers, frame, offline=not llm.is_configured(), yes_no=yes_no, frame_read=query is not None)
    if not papers:
        empty = Answer(text=headline(verdict, frame, yes_no=yes_no), sections=[], kind="none", verdict=verdict)
        add_extras(empty, papers, frame, summaries={}, trials=trials)
        return SynthesisResult(answer=empty, summaries={}, model="none", prompt_version="")
    summaries = offline_summaries(papers)
    failures: list[Failure] = []

    if llm.is_configured():
        from search.prompts import prompt_version

        from .answer_llm import llm_answer

        try:
            result = llm_answer(question, papers, mode=mode)
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
            result.answer.verdict = verdict
            add_extras(result.answer, papers, frame, summaries=summaries, trials=trials)
            # The bottom line of the asked mode, phrased by the LLM from its facts only (the offline text if not).
            from .answer_llm import phrase_bottom_line
            from .state import add_usage

            bottom_failure, bottom_usage = phrase_bottom_line(result.answer, frame, mode=mode)
            failures += [bottom_failure] if bottom_failure else []
            usage = dict(result.usage)
            add_usage(usage, bottom_usage)
            return SynthesisResult(
                answer=result.answer,
                summaries=summaries,
                model=result.model,
                # covers every prompt module (answer and bottom line, both modes); the mode itself is models["mode"]
                prompt_version=prompt_version(),
                failures=failures,
                usage=usage,
            )

    offline = offline_answer(question, papers, query=query, text=headline(verdict, frame, yes_no=yes_no),
                             unread=unread(verdict))
    offline.answer.verdict = verdict
    add_extras(offline.answer, papers, frame, summaries=summaries, trials=trials)
    return SynthesisResult(
        answer=offline.answer,
        summaries=summaries,
        model=EXTRACTIVE_MODEL,
        prompt_version="",
        failures=failures + offline.failures,
        usage={},
    )
