"""A user can never read or change another user's searches, folders or notes: every such endpoint says 404.

Each endpoint is tried by Bob on Alice's object; afterwards Alice's object is exactly as it was.
Unowned searches (made without an account) stay readable by their unguessable id.
"""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import Folder, Note, SearchPlacement
from search.models import Search

from .conftest import error, submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices(as_alice, no_dispatch) -> dict:
    search = submit(as_alice, "Does my private condition respond to drug X?")
    folder = as_alice.post("/api/folders/", {"name": "Private"}, format="json").json()
    as_alice.patch(f"/api/history/{search['id']}/", {"folder": folder["id"], "title": "Mine"}, format="json")
    note = as_alice.post("/api/notes/", {"pmid": "10526582", "text": "My own note.", "search": search["id"]},
                         format="json").json()
    return {"search": search["id"], "folder": folder["id"], "note": note["id"]}


def _snapshot(ids: dict) -> tuple:
    s = Search.objects.get(pk=ids["search"])
    f = Folder.objects.get(pk=ids["folder"])
    n = Note.objects.get(pk=ids["note"])
    p = SearchPlacement.objects.get(search_id=ids["search"])
    return (s.title, s.question, s.owner_id, f.name, f.position, n.text, p.folder_id, p.position)


ENDPOINTS = [
    ("get", "/api/searches/{search}/", None),
    ("get", "/api/history/{search}/", None),
    ("patch", "/api/history/{search}/", {"title": "hijacked"}),
    ("patch", "/api/history/{search}/", {"folder": None}),
    ("delete", "/api/history/{search}/", None),
    ("get", "/api/folders/{folder}/", None),
    ("patch", "/api/folders/{folder}/", {"name": "hijacked"}),
    ("delete", "/api/folders/{folder}/", None),
    ("delete", "/api/folders/{folder}/?delete_searches=true", None),
    ("get", "/api/history/?folder={folder}", None),
    ("get", "/api/notes/{note}/", None),
    ("patch", "/api/notes/{note}/", {"text": "hijacked"}),
    ("delete", "/api/notes/{note}/", None),
    ("get", "/api/notes/?search={search}", None),
]


@pytest.mark.parametrize("method, template, body", ENDPOINTS)
def test_someone_elses_object_is_404_and_untouched(alices, as_bob, method, template, body):
    before = _snapshot(alices)
    response = getattr(as_bob, method)(template.format(**alices), body, format="json")
    # The result page says "private" apart from "deleted" (same 404, nothing of the search revealed).
    assert error(response, 404)["code"] == ("private" if template.startswith("/api/searches/") else "not_found")
    assert _snapshot(alices) == before


@pytest.mark.parametrize("method, template, body", ENDPOINTS)
def test_signed_out_visitors_get_401_or_404_and_change_nothing(alices, method, template, body):
    before = _snapshot(alices)
    response = getattr(APIClient(), method)(template.format(**alices), body, format="json")
    # The result document is public for unowned searches, so an owned one is simply "not found" (404).
    assert response.status_code == (404 if template.startswith("/api/searches/") else 401), response.content
    assert _snapshot(alices) == before


def test_lists_show_only_my_own(alices, as_bob, no_dispatch):
    submit(as_bob, "Does coffee raise blood pressure?")
    assert [i["question"] for i in as_bob.get("/api/history/").json()["results"]] == ["Does coffee raise blood pressure?"]
    assert as_bob.get("/api/folders/").json() == []
    assert as_bob.get("/api/notes/").json() == []
    assert as_bob.get("/api/notes/?pmid=10526582").json() == []
    assert as_bob.get("/api/accounts/topics/").json() == []
    assert as_bob.delete("/api/history/").json() == {"deleted": 1}
    assert Search.objects.filter(pk=alices["search"]).exists()


def test_bob_cannot_file_his_search_in_alices_folder(alices, as_bob, no_dispatch):
    mine = submit(as_bob, "Does coffee raise blood pressure?")
    err = error(as_bob.patch(f"/api/history/{mine['id']}/", {"folder": alices["folder"]}, format="json"), 400)
    assert err["fields"] == {"folder": ["No folder with this id."]}
    assert SearchPlacement.objects.filter(folder_id=alices["folder"]).count() == 1


def test_searches_without_an_owner_are_readable_by_id_owned_ones_are_private(alices, as_bob, no_dispatch):
    public = submit(APIClient(), "Does vitamin C prevent colds?")
    assert Search.objects.get(pk=public["id"]).owner is None
    assert as_bob.get(public["url"]).status_code == 200  # "public by unguessable id"
    assert APIClient().get(public["url"]).status_code == 200
    # ... but it is nobody's history: it cannot be renamed or deleted through /api/history/.
    error(as_bob.patch(f"/api/history/{public['id']}/", {"title": "x"}, format="json"), 404)
    error(as_bob.delete(f"/api/history/{public['id']}/"), 404)


def test_a_private_result_says_private_and_a_deleted_one_not_found(alices, as_alice, as_bob):
    url = f"/api/searches/{alices['search']}/"
    err = error(as_bob.get(url), 404)
    assert err == {"code": "private", "message": "This search is private to its owner.", "fields": {}}
    assert "private condition" not in str(err)
    assert error(APIClient().get(url), 404)["code"] == "private"
    assert as_alice.delete(f"/api/history/{alices['search']}/").status_code == 204
    assert error(as_bob.get(url), 404)["code"] == "not_found"
    assert error(as_alice.get(url), 404)["code"] == "not_found"
