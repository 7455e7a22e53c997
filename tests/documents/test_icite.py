"""iCite client: both response formats, omitted PMIDs, batching and errors."""
from __future__ import annotations

import json

import httpx
import pytest
import respx
from django.conf import settings

from documents.sources.base import SourceError
from documents.sources.icite import BATCH_SIZE, fetch_icite
from tests.conftest import fixture_text


@respx.mock
def test_legacy_format_yes_no_flags_and_string_pmids():
    route = respx.get(settings.MEDSEBA_ICITE_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("icite", "pubs_23456789_27599104_legacy_2024.json"))
    )
    result = fetch_icite(pmids=["23456789", "27599104"])
    assert set(result) == {"23456789", "27599104"}
    first = result["23456789"]
    assert first["citation_count"] == 46
    assert first["relative_citation_ratio"] == 1.78
    assert first["year"] == 2013
    assert first["is_clinical"] is False
    assert first["provisional"] is False
    assert result["27599104"]["relative_citation_ratio"] == 9.87
    params = route.calls.last.request.url.params
    assert params["pmids"] == "23456789,27599104"
    assert "relative_citation_ratio" in params["fl"]


@respx.mock
def test_current_format_booleans():
    respx.get(settings.MEDSEBA_ICITE_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("icite", "pubs_32162448_default_2025.json"))
    )
    result = fetch_icite(pmids=["32162448"])
    assert result["32162448"]["citation_count"] == 17
    assert result["32162448"]["is_clinical"] is True
    assert result["32162448"]["relative_citation_ratio"] == pytest.approx(2.18475199552701)


@respx.mock
def test_unknown_pmids_are_simply_absent():
    respx.get(settings.MEDSEBA_ICITE_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("icite", "pubs_23456789_27599104_legacy_2024.json"))
    )
    result = fetch_icite(pmids=["23456789", "27599104", "99999999"])
    assert "99999999" not in result
    assert len(result) == 2


@respx.mock
def test_batches_of_at_most_200():
    body = json.loads(fixture_text("icite", "pubs_23456789_27599104_legacy_2024.json"))
    route = respx.get(settings.MEDSEBA_ICITE_URL).mock(return_value=httpx.Response(200, json=body))
    pmids = [str(10_000_000 + i) for i in range(BATCH_SIZE + 5)]
    fetch_icite(pmids=pmids)
    assert route.call_count == 2
    sizes = [len(call.request.url.params["pmids"].split(",")) for call in route.calls]
    assert sizes == [BATCH_SIZE, 5]


@respx.mock
def test_server_errors_after_retries_raise_source_error():
    route = respx.get(settings.MEDSEBA_ICITE_URL).mock(return_value=httpx.Response(503, text="<html>busy</html>"))
    with pytest.raises(SourceError) as info:
        fetch_icite(pmids=["23456789"])
    assert info.value.source == "icite"
    assert "HTTP 503" in info.value.message
    assert route.call_count == 3  # the iCite policy allows two retries


@respx.mock
def test_unreachable_fails_at_once():
    route = respx.get(settings.MEDSEBA_ICITE_URL).mock(side_effect=httpx.ConnectError("Name or service not known"))
    with pytest.raises(SourceError, match="unreachable"):
        fetch_icite(pmids=["23456789"])
    assert route.call_count == 1


@respx.mock
def test_body_that_is_not_json_or_has_no_data():
    respx.get(settings.MEDSEBA_ICITE_URL).mock(
        side_effect=[httpx.Response(200, text="<html>maintenance</html>"), httpx.Response(200, json={"error": "x"})]
    )
    with pytest.raises(SourceError, match="not JSON"):
        fetch_icite(pmids=["1"])
    with pytest.raises(SourceError, match="no 'data' list"):
        fetch_icite(pmids=["1"])
