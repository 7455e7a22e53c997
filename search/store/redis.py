"""``RedisSearchStore``: anonymous searches, only in Redis, with a TTL, under the sha256 of their public id.

One hash per search: the document (without the public id and without the fields below), the
retrieve output until rerank has read it, and the overlay fields ``status``, ``stage``,
``progress``, ``branches`` and ``error``. A stage's output is recorded by a Lua compare-and-set
on progress; the branches after rerank merge under an optimistic WATCH/MULTI transaction.
"""
from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from django.conf import settings

from search import anonymous_loss
from search.pipeline.branches import FAN_OUT, BranchOutput, all_done, fan_out_position, merge_into
from search.pipeline.graph import STAGE_PROGRESS
from search.pipeline.state import SearchState

from .ids import ANONYMOUS_KEY_PREFIX, is_anonymous_ref, new_anonymous_id, search_ref
from .interface import FINAL, BranchSave, SearchExpired, SearchNotFound, SearchStore, stage_fields, stuck_reason

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
        fields = stage_fields(stage)
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
    return datetime.fromtimestamp(epoch, tz=UTC).isoformat()
