"""Fixtures for the hardening tests: every log record of every logger, clients, the error shape."""
from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from django.test import Client

from tests.accounts.conftest import (  # noqa: F401  (fixtures, registered by import)
    alice,
    as_alice,
    make_user,
)
from tests.search.conftest import _isolated_cache  # noqa: F401


class RecordList(logging.Handler):
    """Keeps every record it sees, unformatted, so a test can inspect each attribute."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def every_record() -> Iterator[RecordList]:
    """A handler on the root logger AND on every logger that does not propagate, all at DEBUG."""
    handler = RecordList()
    touched: list[tuple[logging.Logger, int]] = []
    root = logging.getLogger()
    loggers = [root] + [lg for lg in logging.Logger.manager.loggerDict.values() if isinstance(lg, logging.Logger)]
    for lg in loggers:
        touched.append((lg, lg.level))
        lg.setLevel(logging.DEBUG)
        if lg is root or not lg.propagate:
            lg.addHandler(handler)
    yield handler
    for lg, level in touched:
        lg.setLevel(level)
        lg.removeHandler(handler)


@pytest.fixture
def web() -> Client:
    """A signed-out browser-like client; server errors come back as responses, not raised exceptions."""
    return Client(raise_request_exception=False)


def error_of(response, status: int) -> dict:
    """The body's ``error`` object, after checking the status and the one error shape."""
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message", "fields"}, body
    return body["error"]
