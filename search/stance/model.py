"""The stance classifier itself: fit, predict probabilities, save and load the artifact.

A multinomial logistic regression over scaled dense features (cues + embedding
interactions) and TF-IDF n-grams of the conclusion. Logistic regression keeps the
artifact small and its probabilities usable as strengths.
"""
from __future__ import annotations

import hashlib
import io
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

import joblib
import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from . import LABELS
from .features import Encoded, Pair, dense_features, is_full_abstract

ARTIFACT_FORMAT = 1


class StanceModelMissing(Exception):
    """No trained artifact at the configured path; run ``manage.py train_stance``."""


@dataclass
class ModelConfig:
    C: float = 0.05
    tfidf_max_features: int = 4000
    tfidf_weight: float = 1.0
    class_weight: str | None = None
    # Feature augmentation by input kind (Daume III, 2007): every feature also gets an
    # "abstract" copy and a "passage" copy, so full abstracts and short evidence snippets
    # can weigh cues differently while sharing what holds for both.
    domain_augment: bool = True
    seed: int = 13


@dataclass
class StanceClassifier:
    config: ModelConfig = field(default_factory=ModelConfig)
    embedding_model: str = ""
    vectorizer: TfidfVectorizer | None = None
    scaler: StandardScaler | None = None
    clf: LogisticRegression | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def _matrix(
        self, pairs: Sequence[Pair], encoded: Encoded, *, fit: bool, dense: np.ndarray | None = None
    ) -> sparse.csr_matrix:
        if dense is None:
            dense = dense_features(pairs, encoded)
        conclusions = [p.conclusion for p in pairs]
        if fit:
            self.scaler = StandardScaler().fit(dense)
            self.vectorizer = TfidfVectorizer(
                ngram_range=(1, 2), min_df=3, max_features=self.config.tfidf_max_features,
                sublinear_tf=True, token_pattern=r"(?u)\b\w[\w'-]*\b",
            ).fit(conclusions)
        assert self.scaler is not None and self.vectorizer is not None
        blocks = [sparse.csr_matrix(self.scaler.transform(dense))]
        if self.config.tfidf_weight > 0:
            blocks.append(self.vectorizer.transform(conclusions) * self.config.tfidf_weight)
        x = sparse.hstack(blocks, format="csr")
        if not self.config.domain_augment:
            return x
        is_abstract = sparse.diags(np.asarray([float(is_full_abstract(p)) for p in pairs]))
        return sparse.hstack([x, is_abstract @ x, (sparse.identity(len(pairs)) - is_abstract) @ x], format="csr")

    def fit(
        self, pairs: Sequence[Pair], encoded: Encoded, labels: Sequence[str], *, dense: np.ndarray | None = None
    ) -> "StanceClassifier":
        """Train; ``dense`` lets cross-validation compute dense_features once for all folds."""
        x = self._matrix(pairs, encoded, fit=True, dense=dense)
        y = np.asarray([LABELS.index(label) for label in labels])
        self.clf = LogisticRegression(
            C=self.config.C, max_iter=3000, class_weight=self.config.class_weight, random_state=self.config.seed
        ).fit(x, y)
        return self

    def predict_proba(
        self, pairs: Sequence[Pair], encoded: Encoded, *, dense: np.ndarray | None = None
    ) -> np.ndarray:
        """(n, 3) probabilities in LABELS order (supports, refutes, neutral)."""
        if self.clf is None:
            raise StanceModelMissing("the stance classifier has not been trained")
        proba = self.clf.predict_proba(self._matrix(pairs, encoded, fit=False, dense=dense))
        out = np.zeros((len(pairs), len(LABELS)))
        out[:, self.clf.classes_] = proba
        return out

    # --- artifact -------------------------------------------------------------------------------
    def save(self, path: Path) -> dict[str, Any]:
        """Write the joblib artifact and ``<name>.json`` metadata (with the artifact's sha256 as version)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        joblib.dump(
            {
                "format": ARTIFACT_FORMAT,
                "config": asdict(self.config),
                "embedding_model": self.embedding_model,
                "vectorizer": self.vectorizer,
                "scaler": self.scaler,
                "clf": self.clf,
                "metadata": self.metadata,
            },
            buffer,
            compress=3,
        )
        blob = buffer.getvalue()
        path.write_bytes(blob)
        meta = dict(self.metadata)
        meta["version"] = hashlib.sha256(blob).hexdigest()[:12]
        meta["bytes"] = len(blob)
        metadata_path(path).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return meta

    @classmethod
    def load(cls, path: Path) -> "StanceClassifier":
        path = Path(path)
        if not path.exists():
            raise StanceModelMissing(
                f"no stance model at {path}; train it with `python manage.py train_stance --out {path}`"
            )
        blob = path.read_bytes()
        data = joblib.load(io.BytesIO(blob))
        if data.get("format") != ARTIFACT_FORMAT:
            raise StanceModelMissing(f"stance model at {path} has format {data.get('format')}, expected {ARTIFACT_FORMAT}")
        model = cls(
            config=ModelConfig(**data["config"]),
            embedding_model=data["embedding_model"],
            vectorizer=data["vectorizer"],
            scaler=data["scaler"],
            clf=data["clf"],
            metadata=dict(data["metadata"]),
        )
        model.metadata["version"] = hashlib.sha256(blob).hexdigest()[:12]
        return model

    @property
    def version(self) -> str:
        return str(self.metadata.get("version", "untrained"))


def metadata_path(path: Path) -> Path:
    return Path(path).with_suffix(".json")
