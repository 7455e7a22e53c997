"""Issue 13, item 1: hostile bodies are bad input (400/413 in the error shape), never a 500 or an ERROR line.

A 2 kB body nested 1,000 levels deep used to raise RecursionError in the JSON parser, and a body
over DATA_UPLOAD_MAX_MEMORY_SIZE raised RequestDataTooBig; both answered 500 with a traceback
in the log (the debug page in development). Each case runs with DEBUG off (production) and on
(development), on the endpoints the probe hit: search create, signup, login and folder create.
"""
from __future__ import annotations

import json
import logging

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import RequestDataTooBig
from django.test import Client

from medseba.api.errors import api_exception_handler, too_large_message
from medseba.parsers import MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, json_depth_exceeds

from .conftest import error_of

ENDPOINTS = ["/api/searches/", "/api/accounts/signup/", "/api/accounts/login/", "/api/folders/"]
MODES = [pytest.param(False, id="production"), pytest.param(True, id="development")]


def nested(levels: int) -> str:
    return '{"question": ' + "[" * levels + "]" * levels + "}"


def oversized() -> str:
    return json.dumps({"question": "x" * (django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)})


def client_for_path(path: str, web: Client, as_alice) -> Client:
    """Folder create needs a signed-in user; the others are open to signed-out visitors."""
    if path != "/api/folders/":
        return web
    as_alice.raise_request_exception = False
    return as_alice


def assert_no_error_records(records: list[logging.LogRecord]) -> None:
    bad = [(r.name, r.getMessage()) for r in records if r.levelno >= logging.ERROR]
    assert bad == []


@pytest.mark.django_db
@pytest.mark.parametrize("debug", MODES)
@pytest.mark.parametrize("path", ENDPOINTS)
def test_deeply_nested_json_is_a_400(path, debug, settings, web, as_alice, every_record, no_dispatch):
    settings.DEBUG = debug
    body = nested(1000)
    assert len(body) < 2100  # the probe's 2 kB body
    error = error_of(client_for_path(path, web, as_alice).post(path, body, content_type="application/json"), 400)
    assert error["code"] == "parse_error" and error["message"] == TOO_DEEP_MESSAGE
    assert_no_error_records(every_record.records)
    assert no_dispatch == []


@pytest.mark.django_db
@pytest.mark.parametrize("debug", MODES)
def test_nesting_just_over_the_limit_is_refused_and_normal_bodies_pass(debug, settings, web, every_record, no_dispatch):
    settings.DEBUG = debug
    error = error_of(web.post("/api/searches/", nested(MAX_JSON_DEPTH), content_type="application/json"), 400)
    assert error["message"] == TOO_DEEP_MESSAGE  # {"question": [...x16]} is 17 levels
    ok = web.post("/api/searches/", {"question": "Do statins lower LDL cholesterol?",
                                      "filters": {"publication_types": ["Meta-Analysis"]}}, content_type="application/json")
    assert ok.status_code == 202, ok.content
    assert_no_error_records(every_record.records)


@pytest.mark.django_db
@pytest.mark.parametrize("debug", MODES)
@pytest.mark.parametrize("path", ENDPOINTS)
def test_oversized_json_body_is_a_413(path, debug, settings, web, as_alice, every_record, no_dispatch):
    settings.DEBUG = debug
    response = client_for_path(path, web, as_alice).post(path, oversized(), content_type="application/json")
    error = error_of(response, 413)
    assert error["code"] == "too_large"
    assert error["message"] == too_large_message(django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    assert_no_error_records(every_record.records)
    assert no_dispatch == []


@pytest.mark.django_db
@pytest.mark.parametrize("debug", MODES)
def test_oversized_form_body_is_a_413_too(debug, settings, web, every_record):
    """A form body is read by the CSRF check (request.POST) before any parser: refused before that."""
    settings.DEBUG = debug
    form = "username=a&password=" + "x" * (django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    response = web.post("/api/accounts/login/", form, content_type="application/x-www-form-urlencoded")
    assert error_of(response, 413)["code"] == "too_large"
    admin = web.post("/admin/login/", form, content_type="application/x-www-form-urlencoded")
    assert admin.status_code == 413 and admin["Content-Type"].startswith("text/plain")
    assert_no_error_records(every_record.records)


def test_request_data_too_big_raised_inside_a_view_is_a_413():
    """A body that slipped past the middleware (no Content-Length declared) still answers 413, not 500."""
    response = api_exception_handler(RequestDataTooBig("too big"), {"view": None})
    assert response.status_code == 413 and response.data["error"]["code"] == "too_large"


def test_depth_check_is_iterative_and_exact():
    deep: list = []
    for _ in range(50_000):  # far past the recursion limit: the check itself must not recurse
        deep = [deep]
    assert json_depth_exceeds(deep, MAX_JSON_DEPTH)
    assert not json_depth_exceeds({"a": {"b": [1, 2, {"c": []}]}}, 5)  # dict, dict, list, dict, list
    assert json_depth_exceeds({"a": {"b": [1, 2, {"c": []}]}}, 4)
    assert not json_depth_exceeds("plain", 0)
