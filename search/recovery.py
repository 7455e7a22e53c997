"""Recovery, not failure: a search whose next stage was lost is scheduled again.

A stage's task can vanish: the broker restarted without persistence (its queues and its
unacknowledged index went with it), a publish found no broker even after its retries, or
a worker died between recording a stage and publishing the next. Such a search makes no
progress although nothing is wrong with it. The beat watchdog (``search.watchdog``, every
MEDSEBA_WATCHDOG_EVERY seconds) finds queued/running searches without progress for
MEDSEBA_RESCHEDULE_AFTER seconds that have no task anywhere in the broker (neither waiting
in a queue nor delivered to a worker), and schedules their next stage(s) again. Stages are
idempotent (compare-and-set writes; a recorded stage only re-schedules what follows, see
``services.search_run_stage``), so a stage that was not lost after all runs twice at worst.
A search still without progress after MEDSEBA_RESCHEDULE_ATTEMPTS such attempts fails with
the reason. Attempts are counted in Redis per search (``medseba:recovery:<ref>``) against
the search's last update, so any progress starts the count again.

A stage being run right now is visible through the workers' heartbeat
(:func:`search.heartbeat.held_tasks`), not only through the broker, whose unacknowledged
index a restart without persistence wipes; so MEDSEBA_RESCHEDULE_AFTER need not exceed the
slowest stage, only the moments a task is in no list at all (being published).

A dead worker (``kill -9``, a crashed machine) leaves the message it held in the broker's
unacknowledged index, which kombu redelivers only after the visibility timeout (300 s). Each
watchdog pass puts such an orphan back in its queue at once (:func:`restore_orphans`): a
message delivered more than a heartbeat lifetime ago that no live worker says it holds.
"""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Iterable

from django.conf import settings
from django.utils import timezone

from search.pipeline.graph import STAGES
from search.pipeline.state import SearchState

from . import heartbeat, services
from .heartbeat import published_queue
from .models import Search
from .store import ANONYMOUS_KEY_PREFIX, SearchNotFound, redis_client, store_for

logger = logging.getLogger(__name__)

ATTEMPTS_PREFIX = "medseba:recovery:"
LOCK_PREFIX = "medseba:recovery-lock:"  # + queue: one watchdog run at a time, whichever worker's beat sent it
BATCH = 200  # stalled searches looked at per run, oldest first


@dataclass(frozen=True)
class Stalled:
    ref: str
    updated: float  # epoch of the search's last progress: attempts count against it


@dataclass
class RecoveryReport:
    rescheduled: int = 0  # searches whose next stage(s) were sent again
    waiting: int = 0  # stalled, but a task of theirs is still in the broker (queued or being run)
    failed: int = 0  # out of attempts
    restored: int = 0  # messages of dead workers put back in their queue


@dataclass
class BrokerView:
    """The broker's task messages for the queue stages are sent to, read in one round trip."""

    waiting: list[str] = field(default_factory=list)  # queued, any priority
    unacked: dict[str, str] = field(default_factory=dict)  # delivery tag -> message delivered, not acknowledged
    delivered_at: dict[str, float] = field(default_factory=dict)  # delivery tag -> epoch of its delivery

    def messages(self) -> list[str]:
        return self.waiting + list(self.unacked.values())


def pending_stages(state: SearchState) -> list[str]:
    """The stages that can run now and have not been recorded: what a lost task would have run."""
    if state.status == "queued" and state.progress == 0:
        return [STAGES[0]]
    return [s for s in STAGES if services.is_ready(state, s) and not services.is_recorded(state, s)]


def stalled_searches(*, older_than: timedelta, client: Any = None) -> list[Stalled]:
    """Queued/running searches (both stores) whose last progress is older than ``older_than``."""
    cutoff = timezone.now() - older_than
    rows = (
        Search.objects.filter(status__in=[Search.Status.QUEUED, Search.Status.RUNNING], updated_at__lt=cutoff)
        .order_by("updated_at")
        .values_list("id", "updated_at")[:BATCH]
    )
    found = [Stalled(ref=str(pk), updated=updated.timestamp()) for pk, updated in rows]
    client = client or redis_client()
    epoch_cutoff = cutoff.timestamp()
    for key in client.scan_iter(match=ANONYMOUS_KEY_PREFIX + "*", count=500):
        status, updated = client.hmget(key, ["status", "updated"])
        if status in ("queued", "running") and updated and float(updated) < epoch_cutoff:
            found.append(Stalled(ref=key[len(ANONYMOUS_KEY_PREFIX):], updated=float(updated)))
    return found


def broker_view() -> BrokerView:
    """Queued and unacknowledged messages for the stage queues; raises when the broker is away.

    Read through kombu's own Redis channel, so queue names, priority lists and the
    unacknowledged index are the ones the transport uses. The unacknowledged index is shared
    by every queue of the broker database: only messages routed to the stage queues (the
    default one, and MEDSEBA_EMBED_QUEUE's when set: search/routing.py) are kept.
    """
    from medseba.celery import app

    from .routing import stage_queues

    queues = stage_queues()
    with app.connection_for_read() as conn:
        channel = conn.default_channel
        pipe = channel.client.pipeline()
        for queue in queues:
            for priority in channel.priority_steps:
                pipe.lrange(channel._q_for_pri(queue, priority), 0, -1)
        pipe.hgetall(channel.unacked_key)
        pipe.zrange(channel.unacked_index_key, 0, -1, withscores=True)
        *lists, unacked, index = pipe.execute()
    view = BrokerView(waiting=[_text(m) for batch in lists for m in batch])
    for tag, raw in unacked.items():
        raw = _text(raw)
        if json.loads(raw)[2] in queues:  # [payload, exchange, routing key]
            view.unacked[_text(tag)] = raw
    view.delivered_at = {_text(tag): score for tag, score in index if _text(tag) in view.unacked}
    return view


def broker_messages() -> list[str]:
    """Every task message in the broker for the stage queue: waiting (any priority) or delivered."""
    return broker_view().messages()


def _text(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


def orphans(view: BrokerView, held: dict[str, str], *, now: float | None = None) -> list[str]:
    """Delivery tags delivered longer than a heartbeat lifetime ago that no live worker holds: their worker died."""
    cutoff = (now or time.time()) - heartbeat.lifetime()
    return [tag for tag, at in view.delivered_at.items() if at < cutoff and tag not in held]


def restore_orphans(view: BrokerView, held: dict[str, str]) -> int:
    """Put the messages of dead workers back in their queue now, not after the visibility timeout.

    kombu's own restore (``QoS.restore_by_tag``, what its visibility-timeout restore calls): in
    one transaction it re-reads the message, so a message acknowledged meanwhile is not restored.
    """
    from medseba.celery import app

    tags = orphans(view, held)
    if not tags:
        return 0
    with app.connection_for_write() as conn:
        qos = conn.default_channel.qos
        for tag in tags:
            qos.restore_by_tag(tag)
    logger.info("recovery: %d message(s) of a worker that stopped beating put back in the queue", len(tags))
    return len(tags)


def _has_task(ref: str, messages: Iterable[str]) -> bool:
    # Stage tasks carry only (ref, stage); Celery's message headers repeat the arguments as text (argsrepr).
    return any(ref in m for m in messages)


def out_of_attempts_reason(stage: str, attempts: int) -> str:
    return (
        f"This search stopped making progress at the {stage} stage and was restarted {attempts} time(s) "
        "without success, so it was stopped (the service may be overloaded or restarting). Please try again."
    )


def held_by_live_workers(client: Any) -> dict[str, str]:
    """Delivery tag -> arguments of every stage message a live worker holds, in any stage queue."""
    from .routing import stage_queues

    held: dict[str, str] = {}
    for queue in stage_queues():
        held.update(heartbeat.held_tasks(queue, client=client))
    return held


def recover_stalled() -> RecoveryReport:
    """One watchdog pass: reschedule stalled searches whose task is gone; fail those out of attempts."""
    report = RecoveryReport()
    client = redis_client()
    after = float(settings.MEDSEBA_RESCHEDULE_AFTER)
    lock = LOCK_PREFIX + published_queue()
    if not client.set(lock, "1", nx=True, ex=max(10, int(after))):
        return report  # another watchdog run is still busy
    try:
        view = broker_view()
        held = held_by_live_workers(client)
        report.restored = restore_orphans(view, held)
        stalled = stalled_searches(older_than=timedelta(seconds=after), client=client)
        if not stalled:
            return report
        messages = view.messages() + list(held.values())  # a restored orphan counts as waiting
        for s in stalled:
            if _has_task(s.ref, messages):
                report.waiting += 1
                continue
            outcome = _recover_one(s, client=client, after=after)
            if outcome == "rescheduled":
                report.rescheduled += 1
            elif outcome == "failed":
                report.failed += 1
    finally:
        client.delete(lock)
    if report.rescheduled or report.failed:
        logger.info("recovery: %d search(es) rescheduled, %d failed after %d attempts, %d waiting in the broker",
                    report.rescheduled, report.failed, settings.MEDSEBA_RESCHEDULE_ATTEMPTS, report.waiting)
    return report


def _recover_one(s: Stalled, *, client: Any, after: float) -> str:
    key = ATTEMPTS_PREFIX + s.ref
    record = client.hgetall(key)
    now = time.time()
    attempts = 0
    if record and record.get("updated") == repr(s.updated):  # no progress since the last attempt
        if now - float(record.get("at", 0)) < after:
            return "too soon"  # the last attempt has not had its time yet
        attempts = int(record.get("attempts", 0))
    store = store_for(s.ref)
    try:
        state = store.load(s.ref)
    except SearchNotFound:
        return "gone"
    if state.status not in ("queued", "running"):
        return "ended"
    stages = pending_stages(state)
    if not stages:
        return "nothing to run"
    if attempts >= int(settings.MEDSEBA_RESCHEDULE_ATTEMPTS):
        store.fail(s.ref, out_of_attempts_reason(stages[0], attempts))
        client.delete(key)
        logger.warning("search %s failed: no progress at %s after %d rescheduling(s)", s.ref[:8], stages[0], attempts)
        return "failed"
    for stage in stages:
        services._schedule(s.ref, stage)
    pipe = client.pipeline()
    pipe.hset(key, mapping={"updated": repr(s.updated), "attempts": attempts + 1, "at": now})
    pipe.expire(key, int(settings.MEDSEBA_STUCK_AFTER) + int(after))
    pipe.execute()
    logger.info("search %s: no progress for %.0f s and no task in the broker; %s scheduled again (attempt %d)",
                s.ref[:8], now - s.updated, "+".join(stages), attempts + 1)
    return "rescheduled"

