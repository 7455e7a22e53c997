"""Every LLM prompt lives in this package (one module per task); results store PROMPT_VERSION.

The version is a short hash of the prompt modules' source, so any wording change gives
results a new version without anyone remembering to bump a number.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def prompt_version() -> str:
    digest = hashlib.sha256()
    for path in sorted(_HERE.glob("*.py")):
        if path.name != "__init__.py":
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
