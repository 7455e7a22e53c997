"""NIH iCite: citation counts, Relative Citation Ratio and the clinical flag, by PMID.

iCite answers in two shapes (the older one with "Yes"/"No" flags, the current one with
booleans) and silently leaves out PMIDs it does not know, so results are matched to the
request by ``pmid``, never by position.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings

from medseba import http

from .base import SourceError, json_body

SOURCE = "icite"
BATCH_SIZE = 200  # iCite's documented maximum of PMIDs per request
FIELDS = "pmid,year,citation_count,relative_citation_ratio,nih_percentile,is_clinical,provisional"
N = TypeVar("N", int, float)
# No published limit; ~3/s is what iCite's own guidance of "serialise and cache" tolerates.
POLICY = http.ServicePolicy(name=SOURCE, per_second=3.0, retries=2, retry_connect_errors=False)


def fetch_icite(*, pmids: list[str], deadline: float | None = None) -> dict[str, dict[str, Any]]:
    """Normalised iCite data per PMID it knows; PMIDs absent from the answer are simply not in the dict.

    Raises SourceError when iCite cannot answer (unreachable, HTTP error, unreadable body).
    """
    found: dict[str, dict[str, Any]] = {}
    unique = list(dict.fromkeys(p for p in pmids if p))
    for start in range(0, len(unique), BATCH_SIZE):
        batch = unique[start : start + BATCH_SIZE]
        found.update(_fetch_batch(batch, deadline))
    return found


def _fetch_batch(pmids: list[str], deadline: float | None) -> dict[str, dict[str, Any]]:
    try:
        response = http.request(
            POLICY,
            "GET",
            settings.MEDSEBA_ICITE_URL,
            params={"pmids": ",".join(pmids), "fl": FIELDS},
            deadline=deadline,
        )
    except http.ServiceError as exc:
        raise SourceError(SOURCE, exc.message) from exc
    if response.status_code != 200:
        raise SourceError(SOURCE, f"HTTP {response.status_code}: {response.text[:200]}")
    body = json_body(SOURCE, response.text)
    if not isinstance(body, dict) or not isinstance(body.get("data"), list):
        raise SourceError(SOURCE, "response has no 'data' list")
    wanted = set(pmids)
    result: dict[str, dict[str, Any]] = {}
    for item in body["data"]:
        if not isinstance(item, dict) or item.get("pmid") is None:
            continue
        pmid = str(item["pmid"])
        if pmid in wanted:
            result[pmid] = parse_publication(item)
    return result


def parse_publication(item: dict[str, Any]) -> dict[str, Any]:
    """The fields MedSEBA uses from one iCite publication, in one shape whatever the API version."""
    return {
        "pmid": str(item["pmid"]),
        "year": _number(item.get("year"), int),
        "citation_count": _number(item.get("citation_count"), int),
        "relative_citation_ratio": _number(item.get("relative_citation_ratio"), float),
        "nih_percentile": _number(item.get("nih_percentile"), float),
        "is_clinical": _flag(item.get("is_clinical")),
        "provisional": _flag(item.get("provisional")),
    }


def _flag(value: Any) -> bool | None:
    """iCite flags are booleans now and were "Yes"/"No" strings before; anything else is unknown."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered in ("yes", "true"):
            return True
        if lowered in ("no", "false"):
            return False
    return None


def _number(value: Any, kind: Callable[[Any], N]) -> N | None:
    """``value`` as ``kind`` (int or float); None when missing, a boolean or unreadable.

    One rule for every numeric field: iCite sends numbers, numeric strings or null, and a boolean is never a count.
    """
    if isinstance(value, bool) or value is None:
        return None
    try:
        return kind(value)
    except (TypeError, ValueError):
        return None
