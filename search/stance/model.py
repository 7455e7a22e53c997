"""The stance classifier itself: fit, predict probabilities, save and load the artifact.

Two multinomial logistic regressions, one per input kind, because a full abstract and a
short evidence passage state a result differently: the abstract model (what the product
uses) reads TF-IDF n-grams of the negation-scoped conclusion and of the question, plus cue
counts and syntactic cues (negated or hedged main verb, question kind); the passage
model (claim + snippet, HealthVer-like) also uses sentence-embedding interactions.
Logistic regression keeps the artifact small and its probabilities usable as strengths.
"""
from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import joblib
import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from . import LABELS
from .features import Encoded, Pair, dense_features, is_full_abstract, lexical_features, lexical_size
from .negation import negation_scoped

ARTIFACT_FORMAT = 3
ABSTRACT = "abstract"
PASSAGE = "passage"


class StanceModelMissing(Exception):
    """No trained artifact at the configured path; run ``manage.py train_stance``."""


@dataclass
class ModelConfig:
    C: float = 3.0
    tfidf_max_features: int = 5000
    tfidf_min_df: int = 2
    tfidf_weight: float = 1.0
    # Scale of the standardised dense block next to TF-IDF: small, so ~60 cue counts
    # inform without outvoting the n-grams on a few hundred training abstracts.
    dense_weight: float = 0.05
    use_embeddings: bool = False
    negation_scope: bool = True
    # TF-IDF n-grams of the question itself ("really necessary?", "similar?") at this weight; 0 = off.
    question_tfidf_weight: float = 0.0
    class_weight: str | None = "balanced"
    seed: int = 13


# Chosen by 5-fold CV (PubMedQA stratified, HealthVer grouped by evidence passage); see stance.json.
ABSTRACT_CONFIG = ModelConfig(question_tfidf_weight=0.5)
PASSAGE_CONFIG = ModelConfig(C=0.05, tfidf_max_features=4000, tfidf_min_df=3, dense_weight=1.0, use_embeddings=True)


def kind_of(pair: Pair) -> str:
    return ABSTRACT if is_full_abstract(pair) else PASSAGE


@dataclass
class KindClassifier:
    """One logistic regression for one input kind."""

    config: ModelConfig = field(default_factory=ModelConfig)
    vectorizer: TfidfVectorizer | None = None
    question_vectorizer: TfidfVectorizer | None = None
    scaler: StandardScaler | None = None
    clf: LogisticRegression | None = None

    def _texts(self, pairs: Sequence[Pair]) -> list[str]:
        if self.config.negation_scope:
            return [negation_scoped(p.conclusion) for p in pairs]
        return [p.conclusion.lower() for p in pairs]

    def _dense(self, pairs: Sequence[Pair], encoded: Encoded | None, dense: np.ndarray | None) -> np.ndarray:
        if not self.config.use_embeddings:
            return dense[:, :lexical_size()] if dense is not None else lexical_features(pairs)
        if dense is not None:
            return dense
        if encoded is None:
            raise ValueError("this stance model needs sentence embeddings of the question and conclusion")
        return dense_features(pairs, encoded)

    def _matrix(self, pairs: Sequence[Pair], encoded: Encoded | None, dense: np.ndarray | None, *, fit: bool):
        values = self._dense(pairs, encoded, dense)
        texts = self._texts(pairs)
        questions = [p.question for p in pairs]  # the vectorizer lower-cases them
        if fit:
            self.scaler = StandardScaler().fit(values)
            self.vectorizer = TfidfVectorizer(
                ngram_range=(1, 2), min_df=self.config.tfidf_min_df, max_features=self.config.tfidf_max_features,
                sublinear_tf=True, token_pattern=r"\S+" if self.config.negation_scope else r"(?u)\b\w[\w'-]*\b",
            ).fit(texts)
            if self.config.question_tfidf_weight > 0:
                self.question_vectorizer = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True).fit(questions)
        assert self.scaler is not None and self.vectorizer is not None
        blocks = [sparse.csr_matrix(self.scaler.transform(values) * self.config.dense_weight)]
        if self.config.tfidf_weight > 0:
            blocks.append(self.vectorizer.transform(texts) * self.config.tfidf_weight)
        if self.question_vectorizer is not None:
            blocks.append(self.question_vectorizer.transform(questions) * self.config.question_tfidf_weight)
        return sparse.hstack(blocks, format="csr")

    def fit(self, pairs: Sequence[Pair], encoded: Encoded | None, labels: Sequence[str], *,
            dense: np.ndarray | None = None) -> KindClassifier:
        x = self._matrix(pairs, encoded, dense, fit=True)
        y = np.asarray([LABELS.index(label) for label in labels])
        self.clf = LogisticRegression(
            C=self.config.C, max_iter=3000, class_weight=self.config.class_weight, random_state=self.config.seed
        ).fit(x, y)
        return self

    def predict_proba(self, pairs: Sequence[Pair], encoded: Encoded | None, *,
                      dense: np.ndarray | None = None) -> np.ndarray:
        assert self.clf is not None
        proba = self.clf.predict_proba(self._matrix(pairs, encoded, dense, fit=False))
        out = np.zeros((len(pairs), len(LABELS)))
        out[:, self.clf.classes_] = proba
        return out


@dataclass
class StanceClassifier:
    """The abstract and passage models, with the embedding model they were trained on."""

    models: dict[str, KindClassifier] = field(default_factory=dict)
    embedding_model: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)

    def needs_embeddings(self, kind: str | None = None) -> bool:
        kinds = [kind] if kind else list(self.models)
        return any(self.models[k].config.use_embeddings for k in kinds if k in self.models)

    def fit_kind(self, kind: str, pairs: Sequence[Pair], encoded: Encoded | None, labels: Sequence[str], *,
                 config: ModelConfig, dense: np.ndarray | None = None) -> StanceClassifier:
        self.models[kind] = KindClassifier(config=config).fit(pairs, encoded, labels, dense=dense)
        return self

    def predict_proba(
        self, pairs: Sequence[Pair], encoded: Encoded | None = None, *, dense: np.ndarray | None = None,
        kind: str | None = None,
    ) -> np.ndarray:
        """(n, 3) probabilities in LABELS order; ``kind`` forces one model, else each pair's own kind decides."""
        if not self.models:
            raise StanceModelMissing("the stance classifier has not been trained")
        kinds = [kind or kind_of(p) for p in pairs]
        out = np.zeros((len(pairs), len(LABELS)))
        for k in set(kinds):
            model = self.models.get(k) or next(iter(self.models.values()))  # one-kind model: use what exists
            idx = np.asarray([i for i, x in enumerate(kinds) if x == k])
            sub_encoded = Encoded(encoded.question[idx], encoded.conclusion[idx]) if encoded is not None else None
            out[idx] = model.predict_proba([pairs[i] for i in idx], sub_encoded,
                                           dense=dense[idx] if dense is not None else None)
        return out

    # --- artifact -------------------------------------------------------------------------------
    def save(self, path: Path, *, run: dict[str, Any] | None = None) -> dict[str, Any]:
        """Write the joblib artifact and ``<name>.json`` metadata (with the artifact's sha256 as version).

        ``run`` (how long training took, where the data was) goes to the JSON only, so the
        same data and code give the same artifact bytes and the same version anywhere.
        """
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        for m in self.models.values():
            for vectorizer in (m.vectorizer, m.question_vectorizer):
                _drop_run_specific_state(vectorizer)
        buffer = io.BytesIO()
        joblib.dump(
            {
                "format": ARTIFACT_FORMAT,
                "embedding_model": self.embedding_model,
                "models": {k: {"config": asdict(m.config), "vectorizer": m.vectorizer,
                               "question_vectorizer": m.question_vectorizer, "scaler": m.scaler, "clf": m.clf}
                           for k, m in self.models.items()},
                "metadata": self.metadata,
            },
            buffer,
            compress=3,
        )
        return write_artifact(path, buffer.getvalue(), self.metadata, run)

    @classmethod
    def load(cls, path: Path) -> StanceClassifier:
        data, version = STANCE_ARTIFACT.read(path)
        models = {
            k: KindClassifier(config=ModelConfig(**m["config"]), vectorizer=m["vectorizer"],
                              question_vectorizer=m["question_vectorizer"], scaler=m["scaler"], clf=m["clf"])
            for k, m in data["models"].items()
        }
        model = cls(models=models, embedding_model=data["embedding_model"], metadata=dict(data["metadata"]))
        model.metadata["version"] = version
        return model

    @property
    def version(self) -> str:
        return str(self.metadata.get("version", "untrained"))


def _drop_run_specific_state(vectorizer: TfidfVectorizer | None) -> None:
    """Remove what sklearn keeps only for introspection or caching: a set pickled in hash order
    and a memory address. Kept, they change the artifact's bytes, hence its version, on every run."""
    if vectorizer is not None:
        vectorizer.stop_words_ = None
        vectorizer.__dict__.pop("_stop_words_id", None)


def metadata_path(path: Path) -> Path:
    return Path(path).with_suffix(".json")


def write_artifact(path: Path, blob: bytes, metadata: dict[str, Any], run: dict[str, Any] | None) -> dict[str, Any]:
    """Write a model's bytes and ``<name>.json`` beside them: its metadata, ``run`` details, sha256 version and size.

    One writer for every offline model, so each artifact's version means the same thing: the hash of its bytes.
    """
    path.write_bytes(blob)
    meta = dict(metadata) | (run or {})
    meta["version"] = artifact_version(blob)
    meta["bytes"] = len(blob)
    metadata_path(path).write_text(json.dumps(meta, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return meta


def artifact_version(blob: bytes) -> str:
    """An artifact's version: the first 12 hex digits of the sha256 of its bytes (written to its JSON, read on load)."""
    return hashlib.sha256(blob).hexdigest()[:12]


@dataclass(frozen=True)
class ArtifactKind:
    """One offline model's artifact: what it is called, the command that trains it, its format, its error.

    The stance classifier and the comparison model are found, refused and versioned by the same rules;
    this holds those rules once, so a missing or outdated file is refused in the same words everywhere.
    """

    name: str
    command: str
    format: int
    missing: type[Exception]

    def require(self, path: Path) -> Path:
        """``path`` when a file is there; else ``missing``, naming the command that trains one."""
        path = Path(path)
        if not path.exists():
            raise self.missing(
                f"no {self.name} model at {path}; train it with `python manage.py {self.command} --out {path}`")
        return path

    def read(self, path: Path) -> tuple[dict[str, Any], str]:
        """The artifact's joblib payload and its version; ``missing`` when absent or of another format."""
        blob = self.require(path).read_bytes()
        data = joblib.load(io.BytesIO(blob))
        if data.get("format") != self.format:
            raise self.missing(
                f"{self.name} model at {path} has format {data.get('format')}, expected {self.format}; "
                f"retrain with `python manage.py {self.command}`")
        return data, artifact_version(blob)


STANCE_ARTIFACT = ArtifactKind("stance", "train_stance", ARTIFACT_FORMAT, StanceModelMissing)
