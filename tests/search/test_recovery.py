"""Recovery watchdog, worker heartbeat, publishing without a broker, and the kombu close-path fix.

Real PostgreSQL (test database) and real Redis: anonymous searches, attempts and heartbeats in
Redis DB 15 (only this module's keys), task messages on the test broker (DB 13) in a queue of
this module's own, which no worker consumes. Stages are the scripted ones of test_tasks.py.
"""
from __future__ import annotations

import time
import uuid
from datetime import timedelta

import pytest
from django.utils import timezone
from kombu import Connection
from rest_framework.test import APIClient

from search import heartbeat, recovery, selectors, services
from search.models import Search
from search.pipeline.graph import STAGES
from search.store import ANONYMOUS_KEY_PREFIX, redis_client, search_ref

from .conftest import BROKER_URL, _reset_producer, celery_conf
from .test_tasks import _submit, scripted  # noqa: F401 - the scripted-stages fixture

pytestmark = pytest.mark.django_db(transaction=True)

REDIS_DB = "redis://127.0.0.1:6379/15"  # used by no other suite (e2e: 10-12, worker tests: 13)
REAL_SCHEDULE = services._schedule
CLOSED_PORT = "redis://127.0.0.1:9/0"  # discard port: connection refused at once


@pytest.fixture
def own_redis(settings):
    """Anonymous searches, attempts and heartbeats of this module in their own Redis DB; removed afterwards."""
    settings.REDIS_URL = REDIS_DB
    redis_client.cache_clear()  # the client is cached per process: make it one for this DB
    client = redis_client()
    assert client.connection_pool.connection_kwargs["db"] == 15
    yield client
    for pattern in (ANONYMOUS_KEY_PREFIX + "*", recovery.ATTEMPTS_PREFIX + "*", heartbeat.KEY_PREFIX + "*",
                    recovery.LOCK_PREFIX + "*"):
        for key in client.scan_iter(match=pattern):
            client.delete(key)
    redis_client.cache_clear()  # later tests get a client for their own REDIS_URL again


@pytest.fixture
def queue(own_redis):
    """Stages go to the test broker, in a queue nobody consumes (so the broker can be inspected)."""
    name = f"recovery-test-{uuid.uuid4().hex[:8]}"
    with celery_conf(broker_url=BROKER_URL, task_default_queue=name) as app:
        _reset_producer(app)
        yield name
        with Connection(BROKER_URL) as conn:
            channel = conn.default_channel
            for priority in channel.priority_steps:
                channel.client.delete(channel._q_for_pri(name, priority))
    _reset_producer(app)


@pytest.fixture
def lost(monkeypatch):
    """Stages 'sent' while the broker is away: recorded here, delivered nowhere."""
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: sent.append((ref, stage)) or True)
    return sent


def _age(search_id: str, seconds: float) -> None:
    Search.objects.filter(pk=search_id).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def _run(ref: str, *stages: str) -> None:
    for stage in stages:
        assert services.search_run_stage(ref=ref, stage=stage)


def test_pending_stages_follow_the_chain_and_the_branches(scripted, lost, own_redis):  # noqa: F811
    ref = search_ref(_submit().id)
    store = services.store_for(ref)
    assert recovery.pending_stages(store.load(ref)) == ["understand"]
    _run(ref, "understand", "retrieve")
    assert recovery.pending_stages(store.load(ref)) == ["rerank"]
    _run(ref, "rerank", "judge")
    assert recovery.pending_stages(store.load(ref)) == ["enrich", "locate"]  # judge recorded: only the others
    _run(ref, "enrich", "locate")
    assert recovery.pending_stages(store.load(ref)) == ["synthesise"]


def test_a_stalled_search_gets_its_lost_stage_again_and_finishes(scripted, lost, queue, settings, monkeypatch):  # noqa: F811
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand", "retrieve")  # rerank was "sent" to a broker that then lost it
    _age(submitted.id, settings.MEDSEBA_RESCHEDULE_AFTER - 5)
    assert recovery.recover_stalled().rescheduled == 0  # not stalled long enough yet
    _age(submitted.id, settings.MEDSEBA_RESCHEDULE_AFTER + 5)
    monkeypatch.setattr(services, "_schedule", REAL_SCHEDULE)  # the broker is back: stages run (eagerly here)
    report = recovery.recover_stalled()
    assert (report.rescheduled, report.failed) == (1, 0)
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert doc["status"] == "done" and doc["progress"] == 100, doc["error"]
    assert scripted == list(STAGES)  # every stage ran exactly once: nothing before rerank was repeated


def test_a_search_whose_task_waits_in_the_broker_is_left_alone(scripted, lost, queue, settings):  # noqa: F811
    from search.tasks import run_search_stage

    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    with celery_conf(task_always_eager=False):  # really sent: it waits in the queue nobody consumes
        run_search_stage.apply_async(args=[ref, "retrieve"], priority=services.stage_priority("retrieve"))
    _age(submitted.id, settings.MEDSEBA_RESCHEDULE_AFTER + 5)
    lost.clear()
    report = recovery.recover_stalled()
    assert (report.rescheduled, report.waiting) == (0, 1) and lost == []
    assert any(ref in m for m in recovery.broker_messages())


def test_after_the_attempts_the_search_fails_with_the_reason(scripted, lost, queue, settings):  # noqa: F811
    settings.MEDSEBA_RESCHEDULE_AFTER = 0  # every pass is due: the attempts follow one another here
    settings.MEDSEBA_RESCHEDULE_ATTEMPTS = 3
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand", "retrieve", "rerank")
    _age(submitted.id, 5)
    lost.clear()
    for attempt in range(1, 4):
        assert recovery.recover_stalled().rescheduled == 1
        assert own_attempts(ref) == attempt
    assert sorted(stage for _, stage in lost) == sorted(["enrich", "judge", "locate"] * 3)
    report = recovery.recover_stalled()
    assert (report.rescheduled, report.failed) == (0, 1)
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert doc["status"] == "failed"
    assert doc["error"] == recovery.out_of_attempts_reason("enrich", 3)
    assert "restarted 3 time(s)" in doc["error"]
    assert recovery.recover_stalled().failed == 0  # ended: left alone


def own_attempts(ref: str) -> int:
    return int(redis_client().hget(recovery.ATTEMPTS_PREFIX + ref, "attempts") or 0)


def test_progress_starts_the_count_again(scripted, lost, queue, settings):  # noqa: F811 - the imported fixture
    settings.MEDSEBA_RESCHEDULE_AFTER = 0
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    _age(submitted.id, 5)
    recovery.recover_stalled()
    recovery.recover_stalled()
    assert own_attempts(ref) == 2
    _run(ref, "retrieve")  # the rescheduled stage ran: progress
    _age(submitted.id, 5)
    recovery.recover_stalled()
    assert own_attempts(ref) == 1 and lost[-1] == (ref, "rerank")


def test_a_stalled_anonymous_search_is_rescheduled_too(scripted, lost, queue, settings):  # noqa: F811
    submitted = _submit(anonymous=True)
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    key = ANONYMOUS_KEY_PREFIX + ref
    redis_client().hset(key, "updated", time.time() - settings.MEDSEBA_RESCHEDULE_AFTER - 5)
    lost.clear()
    assert recovery.recover_stalled().rescheduled == 1
    assert lost == [(ref, "retrieve")]
    assert Search.objects.count() == 0  # anonymous: still nothing in PostgreSQL


def test_a_stage_not_sent_because_the_broker_is_away_is_logged_not_raised(queue, caplog):
    with celery_conf(broker_url=CLOSED_PORT, task_always_eager=False,
                     task_publish_retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.1,
                                                "interval_max": 0.1}) as app:
        _reset_producer(app)
        assert services._schedule("0" * 64, "retrieve") is False
    assert "not sent, broker unreachable" in caplog.text and "recovery watchdog" in caplog.text


@pytest.mark.parametrize("outage", ["redis", "database"])
def test_a_stage_interrupted_by_an_outage_is_run_again_not_failed(scripted, lost, queue, settings, monkeypatch,  # noqa: F811
                                                                  outage):
    import redis
    from django.db import OperationalError

    from search.pipeline.runner import STEPS

    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    real = STEPS["retrieve"]

    def interrupted(state):
        if outage == "redis":
            raise redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

    monkeypatch.setitem(STEPS, "retrieve", interrupted)  # a critical stage: any other error fails the search
    assert services.search_run_stage(ref=ref, stage="retrieve") is False
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert (doc["status"], doc["progress"], doc["error"]) == ("running", 10, "")
    monkeypatch.setitem(STEPS, "retrieve", real)  # the outage is over
    _age(submitted.id, settings.MEDSEBA_RESCHEDULE_AFTER + 5)
    lost.clear()
    assert recovery.recover_stalled().rescheduled == 1 and lost == [(ref, "retrieve")]
    _run(ref, "retrieve")


def test_a_stage_that_fails_for_another_reason_still_fails_the_search(scripted, lost, queue, monkeypatch):  # noqa: F811
    from search.pipeline.runner import STEPS

    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    monkeypatch.setitem(STEPS, "retrieve", lambda state: 1 / 0)
    assert services.search_run_stage(ref=ref, stage="retrieve") is False
    assert selectors.search_document(search_id=submitted.id, user=None)["status"] == "failed"


def test_a_stage_a_live_worker_holds_is_left_alone(scripted, lost, queue, settings):  # noqa: F811
    """After a broker restart the unacknowledged index is gone; the worker's heartbeat still shows the stage."""
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    _age(submitted.id, settings.MEDSEBA_RESCHEDULE_AFTER + 5)
    heartbeat.beat(worker="w1@host", queues=[queue], held={"tag-1": repr([ref, "retrieve"])})
    lost.clear()
    report = recovery.recover_stalled()
    assert (report.rescheduled, report.waiting) == (0, 1) and lost == []
    settings.MEDSEBA_WORKER_HEARTBEAT = 0.05  # the worker stops beating: its entry lapses...
    heartbeat.beat(worker="w1@host", queues=[queue], held={"tag-1": repr([ref, "retrieve"])})
    time.sleep(0.3)
    assert heartbeat.held_tasks(queue) == {}
    assert recovery.recover_stalled().rescheduled == 1  # ...and the stage it held is sent again
    assert lost == [(ref, "retrieve")]


def _delivered_to_a_worker_that_died(ref: str, stage: str, *, delivered_ago: float) -> str:
    """A real stage message delivered (unacknowledged) and then abandoned, as ``kill -9`` leaves it."""
    from search.tasks import run_search_stage

    with celery_conf(task_always_eager=False) as app:
        run_search_stage.apply_async(args=[ref, stage], priority=services.stage_priority(stage))
        queue = app.conf.task_default_queue
    with app.connection_for_read() as conn:  # the app's transport options: priority lists, separator
        channel = conn.channel()
        message = conn.SimpleQueue(queue, channel=channel).get(timeout=5)
        tag = message.delivery_tag
        channel.qos._delivered.clear()  # the process is gone: nothing restores it on close
        channel.client.zadd(channel.unacked_index_key, {tag: time.time() - delivered_ago})
        channel.close()
    return tag


def test_a_message_of_a_dead_worker_goes_back_to_its_queue(scripted, lost, queue, settings):  # noqa: F811
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    tag = _delivered_to_a_worker_that_died(ref, "retrieve", delivered_ago=heartbeat.lifetime() + 5)
    view = recovery.broker_view()
    assert tag in view.unacked and not any(ref in m for m in view.waiting)
    lost.clear()
    report = recovery.recover_stalled()  # not stalled yet (fresh progress): the orphan is restored anyway
    assert report.restored == 1 and lost == []
    view = recovery.broker_view()
    assert tag not in view.unacked and any(ref in m for m in view.waiting)  # queued again, redelivered next
    assert recovery.recover_stalled().restored == 0


def test_a_message_a_live_worker_holds_or_just_received_stays_delivered(scripted, lost, queue, settings):  # noqa: F811
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand")
    held = _delivered_to_a_worker_that_died(ref, "retrieve", delivered_ago=heartbeat.lifetime() + 5)
    fresh = _delivered_to_a_worker_that_died(ref, "retrieve", delivered_ago=0)  # its worker may not have beaten yet
    heartbeat.beat(worker="w1@host", queues=[queue], held={held: repr([ref, "retrieve"])})
    try:
        assert recovery.recover_stalled().restored == 0
        assert {held, fresh} <= set(recovery.broker_view().unacked)
    finally:
        from medseba.celery import app

        with app.connection_for_write() as conn:
            qos = conn.default_channel.qos
            for tag in (held, fresh):
                qos._remove_from_indices(tag).execute()


# --- heartbeat -------------------------------------------------------------------------------

def test_heartbeat_counts_a_worker_until_it_stops_or_lapses(own_redis, settings):
    q = f"hb-{uuid.uuid4().hex[:8]}"
    assert heartbeat.workers_alive(q) is False
    heartbeat.beat(worker="w1@host", queues=[q])
    assert heartbeat.workers_alive(q) is True
    heartbeat.forget(worker="w1@host", queues=[q])
    assert heartbeat.workers_alive(q) is False
    settings.MEDSEBA_WORKER_HEARTBEAT = 0.1  # counts for 0.3 s
    heartbeat.beat(worker="w2@host", queues=[q])
    assert heartbeat.workers_alive(q) is True
    time.sleep(0.5)
    assert heartbeat.workers_alive(q) is False


def test_the_result_document_says_plainly_when_no_worker_is_alive(scripted, lost, queue, settings):  # noqa: F811
    client = APIClient()
    submitted = _submit()
    url = f"/api/searches/{submitted.id}/"
    body = client.get(url).json()
    assert body["status"] == "queued"
    assert body["service"] == {"workers_alive": False, "message": heartbeat.PAUSED_MESSAGE}
    heartbeat.beat(worker="w1@host", queues=[queue])
    assert client.get(url).json()["service"] == {"workers_alive": True, "message": ""}
    settings.REDIS_URL = CLOSED_PORT  # Redis itself restarting: no worker can be vouched for
    redis_client.cache_clear()
    assert heartbeat.service_status() == {"workers_alive": False, "message": heartbeat.PAUSED_MESSAGE}


# --- kombu: closing a channel whose transport was detached -------------------------------------

@pytest.mark.parametrize("transport", ["medseba.broker:Transport", "redis"])
def test_closing_a_detached_channel_with_an_unacked_message(transport):
    """The state celery 5.7 leaves after collect(): the channel still open, a message unacked, no transport client.

    kombu's own transport answers with the AttributeError that stopped the worker; ours with a
    connection error, which every cleanup path (maybe_close_channel, ignore_errors) ignores.
    """
    import redis

    name = f"detached-{uuid.uuid4().hex[:8]}"
    conn = Connection(BROKER_URL, transport=transport)
    channel = conn.channel()
    try:
        queue = conn.SimpleQueue(name, channel=channel)
        queue.put({"n": 1})
        message = queue.get(timeout=5)  # delivered, not acknowledged: held in the channel's QoS
        assert message.delivery_tag in channel.qos._delivered
        channel.connection.client = None  # what Connection.collect() does to the transport
        expected = redis.exceptions.ConnectionError if transport.startswith("medseba") else AttributeError
        with pytest.raises(expected):
            channel.close()
        if expected is redis.exceptions.ConnectionError:
            assert redis.exceptions.ConnectionError in conn.connection_errors  # so the consumer ignores it
    finally:
        try:
            conn.collect()
        except Exception:  # noqa: BLE001 - kombu's transport may fail here too; only the queue matters
            pass
        with Connection(BROKER_URL) as clean:
            clean.default_channel.queue_delete(name)
