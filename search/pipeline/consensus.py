"""Consensus over time: how the share of studies supporting / refuting the claim grew, year by year.

A pure transform the chart stage calls (no I/O), so the result document carries the data and the front end
only draws it. Researchers read it as "where did the evidence stand in 1998, and when did it turn?".

Which studies: those the verdict counts (they address the question: ``verdict.verdict_weights`` > 0), judged, with a
publication year. Each study sits on one side the way the verdict reads it: ``supports`` or ``refutes`` when
its label is that and not ``uncertain``; everything else (neutral, or a label the classifier is unsure of) is
``unclear``. So the last point's counts are the verdict's own split ("11 point to yes and 2 to no; 7 are
unclear").

For every year with at least one study (oldest first), cumulatively up to and including that year:

* ``n``: studies so far; ``supports`` / ``refutes`` / ``unclear``: how many of them on each side;
  ``share_supports`` / ``share_refutes``: those counts over ``n`` (unclear is the rest);
* the same weighted by evidence (``search.evidence_weight``): ``weight`` (sum so far),
  ``weighted_supports`` / ``weighted_refutes`` and their shares of ``weight`` (null while ``weight`` is 0);
* ``leader`` / ``weighted_leader``: ``supports``, ``refutes`` or ``tied``; ``added``: studies of that year.

``lead_changes`` (and ``weighted_lead_changes``) list the years in which the leading side became the other
side (a tie in between is a pause, not a change); ``most_recent`` is the newest study (best rank within its
year). ``unknown_year`` and ``unjudged`` count studies that address the question but cannot be placed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .state import RankedPaper

Side = Literal["supports", "refutes", "unclear"]
Leader = Literal["supports", "refutes", "tied"]
SIDES: tuple[Side, ...] = ("supports", "refutes", "unclear")
LEADERS: tuple[Leader, ...] = ("supports", "refutes", "tied")
LEAD_SIDES = ("supports", "refutes")  # what a lead change goes from and to


@dataclass(frozen=True)
class Placed:
    """One study on the timeline: its year, rank, side and evidence weight."""

    pmid: str
    rank: int
    year: int
    side: Side
    weight: float


def side_of(paper: RankedPaper) -> Side | None:
    """The side a judged study takes, as the verdict reads it; None when it has no stance."""
    stance = paper.stance
    if stance is None:
        return None
    if stance.label in ("supports", "refutes") and not stance.uncertain:
        return stance.label  # type: ignore[return-value]
    return "unclear"


def consensus_over_time(
    papers: list[RankedPaper], *, counted: dict[str, bool], weights: dict[str, float]
) -> dict[str, Any]:
    """The cumulative consensus series for ``papers``.

    ``counted`` says per PMID whether the verdict counts the study (it addresses the question); ``weights``
    holds each study's evidence weight. Both come from the chart stage, so the rules live in one place.
    """
    placed: list[Placed] = []
    unknown_year = unjudged = 0
    for paper in papers:
        pmid = paper.record.pmid
        if not counted.get(pmid):
            continue
        side = side_of(paper)
        if side is None:
            unjudged += 1
            continue
        if paper.record.year is None:
            unknown_year += 1
            continue
        placed.append(Placed(pmid, paper.rank, paper.record.year, side, float(weights.get(pmid, 0.0))))

    points = _cumulative(placed)
    newest = min(placed, key=lambda p: (-p.year, p.rank), default=None)
    return {
        "points": points,
        "lead_changes": _changes(points, "leader"),
        "weighted_lead_changes": _changes(points, "weighted_leader"),
        "most_recent": (
            {"pmid": newest.pmid, "rank": newest.rank, "year": newest.year, "side": newest.side} if newest else None
        ),
        "studies": len(placed),
        "unknown_year": unknown_year,
        "unjudged": unjudged,
    }


def _cumulative(placed: list[Placed]) -> list[dict[str, Any]]:
    counts = {"supports": 0, "refutes": 0, "unclear": 0}
    weighted = {"supports": 0.0, "refutes": 0.0, "unclear": 0.0}
    points: list[dict[str, Any]] = []
    for year in sorted({p.year for p in placed}):
        added = [p for p in placed if p.year == year]
        for p in added:
            counts[p.side] += 1
            weighted[p.side] += p.weight
        n = sum(counts.values())
        total = sum(weighted.values())
        points.append(
            {
                "year": year,
                "added": len(added),
                "n": n,
                **counts,
                "share_supports": round(counts["supports"] / n, 4),
                "share_refutes": round(counts["refutes"] / n, 4),
                "leader": _leader(counts["supports"], counts["refutes"]),
                "weight": round(total, 4),
                "weighted_supports": round(weighted["supports"], 4),
                "weighted_refutes": round(weighted["refutes"], 4),
                "share_weighted_supports": round(weighted["supports"] / total, 4) if total > 0 else None,
                "share_weighted_refutes": round(weighted["refutes"] / total, 4) if total > 0 else None,
                "weighted_leader": _leader(round(weighted["supports"], 4), round(weighted["refutes"], 4)),
            }
        )
    return points


def _leader(supports: float, refutes: float) -> Leader:
    if supports > refutes:
        return "supports"
    if refutes > supports:
        return "refutes"
    return "tied"


def _changes(points: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """Years in which the leading side became the other side; ties in between do not count as a change."""
    changes: list[dict[str, Any]] = []
    previous: str | None = None
    for point in points:
        leader = point[key]
        if leader == "tied":
            continue
        if previous is not None and leader != previous:
            changes.append({"year": point["year"], "from": previous, "to": leader})
        previous = leader
    return changes
