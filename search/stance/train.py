"""Train the offline stance classifier on the shared dev sets, and cross-validate it.

Used by ``manage.py train_stance`` (fit on everything, save the artifact) and
``manage.py evaluate stance`` (k-fold on one set, so no figure is measured on a training
example). Abstract sets (PubMedQA) train the abstract model, passage sets (HealthVer) the
passage model; pooling them drowned the 500 abstracts in 1,917 short snippets.
"""
from __future__ import annotations

import platform
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import sklearn
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score, precision_recall_fscore_support
from sklearn.model_selection import StratifiedGroupKFold, StratifiedKFold

from search import embeddings

from . import LABELS, syntax
from .data import EVIDENCE_INFERENCE, PUBMEDQA, TITLES, Example, load_all
from .features import Encoded, Pair, dense_features, encode_pairs, make_pair
from .model import ABSTRACT, ABSTRACT_CONFIG, PASSAGE, PASSAGE_CONFIG, ModelConfig, StanceClassifier

SEED = 13
# Evidence Inference (effect / no-effect RCT prompts) is loadable but off: its label mapping was not validated by CV in time.
USE_EVIDENCE_INFERENCE = False
ABSTRACT_SETS = frozenset({PUBMEDQA, EVIDENCE_INFERENCE, TITLES})


def kind_for(dataset: str) -> str:
    """Which model a training set teaches: full abstracts or short evidence passages."""
    return ABSTRACT if dataset in ABSTRACT_SETS else PASSAGE


@dataclass
class Prepared:
    """Examples with everything expensive (conclusions, embeddings, dense features) computed once."""

    examples: list[Example]
    pairs: list[Pair]
    encoded: Encoded | None
    dense: np.ndarray

    @property
    def labels(self) -> list[str]:
        return [e.label for e in self.examples]

    def take(self, index: Sequence[int]) -> Prepared:
        idx = np.asarray(index, dtype=int)
        return Prepared(
            examples=[self.examples[i] for i in idx],
            pairs=[self.pairs[i] for i in idx],
            encoded=Encoded(self.encoded.question[idx], self.encoded.conclusion[idx]) if self.encoded else None,
            dense=self.dense[idx],
        )


def prepare(examples: list[Example], *, embed: bool = True) -> Prepared:
    """Pairs, embeddings (skipped with ``embed=False``: the abstract model does not use them) and dense features."""
    pairs = [make_pair(e.question, e.text) for e in examples]
    encoded = encode_pairs(pairs, embeddings.encode) if embed else None
    return Prepared(examples=examples, pairs=pairs, encoded=encoded, dense=dense_features(pairs, encoded))


def concat(parts: Sequence[Prepared]) -> Prepared:
    embedded = all(p.encoded is not None for p in parts)
    widths = {p.dense.shape[1] for p in parts}
    dense = [p.dense for p in parts] if len(widths) == 1 else [p.dense[:, :min(widths)] for p in parts]
    return Prepared(
        examples=[e for p in parts for e in p.examples],
        pairs=[x for p in parts for x in p.pairs],
        encoded=Encoded(np.vstack([p.encoded.question for p in parts]), np.vstack([p.encoded.conclusion for p in parts]))
        if embedded else None,
        dense=np.vstack(dense),
    )


CONFIGS = {ABSTRACT: ABSTRACT_CONFIG, PASSAGE: PASSAGE_CONFIG}


def fit(data: Prepared, configs: dict[str, ModelConfig] | None = None) -> StanceClassifier:
    """One model per input kind present in ``data`` (kind from each example's data set)."""
    configs = {**CONFIGS, **(configs or {})}
    model = StanceClassifier(embedding_model=embeddings.model_name())
    kinds = np.asarray([kind_for(e.dataset) for e in data.examples])
    for kind in (ABSTRACT, PASSAGE):
        idx = np.flatnonzero(kinds == kind)
        if len(idx):
            part = data.take(idx)
            model.fit_kind(kind, part.pairs, part.encoded, part.labels, config=configs[kind], dense=part.dense)
    return model


def train(*, data_dir: Path, out: Path) -> dict[str, Any]:
    """Fit on every shared dev set and save the artifact with its metadata; returns the metadata."""
    started = time.perf_counter()
    sets = load_all(data_dir, evidence_inference=USE_EVIDENCE_INFERENCE)
    data = concat([prepare(examples) for examples in sets.values()])
    model = fit(data)
    counts = {name: {label: sum(e.label == label for e in exs) for label in LABELS} for name, exs in sets.items()}
    model.metadata = {
        "trained_on": counts,
        "examples": len(data.examples),
        "models": {
            kind: {"trained_on": sorted({e.dataset for e in data.examples if kind_for(e.dataset) == kind}),
                   "config": asdict(m.config), "tfidf_features": len(m.vectorizer.vocabulary_),
                   "dense_features": int(m.scaler.n_features_in_)}
            for kind, m in model.models.items()
        },
        "routing": "the product judges full abstracts with the abstract model; evaluation uses each set's own kind",
        "embedding_model": model.embedding_model,
        "parser": syntax.parser_version(),
        "labels": list(LABELS),
        "sklearn": sklearn.__version__,
        "python": platform.python_version(),
    }
    return model.save(out, run={"data_dir": str(data_dir), "train_seconds": round(time.perf_counter() - started, 1)})


def figures(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, Any]:
    """n, accuracy, macro-F1, per-class P/R/F1 and the confusion matrix (rows gold, columns predicted).

    Macro-F1 averages over the labels the gold data has: a set with no "neutral" gold (weak
    title labels) is not charged a zero F1 for a class it cannot score.
    """
    p, r, f, support = precision_recall_fscore_support(gold, predicted, labels=list(LABELS), zero_division=0)
    present = [label for label in LABELS if label in set(gold)]
    return {
        "n": len(gold),
        "accuracy": round(float(accuracy_score(gold, predicted)), 4),
        "macro_f1": round(float(f1_score(gold, predicted, labels=present, average="macro", zero_division=0)), 4),
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


def fold_splits(
    labels: Sequence[str], *, folds: int, groups: Sequence[str] | None = None
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Stratified (train, test) index pairs; with ``groups`` no group is split across train and test."""
    y = np.asarray(labels)
    if groups is None:
        return list(StratifiedKFold(n_splits=folds, shuffle=True, random_state=SEED).split(np.zeros(len(y)), y))
    splitter = StratifiedGroupKFold(n_splits=folds, shuffle=True, random_state=SEED)
    return list(splitter.split(np.zeros(len(y)), y, np.asarray(groups)))


def cross_validate(
    target: Prepared, others: Sequence[Prepared], *, folds: int = 5, groups: Sequence[str] | None = None,
    configs: dict[str, ModelConfig] | None = None,
) -> list[str]:
    """Out-of-fold predictions for ``target``, each fold by a model that never saw it.

    With ``groups`` (e.g. the evidence passage) a group never spans train and test folds,
    so rows sharing a passage cannot leak. ``target`` is predicted by its own kind's model.
    """
    labels = np.asarray(target.labels)
    predicted = np.empty(len(labels), dtype=object)
    kind = kind_for(target.examples[0].dataset)
    for train_idx, test_idx in fold_splits(labels, folds=folds, groups=groups):
        model = fit(concat([target.take(train_idx), *others]), configs)
        held_out = target.take(test_idx)
        proba = model.predict_proba(held_out.pairs, held_out.encoded, dense=held_out.dense, kind=kind)
        predicted[test_idx] = [LABELS[i] for i in proba.argmax(axis=1)]
    return list(predicted)
