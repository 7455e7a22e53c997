"""Writes for searches: submit one (or reuse a cached result), run one stage, fail stuck ones.

The Celery tasks in ``tasks.py`` are thin wrappers around :func:`search_run_stage`, which
loads the state from its store, runs exactly one stage, records it and schedules what
follows after the commit. After rerank, enrich ‖ judge ‖ locate run as three tasks side by
side (enrich waits on the network, judge and locate on the CPU); each records only its own
part, and the branch whose save completes the set schedules synthesise, decided under the
store's lock so the fan-in happens once without a chord or a result backend.
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any, Iterator

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from documents.sources.base import Filters
from search.pipeline import graph
from search.pipeline.branches import BRANCHES, FAN_IN, Baseline, branch_output
from search.pipeline.errors import StageFailed
from search.pipeline.runner import run_stage, searches_further
from search.pipeline.graph import STAGE_PROGRESS, STAGES
from search.pipeline.state import DEFAULT_MODE, READING_MODES, SearchState

from . import selectors
from .interruptions import interrupted_by_outage
from .models import Search, SearchPaper
from .store import (
    PostgresSearchStore,
    RedisSearchStore,
    SearchExpired,
    SearchNotFound,
    store_for,
    stuck_reason,
)

logger = logging.getLogger(__name__)


# The stages each stage's output feeds, and the stages each one reads (graph.py: a chain, except
# rerank -> every branch -> synthesise).
NEXT_STAGES = graph.SUCCESSORS
INPUTS = graph.INPUTS


def is_recorded(state: SearchState, stage: str) -> bool:
    """A branch is recorded when listed; any other stage when progress reached its mark."""
    if stage in BRANCHES:
        return stage in state.branches
    return state.progress >= STAGE_PROGRESS[stage]


def is_ready(state: SearchState, stage: str) -> bool:
    """Every stage that feeds ``stage`` is recorded."""
    return all(is_recorded(state, s) for s in INPUTS[stage])


@dataclass(frozen=True)
class SubmittedSearch:
    id: str  # public id: a UUID, or the anonymous token
    anonymous: bool
    cached: bool
    status: str


def search_fingerprint(
    *, question: str, filters: Filters, owner_id: int | None = None, mode: str = DEFAULT_MODE
) -> str:
    """Result-cache key: the owner, the reading mode, the question case- and whitespace-folded, and the filters
    in canonical form.

    Keyed per owner (issue 13): a result shared across askers answered "cached: true, done" in
    milliseconds to anyone who asked what someone else had asked, which confirms that somebody did.
    Keyed per reading mode (issue 17): the LLM writes the answer sentence, its sections, the study
    summaries and the bottom line in the mode the search was asked in, and those words are stored, so
    a lay reader must never be handed a result written for a clinician, or the reverse. (The offline
    words of both modes are in every result, and ``?mode=`` picks them at read time.)
    """
    if mode not in READING_MODES:
        raise ValueError(f"unknown reading mode {mode!r}")
    canonical = {
        "owner": owner_id,
        "mode": mode,
        "q": " ".join(question.casefold().split()),
        "from_year": filters.from_year,
        "to_year": filters.to_year,
        "publication_types": sorted(t.casefold() for t in filters.publication_types),
    }
    return hashlib.sha256(json.dumps(canonical, sort_keys=True).encode()).hexdigest()


def search_submit(
    *, question: str, filters: Filters, anonymous: bool, owner: Any = None, mode: str = DEFAULT_MODE
) -> SubmittedSearch:
    """Start a search (validated input) and schedule its first stage; reuse a fresh identical result when one exists.

    ``mode`` is the reading mode the LLM writes in; both modes' words are built whatever it is.
    """
    state = SearchState(question=question, filters=filters, models={"mode": mode})
    if anonymous:
        # Nothing in PostgreSQL, not even a fingerprint: anonymous searches neither read nor feed the result cache.
        public_id = RedisSearchStore().create(state, fingerprint="")
        _schedule(state.id, STAGES[0])
        return SubmittedSearch(id=public_id, anonymous=True, cached=False, status="queued")
    owner_id = owner.pk if owner is not None and getattr(owner, "is_authenticated", False) else None
    # Only a signed-in owner's own earlier result is reused; a signed-out search has no owner to key it by,
    # so it neither reads nor feeds the result cache (empty fingerprint) and always runs like a new one.
    fingerprint = search_fingerprint(question=question, filters=filters, owner_id=owner_id, mode=mode) if owner_id else ""
    with transaction.atomic():
        reusable = selectors.search_find_reusable(fingerprint=fingerprint) if fingerprint else None
        if reusable is not None and _mode_of(reusable) == mode:  # the mode check also covers pre-mode fingerprints
            copy = _search_copy(reusable, question=question, owner=owner)
            return SubmittedSearch(id=str(copy.id), anonymous=False, cached=True, status=copy.status)
        search_id = PostgresSearchStore().create(state, fingerprint=fingerprint, owner=owner)
        transaction.on_commit(partial(_schedule, search_id, STAGES[0]))
    return SubmittedSearch(id=search_id, anonymous=False, cached=False, status="queued")


def _mode_of(search: Search) -> str:
    """The reading mode a stored search was asked (and its LLM words written) in."""
    mode = (search.models or {}).get("mode")
    return mode if mode in READING_MODES else DEFAULT_MODE


def _search_copy(source: Search, *, question: str, owner: Any) -> Search:
    """A new search row (the asker's own history entry) carrying a finished result; nothing is recomputed."""
    copy = Search.objects.create(
        question=question,
        fingerprint=source.fingerprint,
        filters=source.filters,
        status=Search.Status.DONE,
        stage=source.stage,
        progress=source.progress,
        branches=source.branches,
        source=source.source,
        query=source.query,
        models=source.models,
        timings=source.timings,
        failures=source.failures,
        usage={},  # no tokens were spent for this one
        answer=source.answer,
        charts=source.charts,
        trials=source.trials,
        scope=source.scope,
        owner=owner if owner is not None and getattr(owner, "is_authenticated", False) else None,
        reused_from=source.reused_from or source,
        finished_at=timezone.now(),
    )
    papers = list(source.papers.all())
    for p in papers:
        p.pk = None
        p.search = copy
    SearchPaper.objects.bulk_create(papers)
    return copy


stage_priority = graph.priority  # later stages first on the Redis broker; the branches share one


def _schedule(ref: str, stage: str) -> bool:
    """Send ``stage`` of ``ref`` to the workers; False when the broker stayed away through the publish retries.

    Celery retries the publish (CELERY_TASK_PUBLISH_RETRY_POLICY, about 10 s) across a broker
    restart; a stage that still could not be sent is not an error for the caller (the search
    is recorded): the recovery watchdog sends it again (search/recovery.py).
    """
    from kombu.exceptions import OperationalError
    from redis.exceptions import RedisError

    from .routing import send_options
    from .tasks import run_search_stage

    try:
        # send_options: the embedding stages' own queue when MEDSEBA_EMBED_QUEUE is set (search/routing.py)
        run_search_stage.apply_async(args=[ref, stage], priority=stage_priority(stage), **send_options(stage))
    except (OperationalError, RedisError) as exc:
        logger.warning("search %s: stage %s not sent, broker unreachable (%s); the recovery watchdog will send it",
                       _short(ref), stage, type(exc).__name__)
        return False
    return True


def search_run_stage(*, ref: str, stage: str) -> bool:
    """Run ``stage`` of search ``ref`` once and record it; True when this call recorded it.

    Idempotent: a stage already recorded (redelivered task) only makes sure the next one is
    scheduled; a stage whose input is not recorded yet, or a search that ended, does nothing.
    """
    store = store_for(ref)
    try:
        state = store.load(ref, with_candidates=(stage == "rerank"))
    except SearchExpired:
        logger.info("search %s expired before stage %s; nothing to do", _short(ref), stage)
        return False
    except SearchNotFound:
        logger.warning("search %s not found for stage %s", _short(ref), stage)
        return False
    if state.status in ("done", "failed"):
        return False
    if is_recorded(state, stage):
        # Redelivered (the worker died after the commit, before or while scheduling): schedule what follows.
        for nxt in NEXT_STAGES.get(stage, ()):
            if is_ready(state, nxt) and not is_recorded(state, nxt):
                _schedule(ref, nxt)
        return False
    if not is_ready(state, stage):
        logger.warning("search %s: stage %s before its input was recorded; ignored", _short(ref), stage)
        return False
    if state.status == "queued":
        store.mark_running(ref)
    baseline = Baseline.of(state) if stage in BRANCHES else None  # what a branch finds, so it records only its own
    try:
        with private_logging(state) if store.anonymous else nullcontext():
            run_stage(state, stage)
    except StageFailed as exc:
        if interrupted_by_outage(exc):
            return _interrupted(ref, stage, exc)
        store.fail(ref, str(exc))
        logger.info("search %s failed at stage %s", _short(ref), stage)
        return False
    except Exception as exc:  # noqa: BLE001 - the search must end, whatever broke
        if interrupted_by_outage(exc):
            return _interrupted(ref, stage, exc)
        logger.error("search %s: internal error in stage %s (%s)", _short(ref), stage, type(exc).__name__)
        store.fail(ref, f"An internal error stopped the {stage} stage ({type(exc).__name__}). Please try again.")
        return False
    try:
        if not searches_further(state):
            # The scope guard answered (an emergency, an off-topic question...): the search ends here, done.
            store.save_stage(state, stage=STAGES[-1])
            return True
        if stage in BRANCHES:
            saved = store.save_branch(ref, branch_output(state, stage, baseline))
            if not saved.recorded:
                return False  # a duplicate run recorded it first (and scheduled the fan-in), or the search ended
            following = (FAN_IN,) if saved.complete else ()  # decided under the lock: exactly one branch sees it
        elif not store.save_stage(state, stage=stage):
            return False  # a duplicate run recorded it first, or the search ended meanwhile
        else:
            following = NEXT_STAGES.get(stage, ())
    except SearchExpired:
        return False
    for nxt in following:
        transaction.on_commit(partial(_schedule, ref, nxt))
    return True


def _interrupted(ref: str, stage: str, exc: BaseException) -> bool:
    """Redis or PostgreSQL away for a moment: nothing recorded; the recovery watchdog sends the stage again."""
    logger.warning("search %s: stage %s interrupted by an outage (%s); it will be run again",
                   _short(ref), stage, type(exc).__name__)
    return False


def search_fail(*, ref: str, reason: str) -> bool:
    return store_for(ref).fail(ref, reason)


def search_fail_if_stuck(*, ref: str, document: dict[str, Any]) -> bool:
    """Check on read: a search running with no progress for MEDSEBA_STUCK_AFTER seconds ends as failed."""
    if document.get("status") not in ("queued", "running") or not document.get("updated_at"):
        return False
    limit = timedelta(seconds=settings.MEDSEBA_STUCK_AFTER)
    updated = datetime.fromisoformat(document["updated_at"])
    if timezone.now() - updated <= limit:
        return False
    return search_fail(ref=ref, reason=stuck_reason(limit))


def search_fail_stuck() -> int:
    """The periodic watchdog: fail every search (both stores) stuck beyond MEDSEBA_STUCK_AFTER."""
    limit = timedelta(seconds=settings.MEDSEBA_STUCK_AFTER)
    return PostgresSearchStore().fail_stuck(older_than=limit) + RedisSearchStore().fail_stuck(older_than=limit)


def _short(ref: str) -> str:
    return ref[:8]


# --- keeping anonymous questions out of logs ------------------------------------------------

_MIN_SECRET = 4


def _private_texts(state: SearchState) -> list[str]:
    texts = [state.question] + [w for w in re.findall(r"\w+", state.question) if len(w) >= _MIN_SECRET]
    if state.query:
        texts.append(state.query.boolean)
        for c in state.query.concepts:
            texts.append(c.text)
            texts.extend(c.synonyms)
    return sorted({t for t in texts if t and len(t) >= _MIN_SECRET}, key=len, reverse=True)


class RedactFilter(logging.Filter):
    """Replaces the private texts in a log record (message and traceback) with [redacted]."""

    def __init__(self, texts: list[str]):
        super().__init__()
        self.pattern = re.compile("|".join(re.escape(t) for t in texts), re.IGNORECASE) if texts else None

    def redact(self, text: str) -> str:
        return self.pattern.sub("[redacted]", text) if self.pattern else text

    def filter(self, record: logging.LogRecord) -> bool:
        if self.pattern is None:
            return True
        record.msg = self.redact(record.getMessage())
        record.args = None
        if record.exc_info:
            record.exc_text = self.redact(logging.Formatter().formatException(record.exc_info))
            record.exc_info = None
        elif record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        return True


@contextmanager
def private_logging(state: SearchState) -> Iterator[None]:
    """While an anonymous stage runs, every log handler redacts the question and what was derived from it."""
    flt = RedactFilter(_private_texts(state))
    handlers = set(logging.getLogger().handlers)
    for lg in list(logging.Logger.manager.loggerDict.values()):
        if isinstance(lg, logging.Logger):
            handlers.update(lg.handlers)
    for h in handlers:
        h.addFilter(flt)
    try:
        yield
    finally:
        for h in handlers:
            h.removeFilter(flt)
