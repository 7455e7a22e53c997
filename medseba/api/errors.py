"""One error shape for every API 4xx/5xx: ``{"error": {"code", "message", "fields"}}``.

``api_exception_handler`` is DRF's EXCEPTION_HANDLER (keeps DRF's headers such as
Retry-After on 429); ``api_400`` / ``api_404`` / ``api_500`` are Django's handler400/404/500, answering
JSON under /api/ and deferring to Django's pages elsewhere. No stack trace ever reaches a
client outside DEBUG. ``ApiError`` is an error a view raises on purpose; ``InvalidInput`` is the
services' bad-input error (field + message) that views turn into a 400.
"""
from __future__ import annotations

import logging
import sys
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, RequestDataTooBig, SuspiciousOperation
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)


class ApiError(exceptions.APIException):
    """An API error with an explicit status, code and message (e.g. 410 expired, 503 unreachable)."""

    def __init__(self, *, status_code: int, code: str, message: str, fields: dict[str, list[str]] | None = None):
        super().__init__(detail=message, code=code)
        self.status_code = status_code
        self.code = code
        self.message = message
        self.fields = fields or {}


class InvalidInput(ValueError):
    """Bad input; ``field`` names what is wrong, the message says how to fix it."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def error_body(code: str, message: str, fields: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def too_large_message(limit: int | None) -> str:
    """The 413 text; ``limit`` is Django's DATA_UPLOAD_MAX_MEMORY_SIZE."""
    return f"The request body is larger than the {limit or 0:,} bytes this server accepts."


def _flatten(detail: Any) -> list[str]:
    if isinstance(detail, dict):
        return [m for v in detail.values() for m in _flatten(v)]
    if isinstance(detail, list):
        return [m for v in detail for m in _flatten(v)]
    return [str(detail)]


def _fields(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Serializer errors as {"field": [messages]}; nested fields by their own name (filters.from_year -> from_year)."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = str(key)
            if isinstance(value, dict):
                out.update(_fields(value, name))
            else:
                out[name] = _flatten(value)
    elif detail:
        out[prefix or "non_field_errors"] = _flatten(detail)
    return out


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> HttpResponse | None:
    from medseba import db_outage  # imports this module's error_body

    if db_outage.is_database_outage(exc):  # PostgreSQL away: 503 + Retry-After, not a 500
        return db_outage.outage_response(context["request"], exc)
    if isinstance(exc, ApiError):
        return Response(error_body(exc.code, exc.message, exc.fields), status=exc.status_code)
    if isinstance(exc, RequestDataTooBig):
        # Bad input, not our failure: 413, logged by Django's request logger at WARNING only.
        return Response(error_body("too_large", too_large_message(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)), status=413)
    if isinstance(exc, SuspiciousOperation):  # e.g. TooManyFieldsSent: what Django itself answers with 400
        return Response(error_body("bad_request", "The request could not be read."), status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        # Unexpected: log it with the traceback, answer without one.
        logger.exception("unhandled API error in %s", context.get("view").__class__.__name__)
        if settings.DEBUG:
            return None  # Django's debug page
        return Response(error_body("server_error", "Something went wrong on our side. Please try again."), status=500)
    code = getattr(exc, "default_code", "error")
    if isinstance(exc, exceptions.ValidationError):
        fields = _fields(exc.detail)
        first = next(iter(fields.values()), ["Invalid input."])[0]
        response.data = error_body("invalid", first, fields)
    elif isinstance(exc, exceptions.Throttled):
        wait = exc.wait
        message = "Too many requests." + (f" Please wait {int(wait + 0.999)} seconds." if wait else "")
        response.data = error_body("throttled", message)
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else code
        response.data = error_body(codes if isinstance(codes, str) else code, " ".join(_flatten(detail)))
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def api_404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(error_body("not_found", f"No API endpoint at {request.path}."), status=404)
    return defaults.page_not_found(request, exception)


def api_400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Django's handler400 (a SuspiciousOperation outside DRF, e.g. too many form fields): JSON under /api/."""
    if _is_api(request):
        if isinstance(exception, RequestDataTooBig):
            message = too_large_message(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
            return JsonResponse(error_body("too_large", message), status=413)
        return JsonResponse(error_body("bad_request", "The request could not be read."), status=400)
    return defaults.bad_request(request, exception)


def api_500(request: HttpRequest) -> HttpResponse:
    from medseba import db_outage

    raised = sys.exc_info()[1]  # Django calls handler500 inside its except block
    if db_outage.is_database_outage(raised):  # e.g. a middleware saving the session while PostgreSQL is away
        return db_outage.outage_response(request, raised)
    if _is_api(request):
        return JsonResponse(error_body("server_error", "Something went wrong on our side. Please try again."), status=500)
    return defaults.server_error(request)

