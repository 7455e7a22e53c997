"""ClinicalTrials.gov Data API v2: registered trials by condition and intervention, or one trial by NCT number.

Why a trial registry at all: published studies lag years behind the trials that are running or
finished without a paper; a card per registered trial tells a reader what is still being tested.

Every call goes through :mod:`medseba.http` (timeout, rate limit, retries). The registry
publishes no rate limit and its robots.txt asks for one request a second, so the policy is
1/s; 400 (an unknown parameter, an invalid field: the body is a plain-text sentence) and 404
are answered at once and never retried. Searches ask only for the pieces a card shows
(``fields``), so a page of five studies is a few KB instead of ~17 KB a study.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings

from medseba import http

from .base import SourceError, json_body

SOURCE = "clinicaltrials"
REGISTRY_URL = "https://clinicaltrials.gov/study/{nct_id}"
POLICY = http.ServicePolicy(name=SOURCE, per_second=1.0, retries=2, retry_connect_errors=False)
MAX_PAGE_SIZE = 1000  # the API coerces larger pages down to this
# The pieces one trial card needs (piece names, not module names: a module name is a 400).
CARD_FIELDS = (
    "NCTId", "BriefTitle", "OverallStatus", "Phase", "StudyType", "EnrollmentCount", "EnrollmentType",
    "StartDate", "CompletionDate", "LeadSponsorName", "HasResults", "Condition", "InterventionName",
)
STATUSES = (
    "ACTIVE_NOT_RECRUITING", "COMPLETED", "ENROLLING_BY_INVITATION", "NOT_YET_RECRUITING", "RECRUITING",
    "SUSPENDED", "TERMINATED", "WITHDRAWN", "AVAILABLE", "NO_LONGER_AVAILABLE", "TEMPORARILY_NOT_AVAILABLE",
    "APPROVED_FOR_MARKETING", "WITHHELD", "UNKNOWN",
)
_NCT_ID = re.compile(r"^[Nn][Cc][Tt]0*[1-9]\d{0,7}$")


@dataclass
class Trial:
    """One registered trial as a card shows it; None (or []) wherever the registry gave nothing."""

    nct_id: str
    title: str
    url: str
    status: str | None = None  # e.g. RECRUITING, COMPLETED (the registry's enum)
    phases: list[str] = field(default_factory=list)  # e.g. ["PHASE2", "PHASE3"]; [] for observational studies
    study_type: str | None = None
    enrollment: int | None = None
    enrollment_type: str | None = None  # ACTUAL | ESTIMATED
    start_date: str | None = None  # partial ISO dates as registered ("2016-07", "2019-12-20")
    completion_date: str | None = None
    sponsor: str | None = None
    has_results: bool | None = None  # None when the registry did not say
    conditions: list[str] = field(default_factory=list)
    interventions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Trial":
        return cls(**{f: data[f] for f in cls.__dataclass_fields__ if f in data})


@dataclass
class TrialPage:
    trials: list[Trial]
    total: int | None = None  # only with count_total on the first page
    next_page_token: str | None = None  # None on the last page


def base_url() -> str:
    return settings.MEDSEBA_CTGOV_URL.rstrip("/")


def search_trials(
    *,
    condition: str | None = None,
    intervention: str | None = None,
    term: str | None = None,
    statuses: tuple[str, ...] | list[str] = (),
    page_size: int = 5,
    page_token: str | None = None,
    count_total: bool = False,
    fields: tuple[str, ...] | None = CARD_FIELDS,
    deadline: float | None = None,
) -> TrialPage:
    """One page of ``GET /studies``; raises SourceError when the registry cannot answer or answers nonsense.

    ``fields=None`` asks for whole records. Without any query every study is returned (the
    API's rule), which is never what a caller here wants, so that is refused.
    """
    if not any((condition, intervention, term)):
        raise ValueError("give a condition, an intervention or a term")
    unknown = [s for s in statuses if s not in STATUSES]
    if unknown:
        raise ValueError(f"unknown trial status(es): {', '.join(unknown)}")
    params: dict[str, Any] = {"format": "json", "pageSize": max(1, min(int(page_size), MAX_PAGE_SIZE))}
    for key, value in (("query.cond", condition), ("query.intr", intervention), ("query.term", term)):
        if value:
            params[key] = value
    if statuses:
        params["filter.overallStatus"] = ",".join(statuses)
    if fields:
        params["fields"] = ",".join(fields)
    if count_total:
        params["countTotal"] = "true"
    if page_token:
        params["pageToken"] = page_token
    body = _get_json(f"{base_url()}/studies", params, deadline)
    studies = body.get("studies")
    if not isinstance(studies, list):
        raise SourceError(SOURCE, "response has no 'studies' list")
    total = body.get("totalCount")
    token = body.get("nextPageToken")
    return TrialPage(
        trials=[t for s in studies if (t := parse_study(s)) is not None],
        total=total if isinstance(total, int) and not isinstance(total, bool) else None,
        next_page_token=token if isinstance(token, str) and token else None,
    )


def fetch_trial(nct_id: str, *, fields: tuple[str, ...] | None = None, deadline: float | None = None) -> Trial | None:
    """``GET /studies/{nctId}``: the trial, or None when the registry does not know it (404)."""
    if not _NCT_ID.match(nct_id or ""):
        raise ValueError(f"not an NCT number: {nct_id!r}")
    params: dict[str, Any] = {"format": "json"}
    if fields:
        params["fields"] = ",".join(fields)
    body = _get_json(f"{base_url()}/studies/{nct_id.upper()}", params, deadline, missing_ok=True)
    if body is None:
        return None
    trial = parse_study(body)
    if trial is None:
        raise SourceError(SOURCE, "the study record has no NCT number")
    return trial


def _get_json(url: str, params: dict[str, Any], deadline: float | None, *, missing_ok: bool = False) -> Any:
    try:
        response = http.request(POLICY, "GET", url, params=params, deadline=deadline)
    except http.ServiceError as exc:
        raise SourceError(SOURCE, exc.message) from exc
    if response.status_code == 404 and missing_ok:
        return None
    if response.status_code != 200:
        # 400 bodies are one plain-text sentence ("`query.recrs` is unknown parameter"): worth showing.
        raise SourceError(SOURCE, f"HTTP {response.status_code}: {response.text.strip()[:200]}")
    body = json_body(SOURCE, response.text)
    if not isinstance(body, dict):
        raise SourceError(SOURCE, "response is not a JSON object")
    return body


def parse_study(study: Any) -> Trial | None:
    """A card's fields from one study object (full or field-restricted); None when it has no NCT number."""
    if not isinstance(study, dict):
        return None
    protocol = _dict(study.get("protocolSection"))
    ident = _dict(protocol.get("identificationModule"))
    nct_id = _str(ident.get("nctId"))
    if not nct_id:
        return None
    status = _dict(protocol.get("statusModule"))
    design = _dict(protocol.get("designModule"))
    enrollment = _dict(design.get("enrollmentInfo"))
    sponsor = _dict(_dict(protocol.get("sponsorCollaboratorsModule")).get("leadSponsor"))
    arms = _dict(protocol.get("armsInterventionsModule"))
    has_results = study.get("hasResults")
    return Trial(
        nct_id=nct_id,
        title=_str(ident.get("briefTitle")) or _str(ident.get("officialTitle")) or nct_id,
        url=REGISTRY_URL.format(nct_id=nct_id),
        status=_str(status.get("overallStatus")),
        phases=[p for p in design.get("phases") or [] if isinstance(p, str)] if isinstance(design.get("phases"), list) else [],
        study_type=_str(design.get("studyType")),
        enrollment=_int(enrollment.get("count")),
        enrollment_type=_str(enrollment.get("type")),
        start_date=_str(_dict(status.get("startDateStruct")).get("date")),
        completion_date=_str(_dict(status.get("completionDateStruct")).get("date")),
        sponsor=_str(sponsor.get("name")),
        has_results=has_results if isinstance(has_results, bool) else None,
        conditions=_strings(_dict(protocol.get("conditionsModule")).get("conditions")),
        interventions=_strings([_dict(i).get("name") for i in arms.get("interventions") or []]
                               if isinstance(arms.get("interventions"), list) else []),
    )


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _strings(values: Any) -> list[str]:
    if not isinstance(values, list):
        return []
    return list(dict.fromkeys(v.strip() for v in values if isinstance(v, str) and v.strip()))
