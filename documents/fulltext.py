"""Open-access full text from PMC, for the documents API.

:func:`open_access_pdf` asks the PMC OA Web Service for an article's PDF link;
"not open access" is a normal answer and comes back as a :class:`NotOpenAccess` value.
:func:`stream_pdf` opens the download and checks, before any byte reaches the caller,
that it is a PDF (content type or ``%PDF`` magic) within the size limit; the limit is
enforced again while streaming because Content-Length may be absent or wrong. Downloads
are only made from NCBI hosts, so the endpoint cannot be turned into an open proxy.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx
from django.conf import settings

from documents.sources.base import SourceError
from documents.sources.pmc import OaNegative, normalise_pmcid, oa_lookup
from medseba import http

PDF_HOSTS = frozenset({"ftp.ncbi.nlm.nih.gov", "www.ncbi.nlm.nih.gov", "pmc.ncbi.nlm.nih.gov"})
CHUNK_BYTES = 64 * 1024
PDF_POLICY = http.ServicePolicy(name="pmc", per_second=3.0, retries=2, timeout=30.0)


class FullTextError(Exception):
    """Base of every reason a full text cannot be served."""


class NotOpenAccess(FullTextError):
    """PMC has no open-access PDF of this article (not in the OA subset, unknown, or only a tgz package)."""

    def __init__(self, pmcid: str, reason: str, *, package_url: str | None = None):
        super().__init__(f"{pmcid}: {reason}")
        self.pmcid = pmcid
        self.reason = reason
        self.package_url = package_url  # the OA tgz package when that is all PMC offers


class PmcUnreachable(FullTextError):
    """PMC (OA service or file server) could not answer; worth retrying later."""


class PdfTooLarge(FullTextError):
    def __init__(self, limit: int, size: int | None = None):
        seen = f"{size} bytes" if size is not None else "more"
        super().__init__(f"the PDF is larger than the {limit}-byte limit ({seen})")
        self.limit = limit
        self.size = size


class NotAPdf(FullTextError):
    def __init__(self, content_type: str):
        super().__init__(f"the server did not send a PDF (content type {content_type or 'missing'})")
        self.content_type = content_type


@dataclass(frozen=True)
class PdfLink:
    pmcid: str
    url: str  # https
    license: str | None
    retracted: bool


def open_access_pdf(pmcid: str) -> PdfLink | NotOpenAccess:
    """The OA PDF link of a PMC article, or why there is none. Raises PmcUnreachable, ValueError for a bad id."""
    normalised = normalise_pmcid(pmcid)
    if normalised is None:
        raise ValueError(f"not a PMCID: {pmcid!r}")
    try:
        result = oa_lookup(pmcid=normalised)
    except SourceError as exc:
        raise PmcUnreachable(exc.message) from exc
    if isinstance(result, OaNegative):
        return NotOpenAccess(normalised, result.message or result.code)
    if not result.pdf_url:
        return NotOpenAccess(
            normalised, "open access, but PMC offers no PDF, only the article package (tgz)", package_url=result.tgz_url
        )
    return PdfLink(pmcid=normalised, url=result.pdf_url, license=result.license, retracted=result.retracted)


class PdfStream:
    """An open, checked PDF download; iterate :meth:`chunks` once, then it closes itself."""

    def __init__(self, response: httpx.Response, first: bytes, chunks: Iterator[bytes], max_bytes: int):
        self._response = response
        self._first = first
        self._rest = chunks
        self.max_bytes = max_bytes
        self.content_length = _content_length(response)
        self.content_type = "application/pdf"

    def chunks(self) -> Iterator[bytes]:
        """The bytes as they arrive; raises PdfTooLarge as soon as the limit is passed."""
        try:
            total = len(self._first)
            if self._first:
                yield self._first
            for chunk in self._rest:
                total += len(chunk)
                if total > self.max_bytes:
                    raise PdfTooLarge(self.max_bytes)
                yield chunk
        except httpx.HTTPError as exc:
            raise PmcUnreachable(f"download interrupted: {type(exc).__name__}: {exc}") from exc
        finally:
            self.close()

    def read(self) -> bytes:
        return b"".join(self.chunks())

    def close(self) -> None:
        self._response.close()


def stream_pdf(url: str, *, max_bytes: int | None = None) -> PdfStream:
    """Open a PDF download from an NCBI host and check it; raises PdfTooLarge, NotAPdf, PmcUnreachable."""
    limit = max_bytes if max_bytes is not None else settings.MEDSEBA_PDF_MAX_BYTES
    parts = urlsplit(url)
    if parts.scheme != "https" or parts.hostname not in PDF_HOSTS:
        raise ValueError(f"refusing to fetch a PDF from {parts.scheme}://{parts.hostname}: only https on NCBI hosts")
    try:
        response = http.request(PDF_POLICY, "GET", url, stream=True)
    except http.ServiceError as exc:
        raise PmcUnreachable(exc.message) from exc
    try:
        if response.status_code != 200:
            raise PmcUnreachable(f"HTTP {response.status_code} for {url}")
        size = _content_length(response)
        if size is not None and size > limit:
            raise PdfTooLarge(limit, size)
        chunks = response.iter_bytes(CHUNK_BYTES)
        first = next(chunks, b"")
        content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/pdf" and not first.startswith(b"%PDF"):
            raise NotAPdf(content_type)
        if len(first) > limit:
            raise PdfTooLarge(limit)
    except httpx.HTTPError as exc:
        response.close()
        raise PmcUnreachable(f"download failed: {type(exc).__name__}: {exc}") from exc
    except FullTextError:
        response.close()
        raise
    return PdfStream(response, first, chunks, limit)


def _content_length(response: httpx.Response) -> int | None:
    try:
        return int(response.headers["content-length"])
    except (KeyError, ValueError):
        return None
