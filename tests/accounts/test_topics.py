"""Top topics: concepts from query understanding counted per search, for the signed-in user only."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from .conftest import error, finish, submit

pytestmark = pytest.mark.django_db

MIGRAINE = {"text": "migraine", "mesh_id": "D008881", "mesh_heading": "Migraine Disorders", "synonyms": []}
TRIPTANS = {"text": "triptans", "mesh_id": "D060845", "mesh_heading": "Tryptamines", "synonyms": []}
SLEEP = {"text": "Poor  Sleep", "mesh_id": None, "synonyms": []}


def test_topics_count_each_search_once_and_rank_by_count(as_alice, as_bob, no_dispatch):
    a = submit(as_alice, "Do triptans relieve migraine?")["id"]
    b = submit(as_alice, "Does migraine come back after triptans?")["id"]
    c = submit(as_alice, "Does poor sleep trigger migraine?")["id"]
    d = submit(as_alice, "Is poor sleep bad?")["id"]
    finish(a, [TRIPTANS, MIGRAINE])
    finish(b, [MIGRAINE, {**MIGRAINE, "text": "migraines"}, TRIPTANS])  # the same MeSH concept twice: counted once
    finish(c, [SLEEP, MIGRAINE])
    finish(d, [{**SLEEP, "text": "poor sleep"}])  # unlinked concepts group by folded text
    as_alice.patch(f"/api/history/{c}/", {"title": "Sleep and migraine"}, format="json")
    theirs = submit(as_bob, "Do triptans relieve migraine?")["id"]
    finish(theirs, [TRIPTANS, MIGRAINE])
    topics = as_alice.get("/api/accounts/topics/").json()
    # Ties go to the topic searched most recently (d is newer than b); the label is the newest wording.
    assert [(t["topic"], t["mesh_id"], t["count"]) for t in topics] == [
        ("Migraine Disorders", "D008881", 3), ("poor sleep", None, 2), ("Tryptamines", "D060845", 2),
    ]
    migraine = topics[0]
    assert [s["id"] for s in migraine["searches"]] == [c, b, a]  # newest first
    assert migraine["searches"][0]["title"] == "Sleep and migraine"
    assert all(s["id"] != theirs for t in topics for s in t["searches"])
    assert len(as_alice.get("/api/accounts/topics/?limit=1").json()) == 1
    error(as_alice.get("/api/accounts/topics/?limit=0"), 400)


def test_no_searches_no_topics(as_alice):
    assert as_alice.get("/api/accounts/topics/").json() == []


def test_topics_need_a_session():
    error(APIClient().get("/api/accounts/topics/"), 401)
