"""The documents API: metadata with cached metrics, and the open-access PDF streamed from PMC.

PMC's OA service is mocked at the transport with the real bodies in ../shared/fixtures/pmc_oa.
"""
from __future__ import annotations

import httpx
import pytest
import respx
from django.conf import settings
from rest_framework.test import APIClient

from documents.models import Paper, PaperMetric
from tests.conftest import fixture_text

PDF_URL = "https://ftp.ncbi.nlm.nih.gov/pub/pmc/oa_pdf/00/00/example-1-1.PMC0000001.pdf"
# A minimal but well-formed PDF (one empty page): what the endpoint streams is checked by its magic.
PDF_BYTES = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj "
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"
)


@pytest.fixture
def client():
    return APIClient()


@pytest.fixture
def paper(db):
    return Paper.objects.create(
        pmid="10526582", title="Sumatriptan nasal spray in acute migraine", abstract="BACKGROUND: ... RESULTS: ...",
        year=1999, journal="Cephalalgia", publication_types=["Randomized Controlled Trial"],
        mesh=["Migraine Disorders", "Sumatriptan"], pmcid="PMC0000001",
    )


def _error(response, status):
    assert response.status_code == status, response.content
    return response.json()["error"]


def test_document_metadata_and_cached_metrics(client, paper):
    PaperMetric.objects.create(paper_id=paper.pmid, source="icite",
                               data={"citation_count": 41, "relative_citation_ratio": 1.7, "is_clinical": True})
    PaperMetric.objects.create(paper_id=paper.pmid, source="semantic_scholar", data={}, found=False)
    body = client.get(f"/api/documents/{paper.pmid}/").json()
    assert body["metrics"]["is_clinical"] is True  # issue 14: computed by iCite, shown as "Clinical article"
    assert body["title"] == paper.title and body["mesh"] == ["Migraine Disorders", "Sumatriptan"]
    assert body["publication_types"] == ["Randomized Controlled Trial"] and body["abstract"].startswith("BACKGROUND")
    assert body["metrics"]["citation_count"] == 41 and body["metrics"]["relative_citation_ratio"] == 1.7
    assert body["metrics"]["venue"] is None  # S2 did not know it: unavailable, not invented
    assert body["metric_sources"]["semantic_scholar"]["found"] is False
    assert body["full_text_url"] == "https://pmc.ncbi.nlm.nih.gov/articles/PMC0000001/"


def test_unknown_or_malformed_pmid_is_404(client, db):
    assert "No document with PMID 999999999" in _error(client.get("/api/documents/999999999/"), 404)["message"]
    assert _error(client.get("/api/documents/abc/"), 404)["code"] == "not_found"


@respx.mock
def test_pdf_is_streamed_from_pmc(client, paper):
    respx.get(settings.MEDSEBA_PMC_OA_URL).respond(200, text=fixture_text("pmc_oa", "oa_record_tgz_and_pdf_CONSTRUCTED.xml"))
    respx.get(PDF_URL).respond(200, content=PDF_BYTES, headers={"content-type": "application/pdf"})
    response = client.get(f"/api/documents/{paper.pmid}/pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content) == PDF_BYTES
    assert 'filename="PMC0000001.pdf"' in response["Content-Disposition"]


@respx.mock
def test_pdf_not_open_access_is_404(client, paper):
    respx.get(settings.MEDSEBA_PMC_OA_URL).respond(200, text=fixture_text("pmc_oa", "oa_PMC8550608_idIsNotOpenAccess.xml"))
    err = _error(client.get(f"/api/documents/{paper.pmid}/pdf", HTTP_ACCEPT="application/pdf"), 404)
    assert err["code"] == "not_open_access" and err["message"].startswith("not open access")


@respx.mock
def test_pdf_only_tgz_package_is_not_open_access_pdf(client, paper):
    Paper.objects.filter(pk=paper.pk).update(pmcid="PMC7906746")  # the article of the real fixture
    respx.get(settings.MEDSEBA_PMC_OA_URL).respond(200, text=fixture_text("pmc_oa", "oa_PMC7906746_tgz_record.xml"))
    assert _error(client.get(f"/api/documents/{paper.pmid}/pdf"), 404)["code"] == "not_open_access"


def test_pdf_without_pmcid_is_404_not_open_access(client, paper):
    Paper.objects.filter(pk=paper.pk).update(pmcid="")
    err = _error(client.get(f"/api/documents/{paper.pmid}/pdf"), 404)
    assert err["message"] == "not open access: PMID 10526582 has no copy in PubMed Central."


@respx.mock
def test_pmc_unreachable_is_503(client, paper):
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(side_effect=httpx.ConnectError("connection refused"))
    err = _error(client.get(f"/api/documents/{paper.pmid}/pdf"), 503)
    assert err["code"] == "pmc_unreachable" and err["message"].startswith("PMC unreachable")


@respx.mock
def test_pmc_sending_html_or_too_much_is_502(client, paper, settings):
    respx.get(settings.MEDSEBA_PMC_OA_URL).respond(200, text=fixture_text("pmc_oa", "oa_record_tgz_and_pdf_CONSTRUCTED.xml"))
    route = respx.get(PDF_URL)
    route.respond(200, text="<html>maintenance</html>", headers={"content-type": "text/html"})
    assert _error(client.get(f"/api/documents/{paper.pmid}/pdf"), 502)["code"] == "not_a_pdf"
    settings.MEDSEBA_PDF_MAX_BYTES = 100
    route.respond(200, content=PDF_BYTES, headers={"content-type": "application/pdf"})
    assert _error(client.get(f"/api/documents/{paper.pmid}/pdf"), 502)["code"] == "pdf_too_large"
