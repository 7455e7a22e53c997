"""Fit the sentence scorer on Evidence Inference + PubMedQA, and cross-validate it grouped by article.

Used by ``manage.py train_sentence`` (fit on everything, write ``search/sentence_model/scorer.json``)
and ``manage.py evaluate sentence`` (out-of-fold picks, so no hit is scored by a model that saw
that article). Sentences are embedded once, in float32 whatever ``MEDSEBA_EMBEDDING_PRECISION``
says, and cosines are rounded to 4 decimals, so the same data give the same weights, and with
the 6-digit rounding of ``model.py`` the same artifact bytes, on any machine.
"""
from __future__ import annotations

import platform
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import sklearn
from django.test import override_settings
from sklearn.linear_model import LogisticRegression

from search import embeddings

from . import features as feats
from . import rules
from .data import EVIDENCE_INFERENCE, PUBMEDQA, Item, evidence_inference, pubmedqa
from .frame import Parts
from .model import SentenceScorer

SEED = 13
C = 0.3
# PubMedQA's positives are weak (the conclusion sentence nearest the question, not an annotation):
# its rows count this much against Evidence Inference's.
PUBMEDQA_WEIGHT = 0.5


@dataclass
class Prepared:
    """Items with their feature rows and training targets (-1 = not used for training)."""

    items: list[Item]
    rows: list[np.ndarray]
    targets: list[np.ndarray]
    vectors: dict[str, np.ndarray]  # every question and sentence of the items

    def take(self, index: Sequence[int]) -> Prepared:
        return Prepared([self.items[i] for i in index], [self.rows[i] for i in index],
                        [self.targets[i] for i in index], self.vectors)


def encode_texts(texts: Sequence[str]) -> dict[str, np.ndarray]:
    """Vectors of the distinct texts, in float32 (reproducible across CPUs), embedded in sorted order."""
    unique = sorted(set(texts))
    with override_settings(MEDSEBA_EMBEDDING_PRECISION="fp32"):
        matrix = embeddings.encode(unique)
    return dict(zip(unique, matrix))


def prepare(items: list[Item], vectors: dict[str, np.ndarray] | None = None, *, labelled: bool = False) -> Prepared:
    """Feature rows and targets of every item (``labelled``: use the sections' labels, as a labelled abstract would)."""
    if vectors is None:
        vectors = encode_texts([t for item in items for t in [item.question, *item.sentences]])
    rows, targets = [], []
    for item in items:
        q = vectors[item.question]
        v = np.stack([vectors[s] for s in item.sentences]) if item.sentences else np.zeros((0, len(q)))
        x = feats.matrix(q, item.sentences, v, Parts.of(item.question, item.frame),
                         item.labels if labelled and item.labels else None)
        cos = x[:, feats.column("cosine")] if len(x) else np.zeros(0)
        y = np.zeros(len(item.sentences), dtype=np.int64)
        if item.dataset == PUBMEDQA:
            if item.conclusion:
                y[item.conclusion] = -1
                y[max(item.conclusion, key=lambda i: (cos[i], -i))] = 1
        else:
            y[item.positives()] = 1
        rows.append(x)
        targets.append(y)
    return Prepared(items, rows, targets, vectors)


def concat(parts: Sequence[Prepared]) -> Prepared:
    vectors: dict[str, np.ndarray] = {}
    for p in parts:
        vectors.update(p.vectors)
    return Prepared([i for p in parts for i in p.items], [r for p in parts for r in p.rows],
                    [t for p in parts for t in p.targets], vectors)


def fit(data: Prepared, *, c: float = C, pubmedqa_weight: float = PUBMEDQA_WEIGHT) -> SentenceScorer:
    """Logistic regression on standardised rows; each question weighs the same whatever its abstract's length."""
    xs, ys, ws = [], [], []
    for item, x, y in zip(data.items, data.rows, data.targets):
        use = y >= 0
        if not use.any() or not (y == 1).any():
            continue
        weight = (pubmedqa_weight if item.dataset == PUBMEDQA else 1.0)
        positives, negatives = int((y == 1).sum()), int((y == 0).sum())
        w = np.where(y[use] == 1, weight / positives, weight / max(negatives, 1))
        xs.append(x[use])
        ys.append(y[use])
        ws.append(w)
    x, y, w = np.vstack(xs), np.concatenate(ys), np.concatenate(ws)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    clf = LogisticRegression(C=c, max_iter=5000, random_state=SEED)
    clf.fit((x - mean) / scale, y, sample_weight=w * len(w) / w.sum())
    return SentenceScorer(mean=mean, scale=scale, coef=clf.coef_[0].astype(np.float64),
                          intercept=float(clf.intercept_[0]))


def quoting_order(item: Item, rows: np.ndarray, scorer: SentenceScorer, *, labelled: bool = False) -> list[int]:
    """Sentence indices in the order locate would quote them for this item (scorer, then the quoting rules)."""
    if not item.sentences:
        return []
    return rules.order(item.sentences, scorer.score(rows), parts=Parts.of(item.question, item.frame),
                       labels=item.labels if labelled else None)


def fold_of(group: str, folds: int) -> int:
    """The fold an article belongs to: a hash of its id, so it never depends on file order or on the other data."""
    return zlib.crc32(f"{SEED}:{group}".encode()) % folds


def cross_validate(target: Prepared, others: Sequence[Prepared] = (), *, folds: int = 5, labelled: bool = False,
                   held_out: Prepared | None = None, **fit_options: Any) -> list[list[int]]:
    """Out-of-fold quoting orders for ``target``: each article's items ranked by a model trained without that article.

    ``labelled``: the held-out abstracts keep their section labels (features and rules read them).
    ``held_out``: the same items prepared otherwise for scoring (e.g. without their frame); training uses ``target``.
    """
    if held_out is None:
        held_out = prepare(target.items, target.vectors, labelled=True) if labelled else target
    fold = np.array([fold_of(item.group, folds) for item in target.items])
    orders: list[list[int]] = [[] for _ in target.items]
    for k in range(folds):
        test = np.flatnonzero(fold == k)
        if not len(test):
            continue
        model = fit(concat([target.take(np.flatnonzero(fold != k)), *others]), **fit_options)
        for i in test:
            orders[i] = quoting_order(held_out.items[i], held_out.rows[i], model, labelled=labelled)
    return orders


def default_sets(data_dir: Path) -> dict[str, Path]:
    """Where each training set lives under the shared data folder."""
    return {EVIDENCE_INFERENCE: data_dir / "evidence-inference-v2",
            PUBMEDQA: data_dir / "pubmedqa-labeled" / "dev.jsonl"}


def load_sets(data_dir: Path) -> dict[str, list[Item]]:
    paths = default_sets(data_dir)
    return {EVIDENCE_INFERENCE: evidence_inference(paths[EVIDENCE_INFERENCE]), PUBMEDQA: pubmedqa(paths[PUBMEDQA])}


def train(*, data_dir: Path, out: Path) -> dict[str, Any]:
    """Fit on both shared sets and write the artifact; returns its metadata, version and size."""
    started = time.perf_counter()
    sets = load_sets(data_dir)
    vectors = encode_texts([t for items in sets.values() for item in items for t in [item.question, *item.sentences]])
    data = concat([prepare(items, vectors) for items in sets.values()])
    model = fit(data)
    model.metadata = {
        "trained_on": {name: {"questions": len(items), "articles": len({i.group for i in items}),
                              "sentences": sum(len(i.sentences) for i in items)} for name, items in sets.items()},
        "positives": "Evidence Inference: sentences overlapping an annotated evidence span; PubMedQA: the conclusion "
                     "sentence closest to the question (weak), its other conclusion sentences left out",
        "config": {"C": C, "pubmedqa_weight": PUBMEDQA_WEIGHT, "seed": SEED, "class_balance": "per question"},
        "embedding_model": embeddings.model_name(),
        "embedding_precision": "fp32",
        "sklearn": sklearn.__version__,
    }
    return model.save(out, run={"data_dir": str(data_dir), "train_seconds": round(time.perf_counter() - started, 1),
                                "python": platform.python_version()})
