"""Living questions (issue 15 §6): a signed-in owner re-runs a saved search and sees what changed.

A re-run is a new search with the same question, filters and reading mode, linked to the run it repeats
(``Search.rerun_of``). It never reads the result cache: the point is to search again, so new studies,
retractions or a new model can show. Only the owner may re-run a search or read its changes; everybody
else gets "not found" (404), as for any search they cannot see. Searches nobody owns (anonymous ones in
Redis, signed-out ones in PostgreSQL) are never re-run: nobody could be the owner.

A schedule (weekly / monthly, off unless the owner sets one) belongs to the question, keyed by the
search fingerprint (owner + reading mode + question + filters); Celery beat calls :func:`living_run_due`, which re-runs
the newest run of each due question (search/tasks.py, CELERY_BEAT_SCHEDULE).
"""
from __future__ import annotations

import calendar
import logging
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from documents.sources.base import Filters
from search.pipeline.graph import STAGES
from search.pipeline.state import DEFAULT_MODE, READING_MODES, SearchState

from .changes import compare_runs
from .models import LivingSchedule, Search
from .store import PostgresSearchStore, SearchNotFound, is_anonymous_id
from .store import search_document as compose_document

logger = logging.getLogger(__name__)

UNFINISHED = (Search.Status.QUEUED, Search.Status.RUNNING)
FINISHED = (Search.Status.DONE, Search.Status.FAILED)
EVERY = tuple(LivingSchedule.Every.values)  # "weekly", "monthly": the one list the API and the model share
DUE_BATCH = 100  # schedules started per beat tick at most; the rest wait for the next tick


class NotSignedIn(Exception):
    """Re-running and schedules are for account holders only."""


class RunNotFinished(Exception):
    """The run to re-run (or to compare) has not finished yet."""


class NoEarlierRun(SearchNotFound):
    """The search is the owner's but it re-ran nothing, so there is nothing to compare it with."""


@dataclass(frozen=True)
class Rerun:
    search: Search
    created: bool  # False: a re-run of this search was still running and is returned instead of a second one


def _signed_in(user: Any) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def owned_search(*, search_id: str, user: Any, lock: bool = False) -> Search:
    """``user``'s own search ``search_id``; SearchNotFound for anything else (unknown, someone else's, nobody's,
    anonymous), so a caller can never tell another user's search from a missing one. NotSignedIn when signed out."""
    if not _signed_in(user):
        raise NotSignedIn()
    if is_anonymous_id(search_id):
        raise SearchNotFound(search_id)  # anonymous searches are never re-run or kept
    try:
        pk = uuid.UUID(search_id)
    except ValueError as exc:
        raise SearchNotFound(search_id) from exc
    rows = Search.objects.select_for_update() if lock else Search.objects
    try:
        return rows.get(pk=pk, owner=user)
    except Search.DoesNotExist as exc:
        raise SearchNotFound(search_id) from exc


# --- writes ---------------------------------------------------------------------------------


def search_rerun(*, search_id: str, user: Any) -> Rerun:
    """Start a re-run of ``user``'s finished search ``search_id``; a re-run already under way is returned instead
    (a double click starts one search, not two)."""
    with transaction.atomic():
        old = owned_search(search_id=search_id, user=user, lock=True)
        if old.status in UNFINISHED:
            raise RunNotFinished()
        running = old.reruns.filter(status__in=UNFINISHED).order_by("-created_at").first()
        if running is not None:
            return Rerun(search=running, created=False)
        return Rerun(search=_start_rerun(old), created=True)


def _start_rerun(old: Search) -> Search:
    """A new search repeating ``old`` (question, filters, reading mode; fresh, not from the result cache),
    scheduled after the commit. Call inside a transaction."""
    from .services import _schedule, search_fingerprint

    filters = Filters(**(old.filters or {}))
    mode = (old.models or {}).get("mode")
    mode = mode if mode in READING_MODES else DEFAULT_MODE
    state = SearchState(question=old.question, filters=filters, models={"mode": mode})
    # The run it repeats keeps its key, so the question's runs and its schedule stay one chain even when the
    # key was computed before the reading mode was part of it (services.search_fingerprint).
    fingerprint = old.fingerprint or search_fingerprint(
        question=old.question, filters=filters, owner_id=old.owner_id, mode=mode)
    new_id = PostgresSearchStore().create(state, fingerprint=fingerprint, owner=old.owner)
    Search.objects.filter(pk=new_id).update(rerun_of=old, title=old.title)
    transaction.on_commit(partial(_schedule, new_id, STAGES[0]))
    return Search.objects.get(pk=new_id)


def next_run(after: datetime, every: str) -> datetime:
    """The next scheduled time: 7 days later, or the same day of the next month (the 31st becomes the month's last)."""
    if every == LivingSchedule.Every.WEEKLY:
        return after + timedelta(days=7)
    if every != LivingSchedule.Every.MONTHLY:
        raise ValueError(f"unknown schedule {every!r}")
    year, month = (after.year + 1, 1) if after.month == 12 else (after.year, after.month + 1)
    return after.replace(year=year, month=month, day=min(after.day, calendar.monthrange(year, month)[1]))


def living_schedule_set(*, search_id: str, user: Any, every: str | None) -> LivingSchedule | None:
    """Set (``weekly`` / ``monthly``) or clear (None) the schedule of the question ``search_id`` asked.

    Setting it again with another interval restarts the clock from now; the first run is one interval away.
    """
    search = owned_search(search_id=search_id, user=user)
    if every is None:
        LivingSchedule.objects.filter(owner=user, fingerprint=search.fingerprint).delete()
        return None
    if every not in EVERY:
        raise ValueError(f"unknown schedule {every!r}")
    schedule, _ = LivingSchedule.objects.update_or_create(
        fingerprint=search.fingerprint,
        defaults={"owner": user, "every": every, "next_run_at": next_run(timezone.now(), every)},
    )
    return schedule


def living_run_due(*, now: datetime | None = None) -> int:
    """Celery beat: re-run the newest run of every question whose schedule is due; returns how many started.

    A question whose newest run is still going is left for the next tick (never two at once); a schedule
    whose question has no run left (the owner deleted them) is removed. Rows are claimed with SKIP LOCKED,
    so two beat ticks (or two beats) never start the same re-run twice.
    """
    now = now or timezone.now()
    started = 0
    with transaction.atomic():
        due = list(LivingSchedule.objects.select_for_update(skip_locked=True)
                   .filter(next_run_at__lte=now).order_by("next_run_at")[:DUE_BATCH])
        for schedule in due:
            latest = (Search.objects.filter(owner_id=schedule.owner_id, fingerprint=schedule.fingerprint)
                      .order_by("-created_at").first())
            if latest is None:
                schedule.delete()
                continue
            if latest.status in UNFINISHED:
                continue
            _start_rerun(latest)
            schedule.last_run_at = now
            schedule.next_run_at = next_run(now, schedule.every)
            schedule.save(update_fields=["last_run_at", "next_run_at"])
            started += 1
    if started:
        logger.info("living questions: %d scheduled re-run(s) started", started)
    return started


# --- reads ----------------------------------------------------------------------------------


def _run_ref(search: Search) -> dict[str, Any]:
    return {"id": str(search.id), "status": search.status, "created_at": search.created_at.isoformat()}


def living_info(*, search: Search, user: Any) -> dict[str, Any] | None:
    """The document's ``living`` block: the run this one re-ran, later re-runs, whether ``user`` may re-run it,
    and the question's schedule. None for a search nobody owns (it can never be re-run)."""
    if search.owner_id is None:
        return None
    mine = _signed_in(user) and user.pk == search.owner_id
    earlier = search.rerun_of if search.rerun_of_id else None
    schedule = (LivingSchedule.objects.filter(owner_id=search.owner_id, fingerprint=search.fingerprint).first()
                if mine else None)
    return {
        "rerun_of": _run_ref(earlier) if earlier is not None else None,
        "reruns": [_run_ref(s) for s in search.reruns.order_by("-created_at")] if mine else [],
        "can_rerun": mine and search.status in FINISHED,
        "schedule": {"every": schedule.every, "next_run_at": schedule.next_run_at.isoformat()} if schedule else None,
    }


def search_changes(*, search_id: str, user: Any) -> dict[str, Any]:
    """What changed from the run ``search_id`` re-ran to ``search_id`` itself (search/changes.py).

    RunNotFinished while the re-run is still going (its studies and verdict are not all there yet).
    """
    after = owned_search(search_id=search_id, user=user)
    before = after.rerun_of
    if before is None or before.owner_id != after.owner_id:
        raise NoEarlierRun(search_id)
    if after.status in UNFINISHED:
        raise RunNotFinished()
    return compare_runs(compose_document(before, before.papers.all()), compose_document(after, after.papers.all()))
