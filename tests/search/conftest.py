"""Fixtures for the search service: isolated cache keys, eager Celery, a corpus slice, real workers.

Worker tests use ``transactional_db``: rows are committed into pytest-django's test database,
and each worker subprocess gets a DATABASE_URL naming that same database, so the worker and
the test see the same searches and papers. Each worker consumes its own queue on a broker
Redis DB of its own, so parallel runs never steal each other's tasks.
"""
from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import DATA

from .llm_helpers import answer_llm  # noqa: F401 - fixture, registered by import

ROOT = Path(settings.BASE_DIR)
CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"
BROKER_URL = "redis://127.0.0.1:6379/13"
# Topics of the demo corpus the worker tests ask about.
SLICE_TOPICS = {"Triptans": 250, "ProtonPumpInhibitors": 250}
UNREACHABLE = "http://127.0.0.1:9/"  # discard port: connection refused at once


@pytest.fixture(autouse=True)
def _isolated_cache(settings):
    """A fresh key prefix per test: throttle counters and cached flags never leak between tests or engineers."""
    caches = {k: dict(v) for k, v in settings.CACHES.items()}
    caches["default"]["KEY_PREFIX"] = f"test-h7-{uuid.uuid4().hex[:12]}"
    settings.CACHES = caches
    yield


@contextmanager
def celery_conf(**values):
    """Change the Celery app's configuration for a while (monkeypatch cannot undo Celery's settings object)."""
    from medseba.celery import app

    old = {k: app.conf.get(k) for k in values}
    app.conf.update(values)
    try:
        yield app
    finally:
        app.conf.update(old)


@pytest.fixture
def eager_celery():
    """Tasks run in-process (unit tests only)."""
    with celery_conf(task_always_eager=True, task_eager_propagates=True) as app:
        yield app


@pytest.fixture(scope="session")
def corpus_slice_file(tmp_path_factory) -> Path:
    """A few hundred real records of the demo corpus (two drug-class topics), as a JSON Lines file."""
    wanted = dict(SLICE_TOPICS)
    out = tmp_path_factory.mktemp("corpus") / "slice.jsonl"
    with gzip.open(CORPUS, "rt", encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        for line in src:
            rec = json.loads(line)
            topics = [r["topic"] for r in rec.get("reviews") or []]
            topic = next((t for t in topics if wanted.get(t, 0) > 0), None)
            if topic and rec.get("title"):
                wanted[topic] -= 1
                dst.write(line)
            if not any(wanted.values()):
                break
    return out


@pytest.fixture
def corpus_slice(corpus_slice_file, transactional_db) -> int:
    """Load the slice with the sources engineer's loader; returns how many papers are stored."""
    from documents.loading import load_corpus_files
    from documents.models import Paper

    load_corpus_files([corpus_slice_file], progress=False)
    count = Paper.objects.count()
    assert count >= 400 and not Paper.objects.filter(search_vector__isnull=True).exists()
    return count


# --- real Celery workers --------------------------------------------------------------------

@dataclass
class Worker:
    name: str
    queue: str
    log: Path
    proc: subprocess.Popen
    env: dict[str, str] = field(default_factory=dict)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_ready(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if " ready." in self.output():
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker {self.name} exited:\n{self.output()[-3000:]}")
            time.sleep(0.2)
        raise RuntimeError(f"worker {self.name} not ready after {timeout}s:\n{self.output()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no acknowledgement, exactly like a crashed machine."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def worker_database_url() -> str:
    db = settings.DATABASES["default"]
    auth = db.get("USER") or "postgres"
    if db.get("PASSWORD"):
        auth += f":{db['PASSWORD']}"
    return f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def worker_env(*, broker_url: str, queue: str, **extra: str) -> dict[str, str]:
    """A worker subprocess's environment: this test database, ``queue`` on ``broker_url``, the local corpus,
    every external service unreachable and no LLM; ``extra`` on top."""
    return {
        **os.environ,
        "DATABASE_URL": worker_database_url(),
        "CELERY_BROKER_URL": broker_url,
        "MEDSEBA_CELERY_QUEUE": queue,
        "MEDSEBA_SOURCE": "local",
        "MEDSEBA_LOG_LEVEL": "INFO",
        "HF_HUB_OFFLINE": "1",
        # Enrichment services unreachable, deterministically and fast (this machine is offline anyway).
        "MEDSEBA_ICITE_URL": UNREACHABLE,
        "MEDSEBA_S2_URL": UNREACHABLE,
        "MEDSEBA_PMC_OA_URL": UNREACHABLE,
        "MEDSEBA_PMC_IDCONV_URL": UNREACHABLE,
        "MEDSEBA_EUTILS_URL": UNREACHABLE,
        "MEDSEBA_CTGOV_URL": UNREACHABLE,
        "MEDSEBA_LLM_BASE_URL": "",
        **extra,
    }


def start_worker(tmp_dir: Path, *, queue: str, name: str, extra_env: dict[str, str] | None = None) -> Worker:
    env = worker_env(broker_url=BROKER_URL, queue=queue, **(extra_env or {}))
    log = tmp_dir / f"{name}.log"
    handle = log.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "medseba", "worker", "--pool=solo", "-l", "INFO", "-Q", queue,
         "-n", f"{name}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True,
    )
    handle.close()
    return Worker(name=name, queue=queue, log=log, proc=proc, env=env)


@pytest.fixture
def send_to(monkeypatch):
    """Point this process's Celery producer at the test broker and ``queue``."""
    from medseba.celery import app

    # Celery prefers a CELERY_BROKER_URL in the environment to broker_url: without this, a
    # developer who exports one sends the tests' tasks where no test worker listens.
    monkeypatch.setenv("CELERY_BROKER_URL", BROKER_URL)
    old = {k: app.conf.get(k) for k in ("broker_url", "task_default_queue", "task_always_eager")}

    def point(queue: str) -> None:
        app.conf.update(broker_url=BROKER_URL, task_default_queue=queue, task_always_eager=False)
        _reset_producer(app)

    yield point
    app.conf.update(old)
    _reset_producer(app)


def _reset_producer(app) -> None:
    """Forget pooled connections so the next send uses the (re)configured broker."""
    from kombu import pools

    pools.reset()  # closes and forgets kombu's process-wide connection/producer pools
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture(scope="session")
def worker(tmp_path_factory, django_db_setup, django_db_blocker) -> Iterator[Worker]:
    """One real worker (solo pool) for the whole session, on its own queue and the test database."""
    w = start_worker(tmp_path_factory.mktemp("workers"), queue=f"h7-test-{uuid.uuid4().hex[:8]}", name="h7main")
    try:
        w.wait_ready()
        yield w
    finally:
        w.stop()  # before pytest-django drops the test database


def wait_for(client, url: str, *, until, timeout: float = 180.0, every: float = 0.2) -> dict:
    """Poll the API until ``until(document)`` holds; returns the last document."""
    deadline = time.monotonic() + timeout
    doc: dict = {}
    while time.monotonic() < deadline:
        response = client.get(url)
        assert response.status_code == 200, response.content
        doc = response.json()
        if until(doc):
            return doc
        time.sleep(every)
    raise AssertionError(f"timed out waiting; last document: status={doc.get('status')} stage={doc.get('stage')} "
                         f"error={doc.get('error')}")


@pytest.fixture
def count_encoded(monkeypatch):
    """Counts the texts sent to the embedding model, still embedding them for real."""
    from search import embeddings

    calls: list[list[str]] = []
    real = embeddings.encode

    def spy(texts):
        calls.append(list(texts))
        return real(texts)

    monkeypatch.setattr(embeddings, "encode", spy)
    return calls
