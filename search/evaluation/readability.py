"""``manage.py evaluate readability --data FILE [--limit N] [--json]``: can a lay reader read the lay answer?

FILE is a labelled verdict question set (``search/evaluation/data/verdict_questions.jsonl``; only
the questions are used). Each question runs through the whole pipeline offline on the local
corpus, and the lay headline and explanation (``answer.modes.lay``) are scored together with
the Flesch-Kincaid grade (textstat). Target: median grade ≤ 8. The clinician text is scored too,
for contrast, and the worst lay texts are listed so they can be read and fixed.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from .verdict import load_questions

TARGET_GRADE = 8.0
WORST_SHOWN = 5


def grade(text: str) -> float:
    """Flesch-Kincaid grade of ``text`` (0.0 for an empty text)."""
    import textstat

    return float(textstat.flesch_kincaid_grade(text)) if text.strip() else 0.0


def lay_text(answer: dict[str, Any] | None) -> str:
    """The measured lay text: headline and explanation (the certainty line names study counts and designs)."""
    lay = ((answer or {}).get("modes") or {}).get("lay") or {}
    return " ".join(t for t in (lay.get("headline"), lay.get("explanation")) if t)


def summarise(lay: list[float], clinician: list[float]) -> dict[str, Any]:
    """The figures over the scored questions (tested on hand-made lists)."""
    if not lay:
        return {"n": 0, "lay_median_grade": None}
    return {
        "n": len(lay),
        "lay_median_grade": round(statistics.median(lay), 2),
        "lay_max_grade": round(max(lay), 2),
        "lay_share_at_or_below_target": round(sum(g <= TARGET_GRADE for g in lay) / len(lay), 3),
        "target_grade": TARGET_GRADE,
        "clinician_median_grade": round(statistics.median(clinician), 2) if clinician else None,
    }


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    from search.pipeline.runner import run_pipeline

    questions = load_questions(data_path, options.get("limit"))
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for question in questions:
        state = run_pipeline(question.question, source="local")
        answer = state.to_document()["answer"]
        text = lay_text(answer)
        if not text:
            rows.append({"id": question.id, "lay": None, "note": f"no lay text (status {state.status})"})
            continue
        clinician = ((answer.get("modes") or {}).get("clinician") or {})
        rows.append({
            "id": question.id, "text": text, "lay": grade(text),
            "clinician": grade(" ".join(t for t in (clinician.get("headline"), clinician.get("explanation")) if t)),
        })
    scored = [r for r in rows if r.get("lay") is not None]
    figures = summarise([r["lay"] for r in scored], [r["clinician"] for r in scored])
    figures["unscored"] = [r for r in rows if r.get("lay") is None]
    figures["worst"] = sorted(({"id": r["id"], "grade": r["lay"], "text": r["text"]} for r in scored),
                              key=lambda r: -r["grade"])[:WORST_SHOWN]
    figures["seconds"] = round(time.perf_counter() - started, 1)
    return figures
