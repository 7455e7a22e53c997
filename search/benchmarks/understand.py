"""Benchmark of stage 1: one-time load cost, then median/p95 ms of ``understand`` over fixed questions (warm)."""
from __future__ import annotations

import statistics
import time
from typing import Any

from ._stats import percentile

NAME = "understand"
ORDER = 20

QUESTIONS = [
    "Does vitamin C prevent colds?",
    "Is hormone replacement therapy safe for the heart?",
    "Do PPIs cause fractures?",
    "Is sitting bad for the elderly?",
    "Does sumatriptan relieve migraine?",
    "hello?",
    "Are ACE inhibitors better than ARBs for high blood pressure?",
    "Do opioids work for chronic back pain?",
    "Is methylphenidate safe for children with ADHD?",
    "Do atypical antipsychotics cause weight gain?",
    "Does metformin lower mortality in type 2 diabetes?",
    "Does oxybutynin help urinary incontinence in older women?",
    "Do NSAIDs raise the risk of stomach bleeding?",
    "Are beta blockers useful after a heart attack?",
    "Does omeprazole cause pneumonia?",
    "Can antihistamines relieve allergic rhinitis in kids?",
    "Is estrogen therapy linked to breast cancer?",
    "Do calcium channel blockers cause ankle swelling?",
    "Does exercise reduce depression in the elderly?",
    "Can tailored interventions increase mammography use among HMO women?",
    "Do mitochondria play a role in remodelling lace plant leaves during programmed cell death?",
    "Is zolmitriptan as effective as sumatriptan for menstrual migraine?",
]


def run(options: dict[str, Any]) -> dict[str, Any]:
    from documents.sources.base import Filters
    from search.pipeline.concepts import load
    from search.pipeline.understand import understand

    started = time.perf_counter()
    load()
    load_ms = (time.perf_counter() - started) * 1000
    count = max(int(options.get("questions") or 20), 20)
    questions = (QUESTIONS * (count // len(QUESTIONS) + 1))[:count]
    understand(questions[0], Filters())  # first call warms spaCy's caches
    timings = []
    for question in questions:
        t0 = time.perf_counter()
        understand(question, Filters())
        timings.append((time.perf_counter() - t0) * 1000)
    timings.sort()
    return {
        "load_ms": round(load_ms),
        "questions": len(timings),
        "median_ms": round(statistics.median(timings), 1),
        "p95_ms": round(percentile(timings, 0.95), 1),
        "max_ms": round(timings[-1], 1),
    }
