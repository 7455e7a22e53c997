"""What may be quoted, in which order: the rules on top of the scorer's ranking.

1. A whole sentence: one that starts and ends like a sentence, is not a copy of the title and
   has at least ``MIN_WORDS`` words; fragments of a bad split are used only when nothing else exists.
2. No aim, methods or background sentence (``cues.is_setup``: by section label, else by wording)
   while the abstract has any other whole sentence, in particular one that reports a finding.
3. For a comparison question, a sentence naming both arms is preferred when the scorer puts
   it within ``BOTH_ARMS_MARGIN`` of the best (it says how the two compared, not just one arm).

``order`` returns every sentence index in quoting order, so the runner-up is at hand when the
first choice must be avoided (``choose_quote``: never the same text as the card's summary line).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from . import cues
from .features import is_whole
from .frame import Parts, names_both_arms, stems

MIN_WORDS = 4
# In logit units of the scorer. Grouped CV on Evidence Inference (the README's figures): never 0.837,
# within 0.5 0.834, within 1 0.823, within 2 0.802, always 0.553 - the annotated evidence often names one arm.
BOTH_ARMS_MARGIN = 0.5


def normalised(text: str | None) -> str:
    """Lower-case word tokens joined by spaces: how two texts are compared for "the same sentence"."""
    return " ".join(re.findall(r"\w+", (text or "").lower()))


def quote_tiers(
    sentences: Sequence[str], *, labels: Sequence[str | None] | None = None, title: str | None = None
) -> list[int]:
    """Each sentence's quoting tier: 0 a finding that can be quoted first, 1 an aim / methods / background
    sentence, 2 a fragment or a sentence under ``MIN_WORDS`` words, 3 the title repeated. ``order`` ranks by
    tier, and locate embeds only tier 0 (``search.pipeline.locate.candidate_mask``)."""
    labels = list(labels) if labels is not None else [None] * len(sentences)
    title_key = normalised(title)

    def tier(s: str, label: str | None) -> int:
        if title_key and normalised(s) == title_key:
            return 3
        if not is_whole(s) or len(s.split()) < MIN_WORDS:
            return 2
        return 1 if cues.is_setup(s, label) else 0

    return [tier(s, label) for s, label in zip(sentences, labels)]


def order(
    sentences: Sequence[str],
    scores: np.ndarray,
    *,
    parts: Parts,
    labels: Sequence[str | None] | None = None,
    title: str | None = None,
) -> list[int]:
    """Sentence indices in quoting order: the preferred tier by score, then the others (each by score)."""
    n = len(sentences)
    if n == 0:
        return []
    by_score = [int(i) for i in np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable")]
    tiers = quote_tiers(sentences, labels=labels, title=title)
    ranked = sorted(by_score, key=lambda i: tiers[i])  # stable: score order within a tier
    if parts.comparison and ranked:
        top = ranked[0]
        both = [i for i in ranked if tiers[i] == tiers[top] and names_both_arms(parts, stems(sentences[i]))]
        if both and both[0] != top and scores[top] - scores[both[0]] <= BOTH_ARMS_MARGIN:
            ranked.remove(both[0])
            ranked.insert(0, both[0])
    return ranked


def choose_quote(candidates: Sequence[str], avoid: str | None = None) -> int | None:
    """Position in ``candidates`` (sentences in quoting order) of the first one whose text is not ``avoid``.

    ``avoid`` is the card's summary line: quoting it again under it tells the reader nothing new.
    Texts are compared as lower-case words, so "(12)" against "[12]" or a cleaned quote still match.
    None when every candidate is ``avoid`` (an abstract of one sentence): then there is nothing else to quote.
    """
    key = normalised(avoid)
    for position, sentence in enumerate(candidates):
        if not key or normalised(sentence) != key:
            return position
    return None
