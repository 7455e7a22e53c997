"""``manage.py evaluate stance --data FILE [--folds 5] [--json]``: the offline stance classifier's quality.

FILE is PubMedQA (question + contexts + long_answer, the full abstract as the product sees
it) or HealthVer (claim + evidence), detected by its fields. Each set is scored with its own
kind's model (abstract / passage), by k-fold cross-validation: every fold is predicted by a
model trained on the other folds (plus any other shared set of the same kind), never on
itself. PubMedQA folds are stratified; HealthVer rows share evidence passages (1,917 rows,
474 passages), so its folds are grouped by passage (StratifiedGroupKFold) to stop a passage
seen in training from being scored. The majority-class baseline is printed beside.
"""
from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

from django.conf import settings

from search.stance.data import EVIDENCE_INFERENCE, load_all, load_file
from search.stance.model import PASSAGE
from search.stance.train import CONFIGS, USE_EVIDENCE_INFERENCE, cross_validate, figures, kind_for, prepare


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    path = Path(data_path)
    if path.is_dir():
        path = path / "dev.jsonl"
    examples = load_file(path)
    if options.get("limit"):
        examples = examples[: options["limit"]]
    dataset = examples[0].dataset if examples else "empty"
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
    majority, _ = Counter(gold).most_common(1)[0]
    result: dict[str, Any] = {"dataset": dataset, "data": str(path), "folds": folds, "model": kind,
                              "fold_kind": "grouped by evidence passage" if groups else "stratified"}
    if groups:
        result["groups"] = len(set(groups))
    result.update(figures(gold, predicted))
    baseline = figures(gold, [majority] * len(gold))
    result["baseline_majority"] = {"label": majority, "accuracy": baseline["accuracy"], "macro_f1": baseline["macro_f1"]}
    result["also_trained_on"] = {name: len(exs) for name, exs in others.items()}
    result["evidence_inference_used"] = EVIDENCE_INFERENCE in others
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result
