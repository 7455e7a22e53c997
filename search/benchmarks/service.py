"""End-to-end service figures through the API with a real Celery worker (default DB, loaded corpus).

Times, per question, POST /api/searches/ until the first GET that shows papers and until
``done``: cold (result cache bypassed and no cached embedding), then cached (the same
questions again), and N=10 concurrent cold searches all completing. The benchmark starts its
OWN worker (prefork, 2 processes) on a private queue: on a shared machine a worker already
running may serve another database. Each timed pass gets a worker with an embedding namespace
of its own (``MEDSEBA_EMBEDDING_NAMESPACE``), so "cold" does not depend on what earlier runs
or ``embed_corpus`` cached; the namespaces are dropped at the end. Throttling is switched
off for the benchmark's own client only.
"""
from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from django.conf import settings

from ._namespace import drop_namespaces
from ._stats import percentile

NAME = "service"
ORDER = 90

QUESTIONS = [
    "Are triptans effective for the acute treatment of migraine?",
    "Does sumatriptan relieve migraine headache within two hours?",
    "Do proton pump inhibitors heal erosive esophagitis better than H2 blockers?",
    "Is omeprazole effective for gastroesophageal reflux disease?",
    "Do ACE inhibitors reduce mortality in heart failure?",
    "Do beta blockers reduce mortality after myocardial infarction?",
    "Are calcium channel blockers effective for hypertension?",
    "Does methylphenidate improve symptoms of ADHD in children?",
    "Are atypical antipsychotics better than haloperidol for schizophrenia?",
    "Do second generation antihistamines relieve allergic rhinitis?",
    "Does hormone replacement therapy prevent osteoporotic fractures?",
    "Are NSAIDs associated with gastrointestinal bleeding?",
    "Are opioids effective for chronic non-cancer pain?",
    "Does metformin improve glycemic control in type 2 diabetes?",
    "Do sulfonylureas cause hypoglycemia in elderly patients?",
    "Is tolterodine effective for overactive bladder?",
    "Do skeletal muscle relaxants help acute low back pain?",
    "Does celecoxib cause fewer ulcers than naproxen?",
    "Is risperidone effective for bipolar mania?",
    "Does estrogen therapy reduce hot flushes in menopause?",
    "Is oxybutynin effective for urinary incontinence?",
    "Do statins lower cardiovascular events in diabetes?",
]
# Only to load the models in both worker processes; no timed question shares their topics.
WARMUP_QUESTIONS = [
    "Does zinc shorten the common cold?",
    "Is acupuncture effective for knee osteoarthritis?",
    "Does vitamin D prevent falls in older adults?",
    "Do probiotics prevent antibiotic-associated diarrhoea?",
]
CONCURRENT = 10
# The benchmark worker's processes: MEDSEBA_WORKERS, as the run command (medseba/scripts/up) reads it.
WORKER_PROCESSES = int(os.environ.get("MEDSEBA_WORKERS") or 2)


def _summary(values: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(values), 1), "p95_ms": round(percentile(values, 0.95), 1), "n": len(values)}


class _Worker:
    def __init__(self, queue: str, namespace: str):
        self.log = Path(tempfile.mkstemp(prefix="medseba-bench-worker-", suffix=".log")[1])
        env = {**os.environ, "MEDSEBA_CELERY_QUEUE": queue, "HF_HUB_OFFLINE": "1", "MEDSEBA_EMBEDDING_NAMESPACE": namespace}
        env.setdefault("MEDSEBA_SOURCE", "local")
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "medseba", "worker", "--pool=prefork", f"--concurrency={WORKER_PROCESSES}",
                 "-l", "WARNING", "-Q", queue, "-n", f"bench-{queue}@%h", "--without-gossip", "--without-mingle"],
                cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)


# How often a timed client polls. Every GET renders the result document on the same 2 cores
# the worker needs, so ten clients polling every 20 ms would mostly time the polling. The
# web front end polls every POLL_MS of frontend/src/features/results/api/get-search.ts.
POLL_SECONDS = 0.05
CONCURRENT_POLL_SECONDS = 0.25


def _one(
    client, question: str, filters: dict | None = None, timeout: float = 300.0, poll: float = POLL_SECONDS
) -> dict[str, Any]:
    started = time.perf_counter()
    response = client.post("/api/searches/", {"question": question, "filters": filters or {}}, format="json")
    if response.status_code != 202:
        raise RuntimeError(f"POST answered {response.status_code}: {response.content[:300]!r}")
    url = response.json()["url"]
    first_papers = None
    while time.perf_counter() - started < timeout:
        doc = client.get(url).json()
        now = (time.perf_counter() - started) * 1000
        if first_papers is None and doc.get("papers"):
            first_papers = now
        if doc.get("status") in ("done", "failed"):
            return {"status": doc["status"], "first_papers_ms": first_papers, "done_ms": now,
                    "cached": response.json()["cached"], "timings": doc.get("timings_ms") or {}}
        time.sleep(poll)
    return {"status": "timeout", "first_papers_ms": first_papers, "done_ms": None, "cached": False, "timings": {}}


def _warm_up() -> tuple[float, list[dict[str, Any]]]:
    """Load the models in both worker processes (not what is timed); returns seconds taken and results."""
    from rest_framework.test import APIClient

    t0 = time.perf_counter()
    with ThreadPoolExecutor(len(WARMUP_QUESTIONS)) as pool:
        warm = list(pool.map(lambda q: _one(APIClient(), q), WARMUP_QUESTIONS))
    return round(time.perf_counter() - t0, 1), warm


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def run(options: dict[str, Any]) -> dict[str, Any]:
    from rest_framework.test import APIClient

    from medseba.celery import app
    from search.api import views

    n = max(20, int(options.get("questions") or 20))
    questions = (QUESTIONS * (n // len(QUESTIONS) + 1))[:n]
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    old_queue, old_ttl = app.conf.task_default_queue, settings.MEDSEBA_RESULT_TTL
    old_throttles = (views.SearchCreateApi.throttle_classes, views.SearchDetailApi.throttle_classes)
    app.conf.task_default_queue = queue
    views.SearchCreateApi.throttle_classes = views.SearchDetailApi.throttle_classes = []
    namespaces = [f"{queue}-cold", f"{queue}-concurrent"]
    workers: list[_Worker] = []
    client = APIClient()
    # The result cache is per signed-in owner (a signed-out search never reuses one), so the timed searches
    # are asked by a throwaway account; it and its searches are deleted at the end.
    from django.contrib.auth import get_user_model

    asker = get_user_model().objects.create_user(username=f"{queue}-asker")
    client.force_authenticate(user=asker)
    previous_term = signal.signal(signal.SIGTERM, _interrupt)  # so `finally` stops the worker on a timeout kill
    try:
        settings.MEDSEBA_RESULT_TTL = 0  # cold: never reuse a result
        workers.append(_Worker(queue, namespaces[0]))
        warmup_s, warm = _warm_up()
        cold = [_one(client, q) for q in questions]
        settings.MEDSEBA_RESULT_TTL = old_ttl
        cached = [_one(client, q) for q in questions]
        settings.MEDSEBA_RESULT_TTL = 0
        workers[-1].stop()
        workers.append(_Worker(queue, namespaces[1]))  # a fresh namespace: the concurrent searches start cold too
        _warm_up()
        t0 = time.perf_counter()
        with ThreadPoolExecutor(CONCURRENT) as pool:
            conc = list(pool.map(lambda q: _one(APIClient(), q, poll=CONCURRENT_POLL_SECONDS), QUESTIONS[:CONCURRENT]))
        conc_wall = (time.perf_counter() - t0) * 1000
    finally:
        settings.MEDSEBA_RESULT_TTL = old_ttl
        app.conf.task_default_queue = old_queue
        views.SearchCreateApi.throttle_classes, views.SearchDetailApi.throttle_classes = old_throttles
        for worker in workers:
            worker.stop()
        signal.signal(signal.SIGTERM, previous_term)
        drop_namespaces(namespaces)
        asker.delete()
    ok = [r for r in cold if r["status"] == "done"]
    stage_ms = {
        stage: round(statistics.median([r["timings"][stage] for r in ok if stage in r["timings"]]), 1)
        for stage in (ok[0]["timings"] if ok else {})
    }
    return {
        "questions": n,
        "worker": f"own prefork worker, concurrency {WORKER_PROCESSES}, private queue and empty embedding cache; source " + os.environ.get("MEDSEBA_SOURCE", "local"),
        "warmup_s": warmup_s,
        "warmup_statuses": sorted({r["status"] for r in warm}),
        "cold_statuses": {s: sum(r["status"] == s for r in cold) for s in {r["status"] for r in cold}},
        "cold_first_papers": _summary([r["first_papers_ms"] for r in cold if r["first_papers_ms"] is not None]),
        "cold_done": _summary([r["done_ms"] for r in ok]) if ok else "no search finished",
        "cold_stage_median_ms": stage_ms,
        "cached_hits": sum(r["cached"] for r in cached),
        "cached_done": _summary([r["done_ms"] for r in cached if r["done_ms"] is not None]),
        "concurrent_n": CONCURRENT,
        "concurrent_all_done": all(r["status"] == "done" for r in conc),
        "concurrent_statuses": [r["status"] for r in conc],
        "concurrent_wall_ms": round(conc_wall, 1),
        "concurrent_done": _summary([r["done_ms"] for r in conc if r["done_ms"] is not None]),
        "targets": "first papers <= 2000 ms, done <= 4000 ms cold, cached <= 200 ms",
    }
