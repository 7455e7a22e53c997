"""History: ownership on submit, the anonymous switch, listing, renaming, deleting one or all."""
from __future__ import annotations

import pytest

from search.models import Search, SearchPaper

from .conftest import client_for, error, finish, submit

pytestmark = pytest.mark.django_db


def test_signed_in_searches_are_saved_to_history_and_anonymous_ones_are_not(alice, as_alice, no_dispatch):
    mine = submit(as_alice, "Do statins prevent dementia?", filters={"from_year": 2000})
    anon = submit(as_alice, "Is this mole dangerous?", anonymous=True)
    assert Search.objects.get(pk=mine["id"]).owner == alice
    assert anon["anonymous"] is True and not Search.objects.filter(question__icontains="mole").exists()
    page = as_alice.get("/api/history/").json()
    assert page["count"] == 1
    item = page["results"][0]
    assert item["id"] == mine["id"] and item["question"] == "Do statins prevent dementia?"
    assert item["filters"]["from_year"] == 2000 and item["status"] == "queued"
    assert item["folder"] is None and item["position"] is None and item["title"] == ""
    assert item["display_title"] == item["question"] and item["url"] == mine["url"] and item["created_at"]
    assert as_alice.get(anon["url"]).status_code == 200  # the anonymous result is still readable by its token


def test_a_cached_result_is_the_askers_own_and_copied_into_their_history(alice, bob, as_alice, as_bob, no_dispatch):
    first = submit(as_alice, "Do statins prevent dementia?")
    finish(first["id"])
    again = submit(as_alice, "do statins  prevent DEMENTIA?")
    assert again["cached"] is True and again["id"] != first["id"]
    assert Search.objects.get(pk=again["id"]).owner == alice
    # Someone else asking the same is not told it was asked (issue 13): computed afresh, in their history.
    bobs = submit(as_bob, "Do statins prevent dementia?")
    assert bobs["cached"] is False and bobs["status"] == "queued"
    assert [i["id"] for i in as_bob.get("/api/history/").json()["results"]] == [bobs["id"]]
    assert [i["id"] for i in as_alice.get("/api/history/").json()["results"]] == [again["id"], first["id"]]


def test_history_is_newest_first_and_paginated(as_alice, no_dispatch):
    ids = [submit(as_alice, f"Does drug number {n} help?")["id"] for n in range(3)]
    page = as_alice.get("/api/history/?limit=2").json()
    assert page["count"] == 3 and [i["id"] for i in page["results"]] == ids[::-1][:2] and page["next"]
    assert [i["id"] for i in as_alice.get(page["next"]).json()["results"]] == [ids[0]]


def test_rename_and_reset_title(as_alice, no_dispatch):
    s = submit(as_alice, "Do statins prevent dementia?")
    url = f"/api/history/{s['id']}/"
    body = as_alice.patch(url, {"title": "  Statins   and dementia "}, format="json").json()
    assert body["title"] == "Statins and dementia" and body["display_title"] == "Statins and dementia"
    assert as_alice.get(s["url"]).json()["title"] == "Statins and dementia"  # the result document shows it too
    assert as_alice.patch(url, {"title": ""}, format="json").json()["display_title"] == "Do statins prevent dementia?"


@pytest.mark.parametrize("title, words", [("x" * 201, "limit is 200"), ("bad\x07title", "control characters"), ("bad\x00title", "Null characters")])
def test_bad_titles_are_400_and_change_nothing(as_alice, no_dispatch, title, words):
    s = submit(as_alice, "Do statins prevent dementia?")
    as_alice.patch(f"/api/history/{s['id']}/", {"title": "Kept"}, format="json")
    err = error(as_alice.patch(f"/api/history/{s['id']}/", {"title": title}, format="json"), 400)
    assert words in err["fields"]["title"][0]
    assert Search.objects.get(pk=s["id"]).title == "Kept"


def test_title_of_exactly_200_characters_is_accepted(as_alice, no_dispatch):
    s = submit(as_alice, "Do statins prevent dementia?")
    assert as_alice.patch(f"/api/history/{s['id']}/", {"title": "t" * 200}, format="json").json()["title"] == "t" * 200


def test_delete_one_search_removes_it_and_its_papers(as_alice, no_dispatch):
    keep = submit(as_alice, "Do statins prevent dementia?")
    gone = submit(as_alice, "Does aspirin prevent stroke?")
    SearchPaper.objects.create(search_id=gone["id"], rank=1, pmid="10526582", similarity=0.5, title="t")
    assert as_alice.delete(f"/api/history/{gone['id']}/").status_code == 204
    assert not Search.objects.filter(pk=gone["id"]).exists() and not SearchPaper.objects.exists()
    assert [i["id"] for i in as_alice.get("/api/history/").json()["results"]] == [keep["id"]]
    assert error(as_alice.get(gone["url"]), 404)["code"] == "not_found"
    error(as_alice.delete(f"/api/history/{gone['id']}/"), 404)


def test_delete_all_history_only_touches_my_searches(alice, bob, as_alice, no_dispatch):
    for q in ("Do statins prevent dementia?", "Does aspirin prevent stroke?"):
        submit(as_alice, q)
    theirs = submit(client_for(bob), "Does coffee raise blood pressure?")
    assert as_alice.delete("/api/history/").json() == {"deleted": 2}
    assert list(Search.objects.values_list("id", flat=True)) == [Search.objects.get(pk=theirs["id"]).pk]
    assert as_alice.get("/api/history/").json()["count"] == 0


@pytest.mark.parametrize("bad_id", ["not-a-uuid", "123", "3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10"])
def test_malformed_or_unknown_history_ids_are_404(as_alice, bad_id):
    for method in ("get", "patch", "delete"):
        err = error(getattr(as_alice, method)(f"/api/history/{bad_id}/", {"title": "x"}, format="json"), 404)
        assert err == {"code": "not_found", "message": "No search with this id.", "fields": {}}


def test_more_than_one_page_of_history_pages_through_every_search_with_right_folder_counts(alice, as_alice):
    """Issue 14: the account page kept only the first page (50). 61 searches, 7 filed: every one is reachable."""
    from accounts.models import Folder, SearchPlacement

    searches = [Search.objects.create(owner=alice, question=f"Does drug number {n} help?") for n in range(61)]
    folder = Folder.objects.create(owner=alice, name="Migraine")
    for position, search in enumerate(searches[:7]):  # the oldest seven: all beyond the first page
        SearchPlacement.objects.create(search=search, folder=folder, position=position)
    first = as_alice.get("/api/history/").json()
    assert first["count"] == 61 and len(first["results"]) == 50 and first["next"]
    seen, url = [], "/api/history/"
    while url:
        page = as_alice.get(url).json()
        seen += [item["id"] for item in page["results"]]
        url = page["next"]
    assert seen == [str(s.id) for s in reversed(searches)]
    assert len(as_alice.get("/api/history/?limit=500").json()["results"]) == 61
    assert [f["search_count"] for f in as_alice.get("/api/folders/").json()] == [7]
    filed = [item for item in seen if item in {str(s.id) for s in searches[:7]}]
    assert len(filed) == 7 and as_alice.get(f"/api/history/?folder={folder.pk}").json()["count"] == 7
