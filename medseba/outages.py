"""Remember for a while that an external service failed, so a dead network does not slow every search.

Kept in the shared cache (Redis), so every web and worker process skips the service alike.
"""
from __future__ import annotations

import time

from django.core.cache import cache

_KEY = "medseba:unreachable:{service}"


def mark_unreachable(service: str, *, seconds: int) -> None:
    cache.set(_KEY.format(service=service), time.time(), seconds)


def unreachable_since(service: str) -> float | None:
    """When ``service`` last failed (epoch seconds), or None when it is not marked."""
    value = cache.get(_KEY.format(service=service))
    return None if value is None else float(value)


def clear(service: str) -> None:
    cache.delete(_KEY.format(service=service))


def not_asked(seconds: int) -> str:
    """Why a marked service was skipped. No relative time ("failed 61 s ago"): a stored result would repeat it
    forever; the failure's own timestamp says when."""
    return f"not asked: it could not be reached just before this search (it is tried again within {seconds} s)"
