"""Middleware that answers oversized request bodies before any view or parser reads them.

Django raises ``RequestDataTooBig`` only when something reads a body over
``DATA_UPLOAD_MAX_MEMORY_SIZE``; inside a DRF view that surfaced as a 500 with a traceback
(and the debug page in development), and outside one Django logs it at ERROR. A body whose
declared ``Content-Length`` is over the limit is refused here with 413 and the API's error
shape, logged once at WARNING by Django's request logger like any other 4xx.
"""
from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse

from medseba.api.errors import error_body, too_large_message


def too_large_response(request: HttpRequest, limit: int) -> HttpResponse:
    """413 in the API's JSON shape under /api/, plain text elsewhere."""
    message = too_large_message(limit)
    if request.path.startswith("/api/"):
        return JsonResponse(error_body("too_large", message), status=413)
    return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


class RequestBodyLimitMiddleware:
    """413 for a declared body over the limit (file uploads outside /api/ are left to Django's own limits)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE  # Django's own limit: one source of truth
        if limit is not None and self._declared_length(request) > limit:
            multipart = request.content_type == "multipart/form-data"
            if request.path.startswith("/api/") or not multipart:
                return too_large_response(request, limit)
        return self.get_response(request)

    @staticmethod
    def _declared_length(request: HttpRequest) -> int:
        try:
            return int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return 0
