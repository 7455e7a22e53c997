"""Search ids: the public id a client sees and the internal reference tasks, logs and Redis keys see.

An ordinary search's id is its UUID, both ways. An anonymous search's public id is an unguessable
token (a capability: its URL is the only way to the result); internally it is known only by the
sha256 of that token.
"""
from __future__ import annotations

import hashlib
import re
import secrets

ANONYMOUS_KEY_PREFIX = "medseba:anon:"
_ANON_ID = re.compile(r"^[A-Za-z0-9_-]{43}$")  # secrets.token_urlsafe(32): the public id, a capability
_ANON_REF = re.compile(r"^[0-9a-f]{64}$")  # sha256 of it: the internal reference tasks and logs see


def new_anonymous_id() -> str:
    return secrets.token_urlsafe(32)


def is_anonymous_id(search_id: str) -> bool:
    return bool(_ANON_ID.match(search_id or ""))


def search_ref(public_id: str) -> str:
    """Internal reference for a public id: the UUID itself, or the sha256 of an anonymous id.

    Tasks, logs and Redis keys only ever see the hash, so reading a worker log never gives
    access to an anonymous result (its URL needs the unhashed token).
    """
    if is_anonymous_id(public_id):
        return hashlib.sha256(public_id.encode()).hexdigest()
    return str(public_id)


def is_anonymous_ref(ref: str) -> bool:
    return bool(_ANON_REF.match(ref or ""))
