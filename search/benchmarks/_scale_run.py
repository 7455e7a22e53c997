"""The measuring half of ``bench --only scale``, run as a child process inside the scratch database.

``scale.py`` creates the database, points ``DATABASE_URL`` at it and runs
``python -m search.benchmarks._scale_run N WORKERS CORPUS``; this module refuses any database
whose name does not start with ``medseba_scale_``, so it can never write to a real corpus.
A separate process (rather than a second Django database alias) means the code measured is the
production code exactly as it runs: ``LocalCorpusSource`` on ``django.db.connection``.

Phases, each timed:

1. ``load_corpus``'s own path (``documents.loading.upsert_rows``, JSON upsert, GIN index kept
   up to date row by row) on the first records;
2. the bulk path: GIN index dropped, the rest COPYed (``documents.bulk_copy.copy_new_rows``) by
   WORKERS processes in parallel, each committing every batch; the loader's and its PostgreSQL
   backend's private memory sampled at every batch (flat memory = no growth with N);
3. the GIN index built once, ``ANALYZE``;
4. Boolean search through ``LocalCorpusSource.search`` (the ``sources`` benchmark's 55 queries),
   and ``ts_rank_cd`` on the queries with 10,000+ hits: the ranked search vs. matching and counting alone.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BATCH = 5000
UPSERT_SAMPLE = 10_000
BROAD_QUERIES = [
    "hypertension", "placebo", "pain", "randomized", "patients AND treatment", "efficacy AND safety",
    "(morphine OR oxycodone OR fentanyl OR tramadol OR codeine OR methadone OR buprenorphine OR opioid*)",
    "blood pressure OR heart rate", "children OR adolescents OR adults",
]


def _rss_kb(pid: int | str = "self", field: str = "RssAnon") -> int:
    """Private resident memory of a process in kB, from /proc (0 when unreadable)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


_CORPUS: Any = None  # set before the loader processes fork, so they share the parsed demo corpus


def _load_slice(args: tuple[int, int]) -> dict[str, Any]:
    """One (forked) loader process: COPY records start+1 .. start+n, one transaction per batch."""
    import itertools

    from django.db import connection, transaction

    from documents.bulk_copy import copy_new_rows

    start, n = args
    rows = _CORPUS.rows(n, start=start)
    own, backend, loaded, seconds = [], [], 0, 0.0
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend_pid = cursor.fetchone()[0]
    while batch := list(itertools.islice(rows, BATCH)):
        started = time.perf_counter()
        with transaction.atomic():
            loaded += copy_new_rows(batch)
        seconds += time.perf_counter() - started
        own.append(_rss_kb())
        backend.append(_rss_kb(backend_pid))
    connection.close()
    return {"loaded": loaded, "copy_s": seconds, "own_kb": own, "backend_kb": backend}


def _timed_search(source: Any, query: str, limit: int) -> tuple[float, int]:
    from documents.sources.base import Filters

    started = time.perf_counter()
    hits = source.search(query, Filters(), limit)
    return (time.perf_counter() - started) * 1000, hits.count


def _match_ms(source: Any, query: str) -> float:
    """Matching and counting alone (no ranking, no columns): what ts_rank_cd adds is the ranked search minus this."""
    from django.db import connection

    from documents.sources.base import Filters

    compiled = source.compile(query, Filters())
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM documents_paper WHERE abstract <> '' AND ({compiled.where})",
                       compiled.params)
        cursor.fetchall()
    return (time.perf_counter() - started) * 1000


def _sizes() -> dict[str, Any]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_table_size('documents_paper'), pg_relation_size('paper_search_gin'), "
            "pg_indexes_size('documents_paper'), pg_total_relation_size('documents_paper'), "
            "pg_database_size(current_database()), (SELECT count(*) FROM documents_paper)"
        )
        table, gin, indexes, total, database, rows = cursor.fetchone()
    mib = 1024 * 1024
    return {
        "rows": rows, "table_mib (heap+TOAST)": round(table / mib), "gin_index_mib": round(gin / mib),
        "all_indexes_mib": round(indexes / mib), "total_mib": round(total / mib),
        "database_mib": round(database / mib), "bytes_per_record": round(total / max(rows, 1)),
    }


def measure(n: int, workers: int, corpus_path: str) -> dict[str, Any]:
    import itertools

    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection, connections, transaction

    from documents.loading import upsert_rows
    from documents.sources.local import LocalCorpusSource
    from search.benchmarks._scale_corpus import SYNTHETIC_PMID_BASE, SyntheticCorpus
    from search.benchmarks._stats import percentile
    from search.benchmarks.sources import QUERIES

    name = settings.DATABASES["default"]["NAME"]
    if not str(name).startswith("medseba_scale_"):
        raise SystemExit(f"refusing to build a synthetic corpus in database {name!r} (not a medseba_scale_ scratch DB)")
    call_command("migrate", "documents", verbosity=0)
    figures: dict[str, Any] = {"records": n}

    # 1. load_corpus's own upsert path, index maintained row by row.
    sample = min(UPSERT_SAMPLE, n // 10)
    corpus = SyntheticCorpus.from_file(Path(corpus_path))
    rows = corpus.rows(sample)
    started = time.perf_counter()
    with transaction.atomic():
        while batch := list(itertools.islice(rows, 1000)):
            upsert_rows(batch)
    upsert_s = time.perf_counter() - started
    figures["upsert_path"] = {"records": sample, "records_per_s": round(sample / upsert_s)}
    print(f"scale {n}: upsert path {sample / upsert_s:.0f} rec/s", file=sys.stderr, flush=True)

    # 2. bulk COPY, GIN index deferred, WORKERS processes.
    with connection.cursor() as cursor:
        cursor.execute("DROP INDEX paper_search_gin")
    connections.close_all()
    rest = n - sample
    bounds = [sample + rest * k // workers for k in range(workers + 1)]
    slices = [(bounds[k], bounds[k + 1] - bounds[k]) for k in range(workers)]
    global _CORPUS
    _CORPUS = corpus
    started = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        results = pool.map(_load_slice, slices)
    copy_s = time.perf_counter() - started
    print(f"scale {n}: COPY {rest / copy_s:.0f} rec/s", file=sys.stderr, flush=True)

    # 3. one GIN build.
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SET maintenance_work_mem = '512MB'")
        cursor.execute("CREATE INDEX paper_search_gin ON documents_paper USING gin (search_vector)")
        cursor.execute("ANALYZE documents_paper")
    index_s = time.perf_counter() - started
    own = [r["own_kb"] for r in results]
    backend = [r["backend_kb"] for r in results]
    figures["bulk_path"] = {
        "records": rest, "workers": workers, "copy_s": round(copy_s, 1),
        "copy_records_per_s": round(rest / copy_s),
        "gin_build_and_analyze_s": round(index_s, 1),
        "records_per_s_including_index": round(rest / (copy_s + index_s)),
        "loader_rss_anon_mib_first_last_max": [
            round(min(o[0] for o in own) / 1024), round(max(o[-1] for o in own) / 1024),
            round(max(max(o) for o in own) / 1024)],
        "backend_rss_anon_mib_first_last_max": [
            round(min(b[0] for b in backend) / 1024), round(max(b[-1] for b in backend) / 1024),
            round(max(max(b) for b in backend) / 1024)],
    }
    figures["sizes"] = _sizes()
    print(f"scale {n}: index {index_s:.0f} s; sizes {figures['sizes']}", file=sys.stderr, flush=True)

    # 4. search.
    source = LocalCorpusSource()
    limit = settings.MEDSEBA_CANDIDATES
    for query in QUERIES:  # warm-up: connection, lexeme cache, buffers
        source.search(query, _filters(), limit)
    timed = [_timed_search(source, q, limit) for q in QUERIES]
    ms = [t for t, _ in timed]
    figures["search"] = {
        "queries": len(QUERIES), "limit": limit,
        "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(percentile(ms, 0.95), 1),
        "max_ms": round(max(ms), 1), "median_hits": statistics.median([c for _, c in timed]),
        "max_hits": max(c for _, c in timed),
    }
    print(f"scale {n}: search {figures['search']}", file=sys.stderr, flush=True)
    broad = []
    for query in QUERIES + BROAD_QUERIES:
        ranked_ms, count = _timed_search(source, query, limit)
        if count >= 10_000:
            ranked_ms = min(ranked_ms, _timed_search(source, query, limit)[0])
            broad.append((query, count, ranked_ms, _match_ms(source, query)))
    if broad:
        figures["ts_rank_cd_10k_plus"] = {
            "queries": len(broad), "median_hits": statistics.median([b[1] for b in broad]),
            "ranked_p50_ms": round(statistics.median([b[2] for b in broad]), 1),
            "ranked_max_ms": round(max(b[2] for b in broad), 1),
            "match_and_count_only_p50_ms": round(statistics.median([b[3] for b in broad]), 1),
            "slowest": sorted(((q, c, round(r)) for q, c, r, _ in broad), key=lambda b: -b[2])[:3],
        }
    figures["pmids"] = f"{SYNTHETIC_PMID_BASE + 1}..{SYNTHETIC_PMID_BASE + n}"
    return figures


def _filters() -> Any:
    from documents.sources.base import Filters

    return Filters()


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medseba.settings")
    import django

    django.setup()
    n, workers, corpus_path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    print(json.dumps(measure(n, workers, corpus_path)))


if __name__ == "__main__":
    main()
