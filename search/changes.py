"""What changed between two runs of one question (living questions, issue 15 §6): a pure transform of two
result documents, no I/O, so the API, a future notification and the tests all read the same comparison.

Studies are matched by PMID (never by position). The verdict is ``answer.verdict``; the split is the stance
distribution the page's chart shows by default (``charts.stance_distribution.labels``: the studies the
verdict counts), so "before and after" here is exactly what the two result pages showed.
"""
from __future__ import annotations

from typing import Any

SPLIT_LABELS = ("supports", "refutes", "neutral")


def run_summary(document: dict[str, Any]) -> dict[str, Any]:
    """One run as the comparison shows it: when, its verdict, its stance split and how many studies."""
    answer = document.get("answer") or {}
    verdict = answer.get("verdict")
    charts = document.get("charts") or {}
    distribution = charts.get("stance_distribution") or {}
    labels = distribution.get("labels")
    return {
        "id": document["id"],
        "status": document.get("status"),
        "created_at": document.get("created_at"),
        "finished_at": document.get("finished_at"),
        "verdict": (
            {"label": verdict["label"], "confidence": verdict.get("confidence"),
             "studies_counted": verdict.get("studies_counted")}
            if verdict else None
        ),
        "split": {label: int(labels.get(label, 0)) for label in SPLIT_LABELS} if labels else None,
        "counted": charts.get("counted") if charts else None,
        "studies": len(document.get("papers") or []),
    }


def _stance_label(paper: dict[str, Any]) -> str | None:
    stance = paper.get("stance")
    return stance.get("label") if stance else None


def _study(paper: dict[str, Any]) -> dict[str, Any]:
    design = paper.get("design")
    return {
        "pmid": paper["pmid"],
        "rank": paper.get("rank"),
        "title": paper.get("title") or "",
        "year": paper.get("year"),
        "design": design.get("name") if design else None,
        "stance": _stance_label(paper),
        "retracted": bool(paper.get("retracted")),
    }


def _by_rank(papers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(papers, key=lambda p: (p.get("rank") is None, p.get("rank") or 0))


def compare_runs(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The changes from ``before`` (the earlier run) to ``after``: studies new and gone, studies kept whose
    stance or retraction changed, and both runs' verdict and split.

    ``new_studies`` follow the later run's ranks, ``gone_studies`` the earlier run's; ``verdict_changed`` is
    true when the label differs (a run without a verdict counts as a different one from a run with one).
    """
    old = {p["pmid"]: p for p in before.get("papers") or []}
    new = {p["pmid"]: p for p in after.get("papers") or []}
    kept = [p for p in _by_rank(list(new.values())) if p["pmid"] in old]
    stance_changed = [
        {"pmid": p["pmid"], "title": p.get("title") or "", "before": _stance_label(old[p["pmid"]]),
         "after": _stance_label(p)}
        for p in kept if _stance_label(p) != _stance_label(old[p["pmid"]])
    ]
    newly_retracted = [_study(p) for p in kept if p.get("retracted") and not old[p["pmid"]].get("retracted")]
    was, now = run_summary(before), run_summary(after)
    return {
        "before": was,
        "after": now,
        "new_studies": [_study(p) for p in _by_rank(list(new.values())) if p["pmid"] not in old],
        "gone_studies": [_study(p) for p in _by_rank(list(old.values())) if p["pmid"] not in new],
        "kept": len(kept),
        "stance_changed": stance_changed,
        "newly_retracted": newly_retracted,
        "verdict_changed": (was["verdict"] or {}).get("label") != (now["verdict"] or {}).get("label"),
    }
