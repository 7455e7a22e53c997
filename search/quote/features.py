"""One row of numbers per abstract sentence: what the scorer weighs to find the sentence that answers.

The columns (``FEATURES``, in this order, also stored in the model file so a mismatch is caught):
similarity to the question (cosine of the cached MiniLM vectors, its gap to the abstract's best
and whether it is the best), overlap with the question's words and with the frame's
intervention / comparator / outcome, the section role (label when the abstract keeps labels,
wording otherwise), findings language (numbers with units, p-values, confidence intervals,
"significantly", "no difference", "compared with"), position in the abstract and length.
Everything is regex and arithmetic; what depends on the sentence alone is computed once per
sentence and process (``_static``, ``cues.wording_role``), since a worker sees the same abstracts again.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from . import cues
from .frame import Parts, coverage, names, names_both_arms, stems

FEATURES: tuple[str, ...] = (
    "cosine", "cosine_gap", "cosine_best", "cosine_rank",
    "question_overlap", "intervention_overlap", "comparator_overlap", "outcome_overlap",
    "names_both_arms", "names_an_arm", "names_outcome",
    "role_background", "role_aim", "role_methods", "role_results", "role_conclusion", "role_from_label",
    "finding", "finding_cue", "number_unit", "numbers", "p_value", "confidence", "significant", "no_difference",
    "comparison", "change_verb",
    "position", "position_squared", "first", "last", "second_last",
    "log_words", "short", "long", "whole",
)
_INDEX = {name: i for i, name in enumerate(FEATURES)}
_WHOLE = re.compile(r"^[\"“(\[]?[A-Z0-9].*[.?!][\"”')\]]*$", re.DOTALL)
SHORT_WORDS, LONG_WORDS = 8, 45
# The columns that depend on the sentence alone, in the order ``_static`` returns them.
_STATIC = ("finding_cue", "number_unit", "numbers", "p_value", "confidence", "significant", "no_difference",
           "comparison", "change_verb", "log_words", "short", "long", "whole")
_STATIC_COLUMNS = [_INDEX[name] for name in _STATIC]


def is_whole(sentence: str) -> bool:
    """A sentence that starts like one (capital or digit) and ends like one (. ? !), not a fragment of a bad split."""
    return bool(_WHOLE.match(sentence.strip()))


@lru_cache(maxsize=cues.CACHED_SENTENCES)
def _static(sentence: str) -> tuple[float, ...]:
    """Findings language, length and wholeness of one sentence (the ``_STATIC`` columns)."""
    n_words = len(sentence.split())
    return (
        float(bool(cues.FINDING_CUES.search(sentence))),
        min(len(cues.NUMBER_UNIT.findall(sentence)), 3) / 3,
        math.log1p(len(cues.NUMBER.findall(sentence))),
        float(bool(cues.P_VALUE.search(sentence))),
        float(bool(cues.CONFIDENCE.search(sentence))),
        float(bool(cues.SIGNIFICANT.search(sentence))),
        float(bool(cues.NO_DIFFERENCE.search(sentence))),
        float(bool(cues.COMPARISON.search(sentence))),
        float(bool(cues.CHANGE_VERBS.search(sentence))),
        math.log1p(n_words),
        float(n_words < SHORT_WORDS),
        float(n_words > LONG_WORDS),
        float(is_whole(sentence)),
    )


def matrix(
    question_vector: np.ndarray,
    sentences: Sequence[str],
    vectors: np.ndarray,
    parts: Parts,
    labels: Sequence[str | None] | None = None,
) -> np.ndarray:
    """The feature rows (len(sentences), len(FEATURES)) of one abstract for one question."""
    n = len(sentences)
    out = np.zeros((n, len(FEATURES)), dtype=np.float64)
    if n == 0:
        return out
    cos = (np.asarray(vectors, dtype=np.float64) @ np.asarray(question_vector, dtype=np.float64)).round(4)
    order = np.argsort(-cos, kind="stable")
    rank = np.empty(n, dtype=np.int64)
    rank[order] = np.arange(n)
    best = cos.max()
    labels = list(labels) if labels is not None else [None] * n
    col = _INDEX
    for i, sentence in enumerate(sentences):
        row = out[i]
        words = stems(sentence)
        row[col["cosine"]] = cos[i]
        row[col["cosine_gap"]] = cos[i] - best
        row[col["cosine_best"]] = float(rank[i] == 0)
        row[col["cosine_rank"]] = 1.0 / (rank[i] + 1)
        row[col["question_overlap"]] = coverage(parts.question, words)
        row[col["intervention_overlap"]] = coverage(parts.intervention, words)
        row[col["comparator_overlap"]] = coverage(parts.comparator, words)
        row[col["outcome_overlap"]] = coverage(parts.outcome, words)
        row[col["names_both_arms"]] = float(names_both_arms(parts, words))
        row[col["names_an_arm"]] = float(names(parts.intervention, words) or names(parts.comparator, words))
        row[col["names_outcome"]] = float(names(parts.outcome, words))
        labelled = cues.label_role(labels[i])
        role = labelled or cues.wording_role(sentence)
        if role is not None:
            row[col[f"role_{role}"]] = 1.0
        row[col["role_from_label"]] = float(labelled is not None)
        row[col["finding"]] = float(cues.is_finding(sentence, labels[i]))
        row[_STATIC_COLUMNS] = _static(sentence)
        position = i / (n - 1) if n > 1 else 1.0
        row[col["position"]] = position
        row[col["position_squared"]] = position * position
        row[col["first"]] = float(i == 0)
        row[col["last"]] = float(i == n - 1)
        row[col["second_last"]] = float(i == n - 2)
    return out


def column(name: str) -> int:
    """Index of a feature in the rows (for rules that read one, e.g. ``cosine``)."""
    return _INDEX[name]
