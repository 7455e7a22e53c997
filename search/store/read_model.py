"""The read side of a PostgreSQL search: its ``Search`` and ``SearchPaper`` rows as the result document."""
from __future__ import annotations

from typing import Any

from documents.sources.base import Record
from search.models import Search, SearchPaper
from search.pipeline.state import JUDGEMENT_KEYS, METRIC_KEYS


def search_paper_dict(sp: SearchPaper) -> dict[str, Any]:
    """A ``SearchPaper`` row as the paper's document (the inverse of ``postgres.search_paper_row``)."""
    m = sp.metrics or {}
    return {
        "rank": sp.rank,
        **Record.from_row(sp).document(),
        "pmcid": sp.pmcid or m.get("pmcid") or "",
        **{key: m.get(key) for key in METRIC_KEYS},
        **{key: getattr(sp, key) for key in JUDGEMENT_KEYS},
    }


def search_document(search: Search, papers) -> dict[str, Any]:
    """The result document of a PostgreSQL search."""
    return {
        "id": str(search.id),
        "question": search.question,
        "title": search.title,
        "anonymous": False,
        "status": search.status,
        "stage": search.stage,
        "progress": search.progress,
        "branches": list(search.branches),
        "error": search.error,
        "filters": search.filters,
        "query": search.query,
        "source": search.source,
        "models": search.models,
        "papers": [search_paper_dict(sp) for sp in papers],
        "answer": search.answer,
        "charts": search.charts,
        "trials": search.trials,
        "failures": search.failures,
        "timings_ms": search.timings,
        "usage": search.usage,
        "scope": search.scope,
        "cached": search.reused_from_id is not None,
        "created_at": search.created_at.isoformat(),
        "updated_at": search.updated_at.isoformat(),
        "finished_at": search.finished_at.isoformat() if search.finished_at else None,
        "expires_at": None,
    }
