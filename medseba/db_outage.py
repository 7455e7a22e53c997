"""A database that went away answers 503 with Retry-After and the API's error shape, never a 500.

PostgreSQL restarting, failing over or refusing connections is a moment to wait, not a bug of
ours: the client is told to come back (``Retry-After``), the front end's retry honours it, and
the log gets one WARNING line naming the error class and SQLSTATE, not a traceback per request.
Three places answer it, because Django and DRF route an exception differently:

- ``medseba.api.errors.api_exception_handler`` for exceptions inside DRF views (both modes);
- :class:`DatabaseOutageMiddleware` for other views, and for DRF views in DEBUG, where the
  handler leaves unexpected errors to Django;
- ``medseba.api.errors.api_500`` (Django's handler500) for one raised in a middleware, such as the
  session being saved after the view.

Only connection-level failures count: a deadlock or a constraint error is a 500 (or is retried
where it is written, see ``medseba/db.py``), since waiting would not help.
"""
from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse

from medseba.db import sqlstate

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
MESSAGE = "The database is unavailable for a moment. Please try again in a few seconds."
# SQLSTATEs that mean "the server is not there for you right now": connection exception class,
# shutting down / crashed / starting up, too many connections.
_OUTAGE_STATES = frozenset({"57P01", "57P02", "57P03", "53300"})


def is_database_outage(exc: BaseException | None) -> bool:
    """True when ``exc`` says the database cannot be reached (no SQLSTATE at all: the connection never
    happened or was lost), not that a statement failed."""
    if not isinstance(exc, (OperationalError, InterfaceError)):
        return False
    state = sqlstate(exc)
    return state is None or state.startswith("08") or state in _OUTAGE_STATES


def outage_response(request: HttpRequest, exc: BaseException) -> HttpResponse:
    """503 + Retry-After; JSON in the one error shape under /api/, plain text elsewhere."""
    from medseba.api.errors import error_body  # medseba.api.errors imports this module lazily too

    logger.warning("database unavailable (%s, SQLSTATE %s): answering 503", type(exc).__name__, sqlstate(exc))
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(error_body("unavailable", MESSAGE), status=503)
    else:
        response = HttpResponse(MESSAGE, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class DatabaseOutageMiddleware:
    """Turns a view's database outage into :func:`outage_response` (DEBUG included: no debug page)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return outage_response(request, exception) if is_database_outage(exception) else None
