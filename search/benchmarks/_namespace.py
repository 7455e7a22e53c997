"""A private, empty embedding cache for a benchmark: an embedding namespace, dropped afterwards.

"Cold" figures need vectors nobody cached before; writing them under a namespace of their
own (``MEDSEBA_EMBEDDING_NAMESPACE``) leaves everyone else's cached vectors unused and
untouched, and :func:`drop_namespaces` deletes exactly the benchmark's rows at the end.
"""
from __future__ import annotations

from collections.abc import Iterable


def drop_namespaces(namespaces: Iterable[str]) -> None:
    """Remove the document and sentence vectors cached under ``namespaces`` (and only those).

    The empty namespace is the shared cache ``embed_corpus`` fills (what ``bench --only service
    --service-corpus embedded`` reads): asked to drop it, this refuses before deleting anything.
    """
    namespaces = list(namespaces)
    if any(not namespace for namespace in namespaces):
        raise ValueError("refusing to drop the default embedding namespace (the shared, pre-embedded cache)")
    from django.test import override_settings

    from documents.embedding_store import get_store
    from search.pipeline.locate import sentence_model_key
    from search.pipeline.rerank import document_model_key

    store = get_store()
    for namespace in namespaces:
        # Both sentence keys: locate's cache key names which sentences it embeds (MEDSEBA_LOCATE_EMBED).
        for locate_embed in ("candidates", "all"):
            with override_settings(MEDSEBA_EMBEDDING_NAMESPACE=namespace, MEDSEBA_LOCATE_EMBED=locate_embed):
                for key in {document_model_key(), sentence_model_key()}:
                    store.drop_model(key)
