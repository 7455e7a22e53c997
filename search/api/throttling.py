"""Throttles: per IP for anonymous visitors, per account for signed-in users.

Rates are read from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] at request time (DRF's
own classes freeze them at import), so an environment or a test can change them.
"""
from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

from search.store import search_ref


class _LiveRate:
    scope: str

    def get_rate(self) -> str | None:
        return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get(self.scope)

    def allow_request(self, request, view) -> bool:
        # Re-read the rate on every request (DRF parses it once in __init__).
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


class ApiAnonThrottle(_LiveRate, AnonRateThrottle):
    scope = "anon"


class ApiUserThrottle(_LiveRate, UserRateThrottle):
    scope = "user"


class SearchAnonThrottle(_LiveRate, AnonRateThrottle):
    """Starting searches costs CPU: a tighter rate than reading."""

    scope = "search_anon"


class SearchUserThrottle(_LiveRate, UserRateThrottle):
    scope = "search_user"


class SearchProgressThrottle(_LiveRate, SimpleRateThrottle):
    """Reads of a search that is still running, counted per search (not per reader, not as reads).

    Following a search is not browsing: 50 people behind one hospital address following 10
    searches must not use up that address's read budget (``anon``), nor block each other's CSRF
    and history reads. The load stays bounded: each running search allows this many reads a
    minute in all, running searches are bounded by the search throttles and end within minutes,
    and a finished search's reads count as reads again. Keyed by the internal reference (the
    sha256 for anonymous searches), as the stores are, so no public id reaches a cache key.
    """

    scope = "progress"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": search_ref(view.kwargs["search_id"])}


READ_THROTTLES = [ApiAnonThrottle, ApiUserThrottle]
SEARCH_THROTTLES = [SearchAnonThrottle, SearchUserThrottle]
