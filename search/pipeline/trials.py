"""Registered trials for the question: up to five ClinicalTrials.gov cards, fetched beside enrichment.

Why: published studies lag years behind trials that are running, or finished without a paper;
the cards say what is still being tested. The registry query comes from the frame: the
intervention (``query.intr``) and the condition (``query.cond``): a safety question's
population, else the first disease among the outcome words. A harm question's outcome is a
side effect, not the condition a trial treats, so it is never used as one.

Failing alone: an unreachable or broken registry becomes one Failure (source
``clinicaltrials``) and no cards; nothing else of the result changes. A registry that failed is
not asked again for ``DOWN_SECONDS``. Answers are cached in the shared cache (Redis, with a TTL)
for searches with a name; an anonymous search neither reads nor writes that cache, so it leaves
no trace of what it asked and its timing says nothing about what others asked.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache

from documents.sources.base import SourceError
from documents.sources.clinicaltrials import SOURCE, Trial, search_trials
from medseba.http import ServiceError
from medseba.outages import mark_unreachable, not_asked, unreachable_since

from .state import Failure, UnderstoodQuery, utc_timestamp

MAX_CARDS = 5
DOWN_SECONDS = 120
LABEL = "Trial registry unavailable"
_CACHE_KEY = "medseba:trials:v1:{digest}"
REGISTRY_SEARCH = "https://clinicaltrials.gov/search?"


@dataclass
class TrialQuery:
    """What the registry is asked: the frame's intervention, and a condition when the question names one."""

    intervention: str
    condition: str | None = None

    def params(self) -> dict[str, str]:
        return {"intr": self.intervention, **({"cond": self.condition} if self.condition else {})}


@dataclass
class TrialsFound:
    """The trial cards of one search (``trials`` in the result document)."""

    query: TrialQuery
    total: int | None
    studies: list[Trial] = field(default_factory=list)

    @property
    def url(self) -> str:
        """The same search on the registry's own site, for "see all N trials"."""
        return REGISTRY_SEARCH + urlencode(self.query.params())

    def to_dict(self) -> dict[str, Any]:
        return {"query": asdict(self.query), "total": self.total, "url": self.url,
                "studies": [t.to_dict() for t in self.studies]}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> "TrialsFound | None":
        if not data:
            return None
        return cls(query=TrialQuery(**data["query"]), total=data.get("total"),
                   studies=[Trial.from_dict(t) for t in data.get("studies") or []])


def trial_query(query: UnderstoodQuery | None) -> TrialQuery | None:
    """The registry query for a framed question; None when it names no intervention to look for."""
    if query is None:
        return None
    named = query.role_concepts("intervention")
    drugs = [c for c in named if c.kind == "drug"] or named
    intervention = drugs[0].text if drugs else query.frame.intervention
    if not intervention or not intervention.strip():
        return None
    roles = ("population",) if query.frame.kind in ("harm", "safety") else ("population", "outcome")
    diseases = [c for role in roles for c in query.role_concepts(role) if c.kind == "disease"]
    return TrialQuery(intervention=intervention.strip(), condition=diseases[0].text if diseases else None)


def find_trials(
    query: UnderstoodQuery | None, *, anonymous: bool, deadline: float | None = None
) -> tuple[TrialsFound | None, list[Failure]]:
    """Up to MAX_CARDS trials for the question, or (None, [failure]) when the registry let us down."""
    wanted = trial_query(query)
    if wanted is None:
        return None, []
    down_since = unreachable_since(SOURCE)
    if down_since is not None:
        failure = _failure(not_asked(DOWN_SECONDS))
        failure.at = utc_timestamp(down_since)
        return None, [failure]
    key = _CACHE_KEY.format(digest=hashlib.sha256(json.dumps(asdict(wanted), sort_keys=True).encode()).hexdigest())
    if not anonymous:
        cached = cache.get(key)
        if cached is not None:
            return TrialsFound.from_dict(cached), []
    try:
        page = search_trials(condition=wanted.condition, intervention=wanted.intervention, page_size=MAX_CARDS,
                             count_total=True, deadline=deadline)
    except SourceError as exc:
        cause = exc.__cause__
        if isinstance(cause, ServiceError) and cause.status is None:  # no answer at all, not an HTTP error
            mark_unreachable(SOURCE, seconds=DOWN_SECONDS)
        return None, [_failure(exc.message)]
    found = TrialsFound(query=wanted, total=page.total, studies=page.trials[:MAX_CARDS])
    if not anonymous:
        cache.set(key, found.to_dict(), settings.MEDSEBA_TRIALS_CACHE_SECONDS)
    return found, []


def _failure(error: str) -> Failure:
    return Failure(stage="enrich", source=SOURCE, error=f"{LABEL}: {error}")
