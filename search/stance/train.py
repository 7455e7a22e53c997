"""Train the offline stance classifier on the shared dev sets, and cross-validate it.

Used by ``manage.py train_stance`` (fit on everything, save the artifact) and
``manage.py evaluate stance`` (stratified k-fold on one set, training on the other folds
plus the other sets, so no figure is measured on a training example).
"""
from __future__ import annotations

import platform
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

import numpy as np
import sklearn
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score, precision_recall_fscore_support
from sklearn.model_selection import StratifiedKFold

from search import embeddings

from . import LABELS
from .data import Example, load_all
from .features import Encoded, Pair, dense_features, encode_pairs, make_pair
from .model import ModelConfig, StanceClassifier

SEED = 13
# Evidence Inference (effect / no-effect RCT prompts) is loadable but off: its label mapping was not validated by CV in time.
USE_EVIDENCE_INFERENCE = False


@dataclass
class Prepared:
    """Examples with everything expensive (conclusions, embeddings, dense features) computed once."""

    examples: list[Example]
    pairs: list[Pair]
    encoded: Encoded
    dense: np.ndarray

    @property
    def labels(self) -> list[str]:
        return [e.label for e in self.examples]

    def take(self, index: Sequence[int]) -> "Prepared":
        idx = np.asarray(index, dtype=int)
        return Prepared(
            examples=[self.examples[i] for i in idx],
            pairs=[self.pairs[i] for i in idx],
            encoded=Encoded(self.encoded.question[idx], self.encoded.conclusion[idx]),
            dense=self.dense[idx],
        )


def prepare(examples: list[Example]) -> Prepared:
    pairs = [make_pair(e.question, e.text) for e in examples]
    encoded = encode_pairs(pairs, embeddings.encode)
    return Prepared(examples=examples, pairs=pairs, encoded=encoded, dense=dense_features(pairs, encoded))


def concat(parts: Sequence[Prepared]) -> Prepared:
    return Prepared(
        examples=[e for p in parts for e in p.examples],
        pairs=[x for p in parts for x in p.pairs],
        encoded=Encoded(np.vstack([p.encoded.question for p in parts]), np.vstack([p.encoded.conclusion for p in parts])),
        dense=np.vstack([p.dense for p in parts]),
    )


def fit(data: Prepared, config: ModelConfig | None = None) -> StanceClassifier:
    model = StanceClassifier(config=config or ModelConfig(seed=SEED), embedding_model=embeddings.model_name())
    return model.fit(data.pairs, data.encoded, data.labels, dense=data.dense)


def train(*, data_dir: Path, out: Path, config: ModelConfig | None = None) -> dict[str, Any]:
    """Fit on every shared dev set and save the artifact with its metadata; returns the metadata."""
    started = time.perf_counter()
    sets = load_all(data_dir, evidence_inference=USE_EVIDENCE_INFERENCE)
    data = concat([prepare(examples) for examples in sets.values()])
    model = fit(data, config)
    counts = {name: {label: sum(e.label == label for e in exs) for label in LABELS} for name, exs in sets.items()}
    model.metadata = {
        "trained_on": counts,
        "examples": len(data.examples),
        "data_dir": str(data_dir),
        "config": asdict(model.config),
        "embedding_model": model.embedding_model,
        "features": {"dense": int(data.dense.shape[1]), "tfidf": len(model.vectorizer.vocabulary_)},
        "labels": list(LABELS),
        "sklearn": sklearn.__version__,
        "python": platform.python_version(),
        "train_seconds": round(time.perf_counter() - started, 1),
    }
    return model.save(out)


def figures(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, Any]:
    """n, accuracy, macro-F1, per-class P/R/F1 and the confusion matrix (rows gold, columns predicted)."""
    p, r, f, support = precision_recall_fscore_support(gold, predicted, labels=list(LABELS), zero_division=0)
    return {
        "n": len(gold),
        "accuracy": round(float(accuracy_score(gold, predicted)), 4),
        "macro_f1": round(float(f1_score(gold, predicted, labels=list(LABELS), average="macro", zero_division=0)), 4),
        "per_class": {
            label: {"precision": round(float(p[i]), 4), "recall": round(float(r[i]), 4), "f1": round(float(f[i]), 4),
                    "support": int(support[i])}
            for i, label in enumerate(LABELS)
        },
        "confusion_matrix": {
            "labels": list(LABELS),
            "rows_gold_columns_predicted": confusion_matrix(gold, predicted, labels=list(LABELS)).tolist(),
        },
    }


def cross_validate(
    target: Prepared, others: Sequence[Prepared], *, folds: int = 5, config: ModelConfig | None = None
) -> list[str]:
    """Out-of-fold predictions for ``target``: each fold predicted by a model that never saw it."""
    labels = np.asarray(target.labels)
    predicted = np.empty(len(labels), dtype=object)
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=SEED)
    for train_idx, test_idx in splitter.split(np.zeros(len(labels)), labels):
        model = fit(concat([target.take(train_idx), *others]), config)
        held_out = target.take(test_idx)
        proba = model.predict_proba(held_out.pairs, held_out.encoded, dense=held_out.dense)
        predicted[test_idx] = [LABELS[i] for i in proba.argmax(axis=1)]
    return list(predicted)
