"""PMC: ID converter (legacy and current shapes) and the OA Web Service (records, not-OA, errors)."""
from __future__ import annotations

import httpx
import pytest
import respx
from django.conf import settings

from documents.sources.base import SourceError
from documents.sources.pmc import OaNegative, OaRecord, oa_lookup, pmcids_for
from tests.conftest import fixture_text


@respx.mock
def test_idconv_current_shape_integer_pmid_and_error_record():
    route = respx.get(settings.MEDSEBA_PMC_IDCONV_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("pmc_idconv", "idconv_api_v1_articles_CONSTRUCTED.json"))
    )
    result = pmcids_for(pmids=["23193287", "99999999999"])
    assert result == {"23193287": "PMC3531190", "99999999999": None}
    params = route.calls.last.request.url.params
    assert params["idtype"] == "pmid" and params["format"] == "json" and params["tool"] == settings.NCBI_TOOL


@respx.mock
def test_idconv_legacy_shape_string_pmid():
    respx.get(settings.MEDSEBA_PMC_IDCONV_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("pmc_idconv", "idconv_v1.0_doi_elife_2018.json"))
    )
    assert pmcids_for(pmids=["26354291", "1"]) == {"26354291": "PMC4559886", "1": None}


@respx.mock
def test_idconv_legacy_error_record_means_no_pmc_copy():
    respx.get(settings.MEDSEBA_PMC_IDCONV_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("pmc_idconv", "idconv_v1.0_error_invalid_id_2023.json"))
    )
    assert pmcids_for(pmids=["23840460"]) == {"23840460": None}


@respx.mock
def test_idconv_rate_limited_then_ok():
    too_many = fixture_text("ncbi_eutils", "error_429_rate_limit_exceeded.json")
    ok = fixture_text("pmc_idconv", "idconv_api_v1_articles_CONSTRUCTED.json")
    route = respx.get(settings.MEDSEBA_PMC_IDCONV_URL).mock(
        side_effect=[httpx.Response(429, text=too_many), httpx.Response(200, text=ok)]
    )
    assert pmcids_for(pmids=["23193287"])["23193287"] == "PMC3531190"
    assert route.call_count == 2


@respx.mock
def test_idconv_unreachable():
    respx.get(settings.MEDSEBA_PMC_IDCONV_URL).mock(side_effect=httpx.ConnectError("no route"))
    with pytest.raises(SourceError, match="ID converter: unreachable"):
        pmcids_for(pmids=["23193287"])


@respx.mock
def test_oa_tgz_record_gets_https_link():
    route = respx.get(settings.MEDSEBA_PMC_OA_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("pmc_oa", "oa_PMC7906746_tgz_record.xml"))
    )
    result = oa_lookup(pmcid="7906746")
    assert isinstance(result, OaRecord)
    assert result.pmcid == "PMC7906746"
    assert result.tgz_url == "https://ftp.ncbi.nlm.nih.gov/pub/pmc/oa_package/f1/69/PMC7906746.tar.gz"
    assert result.pdf_url is None
    assert result.license == "none" and result.retracted is False
    assert route.calls.last.request.url.params["id"] == "PMC7906746"


@respx.mock
def test_oa_record_with_pdf():
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("pmc_oa", "oa_record_tgz_and_pdf_CONSTRUCTED.xml"))
    )
    result = oa_lookup(pmcid="PMC0000001")
    assert isinstance(result, OaRecord)
    assert result.pdf_url == "https://ftp.ncbi.nlm.nih.gov/pub/pmc/oa_pdf/00/00/example-1-1.PMC0000001.pdf"
    assert result.license == "CC BY"


@respx.mock
@pytest.mark.parametrize(
    "name, code",
    [
        ("oa_PMC8550608_idIsNotOpenAccess.xml", "idIsNotOpenAccess"),
        ("oa_error_idDoesNotExist_CONSTRUCTED.xml", "idDoesNotExist"),
    ],
)
def test_oa_negative_answers_are_not_errors(name, code):
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(return_value=httpx.Response(200, text=fixture_text("pmc_oa", name)))
    result = oa_lookup(pmcid="PMC8550608")
    assert isinstance(result, OaNegative)
    assert result.code == code and result.message


@respx.mock
def test_oa_answer_without_the_record_is_an_error():
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(
        return_value=httpx.Response(200, text=fixture_text("pmc_oa", "oa_identification_2021.xml"))
    )
    with pytest.raises(SourceError, match="no record for PMC1"):
        oa_lookup(pmcid="PMC1")


@respx.mock
def test_oa_unknown_error_code_and_bad_xml():
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(
        side_effect=[
            httpx.Response(200, text='<OA><error code="badParameter">bad value for id</error></OA>'),
            httpx.Response(200, text="<html><body>Service unavailable"),
        ]
    )
    with pytest.raises(SourceError, match="badParameter"):
        oa_lookup(pmcid="PMC1")
    with pytest.raises(SourceError, match="not XML"):
        oa_lookup(pmcid="PMC1")


def test_oa_lookup_rejects_a_non_pmcid():
    with pytest.raises(ValueError):
        oa_lookup(pmcid="10.1000/xyz")
