"""Stage 4: citation metrics, venue, TLDR and full-text link for the top papers.

iCite, Semantic Scholar and PMC are asked in parallel threads, each only for the PMIDs
without a fresh cached answer, all within one per-search time budget
(``MEDSEBA_ENRICH_DEADLINE``). A source that fails leaves its metrics None for this search
and adds one Failure; nothing is ever filled in with a made-up number. A source that
failed is not asked again for ``DOWN_SECONDS`` so a dead network does not slow every search.
Only the calling thread touches the database.
"""
from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any, Callable

from django.conf import settings

from documents.metrics import paper_metrics_fresh, paper_metrics_store
from documents.sources.base import Record, SourceError
from documents.sources.icite import fetch_icite
from documents.sources.pmc import OaNegative, OaRecord, normalise_pmcid, oa_lookup, pmcids_for
from documents.sources.semantic_scholar import fetch_semantic_scholar
from medseba.http import ServiceError
from medseba.outages import mark_unreachable, not_asked, unreachable_since

from .state import Failure, Metrics, utc_timestamp

logger = logging.getLogger(__name__)

SOURCES = ("icite", "semantic_scholar", "pmc")
LABELS = {"icite": "iCite", "semantic_scholar": "Semantic Scholar", "pmc": "PMC"}
DOWN_SECONDS = 120
OA_WORKERS = 3  # OA look-ups are one article per call; the per-host rate limiter sets the pace
PMC_ARTICLE_URL = "https://pmc.ncbi.nlm.nih.gov/articles/{pmcid}/"


@dataclass
class SourceAnswer:
    """What one source said during this search: data per PMID it knows, PMIDs it does not know, and any error."""

    found: dict[str, dict[str, Any]] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    error: str | None = None
    answered: bool = True  # False when not a single call succeeded


def enrich(records: list[Record]) -> tuple[dict[str, Metrics], list[Failure]]:
    """Metrics for every record (None where unavailable) and one Failure per source that let us down."""
    pmids = list(dict.fromkeys(r.pmid for r in records if r.pmid))
    if not pmids:
        return {}, []
    deadline = time.monotonic() + settings.MEDSEBA_ENRICH_DEADLINE
    record_pmcids = {r.pmid: pmcid for r in records if (pmcid := normalise_pmcid(r.pmcid))}
    cached = {source: paper_metrics_fresh(pmids=pmids, source=source) for source in SOURCES}
    answers: dict[str, SourceAnswer] = {}
    failures: list[Failure] = []

    fetchers: dict[str, Callable[[list[str]], SourceAnswer]] = {
        "icite": lambda todo: _batch_answer(fetch_icite, todo, deadline),
        "semantic_scholar": lambda todo: _batch_answer(fetch_semantic_scholar, todo, deadline),
        "pmc": lambda todo: _pmc_answer(todo, record_pmcids, deadline),
    }
    todo = {source: [p for p in pmids if p not in cached[source]] for source in SOURCES}
    pool = ThreadPoolExecutor(max_workers=len(SOURCES), thread_name_prefix="enrich")
    try:
        futures = {}
        for source in SOURCES:
            if not todo[source]:
                continue
            down_since = unreachable_since(source)
            if down_since is not None:
                failures.append(_failure(source, not_asked(DOWN_SECONDS), at=utc_timestamp(down_since)))
                continue
            futures[source] = pool.submit(fetchers[source], todo[source])
        for source, future in futures.items():
            try:
                answers[source] = future.result(timeout=max(0.0, deadline - time.monotonic()) + 1.0)
            except FutureTimeout:
                answers[source] = SourceAnswer(error="no answer within the time budget", answered=False)
            except Exception as exc:  # noqa: BLE001 - one source's bug must not lose the other two
                logger.exception("enrichment from %s crashed", source)
                answers[source] = SourceAnswer(error=f"{type(exc).__name__}: {exc}", answered=False)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)

    for source, answer in answers.items():
        if answer.found or answer.missing:
            paper_metrics_store(source=source, found=answer.found, missing=answer.missing)
        if answer.error:
            failures.append(_failure(source, answer.error))
            if not answer.answered:
                mark_unreachable(source, seconds=DOWN_SECONDS)

    def data(source: str, pmid: str) -> dict[str, Any] | None:
        hit = cached[source].get(pmid)
        if hit is not None:
            return hit.data if hit.found else None
        answer = answers.get(source)
        return answer.found.get(pmid) if answer else None

    metrics = {pmid: _metrics(data("icite", pmid), data("semantic_scholar", pmid), data("pmc", pmid)) for pmid in pmids}
    return metrics, failures


def _failure(source: str, error: str, *, at: str | None = None) -> Failure:
    failure = Failure(stage="enrich", source=source, error=f"{LABELS[source]} metrics unavailable: {error}")
    if at:
        failure.at = at
    return failure


def _batch_answer(fetch: Callable[..., dict[str, dict[str, Any]]], pmids: list[str], deadline: float) -> SourceAnswer:
    """iCite and S2 answer a whole batch at once: every PMID they leave out is one they do not know."""
    try:
        found = fetch(pmids=pmids, deadline=deadline)
    except SourceError as exc:
        return SourceAnswer(error=exc.message, answered=False)
    return SourceAnswer(found=found, missing=[p for p in pmids if p not in found])


def _pmc_answer(pmids: list[str], record_pmcids: dict[str, str], deadline: float) -> SourceAnswer:
    """PMCIDs (from the record, else the ID converter), then one OA look-up per PMC article."""
    answer = SourceAnswer(answered=False)
    pmcids = {p: record_pmcids[p] for p in pmids if p in record_pmcids}
    unknown = [p for p in pmids if p not in pmcids]
    errors: list[str] = []
    if unknown:
        try:
            converted = pmcids_for(pmids=unknown, deadline=deadline)
        except SourceError as exc:
            errors.append(exc.message)
        else:
            answer.answered = True
            for pmid in unknown:
                if converted.get(pmid):
                    pmcids[pmid] = converted[pmid]  # type: ignore[assignment]
                else:
                    answer.missing.append(pmid)  # not in PMC: a normal answer
    oa_failed = 0
    unreachable = threading.Event()

    def lookup(pmcid: str) -> OaRecord | OaNegative:
        """One OA look-up, skipped once the service proved unreachable (offline, that saves a wait per article)."""
        if unreachable.is_set():
            raise SourceError("pmc", "OA service: skipped, the service was unreachable for another article")
        try:
            return oa_lookup(pmcid=pmcid, deadline=deadline)
        except SourceError as exc:
            cause = exc.__cause__
            if isinstance(cause, ServiceError) and cause.status is None:
                unreachable.set()
            raise

    def record(pmid: str, result: OaRecord | OaNegative) -> None:
        answer.answered = True
        if isinstance(result, OaNegative):
            answer.found[pmid] = {"pmcid": pmcids[pmid], "open_access": False, "oa_status": result.code}
        else:
            answer.found[pmid] = {
                "pmcid": result.pmcid,
                "open_access": True,
                "pdf_url": result.pdf_url,
                "tgz_url": result.tgz_url,
                "license": result.license,
                "retracted": result.retracted,
            }

    def run(pmid: str) -> OaRecord | OaNegative | SourceError:
        try:
            return lookup(pmcids[pmid])
        except SourceError as exc:
            return exc

    # The first look-up runs alone: the rate limiter would space the second one out anyway, and
    # when it finds the service unreachable the others are skipped without their waits.
    order = list(pmcids)
    outcomes: dict[str, OaRecord | OaNegative | SourceError] = {}
    if order:
        outcomes[order[0]] = run(order[0])
    if len(order) > 1:
        with ThreadPoolExecutor(max_workers=OA_WORKERS, thread_name_prefix="pmc-oa") as pool:
            outcomes.update(zip(order[1:], pool.map(run, order[1:])))
    for pmid, outcome in outcomes.items():
        if isinstance(outcome, SourceError):
            oa_failed += 1
            if oa_failed == 1:
                errors.append(outcome.message)
        else:
            record(pmid, outcome)
    if errors:
        partial = f" ({oa_failed} of {len(pmcids)} OA look-ups failed)" if oa_failed and oa_failed < len(pmcids) else ""
        answer.error = "; ".join(dict.fromkeys(errors)) + partial
    return answer


def _metrics(icite: dict[str, Any] | None, s2: dict[str, Any] | None, pmc: dict[str, Any] | None) -> Metrics:
    """One paper's metrics; each value comes from a source that delivered it, or is None.

    The citation count is iCite's (NIH Open Citation Collection) and falls back to Semantic
    Scholar's only when iCite has none for this paper.
    """
    icite = icite or {}
    s2 = s2 or {}
    pmc = pmc or {}
    citation_count = icite.get("citation_count")
    if citation_count is None:
        citation_count = s2.get("citation_count")
    pmcid = pmc.get("pmcid") or s2.get("pmcid")
    full_text_url = None
    if pmc.get("pmcid"):
        full_text_url = pmc.get("pdf_url") or PMC_ARTICLE_URL.format(pmcid=pmc["pmcid"])
    return Metrics(
        citation_count=citation_count,
        relative_citation_ratio=icite.get("relative_citation_ratio"),
        influential_citation_count=s2.get("influential_citation_count"),
        venue=s2.get("venue"),
        tldr=s2.get("tldr"),
        pmcid=pmcid,
        full_text_url=full_text_url,
        is_clinical=icite.get("is_clinical"),
    )

