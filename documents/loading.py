"""Load PubMed records into the Paper table (the local corpus): JSON Lines or PubMed XML, gzipped or not.

Idempotent by PMID: a re-load inserts new records, updates changed ones and leaves identical
ones untouched (so a re-load of the same file writes nothing). Rows are upserted in batches
with one ``INSERT ... SELECT FROM jsonb_to_recordset(...) ON CONFLICT`` per batch; the
``search_vector`` is filled in the same statement by the trigger of migration 0002.
"""
from __future__ import annotations

import gzip
import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterable, Iterator

from django.db import connection, transaction
from tqdm import tqdm

from documents.models import Paper
from documents.sources.base import RECORD_FIELDS, Record
from documents.sources.pubmed_xml import ParseStats, PubMedXMLError, iter_records

logger = logging.getLogger(__name__)

BATCH_SIZE = 1000
# Record's fields (the pmid first), then where the record came from.
COLUMNS = (*RECORD_FIELDS, "origin")

UPSERT_SQL = f"""
WITH incoming AS (
    SELECT r.pmid::varchar AS pmid, coalesce(r.title, '') AS title, r.abstract, r.year,
           coalesce(r.journal, '') AS journal,
           ARRAY(SELECT jsonb_array_elements_text(coalesce(r.publication_types, '[]')))::varchar[] AS publication_types,
           ARRAY(SELECT jsonb_array_elements_text(coalesce(r.mesh, '[]')))::varchar[] AS mesh,
           coalesce(r.doi, '') AS doi, coalesce(r.pmcid, '') AS pmcid, coalesce(r.retracted, false) AS retracted,
           ARRAY(SELECT jsonb_array_elements_text(coalesce(r.authors, '[]')))::varchar[] AS authors, r.origin
    FROM jsonb_to_recordset(%s::jsonb) AS r(
        pmid text, title text, abstract text, year int, journal text, publication_types jsonb, mesh jsonb,
        doi text, pmcid text, retracted boolean, authors jsonb, origin text)
), changed AS (  -- identical rows are dropped here so the search_vector trigger never runs for them
    SELECT i.* FROM incoming i LEFT JOIN documents_paper p ON p.pmid = i.pmid
    WHERE p.pmid IS NULL OR ({", ".join(f"p.{c}" for c in COLUMNS if c != "pmid")})
          IS DISTINCT FROM ({", ".join(f"i.{c}" for c in COLUMNS if c != "pmid")})
)
INSERT INTO documents_paper ({", ".join(COLUMNS)}, updated_at)
SELECT {", ".join(COLUMNS)}, now() FROM changed
ON CONFLICT (pmid) DO UPDATE SET
    {", ".join(f"{c} = EXCLUDED.{c}" for c in COLUMNS if c != "pmid")}, updated_at = now()
WHERE ({", ".join(f"documents_paper.{c}" for c in COLUMNS if c != "pmid")})
      IS DISTINCT FROM ({", ".join(f"EXCLUDED.{c}" for c in COLUMNS if c != "pmid")})
RETURNING (xmax = 0) AS inserted
"""


class CorpusFileError(ValueError):
    """A corpus file cannot be read at all (missing, unknown format, not XML)."""


@dataclass
class LoadSummary:
    """What one load did; ``skipped`` maps a reason to how many records it covered."""

    files: list[str] = field(default_factory=list)
    loaded: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    index_seconds: float = 0.0  # building the full-text index after a --defer-index load

    def line(self) -> str:
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(self.skipped.items())) or "none"
        return (
            f"{self.loaded} loaded, {self.updated} updated, {self.unchanged} unchanged, "
            f"{sum(self.skipped.values())} skipped ({reasons}) from {len(self.files)} file(s) in {self.seconds:.1f} s"
        )


def _open(path: Path) -> IO[bytes]:
    return gzip.open(path, "rb") if path.suffix == ".gz" else open(path, "rb")


def file_format(path: Path) -> str:
    """'jsonl' or 'xml' from the file name (``.jsonl``, ``.jsonl.gz``, ``.xml``, ``.xml.gz``)."""
    name = path.name.lower().removesuffix(".gz")
    if name.endswith((".jsonl", ".ndjson")):
        return "jsonl"
    if name.endswith(".xml"):
        return "xml"
    raise CorpusFileError(f"{path}: unknown corpus format (expected .jsonl, .jsonl.gz, .xml or .xml.gz)")


def _json_rows(handle: IO[bytes], skipped: Counter) -> Iterator[dict]:
    for line_no, raw in enumerate(handle, start=1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError:
            skipped["invalid JSON line"] += 1
            logger.warning("line %d is not valid JSON; skipped", line_no)
            continue
        if not isinstance(item, dict):
            skipped["invalid JSON line"] += 1
            continue
        year = item.get("year")
        if year is not None and not isinstance(year, int):
            year = int(year) if str(year).strip().isdigit() else None
        yield {
            "pmid": str(item.get("pmid") or "").strip(),
            "title": item.get("title") or "",
            "abstract": (item.get("abstract") or "").strip(),
            "year": year,
            "journal": item.get("journal") or "",
            "publication_types": [str(t) for t in item.get("publication_types") or []],
            "mesh": [str(m) for m in item.get("mesh") or [] if str(m).strip()],
            "doi": item.get("doi") or "",
            "pmcid": item.get("pmcid") or "",
            "retracted": bool(item.get("retracted", False)),
            "authors": [str(a) for a in item.get("authors") or [] if str(a).strip()],
            "origin": str(item.get("source") or "corpus")[:32],
        }


def _xml_rows(handle: IO[bytes], stats: ParseStats) -> Iterator[dict]:
    for record in iter_records(handle, stats):
        yield record_row(record, origin="pubmed-xml")


def record_row(record: Record, *, origin: str) -> dict:
    """A Record as the upsert's JSON row."""
    row = record.to_dict()
    row["origin"] = origin
    return {c: row.get(c) for c in COLUMNS}


def _valid(rows: Iterable[dict], skipped: Counter) -> Iterator[dict]:
    """Drop rows the corpus cannot use, counting why; the last duplicate PMID of a batch wins later."""
    for row in rows:
        if not row["pmid"] or not row["pmid"].isdigit():
            skipped["no valid PMID"] += 1
        elif not row["abstract"]:
            skipped["no abstract"] += 1
        else:
            yield row


def upsert_rows(rows: list[dict]) -> tuple[int, int]:
    """Upsert one batch; returns (inserted, updated). Duplicated PMIDs in a batch keep the last."""
    unique = list({row["pmid"]: row for row in rows}.values())
    with connection.cursor() as cursor:
        cursor.execute(UPSERT_SQL, [json.dumps(unique)])
        flags = [r[0] for r in cursor.fetchall()]
    inserted = sum(1 for f in flags if f)
    return inserted, len(flags) - inserted


def load_corpus_files(paths: list[Path], *, progress: bool = True, batch_size: int = BATCH_SIZE) -> LoadSummary:
    """Load every file (each in its own transaction); raises CorpusFileError before touching the DB."""
    started = time.monotonic()
    summary = _checked_summary(paths)
    for path in paths:
        fmt = file_format(path)
        stats = ParseStats()
        with _open(path) as handle, transaction.atomic():
            rows = _json_rows(handle, summary.skipped) if fmt == "jsonl" else _xml_rows(handle, stats)
            bar = tqdm(desc=path.name, unit=" rec", disable=not progress, mininterval=0.5)
            batch: list[dict] = []
            try:
                for row in _valid(rows, summary.skipped):
                    batch.append(row)
                    if len(batch) >= batch_size:
                        _flush(batch, summary, bar)
                if batch:
                    _flush(batch, summary, bar)
            except PubMedXMLError as exc:
                raise CorpusFileError(f"{path}: {exc}") from exc
            finally:
                bar.close()
        if stats.book_articles:
            summary.skipped["book article"] += stats.book_articles
        if stats.deleted:
            deleted, _ = Paper.objects.filter(pmid__in=stats.deleted).delete()
            logger.info("%s: %d DeleteCitation PMIDs, %d removed", path.name, len(stats.deleted), deleted)
    summary.seconds = time.monotonic() - started
    return summary


def _checked_summary(paths: list[Path]) -> LoadSummary:
    """An empty summary of ``paths``; raises CorpusFileError for a missing file or an unknown format."""
    for path in paths:
        if not path.is_file():
            raise CorpusFileError(f"{path}: no such file")
        file_format(path)
    return LoadSummary(files=[str(p) for p in paths])


def _flush(batch: list[dict], summary: LoadSummary, bar: tqdm) -> None:
    inserted, updated = upsert_rows(batch)
    unique = len({row["pmid"] for row in batch})
    summary.loaded += inserted
    summary.updated += updated
    summary.unchanged += unique - inserted - updated
    bar.update(len(batch))
    batch.clear()


def load_corpus_files_parallel(paths: list[Path], *, workers: int, defer_index: bool, progress: bool = True,
                               batch_size: int | None = None) -> LoadSummary:
    """``load_corpus --workers N [--defer-index]``: the files streamed through N COPY loader processes.

    Same rows and counts as ``load_corpus_files`` (idempotent by PMID), but each batch commits on
    its own (not one transaction per file) and the work is spread over processes: see
    ``documents.parallel_load``. DeleteCitation PMIDs are removed after all files are loaded.
    Raises CorpusFileError before touching the DB for a missing or unknown file, and with the
    loader's sentence when a load fails.
    """
    from documents import parallel_load

    started = time.monotonic()
    summary = _checked_summary(paths)
    deleted: list[str] = []
    bar = tqdm(desc="load_corpus", unit=" rec", disable=not progress, mininterval=0.5)

    def rows() -> Iterator[dict]:
        for path in paths:
            stats = ParseStats()
            with _open(path) as handle:
                raw = _json_rows(handle, summary.skipped) if file_format(path) == "jsonl" else _xml_rows(handle, stats)
                try:
                    yield from _valid(raw, summary.skipped)
                except PubMedXMLError as exc:
                    raise CorpusFileError(f"{path}: {exc}") from exc
            if stats.book_articles:
                summary.skipped["book article"] += stats.book_articles
            deleted.extend(stats.deleted)

    try:
        counts, summary.index_seconds = parallel_load.load_rows(rows(), workers=workers, defer_index=defer_index,
                                            batch_size=batch_size or parallel_load.BATCH_SIZE, on_batch=bar.update)
    except RuntimeError as exc:
        raise CorpusFileError(str(exc)) from exc
    finally:
        bar.close()
    summary.loaded, summary.updated, summary.unchanged = counts.loaded, counts.updated, counts.unchanged
    if deleted:
        removed, _ = Paper.objects.filter(pmid__in=deleted).delete()
        logger.info("%d DeleteCitation PMIDs, %d removed", len(deleted), removed)
    summary.seconds = time.monotonic() - started
    return summary
