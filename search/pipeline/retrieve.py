"""Stage 2: run the Boolean query on a literature source, relaxing it until enough candidates come back."""
from __future__ import annotations

from dataclasses import dataclass, field

from documents.sources import Filters, Record, SourceError, get_source
from medseba.outages import mark_unreachable, unreachable_since

from .errors import StageFailed
from .state import Failure, QueryAttempt, UnderstoodQuery

PUBMED_DOWN_SECONDS = 300


@dataclass
class RetrieveResult:
    records: list[Record]
    source: str
    attempts: list[QueryAttempt] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)


def sources_for(requested: str) -> list[str]:
    """The sources to try, in order. ``auto`` skips PubMed for a while after it failed."""
    if requested == "auto":
        return ["local"] if unreachable_since("pubmed") is not None else ["pubmed", "local"]
    if requested in ("pubmed", "local"):
        return [requested]
    raise ValueError(f"unknown source {requested!r}; choose pubmed, local or auto")


def retrieve(query: UnderstoodQuery, *, source: str, limit: int) -> RetrieveResult:
    """Try each source in turn; within one, try the strict query then each relaxation until ``limit`` records.

    The understood Boolean already carries the user's year and publication-type filters (so the
    query shown and linked to PubMed is exactly the one run); sources get no extra filters.
    """
    failures: list[Failure] = []
    if source == "auto" and unreachable_since("pubmed") is not None:
        failures.append(Failure("retrieve", "pubmed", "PubMed was unreachable moments ago; using the local corpus"))
    candidates = [(query.boolean, "as understood")] + list(query.relaxations)
    for name in sources_for(source):
        try:
            records, attempts = _search_relaxing(name, candidates, limit)
        except SourceError as exc:
            failures.append(Failure("retrieve", name, exc.message))
            if name == "pubmed" and source == "auto":
                mark_unreachable("pubmed", seconds=PUBMED_DOWN_SECONDS)
            continue
        return RetrieveResult(records=records, source=name, attempts=attempts, failures=failures)
    reasons = "; ".join(f"{f.source}: {f.error}" for f in failures)
    raise StageFailed(f"No literature source answered ({reasons}).")


def _search_relaxing(
    name: str, candidates: list[tuple[str, str]], limit: int
) -> tuple[list[Record], list[QueryAttempt]]:
    """Union of hits over successive queries, strictest first, keeping each query's relevance order."""
    src = get_source(name)
    records: list[Record] = []
    seen: set[str] = set()
    attempts: list[QueryAttempt] = []
    tried: set[str] = set()
    for boolean, note in candidates:
        if not boolean or boolean in tried:
            continue
        tried.add(boolean)
        hits = src.search(boolean, Filters(), limit)
        attempts.append(QueryAttempt.of(boolean, hits, note))
        for record in hits.records:
            if record.pmid not in seen and len(records) < limit:
                seen.add(record.pmid)
                records.append(record)
        if len(records) >= limit:
            break
    return records, attempts
