"""End to end with REAL Celery workers, Redis and PostgreSQL over a slice of the demo corpus.

Each test submits through the API (in this process, on the test database) and a worker
subprocess (same database, own broker queue) runs the real pipeline stages.
"""
from __future__ import annotations

import time
import uuid

import pytest
from rest_framework.test import APIClient

from search.models import Search

from .conftest import start_worker, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.slow]

URL = "/api/searches/"
QUESTION = "Are triptans effective for the acute treatment of migraine?"


@pytest.fixture
def client(settings):
    """Polls fast, so read throttling is off here (test_api.py tests throttling)."""
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], anon=None, user=None)
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    return APIClient()


def _submit(client, question=QUESTION, **extra) -> dict:
    response = client.post(URL, {"question": question, **extra}, format="json")
    assert response.status_code == 202, response.content
    return response.json()


def test_submit_poll_until_done_with_papers_before_the_answer(client, corpus_slice, worker, send_to, django_user_model):
    send_to(worker.queue)
    client.force_login(django_user_model.objects.create_user("asker"))  # the result cache is per owner
    body = _submit(client)
    seen: list[dict] = []

    def done(doc):
        seen.append(doc)
        return doc["status"] in ("done", "failed")

    doc = wait_for(client, body["url"], until=done, every=0.05)
    assert doc["status"] == "done", doc["error"]
    assert doc["source"] == "local" and doc["query"]["boolean"]
    assert 1 <= len(doc["papers"]) <= 20 and doc["papers"][0]["rank"] == 1
    assert [p["rank"] for p in doc["papers"]] == sorted(p["rank"] for p in doc["papers"])
    assert doc["charts"] is not None and doc["answer"] is not None
    assert doc["progress"] == 100 and set(doc["timings_ms"]) >= {"understand", "retrieve", "rerank", "chart"}
    progress = [d["progress"] for d in seen]
    assert progress == sorted(progress)  # monotonic
    # Enrichment services are unreachable for this worker: metrics unavailable, listed, search still done.
    assert any(f["stage"] == "enrich" for f in doc["failures"])
    assert all(p["citation_count"] is None for p in doc["papers"])
    # The same question again from the same user (other case, spaces) is served from the result cache at once.
    again = _submit(client, question="  are TRIPTANS effective for the acute treatment of migraine? ")
    assert again["cached"] is True and again["status"] == "done"
    cached = client.get(again["url"]).json()
    assert [p["pmid"] for p in cached["papers"]] == [p["pmid"] for p in doc["papers"]]


def test_anonymous_search_runs_in_redis_and_never_reaches_logs_or_postgres(client, corpus_slice, worker, send_to):
    send_to(worker.queue)
    question = "Do proton pump inhibitors heal erosive esophagitis better than ranitidine?"
    body = _submit(client, question=question, anonymous=True)
    doc = wait_for(client, body["url"], until=lambda d: d["status"] in ("done", "failed"))
    assert doc["status"] == "done", doc["error"]
    assert doc["anonymous"] and doc["papers"] and doc["question"] == question
    assert not Search.objects.filter(question__icontains="proton pump").exists()
    time.sleep(0.5)  # let the worker flush its last log lines
    log = worker.output().lower()
    assert "search.run_stage" in log  # the worker did log its tasks...
    for secret in (question.lower(), "proton pump", "esophagitis", "ranitidine", body["id"].lower()):
        assert secret not in log  # ...but never the question, nor the public id


def test_a_worker_killed_mid_search_leaves_a_search_another_worker_completes(client, corpus_slice, tmp_path, send_to):
    queue = f"h7-kill-{uuid.uuid4().hex[:8]}"
    send_to(queue)
    first = start_worker(tmp_path, queue=queue, name="h7killed")
    second = None
    try:
        first.wait_ready()
        body = _submit(client)
        doc = wait_for(client, body["url"], until=lambda d: d["progress"] >= 10, every=0.02)
        assert doc["status"] == "running" and doc["progress"] < 100
        first.kill()
        stalled = client.get(body["url"]).json()
        assert stalled["status"] == "running"
        # A second worker redelivers the unacknowledged stage once its visibility timeout has passed.
        second = start_worker(tmp_path, queue=queue, name="h7rescuer", extra_env={"MEDSEBA_VISIBILITY_TIMEOUT": "3"})
        second.wait_ready()
        doc = wait_for(client, body["url"], until=lambda d: d["status"] in ("done", "failed"), timeout=240)
        assert doc["status"] == "done", doc["error"]
        assert doc["progress"] == 100 and doc["papers"]
        assert "search.run_stage" in second.output() and "succeeded" in second.output()
    finally:
        first.kill()
        if second is not None:
            second.stop()
