"""The store protocol both backends implement, its errors, and the rules they share."""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from search.pipeline.branches import BRANCHES, BranchOutput
from search.pipeline.graph import STAGE_PROGRESS
from search.pipeline.state import SearchState

FINAL = ("done", "failed")


class SearchNotFound(Exception):
    """No search with this id (or not visible to this user)."""


class SearchExpired(SearchNotFound):
    """An anonymous search whose result has expired from Redis."""


@dataclass(frozen=True)
class BranchSave:
    recorded: bool  # this call recorded the branch (False: recorded before, or the search cannot take it)
    complete: bool  # every branch is recorded now: the fan-in stage may run


class SearchStore(ABC):
    anonymous: bool

    @abstractmethod
    def create(self, state: SearchState, *, fingerprint: str, owner: Any = None) -> str:
        """Persist a new queued search; returns its id (also set on ``state.id``)."""

    @abstractmethod
    def load(self, search_id: str, *, with_candidates: bool = False) -> SearchState:
        """The running state, with the retrieve output only when asked (only rerank needs it)."""

    @abstractmethod
    def mark_running(self, search_id: str) -> None:
        """queued -> running when the first stage starts."""

    @abstractmethod
    def save_stage(self, state: SearchState, *, stage: str) -> bool:
        """Record ``stage``'s output and progress atomically; False when it was already recorded or the search ended."""

    @abstractmethod
    def save_branch(self, search_id: str, output: BranchOutput) -> BranchSave:
        """Merge one branch's output into the document, under a lock, unless that branch is recorded already."""

    @abstractmethod
    def fail(self, search_id: str, reason: str) -> bool:
        """End the search as failed with a human-readable reason (unless it already ended)."""

    @abstractmethod
    def document(self, search_id: str) -> dict[str, Any]:
        """The result document (DESIGN.md) with whatever is ready."""

    @abstractmethod
    def fail_stuck(self, *, older_than: timedelta) -> int:
        """Fail searches that made no progress for ``older_than``; returns how many."""


def stage_fields(stage: str) -> dict[str, Any]:
    """The status, stage and progress a search has once ``stage`` (not a branch) is recorded."""
    if stage in BRANCHES:
        raise ValueError(f"{stage} is a branch: record it with save_branch")
    done = stage == "chart"
    return {
        "status": "done" if done else "running",
        "stage": "done" if done else stage,
        "progress": STAGE_PROGRESS[stage],
    }


def stuck_reason(older_than: timedelta) -> str:
    minutes = max(1, round(older_than.total_seconds() / 60))
    return (
        f"This search made no progress for {minutes} minute(s) and was stopped "
        "(a worker may have crashed or the service is overloaded). Please try again."
    )
