"""Issue 13, item 3: the result cache no longer tells anyone what someone else asked.

The result cache used to be shared: a signed-out client posting a question only a signed-in user
had asked got ``cached: true, status: done`` within milliseconds, which confirmed that somebody
had asked it. The cache is now keyed per owner (``search.services.search_fingerprint``): a user
reuses only their own finished result; everyone else's identical question is queued and computed
like a question nobody asked, with the same first response; a signed-out search neither reads
nor feeds the cache. (Shared per-paper caches, embeddings and metrics, stay shared: they hold no
question and no asker.)
"""
from __future__ import annotations

import pytest

from search.models import Search
from tests.accounts.conftest import client_for, finish

QUESTION = "Does finasteride cause lasting sexual side effects?"
NEVER_ASKED = "Does lisinopril cause a lasting dry cough?"


def first_response(client, question: str) -> tuple[int, dict]:
    response = client.post("/api/searches/", {"question": question}, format="json")
    body = response.json()
    return response.status_code, {k: v for k, v in body.items() if k not in ("id", "url")}


@pytest.mark.django_db
def test_someone_elses_finished_question_answers_like_a_question_nobody_asked(
    as_alice, make_user, no_dispatch, django_capture_on_commit_callbacks
):
    first = as_alice.post("/api/searches/", {"question": QUESTION}, format="json").json()
    finish(first["id"])

    signed_out = client_for(None)
    bob = client_for(make_user("bob"))
    baseline = first_response(signed_out, NEVER_ASKED)
    assert baseline == (202, {"status": "queued", "anonymous": False, "cached": False})
    for client in (signed_out, bob):
        with django_capture_on_commit_callbacks(execute=True):
            assert first_response(client, QUESTION.upper() + "  ") == baseline
    # Each was really queued for the whole pipeline (the same work, so the same time, as a new question).
    assert [stage for _, stage in no_dispatch] == ["understand", "understand"]
    assert Search.objects.filter(reused_from__isnull=False).count() == 0


@pytest.mark.django_db
def test_the_owner_still_gets_their_own_result_back(as_alice, alice, no_dispatch):
    first = as_alice.post("/api/searches/", {"question": QUESTION}, format="json").json()
    finish(first["id"])
    again = as_alice.post("/api/searches/", {"question": QUESTION.lower()}, format="json").json()
    assert again["cached"] is True and again["status"] == "done" and again["id"] != first["id"]
    copy = Search.objects.get(pk=again["id"])
    assert copy.owner == alice and str(copy.reused_from_id) == first["id"]


@pytest.mark.django_db
def test_signed_out_searches_neither_read_nor_feed_the_cache(no_dispatch):
    signed_out = client_for(None)
    first = signed_out.post("/api/searches/", {"question": QUESTION}, format="json").json()
    finish(first["id"])
    assert Search.objects.get(pk=first["id"]).fingerprint == ""
    again = signed_out.post("/api/searches/", {"question": QUESTION}, format="json").json()
    assert again["cached"] is False and again["status"] == "queued"
