"""Shared test helpers: paths to the read-only shared fixtures and data."""
from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings

pytest_plugins = ["tests.fast_lane"]  # --fast: the fast lane (tests/fast_lane.py)

SHARED = settings.SHARED_DIR
FIXTURES = SHARED / "fixtures"
DATA = SHARED / "data"


# --- pytest-xdist (``-n auto --dist loadfile``: medseba/scripts/test) -----------------------------------------
# pytest-django gives each worker its own test database (test_<name>_gw0, _gw1, ...). Redis gets the same
# treatment here: worker gwN uses Redis DB 3+N for REDIS_URL (the cache, anonymous searches, heartbeats), so
# no worker's keys, throttle counters or heartbeats are seen by another. DBs 0-2 are the app's defaults,
# 10-12 the e2e run's, 13 the test broker (a queue per test), 15 test_recovery.py's own: ``--dist loadfile``
# runs each module's tests on one worker, so they never share it with each other. (``--dist loadgroup``
# cannot be used: pytest-xdist 3.8 marks a group by rewriting ``item._nodeid``, which pytest 9.2 no longer
# reads, so the groups are silently split.) Set in os.environ too, so a worker's subprocesses (Celery
# workers, the loader, the probe) use the same DB as the test that started them.
XDIST_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
XDIST_REDIS_DBS = range(3, 10)


def _redis_url_for_worker(url: str, worker: str) -> str:
    index = int(worker.removeprefix("gw"))
    if index >= len(XDIST_REDIS_DBS):
        raise pytest.UsageError(f"at most {len(XDIST_REDIS_DBS)} xdist workers: each needs a Redis DB of its own")
    return urlunsplit(urlsplit(url)._replace(path=f"/{XDIST_REDIS_DBS[index]}"))


if XDIST_WORKER:
    os.environ["REDIS_URL"] = settings.REDIS_URL = _redis_url_for_worker(settings.REDIS_URL, XDIST_WORKER)
    settings.CACHES = {**settings.CACHES, "default": {**settings.CACHES["default"], "LOCATION": settings.REDIS_URL}}


# --- transactional tests' teardown ----------------------------------------------------------------------
# After each transactional test Django empties every table (``flush``) with one TRUNCATE of all of them:
# about 0.1 s on an idle machine, 0.25-0.4 s under load, for tables holding a few rows (over 70 such tests in
# the fast lane). A DELETE of each table empties them in a few milliseconds. Every foreign key is DEFERRABLE
# INITIALLY DEFERRED (Django's own), so in flush's one transaction the order does not matter; there is no ON
# DELETE trigger. The content types and permissions are kept: flush's post_migrate handler would recreate
# exactly these rows (it only adds the missing ones). A flush that resets sequences or cascades keeps
# Django's TRUNCATE of every table.
KEPT_BY_FLUSH = ("django_content_type", "auth_permission")


def _use_delete_to_flush() -> None:
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        return ["SET CONSTRAINTS ALL DEFERRED;"] + [
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(t))};"
            for t in sorted(tables) if t not in KEPT_BY_FLUSH]

    DatabaseOperations.sql_flush = sql_flush


_use_delete_to_flush()


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """A random UUID in a parameter (a search that does not exist) gives a stable test id: xdist's workers must
    collect the same ids, and ``--lf`` / ``-k`` need them stable too."""
    if isinstance(val, str) and _UUID.search(val):
        return _UUID.sub("<uuid>", val)
    return None


def fixture_path(*parts: str) -> Path:
    return FIXTURES.joinpath(*parts)


def fixture_text(*parts: str) -> str:
    return fixture_path(*parts).read_text(encoding="utf-8")


def fixture_bytes(*parts: str) -> bytes:
    return fixture_path(*parts).read_bytes()


@pytest.fixture(autouse=True)
def _no_rate_limit_wait(monkeypatch):
    """Tests never sleep for the per-host rate limiter or backoff."""
    from medseba import http

    http.rate_limiter.reset()
    monkeypatch.setattr(http, "_sleep", lambda seconds: None)
    yield


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """PBKDF2's deliberate slowness (about 0.3 s a user) only slows the tests down; no test is about the hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def no_dispatch(monkeypatch) -> list[tuple[str, str]]:
    """Submitting must not reach a broker: record what would be scheduled, as (search ref, stage)."""
    from search import services

    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: sent.append((ref, stage)))
    return sent
