"""Stance stage speed: median ms to judge 20 papers offline, over >= 20 PubMedQA dev questions."""
from __future__ import annotations

import statistics
import time
from typing import Any

from django.conf import settings

from documents.sources.base import Record
from search.pipeline.judge import judge
from search.pipeline.state import RankedPaper
from search.stance.data import load_file

NAME = "stance"
ORDER = 40
PAPERS = 20


def run(options: dict[str, Any]) -> dict[str, Any]:
    examples = load_file(settings.MEDSEBA_DATA_DIR / "pubmedqa-labeled" / "dev.jsonl")
    questions = max(20, int(options.get("questions") or 20))
    if len(examples) < PAPERS + questions:
        raise ValueError("not enough PubMedQA dev records for the stance benchmark")
    started = time.perf_counter()
    warm = judge(examples[0].question, _papers(examples, 0))  # loads the embedding and stance models
    load_ms = (time.perf_counter() - started) * 1000
    timings = []
    for q in range(1, questions + 1):
        papers = _papers(examples, q)
        t0 = time.perf_counter()
        result = judge(examples[q].question, papers)
        timings.append((time.perf_counter() - t0) * 1000)
    return {
        "questions": questions,
        "papers_per_question": PAPERS,
        "model": warm.model,
        "labelled": len(result.stances),
        "failures": [f.error for f in warm.failures],
        "first_call_ms_with_model_loading": round(load_ms, 1),
        "median_ms": round(statistics.median(timings), 1),
        "max_ms": round(max(timings), 1),
    }


def _papers(examples: list, q: int) -> list[RankedPaper]:
    """The question's own abstract plus the next 19 records, as the judge stage receives them."""
    chosen = [examples[(q + i) % len(examples)] for i in range(PAPERS)]
    return [
        RankedPaper(rank=i + 1, record=Record(pmid=e.key, title="", abstract=e.text), similarity=0.0)
        for i, e in enumerate(chosen)
    ]
