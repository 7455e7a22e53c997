"""ClinicalTrials.gov v2 client against the recorded bodies in ../shared/fixtures/clinicaltrials (mocked at the transport)."""
from __future__ import annotations

import httpx
import pytest
import respx
from django.conf import settings

from documents.sources.base import SourceError
from documents.sources.clinicaltrials import CARD_FIELDS, fetch_trial, search_trials
from tests.conftest import fixture_text


def _studies_url() -> str:
    return settings.MEDSEBA_CTGOV_URL.rstrip("/") + "/studies"


def _body(name: str) -> str:
    return fixture_text("clinicaltrials", name)


@respx.mock
def test_intervention_search_with_fields_sends_the_documented_parameters():
    route = respx.get(_studies_url()).mock(
        return_value=httpx.Response(200, text=_body("studies_search_intr_keytruda_fields_pagesize3.json"))
    )
    page = search_trials(intervention='"Keytruda"', page_size=3, count_total=True)
    params = route.calls.last.request.url.params
    assert params["query.intr"] == '"Keytruda"'
    assert params["pageSize"] == "3"
    assert params["countTotal"] == "true"
    assert params["fields"].split(",") == list(CARD_FIELDS)
    assert "query.cond" not in params and "pageToken" not in params
    assert page.total == 2924
    assert page.next_page_token
    assert [t.nct_id for t in page.trials] == ["NCT05431270", "NCT03590054", "NCT04795661"]
    first = page.trials[0]
    assert first.status == "RECRUITING"
    assert first.phases == ["PHASE1", "PHASE2"]
    assert first.enrollment == 40 and first.enrollment_type is None  # field-restricted: no type
    assert first.start_date == "2022-08-11" and first.completion_date == "2028-08"
    assert first.sponsor == "Phanes Therapeutics"
    assert first.has_results is None  # not requested in that recording: unknown, not False
    assert first.url == "https://clinicaltrials.gov/study/NCT05431270"
    assert "Tislelizumab" in first.interventions


@respx.mock
def test_full_records_original_bytes_with_results_posted():
    route = respx.get(_studies_url()).mock(
        return_value=httpx.Response(200, text=_body("studies_search_cond_nsclc_pagesize3_counttotal.json"))
    )
    page = search_trials(condition="non-small cell lung cancer", page_size=3, count_total=True, fields=None)
    assert "fields" not in route.calls.last.request.url.params
    assert route.calls.last.request.url.params["query.cond"] == "non-small cell lung cancer"
    assert page.total == 8512
    by_id = {t.nct_id: t for t in page.trials}
    trial = by_id["NCT03831932"]
    assert trial.has_results is True
    assert trial.enrollment == 22 and trial.enrollment_type == "ACTUAL"
    assert trial.status == "ACTIVE_NOT_RECRUITING"
    assert trial.sponsor == "National Cancer Institute (NCI)"
    assert by_id["NCT00334763"].has_results is False


@respx.mock
def test_status_filter_and_paging_with_the_token():
    route = respx.get(_studies_url()).mock(
        side_effect=[
            httpx.Response(200, text=_body("studies_search_cond_phelan_fields_page1.json")),
            httpx.Response(200, text=_body("studies_search_cond_phelan_fields_page2.json")),
        ]
    )
    first = search_trials(condition="Phelan-McDermid Syndrome", page_size=5, count_total=True,
                          statuses=["COMPLETED", "RECRUITING"])
    assert first.total == 21
    assert first.next_page_token == "ZVt07cGHkvI2wRk2CJf6_LLq14bEL8swd7KrgP4dnDeTsPkw"
    second = search_trials(condition="Phelan-McDermid Syndrome", page_size=5, statuses=["COMPLETED", "RECRUITING"],
                           page_token=first.next_page_token)
    assert route.calls[0].request.url.params["filter.overallStatus"] == "COMPLETED,RECRUITING"
    assert route.calls[1].request.url.params["pageToken"] == first.next_page_token
    assert second.total is None  # totalCount only comes with the first page
    assert len(second.trials) == 5
    assert not {t.nct_id for t in first.trials} & {t.nct_id for t in second.trials}


@respx.mock
def test_one_study_full_fields_and_with_results():
    base = settings.MEDSEBA_CTGOV_URL.rstrip("/")
    respx.get(f"{base}/studies/NCT02576665").mock(
        side_effect=[httpx.Response(200, text=_body("study_NCT02576665_full.json")),
                     httpx.Response(200, text=_body("study_NCT02576665_fields.json"))]
    )
    respx.get(f"{base}/studies/NCT02210780").mock(
        return_value=httpx.Response(200, text=_body("study_NCT02210780_hasresults.json"))
    )
    full = fetch_trial("nct02576665")
    restricted = fetch_trial("NCT02576665", fields=CARD_FIELDS)
    assert full is not None and restricted is not None
    assert full.has_results is False and restricted.has_results is None
    assert (full.status, full.phases, full.enrollment, full.sponsor) == ("TERMINATED", ["PHASE1"], 21, "Tocagen Inc.")
    assert (restricted.status, restricted.enrollment, restricted.start_date) == ("TERMINATED", 21, "2016-07")
    dupilumab = fetch_trial("NCT02210780")
    assert dupilumab is not None and dupilumab.has_results is True
    assert dupilumab.sponsor == "Regeneron Pharmaceuticals" and dupilumab.enrollment == 194


@respx.mock
def test_unknown_study_is_none_and_a_bad_id_is_refused_before_any_call():
    route = respx.get(settings.MEDSEBA_CTGOV_URL.rstrip("/") + "/studies/NCT09999999").mock(return_value=httpx.Response(404, text="Not Found"))
    assert fetch_trial("NCT09999999") is None
    assert route.call_count == 1
    with pytest.raises(ValueError):
        fetch_trial("12345; DROP")


@respx.mock
def test_400_plain_text_body_is_reported_and_not_retried():
    route = respx.get(_studies_url()).mock(
        return_value=httpx.Response(400, text=_body("error_400_unknown_parameter_QUOTED.txt"))
    )
    with pytest.raises(SourceError) as info:
        search_trials(condition="cancer")
    assert info.value.source == "clinicaltrials"
    assert "`query.recrs` is unknown parameter" in info.value.message
    assert route.call_count == 1


@respx.mock
def test_server_error_retried_then_source_error_and_unreachable_fails_at_once():
    busy = respx.get(_studies_url()).mock(return_value=httpx.Response(503, text="busy"))
    with pytest.raises(SourceError, match="HTTP 503"):
        search_trials(condition="migraine")
    assert busy.call_count == 3  # two retries
    respx.reset()
    down = respx.get(_studies_url()).mock(side_effect=httpx.ConnectError("Name or service not known"))
    with pytest.raises(SourceError, match="unreachable"):
        search_trials(condition="migraine")
    assert down.call_count == 1


@respx.mock
def test_malformed_bodies():
    respx.get(_studies_url()).mock(
        side_effect=[
            httpx.Response(200, text="<html>maintenance</html>"),
            httpx.Response(200, json=[1, 2]),
            httpx.Response(200, json={"totalCount": 3}),
            httpx.Response(200, json={"studies": [{"protocolSection": {}}, "x",
                                                  {"protocolSection": {"identificationModule": {"nctId": "NCT00000001"},
                                                                       "designModule": {"phases": "PHASE2",
                                                                                        "enrollmentInfo": {"count": True}}}}],
                                      "totalCount": "many"}),
        ]
    )
    with pytest.raises(SourceError, match="not JSON"):
        search_trials(condition="a")
    with pytest.raises(SourceError, match="not a JSON object"):
        search_trials(condition="a")
    with pytest.raises(SourceError, match="no 'studies' list"):
        search_trials(condition="a")
    page = search_trials(condition="a")
    assert [t.nct_id for t in page.trials] == ["NCT00000001"]  # studies without an NCT number are skipped
    trial = page.trials[0]
    assert trial.phases == [] and trial.enrollment is None and trial.title == "NCT00000001"
    assert page.total is None


def test_a_search_without_any_query_or_with_an_unknown_status_is_refused():
    with pytest.raises(ValueError):
        search_trials()
    with pytest.raises(ValueError, match="unknown trial status"):
        search_trials(condition="x", statuses=["RUNNING"])
