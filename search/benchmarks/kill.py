"""Dead-worker recovery (issue 13, item 7): seconds from ``kill -9`` of a worker to its search being ``done``.

A worker is killed with SIGKILL, every process of it at once (main process, pool, embedded
beat: a crashed worker, nothing acknowledged or restored), while a stage of a search runs, at
a different stage each time. The stage it held stays in the broker's unacknowledged index,
which kombu gives back only after the visibility timeout (300 s); the recovery watchdog puts
it back in the queue as soon as no live worker's heartbeat holds it (``search/recovery.py``).
Two set-ups, on a private Redis and queue (``_stack``):

- ``alone``: the run command's single worker (``supervise`` around ``celery worker -B``). The
  supervisor starts it again; recovery waits for the new worker's pool to load its models.
- ``with_a_second_worker``: two supervised workers and a separate ``celery beat``; the worker
  whose heartbeat holds the search's stage is killed, the other one recovers it.

Figures: the median and worst kill -> done, how long the killed worker took to say "ready"
again, searches lost. Kills are at least ``SETTLED`` seconds after each worker's last start,
so the supervisor restarts after its normal 2 s, not its crash-loop back-off. Uses the
default database (the loaded corpus); the benchmark's searches are deleted at the end.
"""
from __future__ import annotations

import statistics
import time
import uuid
from typing import Any

from ._stack import (
    Beat, PrivateRedis, SupervisedWorker, follow, running_on,
    load, pointed_at, stopped_cleanly_on_sigterm, submit, workdir,
)

NAME = "kill"
ORDER = 96

POINTS = [("understand recorded", 10), ("retrieve recorded", 30), ("rerank recorded", 50)]
QUESTIONS = [
    "Do ACE inhibitors reduce mortality in heart failure?",
    "Does metformin improve glycemic control in type 2 diabetes?",
    "Is tolterodine effective for overactive bladder?",
    "Are triptans effective for the acute treatment of migraine?",
    "Do proton pump inhibitors heal erosive esophagitis?",
    "Is omeprazole effective for gastroesophageal reflux disease?",
    "Are calcium channel blockers effective for hypertension?",
    "Does methylphenidate improve symptoms of ADHD in children?",
    "Do second generation antihistamines relieve allergic rhinitis?",
]
ATTEMPTS = 3  # questions tried per point
WARMUP = "Do beta blockers reduce mortality after myocardial infarction?"
SETTLED = 62.0  # seconds: the supervisor treats a worker that dies sooner after its start as crash-looping
TIMEOUT = 600.0
TARGET = "recovery far below the 300 s visibility timeout (before: about 400 s)"


def _settle(since: float) -> None:
    time.sleep(max(0.0, SETTLED - (time.monotonic() - since)))


def _one(client: Any, workers: list[SupervisedWorker], question: str, ids: list[str], *, progress: int) -> dict:
    """Submit, wait for ``progress``, SIGKILL the worker holding the search's stage, time until ``done``."""
    url = submit(client, question, ids)
    reached = follow(client, url, lambda d: d["progress"] >= progress or d["status"] not in ("queued", "running"),
                     timeout=TIMEOUT, every=0.02)
    if reached is None or reached["status"] != "running":
        return {"at": None, "status": (reached or {}).get("status", "timeout"), "seconds": None, "ready_again_s": None}
    victim = workers[0]
    if len(workers) > 1:  # the one running a stage of this search now
        ref = url.rstrip("/").rsplit("/", 1)[1]
        deadline = time.monotonic() + 15
        name = None
        while name is None and time.monotonic() < deadline:
            name = running_on(ref)
        victim = next((w for w in workers if w.name == name), None)
        if victim is None:
            return {"at": None, "status": "no stage caught running", "seconds": None, "ready_again_s": None}
    readies = victim.ready_count()
    killed_pids = victim.kill9()
    killed = time.monotonic()
    if client.get(url).json().get("status") in ("done", "failed"):  # it ended before the kill: nothing to recover
        return {"at": None, "status": "ended before the kill", "seconds": None, "ready_again_s": None,
                "_victim": victim}
    ready_again = None
    doc: dict | None = None
    while time.monotonic() - killed < TIMEOUT:
        if ready_again is None and victim.ready_count() > readies:
            ready_again = round(time.monotonic() - killed, 1)
        response = client.get(url)
        if response.status_code == 200 and response.json()["status"] in ("done", "failed"):
            doc = response.json()
            break
        time.sleep(0.2)
    seconds = round(time.monotonic() - killed, 1)
    status = doc["status"] if doc else "lost"
    return {"at": f"{reached['stage']} ({reached['progress']} %)", "killed": victim.name.split("-", 1)[0],
            "processes_killed": len(killed_pids), "status": status, "seconds": seconds if status == "done" else None,
            "ready_again_s": ready_again, "_victim": victim}


def _scenario(client: Any, workers: list[SupervisedWorker], ids: list[str], questions: list[str]) -> list[dict]:
    """One kill per point; each kill at least SETTLED s after every worker's last start."""
    for w in workers:
        w.wait_ready()
    since = {w.name: time.monotonic() for w in workers}
    kills = {w.name: 0 for w in workers}
    follow(client, submit(client, WARMUP, ids), lambda d: d["status"] in ("done", "failed"), timeout=TIMEOUT)
    results: list[dict] = []
    spare = list(questions)
    for label, progress in POINTS:
        for _ in range(ATTEMPTS):  # a stage not caught running is tried again with the next question
            _settle(min(since.values()))
            result = _one(client, workers, spare.pop(0), ids, progress=progress)
            victim = result.pop("_victim", None)
            results.append({"point": label, "load": load(), **result})
            if victim is not None:
                kills[victim.name] += 1
                since[victim.name] = time.monotonic()
                victim.wait_ready(count=1 + kills[victim.name])
            if result["at"] is not None:
                break
    return results


def _summary(results: list[dict], workers: list[SupervisedWorker]) -> dict[str, Any]:
    took = [r["seconds"] for r in results if r["seconds"] is not None]
    ready = [r["ready_again_s"] for r in results if r["ready_again_s"] is not None]
    logs = "".join(w.output() for w in workers)
    return {
        "kills": len(results),
        "median_s": round(statistics.median(took), 1) if took else None,
        "max_s": max(took) if took else None,
        "killed_worker_ready_again_median_s": round(statistics.median(ready), 1) if ready else None,
        "lost": sum(r["status"] != "done" and r["at"] is not None for r in results),
        "missed": sum(r["at"] is None for r in results),  # no stage caught running: tried again
        "runs": results,
        "restarted_by_supervisor": sum(w.restarts() for w in workers),
        "watchdog_put_back_messages": logs.count("put back in the queue"),
        "logs": [str(w.log) for w in workers],
    }


def run(options: dict[str, Any]) -> dict[str, Any]:
    from rest_framework.test import APIClient

    from search.models import Search

    where = workdir("kill")
    redis = PrivateRedis(where)
    redis.start()
    queue = f"bench-kill-{uuid.uuid4().hex[:8]}"
    client = APIClient()
    ids: list[str] = []
    started: list[Any] = []
    figures: dict[str, Any] = {}
    try:
        with stopped_cleanly_on_sigterm(), pointed_at(redis, queue):
            # The run command: one supervised worker with the watchdog's beat embedded; killed, it comes back.
            alone = SupervisedWorker(queue=queue, redis=redis, workdir=where, name="alone")
            started.append(alone)
            figures["alone"] = _summary(_scenario(client, [alone], ids, QUESTIONS), [alone])
            alone.stop()
            # Several workers and a separate beat: a peer runs the watchdog while the killed one restarts.
            peers = [SupervisedWorker(queue=queue, redis=redis, workdir=where, name=n, beat=False) for n in ("a", "b")]
            started.extend(peers)
            beat = Beat(peers[0], where)
            started.append(beat)
            figures["with_a_second_worker"] = _summary(_scenario(client, peers, ids, QUESTIONS), peers)
    finally:
        for proc in started:
            proc.stop()
        redis.stop()
        Search.objects.filter(pk__in=ids).delete()  # the benchmark's searches leave the database again
    return {**figures, "target": TARGET}
