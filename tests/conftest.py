"""Shared test helpers: paths to the read-only shared fixtures and data."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

pytest_plugins = ["tests.fast_lane"]  # --fast: the fast lane (tests/fast_lane.py)

SHARED = settings.SHARED_DIR
FIXTURES = SHARED / "fixtures"
DATA = SHARED / "data"


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


@pytest.fixture
def no_dispatch(monkeypatch) -> list[tuple[str, str]]:
    """Submitting must not reach a broker: record what would be scheduled, as (search ref, stage)."""
    from search import services

    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: sent.append((ref, stage)))
    return sent
