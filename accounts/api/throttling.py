"""The login throttle: password guesses are limited per client IP (scope "login", MEDSEBA_THROTTLE_LOGIN).

Applied to every endpoint that checks a password (log in, change password, delete account),
so a stolen session cannot be used to guess the password either.
"""
from __future__ import annotations

from rest_framework.throttling import SimpleRateThrottle

from medseba.api.throttling import LiveRate


class LoginThrottle(LiveRate, SimpleRateThrottle):
    scope = "login"

    def get_cache_key(self, request, view) -> str | None:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return None  # reading who is signed in is not a guess
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}
