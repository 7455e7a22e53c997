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
question, ``verdict.weight`` > 0): ``stance_distribution`` and ``stance_by_year`` cover them
and ``counted`` says how many; ``all_papers`` holds both over every paper, so a reader can
switch to the full list and see what was left out.
"""
from __future__ import annotations

from typing import Any

from .state import Frame, RankedPaper
from .verdict import weight

LABELS = ("supports", "refutes", "neutral")


def chart(papers: list[RankedPaper], frame: Frame | None = None) -> dict[str, Any]:
    """Chart data for ``papers`` (see the module docstring for the exact shape)."""
    frame = frame or Frame()
    counted = [p for p in papers if weight(p, frame) > 0]
    everything = _stance_charts(papers)
    data = _stance_charts(counted)
    data["counted"] = len(counted)
    data["all_papers"] = {k: everything[k] for k in ("stance_distribution", "stance_by_year")}
    counted_pmids = {p.record.pmid for p in counted}
    for point in everything["citations_vs_year"]:
        point["counted"] = point["pmid"] in counted_pmids
    for key in ("citations_vs_year", "total", "unjudged", "unknown_year", "unknown_citations"):
        data[key] = everything[key]
    return data


def _stance_charts(papers: list[RankedPaper]) -> dict[str, Any]:
    labels = {label: 0 for label in LABELS}
    strengths = {label: 0.0 for label in LABELS}
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
            "unjudged": unjudged,
        },
        "stance_by_year": [{"year": year, **counts} for year, counts in sorted(by_year.items())],
        "citations_vs_year": points,
        "total": len(papers),
        "unjudged": unjudged,
        "unknown_year": unknown_year,
        "unknown_citations": unknown_citations,
    }
