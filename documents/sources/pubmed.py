"""PubMed through NCBI E-utilities: esearch (Best Match order) then efetch (XML) for the records.

Every call goes through ``medseba.http.request`` (timeout, per-host rate limit shared by the
process, retries on 429/5xx honouring Retry-After). NCBI reports many failures with HTTP 200
-- ``esearchresult.ERROR``, ``errorlist``/``warninglist``, ``<ERROR>`` in XML, a top-level
``{"error": ...}`` -- and its JSON is sometimes invalid (raw newlines in strings), so bodies
are read with ``json.loads(strict=False)`` and checked before their id list is trusted.
Any failure surfaces as ``SourceError("pubmed", <what went wrong>)``.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

import httpx
from defusedxml import ElementTree as SafeET
from django.conf import settings

from documents.boolean_query import apply_filters
from medseba.http import ServiceError, ServicePolicy, request

from .base import Filters, Record, SearchHits, SourceError
from .pubmed_xml import ParseStats, PubMedXMLError, parse_pubmed_xml

logger = logging.getLogger(__name__)

NAME = "pubmed"
EFETCH_BATCH = 200  # ids per efetch POST (NCBI: keep batches to a few hundred)
ESEARCH_MAX = 10_000  # esearch retmax ceiling


@dataclass
class ESearchResult:
    """The useful part of one esearch answer."""

    count: int
    ids: list[str]
    translation: str = ""
    phrases_not_found: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def parse_esearch(body: str) -> ESearchResult:
    """Read an esearch body (JSON, or XML when NCBI answers so); raise SourceError for errors hidden in HTTP 200."""
    text = body.lstrip()
    if text.startswith("<"):
        return _parse_esearch_xml(text)
    try:
        data = json.loads(text, strict=False)  # NCBI sometimes puts raw newlines inside strings
    except json.JSONDecodeError as exc:
        raise SourceError(NAME, f"esearch returned unreadable JSON ({exc.msg} at char {exc.pos}): {text[:120]!r}")
    if not isinstance(data, dict):
        raise SourceError(NAME, f"esearch returned unexpected JSON: {text[:120]!r}")
    if "error" in data and "esearchresult" not in data:
        raise SourceError(NAME, f"esearch error: {data['error']}")
    result = data.get("esearchresult")
    if not isinstance(result, dict):
        raise SourceError(NAME, f"esearch answer has no esearchresult: {text[:120]!r}")
    if result.get("ERROR"):
        raise SourceError(NAME, f"esearch error: {' '.join(str(result['ERROR']).split())}")
    errors = result.get("errorlist") or {}
    warnings = result.get("warninglist") or {}
    try:
        count = int(result.get("count", "0"))
    except (TypeError, ValueError):
        raise SourceError(NAME, f"esearch count is not a number: {result.get('count')!r}") from None
    return ESearchResult(
        count=count,
        ids=[str(i) for i in result.get("idlist") or []],
        translation=str(result.get("querytranslation") or ""),
        phrases_not_found=list(errors.get("phrasesnotfound") or []) + list(errors.get("fieldsnotfound") or []),
        warnings=[str(w) for key in ("outputmessages", "quotedphrasesnotfound", "phrasesignored")
                  for w in warnings.get(key) or []],
    )


def _parse_esearch_xml(text: str) -> ESearchResult:
    try:
        root = SafeET.fromstring(text.encode("utf-8"))
    except SafeET.ParseError as exc:
        raise SourceError(NAME, f"esearch returned unreadable XML ({exc})") from exc
    error = root.findtext("ERROR") if root.tag != "ERROR" else root.text
    if error:
        raise SourceError(NAME, f"esearch error: {' '.join(error.split())}")
    if root.tag != "eSearchResult":
        raise SourceError(NAME, f"esearch returned <{root.tag}> instead of <eSearchResult>")
    count_text = (root.findtext("Count") or "0").strip()
    return ESearchResult(
        count=int(count_text) if count_text.isdigit() else 0,
        ids=[(e.text or "").strip() for e in root.findall("IdList/Id")],
        translation=(root.findtext("QueryTranslation") or "").strip(),
        phrases_not_found=[(e.text or "").strip() for e in root.findall("ErrorList/*")],
        warnings=[(e.text or "").strip() for e in root.findall("WarningList/*")],
    )


class PubMedSource:
    """``LiteratureSource`` over the live PubMed (E-utilities)."""

    name = NAME

    def __init__(
        self, *, base_url: str | None = None, api_key: str | None = None, email: str | None = None,
        tool: str | None = None,
    ) -> None:
        self.base_url = (base_url or settings.MEDSEBA_EUTILS_URL).rstrip("/") + "/"
        self.api_key = settings.NCBI_API_KEY if api_key is None else api_key
        self.email = settings.NCBI_EMAIL if email is None else email
        self.tool = settings.NCBI_TOOL if tool is None else tool
        # NCBI allows 3 requests/s per IP, 10 with an API key; the limiter is per host and process-wide.
        self.policy = ServicePolicy(name=NAME, per_second=10.0 if self.api_key else 3.0)

    # --- LiteratureSource -----------------------------------------------------------

    def search(self, query: str, filters: Filters, limit: int) -> SearchHits:
        found = self.esearch(apply_filters(query, filters), retmax=max(0, min(limit, ESEARCH_MAX)))
        records, skipped = self.efetch(found.ids) if found.ids else ([], 0)
        return SearchHits(records=records, count=found.count, skipped_without_abstract=skipped,
                          translation=found.translation)

    def count(self, query: str, filters: Filters) -> int:
        return self.esearch(apply_filters(query, filters), retmax=0).count

    # --- E-utilities ----------------------------------------------------------------

    def esearch(self, term: str, *, retmax: int) -> ESearchResult:
        """PMIDs for ``term`` in Best Match order, and the total count."""
        params = {"db": "pubmed", "term": term, "sort": "relevance", "retmax": retmax, "retmode": "json"}
        result = parse_esearch(self._call("GET", "esearch.fcgi", params=params).text)
        if result.phrases_not_found:
            logger.warning("PubMed ignored terms it does not know: %s (query %r)", result.phrases_not_found, term)
        return result

    def efetch(self, pmids: list[str]) -> tuple[list[Record], int]:
        """Records for ``pmids`` in the given order, and how many were skipped for having no abstract."""
        by_pmid: dict[str, Record] = {}
        for start in range(0, len(pmids), EFETCH_BATCH):
            batch = pmids[start : start + EFETCH_BATCH]
            form = {"db": "pubmed", "id": ",".join(batch), "retmode": "xml"}
            body = self._call("POST", "efetch.fcgi", data=form).content
            try:
                for record in parse_pubmed_xml(body, ParseStats()):
                    by_pmid[record.pmid] = record
            except PubMedXMLError as exc:
                raise SourceError(NAME, f"efetch: {exc}") from exc
        ordered = [by_pmid[p] for p in pmids if p in by_pmid]
        with_abstract = [r for r in ordered if r.abstract]
        missing = len(pmids) - len(ordered)
        if missing:
            logger.info("efetch returned %d of %d requested PubMed records", len(ordered), len(pmids))
        return with_abstract, len(ordered) - len(with_abstract)

    def _call(self, method: str, endpoint: str, *, params: dict[str, Any] | None = None,
              data: dict[str, Any] | None = None) -> httpx.Response:
        common = {"tool": self.tool, "email": self.email, "api_key": self.api_key}
        common = {k: v for k, v in common.items() if v}
        url = self.base_url + endpoint
        try:
            if method == "GET":
                response = request(self.policy, "GET", url, params={**params, **common} if params else common)
            else:
                response = request(self.policy, "POST", url, data={**(data or {}), **common})
        except ServiceError as exc:
            raise SourceError(NAME, f"{endpoint} failed: {exc.message}") from exc
        if response.status_code >= 400:
            raise SourceError(NAME, f"{endpoint} answered HTTP {response.status_code}: {_brief(response.text)}")
        return response


def _brief(text: str) -> str:
    """The error message in an NCBI error body (JSON ``error``, XML ``ERROR``) or its first characters."""
    try:
        data = json.loads(text, strict=False)
        if isinstance(data, dict) and data.get("error"):
            return str(data["error"])
    except json.JSONDecodeError:
        pass
    return " ".join(text.split())[:200]
