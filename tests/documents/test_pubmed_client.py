"""The E-utilities client, HTTP mocked at the transport with real NCBI bodies."""
from __future__ import annotations

import json
from urllib.parse import parse_qs

import httpx
import pytest
import respx

from documents.sources.base import Filters, SourceError
from documents.sources.pubmed import PubMedSource, parse_esearch
from medseba import http
from tests.conftest import fixture_bytes, fixture_text

BASE = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/"
ESEARCH = BASE + "esearch.fcgi"
EFETCH = BASE + "efetch.fcgi"


@pytest.fixture
def source(settings):
    settings.MEDSEBA_EUTILS_URL = BASE
    settings.MEDSEBA_HTTP_RETRIES = 2
    return PubMedSource(api_key="", email="dev@example.org", tool="medseba-test")


def xml_response(name: str) -> httpx.Response:
    return httpx.Response(200, content=fixture_bytes("ncbi_eutils", name), headers={"Content-Type": "text/xml"})


def json_response(name: str, status: int = 200, **headers: str) -> httpx.Response:
    return httpx.Response(status, content=fixture_bytes("ncbi_eutils", name),
                          headers={"Content-Type": "application/json", **headers})


@respx.mock
def test_search_runs_esearch_then_efetch_in_relevance_order(source):
    esearch = respx.get(ESEARCH).mock(return_value=json_response("esearch_pubmed_asthma_retmax100.json"))
    efetch = respx.post(EFETCH).mock(return_value=xml_response("efetch_pubmed_asthma_100articles.xml"))
    hits = source.search("asthma", Filters(from_year=2018, publication_types=["Review", "Systematic Review"]), 100)

    params = esearch.calls.last.request.url.params
    assert params["term"] == '(asthma) AND 2018:3000[dp] AND ("Review"[pt] OR "Systematic Review"[pt])'
    assert (params["db"], params["sort"], params["retmode"], params["retmax"]) == ("pubmed", "relevance", "json", "100")
    assert (params["tool"], params["email"]) == ("medseba-test", "dev@example.org")
    assert "api_key" not in params
    body = parse_qs(efetch.calls.last.request.content.decode())
    idlist = json.loads(fixture_text("ncbi_eutils", "esearch_pubmed_asthma_retmax100.json"))["esearchresult"]["idlist"]
    assert body["id"][0].split(",") == idlist and body["retmode"] == ["xml"]

    assert hits.count == 180277
    assert hits.translation == '"asthma"[MeSH Terms] OR "asthma"[All Fields]'
    # The two real bodies were cached separately: only PMID 31121228 is in both.
    assert [r.pmid for r in hits.records] == ["31121228"]
    assert hits.skipped_without_abstract == 0


@respx.mock
def test_efetch_returns_records_in_the_requested_order(source):
    respx.post(EFETCH).mock(return_value=xml_response("efetch_pubmed_asthma_100articles.xml"))
    in_file = [r.pmid for r in source.efetch(["31121636"])[0]]
    assert in_file == ["31121636"]
    wanted = ["31120845", "31121636", "31121340", "99999999", "31120843"]
    records, skipped = source.efetch(wanted)
    assert [r.pmid for r in records] == ["31120845", "31121636", "31121340", "31120843"]
    assert skipped == 0


@respx.mock
def test_records_without_abstract_are_skipped_and_counted(source):
    respx.post(EFETCH).mock(return_value=xml_response("efetch_pubmed_abstract_2articles.xml"))
    records, skipped = source.efetch(["9997", "12091962"])
    assert [r.pmid for r in records] == ["9997"]
    assert skipped == 1


@respx.mock
def test_api_key_raises_the_rate_and_is_sent(settings):
    settings.MEDSEBA_EUTILS_URL = BASE
    keyed = PubMedSource(api_key="k3y", email="", tool="medseba")
    assert keyed.policy.per_second == 10.0
    assert PubMedSource(api_key="").policy.per_second == 3.0
    route = respx.get(ESEARCH).mock(return_value=json_response("esearch_pubmed_high_blood_pressure_2025.json"))
    assert keyed.count("high blood pressure", Filters()) == 785129
    params = route.calls.last.request.url.params
    assert params["api_key"] == "k3y" and params["retmax"] == "0" and "email" not in params


@respx.mock
def test_429_is_retried_honouring_retry_after(source, monkeypatch):
    waits: list[float] = []
    monkeypatch.setattr(http, "_sleep", waits.append)
    respx.get(ESEARCH).mock(side_effect=[
        json_response("error_429_rate_limit_exceeded.json", status=429, **{"Retry-After": "2"}),
        json_response("esearch_pubmed_author_compact.json"),
    ])
    assert source.count("ydenberg ca[au]", Filters()) == 9
    assert 2.0 in waits


@respx.mock
def test_persistent_429_raises_source_error(source):
    respx.get(ESEARCH).mock(return_value=json_response("error_429_rate_limit_exceeded.json", status=429))
    with pytest.raises(SourceError) as err:
        source.search("asthma", Filters(), 10)
    assert err.value.source == "pubmed"
    assert "HTTP 429" in err.value.message and "API rate limit exceeded" in err.value.message


@respx.mock
def test_error_in_invalid_json_with_http_200(source):
    respx.get(ESEARCH).mock(return_value=json_response("esearch_error_retstart_over_9998_INVALID_JSON.txt"))
    with pytest.raises(json.JSONDecodeError):  # the body really is invalid JSON
        json.loads(fixture_text("ncbi_eutils", "esearch_error_retstart_over_9998_INVALID_JSON.txt"))
    with pytest.raises(SourceError, match="'retstart' cannot be larger than 9998"):
        source.search("asthma", Filters(), 10)


@respx.mock
def test_no_items_found_is_an_empty_answer_not_an_error(source):
    respx.get(ESEARCH).mock(return_value=xml_response("esearch_no_results_errorlist.xml"))
    efetch = respx.post(EFETCH)
    hits = source.search("abcXYZ", Filters(), 10)
    assert (hits.count, hits.records) == (0, [])
    assert not efetch.called
    found = parse_esearch(fixture_text("ncbi_eutils", "esearch_no_results_errorlist.xml"))
    assert found.phrases_not_found == ["abcXYZ"] and found.warnings == ["No items found."]


@respx.mock
def test_error_element_in_efetch_body(source):
    respx.get(ESEARCH).mock(return_value=json_response("esearch_pubmed_author_compact.json"))
    respx.post(EFETCH).mock(return_value=xml_response("esummary_error_no_id.xml"))
    with pytest.raises(SourceError, match="Neither query_key nor id specified"):
        source.search("ydenberg ca[au]", Filters(), 9)


@respx.mock
def test_server_errors_and_timeouts_raise_after_retries(source):
    route = respx.get(ESEARCH).mock(return_value=httpx.Response(503, text="<html>Service unavailable</html>"))
    with pytest.raises(SourceError, match="HTTP 503"):
        source.count("asthma", Filters())
    assert route.call_count == 3  # 1 + MEDSEBA_HTTP_RETRIES
    respx.get(ESEARCH).mock(side_effect=httpx.ConnectTimeout("slow"))
    with pytest.raises(SourceError, match="timed out"):
        source.count("asthma", Filters())


@respx.mock
def test_client_error_is_not_retried(source):
    route = respx.get(ESEARCH).mock(return_value=httpx.Response(400, json={"error": "API key invalid"}))
    with pytest.raises(SourceError, match="HTTP 400: API key invalid"):
        source.count("asthma", Filters())
    assert route.call_count == 1


def test_esearch_xml_and_compact_json_parse():
    xml = parse_esearch(fixture_text("ncbi_eutils", "esearch_pubmed_biopython.xml"))
    assert xml.count == 63 and len(xml.ids) == 20 and xml.ids[0] == "41282813"
    assert xml.translation == '"biopython"[All Fields]'
    compact = parse_esearch(fixture_text("ncbi_eutils", "esearch_pubmed_author_compact.json"))
    assert compact.count == 9 and compact.ids[-1] == "18474625"
    with pytest.raises(SourceError, match="API rate limit exceeded"):
        parse_esearch(fixture_text("ncbi_eutils", "error_429_rate_limit_exceeded.json"))
