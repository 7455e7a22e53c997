"""PubMed Central: PMID → PMCID (ID Converter) and the Open Access Web Service's full-text links.

Both the legacy ``idconv/v1.0`` and the current ``tools/idconv/api/v1/articles`` answers
are read (``pmid`` string vs integer, ``requested-id``). The OA service reports "not open
access" and "no such id" as HTTP 200 with an ``<error>`` element: a normal negative
answer, returned as :class:`OaNegative`, not raised.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import httpx
from defusedxml import ElementTree
from django.conf import settings

from medseba import http

from .base import SourceError

SOURCE = "pmc"
IDCONV_BATCH = 200  # the ID converter's maximum per call
NEGATIVE_OA_CODES = frozenset({"idIsNotOpenAccess", "idDoesNotExist"})
_PMCID = re.compile(r"^(?:PMC)?(\d+)(?:\.\d+)?$", re.IGNORECASE)


def policy() -> http.ServicePolicy:
    """NCBI etiquette: 3 requests/s per IP, 10/s with an API key."""
    return http.ServicePolicy(
        name=SOURCE, per_second=10.0 if settings.NCBI_API_KEY else 3.0, retries=2, retry_connect_errors=False
    )


def _etiquette() -> dict[str, str]:
    params = {"tool": settings.NCBI_TOOL}
    if settings.NCBI_EMAIL:
        params["email"] = settings.NCBI_EMAIL
    return params


@dataclass(frozen=True)
class OaRecord:
    """An article in the PMC Open Access subset and its downloadable packages (https URLs)."""

    pmcid: str
    license: str | None
    retracted: bool
    pdf_url: str | None
    tgz_url: str | None


@dataclass(frozen=True)
class OaNegative:
    """PMC's normal "no": the article is not in the OA subset (or PMC does not know the id)."""

    pmcid: str
    code: str  # idIsNotOpenAccess | idDoesNotExist
    message: str


def normalise_pmcid(value: Any) -> str | None:
    """"PMC123", "pmc123", "123" or the versioned "PMC123.1" → "PMC123"; None for anything else."""
    if value is None:
        return None
    match = _PMCID.match(str(value).strip())
    return f"PMC{match.group(1)}" if match else None


def https_url(href: str) -> str:
    """The OA service still hands out ftp:// links; NCBI serves the same paths over HTTPS."""
    if href.startswith("ftp://"):
        return "https://" + href[len("ftp://") :]
    if href.startswith("http://"):
        return "https://" + href[len("http://") :]
    return href


def pmcids_for(*, pmids: list[str], deadline: float | None = None) -> dict[str, str | None]:
    """PMCID per requested PMID (None: no PMC copy). Raises SourceError when the converter cannot answer."""
    unique = list(dict.fromkeys(p for p in pmids if p))
    result: dict[str, str | None] = {}
    for start in range(0, len(unique), IDCONV_BATCH):
        result.update(_idconv_batch(unique[start : start + IDCONV_BATCH], deadline))
    return result


def _get(service: str, url: str, params: dict[str, Any], deadline: float | None) -> httpx.Response:
    """A GET to one of PMC's services that answered 200; else SourceError naming ``service``."""
    try:
        response = http.request(policy(), "GET", url, params=params, deadline=deadline)
    except http.ServiceError as exc:
        raise SourceError(SOURCE, f"{service}: {exc.message}") from exc
    if response.status_code != 200:
        raise SourceError(SOURCE, f"{service}: HTTP {response.status_code}: {response.text[:200]}")
    return response


def _idconv_batch(pmids: list[str], deadline: float | None) -> dict[str, str | None]:
    params = {"ids": ",".join(pmids), "idtype": "pmid", "format": "json", "versions": "no", **_etiquette()}
    response = _get("ID converter", settings.MEDSEBA_PMC_IDCONV_URL, params, deadline)
    try:
        body = json.loads(response.text, strict=False)
    except json.JSONDecodeError as exc:
        raise SourceError(SOURCE, f"ID converter: response is not JSON ({exc.msg})") from exc
    if not isinstance(body, dict) or not isinstance(body.get("records"), list):
        status = body.get("status") if isinstance(body, dict) else None
        raise SourceError(SOURCE, f"ID converter: unexpected answer without records (status {status!r})")
    return parse_idconv(body, pmids)


def parse_idconv(body: dict[str, Any], pmids: list[str]) -> dict[str, str | None]:
    """Map requested PMIDs to PMCIDs; error records and PMIDs missing from the answer mean "no PMC copy"."""
    wanted = set(pmids)
    result: dict[str, str | None] = {p: None for p in pmids}
    for record in body["records"]:
        if not isinstance(record, dict):
            continue
        key = record.get("pmid", record.get("requested-id"))
        if key is None:
            continue
        pmid = str(key).strip()
        if pmid not in wanted or record.get("status") == "error":
            continue
        result[pmid] = normalise_pmcid(record.get("pmcid"))
    return result


def oa_lookup(*, pmcid: str, deadline: float | None = None) -> OaRecord | OaNegative:
    """Ask the OA Web Service about one article. Raises SourceError when it cannot answer."""
    normalised = normalise_pmcid(pmcid)
    if normalised is None:
        raise ValueError(f"not a PMCID: {pmcid!r}")
    pmcid = normalised
    params = {"id": pmcid, **_etiquette()}
    if settings.NCBI_API_KEY:
        params["api_key"] = settings.NCBI_API_KEY
    response = _get("OA service", settings.MEDSEBA_PMC_OA_URL, params, deadline)
    return parse_oa(response.text, pmcid)


def parse_oa(text: str, pmcid: str) -> OaRecord | OaNegative:
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise SourceError(SOURCE, f"OA service: response is not XML ({exc})") from exc
    error = root.find("error")
    if error is not None:
        code = error.get("code") or ""
        message = (error.text or "").strip()
        if code in NEGATIVE_OA_CODES:
            return OaNegative(pmcid=pmcid, code=code, message=message)
        raise SourceError(SOURCE, f"OA service error {code or 'without code'}: {message}")
    record = next((r for r in root.iter("record") if normalise_pmcid(r.get("id")) == pmcid), None)
    if record is None:
        raise SourceError(SOURCE, f"OA service: no record for {pmcid} in the answer")
    links = {
        link.get("format"): https_url(link.get("href") or "") for link in record.findall("link") if link.get("href")
    }
    return OaRecord(
        pmcid=pmcid,
        license=(record.get("license") or None),
        retracted=(record.get("retracted") or "").lower() == "yes",
        pdf_url=links.get("pdf"),
        tgz_url=links.get("tgz"),
    )
