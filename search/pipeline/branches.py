"""The fan-out after rerank: enrich ‖ judge ‖ locate run as three tasks and meet again at synthesise.

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

from .state import STAGE_PROGRESS, STAGES, Failure, SearchState

FAN_OUT = "rerank"  # the stage whose output every branch reads
BRANCHES = ("enrich", "judge", "locate")
FAN_IN = "synthesise"  # the first stage that reads every branch's output


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

    @property
    def paper_fields(self) -> tuple[str, ...]:
        return PAPER_FIELDS[self.stage]


# The per-paper fields each branch owns (judge decides whether a study addresses the question, and its stance).
PAPER_FIELDS: dict[str, tuple[str, ...]] = {
    "enrich": ("metrics",),
    "judge": ("stance", "addresses", "design", "sample_size"),
    "locate": ("best_sentence",),
}


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
    )


def merge_into(state: SearchState, output: BranchOutput) -> None:
    """Add one branch's output to a state that may already hold the other branches' output."""
    for paper in state.papers:
        for attribute, value in output.papers.get(paper.record.pmid, {}).items():
            setattr(paper, attribute, value)
    state.failures.extend(output.failures)
    state.timings_ms[output.stage] = output.timing_ms
    state.models.update(output.models)
    for key, value in output.usage.items():
        state.usage[key] = state.usage.get(key, 0) + value
