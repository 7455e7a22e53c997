"""Notes on papers: create, list per paper and overall, edit, delete, limits."""
from __future__ import annotations

import pytest

from accounts.models import Note

from .conftest import error, submit

pytestmark = pytest.mark.django_db
URL = "/api/notes/"


def _note(client, pmid="10526582", text="Sumatriptan arm; check dropouts.", **extra) -> dict:
    response = client.post(URL, {"pmid": pmid, "text": text, **extra}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_create_list_edit_delete(as_alice):
    first = _note(as_alice, text="Line one.\nLine two.")
    second = _note(as_alice, pmid="9800001", text="Other paper.")
    assert first["text"] == "Line one.\nLine two." and first["search"] is None and first["pmid"] == "10526582"
    assert [n["id"] for n in as_alice.get(URL).json()] == [second["id"], first["id"]]
    assert [n["id"] for n in as_alice.get(f"{URL}?pmid=10526582").json()] == [first["id"]]
    assert as_alice.get(f"{URL}?pmid=12345").json() == []
    edited = as_alice.patch(f"{URL}{first['id']}/", {"text": "Edited."}, format="json").json()
    assert edited["text"] == "Edited." and edited["updated_at"] >= first["updated_at"]
    assert as_alice.get(f"{URL}{first['id']}/").json()["text"] == "Edited."
    assert as_alice.delete(f"{URL}{first['id']}/").status_code == 204
    assert list(Note.objects.values_list("pk", flat=True)) == [second["id"]]


def test_a_note_of_exactly_10000_characters_is_kept_and_one_more_is_400(as_alice):
    assert len(_note(as_alice, text="n" * 10_000)["text"]) == 10_000
    err = error(as_alice.post(URL, {"pmid": "10526582", "text": "n" * 10_001}, format="json"), 400)
    assert err["fields"] == {"text": ["The note is 10001 characters long; the limit is 10000."]}
    note = Note.objects.get()
    err = error(as_alice.patch(f"{URL}{note.pk}/", {"text": "m" * 10_001}, format="json"), 400)
    assert "limit is 10000" in err["message"]
    note.refresh_from_db()
    assert note.text == "n" * 10_000


@pytest.mark.parametrize(
    "payload, field",
    [({"pmid": "abc", "text": "x"}, "pmid"), ({"pmid": "0123", "text": "x"}, "pmid"), ({"pmid": "1" * 17, "text": "x"}, "pmid"),
     ({"pmid": "10526582", "text": "   "}, "text"), ({"pmid": "10526582", "text": "bell\x07"}, "text"),
     ({"pmid": "10526582"}, "text"), ({"text": "x"}, "pmid")],
)
def test_bad_notes_are_400(as_alice, payload, field):
    err = error(as_alice.post(URL, payload, format="json"), 400)
    assert field in err["fields"]
    assert not Note.objects.exists()


def test_bad_pmid_filter_is_400(as_alice):
    assert "pmid" in error(as_alice.get(f"{URL}?pmid=abc"), 400)["fields"]


def test_a_note_made_in_a_search_is_listed_with_it_and_deleted_with_it(as_alice, as_bob, no_dispatch):
    search = submit(as_alice, "Do triptans relieve migraine?")
    tied = _note(as_alice, search=search["id"])
    loose = _note(as_alice, text="Keep me.")
    assert tied["search"] == search["id"]
    assert [n["id"] for n in as_alice.get(f"{URL}?search={search['id']}").json()] == [tied["id"]]
    theirs = submit(as_bob, "Does coffee help?")
    for bad in (theirs["id"], "not-a-uuid"):
        err = error(as_alice.post(URL, {"pmid": "10526582", "text": "x", "search": bad}, format="json"), 400)
        assert err["fields"] == {"search": ["No search with this id."]}
    error(as_alice.get(f"{URL}?search={theirs['id']}"), 404)
    as_alice.delete(f"/api/history/{search['id']}/")
    assert list(Note.objects.values_list("pk", flat=True)) == [loose["id"]]


@pytest.mark.parametrize("bad_id", ["abc", "0", "1e3", "99999999"])
def test_malformed_or_unknown_note_ids_are_404(as_alice, bad_id):
    for method in ("get", "patch", "delete"):
        err = error(getattr(as_alice, method)(f"{URL}{bad_id}/", {"text": "x"}, format="json"), 404)
        assert err["message"] == "No note with this id."
