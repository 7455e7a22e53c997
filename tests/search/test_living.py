"""Living questions (issue 15 §6): re-run a saved search, see what changed, schedule re-runs.

Runs are stored through the real store with real demo-corpus records, the real verdict rule and the real
chart stage; the pipeline itself is not run (its stages have their own tests): the first stage a re-run
schedules is captured instead of sent to a worker.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone as dt_timezone

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from documents.sources.base import Filters
from search import living, services
from search.changes import compare_runs
from search.models import LivingSchedule, Search
from search.pipeline.chart import chart
from search.pipeline.state import Addresses, Answer, Frame, SearchState, UnderstoodQuery
from search.pipeline.verdict import decide
from search.store import PostgresSearchStore, RedisSearchStore
from tests.contract import contract_errors
from tests.search.answer_papers import corpus_records, ranked

QUESTION = "Do triptans relieve migraine?"
FILTERS = Filters(from_year=1990, publication_types=["Randomized Controlled Trial"])
FRAME = Frame(kind="effect", intervention="triptans", outcome="migraine relief", population="migraine")


@pytest.fixture
def sent(monkeypatch) -> list[tuple[str, str]]:
    """Stages scheduled on commit, captured instead of sent to the broker."""
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: calls.append((ref, stage)) or True)
    return calls


@pytest.fixture
def users(db):
    make = get_user_model().objects.create_user
    return (make(username="owner", email="owner@example.org", password="pw-owner-123456"),
            make(username="other", email="other@example.org", password="pw-other-123456"))


def _run(*, owner, records, labels, mode: str = "clinician") -> str:
    """A finished run stored through the real store: papers, verdict (the real rule) and charts."""
    papers = ranked(records, labels)
    for paper in papers:
        paper.addresses = Addresses("yes", "test")
    state = SearchState(question=QUESTION, filters=FILTERS, source="local", papers=papers, models={"mode": mode},
                        query=UnderstoodQuery(boolean="triptans AND migraine", frame=FRAME))
    state.answer = Answer(text="", verdict=decide(papers, FRAME, offline=True))
    state.charts = chart(papers, FRAME)
    store = PostgresSearchStore()
    fingerprint = services.search_fingerprint(question=QUESTION, filters=FILTERS, owner_id=owner.pk) if owner else ""
    search_id = store.create(state, fingerprint=fingerprint, owner=owner)
    assert store.save_stage(state, stage="rerank") and store.save_stage(state, stage="chart")
    return search_id


def _records(n: int = 8):
    return corpus_records("Triptans", n)


def _signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


# --- the transform ----------------------------------------------------------------------------


def _doc(id_: str, papers: list[dict], verdict: str | None, split: dict | None) -> dict:
    return {"id": id_, "status": "done", "created_at": "2026-01-01T00:00:00+00:00", "finished_at": None,
            "papers": papers, "answer": {"verdict": {"label": verdict, "confidence": "low", "studies_counted": 3}}
            if verdict else None,
            "charts": {"stance_distribution": {"labels": split}, "counted": sum(split.values())} if split else None}


def _p(pmid: str, rank: int, label: str | None, retracted: bool = False) -> dict:
    return {"pmid": pmid, "rank": rank, "title": f"t{pmid}", "year": 2000, "retracted": retracted,
            "stance": {"label": label} if label else None, "design": {"name": "Randomised controlled trial"}}


def test_compare_runs_matches_studies_by_pmid_not_position():
    before = _doc("a", [_p("1", 1, "supports"), _p("2", 2, "refutes"), _p("3", 3, "neutral")], "yes",
                  {"supports": 1, "refutes": 1, "neutral": 1})
    after = _doc("b", [_p("4", 1, "refutes"), _p("3", 2, "refutes", retracted=True), _p("1", 3, "supports")], None, None)
    changes = compare_runs(before, after)
    assert [s["pmid"] for s in changes["new_studies"]] == ["4"]
    assert [s["pmid"] for s in changes["gone_studies"]] == ["2"]
    assert changes["kept"] == 2
    assert changes["stance_changed"] == [{"pmid": "3", "title": "t3", "before": "neutral", "after": "refutes"}]
    assert [s["pmid"] for s in changes["newly_retracted"]] == ["3"]
    assert changes["new_studies"][0] == {"pmid": "4", "rank": 1, "title": "t4", "year": 2000,
                                         "design": "Randomised controlled trial", "stance": "refutes", "retracted": False}
    assert changes["before"]["verdict"]["label"] == "yes" and changes["after"]["verdict"] is None
    assert changes["before"]["split"] == {"supports": 1, "refutes": 1, "neutral": 1} and changes["after"]["split"] is None
    assert changes["verdict_changed"] is True
    same = compare_runs(before, before)
    assert same["verdict_changed"] is False and same["new_studies"] == same["gone_studies"] == same["stance_changed"] == []


def test_next_run_weekly_and_monthly_clamps_to_the_months_last_day():
    jan31 = datetime(2027, 1, 31, 9, 0, tzinfo=dt_timezone.utc)
    assert living.next_run(jan31, "weekly") == datetime(2027, 2, 7, 9, 0, tzinfo=dt_timezone.utc)
    assert living.next_run(jan31, "monthly") == datetime(2027, 2, 28, 9, 0, tzinfo=dt_timezone.utc)
    assert living.next_run(datetime(2027, 12, 15, tzinfo=dt_timezone.utc), "monthly").date().isoformat() == "2028-01-15"
    with pytest.raises(ValueError):
        living.next_run(jan31, "daily")


# --- re-run ------------------------------------------------------------------------------------


def test_owner_reruns_a_search_fresh_with_its_question_filters_and_mode(users, sent, django_capture_on_commit_callbacks):
    owner, _ = users
    old_id = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    client = _signed_in(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/searches/{old_id}/rerun/")
    assert response.status_code == 202, response.content
    body = response.json()
    assert body["status"] == "queued" and body["cached"] is False and body["id"] != old_id
    assert response["Location"].endswith(f"/api/searches/{body['id']}/")
    assert contract_errors(body, path="/api/searches/{search_id}/rerun/", method="post", status=202) == []
    new = Search.objects.get(pk=body["id"])
    old = Search.objects.get(pk=old_id)
    assert (new.question, new.filters, new.owner_id, new.rerun_of_id) == (old.question, old.filters, owner.pk, old.pk)
    assert new.fingerprint == old.fingerprint and new.reused_from_id is None  # searched afresh, not copied
    assert new.models == {"mode": "clinician"}
    assert sent == [(body["id"], "understand")]

    # The documents link both ways; only the finished one offers a re-run.
    new_doc = client.get(f"/api/searches/{body['id']}/").json()
    assert new_doc["living"]["rerun_of"]["id"] == old_id and new_doc["living"]["can_rerun"] is False
    old_doc = client.get(f"/api/searches/{old_id}/").json()
    assert [r["id"] for r in old_doc["living"]["reruns"]] == [body["id"]] and old_doc["living"]["can_rerun"] is True
    errors = contract_errors(old_doc, path="/api/searches/{search_id}/")
    assert [e for e in errors if "living" in e] == []

    # A second click while the re-run is going returns it instead of starting another.
    again = client.post(f"/api/searches/{old_id}/rerun/")
    assert again.status_code == 202 and again.json()["id"] == body["id"]
    assert Search.objects.filter(rerun_of_id=old_id).count() == 1 and len(sent) == 1


def test_someone_elses_search_cannot_be_rerun_or_compared(users, sent):
    owner, other = users
    old_id = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    for path in (f"/api/searches/{old_id}/rerun/", f"/api/searches/{old_id}/schedule/"):
        response = _signed_in(other).generic("POST" if path.endswith("rerun/") else "PUT", path,
                                             data='{"every": "weekly"}', content_type="application/json")
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    response = _signed_in(other).get(f"/api/searches/{old_id}/changes/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
    assert Search.objects.count() == 1 and LivingSchedule.objects.count() == 0 and sent == []


def test_signed_out_is_401_and_unowned_or_anonymous_searches_are_never_rerun(users, sent):
    owner, _ = users
    nobodys = _run(owner=None, records=_records(), labels=["supports"] * 8)
    anonymous_id = RedisSearchStore().create(SearchState(question=QUESTION, filters=FILTERS), fingerprint="")
    mine = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    response = APIClient().post(f"/api/searches/{mine}/rerun/")
    assert response.status_code == 401 and response.json()["error"]["code"] == "not_authenticated"
    assert APIClient().get(f"/api/searches/{mine}/changes/").status_code == 401
    for search_id in (nobodys, anonymous_id, "not-a-uuid", "3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10"):
        response = _signed_in(owner).post(f"/api/searches/{search_id}/rerun/")
        assert response.status_code == 404 and response.json()["error"]["code"] == "not_found", search_id
    assert Search.objects.count() == 2 and sent == []
    # Their documents carry no living block: nobody could re-run them.
    assert APIClient().get(f"/api/searches/{nobodys}/").json()["living"] is None
    assert APIClient().get(f"/api/searches/{anonymous_id}/").json()["living"] is None


def test_a_running_search_is_409(users, sent):
    owner, _ = users
    running = PostgresSearchStore().create(SearchState(question=QUESTION, filters=FILTERS), fingerprint="x", owner=owner)
    response = _signed_in(owner).post(f"/api/searches/{running}/rerun/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_ready"


# --- what changed ------------------------------------------------------------------------------


def test_changes_compare_the_rerun_with_the_run_it_repeated(users, sent):
    owner, _ = users
    records = _records(8)
    before_id = _run(owner=owner, records=records[:6], labels=["supports"] * 5 + ["refutes"])
    after_id = _run(owner=owner, records=records[2:8], labels=["refutes"] * 5 + ["supports"])
    Search.objects.filter(pk=after_id).update(rerun_of_id=before_id)
    client = _signed_in(owner)
    response = client.get(f"/api/searches/{after_id}/changes/")
    assert response.status_code == 200, response.content
    changes = response.json()
    assert contract_errors(changes, path="/api/searches/{search_id}/changes/") == []
    assert [s["pmid"] for s in changes["new_studies"]] == [r.pmid for r in records[6:8]]
    assert [s["pmid"] for s in changes["gone_studies"]] == [r.pmid for r in records[:2]]
    assert changes["kept"] == 4
    before_doc, after_doc = (client.get(f"/api/searches/{i}/").json() for i in (before_id, after_id))
    # The verdict and the split are exactly what each result page shows.
    assert changes["before"]["verdict"]["label"] == before_doc["answer"]["verdict"]["label"]
    assert changes["after"]["verdict"]["label"] == after_doc["answer"]["verdict"]["label"]
    assert changes["before"]["split"] == {k: before_doc["charts"]["stance_distribution"]["labels"][k]
                                          for k in ("supports", "refutes", "neutral")}
    assert changes["before"]["split"]["supports"] == 5 and changes["after"]["split"]["refutes"] == 5
    assert changes["verdict_changed"] is (changes["before"]["verdict"]["label"] != changes["after"]["verdict"]["label"])
    # records 2-4 went from supports to refutes; record 5 refuted in both runs
    assert [c["pmid"] for c in changes["stance_changed"]] == [r.pmid for r in records[2:5]]
    assert {(c["before"], c["after"]) for c in changes["stance_changed"]} == {("supports", "refutes")}

    # A first run has nothing to compare with.
    first = client.get(f"/api/searches/{before_id}/changes/")
    assert first.status_code == 404 and first.json()["error"]["code"] == "no_earlier_run"


def test_changes_of_a_rerun_still_running_is_409(users, sent, django_capture_on_commit_callbacks):
    owner, _ = users
    old_id = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    client = _signed_in(owner)
    with django_capture_on_commit_callbacks(execute=True):
        new_id = client.post(f"/api/searches/{old_id}/rerun/").json()["id"]
    response = client.get(f"/api/searches/{new_id}/changes/")
    assert response.status_code == 409 and response.json()["error"]["code"] == "not_ready"


# --- schedule ----------------------------------------------------------------------------------


def test_schedule_is_off_by_default_then_set_changed_and_cleared(users):
    owner, _ = users
    search_id = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    client = _signed_in(owner)
    assert client.get(f"/api/searches/{search_id}/").json()["living"]["schedule"] is None
    response = client.put(f"/api/searches/{search_id}/schedule/", {"every": "weekly"}, format="json")
    assert response.status_code == 200, response.content
    assert contract_errors(response.json(), path="/api/searches/{search_id}/schedule/", method="put") == []
    next_at = datetime.fromisoformat(response.json()["schedule"]["next_run_at"])
    assert timedelta(days=6, hours=23) < next_at - timezone.now() <= timedelta(days=7)
    assert client.get(f"/api/searches/{search_id}/").json()["living"]["schedule"]["every"] == "weekly"
    assert client.put(f"/api/searches/{search_id}/schedule/", {"every": "monthly"}, format="json").json()["schedule"]["every"] == "monthly"
    assert LivingSchedule.objects.count() == 1
    for bad in ({"every": "daily"}, {}, {"every": 7}):
        response = client.put(f"/api/searches/{search_id}/schedule/", bad, format="json")
        assert response.status_code == 400 and "every" in response.json()["error"]["fields"], bad
    assert client.put(f"/api/searches/{search_id}/schedule/", {"every": None}, format="json").json() == {"schedule": None}
    assert LivingSchedule.objects.count() == 0
    assert APIClient().put(f"/api/searches/{search_id}/schedule/", {"every": "weekly"}, format="json").status_code == 401


def test_beat_reruns_the_newest_run_of_each_due_question_once(users, sent, django_capture_on_commit_callbacks):
    owner, _ = users
    first = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    newest = _run(owner=owner, records=_records(), labels=["supports"] * 8)
    living.living_schedule_set(search_id=first, user=owner, every="monthly")
    now = timezone.now()
    assert living.living_run_due(now=now) == 0  # not due yet
    later = now + timedelta(days=32)
    with django_capture_on_commit_callbacks(execute=True):
        assert living.living_run_due(now=later) == 1
    rerun = Search.objects.get(rerun_of__isnull=False)
    assert str(rerun.rerun_of_id) == newest and rerun.status == "queued" and sent == [(str(rerun.id), "understand")]
    schedule = LivingSchedule.objects.get()
    assert schedule.last_run_at == later and schedule.next_run_at == living.next_run(later, "monthly")
    # Due again while that re-run is still going: nothing starts (never two at once).
    assert living.living_run_due(now=later + timedelta(days=40)) == 0
    # Every run of the question deleted: the schedule goes too.
    Search.objects.filter(owner=owner).delete()
    assert living.living_run_due(now=later + timedelta(days=40)) == 0 and LivingSchedule.objects.count() == 0


def test_beat_entry_runs_the_due_task():
    from django.conf import settings

    entry = settings.CELERY_BEAT_SCHEDULE["search-living-due"]
    assert entry["task"] == "search.living_due"
    from search.tasks import run_due_living_questions

    assert run_due_living_questions.name == "search.living_due"
