"""One loaded copy per process of a trained artifact, loaded again only when its file changes.

The stance classifier and the comparison model are read from disk on first use; a retrain
(``manage.py train_stance`` / ``train_comparison``) replaces the file, and the next search picks
it up without a restart because the cache key carries the file's modification time.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

T = TypeVar("T")


class ArtifactCache(Generic[T]):
    """Holds the last artifact loaded by ``load(path)``, keyed by (path, mtime)."""

    def __init__(self, load: Callable[[Path], T]) -> None:
        self._load = load
        self._lock = threading.Lock()
        self._loaded: dict[tuple[str, float], T] = {}

    def get(self, path: Path) -> T:
        key = (str(path), path.stat().st_mtime)
        with self._lock:
            item = self._loaded.get(key)
            if item is None:
                item = self._load(path)
                self._loaded.clear()
                self._loaded[key] = item
        return item
