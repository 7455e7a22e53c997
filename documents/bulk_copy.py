"""``COPY``-based bulk loading of the Paper table, for corpora of millions of records.

Why: the JSON upsert of ``documents.loading`` sends each batch as one JSON document that
PostgreSQL parses back into rows (``jsonb_to_recordset`` plus one ``ARRAY(SELECT ...)`` per
array column and row). ``COPY ... FROM STDIN`` streams rows in PostgreSQL's own text format
instead. Two paths:

* ``copy_upsert_rows``: COPY into a temporary staging table, then one ``INSERT ... SELECT
  ... ON CONFLICT`` that skips identical rows first (so the ``search_vector`` trigger never
  runs for them) -- the same idempotent semantics as ``loading.upsert_rows``.
* ``copy_new_rows``: COPY straight into ``documents_paper``; only for PMIDs known to be absent
  (a fresh corpus), where a duplicate is an error rather than an update.

Either way the trigger of migration 0002 fills ``search_vector`` row by row; that
``to_tsvector`` is most of the loading cost.
"""
from __future__ import annotations

from typing import Any, Iterable

from django.db import connection, transaction

from documents.loading import COLUMNS

_STAGE = "documents_paper_incoming"
_OTHER = [c for c in COLUMNS if c != "pmid"]

_MERGE_SQL = f"""
INSERT INTO documents_paper ({", ".join(COLUMNS)}, updated_at)
SELECT {", ".join(f"i.{c}" for c in COLUMNS)}, now()
FROM {_STAGE} i
LEFT JOIN documents_paper p ON p.pmid = i.pmid
WHERE p.pmid IS NULL OR ({", ".join(f"p.{c}" for c in _OTHER)})
      IS DISTINCT FROM ({", ".join(f"i.{c}" for c in _OTHER)})
ON CONFLICT (pmid) DO UPDATE SET {", ".join(f"{c} = EXCLUDED.{c}" for c in _OTHER)}, updated_at = now()
RETURNING (xmax = 0) AS inserted
"""


def _values(row: dict) -> tuple[Any, ...]:
    """One row as COPY values, with the upsert's defaults for missing text and arrays."""
    return (
        row["pmid"], row.get("title") or "", row.get("abstract") or "", row.get("year"), row.get("journal") or "",
        list(row.get("publication_types") or []), list(row.get("mesh") or []), row.get("doi") or "",
        row.get("pmcid") or "", bool(row.get("retracted")), list(row.get("authors") or []),
        row.get("origin") or "corpus",
    )


def _copy(cursor: Any, table: str, columns: Iterable[str], rows: Iterable[tuple]) -> int:
    """COPY ``rows`` into ``table``; psycopg's errors surface as Django's (IntegrityError, ...), as for execute()."""
    written = 0
    with connection.wrap_database_errors, cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for values in rows:
            copy.write_row(values)
            written += 1
    return written


def copy_new_rows(rows: Iterable[dict]) -> int:
    """COPY rows whose PMIDs are not in the table yet (a duplicate PMID raises IntegrityError); returns how many."""
    with connection.cursor() as cursor:
        return _copy(cursor, "documents_paper", (*COLUMNS, "updated_at"),
                     ((*_values(row), "now") for row in rows))


def copy_upsert_rows(rows: list[dict]) -> tuple[int, int]:
    """Upsert one batch through COPY + a staging table; returns (inserted, updated), like ``upsert_rows``.

    Duplicated PMIDs in a batch keep the last, as the JSON upsert does. The staging table lives
    until the surrounding transaction commits (one is opened when there is none).
    """
    unique = list({row["pmid"]: row for row in rows}.values())
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TEMP TABLE IF NOT EXISTS {_STAGE} ON COMMIT DROP AS "
            f"SELECT {', '.join(COLUMNS)} FROM documents_paper WITH NO DATA"
        )
        cursor.execute(f"TRUNCATE {_STAGE}")
        _copy(cursor, _STAGE, COLUMNS, (_values(row) for row in unique))
        cursor.execute(_MERGE_SQL)
        flags = [r[0] for r in cursor.fetchall()]
    inserted = sum(1 for f in flags if f)
    return inserted, len(flags) - inserted
