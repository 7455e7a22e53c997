"""Progress pushed by long-polling: ``GET /api/searches/{id}/?version=N`` waits until the document changes.

Why long-polling and not server-sent events: the run command serves Django with gunicorn's threaded
WSGI workers, the development server and the tests' live server are threaded WSGI too, and an SSE
stream would hold a thread for a search's whole life on every one of them. A long-poll holds one
only while nothing changes, answers the moment something does, and degrades to plain polling with
no special case anywhere (a proxy that cuts it, an old client, a server that cannot wait).

The version is the document's ``updated_at`` in microseconds: every write of either store (stage,
branch, running, failed, stuck) sets it, so it is the one source of truth and needs no extra
column or key. While waiting, only that timestamp is read (one indexed row or one Redis field)
every :data:`CHECK_EVERY` seconds; the document is composed once, when it changed.

Bounded: a process lets at most ``MEDSEBA_PROGRESS_WAITERS`` requests wait at once (fewer than the
web server's threads, so waiting never starves other requests); a request beyond that is answered
at once and the client polls (the front end waits ``POLL_MS`` after an unchanged answer). Reads of
a search that is still running do not count against the read throttle but against a per-search
one (``search/api/throttling.py``), so 50 people behind one address can follow their searches.
"""
from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone
from typing import Any

from django.conf import settings

from .models import Search
from .selectors import search_visible_to
from .store import FINAL, RedisSearchStore, is_anonymous_id, search_ref

CHECK_EVERY = 0.25  # seconds between version reads while waiting: the most a change is shown late
_EPOCH = datetime(1970, 1, 1, tzinfo=dt_timezone.utc)
_UNFINISHED = ("queued", "running")


def version_of(updated: datetime) -> int:
    """A document version: its ``updated_at`` in whole microseconds since the epoch (exact, no float)."""
    return (updated - _EPOCH) // timedelta(microseconds=1)


def document_version(document: dict[str, Any]) -> int:
    """The version of a result document (both stores write ``updated_at`` as ISO 8601 with microseconds)."""
    return version_of(datetime.fromisoformat(document["updated_at"]))


def should_wait(document: dict[str, Any], known: int | None) -> bool:
    """Wait only when the client already has this very document and the search may still change."""
    return known is not None and document.get("status") in _UNFINISHED and document_version(document) == known


def server_can_wait(meta: dict[str, Any]) -> bool:
    """False under a single-threaded WSGI server (gunicorn's sync worker says so): a waiting request would
    stall every other one. Django's runserver always claims threads, so never run it with --nothreading."""
    return bool(meta.get("wsgi.multithread", True))


def _redis_updated(raw: str) -> datetime:
    # Exactly what RedisSearchStore.document does with the same field (fromtimestamp rounds to the microsecond).
    return datetime.fromtimestamp(float(raw), tz=dt_timezone.utc)


def current_state(search_id: str) -> tuple[int, str] | None:
    """(version, status) of a search, by its public id, or None when it is gone. Two fields, no document.

    Callers have already read the whole document for this user (visibility checked there).
    """
    if is_anonymous_id(search_id):
        store = RedisSearchStore()
        updated, status = store.client.hmget(store.key(search_ref(search_id)), ["updated", "status"])
        return None if updated is None else (version_of(_redis_updated(updated)), status)
    try:
        pk = uuid.UUID(search_id)
    except ValueError:
        return None
    row = Search.objects.filter(pk=pk).values_list("updated_at", "status").first()
    return None if row is None else (version_of(row[0]), row[1])


def is_unfinished_for(*, search_id: str, user: Any) -> bool:
    """True when ``user`` may read this search and it is still queued or running: its progress.

    The same visibility rule as the document read (``selectors.search_visible_to``), so someone
    else's private search is never treated as "your own progress".
    """
    if is_anonymous_id(search_id):
        store = RedisSearchStore()
        return store.client.hget(store.key(search_ref(search_id)), "status") in _UNFINISHED
    try:
        pk = uuid.UUID(search_id)
    except ValueError:
        return False
    return search_visible_to(user=user).filter(pk=pk, status__in=_UNFINISHED).exists()


class _Waiters:
    """How many requests of this process are waiting right now, capped (a non-blocking semaphore)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.count = 0

    def enter(self, limit: int) -> bool:
        with self._lock:
            if self.count >= limit:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.count -= 1


waiters = _Waiters()


def wait_for_change(
    *,
    search_id: str,
    version: int,
    timeout: float | None = None,
    read: Callable[[str], tuple[int, str] | None] = current_state,
    sleep: Callable[[float], None] = time.sleep,
) -> bool:
    """Wait until the search's version is no longer ``version`` (or it ended, or vanished), at most ``timeout``.

    Returns True when it changed, False on timeout or when this process already has
    ``MEDSEBA_PROGRESS_WAITERS`` requests waiting (then it does not wait at all: the client polls).
    """
    timeout = settings.MEDSEBA_PROGRESS_WAIT if timeout is None else timeout
    if timeout <= 0 or not waiters.enter(settings.MEDSEBA_PROGRESS_WAITERS):
        return False
    try:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            sleep(min(CHECK_EVERY, left))
            state = read(search_id)
            if state is None or state[0] != version or state[1] in FINAL:
                return True
    finally:
        waiters.leave()
