"""A broker restart loses no search and kills no worker (issue 21), with a REAL worker and a REAL Redis restart.

The shared Redis on 6379 is never touched: this test starts its own throwaway Redis (no
persistence, like medseba/scripts/services starts the development one) on a free port, as
the worker's broker and its REDIS_URL, and restarts it while a search is in flight. The
worker runs as the run command runs it: prefork pool, beat embedded (the recovery
watchdog), acks_late stages. Before the medseba.broker transport this worker died with
``AttributeError("'NoneType' object has no attribute 'hostname'")``.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from search import heartbeat
from search.benchmarks._stack import PrivateRedis
from search.store import redis_client

from .conftest import ROOT, Worker, _reset_producer, celery_conf, worker_env

pytestmark = [pytest.mark.worker, pytest.mark.slow]

URL = "/api/searches/"
BEFORE = "Are triptans effective for the acute treatment of migraine?"
AFTER = "Do proton pump inhibitors heal erosive esophagitis?"
DONE_WITHIN = 240.0  # seconds after the restart; generous for a shared 2-core machine


@pytest.fixture
def client(settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], anon=None, user=None)
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    return APIClient()


@pytest.fixture
def broker(tmp_path, settings):
    """The throwaway Redis as broker (DB 1) and REDIS_URL (DB 0) for the worker and this process."""
    redis = PrivateRedis(tmp_path)
    redis.start()
    settings.REDIS_URL = redis.url(0)
    redis_client.cache_clear()
    queue = f"restart-test-{uuid.uuid4().hex[:8]}"
    os.environ["CELERY_BROKER_URL"] = redis.url(1)  # Celery prefers it to broker_url (see conftest.send_to)
    try:
        with celery_conf(broker_url=redis.url(1), task_default_queue=queue, task_always_eager=False) as app:
            _reset_producer(app)
            yield redis, queue
    finally:
        os.environ.pop("CELERY_BROKER_URL", None)
        from medseba.celery import app

        _reset_producer(app)
        redis.stop()
        redis_client.cache_clear()


def _start_worker(tmp: Path, *, redis: PrivateRedis, queue: str) -> Worker:
    env = worker_env(
        broker_url=redis.url(1), queue=queue, REDIS_URL=redis.url(0),
        MEDSEBA_RESCHEDULE_AFTER="10", MEDSEBA_WATCHDOG_EVERY="2", MEDSEBA_WORKER_HEARTBEAT="1",
    )
    log = tmp / "worker.log"
    with log.open("wb") as handle:
        proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "medseba", "worker", "-B", "--schedule", str(tmp / "beat"),
             "--concurrency=1", "-l", "INFO", "-Q", queue, "-n", f"restart-{queue}@%h",
             "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True,
        )
    return Worker(name="restart", queue=queue, log=log, proc=proc, env=env)


def _wait(client, url: str, until, *, timeout: float) -> dict:
    deadline = time.monotonic() + timeout
    doc: dict = {}
    while time.monotonic() < deadline:
        response = client.get(url)
        if response.status_code == 200:  # 503 while Redis restarts
            doc = response.json()
            if until(doc):
                return doc
        time.sleep(0.2)
    raise AssertionError(f"timed out: status={doc.get('status')} stage={doc.get('stage')} error={doc.get('error')}")


def test_worker_survives_a_broker_restart_and_no_search_is_lost(client, corpus_slice, broker, tmp_path):
    redis, queue = broker
    worker = _start_worker(tmp_path, redis=redis, queue=queue)
    try:
        worker.wait_ready(timeout=300)
        first = client.post(URL, {"question": BEFORE}, format="json").json()
        in_flight = _wait(client, first["url"], lambda d: d["progress"] > 0 or d["status"] != "queued", timeout=300)
        assert in_flight["status"] == "running" and in_flight["service"]["workers_alive"] is True

        redis.restart()  # every queue, unacked message and heartbeat is gone
        restarted = time.monotonic()
        # Then a longer outage: a search submitted while the broker is away is accepted (its first stage
        # cannot be sent, even after the publish retries), and the recovery watchdog sends it once it is back.
        redis.stop()
        second = client.post(URL, {"question": AFTER}, format="json")
        redis.start()
        assert second.status_code == 202, second.content
        docs = [_wait(client, body["url"], lambda d: d["status"] in ("done", "failed"), timeout=DONE_WITHIN)
                for body in (first, second.json())]
        took = time.monotonic() - restarted
        assert [d["status"] for d in docs] == ["done", "done"], [d["error"] for d in docs]
        assert all(d["papers"] and d["answer"] for d in docs)
        assert worker.proc.poll() is None, worker.output()[-3000:]  # the worker is still alive...
        assert heartbeat.workers_alive(queue)  # ...and says so again
        log = worker.output()
        assert "Connection to broker lost" in log
        assert "Unrecoverable error" not in log and "'hostname'" not in log
        assert "scheduled again" in log  # the second search's first stage came from the recovery watchdog
        print(f"both searches done {took:.1f} s after the broker restart")
    finally:
        worker.stop()
