"""The interface every literature source implements, and the record it returns."""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any, Protocol


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

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Record:
        """A record from a document or a row's values: a missing or null field takes its default ("" for the text
        ones), lists are copied and ``retracted`` is a bool."""
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            value = values.get(f.name)
            if f.default_factory is list:
                value = list(value or [])
            elif f.type == "bool":
                value = bool(value)
            elif value is None and f.default is not None:
                value = "" if f.default is MISSING else f.default
            kwargs[f.name] = value
        return cls(**kwargs)

    @classmethod
    def from_row(cls, row: object) -> Record:
        """A record from anything with its fields as attributes: a row with ``documents.models.PaperColumns`` and a
        ``pmid``, or another record (normalised as ``from_mapping`` does)."""
        return cls.from_mapping({name: getattr(row, name) for name in RECORD_FIELDS})

    def document(self, **after_head: Any) -> dict[str, Any]:
        """The record as a paper's document shows it: ``SHOWN_FIRST``, then ``after_head``, then the other fields."""
        values = asdict(self)
        return {key: values.pop(key) for key in SHOWN_FIRST} | after_head | values


# Record's fields, in its order: the columns of documents.models.PaperColumns plus the pmid.
RECORD_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Record))
# A paper's document opens with these (the authors after the journal, the API's documented order).
SHOWN_FIRST: tuple[str, ...] = ("pmid", "title", "abstract", "year", "journal", "authors")


@dataclass
class SearchHits:
    """What a source returns for one query: records in relevance order and the total hit count."""

    records: list[Record]
    count: int
    skipped_without_abstract: int = 0
    translation: str = ""  # PubMed's querytranslation, when the source reports one
    count_is_estimate: bool = False  # count is an estimate, not the exact number of hits (a capped local search)


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
