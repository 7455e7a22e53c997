"""The second retrieval round: reformulations keep the intervention, rounds stop when enough studies address the question."""
from __future__ import annotations

import pytest

from documents.embedding_store import MemoryEmbeddingStore
from documents.sources.base import Filters, Record, SearchHits, SourceError
from search.pipeline import second_round
from search.pipeline.query_builder import concept_group
from search.pipeline.second_round import MIN_ADDRESSING, addressing, reformulations, run_rounds
from search.pipeline.state import Concept, Frame, QueryAttempt, RankedPaper, UnderstoodQuery

QUESTION = "Does sumatriptan relieve migraine in children?"


def _query(attempts: list[str] | None = None) -> UnderstoodQuery:
    concepts = [
        Concept(text="sumatriptan", kind="drug", mesh_heading="Sumatriptan", synonyms=["sumatriptan", "imitrex"]),
        Concept(text="migraine relief", kind="phrase", synonyms=["migraine relief"]),
        Concept(text="children", kind="phrase", synonyms=["children", "child"]),
    ]
    query = UnderstoodQuery(
        boolean="strict", concepts=concepts,
        roles={"intervention": [0], "comparator": [], "outcome": [1], "population": [2]},
        frame=Frame(kind="effect", intervention="sumatriptan", outcome="migraine relief", population="children"),
        relaxations=[("(relaxed sumatriptan[tiab]) AND x", "tried"),
                     (f"{concept_group(concepts[0], wide=True)} AND untried[tiab]", "never reached")],
    )
    query.attempts = [QueryAttempt(boolean=b, hits=10) for b in (attempts or ["strict", "(relaxed sumatriptan[tiab]) AND x"])]
    return query


def test_reformulations_skip_what_was_run_and_always_keep_the_intervention():
    query = _query()
    plan = reformulations(query, Filters(from_year=1990))
    notes = [note for _, note in plan]
    booleans = [b for b, _ in plan]
    assert "(relaxed sumatriptan[tiab]) AND x" not in booleans  # already run by retrieve
    assert any(note.startswith("population dropped: children") for note in notes)
    assert any(note.startswith("outcome loosened") for note in notes)
    intervention = concept_group(query.concepts[0], wide=True)
    assert all(intervention in b for b in booleans)  # never drops the intervention
    assert booleans[0].endswith("AND untried[tiab]")  # the relaxation retrieve never reached comes first
    assert all("1990:" in b for b in booleans[1:])  # the user's years stay
    dropped = next(b for b, n in plan if n.startswith("population dropped"))
    assert "child" not in dropped


def _record(pmid: str, text: str) -> Record:
    return Record(pmid=pmid, title=text, abstract=text + " Results were recorded.", year=2000)


def _papers(query, addressing_n: int, total: int = 8) -> list[RankedPaper]:
    papers = []
    for i in range(total):
        text = ("Sumatriptan for migraine attacks in children." if i < addressing_n
                else "Ergotamine pharmacology in healthy volunteers.")
        papers.append(RankedPaper(rank=i + 1, record=_record(str(100 + i), text), similarity=0.9 - i * 0.01))
    return papers


class FakeSource:
    name = "local"

    def __init__(self, records, fail=False):
        self.records, self.fail, self.queries = records, fail, []

    def search(self, query, filters, limit):
        self.queries.append(query)
        if self.fail:
            raise SourceError("local", "the corpus is being reloaded")
        return SearchHits(records=list(self.records), count=len(self.records))


@pytest.fixture
def store(settings):
    settings.MEDSEBA_EMBEDDING_STORE = "memory"
    return MemoryEmbeddingStore()


def test_enough_addressing_studies_means_no_extra_round(monkeypatch, store):
    query = _query()
    papers = _papers(query, MIN_ADDRESSING)
    source = FakeSource([])
    monkeypatch.setattr(second_round, "get_source", lambda name: source)
    result = run_rounds(QUESTION, query, papers, [], source="local", filters=Filters(), top_k=8, limit=50, store=store)
    assert result.attempts == [] and source.queries == [] and result.papers == papers


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_a_round_adds_addressing_studies_in_place_of_the_non_addressing_tail(monkeypatch, store):
    query = _query()
    papers = _papers(query, 2)
    kept = {p.record.pmid for p in papers[:2]}
    new = [_record(str(900 + i), f"Oral sumatriptan relieved migraine in {i + 10} children.") for i in range(4)]
    source = FakeSource(new + [_record("950", "Ergotamine in adults.")])
    monkeypatch.setattr(second_round, "get_source", lambda name: source)
    result = run_rounds(QUESTION, query, papers, [], source="local", filters=Filters(), top_k=8, limit=50, store=store)
    assert (result.addressing_before, result.addressing_after) == (2, 6)
    pmids = [p.record.pmid for p in result.papers]
    assert len(pmids) == 8 and kept <= set(pmids) and {r.pmid for r in new} <= set(pmids) and "950" not in pmids
    assert [p.rank for p in result.papers] == list(range(1, 9))
    assert result.papers == sorted(result.papers, key=lambda p: -p.similarity)
    assert len(result.attempts) == 1
    attempt = result.attempts[0]
    assert attempt.note.startswith("round 2: never reached")
    assert "5 new hits, 4 studies added (4 from this query, 0 from earlier candidates)" in attempt.note
    assert attempt.hits == 5 and attempt.boolean.endswith("AND untried[tiab]")
    assert addressing(query, result.papers) >= MIN_ADDRESSING


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_at_most_three_rounds_in_all_and_a_failing_source_is_listed(monkeypatch, store):
    query = _query()
    source = FakeSource([_record("950", "Ergotamine in adults.")])
    monkeypatch.setattr(second_round, "get_source", lambda name: source)
    result = run_rounds(QUESTION, query, _papers(query, 1), [], source="local", filters=Filters(), top_k=8, limit=50,
                        store=store)
    assert len(result.attempts) == 2 and len(source.queries) == 2  # rounds 2 and 3
    assert [a.note.split(":")[0] for a in result.attempts] == ["round 2", "round 3"]
    broken = FakeSource([], fail=True)
    monkeypatch.setattr(second_round, "get_source", lambda name: broken)
    result = run_rounds(QUESTION, query, _papers(query, 1), [], source="local", filters=Filters(), top_k=8, limit=50,
                        store=store)
    assert result.attempts == [] and [(f.stage, f.source) for f in result.failures] == [("rerank", "local")]
    assert "round 2" in result.failures[0].error


def test_broader_heading_of_a_disease_from_the_offline_mesh_trees():
    migraine = Concept(text="migraine", kind="disease", mesh_heading="Migraine Disorders")
    assert second_round.broader_headings(migraine) == ["Headache Disorders, Primary"]
    assert second_round.broader_headings(Concept(text="children", kind="phrase")) == []


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_a_round_also_merges_the_earlier_candidates_rerank_left_below_the_top(monkeypatch, store):
    """Retrieve fetches more than the top keeps: addressing studies below the top enter at the round's merge."""
    query = _query()
    papers = _papers(query, 2)
    tail = [_record(str(700 + i), f"Sumatriptan nasal spray for migraine in {i + 10} children.") for i in range(3)]
    candidates = [p.record for p in papers] + tail + [_record("799", "Ergotamine in adults.")]
    source = FakeSource([])  # the reformulated query finds nothing new
    monkeypatch.setattr(second_round, "get_source", lambda name: source)
    result = run_rounds(QUESTION, query, papers, candidates, source="local", filters=Filters(), top_k=8, limit=50,
                        store=store)
    assert (result.addressing_before, result.addressing_after) == (2, 5)
    pmids = {p.record.pmid for p in result.papers}
    assert {r.pmid for r in tail} <= pmids and "799" not in pmids and len(pmids) == 8
    assert len(result.attempts) == 1
    assert "0 new hits, 3 studies added (0 from this query, 3 from earlier candidates)" in result.attempts[0].note


class RankedSource(FakeSource):
    """Returns the first ``limit`` of its records in a fixed order, like a ranked corpus search."""

    def __init__(self, records):
        super().__init__(records)
        self.limits = []

    def search(self, query, filters, limit):
        self.queries.append(query)
        self.limits.append(limit)
        return SearchHits(records=list(self.records[:limit]), count=len(self.records))


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_a_round_fetches_past_the_studies_already_seen(monkeypatch, store):
    """A broader query ranks the known studies first: it must still bring ``limit`` unseen ones."""
    query = _query()
    papers = _papers(query, 1, total=4)
    seen = [p.record for p in papers] + [_record(str(600 + i), "Ergotamine in adults.") for i in range(4)]
    new = [_record(str(900 + i), f"Sumatriptan relieved migraine in {i + 10} children.") for i in range(4)]
    source = RankedSource(seen + new)
    monkeypatch.setattr(second_round, "get_source", lambda name: source)
    result = run_rounds(QUESTION, query, papers, seen, source="local", filters=Filters(), top_k=8, limit=4,
                        store=store)
    assert source.limits[0] == 4 + len(seen)
    assert {r.pmid for r in new} <= {p.record.pmid for p in result.papers}
    assert result.addressing_after == 5


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_with_no_reformulation_left_the_earlier_candidates_are_still_rechecked(monkeypatch, store):
    query = _query()
    query.attempts = [QueryAttempt(boolean=b, hits=10) for b, _ in reformulations(query, Filters())]
    query.attempts.insert(0, QueryAttempt(boolean="strict", hits=10))
    assert reformulations(query, Filters()) == []
    papers = _papers(query, 2)
    tail = [_record(str(700 + i), f"Sumatriptan nasal spray for migraine in {i + 10} children.") for i in range(3)]
    source = FakeSource([])
    monkeypatch.setattr(second_round, "get_source", lambda name: source)
    result = run_rounds(QUESTION, query, papers, [p.record for p in papers] + tail, source="local", filters=Filters(),
                        top_k=8, limit=50, store=store)
    assert source.queries == [] and result.addressing_after == 5
    assert result.attempts[0].note == "round 2: no reformulation left to run; 3 studies added from earlier candidates"
