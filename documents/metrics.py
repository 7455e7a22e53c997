"""The PostgreSQL cache of what iCite, Semantic Scholar and PMC said about each paper.

One row per (PMID, source) holds the normalised answer and when it was fetched; rows
older than ``MEDSEBA_METRICS_MAX_AGE_DAYS`` are refreshed. "The source does not know this
paper" is cached too (``found=False``) so it is not asked again on every search. Rows may
refer to PMIDs without a Paper row (the foreign key has no DB constraint).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from .models import PaperMetric


@dataclass(frozen=True)
class CachedMetric:
    data: dict[str, Any]
    found: bool


def paper_metrics_fresh(*, pmids: list[str], source: str) -> dict[str, CachedMetric]:
    """Cached answers of ``source`` for these PMIDs that are younger than the refresh age."""
    if not pmids:
        return {}
    cutoff = timezone.now() - timedelta(days=settings.MEDSEBA_METRICS_MAX_AGE_DAYS)
    rows = PaperMetric.objects.filter(paper_id__in=pmids, source=source, fetched_at__gte=cutoff).values_list(
        "paper_id", "data", "found"
    )
    return {pmid: CachedMetric(data=data or {}, found=found) for pmid, data, found in rows}


def paper_metrics_store(*, source: str, found: dict[str, dict[str, Any]], missing: list[str]) -> None:
    """Upsert one source's answer: ``found`` PMID → data, ``missing`` PMIDs the source does not know."""
    now = timezone.now()
    rows = [
        PaperMetric(paper_id=pmid, source=source, data=data, found=True, fetched_at=now) for pmid, data in found.items()
    ]
    rows += [
        PaperMetric(paper_id=pmid, source=source, data={}, found=False, fetched_at=now)
        for pmid in missing
        if pmid not in found
    ]
    if not rows:
        return
    PaperMetric.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["paper", "source"],
        update_fields=["data", "found", "fetched_at"],
    )
