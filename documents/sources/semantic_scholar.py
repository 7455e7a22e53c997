"""Semantic Scholar Graph API: venue, citation and influential-citation counts and TLDR, by PMID.

``POST /paper/batch`` answers with an array aligned to the requested ids and ``null`` for
ids it cannot resolve; an entry whose ``externalIds.PubMed`` contradicts its position is
dropped rather than attached to the wrong paper.
"""
from __future__ import annotations

import json
from typing import Any

from django.conf import settings

from medseba import http

from .base import SourceError, json_body

SOURCE = "semantic_scholar"
BATCH_SIZE = 500  # the batch endpoint's maximum
FIELDS = "externalIds,venue,publicationVenue,journal,year,citationCount,influentialCitationCount,tldr"


def policy() -> http.ServicePolicy:
    """1 request/s with a key; the keyless shared pool tolerates about one request every 3 s."""
    keyed = bool(settings.SEMANTIC_SCHOLAR_API_KEY)
    return http.ServicePolicy(
        name=SOURCE, per_second=1.0 if keyed else 0.3, retries=2, backoff_base=1.0, retry_connect_errors=False
    )


def fetch_semantic_scholar(*, pmids: list[str], deadline: float | None = None) -> dict[str, dict[str, Any]]:
    """Normalised S2 data per PMID it resolved; unresolved PMIDs are not in the dict.

    Raises SourceError when the API cannot answer (unreachable, rate limited, bad key, bad fields).
    """
    unique = list(dict.fromkeys(p for p in pmids if p))
    found: dict[str, dict[str, Any]] = {}
    for start in range(0, len(unique), BATCH_SIZE):
        found.update(_fetch_batch(unique[start : start + BATCH_SIZE], deadline))
    return found


def _fetch_batch(pmids: list[str], deadline: float | None) -> dict[str, dict[str, Any]]:
    headers = {"x-api-key": settings.SEMANTIC_SCHOLAR_API_KEY} if settings.SEMANTIC_SCHOLAR_API_KEY else None
    url = settings.MEDSEBA_S2_URL.rstrip("/") + "/paper/batch"
    try:
        response = http.request(
            policy(),
            "POST",
            url,
            params={"fields": FIELDS},
            json={"ids": [f"PMID:{p}" for p in pmids]},
            headers=headers,
            deadline=deadline,
        )
    except http.ServiceError as exc:
        raise SourceError(SOURCE, exc.message) from exc
    if response.status_code != 200:
        raise SourceError(SOURCE, _error_message(response))
    body = json_body(SOURCE, response.text)
    if not isinstance(body, list):
        raise SourceError(SOURCE, "batch response is not a JSON array")
    if len(body) != len(pmids):
        raise SourceError(SOURCE, f"batch response has {len(body)} entries for {len(pmids)} ids")
    result: dict[str, dict[str, Any]] = {}
    for requested, paper in zip(pmids, body):
        if not isinstance(paper, dict):
            continue  # null: S2 does not know this PMID
        pubmed = (paper.get("externalIds") or {}).get("PubMed")
        if pubmed and str(pubmed) != requested:
            continue  # misaligned answer: never attach one paper's numbers to another
        result[requested] = parse_paper(paper)
    return result


def _error_message(response: Any) -> str:
    """S2 errors come as {"error": ...} or {"message": ...}; say which, plus what to do for a bad key."""
    detail = response.text[:200]
    try:
        body = json.loads(response.text)
        if isinstance(body, dict):
            detail = str(body.get("error") or body.get("message") or detail)
    except json.JSONDecodeError:
        pass
    hint = " (SEMANTIC_SCHOLAR_API_KEY rejected)" if response.status_code in (401, 403) else ""
    return f"HTTP {response.status_code}: {detail}{hint}"


def parse_paper(paper: dict[str, Any]) -> dict[str, Any]:
    """The fields MedSEBA uses from one S2 paper object."""
    venue_obj = paper.get("publicationVenue") or {}
    journal = paper.get("journal") or {}
    tldr = paper.get("tldr") or {}
    names = (venue_obj.get("name"), paper.get("venue"), journal.get("name"))
    venue = next((n.strip() for n in names if isinstance(n, str) and n.strip()), "")
    external = paper.get("externalIds") or {}
    pmc = external.get("PubMedCentral")
    return {
        "paper_id": paper.get("paperId"),
        "venue": venue or None,
        "journal": (journal.get("name") or "").strip() or None,
        "year": paper.get("year") if isinstance(paper.get("year"), int) else None,
        "citation_count": _count(paper.get("citationCount")),
        "influential_citation_count": _count(paper.get("influentialCitationCount")),
        "tldr": (tldr.get("text") or "").strip() or None,
        "pmcid": f"PMC{pmc}" if pmc and not str(pmc).upper().startswith("PMC") else (str(pmc) if pmc else None),
    }


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
