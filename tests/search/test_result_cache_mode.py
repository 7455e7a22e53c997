"""Issue 17: the result cache is keyed by the reading mode.

With an LLM configured, the answer sentence, its sections, the study summaries and the bottom line are
written in the mode the search was asked in, and stored. Before the fix the fingerprint ignored the
mode, so a lay reader asking what they had asked before in clinician mode was handed the clinician's
stored words (``cached: true``), and the reverse.
"""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from documents.sources.base import Filters
from search import services
from search.models import Search

QUESTION = "Are triptans effective for acute migraine?"
CLINICIAN_TEXT = "Triptans improved 2-hour pain freedom versus placebo in RCTs (sumatriptan, rizatriptan) [1], [2]."


@pytest.fixture
def no_dispatch(monkeypatch):
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: sent.append((ref, stage)))
    return sent


@pytest.fixture
def reader(db) -> APIClient:
    user = get_user_model().objects.create_user(username="reader", password="violet-harbour-42")
    client = APIClient()
    client.force_login(user)
    return client


def ask(client: APIClient, mode: str) -> dict:
    response = client.post("/api/searches/", {"question": QUESTION, "mode": mode}, format="json")
    assert response.status_code == 202, response.content
    return response.json()


def finish_with_llm_text(search_id: str, text: str) -> None:
    """Done, as the LLM path would leave it: the answer sentence written in the search's mode."""
    Search.objects.filter(pk=search_id).update(
        status="done", stage="done", progress=100, finished_at=timezone.now(),
        query={"boolean": "x", "concepts": [], "attempts": []},
        answer={"text": text, "sections": [], "invalid_refs_removed": 0, "kind": "llm"},
    )


def test_the_fingerprint_includes_the_reading_mode():
    f = Filters()
    lay = services.search_fingerprint(question=QUESTION, filters=f, owner_id=1, mode="lay")
    assert lay == services.search_fingerprint(question=QUESTION, filters=f, owner_id=1)  # lay is the default
    assert lay != services.search_fingerprint(question=QUESTION, filters=f, owner_id=1, mode="clinician")
    with pytest.raises(ValueError):
        services.search_fingerprint(question=QUESTION, filters=f, owner_id=1, mode="expert")


@pytest.mark.django_db
@pytest.mark.parametrize("first, second", [("clinician", "lay"), ("lay", "clinician")])
def test_a_result_written_in_one_mode_is_never_reused_for_the_other(reader, no_dispatch, first, second):
    asked = ask(reader, first)
    finish_with_llm_text(asked["id"], CLINICIAN_TEXT if first == "clinician" else "Triptans help most people.")

    other = ask(reader, second)
    assert other["cached"] is False and other["status"] == "queued"  # searched afresh in its own mode
    assert Search.objects.get(pk=other["id"]).models["mode"] == second

    same = ask(reader, first)  # the same mode still reuses its own result
    assert same["cached"] is True and same["status"] == "done"
    copy = Search.objects.get(pk=same["id"])
    assert str(copy.reused_from_id) == asked["id"] and copy.models["mode"] == first


@pytest.mark.django_db
def test_a_stored_result_keyed_before_the_mode_was_is_not_handed_to_the_other_mode(reader, no_dispatch):
    """A row whose fingerprint matches but whose recorded mode differs (stored before the key had the mode)."""
    asked = ask(reader, "lay")
    finish_with_llm_text(asked["id"], CLINICIAN_TEXT)
    Search.objects.filter(pk=asked["id"]).update(models={"mode": "clinician"})
    again = ask(reader, "lay")
    assert again["cached"] is False
