"""A stage interrupted by an outage is run again, not failed (issue 21: recovery, not failure).

While Redis restarts (broker, cache, anonymous store) or PostgreSQL is away for a moment, a
stage that touches either raises a connection error. Failing the search for that turns a
0.3 s blip into a lost search. Such a stage records nothing: the search stays queued/running,
and the recovery watchdog (``search/recovery.py``) sends the stage again once it has made no
progress for MEDSEBA_RESCHEDULE_AFTER seconds, at most MEDSEBA_RESCHEDULE_ATTEMPTS times, then
fails it with the reason. Only connection-level errors count; a bug or bad data still fails.
"""
from __future__ import annotations

from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from medseba.db_outage import is_database_outage


def interrupted_by_outage(exc: BaseException) -> bool:
    """True when ``exc``, or an exception it was raised from, says Redis or PostgreSQL could not be reached."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, (RedisConnectionError, RedisTimeoutError, BrokerError)) or is_database_outage(current):
            return True
        current = current.__cause__ or current.__context__
    return False
