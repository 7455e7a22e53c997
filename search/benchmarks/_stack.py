"""A private broker and a supervised worker, for the recovery benchmarks (``restart``, ``kill``) and their tests.

Broker restarts and ``kill -9`` must never touch the shared Redis on 6379 or anybody's
worker, so each run starts its OWN Redis (no persistence, exactly as
``medseba/scripts/services`` starts the development one: a restart loses every queue,
unacknowledged message, heartbeat and anonymous search) on a free port, and its OWN worker
on a private queue, started the way the run command starts it: ``medseba/scripts/supervise``
around ``celery worker -B`` (prefork, embedded beat for the recovery watchdog). This process
is pointed at the same Redis and queue while the benchmark runs (:func:`pointed_at`), so the
API it calls submits to that worker.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings

SUPERVISE = Path(settings.BASE_DIR) / "medseba" / "scripts" / "supervise"
RESTARTED_LINE = "supervisor: the worker exited"


@contextmanager
def stopped_cleanly_on_sigterm() -> Iterator[None]:
    """SIGTERM (a ``timeout`` around the benchmark) raises, so ``finally`` stops the private Redis and workers."""

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PrivateRedis:
    """A redis-server subprocess of this run only, without persistence: a restart loses everything."""

    def __init__(self, workdir: Path):
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--daemonize", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("private redis-server did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)

    def restart(self) -> None:
        self.stop()
        self.start()


def _children(pid: int) -> list[int]:
    """Direct children of ``pid`` (from /proc; no psutil needed)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces, so split after the last ")".
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


class SupervisedWorker:
    """``supervise worker LOG -- celery -A medseba worker -B`` on ``queue``, with ``env`` over this process's."""

    def __init__(self, *, queue: str, redis: PrivateRedis, workdir: Path, env: dict[str, str] | None = None,
                 concurrency: int = 2, name: str = "worker", beat: bool = True):
        self.queue = queue
        self.name = f"{name}-{queue}@{socket.gethostname()}"  # the node name its heartbeat is written under
        self.log = workdir / f"{name}.log"
        self.log.touch()
        self.env = {
            **os.environ,
            "CELERY_BROKER_URL": redis.url(1),
            "CELERY_RESULT_BACKEND": redis.url(2),
            "REDIS_URL": redis.url(0),
            "MEDSEBA_CELERY_QUEUE": queue,
            "MEDSEBA_LOG_LEVEL": "INFO",
            "HF_HUB_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1",
            **(env or {}),
        }
        self.env.setdefault("MEDSEBA_SOURCE", "local")
        command = [
            "bash", str(SUPERVISE), "worker", str(self.log), "--",
            sys.executable, "-m", "celery", "-A", "medseba", "worker",
            *(["-B", "--schedule", str(workdir / f"{name}.beat")] if beat else []),
            f"--concurrency={concurrency}", "-l", "INFO", "-Q", queue, "-n", self.name,
            "--without-gossip", "--without-mingle",
        ]
        self.proc = subprocess.Popen(command, cwd=settings.BASE_DIR, env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def ready_count(self) -> int:
        return self.output().count(" ready.")

    def wait_ready(self, *, count: int = 1, timeout: float = 600.0) -> None:
        """Until the worker said "ready." ``count`` times in all (each start after a restart says it once)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.ready_count() >= count:
                return
            if self.proc.poll() is not None:
                raise RuntimeError(f"supervisor exited:\n{self.output()[-3000:]}")
            time.sleep(0.2)
        raise RuntimeError(f"worker not ready after {timeout:.0f} s:\n{self.output()[-3000:]}")

    def restarts(self) -> int:
        """How many times the supervisor had to start the worker again."""
        return self.output().count(RESTARTED_LINE)

    def worker_pids(self) -> list[int]:
        """The Celery main process and all of its children (pool processes, embedded beat)."""
        main = _children(self.proc.pid)
        return main + [c for pid in main for c in _children(pid)]

    def kill9(self) -> list[int]:
        """SIGKILL to every process of the worker at once (not the supervisor): a crashed worker, no cleanup."""
        pids = self.worker_pids()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return pids

    def stop(self) -> None:
        """TERM to the supervisor, which stops the worker (TERM, then KILL) and exits; KILL the group if not."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=40)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)


class Beat:
    """A separate ``celery beat`` (the watchdog's schedule), as a deployment with several workers runs it."""

    def __init__(self, worker: SupervisedWorker, workdir: Path):
        self.log = workdir / "beat.log"
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "medseba", "beat", "--schedule", str(workdir / "beat.schedule"),
                 "-l", "INFO"],
                cwd=settings.BASE_DIR, env=worker.env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            )

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)


def running_on(ref: str) -> str | None:
    """The node name of the worker running a stage of search ``ref`` right now (Celery's remote control)."""
    from medseba.celery import app

    for worker, tasks in (app.control.inspect(timeout=1.0).active() or {}).items():
        if any(ref in str(task.get("args")) for task in tasks):
            return worker
    return None


def _reset_producer(app: Any) -> None:
    """Forget pooled broker connections so the next send uses the (re)configured broker."""
    from kombu import pools

    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


@contextmanager
def pointed_at(redis: PrivateRedis, queue: str) -> Iterator[None]:
    """This process's API sends to ``queue`` on the private Redis, reads it as REDIS_URL, and is not throttled."""
    from medseba.celery import app
    from search.store import redis_client

    old_conf = {k: app.conf.get(k) for k in ("broker_url", "task_default_queue", "task_always_eager")}
    old_env = os.environ.get("CELERY_BROKER_URL")
    old_redis = settings.REDIS_URL
    old_rest = settings.REST_FRAMEWORK
    # Celery prefers CELERY_BROKER_URL from the environment to broker_url.
    os.environ["CELERY_BROKER_URL"] = redis.url(1)
    app.conf.update(broker_url=redis.url(1), task_default_queue=queue, task_always_eager=False)
    settings.REDIS_URL = redis.url(0)
    redis_client.cache_clear()
    # Every throttle scope unlimited (the throttles read their rate per request): the benchmark polls a lot.
    rates = {scope: None for scope in old_rest.get("DEFAULT_THROTTLE_RATES", {})}
    settings.REST_FRAMEWORK = {**old_rest, "DEFAULT_THROTTLE_RATES": rates}
    _reset_producer(app)
    try:
        yield
    finally:
        app.conf.update(old_conf)
        if old_env is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = old_env
        settings.REDIS_URL = old_redis
        redis_client.cache_clear()
        settings.REST_FRAMEWORK = old_rest
        _reset_producer(app)


def submit(client: Any, question: str, ids: list[str]) -> str:
    """POST a (named, not anonymous) search; its id goes to ``ids`` (deleted at the end), its URL is returned."""
    response = client.post("/api/searches/", {"question": question}, format="json")
    if response.status_code != 202:
        raise RuntimeError(f"POST answered {response.status_code}: {response.content[:300]!r}")
    ids.append(response.json()["id"])
    return response.json()["url"]


def follow(client: Any, url: str, until: Callable[[dict], bool], *, timeout: float, every: float = 0.1) -> dict | None:
    """Poll the result document until ``until(doc)``; None on timeout. 503 (Redis restarting) is polled through."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        response = client.get(url)
        if response.status_code == 200:
            doc = response.json()
            if until(doc):
                return doc
        time.sleep(every)
    return None


def workdir(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=f"medseba-{prefix}-"))


def load() -> float:
    return round(os.getloadavg()[0], 1)
