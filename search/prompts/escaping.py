"""Abstract text goes into prompts as data: it must not be able to open or close a <study> element."""
from __future__ import annotations

import re

ELEMENT = re.compile(r"<\s*/?\s*(?:study|studies|question)\b[^>]*>?", re.IGNORECASE)
ATTRIBUTE_UNSAFE = re.compile(r"[\"<>]")


def as_data(text: str | None, limit: int) -> str:
    """Quoted text that cannot break out of its <study> element, cut at a word boundary near ``limit``."""
    text = ELEMENT.sub(" ", re.sub(r"\s+", " ", text or "")).strip()
    return text if len(text) <= limit else text[:limit].rsplit(" ", 1)[0] + " …"
