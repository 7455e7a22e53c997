"""Semantic Scholar batch client: PMID ids, null entries, API key, every error body in the fixtures."""
from __future__ import annotations

import json

import httpx
import pytest
import respx
from django.conf import settings

from documents.sources.base import SourceError
from documents.sources.semantic_scholar import fetch_semantic_scholar, parse_paper
from tests.conftest import fixture_text

BATCH_URL = settings.MEDSEBA_S2_URL.rstrip("/") + "/paper/batch"
PMIDS = ["25349395", "1", "25666165"]


@respx.mock
def test_batch_by_pmid_with_null_for_unknown_ids(settings):
    settings.SEMANTIC_SCHOLAR_API_KEY = ""
    route = respx.post(BATCH_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("semantic_scholar", "paper_batch_PMID_ids_CONSTRUCTED.json"))
    )
    result = fetch_semantic_scholar(pmids=PMIDS)
    assert set(result) == {"25349395", "25666165"}
    pnas = result["25349395"]
    assert pnas["venue"] == "Proceedings of the National Academy of Sciences of the United States of America"
    assert pnas["citation_count"] == 136
    assert pnas["influential_citation_count"] == 4
    assert pnas["tldr"] == "PLACEHOLDER tldr text (constructed)."
    review = result["25666165"]
    assert review["venue"] == "Advanced Drug Delivery Reviews"  # publicationVenue null → venue string
    assert review["tldr"] is None
    request = route.calls.last.request
    assert json.loads(request.content) == {"ids": ["PMID:25349395", "PMID:1", "PMID:25666165"]}
    assert "influentialCitationCount" in request.url.params["fields"]
    assert "x-api-key" not in request.headers


@respx.mock
def test_api_key_header_is_sent(settings):
    settings.SEMANTIC_SCHOLAR_API_KEY = "k-123"
    route = respx.post(BATCH_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("semantic_scholar", "paper_batch_PMID_ids_CONSTRUCTED.json"))
    )
    fetch_semantic_scholar(pmids=PMIDS)
    assert route.calls.last.request.headers["x-api-key"] == "k-123"


@respx.mock
def test_misaligned_answer_is_an_error():
    respx.post(BATCH_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("semantic_scholar", "paper_batch_PMID_ids_CONSTRUCTED.json"))
    )
    with pytest.raises(SourceError, match="3 entries for 2 ids"):
        fetch_semantic_scholar(pmids=["25349395", "25666165"])


@respx.mock
def test_entry_whose_pubmed_id_contradicts_its_position_is_dropped():
    respx.post(BATCH_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("semantic_scholar", "paper_batch_PMID_ids_CONSTRUCTED.json"))
    )
    result = fetch_semantic_scholar(pmids=["25666165", "1", "25349395"])  # order swapped
    assert result == {}


def test_parse_real_papers_venue_tldr_and_pmcid():
    batch = json.loads(fixture_text("semantic_scholar", "paper_batch_full_fields_with_null.json"))
    assert batch[0] is None
    parsed = [parse_paper(p) for p in batch if p]
    assert parsed[0]["venue"] == "Experimental & Empirical Studies eJournal"  # from publicationVenue
    assert parsed[0]["citation_count"] == 10670 and parsed[0]["influential_citation_count"] == 578
    assert parsed[2]["venue"] is None  # every venue field empty: unknown, not ""
    assert parsed[2]["citation_count"] == 0  # a real zero the service delivered
    full = parse_paper(json.loads(fixture_text("semantic_scholar", "paper_full_fields_with_tldr_TRIMMED.json")))
    assert full["tldr"] and "PLACEHOLDER" not in full["tldr"]
    nature = parse_paper(json.loads(fixture_text("semantic_scholar", "paper_DOI_10.1038_s42256-024-00832-8.json")))
    assert nature["pmcid"] and nature["pmcid"].startswith("PMC")
    addr = parse_paper(json.loads(fixture_text("semantic_scholar", "paper_DOI_10.1016_j.addr.2015.01.008.json")))
    assert addr["journal"] == addr["journal"].strip()


@respx.mock
@pytest.mark.parametrize(
    "status, name, expected",
    [
        (400, "error_400_unsupported_fields.json", "Unrecognized or unsupported fields"),
        (403, "error_403_forbidden_bad_api_key.json", "SEMANTIC_SCHOLAR_API_KEY rejected"),
        (404, "error_404_paper_not_found.json", "Paper with id 0 not found"),
        (404, "error_404_DOI_not_found.json", "not found"),
        (404, "error_404_title_match_not_found.json", "Title match not found"),
    ],
)
def test_client_errors_are_reported_not_retried(status, name, expected):
    route = respx.post(BATCH_URL).mock(return_value=httpx.Response(status, text=fixture_text("semantic_scholar", name)))
    with pytest.raises(SourceError) as info:
        fetch_semantic_scholar(pmids=["25349395"])
    assert info.value.source == "semantic_scholar"
    assert f"HTTP {status}" in info.value.message and expected in info.value.message
    assert route.call_count == 1


@respx.mock
def test_429_is_retried_then_succeeds():
    too_many = fixture_text("semantic_scholar", "error_429_too_many_requests.json")
    batch = fixture_text("semantic_scholar", "paper_batch_PMID_ids_CONSTRUCTED.json")
    route = respx.post(BATCH_URL).mock(
        side_effect=[httpx.Response(429, text=too_many), httpx.Response(200, text=batch)]
    )
    assert set(fetch_semantic_scholar(pmids=PMIDS)) == {"25349395", "25666165"}
    assert route.call_count == 2


@respx.mock
def test_429_every_time_gives_up_with_the_message():
    too_many = fixture_text("semantic_scholar", "error_429_too_many_requests.json")
    route = respx.post(BATCH_URL).mock(return_value=httpx.Response(429, text=too_many))
    with pytest.raises(SourceError, match="Too Many Requests"):
        fetch_semantic_scholar(pmids=PMIDS)
    assert route.call_count == 3
