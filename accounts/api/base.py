"""What every accounts endpoint shares: session auth (401 when signed out), CSRF, throttles, error mapping."""
from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework import permissions
from rest_framework.authentication import SessionAuthentication
from rest_framework.views import APIView

from medseba.api.errors import ApiError
from medseba.api.serializers import ErrorSerializer
from medseba.api.throttling import READ_THROTTLES

from ..errors import InvalidInput, NotFound


class SessionAuth(SessionAuthentication):
    """Django's session cookie, CSRF-checked on every unsafe request (also signed-out ones: no login CSRF).

    DRF skips the CSRF check for anonymous requests; signing up or in from a forged form would
    otherwise log a victim into the attacker's account (and into their history). The
    ``WWW-Authenticate`` header makes DRF answer 401 (not 403) to a signed-out visitor.
    """

    def authenticate(self, request):
        result = super().authenticate(request)  # enforces CSRF when a session user is present
        if result is None:
            self.enforce_csrf(request)
        return result

    def authenticate_header(self, request) -> str:
        return 'Session realm="medseba"'


class AccountsApi(APIView):
    """Base view: signed-in users only; services' NotFound/InvalidInput become 404/400 in the one error shape."""

    authentication_classes = [SessionAuth]
    permission_classes = [permissions.IsAuthenticated]
    throttle_classes = READ_THROTTLES

    def handle_exception(self, exc: Exception):
        if isinstance(exc, NotFound):
            exc = ApiError(status_code=404, code="not_found", message=exc.message)
        elif isinstance(exc, InvalidInput):
            exc = ApiError(status_code=400, code="invalid", message=exc.message, fields={exc.field: [exc.message]})
        return super().handle_exception(exc)


def error_response(description: str, *examples: tuple[str, dict[str, Any]]) -> OpenApiResponse:
    return OpenApiResponse(
        ErrorSerializer, description=description,
        examples=[OpenApiExample(name, value={"error": value}) for name, value in examples],
    )


E401 = error_response(
    "Not signed in.",
    ("Signed out", {"code": "not_authenticated", "message": "Authentication credentials were not provided.", "fields": {}}),
)
E404 = lambda what: error_response(  # noqa: E731
    f"No such {what}, or it belongs to someone else.",
    ("Not found", {"code": "not_found", "message": f"No {what} with this id.", "fields": {}}),
)
E429 = OpenApiResponse(ErrorSerializer, description="Too many requests; see the Retry-After header.")


def invalid(field: str, message: str) -> tuple[str, dict[str, Any]]:
    return ("Invalid " + field, {"code": "invalid", "message": message, "fields": {field: [message]}})


class SessionAuthScheme(OpenApiAuthenticationExtension):
    """Documents ``SessionAuth`` in the OpenAPI schema as the session cookie (like DRF's own class)."""

    target_class = "accounts.api.base.SessionAuth"
    name = "sessionCookie"  # DRF's own class is "cookieAuth"; same cookie, plus CSRF on every write

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "cookie", "name": settings.SESSION_COOKIE_NAME}
