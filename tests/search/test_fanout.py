"""enrich ‖ judge ‖ locate: three tasks after rerank, merged under a lock, one fan-in to synthesise.

Scripted steps over real corpus records (the ``scripted`` fixture of test_tasks.py), both
stores, real PostgreSQL and Redis; the real stages run side by side in test_worker_integration.py.
"""
from __future__ import annotations

import itertools
import threading
import time

import pytest
from django.db import connection, connections, transaction

from search import selectors, services
from search.models import Search, SearchPaper
from search.pipeline.runner import STEPS
from search.pipeline.branches import BRANCHES, PAPER_FIELDS, BranchOutput
from search.pipeline.graph import STAGE_PROGRESS, STAGES
from search.pipeline.state import Failure, Metrics, Stance
from search.store import PostgresSearchStore, RedisSearchStore, search_ref

from .test_tasks import _submit, scripted  # noqa: F401 - scripted is a fixture

pytestmark = pytest.mark.django_db(transaction=True)

ORDERS = list(itertools.permutations(BRANCHES))


@pytest.fixture
def branch_steps(scripted, monkeypatch):  # noqa: F811 - the imported fixture
    """Branches that also add failures, models and token usage, so every merged part is checked."""
    real = {name: STEPS[name] for name in BRANCHES}

    def enrich(state):
        real["enrich"](state)  # the scripted one: one iCite failure
        for p in state.papers:
            p.metrics = Metrics(citation_count=100 - p.rank, venue=f"Venue {p.rank}")

    def judge(state):
        real["judge"](state)
        state.models["stance"] = "scripted-stance"
        state.usage["prompt_tokens"] = state.usage.get("prompt_tokens", 0) + 7
        state.fail_part("judge", "llm", "one batch had no usable answer")

    def locate(state):
        real["locate"](state)
        state.fail_part("locate", "pipeline", "one abstract had no sentence")

    for name, fn in (("enrich", enrich), ("judge", judge), ("locate", locate)):
        monkeypatch.setitem(STEPS, name, fn)
    return scripted


@pytest.fixture
def scheduled(monkeypatch) -> list[str]:
    """The stages scheduled, in order; nothing runs on its own (the test runs the tasks)."""
    out: list[str] = []
    monkeypatch.setattr(services, "_schedule", lambda ref, stage: out.append(stage))
    return out


def _up_to_rerank(anonymous: bool) -> tuple[str, str]:
    submitted = _submit(anonymous=anonymous)
    ref = search_ref(submitted.id)
    for stage in ("understand", "retrieve", "rerank"):
        assert services.search_run_stage(ref=ref, stage=stage)
    return submitted.id, ref


def _doc(public_id: str) -> dict:
    return selectors.search_document(search_id=public_id, user=None)


def _assert_every_branch_survived(doc: dict) -> None:
    assert sorted(doc["branches"]) == sorted(BRANCHES)
    assert len(doc["papers"]) == 20
    for p in doc["papers"]:
        assert p["citation_count"] == 100 - p["rank"] and p["venue"] == f"Venue {p['rank']}"
        assert p["stance"]["label"] == "supports"
        assert p["best_sentence"]["index"] == 0
    assert sorted((f["stage"], f["source"]) for f in doc["failures"]) == [
        ("enrich", "icite"), ("judge", "llm"), ("locate", "pipeline"),
    ]
    assert set(doc["timings_ms"]) >= {"rerank", *BRANCHES}
    assert doc["models"]["stance"] == "scripted-stance" and doc["models"]["embedding"] == "scripted"
    assert doc["usage"] == {"prompt_tokens": 7}


@pytest.mark.parametrize("anonymous", [False, True], ids=["postgres", "redis"])
@pytest.mark.parametrize("order", ORDERS, ids=["-".join(o) for o in ORDERS])
def test_branches_recorded_in_any_order_all_survive(branch_steps, scheduled, anonymous, order):
    public_id, ref = _up_to_rerank(anonymous)
    assert scheduled[-3:] == list(BRANCHES)
    seen = [(_doc(public_id)["stage"], _doc(public_id)["progress"])]
    for i, branch in enumerate(order):
        assert services.search_run_stage(ref=ref, stage=branch)
        doc = _doc(public_id)
        seen.append((doc["stage"], doc["progress"]))
        # The fan-in is scheduled by the branch that completes the set, and only by it.
        assert scheduled.count("synthesise") == (1 if i == len(order) - 1 else 0)
    progress = [p for _, p in seen]
    assert progress == sorted(progress) and len(set(progress)) == len(progress)  # grows at every branch
    assert progress[-1] == STAGE_PROGRESS["locate"]
    for stage, prog in seen:
        # stage names a finished stage whose mark is reached, so the page shows the next one as running.
        assert stage in ("rerank", *BRANCHES) and prog >= STAGE_PROGRESS[stage]
    assert seen[-1][0] == "locate"
    _assert_every_branch_survived(_doc(public_id))
    for stage in ("synthesise", "chart"):
        assert services.search_run_stage(ref=ref, stage=stage)
    final = _doc(public_id)
    assert final["status"] == "done" and final["progress"] == 100 and final["answer"] is not None
    _assert_every_branch_survived(final)
    assert set(final["timings_ms"]) == set(STAGES)
    if anonymous:
        assert Search.objects.count() == 0 and SearchPaper.objects.count() == 0
    else:
        assert sorted(Search.objects.get(pk=public_id).branches) == sorted(BRANCHES)


@pytest.mark.parametrize("anonymous", [False, True], ids=["postgres", "redis"])
def test_a_redelivered_branch_records_nothing_twice_and_the_fan_in_is_scheduled_once(branch_steps, scheduled, anonymous):
    public_id, ref = _up_to_rerank(anonymous)
    scheduled.clear()
    assert services.search_run_stage(ref=ref, stage="enrich")
    before = _doc(public_id)
    # Redelivered before the set is complete: nothing runs, nothing is recorded, nothing scheduled.
    assert services.search_run_stage(ref=ref, stage="enrich") is False
    assert branch_steps.count("enrich") == 1 and scheduled == []
    after = _doc(public_id)
    assert (after["failures"], after["progress"], after["branches"]) == (before["failures"], before["progress"], ["enrich"])
    assert services.search_run_stage(ref=ref, stage="judge")
    assert services.search_run_stage(ref=ref, stage="locate")
    assert scheduled == ["synthesise"]
    # The worker died after committing locate, before synthesise was queued: the redelivered
    # branch schedules it again (the only way it is not stranded) and records nothing.
    assert services.search_run_stage(ref=ref, stage="locate") is False
    assert scheduled == ["synthesise", "synthesise"] and branch_steps.count("locate") == 1
    _assert_every_branch_survived(_doc(public_id))
    assert services.search_run_stage(ref=ref, stage="synthesise")
    assert services.search_run_stage(ref=ref, stage="synthesise") is False  # the fan-in stays idempotent
    assert branch_steps.count("synthesise") == 1
    scheduled.clear()
    assert services.search_run_stage(ref=ref, stage="judge") is False  # after the fan-in: nothing to schedule
    assert scheduled == [] and branch_steps.count("judge") == 1


@pytest.mark.parametrize("anonymous", [False, True], ids=["postgres", "redis"])
def test_a_duplicate_that_loses_the_race_neither_records_nor_schedules(branch_steps, scheduled, monkeypatch, anonymous):
    """Two deliveries of judge run at once; the one that saves second finds it recorded and stays quiet."""
    public_id, ref = _up_to_rerank(anonymous)
    for branch in ("enrich", "locate"):
        assert services.search_run_stage(ref=ref, stage=branch)
    scheduled.clear()
    judge = STEPS["judge"]
    nested: list[bool] = []

    def judge_with_a_duplicate_meanwhile(state):
        judge(state)
        if not nested:
            nested.append(False)
            nested[0] = services.search_run_stage(ref=ref, stage="judge")  # the other delivery, start to end

    monkeypatch.setitem(STEPS, "judge", judge_with_a_duplicate_meanwhile)
    assert services.search_run_stage(ref=ref, stage="judge") is False
    assert nested == [True] and scheduled == ["synthesise"]
    doc = _doc(public_id)
    assert [f["stage"] for f in doc["failures"]].count("judge") == 1 and doc["usage"] == {"prompt_tokens": 7}


@pytest.mark.parametrize("anonymous", [False, True], ids=["postgres", "redis"])
@pytest.mark.parametrize("broken", BRANCHES)
def test_a_failing_branch_degrades_and_the_search_ends_done(scripted, monkeypatch, anonymous, broken):  # noqa: F811
    def crash(state):
        raise ConnectionError(f"{broken} backend down")

    monkeypatch.setitem(STEPS, broken, crash)
    doc = _doc(_submit(anonymous=anonymous).id)  # eager: every task runs, branches one after the other
    assert doc["status"] == "done" and doc["progress"] == 100 and doc["answer"] is not None
    assert (broken, "pipeline", f"ConnectionError: {broken} backend down") in [
        (f["stage"], f["source"], f["error"]) for f in doc["failures"]]
    assert sorted(doc["branches"]) == sorted(BRANCHES)
    others = {"judge": "stance", "locate": "best_sentence"}
    for branch, key in others.items():
        assert all((p[key] is None) == (branch == broken) for p in doc["papers"])


def _output(stage: str, pmids: list[str]) -> BranchOutput:
    values = {
        "enrich": lambda i: Metrics(citation_count=i),
        "judge": lambda i: Stance(label="refutes", supports=0.1, refutes=0.8, neutral=0.1),
        "locate": lambda i: None,
    }[stage]
    return BranchOutput(
        stage=stage,
        papers={pmid: {PAPER_FIELDS[stage][0]: values(i)} for i, pmid in enumerate(pmids)},
        failures=[Failure(stage=stage, source="test", error=f"{stage} part missing")],
        timing_ms=11,
        models={f"{stage}_model": stage},
        usage={"tokens": 1},
    )


def _blocked_on(pid_count: int, timeout: float = 20.0) -> None:
    """Wait until ``pid_count`` other backends of this test database wait for a lock (ours, or each other's)."""
    deadline = time.monotonic() + timeout
    with connection.cursor() as cur:
        while time.monotonic() < deadline:
            cur.execute("SELECT pg_stat_clear_snapshot()")
            cur.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cur.fetchone()[0] >= pid_count:
                return
            time.sleep(0.02)
    raise AssertionError("the branch saves never waited for the row lock")


def test_two_branch_saves_racing_in_threads_both_survive(scripted, scheduled):  # noqa: F811
    public_id, ref = _up_to_rerank(anonymous=False)
    pmids = list(SearchPaper.objects.filter(search_id=public_id).values_list("pmid", flat=True))
    store = PostgresSearchStore()
    results: dict[str, object] = {}

    def save(stage: str) -> None:
        try:
            results[stage] = store.save_branch(ref, _output(stage, pmids))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(stage,)) for stage in ("enrich", "judge")]
    with transaction.atomic():
        # Hold the row so both saves are in flight at once, then let them go together.
        Search.objects.select_for_update().get(pk=public_id)
        for t in threads:
            t.start()
        _blocked_on(2)
    for t in threads:
        t.join(timeout=30)
    assert all(r.recorded and not r.complete for r in results.values())
    doc = _doc(public_id)
    assert sorted(doc["branches"]) == ["enrich", "judge"] and doc["progress"] == 75
    assert sorted(f["stage"] for f in doc["failures"]) == ["enrich", "judge"]
    assert doc["timings_ms"]["enrich"] == doc["timings_ms"]["judge"] == 11
    assert {"enrich_model", "judge_model"} <= set(doc["models"]) and doc["usage"] == {"tokens": 2}
    assert all(p["stance"]["label"] == "refutes" and p["citation_count"] is not None for p in doc["papers"])


def test_redis_branch_save_retries_when_another_branch_wrote_meanwhile(scripted, scheduled, monkeypatch):  # noqa: F811
    """WATCH/MULTI: a branch that records between our read and our write makes us merge again."""
    public_id, ref = _up_to_rerank(anonymous=True)
    pmids = [p["pmid"] for p in _doc(public_id)["papers"]]
    store = RedisSearchStore()
    from search.store import redis as store_module  # the module whose merge_into RedisSearchStore calls

    real_merge = store_module.merge_into
    merges: list[str] = []

    def merge_while_another_branch_records(state, output):
        merges.append(output.stage)
        if output.stage == "judge" and merges.count("judge") == 1:
            assert store.save_branch(ref, _output("locate", pmids)).recorded
        real_merge(state, output)

    monkeypatch.setattr(store_module, "merge_into", merge_while_another_branch_records)
    assert store.save_branch(ref, _output("judge", pmids)).recorded
    assert merges == ["judge", "locate", "judge"]  # judge merged again on top of locate
    doc = _doc(public_id)
    assert sorted(doc["branches"]) == ["judge", "locate"] and doc["progress"] == 50 + 15 + 10
    assert sorted(f["stage"] for f in doc["failures"]) == ["judge", "locate"]
    assert all(p["stance"]["label"] == "refutes" for p in doc["papers"])


@pytest.mark.django_db
def test_judge_branch_records_addresses_design_and_sample_size():
    """Everything the judge branch owns reaches the PostgreSQL document (design and size came with #15)."""
    from search.design import DesignResult, SampleSize
    from search.pipeline.branches import Baseline, branch_output
    from search.pipeline.state import Addresses, RankedPaper, SearchState
    from search.store import PostgresSearchStore

    from documents.sources.base import Record

    store = PostgresSearchStore()
    state = SearchState(question="q")
    store.create(state, fingerprint="f")
    state.papers = [RankedPaper(rank=1, record=Record(pmid="7", title="t", abstract="a"), similarity=0.5)]
    for stage in ("understand", "retrieve", "rerank"):
        assert store.save_stage(state, stage=stage)
    baseline = Baseline.of(state)
    paper = state.papers[0]
    paper.stance = Stance("refutes", 0.1, 0.8, 0.1)
    paper.addresses = Addresses("yes", "compares them")
    paper.design = DesignResult("rct", "text", "randomized")
    paper.sample_size = SampleSize(120, "120 patients were randomized.")
    assert store.save_branch(state.id, branch_output(state, "judge", baseline)).recorded
    saved = store.document(state.id)["papers"][0]
    assert saved["addresses"] == {"label": "yes", "reason": "compares them"}
    assert saved["design"] == {"label": "rct", "source": "text", "evidence": "randomized",
                               "name": "Randomised controlled trial"}
    assert saved["sample_size"] == {"n": 120, "sentence": "120 patients were randomized."}
    assert RankedPaper.from_dict(saved).design == paper.design
