"""Literature sources behind one interface (see ``base.LiteratureSource``)."""
from __future__ import annotations

from .base import Filters, LiteratureSource, QuerySyntaxError, Record, SearchHits, SourceError


def get_source(name: str) -> LiteratureSource:
    """The source called ``name`` ("pubmed" or "local")."""
    if name == "pubmed":
        from .pubmed import PubMedSource

        return PubMedSource()
    if name == "local":
        from .local import LocalCorpusSource

        return LocalCorpusSource()
    raise ValueError(f"unknown literature source {name!r}; choose one of: pubmed, local, auto")


__all__ = ["Filters", "LiteratureSource", "QuerySyntaxError", "Record", "SearchHits", "SourceError", "get_source"]
