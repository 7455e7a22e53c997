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
