"""Database helpers shared by every app: retrying writes that lost a deadlock, and safe error texts.

PostgreSQL resolves a deadlock (SQLSTATE 40P01) or a serialization failure (40001) by aborting
one of the transactions; the right answer is to run that transaction again. Writers should also
take row locks in one global order (sort by key) so deadlocks are rare in the first place; the
retry covers the rest. Database error texts carry process ids, transaction ids and relation names:
they belong in the log, never in a message a user reads (``public_error``).
"""
from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TypeVar

from django.db import DatabaseError, transaction

logger = logging.getLogger(__name__)

T = TypeVar("T")

RETRYABLE_SQLSTATES = frozenset({"40P01", "40001"})  # deadlock_detected, serialization_failure
WRITE_ATTEMPTS = 4


def sqlstate(exc: BaseException) -> str | None:
    """The SQLSTATE of a database error (Django wraps the psycopg error as ``__cause__``)."""
    for candidate in (exc, exc.__cause__):
        code = getattr(candidate, "sqlstate", None) or getattr(getattr(candidate, "diag", None), "sqlstate", None)
        if code:
            return str(code)
    return None


def is_retryable(exc: BaseException) -> bool:
    """True for a deadlock or serialization failure: the transaction can simply run again."""
    return isinstance(exc, DatabaseError) and sqlstate(exc) in RETRYABLE_SQLSTATES


def _pause(attempt: int) -> None:
    """Jittered backoff, so the transactions that collided do not collide again in lock step."""
    time.sleep(random.uniform(0.02, 0.1) * attempt)


def run_with_retry(write: Callable[[], T], *, what: str, attempts: int = WRITE_ATTEMPTS) -> T:
    """Run ``write`` in its own transaction (a savepoint when nested), again after a deadlock or serialization failure.

    Other database errors propagate at once; the last retryable one propagates after ``attempts`` tries.
    """
    for attempt in range(1, attempts + 1):
        try:
            with transaction.atomic():
                return write()
        except DatabaseError as exc:
            if not is_retryable(exc) or attempt == attempts:
                raise
            logger.warning("%s: %s (SQLSTATE %s), attempt %d of %d; retrying", what, type(exc).__name__,
                           sqlstate(exc), attempt, attempts)
            _pause(attempt)
    raise AssertionError("unreachable")  # pragma: no cover


def public_error(exc: BaseException) -> str:
    """A failure text fit for a user: the exception's type and text, except for database errors (type only)."""
    if isinstance(exc, DatabaseError) or type(exc).__module__.split(".")[0] in {"psycopg", "psycopg2"}:
        kind = "a conflict with concurrent searches" if sqlstate(exc) in RETRYABLE_SQLSTATES else "a database error"
        return f"{type(exc).__name__}: {kind}; please try again"
    return f"{type(exc).__name__}: {exc}"
