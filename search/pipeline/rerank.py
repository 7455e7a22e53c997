"""Stage 3: rerank the retrieved candidates by embedding cosine to the question and keep the best ``top_k``.

Document vectors are cached per (model key, PMID) in the embedding store, so a paper is
embedded once per model however many searches retrieve it; only the question is embedded
on a warm search.

What is embedded: MiniLM reads at most 256 word pieces, about 180 words, while a typical
abstract is 250+ words, so "title + abstract" would lose the end of the abstract, where
the conclusion (the part that answers a question) sits. :func:`document_text` therefore
keeps the title, the first sentence (the aim) and the last two sentences (the conclusion)
in front, then the remaining sentences in order, cut at ``DOCUMENT_WORDS`` words (about 130
word pieces). The cut halves the cold cost of embedding 50 candidates on a 2-core machine
(the encoder's time grows with the text length) while keeping the title, aim and conclusion.
The recipe is part of the cache key, so changing it never mixes vectors of two recipes.

BMRetriever (``search/bmretriever.py``) reads 511 tokens and was trained on "{title} {abstract}"
passages, so with that backend the text is exactly that, whole, and the tokenizer cuts it
(recipe ``BMRETRIEVER_RECIPE``); the question is embedded as a query with the task sentence
and the similarity is the raw dot product (not bounded by 1).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from documents.embedding_store import EmbeddingStore, get_store
from documents.sources.base import Record
from search import embeddings
from search.sentences import split_sentences

from .state import RankedPaper

# Bump when document_text changes: cached vectors of another recipe are then not reused.
DOCUMENT_RECIPE = "doc-v2"
DOCUMENT_WORDS = 100
LEAD_SENTENCES = 1
TAIL_SENTENCES = 2
BMRETRIEVER_RECIPE = "paper-v1"  # "{title} {abstract}" whole; bump when bmretriever_text changes


def _bmretriever() -> bool:
    return embeddings.backend() != embeddings.SENTENCE_TRANSFORMERS


def document_recipe() -> str:
    """The recipe of the configured backend: ``DOCUMENT_RECIPE`` (sentence-transformers) or ``BMRETRIEVER_RECIPE``."""
    return BMRETRIEVER_RECIPE if _bmretriever() else DOCUMENT_RECIPE


def document_model_key() -> str:
    """The key document vectors are cached under: model id (+ backend and instruction version) + text recipe."""
    return embeddings.cache_key(document_recipe())


def document_text(record: Record) -> str:
    """The text embedded for one paper: title, aim, conclusion, then the rest of the abstract (BMRetriever: all of it)."""
    if _bmretriever():
        from search.bmretriever import paper_passage

        return paper_passage(record.title, record.abstract)
    sentences = split_sentences(record.abstract)
    if len(sentences) > LEAD_SENTENCES + TAIL_SENTENCES:
        head = sentences[:LEAD_SENTENCES]
        tail = sentences[-TAIL_SENTENCES:]
        middle = sentences[LEAD_SENTENCES:-TAIL_SENTENCES]
        sentences = head + tail + middle
    parts = [record.title.strip()] if record.title and record.title.strip() else []
    words = " ".join(parts + sentences).split()
    return " ".join(words[:DOCUMENT_WORDS])


def _unique(records: Sequence[Record]) -> list[Record]:
    seen: set[str] = set()
    out: list[Record] = []
    for record in records:
        if record.pmid not in seen:
            seen.add(record.pmid)
            out.append(record)
    return out


def document_vectors(
    records: Sequence[Record], *, store: EmbeddingStore | None = None
) -> dict[str, np.ndarray]:
    """Vectors of ``records`` by PMID: from the store when cached, else embedded in one batch and stored."""
    store = store if store is not None else get_store()
    key = document_model_key()
    unique = _unique(records)
    vectors = store.get_many(key, [r.pmid for r in unique])
    missing = [r for r in unique if r.pmid not in vectors]
    if missing:
        encoded = embeddings.encode([document_text(r) for r in missing])
        new = {r.pmid: encoded[i] for i, r in enumerate(missing)}
        store.put_many(key, new)
        vectors.update(new)
    return vectors


def rerank(
    question: str,
    records: list[Record],
    *,
    top_k: int,
    store: EmbeddingStore | None = None,
) -> list[RankedPaper]:
    """The ``top_k`` records most similar to ``question``, ranked from 1; ties keep retrieval order."""
    if not question or not question.strip():
        raise ValueError("rerank needs a non-empty question")
    if top_k <= 0:
        raise ValueError(f"top_k must be positive, got {top_k}")
    unique = _unique(records)
    if not unique:
        return []
    vectors = document_vectors(unique, store=store)
    query = embeddings.encode_queries([question])[0]
    matrix = np.stack([vectors[r.pmid] for r in unique])
    similarity = matrix @ query
    order = np.argsort(-similarity, kind="stable")[:top_k]
    return [
        RankedPaper(rank=rank, record=unique[i], similarity=round(float(similarity[i]), 4))
        for rank, i in enumerate(order, start=1)
    ]
