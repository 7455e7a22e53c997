"""``manage.py evaluate scope --data FILE [--json] [--limit N]``: how well the scope guard sorts questions.

FILE is JSON Lines, one ``{"question", "kind", "note"}`` per line, ``kind`` one of
``search.scope.SCOPE_KINDS`` (``note`` is optional: why the label is what it is). The labelled
sets in ``search/evaluation/data/`` were written by hand: ``scope_questions.jsonl`` before the
guard was tuned, ``scope_questions_holdout.jsonl`` after it was finished (its missed emergencies were then studied,
so it is no longer a clean test), ``scope_questions_holdout2.jsonl`` before the principle-based emergency rules
(``search.emergency``) were first run on it, and never used to tune them.

Labelling rules: emergency = someone is in an acute situation now (heart attack or stroke signs,
overdose or poisoning, suicidal intent, severe bleeding, breathing trouble, anaphylaxis, seizure,
unconsciousness); personal = a dose, a diagnosis or a medication decision for one person;
off_topic = real words, not about health; nonsense = no readable question; borderline = about
health but partly personal or too vague to pin down; in_scope = a health question research answers.

Figures: accuracy, precision/recall per kind, "out of scope" (searched = false) precision and
recall, emergency recall, how many of the ask page's example questions are refused (the examples
are always classified, whatever FILE holds), the confusion matrix (gold row → predicted column)
and every misclassified question.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from search.evaluation._jsonl import numbered_rows
from search.scope import NOT_SEARCHED, SCOPE_KINDS, classify_scope, example_questions, load

TARGETS = {"out_of_scope_precision": 0.90, "out_of_scope_recall": 0.90, "emergency_recall": 1.0,
           "examples_refused": 0}


def read_labelled(path: Path, limit: int | None = None) -> list[dict[str, str]]:
    """The labelled questions of ``path``; anything unusable raises ValueError naming the line."""
    rows: list[dict[str, str]] = []
    for number, row in numbered_rows(path, expects="{question, kind, note}"):
        if not isinstance(row, dict) or not isinstance(row.get("question"), str) or "kind" not in row:
            raise ValueError(f"{path} line {number} needs a text 'question' and a 'kind'")
        if row["kind"] not in SCOPE_KINDS:
            raise ValueError(f"{path} line {number} has kind {row['kind']!r}; use one of {', '.join(SCOPE_KINDS)}")
        rows.append({"question": row["question"], "kind": row["kind"], "note": str(row.get("note", ""))})
        if limit is not None and len(rows) >= limit:
            break
    if not rows:
        raise ValueError(f"{path} holds no labelled question")
    return rows


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def figures(gold: list[str], predicted: list[str]) -> dict[str, Any]:
    """Accuracy, per-kind and out-of-scope precision/recall, emergency recall and the confusion matrix."""
    per_kind: dict[str, dict[str, Any]] = {}
    for kind in SCOPE_KINDS:
        tp = sum(g == p == kind for g, p in zip(gold, predicted))
        per_kind[kind] = {
            "n": gold.count(kind),
            "precision": _ratio(tp, predicted.count(kind)),
            "recall": _ratio(tp, gold.count(kind)),
        }
    gold_out = [g in NOT_SEARCHED for g in gold]
    pred_out = [p in NOT_SEARCHED for p in predicted]
    both_out = sum(g and p for g, p in zip(gold_out, pred_out))
    return {
        "n": len(gold),
        "accuracy": _ratio(sum(g == p for g, p in zip(gold, predicted)), len(gold)),
        "per_kind": per_kind,
        "out_of_scope_precision": _ratio(both_out, sum(pred_out)),
        "out_of_scope_recall": _ratio(both_out, sum(gold_out)),
        "emergency_recall": per_kind["emergency"]["recall"],
        "confusion": {g: {p: sum(a == g and b == p for a, b in zip(gold, predicted)) for p in SCOPE_KINDS}
                      for g in SCOPE_KINDS},
    }


def run(data: Path, options: dict[str, Any]) -> dict[str, Any]:
    rows = read_labelled(Path(data), limit=options.get("limit"))
    load()
    predicted: list[str] = []
    times_ms: list[float] = []
    for row in rows:
        started = time.perf_counter()
        predicted.append(classify_scope(row["question"]).kind)
        times_ms.append((time.perf_counter() - started) * 1000)
    gold = [row["kind"] for row in rows]
    result: dict[str, Any] = {"data": str(data)}
    result.update(figures(gold, predicted))
    refused = [q for q in example_questions() if classify_scope(q).kind in NOT_SEARCHED]
    result["examples_refused"] = len(refused)
    result["examples_refused_questions"] = refused
    result["misclassified"] = [
        {"question": row["question"], "gold": g, "predicted": p, "note": row["note"]}
        for row, g, p in zip(rows, gold, predicted) if g != p
    ]
    result["targets"] = TARGETS
    result["targets_met"] = {
        "out_of_scope_precision": (result["out_of_scope_precision"] or 0) >= TARGETS["out_of_scope_precision"],
        "out_of_scope_recall": (result["out_of_scope_recall"] or 0) >= TARGETS["out_of_scope_recall"],
        "emergency_recall": result["emergency_recall"] is None or result["emergency_recall"] >= 1.0,
        "examples_refused": not refused,
    }
    result["median_ms_per_question"] = round(statistics.median(times_ms), 3)
    return result
