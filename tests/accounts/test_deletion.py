"""Deletion that deletes: a search, all history, or the account leaves no question, result or note behind.

Checked by scanning every table of the database (rows cast to text) and Redis keys, and by
asking the same question again: a deleted result is never served from the result cache.
"""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts.models import Folder, Note, SearchPlacement
from search import services
from search.models import Search, SearchPaper
from search.store import redis_client

from .conftest import PASSWORD, client_for, error, finish, submit, tables_containing

pytestmark = pytest.mark.django_db

QUESTION = "Does saw palmetto shrink an enlarged prostate?"
NOTE = "Zanzibar-quokka note about this trial"


def _full_search(client, question=QUESTION, folder_name="Prostate") -> dict:
    """A finished search with a paper, filed in a folder, with a note tied to it."""
    body = submit(client, question)
    finish(body["id"], [{"text": "saw palmetto", "mesh_id": None, "synonyms": []}])
    SearchPaper.objects.create(search_id=body["id"], rank=1, pmid="10526582", similarity=0.7,
                               title="A trial of Serenoa repens", summary=f"Summary for {question}")
    folder = client.post("/api/folders/", {"name": folder_name}, format="json").json()
    client.patch(f"/api/history/{body['id']}/", {"folder": folder["id"]}, format="json")
    client.post("/api/notes/", {"pmid": "10526582", "text": NOTE, "search": body["id"]}, format="json")
    return body


def _redis_keys_mentioning(*needles: str) -> list[str]:
    client = redis_client()
    return [k for n in needles for k in client.scan_iter(match=f"*{n}*", count=1000)]


def test_deleting_a_search_leaves_no_trace_and_is_never_served_from_the_cache(as_alice, make_user, no_dispatch):
    body = _full_search(as_alice)
    fingerprint = Search.objects.get(pk=body["id"]).fingerprint
    assert set(tables_containing(QUESTION)) >= {"search_search", "search_searchpaper"}  # the scan does see it
    assert "accounts_note" in tables_containing(NOTE)
    assert as_alice.delete(f"/api/history/{body['id']}/").status_code == 204
    assert tables_containing(QUESTION) == {}
    assert tables_containing(NOTE) == {}
    assert tables_containing(body["id"]) == {}
    assert _redis_keys_mentioning(body["id"], fingerprint) == []
    assert not SearchPlacement.objects.exists() and Folder.objects.count() == 1  # the folder stays, empty
    # The same question from someone else is computed afresh, not copied from the deleted result.
    again = submit(client_for(make_user("carol")), QUESTION)
    assert again["cached"] is False and again["status"] == "queued"
    assert Search.objects.get(pk=again["id"]).reused_from is None


def test_a_reused_copy_outlives_the_original_but_never_points_at_it(as_alice, no_dispatch):
    original = _full_search(as_alice)
    copy = submit(as_alice, QUESTION.upper())  # the result cache is per owner (issue 13)
    assert copy["cached"] is True and Search.objects.get(pk=copy["id"]).reused_from_id is not None
    as_alice.delete(f"/api/history/{original['id']}/")
    kept = Search.objects.get(pk=copy["id"])
    assert kept.reused_from_id is None  # her other history entry, with its own wording
    assert tables_containing(original["id"]) == {}


def test_a_stage_finishing_after_the_delete_writes_nothing(as_alice, no_dispatch):
    body = submit(as_alice, QUESTION)
    as_alice.delete(f"/api/history/{body['id']}/")
    assert services.search_run_stage(ref=body["id"], stage="understand") is False
    assert not Search.objects.exists() and tables_containing(QUESTION) == {}


def test_deleting_all_history_removes_every_question_result_and_tied_note(as_alice, as_bob, no_dispatch):
    _full_search(as_alice)
    _full_search(as_alice, "Is pygeum better than placebo for prostate symptoms?", folder_name="Second")
    submit(as_bob, "Does coffee raise blood pressure?")
    assert as_alice.delete("/api/history/").json() == {"deleted": 2}
    for text in (QUESTION, "pygeum", NOTE):
        assert tables_containing(text) == {}
    assert Search.objects.count() == 1 and not Note.objects.exists()


def test_deleting_the_account_requires_the_password_and_removes_everything_it_owned(alice, as_alice, as_bob, no_dispatch):
    _full_search(as_alice)
    as_alice.post("/api/notes/", {"pmid": "9800001", "text": "Untied Zanzibar-quokka note"}, format="json")
    theirs = submit(as_bob, "Does coffee raise blood pressure?")
    err = error(as_alice.delete("/api/accounts/me/", {"password": "wrong"}, format="json"), 400)
    assert err["fields"] == {"password": ["The password is not correct."]}
    error(as_alice.delete("/api/accounts/me/", {}, format="json"), 400)
    assert Search.objects.filter(owner=alice).exists()
    response = as_alice.delete("/api/accounts/me/", {"password": PASSWORD}, format="json")
    assert response.status_code == 200 and response.json() == {"searches": 1, "folders": 1, "notes": 2}
    assert not get_user_model().objects.filter(username="alice").exists()
    for text in (QUESTION, "Zanzibar-quokka", "alice@example.org", "Prostate"):
        assert tables_containing(text) == {}, text
    assert list(Search.objects.values_list("pk", flat=True)) == [Search.objects.get(pk=theirs["id"]).pk]
    error(as_alice.get("/api/accounts/me/"), 401)  # signed out
    error(APIClient().post("/api/accounts/login/", {"username": "alice", "password": PASSWORD}, format="json"), 400)
