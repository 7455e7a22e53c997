"""An anonymous search lost in a Redis restart answers 410 `lost` with a plain sentence; an expired one `expired`.

A REAL restart of a Redis of this module's own (no persistence, as the development one runs),
never the shared one: the anonymous search and its marker are gone together.
"""
from __future__ import annotations

import time

import pytest
from rest_framework.test import APIClient

from search import anonymous_loss
from search.benchmarks._stack import PrivateRedis
from search.models import Search
from search.store import ANONYMOUS_KEY_PREFIX, redis_client, search_ref

URL = "/api/searches/"
EXPIRED = {"code": "expired", "message": "this anonymous result has expired", "fields": {}}
LOST = {"code": "lost", "message": anonymous_loss.LOST_MESSAGE, "fields": {}}

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis(tmp_path, settings, monkeypatch):
    from search import services

    monkeypatch.setattr(services, "_schedule", lambda ref, stage: True)  # no broker needed: nothing runs
    server = PrivateRedis(tmp_path)
    server.start()
    settings.REDIS_URL = server.url(0)
    redis_client.cache_clear()
    try:
        yield server
    finally:
        server.stop()
        redis_client.cache_clear()


def _anonymous(client: APIClient) -> str:
    response = client.post(URL, {"question": "Do triptans relieve migraine?", "anonymous": True}, format="json")
    assert response.status_code == 202, response.content
    return response.json()["id"]


def _error(response, status: int) -> dict:
    assert response.status_code == status, response.content
    return response.json()["error"]


def test_a_search_lost_in_a_restart_says_so_and_an_expired_one_says_expired(redis):
    client = APIClient()
    lost, expired = _anonymous(client), _anonymous(client)
    assert client.get(f"{URL}{lost}/").status_code == 200
    redis_client().delete(ANONYMOUS_KEY_PREFIX + search_ref(expired))  # its TTL ran out: the marker stays
    assert _error(client.get(f"{URL}{expired}/"), 410) == EXPIRED

    redis.restart()  # everything in memory is gone
    assert _error(client.get(f"{URL}{lost}/"), 410) == LOST
    assert "lost when the service restarted" in LOST["message"] and "ask your question again" in LOST["message"]
    assert Search.objects.count() == 0  # anonymous: nothing in PostgreSQL, the marker neither


def test_after_a_restart_longer_ago_than_the_anonymous_ttl_a_missing_search_had_expired_anyway(redis, settings):
    client = APIClient()
    public_id = _anonymous(client)
    redis.restart()
    settings.MEDSEBA_ANONYMOUS_TTL = 1  # any search alive at the restart would have expired since
    time.sleep(1.2)
    assert _error(client.get(f"{URL}{public_id}/"), 410) == EXPIRED


def test_the_marker_holds_the_hash_of_the_id_and_outlives_the_search(redis, settings):
    public_id = _anonymous(APIClient())
    ref = search_ref(public_id)
    client = redis_client()
    assert client.get(anonymous_loss.seen_key(ref)) == "1"  # no question, no public id: only its hash in the key
    assert client.ttl(anonymous_loss.seen_key(ref)) > client.ttl(ANONYMOUS_KEY_PREFIX + ref)
    assert not any(public_id in key for key in client.scan_iter("*"))
