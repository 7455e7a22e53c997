"""The interface every literature source implements, and the record it returns."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Protocol


@dataclass
class Filters:
    """User filters applied on top of the Boolean query."""

    from_year: int | None = None
    to_year: int | None = None
    publication_types: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Record:
    """One PubMed record as every stage sees it."""

    pmid: str
    title: str
    abstract: str
    year: int | None = None
    journal: str = ""
    publication_types: list[str] = field(default_factory=list)
    mesh: list[str] = field(default_factory=list)
    doi: str = ""
    pmcid: str = ""
    retracted: bool = False
    authors: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class SearchHits:
    """What a source returns for one query: records in relevance order and the total hit count."""

    records: list[Record]
    count: int
    skipped_without_abstract: int = 0
    translation: str = ""  # PubMed's querytranslation, when the source reports one


class SourceError(Exception):
    """The source could not answer (unreachable, rate limited, rejected the query)."""

    def __init__(self, source: str, message: str):
        super().__init__(f"{source}: {message}")
        self.source = source
        self.message = message


def json_body(source: str, text: str) -> object:
    """A response body parsed as JSON, or the source's error saying where it is not JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError(source, f"response is not JSON ({exc.msg} at {exc.pos})") from exc


class QuerySyntaxError(ValueError):
    """The Boolean query cannot be parsed; ``position`` is the 0-based character offset."""

    def __init__(self, message: str, position: int):
        super().__init__(f"{message} at position {position}")
        self.message = message
        self.position = position


class LiteratureSource(Protocol):
    name: str  # "pubmed" | "local"

    def search(self, query: str, filters: Filters, limit: int) -> SearchHits:
        """Run ``query`` (PubMed Boolean syntax) with ``filters``; up to ``limit`` records in relevance order."""
        ...

    def count(self, query: str, filters: Filters) -> int:
        """How many records match, without fetching them (used by query relaxation)."""
        ...
