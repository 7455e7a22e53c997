"""The fan-out after rerank: enrich ‖ judge ‖ locate run as three tasks and meet again at synthesise.

Which stages branch, and the fields each one owns, are declared in ``graph.py``.

Each branch reads only the state recorded by rerank and owns one part of it (enrich the
metrics, judge the stances, locate the best sentences). What a branch produced travels to
the store as a :class:`BranchOutput` holding only that part, so the store can merge it into
the document under a lock without erasing what another branch recorded meanwhile.

Progress stays monotonic whatever order the branches finish in: each recorded branch adds
its share (its mark minus the previous stage's mark, so all three add up to the mark of
the last one), and ``stage`` names the last stage of the longest finished prefix of the
pipeline, which is always a stage that truly finished and whose mark the progress has
reached: the front end then shows the next stage in order, one that is still running.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from .graph import BRANCHES, FAN_IN, FAN_OUT, PAPER_FIELDS, STAGE_PROGRESS, STAGES, STATE_FIELDS
from .state import Failure, SearchState, add_usage

__all__ = ["BRANCHES", "FAN_IN", "FAN_OUT", "PAPER_FIELDS", "STATE_FIELDS", "Baseline", "BranchOutput",
           "all_done", "branch_output", "fan_out_position", "merge_into", "share"]


def share(branch: str) -> int:
    """The progress a finished branch adds."""
    return STAGE_PROGRESS[branch] - STAGE_PROGRESS[STAGES[STAGES.index(branch) - 1]]


def fan_out_position(done: Collection[str]) -> tuple[str, int]:
    """(stage, progress) to record once the branches in ``done`` are finished."""
    progress = STAGE_PROGRESS[FAN_OUT] + sum(share(b) for b in set(done))
    stage = FAN_OUT
    for branch in BRANCHES:
        if branch not in done:
            break
        stage = branch
    return stage, progress


def all_done(done: Collection[str]) -> bool:
    return set(BRANCHES) <= set(done)


@dataclass
class Baseline:
    """What a branch's state held before it ran, so only what the branch added is recorded."""

    failures: int
    usage: dict[str, int]
    models: dict[str, Any]

    @classmethod
    def of(cls, state: SearchState) -> "Baseline":
        return cls(failures=len(state.failures), usage=dict(state.usage), models=dict(state.models))


@dataclass
class BranchOutput:
    """One branch's part of the document: per-paper values of the one field it owns, and its additions."""

    stage: str
    # pmid -> {owned field: value}
    papers: dict[str, dict[str, Any]]
    failures: list[Failure] = field(default_factory=list)
    timing_ms: int = 0
    models: dict[str, Any] = field(default_factory=dict)  # keys set or changed by the branch
    usage: dict[str, int] = field(default_factory=dict)  # tokens the branch spent
    # search-level fields the branch owns (STATE_FIELDS): enrich's trial cards
    state: dict[str, Any] = field(default_factory=dict)

    @property
    def paper_fields(self) -> tuple[str, ...]:
        return PAPER_FIELDS[self.stage]



def branch_output(state: SearchState, stage: str, baseline: Baseline) -> BranchOutput:
    """The part of ``state`` that branch ``stage`` produced after ``baseline`` was taken."""
    attributes = PAPER_FIELDS[stage]
    return BranchOutput(
        stage=stage,
        papers={p.record.pmid: {a: getattr(p, a) for a in attributes} for p in state.papers},
        failures=state.failures[baseline.failures:],
        timing_ms=state.timings_ms.get(stage, 0),
        models={k: v for k, v in state.models.items() if baseline.models.get(k, object()) != v},
        usage={k: v - baseline.usage.get(k, 0) for k, v in state.usage.items() if v != baseline.usage.get(k, 0)},
        state={a: getattr(state, a) for a in STATE_FIELDS[stage]},
    )


def merge_into(state: SearchState, output: BranchOutput) -> None:
    """Add one branch's output to a state that may already hold the other branches' output."""
    for paper in state.papers:
        for attribute, value in output.papers.get(paper.record.pmid, {}).items():
            setattr(paper, attribute, value)
    for attribute, value in output.state.items():
        setattr(state, attribute, value)
    state.failures.extend(output.failures)
    state.timings_ms[output.stage] = output.timing_ms
    state.models.update(output.models)
    add_usage(state.usage, output.usage)
