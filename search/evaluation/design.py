"""``manage.py evaluate design --data FILE|DIR [--json] [--limit N]``: study design and sample size against hand labels.

FILE is JSON Lines, one ``{"pmid", "design", "sample_size", "note"}`` per line: ``design`` one of
``search.design.DESIGNS``, ``sample_size`` an integer or null (the abstract states no number), ``note`` why.
The abstracts are read from the demo corpus by PMID (``MEDSEBA_DATA_DIR/pubmed-demo-corpus/corpus.jsonl.gz``),
with the corpus' MeSH headings and no publication types, exactly what the product has for those papers.
The labelled sets in ``search/evaluation/data/`` were written by reading the abstracts (rules in the README,
"Study design labels"); ``LABEL_SETS`` names them, in the order the design model is trained on them.

Figures for a FILE: n, design accuracy, macro-F1 over the designs present in the labels, precision / recall /
support per design, the confusion matrix (gold row -> predicted column), sample size exact match where the label
has a number, the rate of a number returned where the label is null (false numbers), the misclassified PMIDs and
the sample-size misses, and the median time per abstract (both functions). The design and sample size are the
product's (the shipped model over the rules: its classifier and its sample-size ranker); ``rules`` gives the
rules alone, and ``seen_by_model`` how many of the file's PMIDs
the shipped model was trained on (figures on those are in-sample).

A DIR (``--data search/evaluation/data``) runs the **leave-one-set-out** evaluation instead: for each file of
``LABEL_SETS`` found there, a model is trained on all the others and scored on it, against the rules alone on the
same file, and a learned model without the rules (words and MeSH only). Only the files named in ``LABEL_SETS``
are opened: a blind set being written in the same folder is never read. The second reader's file is used for
agreement only (its PMIDs are those of two other sets).
"""
from __future__ import annotations

import statistics
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings

from search.design import DESIGNS, DesignResult, classify_design, sample_size
from search.evaluation._jsonl import numbered_rows
from search.stance.data import iter_jsonl

TARGETS = {"design_macro_f1": 0.80, "sample_size_exact": 0.85}
# Beside the target's macro-F1, the same mean over the designs a set has at least this many abstracts of: the blind
# sets hold one case-control or guideline abstract, and one such abstract moves macro-F1 by about 0.09 either way.
MIN_SUPPORT = 3
# The labelled sets, in the order the design model is trained on them. A new set joins this list only after it
# has been scored blind: the leave-one-set-out evaluation and ``train_design`` open no other file of the folder.
LABEL_SETS: tuple[str, ...] = (
    "design_labels.jsonl",
    "design_labels_holdout.jsonl",
    "design_labels_holdout2.jsonl",
    "design_labels_holdout3.jsonl",
    "design_labels_holdout4.jsonl",
    "design_labels_holdout5.jsonl",
    "design_labels_holdout6.jsonl",
    "design_labels_holdout7.jsonl",
    "design_labels_holdout8.jsonl",
    "design_labels_holdout9.jsonl",
    "design_labels_holdout10.jsonl",
    "design_labels_holdout11.jsonl",
    "design_labels_holdout12.jsonl",
    "design_labels_holdout13.jsonl",
    "design_labels_holdout14.jsonl",
    "design_labels_holdout15.jsonl",
    "design_labels_holdout16.jsonl",
    "design_labels_holdout17.jsonl",
    "design_labels_holdout18.jsonl",
    "design_labels_holdout19.jsonl",
    "design_labels_holdout20.jsonl",
    "design_labels_holdout21.jsonl",
    "design_labels_holdout22.jsonl",
    "design_labels_holdout23.jsonl",
    "design_labels_holdout24.jsonl",
    "design_labels_holdout25.jsonl",
    "design_labels_holdout26.jsonl",
    "design_labels_holdout27.jsonl",
    "design_labels_holdout28.jsonl",
    "design_labels_holdout29.jsonl",
    "design_labels_holdout30.jsonl",
    "design_labels_holdout31.jsonl",
    "design_labels_holdout32.jsonl",
    "design_labels_holdout33.jsonl",
    "design_labels_holdout34.jsonl",
    "design_labels_holdout35.jsonl",
    "design_labels_holdout36.jsonl",
    "design_labels_holdout37.jsonl",
    "design_labels_holdout38.jsonl",
    "design_labels_holdout39.jsonl",
    "design_labels_holdout40.jsonl",
    "design_labels_holdout41.jsonl",
    "design_labels_holdout42.jsonl",
    "design_labels_holdout43.jsonl",
    "design_labels_holdout44.jsonl",
    "design_labels_holdout45.jsonl",
    "design_labels_holdout46.jsonl",
    "design_labels_holdout47.jsonl",
    "design_labels_holdout48.jsonl",
    "design_labels_holdout49.jsonl",
    "design_labels_holdout50.jsonl",
    "design_labels_holdout51.jsonl",
    "design_labels_holdout52.jsonl",
    "design_labels_holdout53.jsonl",
    "design_labels_holdout54.jsonl",
    "design_labels_holdout55.jsonl",
    "design_labels_holdout56.jsonl",
    "design_labels_holdout57.jsonl",
)
# A second, independent reading of holdout4 + holdout5: agreement only, never training rows.
SECOND_READER = "design_labels_second_reader.jsonl"
BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 13


def corpus_path() -> Path:
    """The demo corpus the labels refer to."""
    return Path(settings.MEDSEBA_DATA_DIR) / "pubmed-demo-corpus" / "corpus.jsonl.gz"


def read_labelled(path: Path, limit: int | None = None) -> list[dict[str, Any]]:
    """The labelled rows of ``path``; anything unusable raises ValueError naming the line."""
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, row in numbered_rows(path, expects="{pmid, design, sample_size, note}"):
        if not isinstance(row, dict) or "pmid" not in row or "design" not in row:
            raise ValueError(f"{path} line {number} needs a 'pmid' and a 'design'")
        if row["design"] not in DESIGNS:
            raise ValueError(f"{path} line {number} has design {row['design']!r}; use one of {', '.join(DESIGNS)}")
        size = row.get("sample_size")
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
            raise ValueError(f"{path} line {number} has sample_size {size!r}; use a positive integer or null")
        pmid = str(row["pmid"])
        if pmid in seen:
            raise ValueError(f"{path} line {number} repeats PMID {pmid}")
        seen.add(pmid)
        rows.append({"pmid": pmid, "design": row["design"], "sample_size": size, "note": str(row.get("note", ""))})
        if limit is not None and len(rows) >= limit:
            break
    if not rows:
        raise ValueError(f"{path} holds no labelled abstract")
    return rows


def load_records(pmids: set[str], corpus: Path | None = None) -> dict[str, dict[str, Any]]:
    """The corpus records of ``pmids`` (title, abstract, mesh); a missing corpus raises ValueError."""
    corpus = corpus or corpus_path()
    if not corpus.exists():
        raise ValueError(f"the demo corpus {corpus} is missing; the labels are read against it")
    return {str(r["pmid"]): r for r in iter_jsonl(corpus) if str(r["pmid"]) in pmids}


def _ratio(num: int, den: int) -> float | None:
    return round(num / den, 3) if den else None


def supported_macro_f1(per_design: dict[str, dict[str, Any]], min_support: int = MIN_SUPPORT) -> dict[str, Any]:
    """Macro-F1 over the designs with at least ``min_support`` abstracts, and the designs left out (context for the
    target's macro-F1, never in place of it)."""
    kept = {d: v["f1"] for d, v in per_design.items() if v["support"] >= min_support}
    return {"min_support": min_support, "macro_f1": round(sum(kept.values()) / len(kept), 3) if kept else None,
            "designs": len(kept), "left_out": sorted(d for d in per_design if d not in kept)}


def design_figures(gold: list[str], predicted: list[str]) -> dict[str, Any]:
    """Accuracy, macro-F1 over the labels present, per-design precision/recall/support and the confusion matrix."""
    present = [d for d in DESIGNS if d in gold]
    per_design: dict[str, dict[str, Any]] = {}
    f1s: list[float] = []
    for design in present:
        tp = sum(g == p == design for g, p in zip(gold, predicted))
        precision = _ratio(tp, predicted.count(design))
        recall = _ratio(tp, gold.count(design))
        p, r = tp / predicted.count(design) if predicted.count(design) else 0.0, tp / gold.count(design)
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        f1s.append(f1)
        per_design[design] = {"precision": precision, "recall": recall, "f1": round(f1, 3),
                              "support": gold.count(design)}
    labels = [d for d in DESIGNS if d in gold or d in predicted]
    return {
        "n": len(gold),
        "design_accuracy": _ratio(sum(g == p for g, p in zip(gold, predicted)), len(gold)),
        "design_macro_f1": round(sum(f1s) / len(f1s), 3) if f1s else None,
        "per_design": per_design,
        "confusion": {g: {p: sum(a == g and b == p for a, b in zip(gold, predicted)) for p in labels} for g in present},
    }


def labelled_sets(folder: Path, limit: int | None = None) -> dict[str, list[dict[str, Any]]]:
    """The files of ``LABEL_SETS`` present in ``folder`` (in that order); no other file is opened."""
    folder = Path(folder)
    sets = {name: read_labelled(folder / name, limit=limit) for name in LABEL_SETS if (folder / name).is_file()}
    if len(sets) < 2:
        raise ValueError(f"{folder} holds {len(sets)} of the labelled sets ({', '.join(LABEL_SETS)}); "
                         "leaving one set out needs at least two")
    seen: dict[str, str] = {}
    for name, rows in sets.items():
        for row in rows:
            if row["pmid"] in seen:
                raise ValueError(f"PMID {row['pmid']} is in both {seen[row['pmid']]} and {name}; "
                                 "a set left out must share no abstract with the others")
            seen[row["pmid"]] = name
    return sets


def run(data: Path, options: dict[str, Any]) -> dict[str, Any]:
    if Path(data).is_dir():
        return cross_set(Path(data), options)
    return run_file(Path(data), options)


def run_file(data: Path, options: dict[str, Any]) -> dict[str, Any]:
    """The product's design (shipped model over the rules) and sample size on one labelled file."""
    from search.design_model import DesignModelMissing, load_design_model

    rows = read_labelled(Path(data), limit=options.get("limit"))
    records = load_records({row["pmid"] for row in rows}, options.get("corpus"))
    missing = [row["pmid"] for row in rows if row["pmid"] not in records]
    if missing:
        raise ValueError(f"{len(missing)} labelled PMIDs are not in the demo corpus (first: {missing[0]})")
    try:
        model = load_design_model()
    except DesignModelMissing:
        model = None
    predicted: list[str] = []
    by_rules: list[str] = []
    sizes: list[int | None] = []
    rules_sizes: list[int | None] = []
    times_ms: list[float] = []
    for row in rows:
        record = records[row["pmid"]]
        started = time.perf_counter()
        result = _design(record, model=model)
        found = sample_size(record["abstract"], learned=model is not None, model=model)
        times_ms.append((time.perf_counter() - started) * 1000)
        predicted.append(result.label)
        by_rules.append(_design(record, learned=False).label)
        sizes.append(found.n if found else None)
        by_rules_size = sample_size(record["abstract"], learned=False)
        rules_sizes.append(by_rules_size.n if by_rules_size else None)
    gold = [row["design"] for row in rows]
    figures: dict[str, Any] = {"data": str(data)}
    figures["design_by"] = f"design model {model.version} over the rules" if model else "the rules (no model shipped)"
    trained = set(model.trained_pmids) if model else set()
    figures["seen_by_model"] = sum(row["pmid"] in trained for row in rows)
    figures.update(design_figures(gold, predicted))
    figures["design_macro_f1_supported"] = supported_macro_f1(figures["per_design"])
    rules_alone = design_figures(gold, by_rules)
    stated = [(row, n) for row, n in zip(rows, sizes) if row["sample_size"] is not None]
    figures["rules"] = {"design_accuracy": rules_alone["design_accuracy"],
                        "design_macro_f1": rules_alone["design_macro_f1"],
                        "sample_size_exact": _ratio(sum(row["sample_size"] == n for row, n in zip(rows, rules_sizes)
                                                        if row["sample_size"] is not None), len(stated))}
    unstated = [(row, n) for row, n in zip(rows, sizes) if row["sample_size"] is None]
    figures["sample_size_labelled"] = len(stated)
    figures["sample_size_exact"] = _ratio(sum(row["sample_size"] == n for row, n in stated), len(stated))
    figures["sample_size_none_when_labelled"] = sum(n is None for _, n in stated)
    figures["null_labels"] = len(unstated)
    figures["false_number_rate"] = _ratio(sum(n is not None for _, n in unstated), len(unstated))
    figures["misclassified"] = [
        {"pmid": row["pmid"], "gold": g, "predicted": p, "note": row["note"]}
        for row, g, p in zip(rows, gold, predicted) if g != p
    ]
    figures["sample_size_misses"] = [
        {"pmid": row["pmid"], "gold": row["sample_size"], "found": n}
        for row, n in zip(rows, sizes) if row["sample_size"] != n
    ]
    figures["median_ms_per_abstract"] = round(statistics.median(times_ms), 3)
    figures["targets"] = TARGETS
    figures["targets_met"] = {
        "design_macro_f1": (figures["design_macro_f1"] or 0) >= TARGETS["design_macro_f1"],
        "sample_size_exact": (figures["sample_size_exact"] or 0) >= TARGETS["sample_size_exact"],
    }
    return figures


def _design(record: dict[str, Any], *, learned: bool = True, model: Any = None) -> DesignResult:
    return classify_design(title=record.get("title") or "", abstract=record.get("abstract") or "",
                           publication_types=list(record.get("publication_types") or []),
                           mesh=list(record.get("mesh") or []), learned=learned, model=model)


def _macro_f1(gold: np.ndarray, predicted: np.ndarray, n_labels: int) -> float:
    """Macro-F1 over the labels present in ``gold`` (label indices), as ``design_figures`` computes it."""
    tp = np.bincount(gold[gold == predicted], minlength=n_labels)
    support = np.bincount(gold, minlength=n_labels)
    guessed = np.bincount(predicted, minlength=n_labels)
    present = support > 0
    f1 = np.divide(2 * tp, support + guessed, out=np.zeros(n_labels), where=(support + guessed) > 0)
    return float(f1[present].mean())


def paired_bootstrap(gold: list[str], first: list[str], second: list[str], *, resamples: int = BOOTSTRAP_RESAMPLES,
                     seed: int = BOOTSTRAP_SEED) -> dict[str, float]:
    """The macro-F1 difference ``second - first`` on the same abstracts, with a 95% interval from resampling them."""
    index = {label: i for i, label in enumerate(DESIGNS)}
    g, a, b = (np.array([index[x] for x in xs]) for xs in (gold, first, second))
    rng = np.random.default_rng(seed)
    diffs = np.empty(resamples)
    for i in range(resamples):
        pick = rng.integers(0, len(g), len(g))
        diffs[i] = _macro_f1(g[pick], b[pick], len(index)) - _macro_f1(g[pick], a[pick], len(index))
    low, high = np.percentile(diffs, [2.5, 97.5])
    return {"difference": round(_macro_f1(g, b, len(index)) - _macro_f1(g, a, len(index)), 3),
            "low": round(float(low), 3), "high": round(float(high), 3),
            "share_above_zero": round(float((diffs > 0).mean()), 3), "resamples": resamples}


SYSTEMS = ("rules", "learned", "hybrid")


def cross_set(folder: Path, options: dict[str, Any]) -> dict[str, Any]:
    """Leave one labelled set out: train on the others, score on it, for the rules, a learned model and the hybrid.

    ``rules``: the rules alone (no training; but they were written by reading most of these sets, so their figures
    on those are optimistic). ``learned``: the logistic regression on words and MeSH only, without the rules.
    ``hybrid``: what ships (publication types and MeSH rules first, then the model over the rules' answer and cues),
    trained with the shipped configuration on the other sets. Sample size: the hybrid's (its sample-size ranker,
    trained on the other sets, choosing among the rules' counts) beside the rules alone.
    """
    from search.design_model import DesignModel, DesignModelConfig, example_of, view

    limit = options.get("limit")
    sets = labelled_sets(folder, limit=limit)
    records = load_records({row["pmid"] for rows in sets.values() for row in rows}, options.get("corpus"))
    missing = [row["pmid"] for rows in sets.values() for row in rows if row["pmid"] not in records]
    if missing:
        raise ValueError(f"{len(missing)} labelled PMIDs are not in the demo corpus (first: {missing[0]})")
    config = DesignModelConfig()
    configs = {"learned": replace(config, cue_weight=0.0, rule_weight=0.0), "hybrid": config}
    examples = {name: [example_of(row, records[row["pmid"]]) for row in rows] for name, rows in sets.items()}
    views = {name: [view(e.title, e.abstract, e.mesh) for e in exs] for name, exs in examples.items()}
    predicted: dict[str, dict[str, str]] = {system: {} for system in SYSTEMS}
    sizes: dict[str, Any] = {}  # held-out sample sizes (each by the ranker of the model that did not see it)
    per_set: dict[str, dict[str, Any]] = {}
    for held_out, rows in sets.items():
        train = [e for name in sets if name != held_out for e in examples[name]]
        train_views = [v for name in sets if name != held_out for v in views[name]]
        models = {system: DesignModel.fit(train, configs[system], train_views) for system in configs}
        learned = models["learned"].predict(views[held_out])
        for row, guess in zip(rows, learned):
            record = records[row["pmid"]]
            predicted["rules"][row["pmid"]] = _design(record, learned=False).label
            predicted["learned"][row["pmid"]] = guess
            predicted["hybrid"][row["pmid"]] = _design(record, model=models["hybrid"]).label
        gold = [row["design"] for row in rows]
        stated = [row for row in rows if row["sample_size"] is not None]
        for row in rows:  # the hybrid's sample size: the fold's ranker over the rules' counts
            sizes[row["pmid"]] = sample_size(records[row["pmid"]]["abstract"], model=models["hybrid"])
        found = {row["pmid"]: sizes[row["pmid"]] for row in stated}
        by_rules = {row["pmid"]: sample_size(records[row["pmid"]]["abstract"], learned=False) for row in stated}
        per_set[held_out] = {
            "n": len(rows),
            "designs_present": len(set(gold)),
            "trained_on": len(train),
            **{system: {k: design_figures(gold, [predicted[system][r["pmid"]] for r in rows])[k]
                        for k in ("design_accuracy", "design_macro_f1")} for system in SYSTEMS},
            "sample_size_exact": _ratio(sum(found[r["pmid"]] is not None and found[r["pmid"]].n == r["sample_size"]
                                            for r in stated), len(stated)),
            "sample_size_exact_rules": _ratio(sum(by_rules[r["pmid"]] is not None
                                                  and by_rules[r["pmid"]].n == r["sample_size"] for r in stated),
                                              len(stated)),
            "sample_size_labelled": len(stated),
        }
    all_rows = [row for rows in sets.values() for row in rows]
    gold = [row["design"] for row in all_rows]
    # Sample size pooled over every set, each abstract held out (the ranker that chose it did not see it); the
    # rules alone beside it.
    rules_sizes = {row["pmid"]: sample_size(records[row["pmid"]]["abstract"], learned=False) for row in all_rows}
    stated_all = [row for row in all_rows if row["sample_size"] is not None]
    unstated_all = [row for row in all_rows if row["sample_size"] is None]
    pooled = {system: design_figures(gold, [predicted[system][r["pmid"]] for r in all_rows]) for system in SYSTEMS}
    figures: dict[str, Any] = {
        "data": str(folder),
        "sets": list(sets),
        "not_opened": sorted(p.name for p in Path(folder).glob("design_labels*.jsonl")
                             if p.name not in sets and p.name != SECOND_READER),
        "config": asdict(config),
        "per_set": per_set,
        "mean_over_sets": {system: round(statistics.mean(s[system]["design_macro_f1"] for s in per_set.values()), 3)
                           for system in SYSTEMS},
        "pooled": {system: {"n": pooled[system]["n"], "design_accuracy": pooled[system]["design_accuracy"],
                            "design_macro_f1": pooled[system]["design_macro_f1"]} for system in SYSTEMS},
        "pooled_f1_per_design": {d: {system: pooled[system]["per_design"][d]["f1"] for system in SYSTEMS}
                                 for d in pooled["rules"]["per_design"]},
        "hybrid_minus_rules": paired_bootstrap(gold, [predicted["rules"][r["pmid"]] for r in all_rows],
                                               [predicted["hybrid"][r["pmid"]] for r in all_rows]),
        "sets_where_hybrid_beats_rules": sum(s["hybrid"]["design_macro_f1"] > s["rules"]["design_macro_f1"]
                                             for s in per_set.values()),
        "pooled_sample_size": {
            "labelled": len(stated_all),
            "exact": _ratio(sum(sizes[r["pmid"]] is not None and sizes[r["pmid"]].n == r["sample_size"]
                                for r in stated_all), len(stated_all)),
            "none_when_labelled": sum(sizes[r["pmid"]] is None for r in stated_all),
            "null_labels": len(unstated_all),
            "false_number_rate": _ratio(sum(sizes[r["pmid"]] is not None for r in unstated_all), len(unstated_all)),
            "exact_rules": _ratio(sum(rules_sizes[r["pmid"]] is not None and rules_sizes[r["pmid"]].n == r["sample_size"]
                                      for r in stated_all), len(stated_all)),
        },
    }
    second = Path(folder) / SECOND_READER
    if second.is_file():
        figures["second_reader"] = _second_reader(second, sets, predicted, limit)
    figures["table"] = _table(figures)
    return figures


def _second_reader(path: Path, sets: dict[str, list[dict[str, Any]]], predicted: dict[str, dict[str, str]],
                   limit: int | None) -> dict[str, Any]:
    """Agreement of the second reader with the first, and of each system (left-one-set-out) with both readers."""
    first = {row["pmid"]: row for rows in sets.values() for row in rows}
    rows = [row for row in read_labelled(path) if row["pmid"] in first]
    if limit is not None:
        rows = rows[:limit]
    if not rows:
        return {"n": 0}
    second = [row["design"] for row in rows]
    reader1 = [first[row["pmid"]]["design"] for row in rows]
    out: dict[str, Any] = {"n": len(rows), "second_vs_first_macro_f1": design_figures(reader1, second)["design_macro_f1"],
                           "second_vs_first_accuracy": design_figures(reader1, second)["design_accuracy"]}
    for system in SYSTEMS:
        guesses = [predicted[system][row["pmid"]] for row in rows]
        out[f"{system}_vs_first_macro_f1"] = design_figures(reader1, guesses)["design_macro_f1"]
        out[f"{system}_vs_second_macro_f1"] = design_figures(second, guesses)["design_macro_f1"]
    return out


def _table(figures: dict[str, Any]) -> str:
    """The leave-one-set-out figures as a Markdown table (macro-F1 per held-out set; accuracy in brackets)."""
    lines = ["| held-out set | n | designs | rules | learned (words + MeSH) | hybrid (shipped) | sample size exact "
             "(shipped) | sample size (rules) |",
             "|---|---|---|---|---|---|---|---|"]
    for name, s in figures["per_set"].items():
        cells = [f"{s[system]['design_macro_f1']:.3f} ({s[system]['design_accuracy']:.3f})" for system in SYSTEMS]
        size = f"{s['sample_size_exact']:.3f} (of {s['sample_size_labelled']}) | {s['sample_size_exact_rules']:.3f}" \
            if s["sample_size_exact"] is not None else "- | -"
        lines.append(f"| `{name}` | {s['n']} | {s['designs_present']} | " + " | ".join(cells) + f" | {size} |")
    mean, pooled = figures["mean_over_sets"], figures["pooled"]
    lines.append("| mean over sets | | | " + " | ".join(f"{mean[system]:.3f}" for system in SYSTEMS) + " | | |")
    size = figures["pooled_sample_size"]
    lines.append(f"| pooled ({pooled['rules']['n']}) | | | " + " | ".join(
        f"{pooled[system]['design_macro_f1']:.3f} ({pooled[system]['design_accuracy']:.3f})" for system in SYSTEMS)
        + f" | {size['exact']:.3f} (of {size['labelled']}) | {size['exact_rules']:.3f} |")
    diff = figures["hybrid_minus_rules"]
    lines.append(f"\nhybrid - rules, pooled macro-F1: {diff['difference']:+.3f} (95% bootstrap interval "
                 f"{diff['low']:+.3f} to {diff['high']:+.3f}); hybrid ahead on {figures['sets_where_hybrid_beats_rules']}"
                 f" of {len(figures['per_set'])} sets")
    return "\n".join(lines)
