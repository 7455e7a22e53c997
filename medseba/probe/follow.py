"""Figures for following searches: many clients behind one address, and N concurrent searches to done.

Every client here runs on this machine, so the server sees one address for all of them: the
hospital-behind-one-NAT case of issue 13, item 6. Each client follows a search the way the
front end does (``checks.follow_to_done``: long-poll with ``?version=``, a pause after an
unchanged answer) after fetching its CSRF cookie, and every status it sees is counted.
"""
from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from search.benchmarks._stats import percentile
from search.benchmarks.service import QUESTIONS

from .checks import follow_to_done
from .client import Budget, ProbeClient


@dataclass
class FollowFigures:
    clients: int
    searches: int
    done: int = 0
    requests: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    to_done_ms: list[float] = field(default_factory=list)
    submit_statuses: Counter[int] = field(default_factory=Counter)
    throttled_paths: Counter[str] = field(default_factory=Counter)  # which requests got the 429s

    @property
    def throttled(self) -> int:
        return self.statuses[429]

    @property
    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status >= 500)

    def line(self) -> str:
        def ms(q: float) -> str:
            return f"{percentile(self.to_done_ms, q):,.0f} ms" if self.to_done_ms else "n/a"

        return (
            f"{self.clients} clients following {self.searches} searches from one address: "
            f"{self.done}/{self.searches} done, to done p50 {ms(0.5)}, p95 {ms(0.95)}; "
            f"{self.requests} requests, {self.throttled} responses of 429, {self.errors} of 5xx "
            f"(statuses {dict(sorted(self.statuses.items()))}; submitting {dict(self.submit_statuses)}"
            + (f"; 429 on {dict(self.throttled_paths)}" if self.throttled_paths else "") + ")"
        )


def _submit(base_url: str, budget: Budget, question: str) -> tuple[str | None, float, int]:
    client = ProbeClient(base_url, budget)
    try:
        client.csrf()
        started = time.monotonic()
        made = client.post("/api/searches/", json={"question": question, "anonymous": True})
        return (made.json()["id"] if made.status_code == 202 else None), started, made.status_code
    finally:
        client.close()


def follow_searches(base_url: str, *, clients: int, searches: int, limit_seconds: float = 300.0) -> FollowFigures:
    """Submit ``searches`` anonymous searches at once, then ``clients`` clients follow them (client i follows
    search i mod ``searches``) until done. Time to done is from submitting to the first client seeing it done."""
    budget = Budget(max_requests=200 * clients + 50 * searches)
    figures = FollowFigures(clients=clients, searches=searches)
    questions = (QUESTIONS * (searches // len(QUESTIONS) + 1))[:searches]
    with ThreadPoolExecutor(max(clients, searches)) as pool:
        submitted = list(pool.map(lambda q: _submit(base_url, budget, q), questions))
        for _, _, status in submitted:
            figures.submit_statuses[status] += 1
        live = [(search_id, started) for search_id, started, _ in submitted if search_id]
        if not live:
            return figures
        done_at: dict[str, float] = {}

        def follow(index: int) -> None:
            search_id, _ = live[index % len(live)]
            client = ProbeClient(base_url, budget)
            try:
                client.csrf()  # the CSRF endpoint shares the read budget: it must not be throttled either
                document, _ = follow_to_done(client, search_id, limit_seconds=limit_seconds)
                if document.get("status") == "done":
                    done_at.setdefault(search_id, time.monotonic())
            finally:
                client.close()

        list(pool.map(follow, range(clients)))
    figures.statuses = Counter({s: n for s, n in budget.statuses.items()})
    figures.throttled_paths = Counter("csrf" if "csrf" in p else "search" if p.startswith("/api/searches/") else p
                                      for p in budget.throttled)
    figures.requests = budget.sent
    figures.done = len(done_at)
    figures.to_done_ms = [(done_at[sid] - started) * 1000 for sid, started in live if sid in done_at]
    _expire(sid for sid, _ in live)
    return figures


def _expire(search_ids) -> None:
    """The probe's anonymous searches leave nothing behind: delete their Redis keys (when this is the server's Redis)."""
    from search.store import ANONYMOUS_KEY_PREFIX, redis_client, search_ref

    keys = [ANONYMOUS_KEY_PREFIX + search_ref(sid) for sid in search_ids]
    if keys:
        redis_client().delete(*keys)
