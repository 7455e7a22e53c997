"""A query attempt whose total is an estimate says so (``QueryAttempt.hits_estimated``), from the capped local
search (``SearchHits.count_is_estimate``, RANK_CAP) through retrieve, the extra rounds, the stored result document
and the API, so the page can write "about N hits"; documents stored before the flag still load and conform."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

import documents.sources.local as local
from documents.sources.base import Filters, SearchHits
from search import selectors
from search.models import Search
from search.pipeline import second_round
from search.pipeline.retrieve import retrieve
from search.pipeline.second_round import run_rounds
from search.pipeline.state import QueryAttempt, SearchState, UnderstoodQuery
from search.store import PostgresSearchStore, RedisSearchStore
from tests.contract import contract_errors
from tests.documents.test_local_rank_cap import HITS, broad, whole_sample  # noqa: F401 - the fixtures: 12 aspirin records

from .test_second_round import QUESTION, _papers, _query

PATH = "/api/searches/{search_id}/"


@pytest.mark.django_db
def test_a_capped_local_search_flags_its_attempt_and_an_uncapped_one_does_not(broad, monkeypatch):  # noqa: F811
    query = UnderstoodQuery(boolean="aspirin", relaxations=[("aspirin OR ibuprofen", "wider")])
    monkeypatch.setattr(local, "RANK_CAP", 5)
    capped = retrieve(query, source="local", limit=3)
    assert [(a.boolean, a.hits_estimated) for a in capped.attempts] == [("aspirin", True)]
    assert capped.attempts[0].hits >= 6  # never fewer than the hits read (cap + 1)
    monkeypatch.setattr(local, "RANK_CAP", HITS)
    exact = retrieve(query, source="local", limit=3)
    assert [(a.hits, a.hits_estimated) for a in exact.attempts] == [(HITS, False)]


class _EstimatingSource:
    name = "local"

    def search(self, query, filters, limit):
        return SearchHits(records=[], count=25_000, count_is_estimate=True)


def test_an_extra_round_keeps_the_estimate_flag(monkeypatch):
    monkeypatch.setattr(second_round, "get_source", lambda name: _EstimatingSource())
    monkeypatch.setattr(second_round, "_merge", lambda question, query, papers, waiting, **kw: (papers, 0))
    query = _query()
    result = run_rounds(QUESTION, query, _papers(query, 1), [], source="local", filters=Filters(), top_k=8,
                        limit=50, store=None)
    assert result.attempts and all(a.hits_estimated and a.hits == 25_000 for a in result.attempts)
    # No reformulation left: round 2 re-checks the earlier candidates and repeats the last attempt's count, flag too.
    query.attempts = [QueryAttempt(boolean=b, hits=10) for b, _ in second_round.reformulations(query, Filters())]
    query.attempts.append(QueryAttempt(boolean="last", hits=30_000, hits_estimated=True))
    again = run_rounds(QUESTION, query, _papers(query, 1), [], source="local", filters=Filters(), top_k=8,
                       limit=50, store=None)
    assert [(a.hits, a.hits_estimated) for a in again.attempts] == [(30_000, True)]


def _state() -> SearchState:
    query = UnderstoodQuery(boolean="aspirin", attempts=[
        QueryAttempt(boolean="aspirin AND stroke", hits=4, note="as understood"),
        QueryAttempt(boolean="aspirin", hits=183_457, note="wider", hits_estimated=True),
    ])
    return SearchState(question="Does aspirin prevent stroke?", source="local", query=query)


def test_the_document_round_trips_the_flag_and_an_older_document_loads_as_exact():
    doc = _state().to_document()
    assert [a["hits_estimated"] for a in doc["query"]["attempts"]] == [False, True]
    assert [a.hits_estimated for a in SearchState.from_document(doc).query.attempts] == [False, True]
    for attempt in doc["query"]["attempts"]:
        del attempt["hits_estimated"]  # stored before the field existed
    assert [a.hits_estimated for a in SearchState.from_document(doc).query.attempts] == [False, False]


def _query_errors(body: dict) -> list[str]:
    """Contract errors in the query block (the whole document: test_document_contract)."""
    return [e for e in contract_errors(body, path=PATH) if e.startswith("query")]


@pytest.mark.django_db
@pytest.mark.parametrize("anonymous", [False, True], ids=["postgres", "redis"])
def test_the_api_and_the_stored_document_carry_the_flag(anonymous):
    state = _state()
    store = RedisSearchStore() if anonymous else PostgresSearchStore()
    search_id = store.create(state, fingerprint="", owner=None)
    assert store.save_stage(state, stage="retrieve")
    body = APIClient().get(f"/api/searches/{search_id}/").json()
    assert [(a["hits"], a["hits_estimated"]) for a in body["query"]["attempts"]] == [(4, False), (183_457, True)]
    assert _query_errors(body) == []
    assert selectors.search_document(search_id=search_id, user=None)["query"]["attempts"][1]["hits_estimated"] is True


@pytest.mark.django_db
def test_a_result_stored_before_the_flag_still_conforms():
    state = _state()
    store = PostgresSearchStore()
    search_id = store.create(state, fingerprint="", owner=None)
    assert store.save_stage(state, stage="retrieve")
    search = Search.objects.get(pk=search_id)
    for attempt in search.query["attempts"]:
        del attempt["hits_estimated"]
    search.save(update_fields=["query"])
    body = APIClient().get(f"/api/searches/{search_id}/").json()
    assert [a.get("hits_estimated") for a in body["query"]["attempts"]] == [None, None]
    assert _query_errors(body) == []
