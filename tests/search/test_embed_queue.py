"""MEDSEBA_EMBED_QUEUE: rerank and locate on a queue of their own, so a GPU worker can take them.

Routing and recovery run against the real test broker (Redis DB 13); the last test runs a real
search through two real workers on two queues, the embedding one with the tiny local
GPT-NeoX model read as BMRetriever (tests/search/tiny_decoder.py).
"""
from __future__ import annotations

import os
import re
import uuid

import pytest
from rest_framework.test import APIClient

from search import recovery, routing, services
from search.benchmarks._stack import PrivateRedis
from search.pipeline.graph import STAGES
from search.store import redis_client, search_ref

from .conftest import _reset_producer, celery_conf, start_worker, wait_for
from .test_recovery import _age, _run, lost, own_redis, queue  # noqa: F401 - fixtures
from .test_tasks import _submit, scripted  # noqa: F401 - fixture
from .tiny_decoder import build


def _drop(name: str) -> None:
    """Delete ``name``'s priority lists, read through the app's transport (its separator and priority steps)."""
    from medseba.celery import app

    with app.connection_for_write() as conn:
        channel = conn.default_channel
        for priority in channel.priority_steps:
            channel.client.delete(channel._q_for_pri(name, priority))
        channel.client.delete(f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}")


def _waiting(name: str) -> int:
    from medseba.celery import app

    with app.connection_for_read() as conn:
        channel = conn.default_channel
        return sum(channel.client.llen(channel._q_for_pri(name, p)) for p in channel.priority_steps)


def test_without_the_setting_every_stage_uses_the_default_queue(settings):
    settings.MEDSEBA_EMBED_QUEUE = ""
    assert all(routing.stage_queue(s) is None and routing.send_options(s) == {} for s in STAGES)


def test_with_the_setting_only_rerank_and_locate_move(settings):
    settings.MEDSEBA_EMBED_QUEUE = "embed"
    assert {s for s in STAGES if routing.stage_queue(s) == "embed"} == {"rerank", "locate"}
    assert routing.send_options("rerank") == {"queue": "embed"} and routing.send_options("judge") == {}


REAL_SCHEDULE = services._schedule  # `lost` replaces it during a test


@pytest.mark.django_db(transaction=True)
def test_recovery_sees_a_stage_waiting_in_the_embed_queue(scripted, lost, queue, settings):  # noqa: F811
    embed = f"{queue}-embed"
    settings.MEDSEBA_EMBED_QUEUE = embed
    assert routing.stage_queues() == (queue, embed)
    submitted = _submit()
    ref = search_ref(submitted.id)
    _run(ref, "understand", "retrieve")
    try:
        with celery_conf(task_always_eager=False):
            assert REAL_SCHEDULE(ref, "rerank")  # really sent, to the embed queue nobody consumes
        assert _waiting(embed) == 1 and _waiting(queue) == 0
        _age(submitted.id, settings.MEDSEBA_RESCHEDULE_AFTER + 5)
        lost.clear()
        report = recovery.recover_stalled()
        assert (report.rescheduled, report.waiting) == (0, 1) and lost == []
    finally:
        _drop(embed)


@pytest.fixture
def client(settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], anon=None, user=None)
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    return APIClient()


@pytest.mark.worker
@pytest.mark.slow
def test_a_search_runs_on_two_workers_on_two_queues(client, corpus_slice, settings, tmp_path, django_user_model):
    """A CPU worker on the default queue, a "GPU" worker on the embed queue only; a throwaway Redis for both.

    The private Redis (broker and REDIS_URL) keeps the workers' recovery watchdog away from
    anybody else's searches on the shared Redis.
    """
    main, embed = f"main-{uuid.uuid4().hex[:8]}", f"embed-{uuid.uuid4().hex[:8]}"
    model = build(tmp_path / "tiny-neox")
    redis = PrivateRedis(tmp_path)
    redis.start()
    config = {"MEDSEBA_CELERY_QUEUE": main, "MEDSEBA_EMBED_QUEUE": embed, "MEDSEBA_EMBEDDING_MODEL": str(model),
              "CELERY_BROKER_URL": redis.url(1), "REDIS_URL": redis.url(0)}
    settings.MEDSEBA_EMBED_QUEUE = embed
    settings.MEDSEBA_EMBEDDING_MODEL = str(model)
    settings.REDIS_URL = redis.url(0)
    redis_client.cache_clear()
    os.environ["CELERY_BROKER_URL"] = redis.url(1)  # Celery prefers it to broker_url (see conftest.send_to)
    cpu = start_worker(tmp_path, queue=main, name="cpu", extra_env=config)
    gpu = start_worker(tmp_path, queue=embed, name="gpu", extra_env=config)  # -Q embed only
    try:
        cpu.wait_ready()
        gpu.wait_ready()
        with celery_conf(broker_url=redis.url(1), task_default_queue=main, task_always_eager=False) as app:
            _reset_producer(app)
            client.force_login(django_user_model.objects.create_user("two-queues"))
            body = client.post("/api/searches/", {"question": "Are triptans effective for migraine?"},
                               format="json").json()
            doc = wait_for(client, body["url"], until=lambda d: d["status"] in ("done", "failed"))
        assert doc["status"] == "done", doc["error"]
        assert doc["models"]["embedding_backend"] == "bmretriever"
        assert doc["models"]["embedding"] == str(model)
        assert {"rerank", "locate"} <= set(doc["timings_ms"])
        received = {w.name: len(re.findall(r"Task search\.run_stage\[[^\]]+\] received", w.output()))
                    for w in (cpu, gpu)}
        assert received == {"gpu": 2, "cpu": len(STAGES) - 2}, received
    finally:
        cpu.stop()
        gpu.stop()
        os.environ.pop("CELERY_BROKER_URL", None)
        from medseba.celery import app

        _reset_producer(app)
        redis.stop()
        redis_client.cache_clear()
