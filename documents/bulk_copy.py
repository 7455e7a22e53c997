"""``COPY``-based bulk loading of the Paper table, for corpora of millions of records.

Why: the JSON upsert of ``documents.loading`` sends each batch as one JSON document that
PostgreSQL parses back into rows (``jsonb_to_recordset`` plus one ``ARRAY(SELECT ...)`` per
array column and row). ``COPY ... FROM STDIN`` streams rows in PostgreSQL's own text format
instead. A batch is encoded once, as COPY text bytes, by the process that reads the files
(``encode_batch`` / ``BatchEncoder``: ``copy_line`` per row, here rather than psycopg's per-value
adapters, whose list dumper was the largest client-side cost of a load; a later revision of a
PMID replaces its line) and handed to a loader process as it is (``documents.parallel_load``),
which writes it one of two ways:

* ``copy_upsert_batch``: COPY into a temporary staging table, then one ``INSERT ... SELECT
  ... ON CONFLICT`` that skips identical rows first (so the ``search_vector`` trigger never
  runs for them) -- the same idempotent semantics as ``loading.upsert_rows``.
* ``copy_new_batch``: COPY straight into ``documents_paper``; only for PMIDs known to be absent
  (a fresh corpus), where a PMID already there is an error rather than an update.

Either way the trigger of migration 0002 fills ``search_vector`` row by row; that
``to_tsvector`` is most of the loading cost.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from django.db import connection, transaction

from documents.loading import COLUMNS

_STAGE = "documents_paper_incoming"
_OTHER = [c for c in COLUMNS if c != "pmid"]
# Every COPY line carries these columns: the record's, then updated_at ('now': the transaction's time).
COPY_COLUMNS = (*COLUMNS, "updated_at")

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

# COPY's text format: a backslash, newline, carriage return or tab inside a value is written as an escape.
_COPY_SPECIAL = re.compile(r"[\\\n\r\t]")
_COPY_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
# Inside a quoted array element a double quote or a backslash is escaped with a backslash.
_ARRAY_SPECIAL = re.compile(r'(["\\])')


def _copy_text(value: Any) -> str:
    text = value if type(value) is str else str(value)
    if "\\" in text or "\n" in text or "\r" in text or "\t" in text:  # rare: four scans beat one regex search
        text = _COPY_SPECIAL.sub(lambda m: _COPY_ESCAPES[m.group()], text)
    return text


def _array_element(item: Any) -> str:
    if item is None:
        return "NULL"
    return '"' + _ARRAY_SPECIAL.sub(r"\\\1", item if type(item) is str else str(item)) + '"'


def _copy_array(items: Any) -> str:
    """A list of strings as a PostgreSQL array literal (every element quoted), COPY-escaped."""
    items = list(items or [])
    if not items:
        return "{}"
    try:
        plain = '"' not in (flat := "".join(items)) and "\\" not in flat
    except TypeError:  # not all strings: element by element
        plain = False
    if plain:
        return _copy_text('{"' + '","'.join(items) + '"}')
    return _copy_text("{" + ",".join(_array_element(item) for item in items) + "}")


def copy_line(row: dict) -> str:
    """One row (``documents.loading`` layout) as a COPY text line of ``COPY_COLUMNS``.

    The upsert's defaults fill missing text and arrays, as ``loading.upsert_rows`` does.
    """
    year = row.get("year")
    return "\t".join((
        _copy_text(row["pmid"]), _copy_text(row.get("title") or ""), _copy_text(row.get("abstract") or ""),
        "\\N" if year is None else _copy_text(year), _copy_text(row.get("journal") or ""),
        _copy_array(row.get("publication_types")), _copy_array(row.get("mesh")),
        _copy_text(row.get("doi") or ""), _copy_text(row.get("pmcid") or ""),
        "t" if row.get("retracted") else "f", _copy_array(row.get("authors")),
        _copy_text(row.get("origin") or "corpus"), "now",
    )) + "\n"


@dataclass(frozen=True)
class EncodedBatch:
    """A batch as COPY text (UTF-8) of its unique PMIDs, the last revision of each; ``rows`` counts the input."""

    rows: int
    unique: int
    data: bytes


class BatchEncoder:
    """A batch encoded row by row as it is read: a later revision of a PMID replaces its line, in the first
    one's place (the upsert keeps the last), so only the lines, never the rows, are held."""

    def __init__(self) -> None:
        self._lines: dict[str, str] = {}
        self.rows = 0

    def add(self, row: dict) -> None:
        self._lines[row["pmid"]] = copy_line(row)
        self.rows += 1

    def take(self) -> EncodedBatch:
        """The batch so far (UnicodeEncodeError for text UTF-8 cannot hold: a lone surrogate); starts a new one."""
        lines, rows = self._lines, self.rows
        self._lines, self.rows = {}, 0
        return EncodedBatch(rows=rows, unique=len(lines), data="".join(lines.values()).encode("utf-8"))


def encode_batch(rows: Iterable[dict]) -> EncodedBatch:
    """Encode a batch once (duplicated PMIDs keep the last, as the upsert does)."""
    encoder = BatchEncoder()
    for row in rows:
        encoder.add(row)
    return encoder.take()


def _copy(cursor: Any, table: str, data: bytes) -> int:
    """COPY ``data`` (lines of ``COPY_COLUMNS``) into ``table``; returns the rows written.

    psycopg's errors surface as Django's (IntegrityError, ...), as for execute().
    """
    with connection.wrap_database_errors:
        with cursor.copy(f"COPY {table} ({', '.join(COPY_COLUMNS)}) FROM STDIN") as copy:
            # Django connects with client_encoding UTF8; another encoding gets the text re-encoded by psycopg.
            copy.write(data if cursor.connection.info.encoding == "utf-8" else data.decode("utf-8"))
        return cursor.rowcount


def copy_new_batch(batch: EncodedBatch) -> int:
    """COPY an encoded batch whose PMIDs are not in the table yet (a duplicate raises IntegrityError)."""
    with connection.cursor() as cursor:
        return _copy(cursor, "documents_paper", batch.data)


def copy_upsert_batch(batch: EncodedBatch) -> tuple[int, int]:
    """Upsert an encoded batch through a staging table; returns (inserted, updated), like ``upsert_rows``.

    The staging table lives until the surrounding transaction commits (one is opened when there is none).
    """
    with transaction.atomic(), connection.cursor() as cursor:
        # updated_at too, so the lines fit as they are; the merge writes now() whatever they say.
        cursor.execute(
            f"CREATE TEMP TABLE IF NOT EXISTS {_STAGE} ON COMMIT DROP AS "
            f"SELECT {', '.join(COPY_COLUMNS)} FROM documents_paper WITH NO DATA"
        )
        cursor.execute(f"TRUNCATE {_STAGE}")
        _copy(cursor, _STAGE, batch.data)
        cursor.execute(_MERGE_SQL)
        flags = [r[0] for r in cursor.fetchall()]
    inserted = sum(1 for f in flags if f)
    return inserted, len(flags) - inserted
