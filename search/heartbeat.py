"""Worker heartbeat: is any worker consuming the queue searches are sent to, right now?

Without it, a search submitted while no worker runs (crashed, restarting, broker away) only
shows a spinner until the watchdog gives up. Each worker's consumer refreshes its entry in a
Redis sorted set per queue (``medseba:workers:<queue>``: member = worker name, score = the
moment the entry stops counting) every MEDSEBA_WORKER_HEARTBEAT seconds from the consumer's
own event loop, so the entry lapses when the process dies, hangs, or loses its broker
connection (Celery stops the consumer's steps then, and the entry is removed at once). The
API reads it on every poll (:func:`service_status`): one ZCOUNT.
"""
from __future__ import annotations

import logging
import time
from typing import Any, TypedDict

from celery import bootsteps
from django.conf import settings

from .store import redis_client

logger = logging.getLogger(__name__)

KEY_PREFIX = "medseba:workers:"
LIVES_FOR = 3  # heartbeat intervals an entry counts after its last refresh
PAUSED_MESSAGE = "Searches are paused while the service restarts. This search will continue when it is back."
RESTARTING_MESSAGE = "The service is restarting; please try again in a moment."


class ServiceStatus(TypedDict):
    workers_alive: bool
    message: str  # "" when a worker is alive


def key_for(queue: str) -> str:
    return KEY_PREFIX + queue


def lifetime() -> float:
    return LIVES_FOR * float(settings.MEDSEBA_WORKER_HEARTBEAT)


def beat(*, worker: str, queues: list[str], client: Any = None) -> None:
    """Record that ``worker`` consumes ``queues`` now; entries older than their lifetime are pruned."""
    client = client or redis_client()
    now = time.time()
    pipe = client.pipeline()
    for queue in queues:
        key = key_for(queue)
        pipe.zadd(key, {worker: now + lifetime()})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.expire(key, max(1, int(lifetime()) + 1))
    pipe.execute()


def forget(*, worker: str, queues: list[str], client: Any = None) -> None:
    """The worker stops consuming (shutdown, lost broker): it no longer counts, without waiting for the lapse."""
    client = client or redis_client()
    pipe = client.pipeline()
    for queue in queues:
        pipe.zrem(key_for(queue), worker)
    pipe.execute()


def workers_alive(queue: str | None = None, *, client: Any = None) -> bool:
    """True when a worker refreshed its heartbeat for ``queue`` (default: where searches are sent) recently."""
    client = client or redis_client()
    return client.zcount(key_for(queue or published_queue()), time.time(), "+inf") > 0


def published_queue() -> str:
    """The queue this process sends stages to (the Celery app's, which tests repoint)."""
    from medseba.celery import app

    return app.conf.task_default_queue


def service_status() -> ServiceStatus:
    """For the result document: a plain sentence when no worker is alive (Redis unreachable counts as none)."""
    try:
        alive = workers_alive()
    except Exception as exc:  # noqa: BLE001 - Redis itself restarting is exactly the case to report
        logger.warning("worker heartbeat unreadable (%s)", type(exc).__name__)
        alive = False
    return {"workers_alive": alive, "message": "" if alive else PAUSED_MESSAGE}


class WorkerHeartbeat(bootsteps.StartStopStep):
    """Consumer bootstep: refresh the heartbeat while the consumer is connected and its event loop runs."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.tref = None
        self.worker = ""
        self.queues: list[str] = []

    def start(self, c: Any) -> None:
        self.worker = c.hostname
        self.queues = sorted({q.name for q in c.task_consumer.queues}) if c.task_consumer else []
        self._beat()
        self.tref = c.timer.call_repeatedly(float(settings.MEDSEBA_WORKER_HEARTBEAT), self._beat)

    def _beat(self) -> None:
        try:
            beat(worker=self.worker, queues=self.queues)
        except Exception as exc:  # noqa: BLE001 - Redis away: the entry lapses, which is the truth
            logger.warning("worker heartbeat not written (%s)", type(exc).__name__)

    def stop(self, c: Any) -> None:
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None
        if self.queues:
            try:
                forget(worker=self.worker, queues=self.queues)
            except Exception:  # noqa: BLE001 - unreachable Redis: the entry lapses by itself
                pass

    shutdown = stop
