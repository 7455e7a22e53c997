"""Full text: OA PDF link (or why not) and the checked, size-limited PDF stream."""
from __future__ import annotations

import httpx
import pytest
import respx
from django.conf import settings

from documents.fulltext import (
    NotAPdf,
    NotOpenAccess,
    PdfLink,
    PdfTooLarge,
    PmcUnreachable,
    open_access_pdf,
    stream_pdf,
)
from tests.conftest import fixture_text

PDF_URL = "https://ftp.ncbi.nlm.nih.gov/pub/pmc/oa_pdf/00/00/example-1-1.PMC0000001.pdf"


def oa_answers(fixture: str) -> None:
    """The OA Web Service (mocked; inside ``respx.mock``) answers with the recorded ``fixtures/pmc_oa/<fixture>``."""
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(return_value=httpx.Response(200, text=fixture_text("pmc_oa", fixture)))


def minimal_pdf() -> bytes:
    """A small, well-formed one-page PDF built here (no PDF ships with the fixtures)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


@respx.mock
def test_open_access_pdf_link():
    oa_answers("oa_record_tgz_and_pdf_CONSTRUCTED.xml")
    link = open_access_pdf("PMC0000001")
    assert link == PdfLink(pmcid="PMC0000001", url=PDF_URL, license="CC BY", retracted=False)


@respx.mock
def test_not_open_access_is_returned():
    oa_answers("oa_PMC8550608_idIsNotOpenAccess.xml")
    result = open_access_pdf("PMC8550608")
    assert isinstance(result, NotOpenAccess)
    assert "is not Open Access" in result.reason


@respx.mock
def test_unknown_id_is_returned_as_not_open_access():
    oa_answers("oa_error_idDoesNotExist_CONSTRUCTED.xml")
    result = open_access_pdf("PMC99999999")
    assert isinstance(result, NotOpenAccess) and "does not exist" in result.reason


@respx.mock
def test_tgz_only_article_has_no_pdf_but_names_the_package():
    oa_answers("oa_PMC7906746_tgz_record.xml")
    result = open_access_pdf("PMC7906746")
    assert isinstance(result, NotOpenAccess)
    assert result.package_url == "https://ftp.ncbi.nlm.nih.gov/pub/pmc/oa_package/f1/69/PMC7906746.tar.gz"


@respx.mock
def test_oa_service_unreachable_or_overloaded():
    too_many = fixture_text("ncbi_eutils", "error_429_rate_limit_exceeded.json")
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(return_value=httpx.Response(429, text=too_many))
    with pytest.raises(PmcUnreachable, match="429"):
        open_access_pdf("PMC0000001")
    respx.get(settings.MEDSEBA_PMC_OA_URL).mock(side_effect=httpx.ConnectError("Name or service not known"))
    with pytest.raises(PmcUnreachable, match="unreachable"):
        open_access_pdf("PMC0000001")


def test_bad_pmcid():
    with pytest.raises(ValueError):
        open_access_pdf("not-an-id")


@respx.mock
def test_stream_pdf_by_content_type():
    pdf = minimal_pdf()
    respx.get(PDF_URL).mock(return_value=httpx.Response(200, content=pdf, headers={"content-type": "application/pdf"}))
    stream = stream_pdf(PDF_URL, max_bytes=10_000)
    assert stream.content_length == len(pdf)
    assert stream.read() == pdf


@respx.mock
def test_stream_pdf_by_magic_when_served_as_octet_stream():
    pdf = minimal_pdf()
    respx.get(PDF_URL).mock(
        return_value=httpx.Response(200, content=pdf, headers={"content-type": "application/octet-stream"})
    )
    assert b"".join(stream_pdf(PDF_URL, max_bytes=10_000).chunks()) == pdf


@respx.mock
def test_html_error_page_is_not_a_pdf():
    respx.get(PDF_URL).mock(
        return_value=httpx.Response(
            200, text="<html><body>Not found</body></html>", headers={"content-type": "text/html"}
        )
    )
    with pytest.raises(NotAPdf, match="text/html"):
        stream_pdf(PDF_URL, max_bytes=10_000)


@respx.mock
def test_declared_size_over_the_limit():
    pdf = minimal_pdf()
    respx.get(PDF_URL).mock(return_value=httpx.Response(200, content=pdf, headers={"content-type": "application/pdf"}))
    with pytest.raises(PdfTooLarge) as info:
        stream_pdf(PDF_URL, max_bytes=100)
    assert info.value.size == len(pdf) and info.value.limit == 100


@respx.mock
def test_undeclared_size_over_the_limit_stops_while_streaming():
    pdf = minimal_pdf()

    def body():  # no Content-Length; keeps sending well past the limit
        yield pdf
        for _ in range(20):
            yield b"%" + b" " * 10_239

    respx.get(PDF_URL).mock(
        return_value=httpx.Response(200, content=body(), headers={"content-type": "application/pdf"})
    )
    stream = stream_pdf(PDF_URL, max_bytes=100_000)  # the first 64 KiB chunk fits: opening succeeds
    assert stream.content_length is None
    received = 0
    with pytest.raises(PdfTooLarge):
        for chunk in stream.chunks():
            received += len(chunk)
    assert 0 < received <= 100_000


@respx.mock
def test_missing_file_and_unreachable_server():
    respx.get(PDF_URL).mock(return_value=httpx.Response(404, text="Not Found"))
    with pytest.raises(PmcUnreachable, match="HTTP 404"):
        stream_pdf(PDF_URL)
    respx.get(PDF_URL).mock(side_effect=httpx.ConnectError("Name or service not known"))
    with pytest.raises(PmcUnreachable):
        stream_pdf(PDF_URL)


def test_only_ncbi_https_urls_are_fetched():
    with pytest.raises(ValueError, match="only https on NCBI"):
        stream_pdf("https://example.com/paper.pdf")
    with pytest.raises(ValueError):
        stream_pdf("ftp://ftp.ncbi.nlm.nih.gov/pub/pmc/x.pdf")
