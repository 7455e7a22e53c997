"""Keep anonymous searches out of every log record, whichever logger or handler writes it.

An anonymous search's public id is a capability: whoever holds it can read the question until
the result expires. It travels in request paths (``/api/searches/<id>/`` for the API,
``/searches/<id>`` for the page), and Django's own loggers write those paths: ``django.request``
on every 4xx/5xx ("Not Found", "Gone", "Too Many Requests") and ``django.server`` on every
request under runserver. A filter on one handler was not enough: Django's default logging adds
its own console handler to the ``django`` logger in DEBUG, which printed the id beside the
redacted line. So the redaction happens where records are made:

* ``configure_logging`` (Django's LOGGING_CONFIG) installs a log-record factory that redacts the
  formatted message of every record in the process, before any filter or handler sees it;
* ``RedactAnonymousIds`` stays on the handlers and on Django's request loggers, where it also
  drops the ``request`` object Django attaches to the record (its repr names the path).
"""
from __future__ import annotations

import logging
import logging.config
import re
from typing import Any

# An anonymous search's public id is secrets.token_urlsafe(32): 43 URL-safe characters.
# (UUIDs of signed-in searches have 36 characters and are left alone.)
_ANON_ID = re.compile(r"(/searches/)[A-Za-z0-9_-]{40,}")
REDACTED = r"\1<anonymous>"


def redact(text: str) -> str:
    """``text`` with every anonymous search id in a path replaced by ``<anonymous>``."""
    return _ANON_ID.sub(REDACTED, text)


def redact_record(record: logging.LogRecord) -> logging.LogRecord:
    """Redact the record in place: its message (args folded in when it changes) and its request object."""
    try:
        message = record.getMessage()
    except Exception:  # a malformed log call: logging reports it later, as it always did
        return record
    redacted = redact(message)
    if redacted != message:
        record.msg, record.args = redacted, None
    request = getattr(record, "request", None)
    if request is not None and _ANON_ID.search(getattr(request, "path", "") or ""):
        del record.request  # Django's AdminEmailHandler copes with a record without one
    return record


class RedactAnonymousIds(logging.Filter):
    """Blank anonymous search ids in a record (e.g. Django's "Not Found: /api/searches/<id>/")."""

    def filter(self, record: logging.LogRecord) -> bool:
        redact_record(record)
        return True


_installed_factory: Any = None


def install_record_factory() -> None:
    """Make every LogRecord of this process redacted at creation (idempotent)."""
    global _installed_factory
    current = logging.getLogRecordFactory()
    if current is _installed_factory and current is not None:
        return

    def redacting_factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        return redact_record(current(*args, **kwargs))

    _installed_factory = redacting_factory
    logging.setLogRecordFactory(redacting_factory)


def configure_logging(logging_settings: dict[str, Any]) -> None:
    """Django's LOGGING_CONFIG: the project's dictConfig, with the redacting record factory installed first."""
    install_record_factory()
    logging.config.dictConfig(logging_settings)
