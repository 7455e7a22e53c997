"""What the verdict adds to a search: addresses, stance relative to the frame and the verdict rule, per question.

For each question of the verdict question set (``search/evaluation/data/verdict_questions.jsonl``)
the pipeline runs understand → retrieve → rerank → judge on the local corpus, untimed (that is
the search as it was before the verdict). Then the parts the verdict added are timed on those
20 papers: deciding whether each study addresses the question, re-reading the offline stances
relative to the frame (the comparison model for head-to-head studies), the verdict and its
headline. The first question is run once untimed (imports, model loads). Target: median ≤ 150 ms.
"""
from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

NAME = "verdict"
ORDER = 55
TARGET_MS = 150
QUESTIONS = Path(__file__).resolve().parent.parent / "evaluation" / "data" / "verdict_questions.jsonl"


def _questions(limit: int | None) -> list[str]:
    rows = [json.loads(line) for line in QUESTIONS.read_text(encoding="utf-8").splitlines() if line.strip()]
    questions = [row["question"] for row in rows]
    return questions[:limit] if limit else questions


def _prepared(question: str):
    """The state after judge, as the search had it before the verdict's parts ran."""
    from search.pipeline.judge import judge
    from search.pipeline.params import RunParams
    from search.pipeline.runner import run_stage
    from search.pipeline.state import SearchState

    state = SearchState(question=question, params=RunParams(source="local"))
    state.models["requested_source"] = "local"
    for stage in ("understand", "retrieve", "rerank"):
        run_stage(state, stage)
    stances = judge(state.question, state.papers, state.query.frame if state.query else None).stances
    return state, stances


def _verdict_parts(state, stances) -> None:
    from search.pipeline.addresses import addresses
    from search.pipeline.judge_frame import reframe
    from search.pipeline.verdict import decide, headline

    for paper in state.papers:
        paper.addresses = addresses(state.query, paper.record)
    reframed = reframe(state.query, state.papers, stances, question=state.question)
    for paper in state.papers:
        paper.stance = reframed.get(paper.record.pmid)
    verdict = decide(state.papers, state.query.frame, offline=True)
    headline(verdict, state.query.frame)


def run(options: dict[str, Any]) -> dict[str, Any]:
    from django.test import override_settings

    questions = _questions(options.get("questions"))
    timings: list[float] = []
    with override_settings(MEDSEBA_LLM_BASE_URL="", OPENAI_API_KEY=""):
        warm_state, warm_stances = _prepared(questions[0])
        _verdict_parts(warm_state, warm_stances)  # untimed: imports and model loads
        for question in questions:
            state, stances = _prepared(question)
            if state.query is None or not state.papers:
                continue
            started = time.perf_counter()
            _verdict_parts(state, stances)
            timings.append(time.perf_counter() - started)
    ordered = sorted(timings)
    return {
        "questions": len(timings),
        "median_ms": round(statistics.median(ordered) * 1000, 1),
        "p90_ms": round(ordered[max(0, int(round(0.9 * len(ordered))) - 1)] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "target_ms": TARGET_MS,
        "what": "addresses + stance relative to the frame + verdict + headline for the 20 papers of each question",
    }
