"""The local corpus at PubMed scale: load rate, index size, Boolean search and ts_rank_cd at N records.

Opt-in (minutes to tens of minutes, gigabytes of disk): ``manage.py bench --only scale
[--scale-sizes 100000 1000000] [--scale-workers 2]``. For each N it creates a scratch database
``medseba_scale_<N>_<pid>`` next to the configured one, builds a SYNTHETIC corpus of N records
there (demo records recombined under PMIDs from 900,000,001: see ``_scale_corpus``; stored oldest first, as a
real baseline loaded in PMID order, unless ``--scale-order pmid``), measures in
a child process (``_scale_run``) and drops the database again, also when the run fails or is
stopped by SIGTERM; a scratch database left by a run killed outright (its pid gone) is dropped
by the next run. The
configured database is never written. Before each size it checks free disk on PostgreSQL's
data directory and refuses that size with a sentence saying how much is needed.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

NAME = "scale"
ORDER = 90
DEFAULT_SIZES = (100_000,)
BYTES_PER_RECORD = 6_000  # measured ~5,200 (heap + TOAST + GIN) on 30k synthetic records, rounded up
DISK_MARGIN = 2  # WAL, the GIN build's sort space and a second copy during VACUUM-free bulk load
DISK_FLOOR = 2 * 1024**3


def add_arguments(parser: Any) -> None:
    parser.add_argument("--scale-sizes", nargs="*", type=int, default=None,
                        help="scale benchmark: corpus sizes to build (default 100000; the issue's two: 100000 1000000)")
    parser.add_argument("--scale-workers", type=int, default=2, help="scale benchmark: parallel COPY loaders")
    parser.add_argument("--scale-order", choices=("year", "pmid"), default="year",
                        help="scale benchmark: how the synthetic corpus is stored: year = oldest first, as a real "
                             "baseline loaded in PMID order (default); pmid = publication years mixed")


def disk_needed(n: int) -> int:
    """Bytes of free disk the benchmark wants before building ``n`` records."""
    return n * BYTES_PER_RECORD * DISK_MARGIN + DISK_FLOOR


def disk_refusal(n: int, free: int) -> str | None:
    """The sentence refusing size ``n`` with ``free`` bytes available, or None when it fits."""
    need = disk_needed(n)
    if free >= need:
        return None
    return (f"not enough free disk for {n:,} synthetic records: about {need / 1024**3:.1f} GiB needed "
            f"(~{BYTES_PER_RECORD:,} bytes a record, twice over, plus 2 GiB), {free / 1024**3:.1f} GiB free")


def _admin_connection() -> Any:
    import psycopg
    from django.conf import settings

    db = settings.DATABASES["default"]
    return psycopg.connect(host=db.get("HOST") or None, port=db.get("PORT") or None, user=db.get("USER") or None,
                           password=db.get("PASSWORD") or None, dbname="postgres", autocommit=True)


def _data_directory() -> str:
    try:
        with _admin_connection() as conn:
            path = conn.execute("SHOW data_directory").fetchone()[0]
        return path if Path(path).exists() else "/"
    except Exception:  # not a superuser, or another host: the local root is the best guess
        return "/"


def _scratch_url(name: str) -> str:
    from django.conf import settings

    db = settings.DATABASES["default"]
    auth = db.get("USER") or ""
    if db.get("PASSWORD"):
        auth += f":{db['PASSWORD']}"
    return f"postgres://{auth}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{name}"


def run_size(n: int, workers: int, corpus: Path, order: str = "year") -> dict[str, Any]:
    """Build, measure and drop one scratch corpus of ``n`` records."""
    from django.conf import settings

    if n < 1000:
        return {"refused": f"{n} records is too few to measure anything at scale (at least 1,000)"}

    free = shutil.disk_usage(_data_directory()).free
    refusal = disk_refusal(n, free)
    if refusal:
        return {"refused": refusal}
    name = f"medseba_scale_{n}_{os.getpid()}"
    with _admin_connection() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        env = {**os.environ, "DATABASE_URL": _scratch_url(name), "MEDSEBA_PRELOAD_MODELS": "false"}
        done = subprocess.run(
            [sys.executable, "-m", "search.benchmarks._scale_run", str(n), str(workers), str(corpus), order],
            cwd=settings.BASE_DIR, env=env, stdout=subprocess.PIPE, text=True, check=False,
        )
        if done.returncode:
            return {"failed": f"the measuring process exited with {done.returncode} (its stderr is above)"}
        return json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        with _admin_connection() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def drop_stale_scratch_databases() -> list[str]:
    """Drop ``medseba_scale_<N>_<pid>`` databases whose benchmark process is gone (a run killed by a signal)."""
    import re

    dropped = []
    with _admin_connection() as conn:
        names = [r[0] for r in conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE 'medseba\\_scale\\_%'").fetchall()]
        for name in names:
            match = re.fullmatch(r"medseba_scale_\d+_(\d+)", name)
            if match and int(match.group(1)) != os.getpid() and not Path(f"/proc/{match.group(1)}").exists():
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
                dropped.append(name)
    return dropped


def _terminate_as_exit(signum: int, _frame: Any) -> None:
    raise SystemExit(f"stopped by signal {signum}")  # so run_size's finally drops the scratch database


XML_SAMPLE = ("fixtures", "ncbi_eutils", "efetch_pubmed_asthma_100articles.xml")  # 100 real records, shared data


def xml_parse_rate(path: Path, *, passes: int = 30) -> dict[str, Any]:
    """Records/s of ``documents.sources.pubmed_xml`` on real PubMed XML, one core: the baseline's other CPU cost."""
    import io
    import time

    from documents.sources.pubmed_xml import ParseStats, iter_records

    data = path.read_bytes()
    started, parsed = time.perf_counter(), 0
    for _ in range(passes):
        parsed += sum(1 for _ in iter_records(io.BytesIO(data), ParseStats()))
    seconds = time.perf_counter() - started
    return {"file": path.name, "bytes_per_record": round(len(data) / max(parsed // passes, 1)),
            "records_per_s": round(parsed / seconds)}


def run(options: dict[str, Any]) -> dict[str, Any]:
    if NAME not in (options.get("only") or []):
        return {"skipped": f"opt-in: manage.py bench --only {NAME} [--scale-sizes 100000 1000000] "
                           "(builds scratch databases of synthetic records; minutes, gigabytes)"}
    from django.conf import settings

    corpus = next((Path(p) for p in settings.MEDSEBA_CORPUS_FILES if Path(p).suffix in (".gz", ".jsonl")), None)
    if corpus is None or not corpus.is_file():
        return {"unavailable": "MEDSEBA_CORPUS_FILES names no demo-format JSON Lines file to synthesise from"}
    figures: dict[str, Any] = {
        "corpus": f"SYNTHETIC: records of {corpus.name} recombined (same-topic sentences shuffled), "
                  "PMIDs from 900000001, origin 'synthetic-scale'; stored "
                  + ("oldest first (year order, as a real baseline loaded in PMID order)"
                     if (options.get("scale_order") or "year") == "year" else "with publication years mixed"),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
    }
    try:
        stale = drop_stale_scratch_databases()
    except Exception as exc:  # not allowed to list or drop databases: the run itself can still go ahead
        stale = [f"(could not check: {exc})"]
    if stale:
        figures["stale_scratch_databases_dropped"] = stale
    import signal

    previous = signal.signal(signal.SIGTERM, _terminate_as_exit)
    sample = Path(settings.SHARED_DIR).joinpath(*XML_SAMPLE)
    if sample.is_file():
        figures["pubmed_xml_parse (real records, one core)"] = xml_parse_rate(sample)
    try:
        for n in options.get("scale_sizes") or DEFAULT_SIZES:
            figures[f"n={n}"] = run_size(n, max(1, int(options.get("scale_workers") or 2)), corpus,
                                         options.get("scale_order") or "year")
    finally:
        signal.signal(signal.SIGTERM, previous)
    figures["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    return figures
