"""The runner's contract: critical stages fail the search with a reason, others degrade into failures."""
import pytest

from documents.sources import Filters, Record
from search.pipeline import runner
from search.pipeline.runner import STEPS
from search.pipeline.state import RankedPaper, SearchState, Stance, UnderstoodQuery


def test_non_critical_stage_error_is_listed_and_search_goes_on(monkeypatch):
    state = SearchState(question="q", papers=[RankedPaper(rank=1, record=Record("1", "t", "a"), similarity=0.5)])

    def broken(_state):
        raise RuntimeError("classifier exploded")

    monkeypatch.setitem(STEPS, "judge", broken)
    runner.run_stage(state, "judge")
    assert state.failures[0].stage == "judge" and "classifier exploded" in state.failures[0].error
    assert state.progress == 75 and "judge" in state.timings_ms


def test_critical_stage_error_fails_with_a_readable_reason(monkeypatch):
    def broken(_state):
        raise ConnectionError("database went away")

    monkeypatch.setitem(STEPS, "rerank", broken)
    with pytest.raises(runner.StageFailed, match="rerank stage failed: ConnectionError: database went away"):
        runner.run_stage(SearchState(question="q"), "rerank")


def test_run_pipeline_reports_failure_status(monkeypatch):
    def broken(state):
        raise runner.StageFailed("No literature source answered (pubmed: down).")

    monkeypatch.setitem(STEPS, "understand", lambda s: setattr(s, "query", UnderstoodQuery(boolean="x")))
    monkeypatch.setitem(STEPS, "retrieve", broken)
    state = runner.run_pipeline("q", Filters())
    assert state.status == "failed" and "No literature source answered" in state.error


def test_document_round_trip():
    state = SearchState(question="Does it work?", filters=Filters(from_year=2000, publication_types=["Review"]))
    state.query = UnderstoodQuery(boolean='"a"[tiab]', relaxations=[("b", "wider")])
    paper = RankedPaper(rank=1, record=Record("42", "T", "A", year=2001, mesh=["Humans"]), similarity=0.8123)
    paper.stance = Stance("supports", 0.7, 0.2, 0.1)
    state.papers = [paper]
    state.fail_part("enrich", "icite", "unreachable")
    doc = state.to_document(include_candidates=True)
    again = SearchState.from_document(doc).to_document(include_candidates=True)
    assert again == doc
    assert doc["papers"][0]["citation_count"] is None  # unavailable, never 0
    assert doc["papers"][0]["stance"]["label"] == "supports"


def test_run_parameters_reach_the_stages_without_touching_settings(monkeypatch, settings):
    """source, top-k and candidates are the run's own (SearchState.params); unset, they are the settings."""
    from search import embeddings, provenance
    from search.pipeline import rerank as rerank_module
    from search.pipeline import retrieve as retrieve_module
    from search.pipeline import steps
    from search.pipeline.params import RunParams

    seen: dict = {}

    def fake_retrieve(query, *, source, limit):
        seen.update(source=source, limit=limit)
        return retrieve_module.RetrieveResult(records=[], source=source)

    def fake_rerank(question, records, *, top_k, **_):
        seen.update(top_k=top_k)
        return []

    monkeypatch.setattr(retrieve_module, "retrieve", fake_retrieve)
    monkeypatch.setattr(rerank_module, "rerank", fake_rerank)
    monkeypatch.setattr(provenance, "record_provenance", lambda state: None)
    monkeypatch.setattr(embeddings, "description", dict)
    before = (settings.MEDSEBA_SOURCE, settings.MEDSEBA_TOP_K, settings.MEDSEBA_CANDIDATES)

    state = SearchState(question="q", query=UnderstoodQuery(boolean="x"),
                        params=RunParams(source="local", top_k=7, candidates=30))
    steps.step_retrieve(state)
    steps.step_rerank(state)
    assert seen == {"source": "local", "limit": 30, "top_k": 7}
    assert (settings.MEDSEBA_SOURCE, settings.MEDSEBA_TOP_K, settings.MEDSEBA_CANDIDATES) == before

    seen.clear()
    state = SearchState(question="q", query=UnderstoodQuery(boolean="x"))
    steps.step_retrieve(state)
    steps.step_rerank(state)
    assert seen == {"source": before[0], "limit": before[2], "top_k": before[1]}


def test_run_pipeline_and_ask_pass_the_run_parameters(monkeypatch, settings):
    from django.core.management import call_command

    from search.management.commands import ask
    from search.pipeline.params import RunParams

    seen = []
    monkeypatch.setitem(STEPS, "understand", lambda s: seen.append((s.params, dict(s.models))) or setattr(s, "status", "x"))
    monkeypatch.setitem(STEPS, "retrieve", lambda s: (_ for _ in ()).throw(runner.StageFailed("stop here")))
    runner.run_pipeline("q", Filters(), source="local", top_k=3, candidates=9)
    assert seen == [(RunParams(source="local", top_k=3, candidates=9), {"requested_source": "local"})]

    calls = []

    def fake_run(question, filters, **kwargs):
        calls.append(kwargs)
        return SearchState(question=question, status="done")

    monkeypatch.setattr(ask, "run_pipeline", fake_run)
    top_k = settings.MEDSEBA_TOP_K
    call_command("ask", "Does aspirin work?", "--source", "local", "--limit", "3")
    assert calls[0]["source"] == "local" and calls[0]["top_k"] == 3
    assert settings.MEDSEBA_TOP_K == top_k  # --limit no longer changes a setting
