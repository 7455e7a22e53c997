"""The local PubMed corpus in PostgreSQL (the Paper table), searched with the same Boolean query PubMed gets.

The query is parsed by ``documents.boolean_query`` (PubMed's left-to-right semantics) and
compiled to one SQL statement over ``search_vector``'s GIN index; hits are ranked by
``ts_rank_cd`` over the positive text terms, ties broken by newer year, then PMID, so the
order is stable. Filters are appended to the query exactly as they are for PubMed.
"""
from __future__ import annotations

from django.db import DatabaseError, connection, transaction

from documents.boolean_query import CompiledQuery, compile_query, parse_with_filters, postgres_normaliser

from .base import RECORD_FIELDS, Filters, Record, SearchHits, SourceError

# Per-statement settings of a search (SET LOCAL, inside the search's own transaction):
# * jit off: a broad query (100k+ hits) is estimated above ``jit_above_cost``, and compiling,
#   inlining and optimising its expressions with LLVM cost more than the query saved (measured
#   by ``bench --only scale``); the same rows in the same order, only not compiled.
# * work_mem: the exact bitmap of 100k+ hits and the materialised (pmid, year, rank) rows of
#   every hit fit in memory instead of turning the bitmap lossy and spilling to a temp file.
_SEARCH_SETTINGS = ("SET LOCAL jit = off", "SET LOCAL work_mem = '32MB'")


class LocalCorpusSource:
    """``LiteratureSource`` over the Paper table; records without an abstract are never returned."""

    name = "local"

    def compile(self, query: str, filters: Filters) -> CompiledQuery:
        """The SQL for ``query`` + ``filters``; raises QuerySyntaxError for a query it cannot parse."""
        return compile_query(parse_with_filters(query, filters), postgres_normaliser)

    def search(self, query: str, filters: Filters, limit: int) -> SearchHits:
        compiled = self.compile(query, filters)
        rank = "ts_rank_cd(search_vector, %s::tsquery)" if compiled.rank_query else "0"
        # Hits are ranked and counted as narrow (pmid, year, rank) rows, and only the `limit` best are
        # joined back for their columns: a window count over whole rows buffered every hit's abstract
        # (spilling to disk past work_mem), which at 1M records cost more than the ranking itself.
        sql = (
            f"WITH hits AS MATERIALIZED (SELECT pmid, year, {rank} AS rank FROM documents_paper "
            f"WHERE abstract <> '' AND ({compiled.where})), "
            "best AS (SELECT pmid, year, rank FROM hits ORDER BY rank DESC, year DESC NULLS LAST, pmid LIMIT %s) "
            f"SELECT {', '.join('p.' + c for c in RECORD_FIELDS)}, best.rank, "
            "(SELECT count(*) FROM hits) AS total "
            "FROM best JOIN documents_paper p ON p.pmid = best.pmid "
            "ORDER BY best.rank DESC, best.year DESC NULLS LAST, best.pmid"
        )
        params = ([compiled.rank_query] if compiled.rank_query else []) + compiled.params + [max(0, int(limit))]
        rows = self._fetch(sql, params)
        records = [Record.from_mapping(dict(zip(RECORD_FIELDS, r))) for r in rows]
        total = rows[0][len(RECORD_FIELDS) + 1] if rows else (self.count(query, filters) if limit <= 0 else 0)
        return SearchHits(records=records, count=int(total))

    def count(self, query: str, filters: Filters) -> int:
        compiled = self.compile(query, filters)
        rows = self._fetch(
            f"SELECT count(*) FROM documents_paper WHERE abstract <> '' AND ({compiled.where})", compiled.params
        )
        return int(rows[0][0])

    @staticmethod
    def _fetch(sql: str, params: list) -> list[tuple]:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                for setting in _SEARCH_SETTINGS:
                    cursor.execute(setting)
                cursor.execute(sql, params)
                return cursor.fetchall()
        except DatabaseError as exc:
            raise SourceError("local", f"the corpus database could not run the query ({exc})") from exc
