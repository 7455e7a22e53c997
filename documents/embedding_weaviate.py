"""The ``weaviate`` embedding store: document vectors in a Weaviate collection per model (weaviate-client v4, cosine
HNSW index), sentence vectors in PostgreSQL (they are only ever fetched by PMID). Selected with
``MEDSEBA_EMBEDDING_STORE=weaviate``; see :mod:`documents.embedding_store` for the interface."""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import urlparse

import numpy as np
from django.conf import settings

from .embedding_store import EmbeddingStoreError, PostgresSentenceCache


class WeaviateEmbeddingStore(PostgresSentenceCache):
    """Document vectors in Weaviate: one collection per model (dimensions differ), cosine HNSW index.

    Object ids are ``uuid5(model:pmid)``, so a second insert of the same paper is a no-op conflict.
    """

    name = "weaviate"
    COLLECTION_PREFIX = "MedsebaEmbedding_"

    def __init__(self, url: str, *, timeout: float = 5.0) -> None:
        import weaviate
        from weaviate.classes.init import AdditionalConfig, Timeout
        from weaviate.exceptions import WeaviateBaseError

        parsed = urlparse(url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise EmbeddingStoreError(f"MEDSEBA_WEAVIATE_URL={url!r} is not an http(s) URL")
        secure = parsed.scheme == "https"
        port = parsed.port or (443 if secure else 80)
        self.url = url
        try:
            self._client = weaviate.connect_to_custom(
                http_host=parsed.hostname,
                http_port=port,
                http_secure=secure,
                grpc_host=parsed.hostname,
                grpc_port=settings_grpc_port(),
                grpc_secure=secure,
                additional_config=AdditionalConfig(
                    timeout=Timeout(init=timeout, query=timeout * 6, insert=timeout * 12)
                ),
            )
        except (WeaviateBaseError, OSError) as exc:
            raise EmbeddingStoreError(
                f"Weaviate embedding store at {url} is unreachable ({type(exc).__name__}: {exc}); "
                "start it or set MEDSEBA_EMBEDDING_STORE=postgres"
            ) from exc
        self._collections: dict[str, object] = {}

    def close(self) -> None:
        self._client.close()

    @classmethod
    def collection_name(cls, model: str) -> str:
        """A valid class name (capitalised, alphanumeric) that is stable for ``model``."""
        return cls.COLLECTION_PREFIX + hashlib.sha1(model.encode()).hexdigest()[:16]

    @staticmethod
    def object_id(model: str, pmid: str) -> str:
        from weaviate.util import generate_uuid5

        return str(generate_uuid5(f"{model}:{pmid}"))

    def _collection(self, model: str):
        name = self.collection_name(model)
        if name not in self._collections:
            from weaviate.classes.config import Configure, DataType, Property, VectorDistances

            if not self._client.collections.exists(name):
                self._client.collections.create(
                    name,
                    description=f"MedSEBA document embeddings of {model}",
                    properties=[
                        Property(name="pmid", data_type=DataType.TEXT),
                        Property(name="model", data_type=DataType.TEXT),
                    ],
                    vector_config=Configure.Vectors.self_provided(
                        vector_index_config=Configure.VectorIndex.hnsw(distance_metric=VectorDistances.COSINE)
                    ),
                )
            self._collections[name] = self._client.collections.get(name)
        return self._collections[name]

    def drop_model(self, model: str) -> None:
        name = self.collection_name(model)
        self._client.collections.delete(name)
        self._collections.pop(name, None)
        self.drop_sentences(model)

    @staticmethod
    def _vector_of(obj) -> np.ndarray:
        vector = obj.vector
        if isinstance(vector, Mapping):
            vector = vector.get("default") or next(iter(vector.values()))
        return np.asarray(vector, dtype=np.float32)

    def get_many(self, model: str, pmids: Iterable[str]) -> dict[str, np.ndarray]:
        from weaviate.classes.query import Filter

        ids = [self.object_id(model, p) for p in set(pmids)]
        if not ids:
            return {}
        result = self._collection(model).query.fetch_objects(
            filters=Filter.by_id().contains_any(ids), limit=len(ids), include_vector=True
        )
        return {o.properties["pmid"]: self._vector_of(o) for o in result.objects}

    def cached_pmids(self, model: str, pmids: Iterable[str]) -> set[str]:
        return set(self.get_many(model, pmids))  # the one query path; coverage checks are rare

    def put_many(self, model: str, vectors: Mapping[str, Sequence[float] | np.ndarray]) -> None:
        from weaviate.classes.data import DataObject

        missing = set(vectors) - set(self.get_many(model, vectors.keys()))
        if not missing:
            return
        objects = [
            DataObject(
                properties={"pmid": p, "model": model},
                uuid=self.object_id(model, p),
                vector=np.asarray(vectors[p], dtype=float).tolist(),
            )
            for p in sorted(missing)
        ]
        result = self._collection(model).data.insert_many(objects)
        # A concurrent writer may have inserted the same uuid first; anything else is a real failure.
        real = [e for e in result.errors.values() if "already exists" not in str(e.message)]
        if real:
            raise EmbeddingStoreError(f"Weaviate rejected {len(real)} embeddings: {real[0].message}")


def settings_grpc_port() -> int:
    return settings.MEDSEBA_WEAVIATE_GRPC_PORT
