"""Plain-text checks shared by every app that takes typed input (questions, usernames, folder names, notes)."""
from __future__ import annotations

import re
import unicodedata

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def has_control_characters(text: str, allowed: str = "\t\n\r") -> bool:
    """Whether ``text`` holds a control character (Unicode category Cc) other than those in ``allowed``."""
    return bool(_CONTROL.search(text)) or any(unicodedata.category(c) == "Cc" and c not in allowed for c in text)
