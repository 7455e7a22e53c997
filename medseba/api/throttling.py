"""Throttles: per IP for anonymous visitors, per account for signed-in users.

Rates are read from settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] at request time (DRF's
own classes freeze them at import), so an environment or a test can change them. Feature apps
build their own scopes on :class:`LiveRate` (search/api/throttling.py, accounts/api/throttling.py).
"""
from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class LiveRate:
    """Mixin for a DRF throttle: its rate is looked up by ``scope`` on every request."""

    scope: str

    def get_rate(self) -> str | None:
        return settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}).get(self.scope)

    def allow_request(self, request, view) -> bool:
        # Re-read the rate on every request (DRF parses it once in __init__).
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)


class ApiAnonThrottle(LiveRate, AnonRateThrottle):
    scope = "anon"


class ApiUserThrottle(LiveRate, UserRateThrottle):
    scope = "user"


READ_THROTTLES = [ApiAnonThrottle, ApiUserThrottle]
