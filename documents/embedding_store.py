"""Where document and sentence embeddings are cached, so a paper is never embedded twice by the same model.

One small interface, three backends:

* ``postgres`` (default): :class:`documents.models.Embedding` / :class:`SentenceEmbedding` rows;
  the pipeline reads vectors by PMID and scores them itself.
* ``weaviate``: document vectors in a Weaviate collection per model (weaviate-client v4, cosine HNSW
  index; ``documents/embedding_weaviate.py``); sentence vectors stay in PostgreSQL because they are
  only ever fetched by PMID.
* ``memory``: a per-process dictionary, for evaluations and benchmarks that must not write
  to a shared database.

Select with ``settings.MEDSEBA_EMBEDDING_STORE``; :func:`get_store` builds it once per process.
Vectors are unit length (see ``search.embeddings``), so a dot product is the cosine.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from django.conf import settings
from django.db import DatabaseError

from medseba.db import WRITE_ATTEMPTS, is_retryable, run_with_retry

logger = logging.getLogger(__name__)

STORE_NAMES = ("postgres", "weaviate", "memory")


class EmbeddingStoreError(RuntimeError):
    """The configured embedding store cannot be used (unknown name, server unreachable, bad answer)."""


@dataclass
class SentenceVectors:
    """One abstract's sentences, in order, and one unit vector per sentence."""

    sentences: list[str]
    vectors: np.ndarray  # (len(sentences), dim) float32


class EmbeddingStore(Protocol):
    name: str

    def get_many(self, model: str, pmids: Iterable[str]) -> dict[str, np.ndarray]:
        """Cached document vectors of ``model`` for those of ``pmids`` that have one."""
        ...

    def put_many(self, model: str, vectors: Mapping[str, Sequence[float] | np.ndarray]) -> None:
        """Store vectors; a (model, pmid) already stored is left as it is (first writer wins)."""
        ...

    def get_sentences(self, model: str, pmids: Iterable[str]) -> dict[str, SentenceVectors]:
        ...

    def cached_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        """Those of ``pmids`` with a document vector under ``model`` (coverage checks; postgres reads no vector)."""
        ...

    def cached_sentence_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        """Those of ``pmids`` with cached sentence vectors under ``model``."""
        ...

    def drop_model(self, model: str) -> None:
        """Delete every document and sentence vector stored under ``model`` (benchmarks, retired recipes)."""
        ...

    def put_sentences(self, model: str, items: Mapping[str, SentenceVectors]) -> None:
        ...


def _as_matrix(vectors: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
    return np.asarray(vectors, dtype=np.float32)


def read_rows(table: str, columns: str, model: str, pmids: Iterable[str]) -> list[tuple] | None:
    """``columns`` of ``table``'s rows for ``model`` and ``pmids``, read in binary; None where it cannot be (not psycopg 3).

    The vectors are float8 arrays. Read as text (what Django's cursor asks for), psycopg parses every
    digit: about 70 ms for 20 abstracts' sentence vectors on the shared 2 cores, which a search with
    the corpus pre-embedded pays in locate (issue 19). Read in binary it unpacks the doubles, 4-5x
    faster, and gets the same values (PostgreSQL prints a float8 as its shortest exact form, so text
    and binary read the very same double). Errors surface as Django's, as from any ORM query.
    """
    from django.db import connection

    wanted = sorted(set(pmids))
    if not wanted:
        return []
    if connection.vendor != "postgresql":
        return None
    try:
        import psycopg
    except ImportError:
        return None
    with connection.cursor() as django_cursor:  # Django's connection checks (thread, broken transaction)
        raw = django_cursor.cursor.connection
        if not isinstance(raw, psycopg.Connection):
            return None
        with connection.wrap_database_errors, psycopg.Cursor(raw) as cursor:
            cursor.execute(f"SELECT {columns} FROM {table} WHERE model = %s AND pmid = ANY(%s)", [model, wanted],
                           binary=True)
            return cursor.fetchall()


def cache_write(write: Callable[[], object], *, what: str) -> None:
    """Insert cache rows: in key order (callers sort), retried on deadlock, and skipped if it still loses.

    Several searches write the vectors of overlapping papers at once. Inserted in rank order, two
    ``INSERT ... ON CONFLICT DO NOTHING`` statements wait on each other's uncommitted keys and one
    is aborted with "deadlock detected" (issue 13: a burst of 30 searches lost every best sentence).
    Sorted by key they queue instead; a deadlock that still happens is retried, and a cache write
    that loses every attempt is skipped with a warning: the vectors were computed and are used
    anyway, the next search computes them again.
    """
    try:
        run_with_retry(write, what=what)
    except DatabaseError as exc:
        if not is_retryable(exc):
            raise
        logger.warning("%s skipped after %d attempts (%s)", what, WRITE_ATTEMPTS, type(exc).__name__)


class PostgresSentenceCache:
    """Sentence vectors in :class:`documents.models.SentenceEmbedding` (shared by the postgres and weaviate stores)."""

    def get_sentences(self, model: str, pmids: Iterable[str]) -> dict[str, SentenceVectors]:
        from documents.models import SentenceEmbedding

        pmids = list(pmids)
        rows = read_rows(SentenceEmbedding._meta.db_table, "pmid, sentences, vectors", model, pmids)
        if rows is None:
            rows = SentenceEmbedding.objects.filter(model=model, pmid__in=list(set(pmids))).values_list(
                "pmid", "sentences", "vectors"
            )
        out: dict[str, SentenceVectors] = {}
        for pmid, sentences, vectors in rows:
            matrix = _as_matrix(vectors) if vectors else np.zeros((0, 0), dtype=np.float32)
            out[pmid] = SentenceVectors(sentences=list(sentences), vectors=matrix)
        return out

    def cached_sentence_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        from documents.models import SentenceEmbedding

        return set(SentenceEmbedding.objects.filter(model=model, pmid__in=list(set(pmids))).values_list("pmid", flat=True))

    def put_sentences(self, model: str, items: Mapping[str, SentenceVectors]) -> None:
        from documents.models import SentenceEmbedding

        rows = [
            SentenceEmbedding(model=model, pmid=pmid, sentences=list(sv.sentences), vectors=_as_matrix(sv.vectors).tolist())
            for pmid, sv in sorted(items.items())  # key order: see cache_write
        ]
        cache_write(lambda: SentenceEmbedding.objects.bulk_create(rows, ignore_conflicts=True), what="sentence cache write")


    def drop_sentences(self, model: str) -> None:
        from documents.models import SentenceEmbedding

        SentenceEmbedding.objects.filter(model=model).delete()


class PostgresEmbeddingStore(PostgresSentenceCache):
    """Document vectors as float[] rows, unique per (model, pmid)."""

    name = "postgres"

    def get_many(self, model: str, pmids: Iterable[str]) -> dict[str, np.ndarray]:
        from documents.models import Embedding

        pmids = list(pmids)
        rows = read_rows(Embedding._meta.db_table, "pmid, vector", model, pmids)
        if rows is None:
            rows = Embedding.objects.filter(model=model, pmid__in=list(set(pmids))).values_list("pmid", "vector")
        return {pmid: np.asarray(vector, dtype=np.float32) for pmid, vector in rows}

    def cached_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        from documents.models import Embedding

        return set(Embedding.objects.filter(model=model, pmid__in=list(set(pmids))).values_list("pmid", flat=True))

    def put_many(self, model: str, vectors: Mapping[str, Sequence[float] | np.ndarray]) -> None:
        from documents.models import Embedding

        # ignore_conflicts: ON CONFLICT DO NOTHING, so concurrent workers never duplicate or overwrite a row;
        # key order (see cache_write), so they never deadlock on each other's rows either.
        rows = [
            Embedding(model=model, pmid=pmid, vector=np.asarray(v, dtype=float).tolist())
            for pmid, v in sorted(vectors.items(), key=lambda item: item[0])
        ]
        cache_write(lambda: Embedding.objects.bulk_create(rows, ignore_conflicts=True, batch_size=500),
                    what="embedding cache write")

    def drop_model(self, model: str) -> None:
        from documents.models import Embedding

        Embedding.objects.filter(model=model).delete()
        self.drop_sentences(model)


class MemoryEmbeddingStore:
    """Process-local store: evaluations and benchmarks use it to leave shared databases untouched."""

    name = "memory"

    def __init__(self) -> None:
        self._docs: dict[tuple[str, str], np.ndarray] = {}
        self._sentences: dict[tuple[str, str], SentenceVectors] = {}
        self._lock = threading.Lock()

    def get_many(self, model: str, pmids: Iterable[str]) -> dict[str, np.ndarray]:
        return {p: self._docs[(model, p)] for p in set(pmids) if (model, p) in self._docs}

    def put_many(self, model: str, vectors: Mapping[str, Sequence[float] | np.ndarray]) -> None:
        with self._lock:
            for pmid, v in vectors.items():
                self._docs.setdefault((model, pmid), np.asarray(v, dtype=np.float32))

    def get_sentences(self, model: str, pmids: Iterable[str]) -> dict[str, SentenceVectors]:
        return {p: self._sentences[(model, p)] for p in set(pmids) if (model, p) in self._sentences}

    def cached_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        return {p for p in set(pmids) if (model, p) in self._docs}

    def cached_sentence_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        return {p for p in set(pmids) if (model, p) in self._sentences}

    def put_sentences(self, model: str, items: Mapping[str, SentenceVectors]) -> None:
        with self._lock:
            for pmid, sv in items.items():
                self._sentences.setdefault((model, pmid), sv)

    def drop_model(self, model: str) -> None:
        with self._lock:
            for cache in (self._docs, self._sentences):
                for key in [k for k in cache if k[0] == model]:
                    del cache[key]


_store: EmbeddingStore | None = None
_store_key: tuple[str, str] | None = None
_store_lock = threading.Lock()


def build_store(name: str) -> EmbeddingStore:
    """A new store of backend ``name``; raises :class:`EmbeddingStoreError` with the reason when it can't."""
    if name == "postgres":
        return PostgresEmbeddingStore()
    if name == "memory":
        return MemoryEmbeddingStore()
    if name == "weaviate":
        from .embedding_weaviate import WeaviateEmbeddingStore  # imports this module

        return WeaviateEmbeddingStore(settings.MEDSEBA_WEAVIATE_URL)
    raise EmbeddingStoreError(f"unknown MEDSEBA_EMBEDDING_STORE {name!r}; choose one of: {', '.join(STORE_NAMES)}")


def get_store() -> EmbeddingStore:
    """The configured store, built once per process (rebuilt if the settings change, as in tests)."""
    global _store, _store_key
    key = (settings.MEDSEBA_EMBEDDING_STORE, settings.MEDSEBA_WEAVIATE_URL)
    with _store_lock:
        if _store is None or _store_key != key:
            _store = build_store(key[0])
            _store_key = key
        return _store
