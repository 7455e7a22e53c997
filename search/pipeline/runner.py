"""Run the pipeline stage by stage on one :class:`SearchState`.

``run_stage`` is the single place that times a stage, records its progress and decides
whether an exception degrades the search (listed in ``failures``) or ends it. The
``ask`` command calls :func:`run_pipeline`; the Celery tasks call :func:`run_stage` once
per task so every stage persists before the next starts.
"""
from __future__ import annotations

import logging
import time
from typing import Callable

from documents.sources.base import Filters
from medseba.db import public_error

from . import steps
from .errors import StageFailed
from .graph import CRITICAL_STAGES, STAGE_PROGRESS, STAGES
from .params import RunParams
from .state import SearchState

__all__ = ["STEPS", "StageFailed", "run_pipeline", "run_stage", "searches_further"]

logger = logging.getLogger(__name__)

# The function that runs each stage of the graph (graph.py declares the stages; this only binds them).
STEPS: dict[str, Callable[[SearchState], None]] = {
    "understand": steps.step_understand,
    "retrieve": steps.step_retrieve,
    "rerank": steps.step_rerank,
    "enrich": steps.step_enrich,
    "judge": steps.step_judge,
    "locate": steps.step_locate,
    "synthesise": steps.step_synthesise,
    "chart": steps.step_chart,
}
assert tuple(STEPS) == STAGES, "every stage of graph.py, in its order, has a step"


def searches_further(state: SearchState) -> bool:
    """False once the scope guard decided this question gets no study search (emergency, off-topic, ...)."""
    return state.scope is None or state.scope.searched


def run_stage(state: SearchState, name: str) -> SearchState:
    """Run one stage in place. Non-critical stages never raise; critical ones raise StageFailed."""
    step = STEPS[name]
    state.status = "running"
    state.stage = name
    started = time.perf_counter()
    try:
        step(state)
    except StageFailed:
        raise
    except Exception as exc:  # noqa: BLE001 - a stage's failure is reported, not swallowed
        if name in CRITICAL_STAGES:
            logger.exception("stage %s failed", name)
            raise StageFailed(f"The {name} stage failed: {public_error(exc)}") from exc
        logger.warning("stage %s degraded: %s", name, exc)
        state.fail_part(name, "pipeline", public_error(exc))  # never a database's raw text (pids, xids)
    finally:
        state.timings_ms[name] = int((time.perf_counter() - started) * 1000)
    state.progress = STAGE_PROGRESS[name]
    return state


def run_pipeline(
    question: str,
    filters: Filters | None = None,
    *,
    source: str | None = None,
    top_k: int | None = None,
    candidates: int | None = None,
    on_progress: Callable[[SearchState], None] | None = None,
) -> SearchState:
    """Run every stage in order, synchronously (used by ``manage.py ask`` and the benchmarks).

    ``source``, ``top_k`` and ``candidates`` are this run's (``None``: the configured default).
    """
    params = RunParams(source=source or None, top_k=top_k, candidates=candidates)
    state = SearchState(question=question, filters=filters or Filters(), params=params)
    if source:
        state.models["requested_source"] = source  # provenance: what was asked for
    for name in STAGES:
        try:
            run_stage(state, name)
        except StageFailed as exc:
            state.status = "failed"
            state.error = str(exc)
            return state
        if on_progress:
            on_progress(state)
        if not searches_further(state):
            state.progress = STAGE_PROGRESS[STAGES[-1]]
            break
    state.status = "done"
    state.stage = "done"
    return state
