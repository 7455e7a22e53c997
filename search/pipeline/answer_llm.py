"""The LLM answer: one call for the structured answer and the per-study summaries, then strict checking.

The model's output is untrusted (an abstract may carry a prompt injection, a model may
invent references), so :func:`clean_llm_output` enforces the format in code: links and
markdown are stripped, every ``[n]`` must be the rank of one of the papers given
(invalid ones are removed and counted), a section without any valid reference is an
unsupported claim and is dropped, at most five sections are kept, and summaries are
matched to papers by PMID, never by position.

The bottom line (issue 17 §4) is phrased by a second, small call given only its facts
(:func:`phrase_bottom_line`, prompt ``search/prompts/bottom_line.py``); the phrasing is kept only
when it begins with the verdict phrase and adds no number, study type, finding or advice the
facts do not hold (:func:`check_bottom_line`), else the offline text stays.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from .answer_text import strip_links
from .state import Answer, AnswerSection, BottomLine, Failure, Frame, RankedPaper, Verdict

logger = logging.getLogger(__name__)

MAX_SECTIONS = 5
MAX_ANSWER_CHARS = 600
MAX_HEADING_CHARS = 80
MAX_SECTION_CHARS = 700
MAX_SUMMARY_CHARS = 300

# A bracket holding numbers ("[3]", "[1, 4]", "[2-5]", "[1; 3]"), and a link whose text is a number ("[3](url)").
_NUMS = r"\d+(?:\s*(?:[-–,;]|and)\s*\d+)*"
_REF_GROUP = re.compile(rf"\[\s*{_NUMS}\s*\]")
# Adjacent groups ("[1], [25] and [3]") are rewritten together so a removed one leaves no stray comma.
_REF_RUN = re.compile(rf"\[\s*{_NUMS}\s*\](?:\s*(?:,|;|and)?\s*\[\s*{_NUMS}\s*\])*")
_NUMBERED_LINK = re.compile(r"\[\s*(\d+)\s*\]\([^)]*\)")
_RANGE = re.compile(r"(\d+)\s*[-–]\s*(\d+)")
_SPACES = re.compile(r"\s+")
_EMPTY_BRACKETS = re.compile(r"\[\s*\]|\(\s*[,;]?\s*\)")
_DANGLING = re.compile(r"(?:\s*,\s*)+(?=[.;:)\]]|$)|\s+(?=[.,;:])")


class AnswerFormatError(ValueError):
    """The LLM's JSON does not follow the answer format even after cleaning."""


@dataclass
class LLMAnswer:
    answer: Answer
    summaries: dict[str, str]
    model: str
    usage: dict[str, int]


def llm_answer(question: str, papers: list[RankedPaper], *, mode: str = "lay") -> LLMAnswer:
    """Ask the configured LLM in reading ``mode``; raises LLMUnavailable/LLMError/AnswerFormatError for the caller to fall back."""
    from search import llm
    from search.prompts import answer as prompt

    result = llm.complete_json(
        system=prompt.system_for(mode),
        user=prompt.user_message(question, papers),
        schema=prompt.SCHEMA,
        schema_name=prompt.SCHEMA_NAME,
    )
    answer, summaries = clean_llm_output(result.data, papers)
    return LLMAnswer(answer=answer, summaries=summaries, model=result.model or llm.model_label(), usage=result.usage)


def _numbers(spec: str) -> list[int]:
    """'1, 4' -> [1, 4]; '2-4' -> [2, 3, 4] (ranges wider than 20 are taken as their two ends)."""
    numbers: list[int] = []
    for part in re.split(r"\s*(?:,|;|and)\s*", spec):
        match = _RANGE.fullmatch(part.strip())
        if match:
            lo, hi = int(match.group(1)), int(match.group(2))
            numbers.extend(range(lo, hi + 1) if 0 <= hi - lo <= 20 else (lo, hi))
        elif part.strip().isdigit():
            numbers.append(int(part))
    return numbers


def validate_refs(text: str, valid: set[int]) -> tuple[str, list[int], int]:
    """Rewrite every reference as ``[n]``, drop numbers not in ``valid``; returns (text, refs in order, removed)."""
    removed = 0
    refs: list[int] = []

    def replace(match: re.Match[str]) -> str:
        nonlocal removed
        kept = []
        numbers = [n for group in _REF_GROUP.finditer(match.group(0)) for n in _numbers(group.group(0)[1:-1])]
        for n in numbers:
            if n in valid:
                if n not in kept:
                    kept.append(n)
            else:
                removed += 1
        for n in kept:
            if n not in refs:
                refs.append(n)
        return ", ".join(f"[{n}]" for n in kept)

    text = _NUMBERED_LINK.sub(lambda m: f"[{m.group(1)}]", text)
    text = strip_links(text)
    text = _REF_RUN.sub(replace, text)
    text = _EMPTY_BRACKETS.sub("", text)
    text = _DANGLING.sub("", text)
    return _SPACES.sub(" ", text).strip(), refs, removed


def _bounded(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def _string(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise AnswerFormatError(f"{key!r} must be a string, got {type(value).__name__}")
    return value


def clean_llm_output(data: dict[str, Any], papers: list[RankedPaper]) -> tuple[Answer, dict[str, str]]:
    """Enforce the answer format on the LLM's JSON; returns the Answer and summaries keyed by PMID."""
    if not isinstance(data, dict):
        raise AnswerFormatError(f"the answer must be a JSON object, got {type(data).__name__}")
    valid = {p.rank for p in papers}
    text, _, removed = validate_refs(_string(data, "answer"), valid)
    if not text:
        raise AnswerFormatError("the answer sentence is empty")

    raw_sections = data.get("sections")
    if not isinstance(raw_sections, list):
        raise AnswerFormatError(f"'sections' must be a list, got {type(raw_sections).__name__}")
    sections: list[AnswerSection] = []
    for item in raw_sections:
        if not isinstance(item, dict):
            raise AnswerFormatError(f"a section must be an object, got {type(item).__name__}")
        heading, _, _ = validate_refs(_string(item, "heading"), set())  # a heading cites nothing: numbers go
        body, refs, body_removed = validate_refs(_string(item, "text"), valid)
        removed += body_removed
        if not body or not refs:
            continue  # a claim that cites none of the studies is not shown
        if len(sections) < MAX_SECTIONS:
            sections.append(
                AnswerSection(
                    heading=_bounded(heading.rstrip(":. ") or "Findings", MAX_HEADING_CHARS),
                    text=_bounded(body, MAX_SECTION_CHARS),
                    refs=refs,
                )
            )
    if not sections:
        raise AnswerFormatError("no section cites any of the studies")

    by_pmid = {p.record.pmid for p in papers}
    summaries: dict[str, str] = {}
    raw_summaries = data.get("summaries") or []
    if not isinstance(raw_summaries, list):
        raise AnswerFormatError(f"'summaries' must be a list, got {type(raw_summaries).__name__}")
    for item in raw_summaries:
        if not isinstance(item, dict):
            continue
        pmid, summary = str(item.get("pmid", "")).strip(), item.get("summary")
        if pmid in by_pmid and isinstance(summary, str) and pmid not in summaries:
            cleaned, _, _ = validate_refs(summary, set())
            if cleaned:
                summaries[pmid] = _bounded(cleaned, MAX_SUMMARY_CHARS)
    answer = Answer(text=_bounded(text, MAX_ANSWER_CHARS), sections=sections, invalid_refs_removed=removed, kind="llm")
    return answer, summaries


# --- the bottom line, phrased by the LLM from the facts only (issue 17 §4) --------------------

# Words that state a finding, a study type or advice. One in the phrasing must also be in the facts it was
# given; otherwise the model added a claim (matched at a word start, case-insensitively).
WATCHED_TERMS = (
    # study types
    "meta-analys", "meta analys", "systematic review", "review", "pooled", "randomi", "trial", "fair test",
    "cohort", "case-control", "case control", "case series", "cross-sectional", "survey", "observational",
    "guideline", "animal", "cells", "in vitro", "head-to-head",
    # findings and advice
    "cure", "prove", "guarantee", "safe", "harm", "danger", "risk", "side effect", "adverse", "death", "died",
    "significant", "percent", "dose", "recommend", "advise", "should", "must", "always", "never",
)
_WATCHED_PATTERNS = tuple((term, re.compile(rf"\b{re.escape(term)}", re.IGNORECASE)) for term in WATCHED_TERMS)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_REFERENCE_OR_MARKUP = re.compile(r"\[\s*\d|https?://|www\.|[<>*_`#]")


class BottomLineRejected(ValueError):
    """The LLM's bottom line dropped the verdict phrase or said something the facts do not."""


@dataclass
class PhrasedBottomLine:
    text: str
    usage: dict[str, int]


def check_bottom_line(text: Any, *, facts: str, phrase: str, mode: str) -> str:
    """The LLM's bottom line if it keeps the verdict phrase and adds no claim; else BottomLineRejected."""
    from search.prompts import bottom_line as prompt

    if not isinstance(text, str) or not text.strip():
        raise BottomLineRejected("the bottom line is empty")
    text = _SPACES.sub(" ", text).strip().strip("\"'“”").strip()
    if len(text) > prompt.MAX_CHARS:
        raise BottomLineRejected(f"the bottom line is {len(text)} characters, more than {prompt.MAX_CHARS}")
    if _REFERENCE_OR_MARKUP.search(text):
        raise BottomLineRejected("the bottom line carries a link, a reference or markup")
    if not text.casefold().startswith(phrase.casefold()):
        raise BottomLineRejected(f"the bottom line dropped the verdict phrase {phrase!r}")
    folded, facts_folded = text.casefold(), facts.casefold()
    others = [p for label, p in prompt.VERDICT_PHRASES[mode].items()
              if p != phrase and len(p.split()) > 1 and p.casefold() in folded]
    if others:
        raise BottomLineRejected(f"the bottom line also says {others[0]!r}")
    allowed_numbers = set(_NUMBER.findall(facts))
    added = [n for n in _NUMBER.findall(text) if n not in allowed_numbers]
    if added:
        raise BottomLineRejected(f"the bottom line adds a number not in the facts ({added[0]})")
    for term, pattern in _WATCHED_PATTERNS:
        if pattern.search(folded) and not pattern.search(facts_folded):
            raise BottomLineRejected(f"the bottom line adds a claim not in the facts ({term!r})")
    return text


def llm_bottom_line(verdict: Verdict, bottom: BottomLine, *, mode: str, topic: str = "") -> PhrasedBottomLine:
    """Ask the LLM to phrase the bottom-line facts in ``mode``; raises LLMError/LLMUnavailable/BottomLineRejected."""
    from search import llm
    from search.prompts import bottom_line as prompt

    user = prompt.user_message(verdict, bottom, mode, topic=topic)
    result = llm.complete_json(system=prompt.system_for(mode), user=user, schema=prompt.SCHEMA,
                               schema_name=prompt.SCHEMA_NAME)
    text = check_bottom_line(result.data.get("bottom_line"), facts=user,
                             phrase=prompt.verdict_phrase(verdict.label, mode), mode=mode)
    return PhrasedBottomLine(text=text, usage=result.usage)


def phrase_bottom_line(answer: Answer, frame: Frame, *, mode: str) -> tuple[Failure | None, dict[str, int]]:
    """On the LLM path: replace ``answer.modes[mode].bottom_line`` (the offline text) by the LLM's phrasing of the
    same facts. Any failure or rejected phrasing keeps the offline text and is returned as a Failure to list."""
    from search import llm

    if answer.verdict is None or answer.bottom_line is None or mode not in answer.modes:
        return None, {}
    try:
        phrased = llm_bottom_line(answer.verdict, answer.bottom_line, mode=mode, topic=frame.intervention or "")
    except Exception as exc:  # noqa: BLE001 - the offline bottom line is always there to fall back on
        expected = isinstance(exc, (llm.LLMError, llm.LLMUnavailable, ValueError))
        if not expected:
            logger.exception("unexpected error phrasing the bottom line")
        # An unexpected error's text stays in the log: the page shows failures, never raw exception text.
        why = f"{type(exc).__name__}: {exc}" if expected else "an unexpected error (logged)"
        return Failure(stage="synthesise", source="llm",
                       error=f"bottom line: {why}; showing the offline bottom line instead"), {}
    answer.modes[mode].bottom_line = phrased.text
    return None, phrased.usage
