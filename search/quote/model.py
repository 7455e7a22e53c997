"""The learned sentence scorer: a logistic regression over ``features.FEATURES``, stored as rounded JSON.

Why JSON and not a pickle: the model is 36 weights, a mean and a scale per feature; rounded to
6 significant digits they are the same bytes for the same training data on any machine (the
version is the file's SHA-256), they load without unpickling code, and a reviewer can read them.
How long training took and where the data was go to a separate ``*.run.json`` so they do not
change the artifact.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .features import FEATURES

ARTIFACT_FORMAT = "medseba-sentence-scorer-1"
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "sentence_model" / "scorer.json"
DIGITS = 6


def _round(values: np.ndarray | float) -> Any:
    """Numbers rounded to DIGITS significant digits, as plain Python floats (stable JSON text)."""
    array = np.atleast_1d(np.asarray(values, dtype=np.float64))
    rounded = [float(f"{v:.{DIGITS}g}") for v in array]
    return rounded if np.ndim(values) else rounded[0]


def run_path(path: Path) -> Path:
    """Where the run details (seconds, data folder) of the artifact at ``path`` are written."""
    return path.with_name(path.stem + ".run.json")


@dataclass
class SentenceScorer:
    """Score = logit of "this sentence is the annotated evidence", from standardised feature rows."""

    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    features: tuple[str, ...] = FEATURES
    metadata: dict[str, Any] = field(default_factory=dict)
    version: str = "untrained"

    def score(self, rows: np.ndarray) -> np.ndarray:
        """One score per row (higher answers better); only the order within an abstract is used."""
        if rows.shape[1] != len(self.coef):
            raise ValueError(f"sentence scorer expects {len(self.coef)} features, got {rows.shape[1]}")
        return ((rows - self.mean) / self.scale) @ self.coef + self.intercept

    def to_json(self) -> str:
        body = {
            "format": ARTIFACT_FORMAT,
            "features": list(self.features),
            "mean": _round(self.mean),
            "scale": _round(self.scale),
            "coef": _round(self.coef),
            "intercept": _round(float(self.intercept)),
            "metadata": self.metadata,
        }
        return json.dumps(body, indent=1, sort_keys=True) + "\n"

    def save(self, path: Path, *, run: dict[str, Any] | None = None) -> dict[str, Any]:
        """Write the artifact, and its run details next to it; returns metadata + version + bytes."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        blob = self.to_json().encode("utf-8")
        path.write_bytes(blob)
        version = hashlib.sha256(blob).hexdigest()[:12]
        info = {"version": version, "bytes": len(blob), **(run or {})}
        run_path(path).write_text(json.dumps(info, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        self.version = version
        return {**self.metadata, **info}

    @classmethod
    def load(cls, path: Path) -> SentenceScorer:
        blob = Path(path).read_bytes()
        data = json.loads(blob)
        if data.get("format") != ARTIFACT_FORMAT:
            raise ValueError(f"{path}: not a sentence scorer ({data.get('format')!r})")
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"{path}: trained on other features; retrain with manage.py train_sentence")
        return cls(
            mean=np.asarray(data["mean"], dtype=np.float64),
            scale=np.asarray(data["scale"], dtype=np.float64),
            coef=np.asarray(data["coef"], dtype=np.float64),
            intercept=float(data["intercept"]),
            metadata=data.get("metadata") or {},
            version=hashlib.sha256(blob).hexdigest()[:12],
        )


@lru_cache(maxsize=4)
def _load_cached(path: str, mtime: float) -> SentenceScorer:
    return SentenceScorer.load(Path(path))


def get_scorer(path: Path | None = None) -> SentenceScorer:
    """The shipped scorer (loaded once per process; a retrained file is picked up by its new mtime)."""
    target = Path(path) if path is not None else DEFAULT_PATH
    return _load_cached(str(target), target.stat().st_mtime)
