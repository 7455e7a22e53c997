"""``load_corpus --workers N --defer-index``: parallel COPY loading, the full-text index built once afterwards.

How it runs:

* The calling process reads and validates the rows (streaming: files are never held whole)
  and deals them out in batches to N loader processes, by PMID (``int(pmid) % N``), so every
  revision of one PMID goes to the same loader in file order and two loaders never write the
  same row. It writes each row as a COPY text line as it deals it (``bulk_copy.BatchEncoder``)
  and hands a loader the batch's bytes (``bulk_copy.EncodedBatch``), not the rows: pickling
  dicts through the queue and unpickling them again, then adapting them value by value in
  the loader, cost more client CPU than the encoding itself (issue #19), on cores the
  PostgreSQL backends need for ``to_tsvector``. Each loader has a bounded queue of
  ``QUEUE_BATCHES`` batches: the reader blocks when the loaders fall behind, so memory stays
  flat whatever the corpus size.
* Each loader (a forked process with its own database connection) writes one transaction per
  batch with ``COPY ... FROM STDIN`` (``documents.bulk_copy``), straight into the table while
  its PMIDs are new. A batch that hits a PMID already there (a re-load, an update file, a
  duplicate in the input) is rolled back and re-sent through the idempotent staging-table
  upsert, and that loader keeps to the upsert from then on; so the result is the same as
  ``load_corpus`` without ``--workers``, and a fresh load pays nothing for the idempotency.
* ``defer_index``: the GIN index on ``search_vector`` is dropped before the load and built once
  after it (``maintenance_work_mem`` raised for the build), then ``ANALYZE``. The build also
  runs when the load fails or is interrupted, so the corpus is never left without its index;
  and any later ``load_corpus`` builds it if a killed run left it missing.

The ``search_vector`` trigger of migration 0002 still fills every row as it is written: its
``to_tsvector`` is most of the cost, and it runs in each loader's own PostgreSQL backend, so the
rate scales with the cores given to loaders. Each loader's session stores the abstract compressed
with lz4 rather than pglz (``LOADER_SETTINGS``, when the server has lz4): the same text read back,
less loader CPU and a smaller table.
"""
from __future__ import annotations

import logging
import multiprocessing
import queue
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from django.db import DatabaseError, IntegrityError, connection, connections, transaction

from documents.bulk_copy import BatchEncoder, EncodedBatch, copy_new_batch, copy_upsert_batch

logger = logging.getLogger(__name__)

BATCH_SIZE = 5000
QUEUE_BATCHES = 2
MAX_WORKERS = 64
INDEX_NAME = "paper_search_gin"
# The index as the model declares it (documents.models.Paper.Meta.indexes) plus its storage options.
INDEX_SQL = f"CREATE INDEX IF NOT EXISTS {INDEX_NAME} ON documents_paper USING gin (search_vector)"
INDEX_MEMORY = "512MB"
# Each loader's session: long values (the abstract) compressed with lz4 instead of pglz, when the
# server has it (PostgreSQL 14+ built --with-lz4; a refused setting leaves the default). Only how
# values are stored changes, never what a query reads. Measured at 100k synthetic records (issue
# #19): the loader backends' CPU 17.1 -> 16.4 s (-4 %), the table 460 -> 434 MiB (-6 %).
LOADER_SETTINGS: tuple[str, ...] = ("SET default_toast_compression = lz4",)


@dataclass
class LoadCounts:
    loaded: int = 0
    updated: int = 0
    unchanged: int = 0
    errors: list[str] = field(default_factory=list)

    def add(self, other: "LoadCounts") -> None:
        self.loaded += other.loaded
        self.updated += other.updated
        self.unchanged += other.unchanged
        self.errors += other.errors


def validate_workers(workers: Any) -> int:
    """``workers`` as an int in 1..MAX_WORKERS, or ValueError with the sentence to show."""
    try:
        value = int(workers)
    except (TypeError, ValueError):
        raise ValueError(f"--workers must be a whole number of loader processes, not {workers!r}") from None
    if not 1 <= value <= MAX_WORKERS:
        raise ValueError(f"--workers must be between 1 and {MAX_WORKERS} loader processes (got {value})")
    return value


def search_index_exists() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [INDEX_NAME])
        return bool(cursor.fetchone()[0])


def drop_search_index() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP INDEX IF EXISTS {INDEX_NAME}")


def build_search_index(*, analyze: bool = True) -> float:
    """Build the GIN index when it is missing (and ANALYZE); returns the seconds it took (0 when present)."""
    if search_index_exists():
        return 0.0
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL maintenance_work_mem = '{INDEX_MEMORY}'")
        cursor.execute(INDEX_SQL)
    if analyze:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE documents_paper")
    return time.perf_counter() - started


def write_batch(batch: EncodedBatch, *, fresh: bool) -> LoadCounts:
    """One batch in its own transaction: straight COPY when ``fresh``, the upsert otherwise or on a conflict.

    ``LoadCounts.updated + unchanged > 0`` or a conflict tells the caller the PMIDs are not all new.
    """
    if fresh:
        try:
            with transaction.atomic():
                if batch.unique == batch.rows:
                    return LoadCounts(loaded=copy_new_batch(batch))
                raise IntegrityError("duplicate PMIDs in one batch")
        except IntegrityError:
            pass  # a PMID seen before: this batch takes the idempotent path
    with transaction.atomic():
        inserted, updated = copy_upsert_batch(batch)
    return LoadCounts(loaded=inserted, updated=updated, unchanged=batch.unique - inserted - updated)


def apply_loader_settings() -> list[str]:
    """``LOADER_SETTINGS`` on this process's connection; returns those the server refused (left at default)."""
    refused = []
    for setting in LOADER_SETTINGS:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(setting)
        except DatabaseError:
            refused.append(setting)
    return refused


def _loader(inbox: Any, results: Any) -> None:
    """A loader process: batches from ``inbox`` until None, then its counts on ``results``."""
    counts = LoadCounts()
    fresh = True
    try:
        for setting in apply_loader_settings():
            logger.info("loader: the server refused %r; its default stays", setting)
        while (batch := inbox.get()) is not None:
            done = write_batch(batch, fresh=fresh)
            fresh = fresh and not (done.updated or done.unchanged or done.loaded < batch.rows)
            counts.add(done)
    except Exception as exc:  # reported to the reader, which stops the load with this sentence
        counts.errors.append(f"{type(exc).__name__}: {exc}")
        while inbox.get() is not None:  # drain so the reader never blocks on a dead loader
            pass
    finally:
        connections.close_all()
        results.put(counts)


def load_rows(rows: Iterable[dict], *, workers: int, defer_index: bool, batch_size: int = BATCH_SIZE,
              on_batch: Callable[[int], None] | None = None) -> tuple[LoadCounts, float]:
    """Load validated rows (``documents.loading`` layout) with ``workers`` COPY processes.

    Returns the counts and the seconds spent building the index (0 without ``defer_index``).
    Raises RuntimeError with a sentence when a loader fails; the index is rebuilt either way.
    """
    workers = validate_workers(workers)
    if defer_index:
        drop_search_index()
    index_s = 0.0
    try:
        counts = _run_loaders(rows, workers, batch_size, on_batch)
    finally:
        if defer_index:
            index_s = build_search_index()
    return counts, index_s


def _run_loaders(rows: Iterable[dict], workers: int, batch_size: int,
                 on_batch: Callable[[int], None] | None) -> LoadCounts:
    # Forked loaders must not share this process's socket: close it here, they open their own.
    if connection.in_atomic_block:
        raise RuntimeError("--workers cannot run inside a transaction (the loaders commit on their own connections)")
    connections.close_all()
    context = multiprocessing.get_context("fork")
    inboxes = [context.Queue(maxsize=QUEUE_BATCHES) for _ in range(workers)]
    results = context.Queue()
    procs = [context.Process(target=_loader, args=(inboxes[k], results), daemon=True) for k in range(workers)]
    for proc in procs:
        proc.start()
    buckets = [BatchEncoder() for _ in range(workers)]  # each loader's next batch, as COPY lines

    def send(k: int, item: Any) -> None:
        while True:
            try:
                inboxes[k].put(item, timeout=1)
                return
            except queue.Full:
                if not procs[k].is_alive():
                    raise RuntimeError(f"loader process {k + 1} of {workers} exited early "
                                       f"(exit code {procs[k].exitcode})") from None

    def flush(k: int) -> None:
        try:
            batch = buckets[k].take()
        except UnicodeEncodeError as exc:  # the sentence a loader gave when it encoded the rows itself
            raise RuntimeError(f"the parallel load failed: {type(exc).__name__}: {exc}") from None
        send(k, batch)
        if on_batch:
            on_batch(batch.rows)

    total = LoadCounts()
    try:
        for row in rows:
            k = int(row["pmid"]) % workers
            buckets[k].add(row)
            if buckets[k].rows >= batch_size:
                flush(k)
        for k in range(workers):
            if buckets[k].rows:
                flush(k)
    finally:
        for k in range(workers):
            if procs[k].is_alive():
                send(k, None)
        reported = 0
        while reported < workers:
            try:
                total.add(results.get(timeout=1))
                reported += 1
            except queue.Empty:
                if not any(proc.is_alive() for proc in procs) and results.empty():
                    total.errors.append(f"{workers - reported} loader process(es) exited without reporting")
                    break
        for proc in procs:
            proc.join(timeout=60)
    if total.errors:
        raise RuntimeError("the parallel load failed: " + "; ".join(sorted(set(total.errors))))
    return total
