"""Folders: create, rename, order, file searches, move between folders, delete (unfile or delete searches)."""
from __future__ import annotations

import pytest

from accounts.models import Folder, SearchPlacement
from search.models import Search

from .conftest import error, submit

pytestmark = pytest.mark.django_db


def _folder(client, name: str, **extra) -> dict:
    response = client.post("/api/folders/", {"name": name, **extra}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _move(client, search_id: str, **body) -> dict:
    response = client.patch(f"/api/history/{search_id}/", body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def _order(client, folder_id: int) -> list[str]:
    return [i["id"] for i in client.get(f"/api/history/?folder={folder_id}").json()["results"]]


def test_create_list_rename_and_reorder_folders(as_alice):
    a, b = _folder(as_alice, "Migraine"), _folder(as_alice, "Heart")
    assert (a["position"], b["position"], a["search_count"]) == (0, 1, 0)
    c = _folder(as_alice, "Sleep", position=0)
    assert [f["name"] for f in as_alice.get("/api/folders/").json()] == ["Sleep", "Migraine", "Heart"]
    renamed = as_alice.patch(f"/api/folders/{a['id']}/", {"name": "Headache"}, format="json").json()
    assert renamed["name"] == "Headache"
    as_alice.patch(f"/api/folders/{c['id']}/", {"position": 9}, format="json")
    listed = as_alice.get("/api/folders/").json()
    assert [(f["name"], f["position"]) for f in listed] == [("Headache", 0), ("Heart", 1), ("Sleep", 2)]


@pytest.mark.parametrize(
    "name, words",
    [("migraine", "already have a folder named"), ("", "empty"), ("   ", "empty"), ("f" * 101, "limit is 100"),
     ("tab\x07", "control characters")],
)
def test_bad_folder_names_are_400_and_nothing_is_created(as_alice, name, words):
    _folder(as_alice, "Migraine")
    err = error(as_alice.post("/api/folders/", {"name": name}, format="json"), 400)
    assert words in err["fields"]["name"][0]
    assert Folder.objects.count() == 1


def test_renaming_onto_another_folders_name_is_400(as_alice):
    _folder(as_alice, "Migraine")
    heart = _folder(as_alice, "Heart")
    error(as_alice.patch(f"/api/folders/{heart['id']}/", {"name": "MIGRAINE"}, format="json"), 400)
    assert Folder.objects.get(pk=heart["id"]).name == "Heart"
    # Renaming a folder to its own name in another case is fine.
    assert as_alice.patch(f"/api/folders/{heart['id']}/", {"name": "HEART"}, format="json").json()["name"] == "HEART"


def test_two_users_may_use_the_same_folder_name(as_alice, as_bob):
    _folder(as_alice, "Migraine")
    _folder(as_bob, "Migraine")
    assert Folder.objects.count() == 2


def test_file_order_and_move_searches_between_folders(as_alice, no_dispatch):
    f1, f2 = _folder(as_alice, "Migraine"), _folder(as_alice, "Heart")
    s = [submit(as_alice, f"Does drug {n} help migraine?")["id"] for n in range(4)]
    for sid in s[:3]:
        _move(as_alice, sid, folder=f1["id"])
    assert _order(as_alice, f1["id"]) == s[:3]
    item = _move(as_alice, s[2], position=0)  # reorder within the folder
    assert item["folder"] == f1["id"] and item["position"] == 0
    assert _order(as_alice, f1["id"]) == [s[2], s[0], s[1]]
    _move(as_alice, s[0], folder=f2["id"], position=0)  # move to another folder
    assert _order(as_alice, f1["id"]) == [s[2], s[1]] and _order(as_alice, f2["id"]) == [s[0]]
    assert sorted(SearchPlacement.objects.filter(folder_id=f1["id"]).values_list("position", flat=True)) == [0, 1]
    assert _move(as_alice, s[2], folder=None)["folder"] is None  # unfile
    unfiled = [i["id"] for i in as_alice.get("/api/history/?folder=unfiled").json()["results"]]
    assert set(unfiled) == {s[2], s[3]}
    detail = as_alice.get(f"/api/folders/{f1['id']}/").json()
    assert [i["id"] for i in detail["searches"]] == [s[1]] and detail["search_count"] == 1
    assert [f["search_count"] for f in as_alice.get("/api/folders/").json()] == [1, 1]


def test_a_position_without_a_folder_is_400(as_alice, no_dispatch):
    sid = submit(as_alice, "Does aspirin prevent stroke?")["id"]
    err = error(as_alice.patch(f"/api/history/{sid}/", {"position": 0}, format="json"), 400)
    assert "position" in err["fields"]
    error(as_alice.patch(f"/api/history/{sid}/", {"position": -1}, format="json"), 400)


def test_moving_into_someone_elses_or_a_missing_folder_is_400_and_changes_nothing(as_alice, as_bob, no_dispatch):
    mine = _folder(as_alice, "Migraine")
    theirs = _folder(as_bob, "Private")
    sid = submit(as_alice, "Does aspirin prevent stroke?")["id"]
    _move(as_alice, sid, folder=mine["id"])
    for target in (theirs["id"], 999999, "abc"):
        err = error(as_alice.patch(f"/api/history/{sid}/", {"folder": target, "title": "renamed"}, format="json"), 400)
        assert "folder" in err["fields"]
        # Nothing half-written: neither the move nor the rename of the same request.
        assert SearchPlacement.objects.get(search_id=sid).folder_id == mine["id"]
        assert Search.objects.get(pk=sid).title == ""
    assert not SearchPlacement.objects.filter(folder_id=theirs["id"]).exists()


def test_deleting_a_folder_unfiles_its_searches(as_alice, no_dispatch):
    f = _folder(as_alice, "Migraine")
    other = _folder(as_alice, "Heart")
    sid = submit(as_alice, "Does aspirin prevent stroke?")["id"]
    _move(as_alice, sid, folder=f["id"])
    assert as_alice.delete(f"/api/folders/{f['id']}/").status_code == 204
    assert Search.objects.filter(pk=sid).exists() and not SearchPlacement.objects.exists()
    assert [i["id"] for i in as_alice.get("/api/history/?folder=unfiled").json()["results"]] == [sid]
    assert as_alice.get("/api/folders/").json()[0]["id"] == other["id"]
    assert as_alice.get("/api/folders/").json()[0]["position"] == 0


def test_deleting_a_folder_with_its_searches(as_alice, no_dispatch):
    f = _folder(as_alice, "Migraine")
    filed = submit(as_alice, "Does aspirin prevent stroke?")["id"]
    loose = submit(as_alice, "Do statins prevent dementia?")["id"]
    _move(as_alice, filed, folder=f["id"])
    error(as_alice.delete(f"/api/folders/{f['id']}/?delete_searches=perhaps"), 400)
    assert Folder.objects.filter(pk=f["id"]).exists()
    assert as_alice.delete(f"/api/folders/{f['id']}/?delete_searches=true").status_code == 204
    assert list(Search.objects.values_list("pk", flat=True)) == [Search.objects.get(pk=loose).pk]
    assert not Folder.objects.exists()


@pytest.mark.parametrize("bad_id", ["abc", "0", "-1", "99999999999999999999999", "1.5"])
def test_malformed_or_unknown_folder_ids_are_404(as_alice, bad_id):
    for method in ("get", "patch", "delete"):
        err = error(getattr(as_alice, method)(f"/api/folders/{bad_id}/", {"name": "x"}, format="json"), 404)
        assert err["message"] == "No folder with this id."
    error(as_alice.get(f"/api/history/?folder={bad_id}"), 404)
