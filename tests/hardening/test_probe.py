"""``manage.py probe`` in CI: every area against a live server of this test run, nothing failed, no 5xx.

The live server runs in this process, so its searches are recorded instead of sent to a broker
(no worker follows them: the progress area checks the long-poll protocol on a queued search),
its log is a file this test attaches to the root logger (the probe searches it for the
anonymous id), and the read throttle is lowered so reaching a 429 takes a few dozen requests.
"""
from __future__ import annotations

import logging
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server_log(tmp_path):
    path = tmp_path / "server.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield path
    root.removeHandler(handler)
    root.setLevel(old_level)
    handler.close()


def test_probe_finds_nothing_against_a_live_server(live_server, server_log, settings, no_dispatch):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {**rates, "anon": "40/min"}}
    settings.MEDSEBA_PROGRESS_WAIT = 1.0  # the long-poll on the queued search waits 1 s, not 25
    out = StringIO()
    call_command("probe", "--url", live_server.url, "--log", str(server_log), "--progress-limit", "4", stdout=out)
    report = out.getvalue()
    assert "0 answered 5xx" in report, report
    for area in ("bad bodies", "bad ids", "content security policy", "docs page assets", "history paging",
                 "progress by long-polling", "anonymous result"):
        line = next(line for line in report.splitlines() if line.startswith(area))
        tried, failed = (int(n) for n in line.split()[-2:])
        assert tried > 0 and failed == 0, report
    assert "/api/searches/" in server_log.read_text()  # the log was written to, and the probe searched it


def test_probe_refuses_a_server_that_is_not_this_machine():
    with pytest.raises(CommandError, match="loopback"):
        call_command("probe", "--url", "http://192.0.2.10:8000", stdout=StringIO())
