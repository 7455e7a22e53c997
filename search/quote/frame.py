"""Which of the question's parts (intervention, comparator, outcome) a sentence names.

Words are compared by a crude stem (lower case, first 5 letters) so "randomised"/"randomized"
and "hypertensive"/"hypertension" meet; a part counts as named when at least half of its
content words occur in the sentence. A generic comparator ("placebo", "control", "usual care")
also matches the other generic names, since abstracts say "placebo group" for a "control" arm.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from .cues import CACHED_SENTENCES

STOPWORDS = frozenset(
    """
    a an the of in on for to with without and or by at from as is are was were be been being do does did
    not no than versus vs compared compare comparison how what which who whom whose when where why whether
    with respect effect effects effective efficacy use using used patients patient people subjects treatment
    therapy group groups their its his her our they them it this that these those there any all some
    more less better worse between among after before during into over under about against per
    help reduce improve increase decrease change risk cause
    """.split()
)
# Stems of generic comparators ("placebo", "control", "usual care", "standard", "sham", "conventional").
GENERIC_ARMS = frozenset({"place", "contr", "usual", "stand", "sham", "conve"})
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*|\d+[A-Za-z]+")


class FrameLike(Protocol):
    """What is read from the question's frame (``search.pipeline.state.Frame`` has these)."""

    kind: str
    intervention: str | None
    comparator: str | None
    outcome: str | None


@lru_cache(maxsize=CACHED_SENTENCES)
def stems(text: str | None) -> frozenset[str]:
    """Content-word stems of ``text`` (stop words and one-letter words dropped)."""
    if not text:
        return frozenset()
    out = set()
    for word in _WORD.findall(text):
        lower = word.lower()
        if lower in STOPWORDS or len(lower) < 2:
            continue
        out.add(lower[:5])
    return frozenset(out)


@dataclass(frozen=True)
class Parts:
    """The stems of each part of the question; empty when the frame does not have that part."""

    intervention: frozenset[str] = frozenset()
    comparator: frozenset[str] = frozenset()
    outcome: frozenset[str] = frozenset()
    question: frozenset[str] = frozenset()
    comparison: bool = False

    @classmethod
    def of(cls, question: str, frame: FrameLike | None) -> "Parts":
        if frame is None:
            return cls(question=stems(question))
        intervention, comparator = stems(frame.intervention), stems(frame.comparator)
        return cls(
            intervention=intervention,
            comparator=comparator,
            outcome=stems(frame.outcome),
            question=stems(question),
            comparison=frame.kind == "comparison" or bool(intervention and comparator),
        )


def coverage(part: frozenset[str], sentence: frozenset[str]) -> float:
    """Share of the part's stems found in the sentence (0 when the part is empty)."""
    if not part:
        return 0.0
    if part & GENERIC_ARMS and sentence & GENERIC_ARMS:
        return 1.0
    return len(part & sentence) / len(part)


def names(part: frozenset[str], sentence: frozenset[str]) -> bool:
    """Whether the sentence names the part (at least half of its stems)."""
    return bool(part) and coverage(part, sentence) >= 0.5


def names_both_arms(parts: Parts, sentence: frozenset[str]) -> bool:
    """Whether a sentence names the intervention and the comparator of a comparison question."""
    return parts.comparison and names(parts.intervention, sentence) and names(parts.comparator, sentence)
