"""``manage.py evaluate design --data FILE [--json] [--limit N]``: study design and sample size against hand labels.

FILE is JSON Lines, one ``{"pmid", "design", "sample_size", "note"}`` per line: ``design`` one of
``search.design.DESIGNS``, ``sample_size`` an integer or null (the abstract states no number), ``note`` why.
The abstracts are read from the demo corpus by PMID (``MEDSEBA_DATA_DIR/pubmed-demo-corpus/corpus.jsonl.gz``),
with the corpus' MeSH headings and no publication types, exactly what the product has for those papers.
The labelled sets in ``search/evaluation/data/`` were written by reading the abstracts (rules in the README,
"Study design labels"): ``design_labels.jsonl`` before the rules were written and tuned, and
``design_labels_holdout.jsonl`` after they were finished, never used to tune them.

Figures: n, design accuracy, macro-F1 over the designs present in the labels, precision / recall / support
per design, the confusion matrix (gold row -> predicted column), sample size exact match where the label has
a number, the rate of a number returned where the label is null (false numbers), the misclassified PMIDs and
the sample-size misses, and the median time per abstract (both functions).
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from django.conf import settings

from search.design import DESIGNS, classify_design, sample_size
from search.evaluation._jsonl import numbered_rows
from search.stance.data import iter_jsonl

TARGETS = {"design_macro_f1": 0.80, "sample_size_exact": 0.85}


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


def run(data: Path, options: dict[str, Any]) -> dict[str, Any]:
    rows = read_labelled(Path(data), limit=options.get("limit"))
    records = load_records({row["pmid"] for row in rows}, options.get("corpus"))
    missing = [row["pmid"] for row in rows if row["pmid"] not in records]
    if missing:
        raise ValueError(f"{len(missing)} labelled PMIDs are not in the demo corpus (first: {missing[0]})")
    predicted: list[str] = []
    sizes: list[int | None] = []
    times_ms: list[float] = []
    for row in rows:
        record = records[row["pmid"]]
        started = time.perf_counter()
        result = classify_design(title=record.get("title") or "", abstract=record["abstract"],
                                 publication_types=list(record.get("publication_types") or []),
                                 mesh=list(record.get("mesh") or []))
        found = sample_size(record["abstract"])
        times_ms.append((time.perf_counter() - started) * 1000)
        predicted.append(result.label)
        sizes.append(found.n if found else None)
    gold = [row["design"] for row in rows]
    figures: dict[str, Any] = {"data": str(data)}
    figures.update(design_figures(gold, predicted))
    stated = [(row, n) for row, n in zip(rows, sizes) if row["sample_size"] is not None]
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
