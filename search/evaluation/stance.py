"""``manage.py evaluate stance --data FILE [--folds 5] [--json]``: the offline stance classifier's quality.

FILE is PubMedQA (question + contexts + long_answer, the full abstract as the product sees
it) or HealthVer (claim + evidence), detected by its fields. Each set is scored with its own
kind's model (abstract / passage), by k-fold cross-validation: every fold is predicted by a
model trained on the other folds (plus any other shared set of the same kind), never on
itself. PubMedQA folds are stratified; HealthVer rows share evidence passages (1,917 rows,
474 passages), so its folds are grouped by passage (StratifiedGroupKFold) to stop a passage
seen in training from being scored. The majority-class baseline is printed beside.

FILE may also be a corpus (the demo corpus' ``corpus.jsonl.gz``): its statement titles
become yes/no questions with weak labels (``search/stance/titles.py``), and the abstract
model trained on all of PubMedQA is scored on them, a check of how the classifier transfers
to the abstracts the product searches. Those abstracts are never training data, so no folds.

FILE may also be Evidence Inference's ``prompts.jsonl`` (or its folder; ``abstracts.jsonl``
beside it): then the comparison task is scored — "Is I different from C for O?" answered by
the comparison model (``search/stance/comparison_eval.py``), 5 folds grouped by article,
beside the majority baseline and the shipped abstract classifier on the same questions.
"""
from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from django.conf import settings

from search.stance import LABELS
from search.stance.comparison_eval import evaluate as evaluate_comparison
from search.stance.data import EVIDENCE_INFERENCE, TITLES, Example, detect_format, iter_jsonl, load_all, load_file
from search.stance.model import ABSTRACT, PASSAGE
from search.stance.train import CONFIGS, USE_EVIDENCE_INFERENCE, concat, cross_validate, figures, fit, kind_for, prepare


# What a shared data folder holds: a labelled set, a corpus, or Evidence Inference prompts.
DATA_FILES = ("dev.jsonl", "corpus.jsonl.gz", "prompts.jsonl")


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    path = Path(data_path)
    if path.is_dir():
        found = [path / name for name in DATA_FILES if (path / name).is_file()]
        if not found:
            raise ValueError(f"{path} holds none of {', '.join(DATA_FILES)}; pass the labelled file itself")
        path = found[0]
    first = next(iter_jsonl(path), None)
    if first is not None and detect_format(first) == EVIDENCE_INFERENCE:
        return evaluate_comparison(path, folds=int(options.get("folds") or 5), limit=options.get("limit"))
    examples = load_file(path, limit=options.get("limit"))
    dataset = examples[0].dataset if examples else "empty"
    if dataset == TITLES:
        return _transfer(path, examples, started)
    folds = int(options.get("folds") or 5)
    if len(examples) < folds * 2:
        raise ValueError(f"{path} has {len(examples)} examples; need at least {folds * 2} for {folds}-fold CV")

    kind = kind_for(dataset)
    embed = CONFIGS[kind].use_embeddings
    target = prepare(examples, embed=embed)
    shared = load_all(settings.MEDSEBA_DATA_DIR, evidence_inference=USE_EVIDENCE_INFERENCE)
    others = {name: exs for name, exs in shared.items() if name != dataset and kind_for(name) == kind}
    groups = [e.text for e in examples] if kind == PASSAGE else None
    predicted = cross_validate(target, [prepare(exs, embed=embed) for exs in others.values()], folds=folds,
                               groups=groups)

    gold = target.labels
    result: dict[str, Any] = {"dataset": dataset, "data": str(path), "folds": folds, "model": kind,
                              "fold_kind": "grouped by evidence passage" if groups else "stratified"}
    if groups:
        result["groups"] = len(set(groups))
    result.update(figures(gold, predicted))
    result["baseline_majority"] = majority_baseline(gold)
    result["also_trained_on"] = {name: len(exs) for name, exs in others.items()}
    result["evidence_inference_used"] = EVIDENCE_INFERENCE in others
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def _transfer(path: Path, examples: list[Example], started: float) -> dict[str, Any]:
    """Train on every shared abstract set, score the corpus' title questions (none of them seen in training)."""
    if not examples:
        raise ValueError(f"{path} has no statement title that could be turned into a yes/no question")
    shared = load_all(settings.MEDSEBA_DATA_DIR, evidence_inference=USE_EVIDENCE_INFERENCE)
    training = {name: exs for name, exs in shared.items() if kind_for(name) == ABSTRACT}
    model = fit(concat([prepare(exs, embed=CONFIGS[ABSTRACT].use_embeddings) for exs in training.values()]))
    target = prepare(examples, embed=CONFIGS[ABSTRACT].use_embeddings)
    proba = model.predict_proba(target.pairs, target.encoded, dense=target.dense, kind=ABSTRACT)
    gold = target.labels
    result: dict[str, Any] = {
        "dataset": TITLES, "data": str(path), "model": ABSTRACT,
        "labels_from": "statement titles turned into yes/no questions (PQA-A recipe); weak, and no 'maybe'",
        "trained_on": {name: len(exs) for name, exs in training.items()},
    }
    result.update(figures(gold, [LABELS[i] for i in proba.argmax(axis=1)]))
    result["baseline_majority"] = majority_baseline(gold)
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def majority_baseline(gold: list[str]) -> dict[str, Any]:
    """What always answering the most common gold label would score, printed beside every figure."""
    majority, _ = Counter(gold).most_common(1)[0]
    baseline = figures(gold, [majority] * len(gold))
    return {"label": majority, "accuracy": baseline["accuracy"], "macro_f1": baseline["macro_f1"]}
