"""``bench --only scale`` leaves no scratch database behind: a killed run's is dropped by the next run."""
from __future__ import annotations

import os

from search.benchmarks.scale import _admin_connection, drop_stale_scratch_databases


def _databases() -> set[str]:
    with _admin_connection() as conn:
        return {r[0] for r in conn.execute("SELECT datname FROM pg_database").fetchall()}


def test_scratch_databases_of_dead_runs_are_dropped_and_live_ones_kept():
    dead, live = "medseba_scale_1000_999999999", f"medseba_scale_1000_{os.getppid()}"
    with _admin_connection() as conn:
        for name in (dead, live):
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
    try:
        dropped = drop_stale_scratch_databases()
        assert dead in dropped and live not in dropped
        assert dead not in _databases() and live in _databases()
    finally:
        with _admin_connection() as conn:
            for name in (dead, live):
                conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
