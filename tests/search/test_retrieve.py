"""Source selection and progressive relaxation, with in-memory sources standing in for PubMed and the corpus."""
import pytest

from documents.sources import Record, SearchHits, SourceError
from medseba import outages
from search.pipeline import retrieve as retrieve_mod
from search.pipeline.runner import StageFailed
from search.pipeline.state import UnderstoodQuery


class FakeSource:
    def __init__(self, name, hits_by_query=None, error=None):
        self.name = name
        self.hits_by_query = hits_by_query or {}
        self.error = error
        self.calls = []

    def search(self, query, filters, limit):
        self.calls.append(query)
        if self.error:
            raise SourceError(self.name, self.error)
        pmids = self.hits_by_query.get(query, [])
        return SearchHits(records=[Record(pmid=p, title=p, abstract="x") for p in pmids[:limit]], count=len(pmids))

    def count(self, query, filters):
        return len(self.hits_by_query.get(query, []))


@pytest.fixture
def sources(monkeypatch):
    registry = {}
    monkeypatch.setattr(retrieve_mod, "get_source", lambda name: registry[name])
    outages.clear("pubmed")
    yield registry
    outages.clear("pubmed")


def test_relaxes_until_enough_and_keeps_strict_hits_first(sources):
    sources["local"] = FakeSource("local", {"strict": ["1", "2"], "wide": ["3", "1", "4", "5"]})
    query = UnderstoodQuery(boolean="strict", relaxations=[("wide", "dropped a concept"), ("widest", "free text")])
    result = retrieve_mod.retrieve(query, source="local", limit=4)
    assert [r.pmid for r in result.records] == ["1", "2", "3", "4"]
    assert [(a.boolean, a.hits) for a in result.attempts] == [("strict", 2), ("wide", 4)]
    assert sources["local"].calls == ["strict", "wide"]  # stopped once it had enough
    assert result.source == "local" and result.failures == []


def test_zero_hits_everywhere_is_an_empty_result_not_an_error(sources):
    sources["local"] = FakeSource("local", {})
    result = retrieve_mod.retrieve(UnderstoodQuery(boolean="q", relaxations=[("r", "n")]), source="local", limit=50)
    assert result.records == [] and [a.hits for a in result.attempts] == [0, 0]


def test_auto_falls_back_to_local_and_names_the_failure(sources):
    sources["pubmed"] = FakeSource("pubmed", error="unreachable (ConnectError)")
    sources["local"] = FakeSource("local", {"q": ["9"]})
    result = retrieve_mod.retrieve(UnderstoodQuery(boolean="q"), source="auto", limit=50)
    assert result.source == "local" and [r.pmid for r in result.records] == ["9"]
    assert [(f.stage, f.source) for f in result.failures] == [("retrieve", "pubmed")]
    assert "unreachable" in result.failures[0].error
    # PubMed is not asked again for a while; the reason is still reported.
    again = retrieve_mod.retrieve(UnderstoodQuery(boolean="q"), source="auto", limit=50)
    assert len(sources["pubmed"].calls) == 1
    assert again.failures and again.failures[0].source == "pubmed"


def test_explicit_pubmed_failure_fails_the_stage_with_the_reason(sources):
    sources["pubmed"] = FakeSource("pubmed", error="HTTP 429: API rate limit exceeded")
    with pytest.raises(StageFailed, match="rate limit"):
        retrieve_mod.retrieve(UnderstoodQuery(boolean="q"), source="pubmed", limit=50)


def test_unknown_source_name():
    with pytest.raises(ValueError, match="unknown source"):
        retrieve_mod.sources_for("scholar")
