"""The local PubMed corpus in PostgreSQL (the Paper table), searched with the same Boolean query PubMed gets.

The query is parsed by ``documents.boolean_query`` (PubMed's left-to-right semantics) and
compiled to one SQL statement over ``search_vector``'s GIN index; hits are ranked by
``ts_rank_cd`` over the positive text terms, ties broken by newer year, then PMID, so the
order is stable. Filters are appended to the query exactly as they are for PubMed.

Ranking is in two steps: the cheap ``ts_rank`` orders every hit and keeps the best
``PRE_RANK_POOL`` (or ``limit``, when larger), and only those get the precise ``ts_rank_cd`` that
picks and orders the ``limit`` returned. A query with no more hits than the pool (every query on
the 13k demo corpus but a few broad ones) is ranked exactly as by ``ts_rank_cd`` alone; above it a
record that ``ts_rank`` puts outside the pool cannot be returned (measured at 1M SYNTHETIC records:
README, "The corpus at PubMed scale"). The total is always the exact number of hits.
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

# How many hits the cheap ``ts_rank`` hands on to the precise ``ts_rank_cd`` (at least ``limit``).
# On 162,764 hits of 1M SYNTHETIC records ``ts_rank_cd`` on every hit added 0.28 s to the 0.90 s of matching and
# counting, ``ts_rank`` 0.03 s (2026-12-04, load ~5): a broad query pays the dear rank on this many records only.
PRE_RANK_POOL = 500


class LocalCorpusSource:
    """``LiteratureSource`` over the Paper table; records without an abstract are never returned."""

    name = "local"

    def compile(self, query: str, filters: Filters) -> CompiledQuery:
        """The SQL for ``query`` + ``filters``; raises QuerySyntaxError for a query it cannot parse."""
        return compile_query(parse_with_filters(query, filters), postgres_normaliser)

    def search(self, query: str, filters: Filters, limit: int) -> SearchHits:
        compiled = self.compile(query, filters)
        limit = max(0, int(limit))
        columns = ", ".join("p." + c for c in RECORD_FIELDS)
        order = "ORDER BY rank DESC, year DESC NULLS LAST, pmid"
        # Hits are ranked and counted as narrow rows, and only the best are joined back for their columns: a
        # window count over whole rows buffered every hit's abstract (spilling to disk past work_mem).
        # No positive text term: every hit ranks 0, newest first, then PMID.
        cheap = "ts_rank(search_vector, %s::tsquery)" if compiled.rank_query else "0"
        sql = (f"WITH hits AS MATERIALIZED (SELECT pmid, year, {cheap} AS rank "
               f"FROM documents_paper WHERE abstract <> '' AND ({compiled.where})), ")
        params = [compiled.rank_query] if compiled.rank_query else []
        params += compiled.params
        if compiled.rank_query:
            # Cheap rank on every hit, the pool's PMIDs joined back for the precise rank on those alone.
            sql += (f"pool AS (SELECT pmid FROM hits {order} LIMIT %s), "
                    "best AS (SELECT p.pmid, p.year, ts_rank_cd(p.search_vector, %s::tsquery) AS rank "
                    f"FROM pool JOIN documents_paper p ON p.pmid = pool.pmid {order} LIMIT %s) ")
            params += [max(PRE_RANK_POOL, limit), compiled.rank_query, limit]
        else:
            sql += f"best AS (SELECT pmid, year, rank FROM hits {order} LIMIT %s) "
            params += [limit]
        sql += (
            f"SELECT {columns}, best.rank, (SELECT count(*) FROM hits) AS total "
            "FROM best JOIN documents_paper p ON p.pmid = best.pmid "
            "ORDER BY best.rank DESC, best.year DESC NULLS LAST, best.pmid"
        )
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
