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
README, "The corpus at PubMed scale").

A broad query reads at most ``RANK_CAP`` + 1 of its hits (or ``limit`` + 1, when larger): the first ones in
storage order, as the text index's bitmap hands them over. With no more hits than ``RANK_CAP`` (every query
on the 13k demo corpus: the cap is above its size) nothing changes: every hit is ranked and the total is
exact. With more, only those are ranked (the two steps above), and the total is an estimate, flagged
``SearchHits.count_is_estimate``: the hits read, scaled by the share of the table's pages the scan went through
to find them (``extrapolated_total``). Reading every hit (a heap page each) was the slow tail at 1M SYNTHETIC
records; ``count`` stays exact. Storage order is load order: in a corpus loaded in PMID order a capped query
ranks its oldest hits, so raise the cap (or bound the pool by year) before relying on it for a real baseline.
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
# * enable_seqscan off: with the ``RANK_CAP`` limit the planner takes a query it over-estimates for a sequential
#   scan that stops early, which reads and tests every row until the cap is reached (1M SYNTHETIC records, a
#   162,764-hit query: 450 ms against 390 ms for the text index's bitmap, load 8; a query just over the cap:
#   most of the table). A query with nothing to take from an index is still scanned.
# * synchronize_seqscans off: such a sequential scan starts at the table's first page, not where another scan
#   of the table happens to be, so a capped search reads the same hits (storage order) whatever the plan.
_SEARCH_SETTINGS = ("SET LOCAL jit = off", "SET LOCAL work_mem = '32MB'", "SET LOCAL enable_seqscan = off",
                    "SET LOCAL synchronize_seqscans = off")

# How many hits the cheap ``ts_rank`` hands on to the precise ``ts_rank_cd`` (at least ``limit``).
# On 162,764 hits of 1M SYNTHETIC records ``ts_rank_cd`` on every hit added 0.28 s to the 0.90 s of matching and
# counting, ``ts_rank`` 0.03 s (2026-12-04, load ~5): a broad query pays the dear rank on this many records only.
PRE_RANK_POOL = 500

# How many hits a search reads and ranks at most (at least ``limit``); beyond it the total is an estimate.
# Above the demo corpus' 12,966 records, so no search there changes. At 1M SYNTHETIC records the broad queries
# have 69k-163k hits, one heap page each (~3-7 us a hit when the pages are in the OS cache): reading all of them
# is what kept p95 above 300 ms. README, "The corpus at PubMed scale".
RANK_CAP = 20_000


def extrapolated_total(read: int, last_block: int, pages: int) -> int:
    """The hits of a capped search: ``read`` hits found in blocks 0..``last_block`` of ``pages``, scaled to all.

    The hits come in storage order (the bitmap heap scan's page order), so the share of the table scanned is
    ``(last_block + 1) / pages``. Exact to 1 % for the 34 capped queries at 1M SYNTHETIC records (records spread
    evenly); a corpus loaded in PMID order whose hits crowd into its newest pages gets too low a figure. The
    planner's own estimate was worse there (median 0.36 of the exact count, down to 0.01 for correlated ANDs).
    """
    if last_block is None or pages <= last_block:
        return read
    return max(read, round(read * pages / (last_block + 1)))


class LocalCorpusSource:
    """``LiteratureSource`` over the Paper table; records without an abstract are never returned."""

    name = "local"

    def compile(self, query: str, filters: Filters) -> CompiledQuery:
        """The SQL for ``query`` + ``filters``; raises QuerySyntaxError for a query it cannot parse."""
        return compile_query(parse_with_filters(query, filters), postgres_normaliser)

    def search(self, query: str, filters: Filters, limit: int) -> SearchHits:
        compiled = self.compile(query, filters)
        limit = max(0, int(limit))
        if limit == 0:
            return SearchHits(records=[], count=self.count(query, filters))
        columns = ", ".join("p." + c for c in RECORD_FIELDS)
        order = "ORDER BY rank DESC, year DESC NULLS LAST, pmid"
        # Hits are ranked and counted as narrow rows, and only the best are joined back for their columns: a
        # window count over whole rows buffered every hit's abstract (spilling to disk past work_mem).
        # No positive text term: every hit ranks 0, newest first, then PMID.
        cheap = "ts_rank(search_vector, %s::tsquery)" if compiled.rank_query else "0"
        cap = max(RANK_CAP, limit)
        # At most cap + 1 hits, in storage order: one more than the cap tells a broad query from one of cap hits.
        sql = (f"WITH hits AS MATERIALIZED (SELECT pmid, year, {cheap} AS rank, ctid "
               f"FROM documents_paper WHERE abstract <> '' AND ({compiled.where}) LIMIT %s), ")
        params = [compiled.rank_query] if compiled.rank_query else []
        params += [*compiled.params, cap + 1]
        if compiled.rank_query:
            # Cheap rank on every hit read, the pool's PMIDs joined back for the precise rank on those alone.
            sql += (f"pool AS (SELECT pmid FROM hits {order} LIMIT %s), "
                    "best AS (SELECT p.pmid, p.year, ts_rank_cd(p.search_vector, %s::tsquery) AS rank "
                    f"FROM pool JOIN documents_paper p ON p.pmid = pool.pmid {order} LIMIT %s) ")
            params += [max(PRE_RANK_POOL, limit), compiled.rank_query, limit]
        else:
            sql += f"best AS (SELECT pmid, year, rank FROM hits {order} LIMIT %s) "
            params += [limit]
        sql += (
            f"SELECT {columns}, best.rank, seen.total, seen.last_block, "
            "pg_relation_size('documents_paper') / current_setting('block_size')::int "
            "FROM best JOIN documents_paper p ON p.pmid = best.pmid, "
            "(SELECT count(*) AS total, (max(ctid)::text::point)[0]::bigint AS last_block FROM hits) seen "
            "ORDER BY best.rank DESC, best.year DESC NULLS LAST, best.pmid"
        )
        rows = self._fetch(sql, params)
        records = [Record.from_mapping(dict(zip(RECORD_FIELDS, r))) for r in rows]
        if not rows:
            return SearchHits(records=[], count=0)
        total, last_block, pages = rows[0][len(RECORD_FIELDS) + 1:]
        if total <= cap:
            return SearchHits(records=records, count=int(total))
        return SearchHits(records=records, count=extrapolated_total(int(total), last_block, int(pages)),
                          count_is_estimate=True)

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
