"""Stage 6: the one sentence of each abstract that best answers the question.

The abstract (never the title) is split by :func:`search.sentences.split_sentences`; each
sentence that can be quoted first (:func:`candidate_mask`: not aim / methods / background, whole,
not the title) is embedded once per model and cached with the sentence list in the embedding
store (the others as zero vectors, cosine 0), so the reported ``index`` always points into the
cached list. ``MEDSEBA_LOCATE_EMBED=all`` embeds every sentence, as before issue 19. Each sentence is then
scored by the learned scorer of ``search/quote`` (cosine to the question, overlap with the
question's frame, section role from the label or the wording, findings language, position,
length; trained on Evidence Inference + PubMedQA by ``manage.py train_sentence``) and the
quoting rules pick among them: a whole sentence, a finding before any aim/methods/background
sentence, for a comparison the sentence naming both arms, never the text to ``avoid`` (the
card's summary line). Figures: ``manage.py evaluate sentence`` (README).

``pick`` and ``finding_bonus`` are the rule used before the scorer (cosine plus a finding
bonus, minus it for an aim sentence), kept as the baseline the evaluation prints beside it.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
from django.conf import settings

from documents.embedding_store import EmbeddingStore, SentenceVectors, get_store
from documents.sources.base import Record
from search import embeddings
from search.quote import features, rules
from search.quote.cues import AIM_CUES, FINDING_CUES
from search.quote.frame import Parts
from search.quote.model import SentenceScorer, get_scorer
from search.sentences import split_labelled, split_sentences

from .state import BestSentence, Frame

__all__ = [
    "FINDING_BONUS", "FINDING_CUES", "AIM_CUES", "SENTENCE_RECIPE", "finding_bonus", "pick", "sentence_vectors",
    "sentence_model_key", "candidate_mask", "embeds_candidates_only", "rank_sentences", "locate_ranked", "locate", "choose_quote",
]

SENTENCE_RECIPE = "sent-v2"  # v2: MEDLINE truncation markers removed
# v3c: only the quotable candidates (``candidate_mask``) are embedded; the others are stored as zero vectors.
CANDIDATE_RECIPE = "sent-v3c"
FINDING_BONUS = 0.05


def embeds_candidates_only() -> bool:
    """``MEDSEBA_LOCATE_EMBED``: ``candidates`` (default) embeds only the sentences that can be quoted first; ``all`` every one."""
    return settings.MEDSEBA_LOCATE_EMBED != "all"


def sentence_model_key() -> str:
    """The key sentence vectors are cached under: model id + splitter recipe (which sentences are embedded)."""
    return embeddings.cache_key(CANDIDATE_RECIPE if embeds_candidates_only() else SENTENCE_RECIPE)


def candidate_mask(
    sentences: Sequence[str], labels: Sequence[str | None] | None = None, title: str | None = None
) -> np.ndarray:
    """Which sentences the quoting rules can put first (tier 0 of :func:`search.quote.rules.quote_tiers`: whole,
    of ``rules.MIN_WORDS`` words or more, not the title, not aim / methods / background). Every sentence when none is.

    The others are quoted only when no candidate exists (or the one candidate is the card's summary line), so
    locate embeds only the candidates: about half the sentences of a structured abstract (issue 19). The mask
    depends on the abstract alone, never the question, so the cached vectors serve every later question.
    """
    mask = np.array([t == 0 for t in rules.quote_tiers(sentences, labels=labels, title=title)], dtype=bool)
    return mask if mask.any() else np.ones(len(sentences), dtype=bool)


def finding_bonus(sentences: Sequence[str], *, bonus: float = FINDING_BONUS) -> np.ndarray:
    """Baseline rule: ``+bonus`` for a sentence that reports a finding, ``-bonus`` for one that only states an aim."""
    def adjust(sentence: str) -> float:
        if AIM_CUES.search(sentence):
            return -bonus
        return bonus if FINDING_CUES.search(sentence) else 0.0

    return np.array([adjust(s) for s in sentences], dtype=np.float32)


def pick(
    question_vector: np.ndarray, sentences: Sequence[str], vectors: np.ndarray, *, bonus: float = FINDING_BONUS
) -> BestSentence | None:
    """Baseline: the sentence with the highest cosine (+ finding bonus); None when there is no sentence."""
    if not len(sentences):
        return None
    scores = vectors @ question_vector
    if bonus:
        scores = scores + finding_bonus(sentences, bonus=bonus)
    index = int(np.argmax(scores))
    return BestSentence(index=index, text=sentences[index], score=round(float(scores[index]), 4))


def sentence_vectors(
    records: Sequence[Record], *, store: EmbeddingStore | None = None
) -> dict[str, SentenceVectors]:
    """Sentences and their vectors by PMID: cached, or split and embedded in one batch and stored."""
    store = store if store is not None else get_store()
    key = sentence_model_key()
    wanted = {r.pmid: r for r in records}
    cached = store.get_sentences(key, wanted)
    missing = [r for pmid, r in wanted.items() if pmid not in cached]
    if missing:
        split = {r.pmid: split_sentences(r.abstract) for r in missing}
        only = embeds_candidates_only()
        masks = {
            r.pmid: candidate_mask(split[r.pmid], _labels(r.abstract, split[r.pmid]), r.title)
            if only else np.ones(len(split[r.pmid]), dtype=bool)
            for r in missing
        }
        flat = [s for r in missing for s, keep in zip(split[r.pmid], masks[r.pmid]) if keep]
        encoded = embeddings.encode(flat)
        new: dict[str, SentenceVectors] = {}
        offset = 0
        for r in missing:
            mask = masks[r.pmid]
            n = int(mask.sum())
            vectors = np.zeros((len(mask), encoded.shape[1]), dtype=np.float32)
            vectors[mask] = encoded[offset : offset + n]
            new[r.pmid] = SentenceVectors(sentences=split[r.pmid], vectors=vectors)
            offset += n
        store.put_sentences(key, new)
        cached.update(new)
    return cached


def _labels(abstract: str, sentences: Sequence[str]) -> list[str | None] | None:
    """Section labels of the cached sentences when the abstract keeps its labels ("RESULTS: ..."), else None."""
    if ":" not in abstract:
        return None
    labelled = split_labelled(abstract)
    if [s for s, _ in labelled] != list(sentences):
        return None
    labels = [label for _, label in labelled]
    return labels if any(labels) else None


def _probability(score: float) -> float:
    return round(1.0 / (1.0 + math.exp(-max(min(score, 30.0), -30.0))), 4)


def rank_sentences(
    question: str,
    question_vector: np.ndarray,
    record: Record,
    sv: SentenceVectors,
    *,
    frame: Frame | None = None,
    scorer: SentenceScorer | None = None,
) -> list[BestSentence]:
    """Every sentence of one abstract in quoting order; ``score`` is the scorer's probability (0-1) that it answers."""
    if not sv.sentences:
        return []
    scorer = scorer if scorer is not None else get_scorer()
    parts = Parts.of(question, frame)
    labels = _labels(record.abstract, sv.sentences)
    scores = scorer.score(features.matrix(question_vector, sv.sentences, sv.vectors, parts, labels))
    ordered = rules.order(sv.sentences, scores, parts=parts, labels=labels, title=record.title)
    return [BestSentence(index=i, text=sv.sentences[i], score=_probability(float(scores[i]))) for i in ordered]


def locate_ranked(
    question: str,
    records: list[Record],
    *,
    store: EmbeddingStore | None = None,
    frame: Frame | None = None,
) -> dict[str, list[BestSentence]]:
    """Every sentence of each abstract in quoting order, by PMID (abstracts without a sentence are left out)."""
    if not question or not question.strip():
        raise ValueError("locate needs a non-empty question")
    if not records:
        return {}
    by_pmid = sentence_vectors(records, store=store)
    query = embeddings.encode_queries([question])[0]
    scorer = get_scorer()
    out: dict[str, list[BestSentence]] = {}
    for record in records:
        sv = by_pmid.get(record.pmid)
        ranked = rank_sentences(question, query, record, sv, frame=frame, scorer=scorer) if sv else []
        if ranked:
            out[record.pmid] = ranked
    return out


def choose_quote(ranked: Sequence[BestSentence], avoid: str | None = None) -> BestSentence | None:
    """The first of ``ranked`` (one abstract's sentences in quoting order) whose text is not ``avoid``.

    ``avoid`` is the card's summary line (e.g. ``paper.summary``); None when the abstract has
    nothing else to quote.
    """
    position = rules.choose_quote([b.text for b in ranked], avoid)
    return ranked[position] if position is not None else None


def locate(
    question: str,
    records: list[Record],
    *,
    store: EmbeddingStore | None = None,
    frame: Frame | None = None,
    avoid: Mapping[str, str | None] | None = None,
) -> dict[str, BestSentence]:
    """The sentence to quote per PMID; records whose abstract has no (other) sentence are left out.

    ``frame``: the question's intervention / comparator / outcome (from understand), when known.
    ``avoid``: PMID -> the card's summary line, which the quote must not repeat.
    """
    out: dict[str, BestSentence] = {}
    for pmid, ranked in locate_ranked(question, records, store=store, frame=frame).items():
        best = choose_quote(ranked, (avoid or {}).get(pmid))
        if best is not None:
            out[pmid] = best
    return out
