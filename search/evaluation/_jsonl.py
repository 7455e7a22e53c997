"""The one reader of hand-labelled JSON Lines files for the evaluations (scope, design): numbered rows, clear errors."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def numbered_rows(path: Path, *, expects: str) -> Iterator[tuple[int, Any]]:
    """(line number, parsed row) for each non-blank line; a folder or a line that is not JSON raises ValueError.

    ``expects`` names the objects a line should hold, for the message when a folder is given.
    """
    if path.is_dir():
        raise ValueError(f"{path} is a folder; pass a JSON Lines file of {expects} objects")
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path} line {number} is not JSON ({exc.msg})") from exc
