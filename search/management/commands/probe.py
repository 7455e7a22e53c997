"""``manage.py probe``: replay issue 13's cases against a running MedSEBA on this machine; tried / failed per area.

    manage.py probe [--url http://127.0.0.1:8000] [--log SERVER_LOG] [--only AREA ...]
    manage.py probe --follow 50 10       # 50 clients behind one address follow 10 searches to done
    manage.py probe --load 10 20         # 10, then 20 concurrent searches: p50/p95 to done, 429s, errors

Loopback only and bounded (``--max-requests``). The checks exit non-zero when anything failed,
so CI runs them through the test command (``tests/hardening/test_probe.py``, against a live
server). Run the checks last when you also measure: the anonymous area ends by using up this
address's read budget for a minute (it must reach a 429).
"""
from __future__ import annotations

import json
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from medseba.probe import checks
from medseba.probe.client import Budget, ProbeClient, ProbeError
from medseba.probe.follow import follow_searches

AREAS = ("bodies", "ids", "csp", "docs", "history", "progress", "anonymous")


def _read_rate() -> int:
    """Reads a minute one address may make (the anon throttle), to bound the walk to a 429."""
    rate = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon"] or "240/min"
    return int(rate.split("/")[0])


class Command(BaseCommand):
    help = "Probe a running server on this machine for issue 13's cases; tried / failed per area."

    def add_arguments(self, parser):
        parser.add_argument("--url", default=f"http://127.0.0.1:{getattr(settings, 'MEDSEBA_PORT', 8000)}")
        parser.add_argument("--log", type=Path, help="the server's log file, searched for anonymous ids")
        parser.add_argument("--only", nargs="+", choices=AREAS, help="run only these areas")
        parser.add_argument("--follow", nargs=2, type=int, metavar=("CLIENTS", "SEARCHES"),
                            help="measure: CLIENTS clients behind this one address follow SEARCHES searches to done")
        parser.add_argument("--load", nargs="+", type=int, metavar="N",
                            help="measure: N concurrent searches, each followed to done (one run per N, 65 s apart)")
        parser.add_argument("--max-requests", type=int, default=3000)
        parser.add_argument("--progress-limit", type=float, default=180.0, help="seconds to follow one search")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        try:
            if options["follow"] or options["load"]:
                return self._measure(options)
            return self._checks(options)
        except ProbeError as exc:
            raise CommandError(str(exc)) from exc

    def _checks(self, options) -> None:
        wanted = set(options["only"] or AREAS)
        client = ProbeClient(options["url"], Budget(options["max_requests"]))
        areas: list[checks.Area] = []
        search_id = None
        try:
            for name, run in (("bodies", checks.bad_bodies), ("ids", checks.bad_ids), ("csp", checks.csp),
                              ("docs", checks.docs_assets), ("history", checks.history_paging)):
                if name in wanted:
                    areas.append(run(ProbeClient(options["url"], client.budget)))
            if "progress" in wanted:
                area, search_id = checks.progress(client, limit_seconds=options["progress_limit"])
                areas.append(area)
            if "anonymous" in wanted:  # last: it ends with this address throttled for a minute
                areas.append(checks.anonymous_logs(client, search_id, log_file=options["log"],
                                                   max_reads=min(1000, _read_rate() + 50)))
        finally:
            client.close()
        # The app's pages answer 503 until the front end is built (medseba/frontend_view.py): not an API failure.
        unbuilt = [path for status, path in client.budget.server_errors if status == 503 and not path.startswith("/api/")]
        server_errors = len(client.budget.server_errors) - len(unbuilt)
        if unbuilt:
            rows_note = f"the front end is not built here: {len(unbuilt)} page request(s) answered 503"
        rows = [{"area": a.name, "tried": a.tried, "failed": len(a.failed), "failures": a.failed, "notes": a.notes}
                for a in areas]
        if options["json"]:
            self.stdout.write(json.dumps({"areas": rows, "requests": client.budget.sent,
                                          "server_errors": server_errors}, indent=2))
        else:
            width = max(len(r["area"]) for r in rows) if rows else 10
            self.stdout.write(f"{'area':<{width}}  tried  failed")
            for r in rows:
                self.stdout.write(f"{r['area']:<{width}}  {r['tried']:>5}  {r['failed']:>6}")
                for failure in r["failures"]:
                    self.stdout.write(f"    FAILED: {failure}")
                for note in r["notes"]:
                    self.stdout.write(f"    note: {note}")
            self.stdout.write(f"{client.budget.sent} requests, {server_errors} answered 5xx")
            if unbuilt:
                self.stdout.write(f"note: {rows_note}")
        failed = sum(r["failed"] for r in rows)
        if failed or server_errors:
            raise CommandError(f"{failed} check(s) failed, {server_errors} server error(s)")

    def _measure(self, options) -> None:
        results = []
        if options["follow"]:
            clients, searches = options["follow"]
            results.append(follow_searches(options["url"], clients=clients, searches=searches,
                                           limit_seconds=options["progress_limit"]))
        for i, n in enumerate(options["load"] or []):
            if i or results:
                time.sleep(65)  # a fresh minute of the per-address search throttle for the next batch
            results.append(follow_searches(options["url"], clients=n, searches=n, limit_seconds=options["progress_limit"]))
        for figures in results:
            if options["json"]:
                self.stdout.write(json.dumps({
                    "clients": figures.clients, "searches": figures.searches, "done": figures.done,
                    "requests": figures.requests, "throttled": figures.throttled, "server_errors": figures.errors,
                    "to_done_ms": figures.to_done_ms, "statuses": dict(figures.statuses),
                }))
            else:
                self.stdout.write(figures.line())
