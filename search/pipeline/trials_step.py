"""Run the trial-registry look-up in its own thread while the enrich step asks the metric services.

A context manager so the step reads in order: start the look-up, enrich, then record the
trials; the look-up shares enrichment's time budget (``MEDSEBA_ENRICH_DEADLINE``) and any
crash in it becomes one failure of source ``clinicaltrials``, never a lost enrich stage.
"""
from __future__ import annotations

import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from django.conf import settings
from django.db import close_old_connections

from .state import Failure, SearchState

logger = logging.getLogger(__name__)


class TrialsLookup:
    def __init__(self, state: SearchState) -> None:
        from search.store import is_anonymous_ref

        self._query = state.query
        self._anonymous = is_anonymous_ref(state.id)
        self._enabled = bool(settings.MEDSEBA_TRIALS) and (state.scope is None or state.scope.searched)
        self._deadline = time.monotonic() + settings.MEDSEBA_ENRICH_DEADLINE
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Any] | None = None

    def __enter__(self) -> "TrialsLookup":
        if self._enabled:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trials")
            self._future = self._pool.submit(self._run)
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False)

    def _run(self) -> Any:
        from .trials import find_trials

        try:
            return find_trials(self._query, anonymous=self._anonymous, deadline=self._deadline)
        finally:
            close_old_connections()  # the cache is Redis, but never leave a thread's DB connection open

    def record(self, state: SearchState) -> None:
        """Put the trial cards (or the registry's failure) on the state; waits at most until the budget ends."""
        if self._future is None:
            return
        from .trials import LABEL

        try:
            found, failures = self._future.result(timeout=max(0.0, self._deadline - time.monotonic()) + 1.0)
        except FutureTimeout:
            found, failures = None, [Failure("enrich", "clinicaltrials", f"{LABEL}: no answer within the time budget")]
        except Exception as exc:  # noqa: BLE001 - the registry must never take the metrics down with it
            logger.exception("trial look-up crashed")
            found, failures = None, [Failure("enrich", "clinicaltrials", f"{LABEL}: {type(exc).__name__}: {exc}")]
        state.trials = found.to_dict() if found is not None else None
        state.failures.extend(failures)
