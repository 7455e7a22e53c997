"""Issue 13, item 2: no anonymous result id reaches any log record or any log output, in any mode.

Django's request logger writes "Not Found: <path>", "Gone: <path>", "Too Many Requests: <path>"
for 4xx answers; in DEBUG its own default console handler printed them unredacted beside the
project's redacted line (60 lines for one throttled client). These tests answer 404, 405, 410 and
429 on an anonymous result with DEBUG off and on, then look at every record every logger made
(message, every text attribute, the request object) and at the text every configured stream
handler actually wrote.
"""
from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from django.test import Client

from medseba.log_filters import redact
from search.store import redis_client, search_ref

from .conftest import error_of

MODES = [pytest.param(False, id="production"), pytest.param(True, id="development")]


@pytest.fixture
def handler_output() -> Iterator[io.StringIO]:
    """Point every StreamHandler of every logger (Django's own included) at one buffer for the test."""
    buffer = io.StringIO()
    swapped: list[tuple[logging.StreamHandler, object]] = []
    loggers = [logging.getLogger()] + [
        lg for lg in logging.Logger.manager.loggerDict.values() if isinstance(lg, logging.Logger)
    ]
    handlers = {id(h): h for lg in loggers for h in lg.handlers}  # one handler can serve several loggers
    for handler in handlers.values():
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler):
            swapped.append((handler, handler.setStream(buffer)))
    yield buffer
    for handler, stream in swapped:
        handler.setStream(stream)


def record_texts(record: logging.LogRecord) -> list[str]:
    """Everything a handler or formatter could print from a record."""
    texts = [record.getMessage(), repr(record.args)]
    texts += [value for value in vars(record).values() if isinstance(value, str)]
    if getattr(record, "request", None) is not None:
        texts.append(repr(record.request))
        texts.append(record.request.get_full_path())
    return texts


def anonymous_search(client: Client) -> str:
    response = client.post("/api/searches/", {"question": "Is my sudden chest pain a heart attack?", "anonymous": True},
                           content_type="application/json")
    assert response.status_code == 202, response.content
    return response.json()["id"]


@pytest.mark.django_db
@pytest.mark.parametrize("debug", MODES)
def test_404_405_410_429_on_an_anonymous_result_log_no_id(debug, settings, web, every_record, handler_output, no_dispatch):
    settings.DEBUG = debug
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    # 2 reads: following the running search (the first GET) counts per search, not as a read (search/progress.py).
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**rates, "anon": "2/min"}}
    public_id = anonymous_search(web)
    url = f"/api/searches/{public_id}/"

    assert web.get(url).status_code == 200
    assert error_of(web.get(url + "no-such-part/"), 404)["code"] == "not_found"
    assert web.get(f"/searches/{public_id}/no-such-page/extra").status_code in (200, 503)  # the SPA shell
    assert web.delete(url).status_code == 405
    redis_client().delete("medseba:anon:" + search_ref(public_id))
    assert error_of(web.get(url), 410)["code"] == "expired"
    assert error_of(web.get(url), 429)["code"] == "throttled"
    assert error_of(web.get(url), 429)["code"] == "throttled"
    # What runserver's request logger writes for every request (the README's run command uses gunicorn
    # without an access log; this is the development server's line).
    logging.getLogger("django.server").info('"%s" %s %s', f"GET {url} HTTP/1.1", "429", "80")

    messages = [r.getMessage() for r in every_record.records]
    for reason in ("Not Found", "Method Not Allowed", "Gone", "Too Many Requests"):
        assert any(m.startswith(f"{reason}: /api/searches/<anonymous>/") for m in messages), (reason, messages)
    for record in every_record.records:
        for text in record_texts(record):
            assert public_id not in text, (record.name, text)
    written = handler_output.getvalue()
    assert "Too Many Requests: /api/searches/<anonymous>/" in written  # the handlers did write these lines
    assert public_id not in written


@pytest.mark.parametrize("debug", MODES)
def test_any_logger_is_redacted_at_record_creation(debug, settings, every_record):
    """A record from any logger (a library, a worker, a future view) is redacted before any handler sees it."""
    settings.DEBUG = debug
    token = "Abc_-" * 8 + "xyz"
    logging.getLogger("some.library").warning("fetched %s then %s", f"/api/searches/{token}/", f"/searches/{token}")
    (record,) = [r for r in every_record.records if r.name == "some.library"]
    assert record.getMessage() == "fetched /api/searches/<anonymous>/ then /searches/<anonymous>"
    assert token not in repr(record.args)


def test_signed_in_search_ids_are_left_alone():
    path = "/api/searches/0b6f2c1e-8f7a-4a59-9a77-1f7f1d6c2b10/"
    assert redact(f"Not Found: {path}") == f"Not Found: {path}"
