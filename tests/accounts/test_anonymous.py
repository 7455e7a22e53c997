"""Anonymous mode, proved: a signed-in user's anonymous search leaves nothing in PostgreSQL or the logs.

After each anonymous search EVERY table of the database is scanned (rows cast to text) and the
captured log output (all loggers at DEBUG; the worker's log file when a real worker ran it) is
searched for the question. The result page works until its Redis key expires, then answers 410.
"""
from __future__ import annotations

import logging
import time

import pytest

from search.store import redis_client, search_ref

from .conftest import error, submit, tables_containing

EXPIRED = {"code": "expired", "message": "this anonymous result has expired", "fields": {}}
UNREACHABLE = "http://127.0.0.1:9/"


@pytest.fixture
def all_logs(caplog):
    """caplog at DEBUG for every logger, also those that do not propagate to the root logger."""
    caplog.set_level(logging.DEBUG)
    attached = []
    for name, lg in list(logging.Logger.manager.loggerDict.items()):
        if isinstance(lg, logging.Logger):
            caplog.set_level(logging.DEBUG, logger=name)
            if not lg.propagate and caplog.handler not in lg.handlers:
                lg.addHandler(caplog.handler)
                attached.append(lg)
    yield caplog
    for lg in attached:
        lg.removeHandler(caplog.handler)


def _wait_until_gone(key: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while redis_client().exists(key):
        assert time.monotonic() < deadline, "the Redis key never expired"
        time.sleep(0.2)


def _assert_no_trace(question: str, *, public_id: str, logs: str) -> None:
    assert tables_containing(question) == {}
    assert tables_containing(public_id) == {}
    assert tables_containing(search_ref(public_id)) == {}
    lowered = logs.lower()
    assert question.lower() not in lowered
    assert public_id.lower() not in lowered


def _expire_and_check_410(client, body: dict) -> None:
    key = "medseba:anon:" + search_ref(body["id"])
    redis_client().expire(key, 2)  # a short TTL, set by the test
    assert client.get(body["url"]).status_code == 200  # still there...
    _wait_until_gone(key)
    assert error(client.get(body["url"]), 410) == EXPIRED  # ...and then expired


@pytest.mark.django_db
def test_signed_in_user_switches_anonymous_on_and_the_result_expires(as_alice, no_dispatch, all_logs, settings):
    settings.MEDSEBA_ANONYMOUS_TTL = 2
    question = "Could my recurring night sweats be lymphoma?"
    body = submit(as_alice, question, anonymous=True)
    assert body["anonymous"] is True and body["cached"] is False
    doc = as_alice.get(body["url"]).json()
    assert doc["question"] == question and doc["anonymous"] is True and doc["expires_at"]
    assert as_alice.get("/api/history/").json()["count"] == 0
    assert as_alice.get("/api/accounts/topics/").json() == []
    _assert_no_trace(question, public_id=body["id"], logs=all_logs.text)
    ttl = redis_client().ttl("medseba:anon:" + search_ref(body["id"]))
    assert 0 < ttl <= 2
    _wait_until_gone("medseba:anon:" + search_ref(body["id"]))
    assert error(as_alice.get(body["url"]), 410) == EXPIRED


@pytest.fixture
def offline_pipeline(settings):
    """The real stages on the local corpus; enrichment services unreachable; no LLM."""
    settings.MEDSEBA_SOURCE = "local"
    settings.MEDSEBA_LLM_BASE_URL = ""
    for name in ("MEDSEBA_ICITE_URL", "MEDSEBA_S2_URL", "MEDSEBA_PMC_OA_URL", "MEDSEBA_PMC_IDCONV_URL", "MEDSEBA_EUTILS_URL"):
        setattr(settings, name, UNREACHABLE)


@pytest.mark.slow
def test_anonymous_search_through_the_real_pipeline_in_process(corpus_slice, eager_celery, offline_pipeline, as_alice, all_logs):
    question = "Does sumatriptan relieve my migraine headache within two hours?"
    body = submit(as_alice, question, anonymous=True)
    doc = as_alice.get(body["url"]).json()
    assert doc["status"] == "done", doc["error"]
    assert doc["papers"] and doc["question"] == question and doc["anonymous"] is True
    assert all_logs.records  # the stages did log (redacted), so the scan below means something
    _assert_no_trace(question, public_id=body["id"], logs=all_logs.text)
    assert as_alice.get("/api/history/").json()["count"] == 0
    _expire_and_check_410(as_alice, body)


@pytest.mark.slow
@pytest.mark.worker
def test_anonymous_search_through_a_real_worker(corpus_slice, worker, send_to, as_alice, all_logs, settings):
    from tests.search.conftest import wait_for

    # Polling reads faster than the per-user read throttle allows; that throttle is not under test here.
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**rates, "user": "100000/min"}}
    send_to(worker.queue)
    question = "Does taking omeprazole for reflux for years cause problems?"
    body = submit(as_alice, question, anonymous=True)
    doc = wait_for(as_alice, body["url"], until=lambda d: d["status"] in ("done", "failed"), every=0.5)
    assert doc["status"] == "done", doc["error"]
    assert doc["papers"] and doc["anonymous"] is True
    time.sleep(0.5)  # let the worker flush its last log lines
    worker_log = worker.output()
    assert "search.run_stage" in worker_log  # the worker did log its tasks
    _assert_no_trace(question, public_id=body["id"], logs=all_logs.text + worker_log)
    assert as_alice.get("/api/history/").json()["count"] == 0
    _expire_and_check_410(as_alice, body)
