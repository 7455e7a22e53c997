"""Stage 6: the one sentence of each abstract that best answers the question.

The abstract (never the title) is split by :func:`search.sentences.split_sentences`; each
sentence is embedded once per model and cached with the sentence list in the embedding
store, so the reported ``index`` always points into the cached list. The score is the
cosine between question and sentence plus ``FINDING_BONUS`` for sentences that report a
finding (result/conclusion cue words) and minus it for sentences that only state the study's
aim ("To compare ...", "This study was designed to ..."): a question is answered by what a
study found, not by its aim or background, which often repeat the question's words. On
``search/evaluation/sentence.py`` (Evidence Inference, 940 prompts) the hit rate is 0.294
with no adjustment, 0.352 with the finding bonus alone, 0.365 with bonus and aim penalty.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from documents.embedding_store import EmbeddingStore, SentenceVectors, get_store
from documents.sources.base import Record
from search import embeddings
from search.sentences import split_sentences

from .state import BestSentence

SENTENCE_RECIPE = "sent-v2"  # v2: MEDLINE truncation markers removed
FINDING_BONUS = 0.05
FINDING_CUES = re.compile(
    r"\b(conclu\w*|suggest\w*|indicat\w*|demonstrat\w*|show(?:s|ed|n)?|found|find(?:ing)?s?|"
    r"significant\w*|associated|effective\w*|improv\w*|reduc\w*|increas\w*|decreas\w*|"
    r"no (?:significant )?difference|did not|was not|were not|may|support\w*|"
    r"p\s*[<=>]|odds ratio|hazard ratio|relative risk|95%)",
    re.IGNORECASE,
)


def sentence_model_key() -> str:
    """The key sentence vectors are cached under: model id + splitter recipe."""
    return embeddings.cache_key(SENTENCE_RECIPE)


# Sentences that state what a study set out to do repeat the question's words without answering it.
AIM_CUES = re.compile(
    r"^\s*(?:to (?:evaluate|compare|assess|determine|investigate|examine|study|test|explore|describe)\b|"
    r"(?:the|our) (?:aim|purpose|objective|goal)s?\b|objectives?\b|"
    r"(?:we|this study|this trial|the present study) (?:aimed|sought|compared|evaluated|investigated|examined|"
    r"assessed|studied|tested|explored|was designed|were designed|is designed)\b)"
    r"|\b(?:was|were) designed to\b",
    re.IGNORECASE,
)


def finding_bonus(sentences: Sequence[str], *, bonus: float = FINDING_BONUS) -> np.ndarray:
    """``+bonus`` for a sentence that reports a finding, ``-bonus`` for one that only states an aim, else 0."""
    def adjust(sentence: str) -> float:
        if AIM_CUES.search(sentence):
            return -bonus
        return bonus if FINDING_CUES.search(sentence) else 0.0

    return np.array([adjust(s) for s in sentences], dtype=np.float32)


def pick(
    question_vector: np.ndarray, sentences: Sequence[str], vectors: np.ndarray, *, bonus: float = FINDING_BONUS
) -> BestSentence | None:
    """The best sentence of one abstract, or None when it has no sentence."""
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
        flat = [s for r in missing for s in split[r.pmid]]
        encoded = embeddings.encode(flat)
        new: dict[str, SentenceVectors] = {}
        offset = 0
        for r in missing:
            n = len(split[r.pmid])
            new[r.pmid] = SentenceVectors(sentences=split[r.pmid], vectors=encoded[offset : offset + n])
            offset += n
        store.put_sentences(key, new)
        cached.update(new)
    return cached


def locate(
    question: str,
    records: list[Record],
    *,
    store: EmbeddingStore | None = None,
    bonus: float = FINDING_BONUS,
) -> dict[str, BestSentence]:
    """Best sentence per PMID; records whose abstract has no sentence are left out."""
    if not question or not question.strip():
        raise ValueError("locate needs a non-empty question")
    if not records:
        return {}
    by_pmid = sentence_vectors(records, store=store)
    query = embeddings.encode([question])[0]
    out: dict[str, BestSentence] = {}
    for pmid, sv in by_pmid.items():
        best = pick(query, sv.sentences, sv.vectors, bonus=bonus)
        if best is not None:
            out[pmid] = best
    return out
