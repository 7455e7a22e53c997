"""Issue 13, item 6: progress by long-polling, and following a search does not use up the read throttle.

Searches are submitted through the real API with scheduling recorded instead of sent (they stay
queued), and advanced by the stores' own writes from another thread, as a worker would.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from search import progress
from search.store import search_ref, store_for

URL = "/api/searches/"


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def submit(client: APIClient, *, anonymous: bool = False) -> str:
    response = client.post(URL, {"question": "Do triptans relieve migraine?", "anonymous": anonymous}, format="json")
    assert response.status_code == 202, response.content
    return response.json()["id"]


# Django's test client says it is a single-threaded server, where the view never waits (progress.server_can_wait);
# these requests come from a threaded one, like gunicorn's gthread workers and runserver.
THREADED = {"wsgi.multithread": True}


def read(client: APIClient, search_id: str, **params) -> dict:
    response = client.get(f"{URL}{search_id}/", params, **THREADED)
    assert response.status_code == 200, response.content
    return response.json()


def once_waiting(action: Callable[[], None]) -> threading.Thread:
    """Run ``action`` (a worker's write) as soon as a request of this process is waiting, not before."""

    def run() -> None:
        deadline = time.monotonic() + 10
        while progress.waiters.count == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        action()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.parametrize("anonymous", [False, True], ids=["postgres", "anonymous-redis"])
@pytest.mark.django_db(transaction=True)
def test_long_poll_waits_for_the_next_change_and_answers_with_it(client, no_dispatch, settings, anonymous):
    settings.MEDSEBA_PROGRESS_WAIT = 20
    search_id = submit(client, anonymous=anonymous)
    first = read(client, search_id)
    assert first["status"] == "queued" and isinstance(first["version"], int)

    ref = search_ref(search_id)
    writer = once_waiting(lambda: store_for(ref).mark_running(ref))
    second = read(client, search_id, version=first["version"])
    writer.join(5)
    # The answer carries the write made while the request waited: it was held, then pushed.
    assert second["status"] == "running" and second["version"] != first["version"]
    assert progress.waiters.count == 0


@pytest.mark.django_db
def test_long_poll_times_out_with_the_same_document(client, no_dispatch, settings):
    settings.MEDSEBA_PROGRESS_WAIT = 0.3
    search_id = submit(client)
    first = read(client, search_id)
    again = read(client, search_id, version=first["version"])
    assert again["version"] == first["version"] and again["status"] == "queued"


@pytest.mark.django_db
def test_no_wait_when_the_client_is_behind_or_the_search_ended(client, no_dispatch, monkeypatch):
    search_id = submit(client)
    first = read(client, search_id)

    def never(**kwargs):
        raise AssertionError("must not wait")

    monkeypatch.setattr(progress, "wait_for_change", never)
    assert read(client, search_id, version=first["version"] - 1)["version"] == first["version"]  # behind: at once
    ref = search_ref(search_id)
    store_for(ref).fail(ref, "stopped for the test")
    ended = read(client, search_id)
    assert read(client, search_id, version=ended["version"])["status"] == "failed"  # ended: never waits


@pytest.mark.parametrize("bad", ["abc", "-1", "1.5", str(2**60), ""])
@pytest.mark.django_db
def test_a_bad_version_is_a_400_in_the_error_shape(client, no_dispatch, bad):
    search_id = submit(client)
    response = client.get(f"{URL}{search_id}/", {"version": bad})
    if bad == "":
        assert response.status_code == 200  # an empty parameter is no parameter
        return
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid" and "version" in error["fields"]


def test_the_waiter_cap_answers_at_once_instead_of_holding_a_thread(settings):
    settings.MEDSEBA_PROGRESS_WAITERS = 1
    slept: list[float] = []
    assert progress.waiters.enter(1)  # another request of this process is waiting
    try:
        changed = progress.wait_for_change(
            search_id="x", version=1, timeout=5, read=lambda _id: (1, "running"), sleep=slept.append
        )
    finally:
        progress.waiters.leave()
    assert changed is False and slept == []


@pytest.mark.django_db
def test_a_single_threaded_server_never_waits(client, no_dispatch, settings, monkeypatch):
    settings.MEDSEBA_PROGRESS_WAIT = 30
    search_id = submit(client)
    first = read(client, search_id)

    def never(**kwargs):
        raise AssertionError("must not wait: it would stall every other request of this server")

    monkeypatch.setattr(progress, "wait_for_change", never)
    response = client.get(f"{URL}{search_id}/", {"version": first["version"]}, **{"wsgi.multithread": False})
    assert response.status_code == 200 and response.json()["version"] == first["version"]


def test_wait_for_change_stops_on_change_end_or_disappearance():
    states = iter([(1, "running"), (1, "running"), (2, "running")])
    assert progress.wait_for_change(search_id="x", version=1, timeout=5, read=lambda _id: next(states), sleep=lambda s: None)
    assert progress.wait_for_change(search_id="x", version=1, timeout=5, read=lambda _id: (1, "done"), sleep=lambda s: None)
    assert progress.wait_for_change(search_id="x", version=1, timeout=5, read=lambda _id: None, sleep=lambda s: None)
    assert progress.waiters.count == 0


def test_document_version_is_exact_microseconds():
    doc = {"updated_at": "2026-01-02T03:04:05.123456+00:00", "status": "running"}
    assert progress.document_version(doc) % 1_000_000 == 123456
    assert progress.should_wait(doc, progress.document_version(doc))
    assert not progress.should_wait(doc, None) and not progress.should_wait(doc, 5)
    assert not progress.should_wait({**doc, "status": "done"}, progress.document_version(doc))


# --- throttling -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_following_a_running_search_does_not_count_as_reads(client, no_dispatch, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "3/min", "progress": "600/min"}}
    search_id = submit(client)
    for _ in range(12):
        read(client, search_id)  # 12 reads of its progress, read budget is 3
    assert client.get("/api/searches/limits/").status_code == 200  # the read budget is untouched


@pytest.mark.django_db
def test_progress_reads_have_their_own_per_search_limit(client, no_dispatch, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "100/min", "progress": "4/min"}}
    search_id = submit(client)
    for _ in range(4):
        read(client, search_id)
    limited = client.get(f"{URL}{search_id}/")
    assert limited.status_code == 429 and limited["Retry-After"]
    assert limited.json()["error"]["code"] == "throttled"
    other = submit(client)
    assert client.get(f"{URL}{other}/").status_code == 200  # per search: another search is not affected


@pytest.mark.django_db
def test_a_finished_search_is_a_read_again(client, no_dispatch, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "anon": "2/min"}}
    search_id = submit(client)
    ref = search_ref(search_id)
    store_for(ref).fail(ref, "ended for the test")
    assert [client.get(f"{URL}{search_id}/").status_code for _ in range(3)] == [200, 200, 429]


@pytest.mark.django_db
def test_someone_elses_running_search_is_not_your_progress(no_dispatch, settings):
    from django.contrib.auth import get_user_model

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "user": "2/min"}}
    users = get_user_model().objects
    alice, bob = APIClient(), APIClient()
    alice.force_login(users.create_user("alice", password="x-violet-42"))
    bob.force_login(users.create_user("bob", password="x-violet-42"))
    search_id = submit(alice)
    assert [alice.get(f"{URL}{search_id}/").status_code for _ in range(4)] == [200] * 4
    # Bob holds the id of Alice's private running search: 404 as before, and his reads count as reads.
    assert [bob.get(f"{URL}{search_id}/").status_code for _ in range(3)] == [404, 404, 429]
