"""Orchestration in eager mode: stage by stage persistence, failure isolation, idempotency, watchdog, cache, anonymity.

The pipeline steps are replaced by small scripted steps over real corpus records so these
tests check the orchestration alone; the real stages run in test_worker_integration.py.
"""
from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from documents.models import Paper
from documents.sources.base import Filters, Record
from search import selectors, services
from search.models import Search, SearchPaper
from search.pipeline.errors import StageFailed
from search.pipeline.runner import STEPS
from search.pipeline.graph import STAGES
from search.pipeline.state import Answer, AnswerSection, BestSentence, RankedPaper, Stance, UnderstoodQuery
from search.store import SearchExpired, redis_client, search_ref

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "Do triptans relieve acute migraine attacks?"


def _records(path, n: int) -> list[Record]:
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            out.append(Record(pmid=r["pmid"], title=r["title"] or "", abstract=r["abstract"], year=r["year"],
                              mesh=r.get("mesh") or [], authors=r.get("authors") or []))
            if len(out) == n:
                break
    return out


@pytest.fixture
def scripted(monkeypatch, corpus_slice_file, eager_celery):
    """Scripted steps over real records; ``calls`` lists the stages that actually ran."""
    records = _records(corpus_slice_file, 30)
    Paper.objects.bulk_create([Paper(origin="corpus", **r.to_dict()) for r in records], ignore_conflicts=True)
    calls: list[str] = []

    def understand(state):
        calls.append("understand")
        state.query = UnderstoodQuery(boolean="triptans[tiab] AND migraine[tiab]")

    def retrieve(state):
        calls.append("retrieve")
        state.candidates = list(records)
        state.source = "local"

    def rerank(state):
        calls.append("rerank")
        state.models["embedding"] = "scripted"
        state.papers = [RankedPaper(rank=i + 1, record=r, similarity=1.0 - i / 100) for i, r in enumerate(state.candidates[:20])]

    def enrich(state):
        calls.append("enrich")
        state.fail_part("enrich", "icite", "iCite unreachable")

    def judge(state):
        calls.append("judge")
        for p in state.papers:
            p.stance = Stance(label="supports", supports=0.7, refutes=0.1, neutral=0.2)

    def locate(state):
        calls.append("locate")
        for p in state.papers:
            p.best_sentence = BestSentence(index=0, text=p.record.abstract.split(". ")[0], score=0.5)

    def synthesise(state):
        calls.append("synthesise")
        state.answer = Answer(text="Most studies support it [1].", sections=[AnswerSection("Efficacy", "Yes [1].", [1])])

    def chart(state):
        calls.append("chart")
        state.charts = {"stance_distribution": {"labels": {"supports": len(state.papers), "refutes": 0, "neutral": 0}}}

    for name, fn in locals().copy().items():
        if name in STAGES:
            monkeypatch.setitem(STEPS, name, fn)
    return calls


def _submit(question=QUESTION, anonymous=False, filters=None, owner=None):
    return services.search_submit(question=question, filters=filters or Filters(), anonymous=anonymous, owner=owner)


def test_search_runs_every_stage_and_persists_the_document(scripted):
    submitted = _submit()
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert scripted == list(STAGES)
    assert doc["status"] == "done" and doc["progress"] == 100 and doc["stage"] == "done"
    assert len(doc["papers"]) == 20
    first = doc["papers"][0]
    assert first["rank"] == 1 and first["stance"]["label"] == "supports" and first["best_sentence"]["index"] == 0
    assert first["citation_count"] is None  # not delivered: unavailable, never 0
    assert doc["answer"]["sections"][0]["refs"] == [1]
    assert set(doc["timings_ms"]) == set(STAGES)
    [failure] = doc["failures"]
    assert {k: failure[k] for k in ("stage", "source", "error")} == {
        "stage": "enrich", "source": "icite", "error": "iCite unreachable"}
    assert datetime.fromisoformat(failure["at"]).tzinfo is not None  # when it failed, a real time
    assert SearchPaper.objects.filter(search_id=submitted.id).count() == 20
    assert Search.objects.get(pk=submitted.id).candidate_pmids == []  # running state dropped after rerank


def test_papers_are_readable_after_rerank_before_stance(scripted, monkeypatch):
    scheduled: list[tuple[str, str]] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: scheduled.append((ref, stage)))
    submitted = _submit()
    ref = search_ref(submitted.id)
    assert scheduled == [(ref, "understand")]
    for stage in ("understand", "retrieve", "rerank"):
        assert services.search_run_stage(ref=ref, stage=stage)
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert doc["status"] == "running" and doc["stage"] == "rerank" and doc["progress"] == 50
    assert len(doc["papers"]) == 20 and all(p["stance"] is None for p in doc["papers"])
    assert doc["answer"] is None
    assert [s for _, s in scheduled] == ["understand", "retrieve", "rerank", "enrich", "judge", "locate"]


def test_a_redelivered_stage_records_nothing_twice(scripted, monkeypatch):
    scheduled: list[str] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: scheduled.append(stage))
    ref = search_ref(_submit().id)
    for stage in ("understand", "retrieve", "rerank"):
        services.search_run_stage(ref=ref, stage=stage)
    scheduled.clear()
    calls_before = list(scripted)
    # The worker died after committing rerank: the redelivered task only schedules the next stages.
    assert services.search_run_stage(ref=ref, stage="rerank") is False
    assert scripted == calls_before and scheduled == ["enrich", "judge", "locate"]
    # A stage whose input is not recorded yet does nothing.
    assert services.search_run_stage(ref=ref, stage="synthesise") is False
    assert scripted == calls_before


def _run_with_broken(monkeypatch, stage: str, error: Exception) -> dict:
    """The document of a search run with ``stage`` raising ``error``."""
    def broken(state):
        raise error

    monkeypatch.setitem(STEPS, stage, broken)
    return selectors.search_document(search_id=_submit().id, user=None)


def test_a_failing_non_critical_stage_degrades_and_the_search_ends_done(scripted, monkeypatch):
    doc = _run_with_broken(monkeypatch, "judge", TimeoutError("stance model timed out"))
    assert doc["status"] == "done"
    assert ("judge", "pipeline", "TimeoutError: stance model timed out") in [
        (f["stage"], f["source"], f["error"]) for f in doc["failures"]]
    assert all(p["stance"] is None for p in doc["papers"]) and doc["answer"] is not None


def test_a_failing_critical_stage_fails_the_search_with_a_reason(scripted, monkeypatch):
    doc = _run_with_broken(monkeypatch, "retrieve", StageFailed("No literature source answered (local: the corpus is empty)."))
    assert doc["status"] == "failed"
    assert doc["error"] == "No literature source answered (local: the corpus is empty)."
    assert scripted == ["understand"] and doc["papers"] == []


def test_watchdog_fails_stuck_searches_and_late_stages_cannot_revive_them(scripted, monkeypatch, settings):
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: None)
    submitted = _submit()
    ref = search_ref(submitted.id)
    services.search_run_stage(ref=ref, stage="understand")
    Search.objects.filter(pk=submitted.id).update(updated_at=timezone.now() - timedelta(seconds=settings.MEDSEBA_STUCK_AFTER + 5))
    assert services.search_fail_stuck() >= 1
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert doc["status"] == "failed" and "made no progress" in doc["error"]
    assert services.search_run_stage(ref=ref, stage="retrieve") is False
    assert selectors.search_document(search_id=submitted.id, user=None)["status"] == "failed"


def test_same_question_and_filters_reuse_the_owners_finished_result(scripted, django_user_model):
    owner = django_user_model.objects.create_user("asker")
    first = _submit(filters=Filters(publication_types=["Review"]), owner=owner)
    runs = len(scripted)
    second = _submit(question="  do TRIPTANS relieve   acute migraine attacks? ", filters=Filters(publication_types=["Review"]),
                     owner=owner)
    assert second.cached and second.status == "done" and second.id != first.id
    assert len(scripted) == runs  # nothing recomputed
    doc = selectors.search_document(search_id=second.id, user=owner)
    assert doc["cached"] and doc["status"] == "done" and len(doc["papers"]) == 20
    # Other filters, an expired result, another asker or a signed-out one are computed afresh.
    assert not _submit(filters=Filters(from_year=2000), owner=owner).cached
    assert not _submit(filters=Filters(publication_types=["Review"]), owner=django_user_model.objects.create_user("other")).cached
    assert not _submit(filters=Filters(publication_types=["Review"])).cached
    Search.objects.update(finished_at=timezone.now() - timedelta(days=30))
    assert not _submit(filters=Filters(publication_types=["Review"]), owner=owner).cached


def test_fingerprint_folds_case_and_whitespace_only():
    f = Filters(publication_types=["Review", "Meta-Analysis"])
    a = services.search_fingerprint(question="Does X help?", filters=f)
    assert a == services.search_fingerprint(question=" does  x\thelp? ", filters=Filters(publication_types=["Meta-Analysis", "Review"]))
    assert a != services.search_fingerprint(question="Does Y help?", filters=f)
    assert a != services.search_fingerprint(question="Does X help?", filters=Filters(publication_types=["Review"]))
    assert a != services.search_fingerprint(question="Does X help?", filters=f, owner_id=1)  # keyed per owner


def test_anonymous_search_lives_only_in_redis_with_a_ttl(scripted, settings):
    submitted = _submit(anonymous=True)
    assert submitted.anonymous and len(submitted.id) == 43
    assert Search.objects.count() == 0 and SearchPaper.objects.count() == 0
    doc = selectors.search_document(search_id=submitted.id, user=None)
    assert doc["status"] == "done" and len(doc["papers"]) == 20 and doc["id"] == submitted.id
    key = "medseba:anon:" + search_ref(submitted.id)
    assert submitted.id not in key  # keys and task arguments carry only the hash of the public id
    assert 0 < redis_client().ttl(key) <= settings.MEDSEBA_ANONYMOUS_TTL
    # Anonymous results neither feed nor use the result cache.
    assert not _submit().cached
    assert not _submit(anonymous=True).cached
    redis_client().delete(key)
    with pytest.raises(SearchExpired):
        selectors.search_document(search_id=submitted.id, user=None)


def test_anonymous_stage_logs_never_contain_the_question(scripted, monkeypatch, caplog):
    def chatty_understand(state):
        logging.getLogger("search.pipeline.understand").warning("parsing %r", state.question)
        try:
            raise ValueError(f"cannot parse {state.question}")
        except ValueError:
            logging.getLogger("search.pipeline.understand").exception("failed")
        state.query = UnderstoodQuery(boolean="triptans[tiab]")

    monkeypatch.setitem(STEPS, "understand", chatty_understand)
    caplog.set_level(logging.INFO)
    _submit(anonymous=True)
    assert "[redacted]" in caplog.text
    assert "triptans" not in caplog.text.lower() and "migraine" not in caplog.text.lower()


def test_later_stages_are_queued_ahead_of_earlier_ones(monkeypatch):
    from search import tasks

    sent: list[tuple[list, int]] = []
    monkeypatch.setattr(tasks.run_search_stage, "apply_async", lambda args, priority: sent.append((args, priority)))
    for stage in STAGES:
        services._schedule("ref", stage)
    priorities = [priority for _, priority in sent]
    assert [args[1] for args, _ in sent] == list(STAGES)
    assert priorities == sorted(priorities, reverse=True)
    by_stage = dict(zip(STAGES, priorities))
    # enrich ‖ judge ‖ locate run side by side: one level, after rerank, before synthesise and chart.
    assert by_stage["enrich"] == by_stage["judge"] == by_stage["locate"]
    assert by_stage["rerank"] > by_stage["enrich"] > by_stage["synthesise"] > by_stage["chart"]
    assert len(set(priorities)) == len(STAGES) - 2
    assert min(priorities) == 0 and max(priorities) <= 9  # the Redis broker's range, 0 first
