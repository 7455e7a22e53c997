"""Stage 8, chart: turn the ranked, judged papers into the data behind the three charts.

Pure function, no I/O. Names follow DESIGN.md; added keys say what could not be plotted,
so a paper is never dropped silently:

* ``stance_distribution``: label counts and summed strengths (rounded to 2 decimals) over
  judged papers; ``unjudged`` counts papers without a stance.
* ``stance_by_year``: label counts per publication year, sorted by year; each entry also
  has ``unjudged`` (papers of that year without a stance). Papers without a year are not
  in the list; they are counted in the top-level ``unknown_year``.
* ``citations_vs_year``: EVERY paper, in rank order, ``{pmid, rank, year, citations,
  stance, counted}``; ``year``/``citations``/``stance`` are null when unknown (citations unavailable
  is null, never 0). ``unknown_year`` / ``unknown_citations`` / ``unjudged`` count the
  papers a chart cannot place, and ``total`` is the number of papers.

The stance charts' default view is the studies the verdict counts (those that address the
question, ``verdict.verdict_weights`` > 0): ``stance_distribution`` and ``stance_by_year`` cover them
and ``counted`` says how many; ``all_papers`` holds both over every paper, so a reader can
switch to the full list and see what was left out.

Added for researchers (issue 15):

* ``stance_distribution.evidence``: per label, the summed evidence weights (``search.evidence_weight``:
  design × addresses × stance confidence), the "weighted by evidence" view beside counts and strengths;
* ``evidence_weights``: every paper's weight and its three factors, by PMID;
* ``consensus_over_time``: the cumulative shares per year (``search/pipeline/consensus.py``);
* ``by_design``: the same chart data over the papers of each design present (the evidence table's design
  filter narrows the charts to one of these; computed here, so the front end never re-derives them).
"""
from __future__ import annotations

from typing import Any

from search.evidence_weight import evidence_weight

from .consensus import consensus_over_time
from .state import Frame, RankedPaper
from .verdict import verdict_weights

LABELS = ("supports", "refutes", "neutral")


def chart(papers: list[RankedPaper], frame: Frame | None = None) -> dict[str, Any]:
    """Chart data for ``papers`` (see the module docstring for the exact shape)."""
    frame = frame or Frame()
    weights = {p.record.pmid: evidence_weight(p, frame) for p in papers}
    counted_flags = {pmid: w > 0 for pmid, w in verdict_weights(papers, frame).items()}
    data = _charts(papers, counted_flags, {pmid: w.value for pmid, w in weights.items()})
    data["evidence_weights"] = {pmid: w.to_dict() for pmid, w in weights.items()}
    designs = sorted({p.design.label for p in papers if p.design})
    data["by_design"] = {
        label: _charts([p for p in papers if p.design and p.design.label == label], counted_flags,
                       {pmid: w.value for pmid, w in weights.items()})
        for label in designs
    }
    return data


def _charts(papers: list[RankedPaper], counted_by_pmid: dict[str, bool], weights: dict[str, float]) -> dict[str, Any]:
    """Every chart over ``papers``: the stance charts over the ones the verdict counts (and over all), citations,
    consensus. ``counted_by_pmid`` is decided once over the whole result, so a design's view counts the same studies."""
    counted = [p for p in papers if counted_by_pmid[p.record.pmid]]
    everything = _stance_charts(papers, weights)
    data = _stance_charts(counted, weights)
    data["counted"] = len(counted)
    data["all_papers"] = {k: everything[k] for k in ("stance_distribution", "stance_by_year")}
    for point in everything["citations_vs_year"]:
        point["counted"] = counted_by_pmid[point["pmid"]]
    for key in ("citations_vs_year", "total", "unjudged", "unknown_year", "unknown_citations"):
        data[key] = everything[key]
    data["consensus_over_time"] = consensus_over_time(papers, counted=counted_by_pmid, weights=weights)
    return data


def _stance_charts(papers: list[RankedPaper], weights: dict[str, float]) -> dict[str, Any]:
    labels = {label: 0 for label in LABELS}
    strengths = {label: 0.0 for label in LABELS}
    evidence = {label: 0.0 for label in LABELS}
    by_year: dict[int, dict[str, int]] = {}
    points: list[dict[str, Any]] = []
    unjudged = unknown_year = unknown_citations = 0

    for paper in sorted(papers, key=lambda p: p.rank):
        stance = paper.stance
        label = stance.label if stance and stance.label in LABELS else None
        year = paper.record.year
        citations = paper.metrics.citation_count

        if label is None:
            unjudged += 1
        else:
            labels[label] += 1
            evidence[label] += weights.get(paper.record.pmid, 0.0)
            for name in LABELS:
                strengths[name] += float(getattr(stance, name) or 0.0)

        if year is None:
            unknown_year += 1
        else:
            row = by_year.setdefault(year, {"supports": 0, "refutes": 0, "neutral": 0, "unjudged": 0})
            row[label or "unjudged"] += 1

        if citations is None:
            unknown_citations += 1
        points.append(
            {"pmid": paper.record.pmid, "rank": paper.rank, "year": year, "citations": citations, "stance": label}
        )

    return {
        "stance_distribution": {
            "labels": labels,
            "strengths": {name: round(value, 2) for name, value in strengths.items()},
            "evidence": {name: round(value, 2) for name, value in evidence.items()},
            "unjudged": unjudged,
        },
        "stance_by_year": [{"year": year, **counts} for year, counts in sorted(by_year.items())],
        "citations_vs_year": points,
        "total": len(papers),
        "unjudged": unjudged,
        "unknown_year": unknown_year,
        "unknown_citations": unknown_citations,
    }
