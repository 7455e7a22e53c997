"""One labelled (question, text, stance) example and the JSON Lines reader: the leaf that ``data`` and ``titles``
both build on (``data`` hands corpus files to ``titles``, so ``titles`` must not import ``data``)."""
from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Example:
    question: str
    text: str
    label: str
    dataset: str
    key: str


def iter_jsonl(path: Path) -> Iterator[dict]:
    """The rows of a JSON Lines file, gzip-compressed or not, read one at a time."""
    opener = gzip.open if Path(path).suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)
