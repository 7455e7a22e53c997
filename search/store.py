"""Where a search's state lives while it runs and after: one interface, two backends.

``PostgresSearchStore`` keeps ordinary searches in ``Search``/``SearchPaper``;
``RedisSearchStore`` keeps anonymous ones only in Redis, with a TTL, under an unguessable id,
so nothing about an anonymous question ever reaches PostgreSQL. The Celery tasks and the
API call :func:`store_for` with a search id and never care which backend answers.

Every write of a stage's output is a compare-and-set on progress: a stage that was already
recorded (a task redelivered after a worker died, or a duplicate) records nothing and
reports ``False``, so duplicates never schedule further stages. The branches that run side
by side after rerank (enrich ‖ judge ‖ locate, see ``search/pipeline/branches.py``) each
record only their own part instead, merged under a lock (a row lock in PostgreSQL, an
optimistic WATCH/MULTI transaction in Redis), and their set of recorded branches says which
ones are done. Once ``done`` or ``failed``, a search never changes again.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
import uuid
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from search.pipeline.branches import BRANCHES, FAN_OUT, BranchOutput, all_done, fan_out_position, merge_into
from search.pipeline.graph import PAPER_STAGES, STAGE_PROGRESS  # PAPER_STAGES: saved whole, rewrite the paper rows
from search.design import DesignResult
from search.pipeline.state import METRIC_KEYS, Metrics, SearchState, design_json

from . import anonymous_loss
from .models import Search, SearchPaper

ANONYMOUS_KEY_PREFIX = "medseba:anon:"
_ANON_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32): the public id, a capability
_ANON_REF = re.compile(r"^[0-9a-f]{64}$")  # sha256 of it: the internal reference tasks and logs see
FINAL = ("done", "failed")


class SearchNotFound(Exception):
    """No search with this id (or not visible to this user)."""


class SearchExpired(SearchNotFound):
    """An anonymous search whose result has expired from Redis."""


def new_anonymous_id() -> str:
    return secrets.token_urlsafe(32)


def is_anonymous_id(search_id: str) -> bool:
    return bool(_ANON_ID.match(search_id or ""))


def search_ref(public_id: str) -> str:
    """Internal reference for a public id: the UUID itself, or the sha256 of an anonymous id.

    Tasks, logs and Redis keys only ever see the hash, so reading a worker log never gives
    access to an anonymous result (its URL needs the unhashed token).
    """
    if is_anonymous_id(public_id):
        return hashlib.sha256(public_id.encode()).hexdigest()
    return str(public_id)


def is_anonymous_ref(ref: str) -> bool:
    return bool(_ANON_REF.match(ref or ""))


def _parse_uuid(search_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(str(search_id))
    except ValueError as exc:
        raise SearchNotFound(search_id) from exc


@dataclass(frozen=True)
class BranchSave:
    recorded: bool  # this call recorded the branch (False: recorded before, or the search cannot take it)
    complete: bool  # every branch is recorded now: the fan-in stage may run


class SearchStore(ABC):
    anonymous: bool

    @abstractmethod
    def create(self, state: SearchState, *, fingerprint: str, owner: Any = None) -> str:
        """Persist a new queued search; returns its id (also set on ``state.id``)."""

    @abstractmethod
    def load(self, search_id: str, *, with_candidates: bool = False) -> SearchState:
        """The running state, with the retrieve output only when asked (only rerank needs it)."""

    @abstractmethod
    def mark_running(self, search_id: str) -> None:
        """queued -> running when the first stage starts."""

    @abstractmethod
    def save_stage(self, state: SearchState, *, stage: str) -> bool:
        """Record ``stage``'s output and progress atomically; False when it was already recorded or the search ended."""

    @abstractmethod
    def save_branch(self, search_id: str, output: BranchOutput) -> BranchSave:
        """Merge one branch's output into the document, under a lock, unless that branch is recorded already."""

    @abstractmethod
    def fail(self, search_id: str, reason: str) -> bool:
        """End the search as failed with a human-readable reason (unless it already ended)."""

    @abstractmethod
    def document(self, search_id: str) -> dict[str, Any]:
        """The result document (DESIGN.md) with whatever is ready."""

    @abstractmethod
    def fail_stuck(self, *, older_than: timedelta) -> int:
        """Fail searches that made no progress for ``older_than``; returns how many."""


def _stage_fields(stage: str) -> dict[str, Any]:
    if stage in BRANCHES:
        raise ValueError(f"{stage} is a branch: record it with save_branch")
    done = stage == "chart"
    return {
        "status": "done" if done else "running",
        "stage": "done" if done else stage,
        "progress": STAGE_PROGRESS[stage],
    }


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

            by_pmid = {p.pmid: p for p in Paper.objects.filter(pmid__in=search.candidate_pmids)}
            doc["candidates"] = [_paper_record(by_pmid[pmid]) for pmid in search.candidate_pmids if pmid in by_pmid]
        return SearchState.from_document(doc)

    def mark_running(self, search_id: str) -> None:
        Search.objects.filter(pk=_parse_uuid(search_id), status=Search.Status.QUEUED).update(
            status=Search.Status.RUNNING, updated_at=timezone.now()
        )

    def save_stage(self, state: SearchState, *, stage: str) -> bool:
        fields = _stage_fields(stage)
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


def stuck_reason(older_than: timedelta) -> str:
    minutes = max(1, round(older_than.total_seconds() / 60))
    return (
        f"This search made no progress for {minutes} minute(s) and was stopped "
        "(a worker may have crashed or the service is overloaded). Please try again."
    )


def _paper_record(paper) -> dict[str, Any]:
    return {
        "pmid": paper.pmid,
        "title": paper.title,
        "abstract": paper.abstract,
        "year": paper.year,
        "journal": paper.journal,
        "publication_types": list(paper.publication_types),
        "mesh": list(paper.mesh),
        "doi": paper.doi,
        "pmcid": paper.pmcid,
        "retracted": paper.retracted,
        "authors": list(paper.authors),
    }


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


def _upsert_search_papers(state: SearchState) -> None:
    rows = []
    for p in state.papers:
        d = p.to_dict()
        rows.append(
            SearchPaper(
                search_id=state.id,
                rank=p.rank,
                pmid=p.record.pmid,
                similarity=p.similarity,
                stance=d["stance"],
                addresses=d["addresses"],
                design=d["design"],
                sample_size=d["sample_size"],
                best_sentence=d["best_sentence"],
                summary=p.summary,
                metrics=_metrics_json(p.metrics),
                title=d["title"],
                abstract=d["abstract"],
                year=d["year"],
                journal=d["journal"] or "",
                publication_types=d["publication_types"],
                mesh=d["mesh"],
                doi=d["doi"] or "",
                pmcid=p.record.pmcid or "",
                retracted=d["retracted"],
            )
        )
    update = [f.name for f in SearchPaper._meta.concrete_fields if f.name not in ("id", "search", "pmid")]
    SearchPaper.objects.bulk_create(
        rows, update_conflicts=True, unique_fields=["search", "pmid"], update_fields=update
    )


def search_paper_dict(sp: SearchPaper) -> dict[str, Any]:
    m = sp.metrics or {}
    return {
        "rank": sp.rank,
        "pmid": sp.pmid,
        "title": sp.title,
        "abstract": sp.abstract,
        "year": sp.year,
        "journal": sp.journal,
        "publication_types": list(sp.publication_types),
        "mesh": list(sp.mesh),
        "doi": sp.doi,
        "pmcid": sp.pmcid or m.get("pmcid") or "",
        "retracted": sp.retracted,
        **{key: m.get(key) for key in METRIC_KEYS},
        "similarity": sp.similarity,
        "stance": sp.stance,
        "best_sentence": sp.best_sentence,
        "summary": sp.summary,
        "addresses": sp.addresses,
        "design": sp.design,
        "sample_size": sp.sample_size,
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


# --- Redis (anonymous) ----------------------------------------------------------------

# Compare-and-set of one stage's output: ARGV = doc, candidates, stage, progress, status, updated, ttl.
_SAVE_STAGE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local st = redis.call('HGET', KEYS[1], 'status')
if st == 'done' or st == 'failed' then return 0 end
if tonumber(redis.call('HGET', KEYS[1], 'progress')) >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], 'doc', ARGV[1], 'candidates', ARGV[2], 'stage', ARGV[3], 'progress', ARGV[4],
           'status', ARGV[5], 'updated', ARGV[6], 'error', '')
redis.call('EXPIRE', KEYS[1], ARGV[7])
return 1
"""
# ARGV = error, updated, only_if_updated_before (or '' for always)
_FAIL = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local st = redis.call('HGET', KEYS[1], 'status')
if st == 'done' or st == 'failed' then return 0 end
if ARGV[3] ~= '' and tonumber(redis.call('HGET', KEYS[1], 'updated')) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'status', 'failed', 'error', ARGV[1], 'updated', ARGV[2])
return 1
"""
_OVERLAY = ("status", "stage", "progress", "branches", "error")


@lru_cache(maxsize=1)
def redis_client():
    import redis

    return redis.Redis.from_url(settings.REDIS_URL, decode_responses=True)


class RedisSearchStore(SearchStore):
    anonymous = True

    def __init__(self, client=None):
        self.client = client or redis_client()

    @staticmethod
    def key(search_id: str) -> str:
        return ANONYMOUS_KEY_PREFIX + search_id

    @property
    def ttl(self) -> int:
        return int(settings.MEDSEBA_ANONYMOUS_TTL)

    def _split(self, state: SearchState) -> tuple[str, str]:
        doc = state.to_document()
        doc["id"] = ""  # the public id is never stored; the API puts it back
        for k in _OVERLAY:
            doc.pop(k, None)
        return json.dumps(doc), json.dumps([r.to_dict() for r in state.candidates])

    def create(self, state: SearchState, *, fingerprint: str, owner: Any = None) -> str:
        """Returns the PUBLIC id (shown once to the client); ``state.id`` becomes its internal ref."""
        public_id = new_anonymous_id()
        state.id = search_ref(public_id)
        doc, candidates = self._split(state)
        key = self.key(state.id)
        now = time.time()
        pipe = self.client.pipeline()
        pipe.hset(
            key,
            mapping={
                "doc": doc, "candidates": candidates, "status": "queued", "stage": "", "progress": 0,
                "branches": "[]", "error": "", "created": now, "updated": now,
            },
        )
        pipe.expire(key, self.ttl)
        anonymous_loss.mark_seen(pipe, state.id)  # tells "expired" from "lost in a restart" later
        pipe.execute()
        return public_id

    def _read(self, search_id: str, fields: tuple[str, ...]) -> dict[str, str]:
        if not is_anonymous_ref(search_id):
            raise SearchNotFound(search_id)
        values = self.client.hmget(self.key(search_id), list(fields))
        if values[0] is None:
            raise SearchExpired(search_id)
        return dict(zip(fields, values))

    def _compose(self, raw: dict[str, str]) -> dict[str, Any]:
        doc = json.loads(raw["doc"])
        doc.update(
            status=raw["status"], stage=raw["stage"], progress=int(raw["progress"]),
            branches=json.loads(raw["branches"] or "[]"), error=raw["error"],
        )
        return doc

    def load(self, search_id: str, *, with_candidates: bool = False) -> SearchState:
        fields = ("doc", *_OVERLAY) + (("candidates",) if with_candidates else ())
        raw = self._read(search_id, fields)
        doc = self._compose(raw)
        if with_candidates:
            doc["candidates"] = json.loads(raw["candidates"] or "[]")
        doc["id"] = search_id  # the internal reference; the public id is never stored
        return SearchState.from_document(doc)

    def mark_running(self, search_id: str) -> None:
        key = self.key(search_id)
        # Only a queued search that still exists; HSET on a missing key would resurrect it.
        self.client.eval(
            "if redis.call('HGET', KEYS[1], 'status') == 'queued' then "
            "redis.call('HSET', KEYS[1], 'status', 'running', 'updated', ARGV[1]) end return 1",
            1, key, time.time(),
        )

    def save_stage(self, state: SearchState, *, stage: str) -> bool:
        fields = _stage_fields(stage)
        doc, candidates = self._split(state)
        if stage != "retrieve":
            candidates = "[]"  # only rerank reads the candidates; drop them afterwards
        result = self.client.eval(
            _SAVE_STAGE, 1, self.key(state.id), doc, candidates, fields["stage"], fields["progress"],
            fields["status"], time.time(), self.ttl,
        )
        if result == -1:
            raise SearchExpired(state.id)
        if result == 1:
            state.status, state.stage, state.progress = fields["status"], fields["stage"], fields["progress"]
        return result == 1

    def save_branch(self, search_id: str, output: BranchOutput) -> BranchSave:
        import redis

        key = self.key(search_id)
        fields = ["doc", *_OVERLAY]
        with self.client.pipeline() as pipe:
            while True:
                try:
                    # Optimistic lock: a branch that records between our read and our write aborts
                    # this transaction (WatchError), and we merge again into what it wrote.
                    pipe.watch(key)
                    raw = dict(zip(fields, pipe.hmget(key, fields)))
                    if raw["doc"] is None:
                        raise SearchExpired(search_id)
                    state = SearchState.from_document(self._compose(raw))
                    if state.status in FINAL or state.progress < STAGE_PROGRESS[FAN_OUT]:
                        return BranchSave(recorded=False, complete=False)
                    if output.stage in state.branches:
                        return BranchSave(recorded=False, complete=all_done(state.branches))
                    merge_into(state, output)
                    state.branches.append(output.stage)
                    stage, progress = fan_out_position(state.branches)
                    doc, _ = self._split(state)
                    pipe.multi()
                    pipe.hset(key, mapping={
                        "doc": doc, "stage": stage, "progress": progress,
                        "branches": json.dumps(state.branches), "updated": time.time(),
                    })
                    pipe.expire(key, self.ttl)
                    pipe.execute()
                    return BranchSave(recorded=True, complete=all_done(state.branches))
                except redis.WatchError:
                    continue

    def fail(self, search_id: str, reason: str) -> bool:
        return self.client.eval(_FAIL, 1, self.key(search_id), reason, time.time(), "") == 1

    def document(self, search_id: str) -> dict[str, Any]:
        raw = self._read(search_id, ("doc", *_OVERLAY, "created", "updated"))
        doc = self._compose(raw)
        ttl = self.client.ttl(self.key(search_id))
        doc.update(
            anonymous=True, title="", cached=False,
            created_at=_iso(float(raw["created"])),
            updated_at=_iso(float(raw["updated"])),
            finished_at=None,
            expires_at=_iso(time.time() + ttl) if ttl and ttl > 0 else None,
        )
        return doc

    def fail_stuck(self, *, older_than: timedelta) -> int:
        cutoff = time.time() - older_than.total_seconds()
        failed = 0
        for key in self.client.scan_iter(match=ANONYMOUS_KEY_PREFIX + "*", count=500):
            status, updated = self.client.hmget(key, ["status", "updated"])
            if status in ("queued", "running") and updated and float(updated) < cutoff:
                failed += self.client.eval(_FAIL, 1, key, stuck_reason(older_than), time.time(), cutoff) == 1
        return failed


def _iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, tz=dt_timezone.utc).isoformat()


def store_for(ref: str) -> SearchStore:
    """The backend that holds the search with internal reference ``ref`` (see :func:`search_ref`)."""
    return RedisSearchStore() if is_anonymous_ref(ref) else PostgresSearchStore()


def new_store(*, anonymous: bool) -> SearchStore:
    return RedisSearchStore() if anonymous else PostgresSearchStore()
