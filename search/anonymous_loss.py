"""Expired or lost? Why an anonymous search is no longer there (issue 21).

Anonymous searches live only in Redis, which the development setup runs without persistence:
a restart loses every one of them, running or finished. A user watching one then deserves
"this search was lost when the service restarted; please ask again", not "expired" and not a
spinner. Redis cannot say what it lost, so each anonymous search leaves a marker that
outlives it by ``KEPT_AFTER_EXPIRY`` (``medseba:anon-seen:<ref>``: the hash of the public id
and nothing else, never the question): the search gone and its marker there means it expired;
both gone while the Redis holding them started less than MEDSEBA_ANONYMOUS_TTL seconds ago
means the restart took it (a search alive at the restart could not have expired since).
Otherwise it expired long ago (or never existed: ids are unguessable, only a probe asks).
"""
from __future__ import annotations

from typing import Any

from django.conf import settings

SEEN_PREFIX = "medseba:anon-seen:"
KEPT_AFTER_EXPIRY = 24 * 3600  # seconds the marker outlives the search
LOST_MESSAGE = (
    "This anonymous search was lost when the service restarted: anonymous searches are kept only in memory, "
    "never on disk, so a restart loses them. Please ask your question again."
)


def seen_key(ref: str) -> str:
    return SEEN_PREFIX + ref


def seen_ttl() -> int:
    return int(settings.MEDSEBA_ANONYMOUS_TTL) + KEPT_AFTER_EXPIRY


def mark_seen(pipe: Any, ref: str) -> None:
    """Add the marker to the pipeline that creates the anonymous search ``ref``."""
    pipe.set(seen_key(ref), 1, ex=seen_ttl())


def lost_in_restart(ref: str, *, client: Any = None) -> bool:
    """True when the anonymous search ``ref`` (not found) was lost by a restart of its Redis, not expired."""
    from .store import redis_client

    client = client or redis_client()
    try:
        if client.exists(seen_key(ref)):
            return False  # the search expired; its marker is still there
        uptime = int(client.info("server")["uptime_in_seconds"])
    except Exception:  # noqa: BLE001 - a Redis that cannot say (restarting, INFO disabled): the usual answer
        return False
    return uptime < int(settings.MEDSEBA_ANONYMOUS_TTL)
