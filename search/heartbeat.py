"""Worker heartbeat: is any worker consuming the queue searches are sent to, right now?

Without it, a search submitted while no worker runs (crashed, restarting, broker away) only
shows a spinner until the watchdog gives up. Each worker's consumer refreshes its entry in a
Redis sorted set per queue (``medseba:workers:<queue>``: member = worker name, score = the
moment the entry stops counting) every MEDSEBA_WORKER_HEARTBEAT seconds from the consumer's
own event loop, so the entry lapses when the process dies, hangs, or loses its broker
connection (Celery stops the consumer's steps then, and the entry is removed at once). The
API reads it on every poll (:func:`service_status`): one ZCOUNT.

With each beat a worker also says which task messages it holds (received, not finished),
in ``medseba:held:<queue>`` (field = worker name, value = until when it counts and the held
delivery tags with their task arguments). The recovery watchdog reads it for two things the
broker alone cannot tell: a stage being run right now (the broker's unacknowledged index is
gone after a restart of a broker without persistence), and a message delivered to a worker
that died (``kill -9``: it stays in the broker's unacknowledged index, which kombu redelivers
only after the visibility timeout). Unlike the ZSET entry, a worker's held entry is not removed
when its broker connection drops: its pool keeps running the stages it holds.
"""
from __future__ import annotations

import json
import logging
import time
from typing import Any, TypedDict

from celery import bootsteps
from django.conf import settings

from .store import redis_client

logger = logging.getLogger(__name__)

KEY_PREFIX = "medseba:workers:"
HELD_PREFIX = "medseba:held:"  # + queue: {worker: {"until": epoch, "tags": {delivery tag: task arguments}}}
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


def beat(*, worker: str, queues: list[str], held: dict[str, str] | None = None, client: Any = None) -> None:
    """Record that ``worker`` consumes ``queues`` now and holds ``held`` (tag -> arguments); prune lapsed entries."""
    client = client or redis_client()
    now = time.time()
    entry = json.dumps({"until": now + lifetime(), "tags": held or {}})
    pipe = client.pipeline()
    for queue in queues:
        key = key_for(queue)
        pipe.zadd(key, {worker: now + lifetime()})
        pipe.zremrangebyscore(key, "-inf", now)
        pipe.expire(key, max(1, int(lifetime()) + 1))
        pipe.hset(HELD_PREFIX + queue, worker, entry)
        pipe.expire(HELD_PREFIX + queue, max(1, int(lifetime()) + 1))
    pipe.execute()


def held_tasks(queue: str | None = None, *, client: Any = None) -> dict[str, str]:
    """Delivery tag -> task arguments of every message a worker whose entry has not lapsed holds for ``queue``."""
    client = client or redis_client()
    key = HELD_PREFIX + (queue or published_queue())
    now = time.time()
    held: dict[str, str] = {}
    lapsed = []
    for worker, raw in client.hgetall(key).items():
        entry = json.loads(raw)
        if entry["until"] < now:
            lapsed.append(worker)
        else:
            held.update(entry["tags"])
    if lapsed:
        client.hdel(key, *lapsed)
    return held


def held_by_this_worker() -> dict[str, str]:
    """The task messages this worker process holds now (reserved or running): delivery tag -> arguments.

    Celery's own bookkeeping (``celery.worker.state``, what ``celery inspect reserved`` reads);
    a request still running after a broker reconnect stays in it.
    """
    from celery.worker import state

    held = {}
    for request in list(state.reserved_requests) + list(state.active_requests):
        tag = getattr(getattr(request, "message", None), "delivery_tag", None)
        if tag:
            held[str(tag)] = str(request.argsrepr or request.args)
    return held


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
    """For the result document: a plain sentence when no worker is alive (Redis unreachable counts as none).

    With MEDSEBA_EMBED_QUEUE set, a search needs a worker on each stage queue (search/routing.py).
    """
    from .routing import stage_queues

    try:
        alive = all(workers_alive(queue) for queue in stage_queues())
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
        self._look_now()

    @staticmethod
    def _look_now() -> None:
        """A worker that (re)connects has the recovery watchdog look at once, not at its next beat tick.

        After a broker restart or a worker restart (``kill -9``, supervisor) this is when lost
        stages and orphaned messages are there to be found; waiting for the schedule adds up to
        MEDSEBA_WATCHDOG_EVERY. Best effort: no retry, a broker still away only costs the shortcut.
        """
        from .tasks import watchdog

        try:
            watchdog.apply_async(retry=False, expires=float(settings.MEDSEBA_WATCHDOG_EVERY))
        except Exception as exc:  # noqa: BLE001 - the beat schedule sends the next one anyway
            logger.info("recovery watchdog not sent on connect (%s)", type(exc).__name__)

    def _beat(self) -> None:
        try:
            beat(worker=self.worker, queues=self.queues, held=held_by_this_worker())
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
