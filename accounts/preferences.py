"""Reading-mode preference of an account holder: read (with the default) and write.

Kept apart from ``services.py``/``selectors.py`` only because it is one small concern; the
functions follow the same style (keyword-only, typed, named <entity>_<action>).
"""
from __future__ import annotations

from typing import Any

from search.pipeline.state import DEFAULT_MODE, READING_MODES

from .errors import InvalidInput
from .models import Preference

assert tuple(Preference.ReadingMode.values) == READING_MODES, "one list of reading modes"


def reading_mode_get(*, user: Any) -> str | None:
    """The signed-in user's reading mode (the default until they chose one); None when nobody is signed in."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    mode = Preference.objects.filter(owner=user).values_list("reading_mode", flat=True).first()
    return mode or DEFAULT_MODE


def reading_mode_set(*, user: Any, mode: Any) -> str:
    """Remember ``mode`` for ``user`` (signed in); InvalidInput for anything but a known mode."""
    if mode not in READING_MODES:
        raise InvalidInput("reading_mode", f"Choose one of: {', '.join(READING_MODES)}.")
    Preference.objects.update_or_create(owner=user, defaults={"reading_mode": mode})
    return mode
