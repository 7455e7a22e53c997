"""Logging filters that keep anonymous searches out of the logs."""
from __future__ import annotations

import logging
import re

# An anonymous search's public id is secrets.token_urlsafe(32): 43 URL-safe characters.
_ANON_ID = re.compile(r"(/api/searches/)[A-Za-z0-9_-]{40,}")


class RedactAnonymousIds(logging.Filter):
    """Blank anonymous search ids in any log line (e.g. Django's "Not Found: /api/searches/<id>/")."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = _ANON_ID.sub(r"\1<anonymous>", message)
        if redacted != message:
            record.msg, record.args = redacted, None
        return True
