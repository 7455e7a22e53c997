"""``evaluate stance`` on Evidence Inference: the comparison task, scored by grouped cross-validation.

Question per prompt: "Is INTERVENTION different from COMPARATOR for OUTCOME?" — a significant
difference (increased or decreased) is yes, no significant difference is no. The comparison
model is scored out of fold (5 folds grouped by article, fixed seed), beside the majority
baseline and the shipped abstract stance classifier asked the same question (it was trained
on PubMedQA only, so every prompt is unseen by it; "supports" counts as yes). Figures are
given on the prompts whose evidence the annotators found in the abstract (the answerable ones,
the headline) and on all prompts with a majority label. Direction (I higher or lower than C)
is scored on the prompts whose gold label is a difference, also with the arms swapped ("C vs I",
gold flipped: the product's question may name either arm first). The same fold models also judge
each prompt without its outcome (the product's "Is X better than Y?" case; the gold label
is still the outcome's, so this figure is only indicative) and are timed end to end, one
abstract at a time, as the product calls them.
"""
from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.metrics import balanced_accuracy_score, confusion_matrix, precision_recall_fscore_support

from .comparison import ComparisonModel, Difference, Prompt, difference
from .comparison_train import SEED, LabelledPrompt, cross_validate, load_prompts

YES, NO = "difference", "no_difference"
CLASSES = (YES, NO)
QUESTION = "Is {intervention} different from {comparator} for {outcome}?"
TIMED_ABSTRACTS = 100


def binary_figures(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, Any]:
    """n, balanced accuracy, accuracy, macro-F1, per-class P/R/F1 and the confusion matrix (rows gold)."""
    if not gold:
        return {"n": 0}
    p, r, f, support = precision_recall_fscore_support(gold, predicted, labels=list(CLASSES), zero_division=0)
    present = [i for i, c in enumerate(CLASSES) if c in set(gold)]
    return {
        "n": len(gold),
        "balanced_accuracy": round(float(balanced_accuracy_score(gold, predicted)), 4),
        "accuracy": round(float(np.mean([g == q for g, q in zip(gold, predicted)])), 4),
        "macro_f1": round(float(np.mean([f[i] for i in present])), 4),
        "per_class": {c: {"precision": round(float(p[i]), 4), "recall": round(float(r[i]), 4),
                          "f1": round(float(f[i]), 4), "support": int(support[i])} for i, c in enumerate(CLASSES)},
        "confusion_matrix": {
            "labels": list(CLASSES),
            "rows_gold_columns_predicted": confusion_matrix(gold, predicted, labels=list(CLASSES)).tolist(),
        },
    }


def _short(figures: dict[str, Any]) -> dict[str, Any]:
    keys = ("n", "balanced_accuracy", "accuracy", "macro_f1")
    out = {k: figures[k] for k in keys if k in figures}
    if "per_class" in figures:
        out["recall"] = {c: figures["per_class"][c]["recall"] for c in CLASSES}
    return out


def _majority(gold: Sequence[str]) -> dict[str, Any]:
    label, _ = Counter(gold).most_common(1)[0]
    return {"label": label, **_short(binary_figures(gold, [label] * len(gold)))}


def _higher(d: Difference) -> bool:
    return (d.p_higher or 0.0) >= 0.5


def _direction(items: Sequence[LabelledPrompt], predicted: Sequence[Difference],
               swapped: Sequence[Difference | None]) -> dict[str, Any]:
    """Direction accuracy on gold differences; also asked with the arms swapped (gold flipped)."""
    idx = [i for i, p in enumerate(items) if p.differs]
    if not idx:
        return {"n": 0}
    gold = [items[i].higher for i in idx]
    said = [_higher(predicted[i]) for i in idx]
    both = [j for j, i in enumerate(idx) if predicted[i].direction is not None]
    label, count = Counter(gold).most_common(1)[0]
    out: dict[str, Any] = {
        "n": len(idx),
        "accuracy": round(float(np.mean([g == s for g, s in zip(gold, said)])), 4),
        "baseline_majority": {"label": "higher" if label else "lower", "accuracy": round(count / len(idx), 4)},
        "where_difference_predicted": {"n": len(both),
                                       "accuracy": round(float(np.mean([gold[j] == said[j] for j in both])), 4)
                                       if both else None},
    }
    named = [j for j, i in enumerate(idx) if predicted[i].arms_named]
    out["arms_named"] = {"n": len(named), "accuracy": round(float(np.mean([gold[j] == said[j] for j in named])), 4)
                         if named else None}
    for key, rows in (("arms_swapped", range(len(idx))), ("arms_swapped_arms_named", named)):
        mirror = [(j, swapped[idx[j]]) for j in rows if swapped[idx[j]] is not None]
        if mirror:
            out[key] = {
                "n": len(mirror),
                "accuracy": round(float(np.mean([gold[j] != _higher(d) for j, d in mirror])), 4),
                "consistent_share": round(float(np.mean([said[j] != _higher(d) for j, d in mirror])), 4),
            }
    return out


def _shipped_classifier(items: Sequence[LabelledPrompt]) -> tuple[list[str], str]:
    """The abstract stance classifier's yes (supports) / no on the same question, and its label."""
    from .features import make_pair
    from .model import ABSTRACT
    from .predict import load_classifier, model_label

    model = load_classifier()
    pairs = [make_pair(QUESTION.format(intervention=p.prompt.intervention, comparator=p.prompt.comparator,
                                       outcome=p.prompt.outcome), p.prompt.abstract) for p in items]
    proba = model.predict_proba(pairs, kind=ABSTRACT)
    return [YES if row.argmax() == 0 else NO for row in proba], model_label(model)


def _subset(items: Sequence[LabelledPrompt], predicted: Sequence[Difference], shipped: Sequence[str] | None,
            mask: Sequence[bool], swapped: dict[int, Difference] | None = None) -> dict[str, Any]:
    idx = [i for i, keep in enumerate(mask) if keep]
    sub_items = [items[i] for i in idx]
    gold = [YES if p.differs else NO for p in sub_items]
    said = [YES if predicted[i].p_difference >= 0.5 else NO for i in idx]
    out = binary_figures(gold, said)
    if not gold:
        return out
    out["baseline_majority"] = _majority(gold)
    if shipped is not None:
        out["shipped_classifier"] = _short(binary_figures(gold, [shipped[i] for i in idx]))
    out["direction_note"] = ("arms_swapped: the same prompts asked as 'C vs I' (gold flipped); consistent_share: the "
                             "answer flips with the arms; arms_named: both arms named in the sentences read")
    out["direction"] = _direction(sub_items, [predicted[i] for i in idx], [(swapped or {}).get(i) for i in idx])
    return out


def evaluate(prompts_path: Path, *, folds: int = 5, limit: int | None = None,
             compare_shipped: bool = True) -> dict[str, Any]:
    """Every figure of the comparison task on the prompts file (its abstracts.jsonl beside it)."""
    started = time.perf_counter()
    items = load_prompts(prompts_path, limit=limit)
    if len(items) < folds * 2:
        raise ValueError(f"{prompts_path} has {len(items)} labelled prompts with an abstract; need at least "
                         f"{folds * 2} for {folds}-fold CV")
    timings: list[float] = []
    swapped: dict[int, Difference] = {}

    def on_fold(model: ComparisonModel, test_idx: np.ndarray) -> None:
        held_out = [i for i in test_idx if items[i].differs]
        prompts = [Prompt(items[i].prompt.comparator, items[i].prompt.intervention, items[i].prompt.outcome,
                          items[i].prompt.abstract) for i in held_out]
        swapped.update(zip(held_out, model.predict(model.selections(prompts))))
        if timings:
            return  # one fold's held-out abstracts are enough to time
        for i in test_idx[:TIMED_ABSTRACTS]:
            p = items[i].prompt
            t0 = time.perf_counter()
            difference(model, intervention=p.intervention, comparator=p.comparator, outcome=p.outcome,
                       abstract=p.abstract)
            timings.append((time.perf_counter() - t0) * 1000)

    predicted, without = cross_validate(items, folds=folds, no_outcome=True, on_fold=on_fold)
    shipped, shipped_label = _shipped_classifier(items) if compare_shipped else (None, None)
    in_abstract = [p.evidence_in_abstract for p in items]
    everything = [True] * len(items)
    headline = _subset(items, predicted, shipped, in_abstract, swapped)
    result: dict[str, Any] = {
        "dataset": "evidence_inference",
        "task": "comparison: " + QUESTION.format(intervention="I", comparator="C", outcome="O")
                + " (significantly increased/decreased = yes, no significant difference = no)",
        "data": str(prompts_path),
        "model": "comparison (search/stance/comparison.py)",
        "folds": folds,
        "fold_kind": f"grouped by article (pmcid), stratified by label, seed {SEED}",
        "articles": len({p.pmcid for p in items}),
        "trained_on": "every labelled prompt of the other folds' articles (with or without evidence in the abstract)",
        "headline_subset": "evidence_in_abstract",
        "balanced_accuracy": headline.get("balanced_accuracy"),
        "evidence_in_abstract": headline,
        "all_labelled": _subset(items, predicted, shipped, everything, swapped),
        "no_outcome": {
            "note": "the same fold models judging each prompt from the arms alone (conclusion sentences), as for "
                    "'Is X better than Y?'; the gold label is still the named outcome's, so only indicative",
            "evidence_in_abstract": _short(_subset(items, without, None, in_abstract)),
            "all_labelled": _short(_subset(items, without, None, everything)),
        },
        "shipped_classifier": {"model": shipped_label, "question": QUESTION, "yes_when": "supports"}
        if shipped_label else None,
        "speed": {
            "abstracts_timed": len(timings),
            "ms_per_abstract_median": round(statistics.median(timings), 2) if timings else None,
            "ms_per_abstract_p95": round(float(np.percentile(timings, 95)), 2) if timings else None,
            "what": "difference() end to end (sentence split, selection, features, both heads), one abstract per call",
        },
    }
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result
