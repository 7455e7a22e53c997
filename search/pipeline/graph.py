"""The pipeline's stage graph, declared once: every other module derives what it needs from ``LEVELS``.

A search runs the levels in order; a level is one stage, or several stages that run side by side
as separate Celery tasks (after rerank: enrich ‖ judge ‖ locate, see ``branches.py``). For each
stage the table says the progress (0-100) the search reaches when it has finished, whether an
exception in it fails the search (critical) or only degrades the result, and what it owns in the
document: a branch records only its own per-paper and search-level fields, so three branches can
record in any order; a stage that "writes papers" rewrites the paper rows when it is saved.

Derived here (and nowhere else): the stage order, the progress marks, the critical set, the one
parallel level (its fan-out and fan-in), each stage's successors and inputs, and the broker
priority. The runner, the Celery chaining in ``search/services.py``, the stores, the recovery
watchdog and the front end's stage list (``frontend/src/types/stages.gen.ts``, written by
``npm run gen:api`` from ``python -m search.pipeline.graph``) read them.

This module imports nothing from the project, so anything may import it.
"""
from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    name: str
    progress: int  # reached when the stage has finished
    critical: bool = False  # an exception ends the search "failed" (nothing to show without it)
    writes_papers: bool = False  # saving it rewrites the search's paper rows (rerank makes them, synthesise edits)
    paper_fields: tuple[str, ...] = ()  # a branch's per-paper fields (RankedPaper attributes) it alone records
    state_fields: tuple[str, ...] = ()  # a branch's search-level fields (SearchState attributes) it alone records


LEVELS: tuple[tuple[Stage, ...], ...] = (
    (Stage("understand", 10, critical=True),),
    (Stage("retrieve", 30, critical=True),),
    (Stage("rerank", 50, critical=True, writes_papers=True),),
    (
        Stage("enrich", 60, paper_fields=("metrics",), state_fields=("trials",)),
        # judge decides whether a study addresses the question, its stance, design and size
        Stage("judge", 75, paper_fields=("stance", "addresses", "design", "sample_size")),
        Stage("locate", 85, paper_fields=("best_sentence",)),
    ),
    (Stage("synthesise", 95, writes_papers=True),),
    (Stage("chart", 100),),
)

BY_NAME: dict[str, Stage] = {stage.name: stage for level in LEVELS for stage in level}
STAGES: tuple[str, ...] = tuple(BY_NAME)
STAGE_PROGRESS: dict[str, int] = {name: stage.progress for name, stage in BY_NAME.items()}
CRITICAL_STAGES: frozenset[str] = frozenset(name for name, stage in BY_NAME.items() if stage.critical)
PAPER_STAGES: frozenset[str] = frozenset(name for name, stage in BY_NAME.items() if stage.writes_papers)

_LEVEL_OF: dict[str, int] = {stage.name: i for i, level in enumerate(LEVELS) for stage in level}
_PARALLEL = [i for i, level in enumerate(LEVELS) if len(level) > 1]
assert len(_PARALLEL) == 1 and 0 < _PARALLEL[0] < len(LEVELS) - 1, "branches.py handles one fan-out between stages"
BRANCHES: tuple[str, ...] = tuple(stage.name for stage in LEVELS[_PARALLEL[0]])
FAN_OUT: str = LEVELS[_PARALLEL[0] - 1][0].name  # the stage whose output every branch reads
FAN_IN: str = LEVELS[_PARALLEL[0] + 1][0].name  # the first stage that reads every branch's output
PAPER_FIELDS: dict[str, tuple[str, ...]] = {name: BY_NAME[name].paper_fields for name in BRANCHES}
STATE_FIELDS: dict[str, tuple[str, ...]] = {name: BY_NAME[name].state_fields for name in BRANCHES}

# The stages each stage's output feeds (the next level), and the stages each one reads (the previous level).
SUCCESSORS: dict[str, tuple[str, ...]] = {
    stage.name: tuple(s.name for s in LEVELS[i + 1]) for i, level in enumerate(LEVELS[:-1]) for stage in level
}
INPUTS: dict[str, tuple[str, ...]] = {
    stage.name: tuple(s.name for s in LEVELS[i - 1]) if i else () for i, level in enumerate(LEVELS) for stage in level
}

assert all(a < b for a, b in zip(STAGE_PROGRESS.values(), list(STAGE_PROGRESS.values())[1:])), "progress must grow"
assert STAGE_PROGRESS[STAGES[-1]] == 100


def priority(stage: str) -> int:
    """The Redis broker priority of a stage's task: later levels first (0 is the highest), branches share one.

    With plain FIFO, ten searches submitted together advance in lock step and all finish together at
    the end; preferring later stages lets a search that has started finish before new ones start.
    """
    return len(LEVELS) - 1 - _LEVEL_OF[stage]


def as_json() -> str:
    """What the front end needs of the graph: the stages in order with their progress marks and branch flag."""
    stages = [{"name": name, "progress": STAGE_PROGRESS[name], "branch": name in BRANCHES} for name in STAGES]
    return json.dumps(stages, indent=2)


if __name__ == "__main__":  # used by frontend/scripts/gen-api.mjs
    print(as_json())
