"""Trial cards: the registry query from the frame, caching, failing alone, and travelling with the enrich branch."""
from __future__ import annotations

import httpx
import pytest
import respx
from django.conf import settings

from search.pipeline.branches import Baseline, branch_output, merge_into
from search.pipeline.state import Concept, Frame, SearchState, UnderstoodQuery
from search.pipeline.trials import LABEL, find_trials, trial_query
from tests.conftest import fixture_text

ANON_REF = "a" * 64  # what an anonymous search's state.id looks like (sha256 hex)


def _query(kind: str = "effect") -> UnderstoodQuery:
    concepts = [
        Concept(text="pembrolizumab", kind="drug", mesh_heading="pembrolizumab"),
        Concept(text="weight gain", kind="disease"),
        Concept(text="melanoma", kind="disease", mesh_heading="Melanoma"),
    ]
    roles = {"intervention": [0], "comparator": [], "outcome": [1], "population": []}
    if kind == "safety":
        roles = {"intervention": [0], "comparator": [], "outcome": [], "population": [2]}
    return UnderstoodQuery(boolean="x", concepts=concepts, roles=roles,
                           frame=Frame(kind=kind, intervention="pembrolizumab", outcome="weight gain"))


def _studies_url() -> str:
    return settings.MEDSEBA_CTGOV_URL.rstrip("/") + "/studies"


def _keytruda() -> httpx.Response:
    return httpx.Response(200, text=fixture_text("clinicaltrials", "studies_search_intr_keytruda_fields_pagesize3.json"))


@pytest.fixture(autouse=True)
def _registry_up():
    from medseba.outages import clear

    clear("clinicaltrials")
    yield
    clear("clinicaltrials")


def test_registry_query_follows_the_frame():
    assert trial_query(None) is None
    assert trial_query(UnderstoodQuery(boolean="", frame=Frame())) is None
    effect = trial_query(_query("effect"))
    assert (effect.intervention, effect.condition) == ("pembrolizumab", "weight gain")
    harm = trial_query(_query("harm"))  # a side effect is not the condition a trial treats
    assert (harm.intervention, harm.condition) == ("pembrolizumab", None)
    safety = trial_query(_query("safety"))
    assert safety.condition == "melanoma"


@respx.mock
def test_cards_from_the_registry_and_cached_for_named_searches_only():
    route = respx.get(_studies_url()).mock(return_value=_keytruda())
    found, failures = find_trials(_query("safety"), anonymous=False)
    assert failures == []
    assert [t.nct_id for t in found.studies] == ["NCT05431270", "NCT03590054", "NCT04795661"]
    assert found.total == 2924
    params = route.calls.last.request.url.params
    assert (params["query.intr"], params["query.cond"], params["pageSize"]) == ("pembrolizumab", "melanoma", "5")
    doc = found.to_dict()
    assert doc["url"] == "https://clinicaltrials.gov/search?intr=pembrolizumab&cond=melanoma"
    assert doc["studies"][0]["url"] == "https://clinicaltrials.gov/study/NCT05431270"
    again, _ = find_trials(_query("safety"), anonymous=False)
    assert route.call_count == 1 and again.to_dict() == doc  # served from the cache
    find_trials(_query("safety"), anonymous=True)
    find_trials(_query("safety"), anonymous=True)
    assert route.call_count == 3  # anonymous searches neither read nor write the cache


@respx.mock
def test_an_unreachable_registry_fails_alone_and_is_not_asked_again_for_a_while():
    route = respx.get(_studies_url()).mock(side_effect=httpx.ConnectError("Name or service not known"))
    found, failures = find_trials(_query(), anonymous=False)
    assert found is None
    assert [(f.stage, f.source) for f in failures] == [("enrich", "clinicaltrials")]
    assert failures[0].error.startswith(LABEL)
    found, failures = find_trials(_query(), anonymous=False)
    assert found is None and "not asked" in failures[0].error
    assert route.call_count == 1


@respx.mock
def test_an_http_error_is_a_failure_but_does_not_mark_the_registry_down():
    route = respx.get(_studies_url()).mock(
        side_effect=[httpx.Response(400, text="`query.recrs` is unknown parameter"), _keytruda()]
    )
    found, failures = find_trials(_query(), anonymous=True)
    assert found is None and "unknown parameter" in failures[0].error
    found, failures = find_trials(_query(), anonymous=True)
    assert failures == [] and len(found.studies) == 3 and route.call_count == 2


@respx.mock
def test_enrich_step_records_trials_beside_metrics_and_the_branch_carries_them(settings):
    from search.pipeline.steps import step_enrich

    settings.MEDSEBA_ENRICH = False  # metrics switched off: only the registry is asked
    respx.get(_studies_url()).mock(return_value=_keytruda())
    state = SearchState(question="Is pembrolizumab safe for people with melanoma?", query=_query("safety"), id=ANON_REF)
    baseline = Baseline.of(state)
    step_enrich(state)
    assert [t["nct_id"] for t in state.trials["studies"]][:1] == ["NCT05431270"]
    output = branch_output(state, "enrich", baseline)
    assert output.state == {"trials": state.trials}
    other = SearchState(question=state.question)
    merge_into(other, output)
    assert other.trials == state.trials
    assert SearchState.from_document(other.to_document()).trials == state.trials


@respx.mock
def test_enrich_step_with_the_registry_down_lists_it_and_keeps_everything_else(settings):
    from search.pipeline.steps import step_enrich

    settings.MEDSEBA_ENRICH = False
    respx.get(_studies_url()).mock(return_value=httpx.Response(503, text="busy"))
    state = SearchState(question="q", query=_query(), id=ANON_REF)
    step_enrich(state)
    assert state.trials is None
    sources = [f.source for f in state.failures]
    assert sources == ["clinicaltrials"]
    assert "HTTP 503" in state.failures[0].error


def test_trials_switched_off_asks_nothing(settings):
    from search.pipeline.steps import step_enrich

    settings.MEDSEBA_ENRICH = False
    settings.MEDSEBA_TRIALS = False
    state = SearchState(question="q", query=_query())
    with respx.mock(assert_all_called=False) as mock:
        step_enrich(state)
        assert not mock.calls
    assert state.trials is None and state.failures == []


@pytest.mark.django_db
def test_postgres_store_keeps_the_trials_of_the_enrich_branch():
    from search.store import PostgresSearchStore

    store = PostgresSearchStore()
    state = SearchState(question="Is pembrolizumab safe?", query=_query())
    store.create(state, fingerprint="f" * 64)
    for stage in ("understand", "retrieve", "rerank"):
        assert store.save_stage(state, stage=stage)
    baseline = Baseline.of(state)
    state.trials = {"query": {"intervention": "pembrolizumab", "condition": None}, "total": 1, "url": "u",
                    "studies": []}
    assert store.save_branch(state.id, branch_output(state, "enrich", baseline)).recorded
    assert store.document(state.id)["trials"] == state.trials
    assert store.load(state.id).trials == state.trials
