"""Issue 13, item 8: PostgreSQL going away answers 503 with Retry-After in the error shape, never a 500.

The outage is real: the test closes Django's connection and points it at a port where nothing
listens, so every query raises psycopg's own "connection refused" OperationalError, as a
restarting database does. Both modes: production (DRF's exception handler) and development
(where an unexpected error used to become the debug page).
"""
from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Iterator

import pytest
from django.db import OperationalError, connection
from django.test import RequestFactory

from medseba import db_outage
from medseba.api.errors import api_500

from .conftest import error_of

MODES = [pytest.param(False, id="production"), pytest.param(True, id="development")]
DEAD_PORT = "9"  # discard: connection refused at once


@pytest.fixture
def database_down(transactional_db) -> Iterator[None]:
    """PostgreSQL unreachable for the duration of the test; restored before pytest-django cleans up."""
    saved = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = DEAD_PORT
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["PORT"] = saved


@pytest.mark.parametrize("debug", MODES)
@pytest.mark.parametrize(
    ("path", "signed_in"),
    [(f"/api/searches/{uuid.uuid4()}/", False), ("/api/documents/10526582/", False),
     ("/api/history/", True), ("/api/folders/", True)],
)
def test_api_answers_503_with_retry_after(path, signed_in, debug, settings, web, as_alice, every_record, request):
    client = as_alice if signed_in else web  # the session is stored before the database goes away
    client.raise_request_exception = False
    request.getfixturevalue("database_down")
    settings.DEBUG = debug
    response = client.get(path)
    error = error_of(response, 503)
    assert error["code"] == "unavailable" and error["message"] == db_outage.MESSAGE
    assert response["Retry-After"] == str(db_outage.RETRY_AFTER_SECONDS)
    assert not [r for r in every_record.records if r.exc_info], "no traceback logged for an outage"
    assert any(r.name == "medseba.db_outage" and r.levelno == logging.WARNING for r in every_record.records)


def test_signed_in_session_read_during_outage_is_503(settings, as_alice, database_down):
    as_alice.raise_request_exception = False
    response = as_alice.get("/api/accounts/me/")
    error_of(response, 503)
    assert response["Retry-After"]


def _real_outage_error() -> OperationalError:
    try:
        connection.ensure_connection()
    except OperationalError as exc:
        return exc
    raise AssertionError("the dead port accepted a connection")


def test_classification_of_real_errors(database_down):
    exc = _real_outage_error()
    assert db_outage.is_database_outage(exc)
    assert not db_outage.is_database_outage(ValueError("x"))


def test_handler500_turns_an_outage_raised_in_a_middleware_into_503(database_down):
    request = RequestFactory().get("/api/searches/")
    try:
        raise _real_outage_error()
    except OperationalError:
        response = api_500(request)  # as Django calls it: inside the except block
    assert response.status_code == 503 and response["Retry-After"]
    assert json.loads(response.content)["error"]["code"] == "unavailable"
    other = RequestFactory().get("/about")
    try:
        raise _real_outage_error()
    except OperationalError:
        page = api_500(other)
    assert page.status_code == 503 and page["Content-Type"].startswith("text/plain")


def test_middleware_answers_for_non_drf_views_and_leaves_other_errors(database_down):
    middleware = db_outage.DatabaseOutageMiddleware(lambda request: None)
    request = RequestFactory().get("/admin/")
    response = middleware.process_exception(request, _real_outage_error())
    assert response is not None and response.status_code == 503 and response["Retry-After"]
    assert middleware.process_exception(request, KeyError("x")) is None
