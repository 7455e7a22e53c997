"""Schemathesis against /api/schema/ of a live server of this run: bounded, no response is a server error.

The README's figure is the longer run (``st run ... -n 25 --max-time 240``, README "Hardening"); this
is the same command, bounded to about a minute so it runs with every test run. Throttles are lifted
for it (a 429 is no failure, but it would stop the fuzzer from reaching the views) and searches it
starts are recorded instead of sent to a broker.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings as django_settings

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]  # a minute of fuzzing: the full lane only
ST = Path(django_settings.BASE_DIR) / ".venv" / "bin" / "st"


@pytest.mark.skipif(not (ST.exists() or shutil.which("st")), reason="schemathesis is a test dependency: pip install -e '.[test]'")
def test_no_generated_request_gets_a_server_error(live_server, settings, no_dispatch, tmp_path):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {scope: "100000/min" for scope in rates}}
    settings.MEDSEBA_PROGRESS_WAIT = 0.5
    command = [
        str(ST if ST.exists() else shutil.which("st")), "run", f"{live_server.url}/api/schema/",
        "--checks", "not_a_server_error", "-n", "5", "--max-time", "60", "--workers", "1", "--seed", "13",
        "--phases", "examples,coverage,fuzzing", "--generation-database", "none", "--request-timeout", "30",
        "--no-color",
    ]
    run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=240)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-3000:]  # a 5xx is a failed check: exit code 1, listed above the summary
    assert "generated" in report and " passed" in report and "FAILURES" not in report, report[-3000:]
