"""``PostgresSearchStore``: ordinary searches, in ``Search`` and ``SearchPaper`` rows.

A stage's output is recorded by one conditional UPDATE (its row lock serialises duplicates); the
branches after rerank merge under ``SELECT ... FOR UPDATE``. Live PubMed records join the shared
paper table, and the stages that rank or annotate papers rewrite this search's paper rows.
"""
from __future__ import annotations

import uuid
from dataclasses import asdict
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from documents.sources.base import Record
from search.design import DesignResult
from search.models import Search, SearchPaper
from search.pipeline.branches import FAN_OUT, BranchOutput, all_done, fan_out_position, merge_into
from search.pipeline.graph import PAPER_STAGES, STAGE_PROGRESS  # PAPER_STAGES: saved whole, rewrite the paper rows
from search.pipeline.state import JUDGEMENT_KEYS, METRIC_KEYS, Metrics, RankedPaper, SearchState, design_json

from .interface import FINAL, BranchSave, SearchNotFound, SearchStore, stage_fields, stuck_reason
from .read_model import search_document


def _parse_uuid(search_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(str(search_id))
    except ValueError as exc:
        raise SearchNotFound(search_id) from exc


class PostgresSearchStore(SearchStore):
    anonymous = False

    def create(self, state: SearchState, *, fingerprint: str, owner: Any = None) -> str:
        search = Search.objects.create(
            question=state.question,
            fingerprint=fingerprint,
            filters=state.filters.to_dict(),
            status=Search.Status.QUEUED,
            models=state.models,
            owner=owner if owner is not None and getattr(owner, "is_authenticated", False) else None,
        )
        state.id = str(search.id)
        return state.id

    def _get(self, search_id: str) -> Search:
        try:
            return Search.objects.get(pk=_parse_uuid(search_id))
        except Search.DoesNotExist as exc:
            raise SearchNotFound(search_id) from exc

    def load(self, search_id: str, *, with_candidates: bool = False) -> SearchState:
        search = self._get(search_id)
        doc = search_document(search, search.papers.all())
        if with_candidates and search.candidate_pmids:
            from documents.models import Paper
            from documents.selectors import paper_record

            by_pmid = {p.pmid: p for p in Paper.objects.filter(pmid__in=search.candidate_pmids)}
            doc["candidates"] = [paper_record(by_pmid[pmid]) for pmid in search.candidate_pmids if pmid in by_pmid]
        return SearchState.from_document(doc)

    def mark_running(self, search_id: str) -> None:
        Search.objects.filter(pk=_parse_uuid(search_id), status=Search.Status.QUEUED).update(
            status=Search.Status.RUNNING, updated_at=timezone.now()
        )

    def save_stage(self, state: SearchState, *, stage: str) -> bool:
        fields = stage_fields(stage)
        now = timezone.now()
        doc = state.to_document()
        values: dict[str, Any] = {
            **fields,
            "error": "",
            "source": state.source,
            "query": doc["query"],
            "models": state.models,
            "timings": state.timings_ms,
            "failures": [asdict(f) for f in state.failures],
            "usage": state.usage,
            "answer": doc["answer"],
            "charts": state.charts,
            "scope": doc["scope"],
            "updated_at": now,
        }
        if stage == "retrieve":
            values["candidate_pmids"] = [r.pmid for r in state.candidates]
        elif stage == "rerank":
            values["candidate_pmids"] = []  # running state no longer needed
        if fields["status"] == "done":
            values["finished_at"] = now
        with transaction.atomic():
            # The UPDATE locks the row, so a concurrent duplicate waits here and then matches nothing.
            updated = (
                Search.objects.filter(pk=_parse_uuid(state.id), progress__lt=fields["progress"])
                .exclude(status__in=FINAL)
                .update(**values)
            )
            if not updated:
                return False
            if stage == "retrieve" and state.source == "pubmed":
                _upsert_papers(state)
            if stage in PAPER_STAGES and state.papers:
                _upsert_search_papers(state)
        state.status, state.stage, state.progress = fields["status"], fields["stage"], fields["progress"]
        return True

    def save_branch(self, search_id: str, output: BranchOutput) -> BranchSave:
        with transaction.atomic():
            # The row lock serialises the branches: each merges into what the others recorded.
            search = Search.objects.select_for_update().filter(pk=_parse_uuid(search_id)).first()
            if search is None:
                raise SearchNotFound(search_id)
            if search.status in FINAL or search.progress < STAGE_PROGRESS[FAN_OUT]:
                return BranchSave(recorded=False, complete=False)
            if output.stage in search.branches:
                return BranchSave(recorded=False, complete=all_done(search.branches))
            done = [*search.branches, output.stage]
            merged = SearchState.from_document(search_document(search, []))
            merge_into(merged, output)
            stage, progress = fan_out_position(done)
            Search.objects.filter(pk=search.pk).update(
                branches=done,
                stage=stage,
                progress=progress,
                failures=[asdict(f) for f in merged.failures],
                timings=merged.timings_ms,
                models=merged.models,
                usage=merged.usage,
                **{name: getattr(merged, name) for name in output.state},
                updated_at=timezone.now(),
            )
            columns = list(output.paper_fields)
            rows = list(SearchPaper.objects.filter(search_id=search.pk, pmid__in=list(output.papers)).only("id", "pmid"))
            for row in rows:
                for column in columns:
                    setattr(row, column, _paper_column(output.papers[row.pmid].get(column)))
            SearchPaper.objects.bulk_update(rows, columns)
        return BranchSave(recorded=True, complete=all_done(done))

    def fail(self, search_id: str, reason: str) -> bool:
        now = timezone.now()
        updated = (
            Search.objects.filter(pk=_parse_uuid(search_id))
            .exclude(status__in=FINAL)
            .update(status=Search.Status.FAILED, error=reason, updated_at=now, finished_at=now)
        )
        return bool(updated)

    def document(self, search_id: str) -> dict[str, Any]:
        search = self._get(search_id)
        return search_document(search, search.papers.all())

    def fail_stuck(self, *, older_than: timedelta) -> int:
        now = timezone.now()
        return Search.objects.filter(
            status__in=[Search.Status.QUEUED, Search.Status.RUNNING], updated_at__lt=now - older_than
        ).update(status=Search.Status.FAILED, error=stuck_reason(older_than), updated_at=now, finished_at=now)


def _upsert_papers(state: SearchState) -> None:
    """Records fetched live from PubMed join the shared paper table (existing rows are kept as they are)."""
    from documents.models import Paper

    Paper.objects.bulk_create(
        [Paper(origin="pubmed", **r.to_dict()) for r in state.candidates], ignore_conflicts=True
    )


def _metrics_json(m: Metrics) -> dict[str, Any]:
    """SearchPaper.metrics: the metrics as delivered for this search (None = unavailable)."""
    return {k: getattr(m, k) for k in METRIC_KEYS} | {"pmcid": m.pmcid}


def _paper_column(value: Any) -> Any:
    """A branch's per-paper value as stored in its SearchPaper column."""
    if value is None:
        return None
    if isinstance(value, Metrics):
        return _metrics_json(value)
    return design_json(value) if isinstance(value, DesignResult) else asdict(value)


def search_paper_row(search_id: str | None, paper: RankedPaper) -> SearchPaper:
    """A paper as its ``SearchPaper`` row: the record's columns, the metrics as delivered, a column per judgement
    (the inverse of ``read_model.search_paper_dict``)."""
    judgements = paper.to_dict()
    return SearchPaper(
        search_id=search_id,
        rank=paper.rank,
        **asdict(Record.from_row(paper.record)),
        metrics=_metrics_json(paper.metrics),
        **{key: judgements[key] for key in JUDGEMENT_KEYS},
    )


def _upsert_search_papers(state: SearchState) -> None:
    rows = [search_paper_row(state.id, p) for p in state.papers]
    update = [f.name for f in SearchPaper._meta.concrete_fields if f.name not in ("id", "search", "pmid")]
    SearchPaper.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["search", "pmid"], update_fields=update
    )
