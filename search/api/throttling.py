"""The searches' own throttles: starting a search, and following one that is still running.

Built on medseba/api/throttling.py (rates read at request time; the read throttles live there).
"""
from __future__ import annotations

from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

from medseba.api.throttling import LiveRate
from search.store import search_ref


class SearchAnonThrottle(LiveRate, AnonRateThrottle):
    """Starting searches costs CPU: a tighter rate than reading."""

    scope = "search_anon"


class SearchUserThrottle(LiveRate, UserRateThrottle):
    scope = "search_user"


class SearchProgressThrottle(LiveRate, SimpleRateThrottle):
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


SEARCH_THROTTLES = [SearchAnonThrottle, SearchUserThrottle]
