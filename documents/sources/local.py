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

A broad query reads at most ``RANK_CAP`` + 1 of its hits (or ``limit`` + 1, when larger), and takes them from its
NEWEST hits, whatever order the table is stored in (issue #19: until 2026-12-06 it took the first ones in storage
order, which in a corpus loaded in PMID order are its OLDEST). How:

* A query the planner expects under the cap or just over it (``WHOLE_SHARE``) is read as before: one text-index
  bitmap, in storage order, up to ``WHOLE_LIMIT`` times the cap. If that is every hit, they are all ranked, the
  total exact, nothing else runs. Most queries end here (every one on the 13k demo corpus: the cap is above its size).
* Any other (or one the planner under-estimated) is first counted on a sample of the table's pages
  (``SAMPLE_SHARE``, TABLESAMPLE SYSTEM), per year. A query the sample expects under the cap or just over it is read
  whole, the same way (cheaper than brackets there, and no hit left out). For the
  rest the sample gives the year brackets (``newest_brackets``): the newest years down to where the hits reach the
  cap (plus a margin), read whole and sorted newest first, so the cap cuts off the oldest of them; then the older
  years in two or three brackets, read only if the first held fewer hits than the cap, the next of them sorted too
  where it is not one year of many hits. Each bracket is the text
  index's bitmap ANDed with the year index's, where the planner finds that cheaper. The brackets are disjoint and
  cover every row (the undated last), so a query the sample over-estimated still reads every hit: all ranked, the
  total exact.
* A capped query's total is an estimate, flagged ``SearchHits.count_is_estimate``: the hits of the brackets read to
  the end, counted, plus the sample's for the rest. ``count`` stays exact.

Reading every hit (a heap page each) was the slow tail at 1M SYNTHETIC records; hence the cap.

A prefix term (``inhibitor*``) is matched as the OR of the lexemes the corpus holds under it (``prefix_terms``,
``matching``): the same records, found by exact lookups in the text index instead of a partial-match scan of every
record under the prefix. The rank query and the planner's estimate keep the prefix, so the ranking and every
decision above are as before.
"""
from __future__ import annotations

import json
from contextlib import nullcontext

from django.db import DatabaseError, connection, transaction

from documents.boolean_query import CompiledQuery, compile_query, parse_with_filters, postgres_normaliser

from . import prefix_terms
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
# * effective_io_concurrency 0: no prefetch advice. A bitmap heap scan otherwise asks the kernel to read ahead
#   (``posix_fadvise``, a system call a page) every heap page it is about to read, one page a hit; with the corpus in
#   the OS page cache (1M SYNTHETIC records: 5 GB on a 24 GB machine) the advice buys nothing and cost ~10 % of a
#   search (issue 19, 2026-12-06). ``MEDSEBA_LOCAL_SEARCH_IO_CONCURRENCY`` sets it back for a corpus read from disk
#   (``_search_settings``).
_SEARCH_SETTINGS = ("SET LOCAL jit = off", "SET LOCAL work_mem = '32MB'", "SET LOCAL enable_seqscan = off",
                    "SET LOCAL synchronize_seqscans = off")


def _search_settings() -> tuple[str, ...]:
    """``_SEARCH_SETTINGS`` and the prefetch setting (``MEDSEBA_LOCAL_SEARCH_IO_CONCURRENCY``, 0 by default)."""
    from django.conf import settings

    io_concurrency = max(0, min(1000, int(settings.MEDSEBA_LOCAL_SEARCH_IO_CONCURRENCY)))
    return (*_SEARCH_SETTINGS, f"SET LOCAL effective_io_concurrency = {io_concurrency}")


# And for a search read by year brackets (``newest_brackets``):
# * max_parallel_workers_per_gather 0: the brackets are a UNION ALL read in order until the cap; a parallel append
#   would read them in any order.
# * enable_indexscan off: with the cap's LIMIT the planner read a bracket through the year index alone, testing the
#   text on every record of those years (300k SYNTHETIC records stored by year, `captopril OR enalapril OR
#   lisinopril`: 596 ms, against 193 ms for the year index's bitmap ANDed with the text index's).
_BRACKET_SETTINGS = ("SET LOCAL max_parallel_workers_per_gather = 0", "SET LOCAL enable_indexscan = off")

# How many hits the cheap ``ts_rank`` hands on to the precise ``ts_rank_cd`` (at least ``limit``).
# On 162,764 hits of 1M SYNTHETIC records ``ts_rank_cd`` on every hit added 0.28 s to the 0.90 s of matching and
# counting, ``ts_rank`` 0.03 s (2026-12-04, load ~5): a broad query pays the dear rank on this many records only.
PRE_RANK_POOL = 500

# How many hits a search reads and ranks at most (at least ``limit``; ``WHOLE_LIMIT`` times it for a query the
# sample finds just over it); beyond it the total is an estimate.
# Above the demo corpus' 12,966 records, so no search there changes. At 1M SYNTHETIC records the broad queries
# have 69k-163k hits, one heap page each (~3-7 us a hit when the pages are in the OS cache): reading all of them
# is what kept p95 above 300 ms. README, "The corpus at PubMed scale".
RANK_CAP = 20_000


# The pages a broad search samples (TABLESAMPLE SYSTEM) to find in which years its hits lie, and to estimate its total:
# ``SAMPLE_SHARE`` of them (~100 sampled hits for a query with as many hits as the cap: about +-10 %), at least
# ``SAMPLE_PAGES_MIN`` (all of a smaller table: counted exactly) and at most ``SAMPLE_PAGES_MAX`` (~20 ms).
SAMPLE_SHARE = 0.005
SAMPLE_PAGES_MIN = 200
SAMPLE_PAGES_MAX = 2_000
# The year brackets of a capped search, from its sampled hits per year (``newest_brackets``). The first holds the
# newest years down to the one where the expected hits reach ``PARTIAL_SHARE`` of the cap (the margin absorbs the
# sample's error) and is read whole and sorted newest first, so the cap cuts off its oldest; unless that is more than
# ``SORTED_SHARE`` of the cap (a year with many hits), when that year is a bracket of its own, read in storage order
# until the cap. Then the years down to ``SAFETY_SHARE`` of the cap, read only if the sample expected too many, cut
# the same way, then the rest. Each bracket read scans the text index again (50 ms for `placebo` at 300k SYNTHETIC
# records), so few.
PARTIAL_SHARE = 1.1
SORTED_SHARE = 1.5
SAFETY_SHARE = 2.0
# A query whose positive text terms the planner expects to match fewer records than this share of the cap
# (``_planned_hits``; no row read), or else the sample (``_sampled_years``), is read whole, up to ``WHOLE_LIMIT``
# times the cap (over it, it is read again by brackets): every hit ranked, the total exact. Until the fourth session
# of 2026-12-06 the planner's estimate decided only under a quarter of the cap (read up to the cap), and every query
# between was sampled first (~20 ms at 1M SYNTHETIC records).
WHOLE_SHARE = 1.3
WHOLE_LIMIT = 1.6


def newest_brackets(per_year: dict[int | None, float], cap: int) -> tuple[list[int], tuple[int, ...]]:
    """The lower years of a capped search's brackets, newest first, and which brackets are read whole and sorted.

    ``per_year``: the query's expected hits per year (None: no year). Bracket ``i`` is ``bounds[i] <= year <
    bounds[i - 1]``; the last one, after the bounds, everything older and the hits without a year
    (``bracket_conditions`` turns them into SQL).

    Two ranges of years, each cut the same way: the newest down to ``PARTIAL_SHARE`` of the cap, then the safety
    range down to ``SAFETY_SHARE`` of it. A range expected to hold at most ``SORTED_SHARE`` of the cap is one bracket,
    sorted; otherwise its newer years are one, sorted, and its oldest year (the one with many hits) one alone, read in
    storage order until the cap. Until the fourth session of 2026-12-06 the safety range was always one bracket in
    storage order: when the sample over-estimated the newest years, that bracket's oldest hits (stored first) filled
    the pool (1M SYNTHETIC records, `children OR adolescents OR adults`: its 2003 hits before those of 2004-2006).
    """
    years = sorted((y for y in per_year if y is not None), reverse=True)
    if not years:
        return [], ()
    bounds: list[int] = []
    sorted_arms: list[int] = []
    start, cumulative = 0, 0.0
    for share in (PARTIAL_SHARE, SAFETY_SHARE):
        before, crossing = cumulative, None
        for at in range(start, len(years)):
            cumulative += per_year[years[at]]
            if cumulative >= share * cap:
                crossing = at
                break
        if crossing is None:
            if not bounds:  # fewer hits expected than the cap: every dated year, sorted, then the undated
                return [years[-1]], (0,)
            break  # the rest, older years and undated, in one bracket
        if cumulative - before <= SORTED_SHARE * cap:
            sorted_arms.append(len(bounds))
            bounds.append(years[crossing])
        elif crossing > start:  # the newer years sorted, then the crossing year alone
            sorted_arms.append(len(bounds))
            bounds += [years[crossing - 1], years[crossing]]
        else:  # the range's newest year alone holds more than the cap: read it in storage order
            bounds.append(years[crossing])
        start = crossing + 1
    return bounds, tuple(sorted_arms)


def bracket_conditions(bounds: list[int]) -> list[tuple[str, list[int]]]:
    """The SQL condition and parameters of each bracket, newest first; the last one holds what is left (no year too).

    The last condition is not one the year index can answer: a bracket of the older years is most of the table,
    and its hits are found by the text index alone."""
    conditions = []
    for i in range(len(bounds) + 1):
        if i == 0:
            conditions.append(("year >= %s", [bounds[0]]) if bounds else ("TRUE", []))
        elif i < len(bounds):
            conditions.append(("year >= %s AND year < %s", [bounds[i], bounds[i - 1]]))
        else:
            conditions.append(("coalesce(year < %s, TRUE)", [bounds[i - 1]]))
    return conditions


def sample_percent(pages: int) -> float:
    """The percentage of the table's ``pages`` a sample reads (``SAMPLE_SHARE``, within the page bounds)."""
    pages = max(int(pages or 0), 1)
    sampled = min(max(SAMPLE_SHARE * pages, SAMPLE_PAGES_MIN), SAMPLE_PAGES_MAX)
    return min(100.0, 100.0 * sampled / pages)


class LocalCorpusSource:
    """``LiteratureSource`` over the Paper table; records without an abstract are never returned."""

    name = "local"

    def compile(self, query: str, filters: Filters) -> CompiledQuery:
        """The SQL for ``query`` + ``filters``; raises QuerySyntaxError for a query it cannot parse."""
        return compile_query(parse_with_filters(query, filters), postgres_normaliser)

    def matching(self, compiled: CompiledQuery) -> CompiledQuery:
        """``compiled`` with its prefix terms matched as the OR of the corpus' lexemes under them
        (``prefix_terms``): the same records, found by exact index lookups instead of a partial-match scan.
        Without the lexeme table (a database not migrated to 0005) the prefixes stay, as before."""
        try:
            return prefix_terms.expand(compiled, self._fetch)
        except SourceError:
            return compiled

    def search(self, query: str, filters: Filters, limit: int) -> SearchHits:
        planned = self.compile(query, filters)
        limit = max(0, int(limit))
        if limit == 0:
            return SearchHits(records=[], count=self.count(query, filters))
        compiled = self.matching(planned)
        cap = max(RANK_CAP, limit)
        whole = max(cap, round(WHOLE_LIMIT * cap))
        # Expected under the cap or just over it: read whole and every hit ranked, the total exact, as long as the
        # hits stay under ``WHOLE_LIMIT`` * cap. Cheaper than brackets (no year index, nothing sorted) and better: no
        # hit left out. The planner's estimate decides first (no row read); only a query it expects over
        # ``WHOLE_SHARE`` * cap is sampled (``_sampled_years``) to decide. A query over ``WHOLE_LIMIT`` * cap after
        # all is read again, by brackets.
        read_whole = self._planned_hits(planned) < cap * WHOLE_SHARE
        if read_whole:
            hits = self._search(compiled, limit, whole, [], (), None)
            if hits is not None:
                return hits
        per_year = self._sampled_years(compiled)
        if not read_whole and sum(per_year.values()) < WHOLE_SHARE * cap:
            hits = self._search(compiled, limit, whole, [], (), None)
            if hits is not None:
                return hits
        return self._search(compiled, limit, cap, *newest_brackets(per_year, cap), per_year)

    def _search(self, compiled: CompiledQuery, limit: int, cap: int, bounds: list[int], sorted_arms: tuple[int, ...],
                per_year: dict[int | None, float] | None) -> SearchHits | None:
        """At most ``cap`` + 1 hits read by the year brackets of ``bounds`` (none: the whole table), ranked; the
        brackets numbered in ``sorted_arms`` read whole and newest first.

        ``per_year``: the sampled hits per year (``_sampled_years``), which estimate the total of a query over the
        cap. Without them a query over the cap gives None: it is to be read again, by brackets.
        """
        columns = ", ".join("p." + c for c in RECORD_FIELDS)
        order = "ORDER BY rank DESC, year DESC NULLS LAST, pmid"
        # Hits are ranked and counted as narrow rows, and only the best are joined back for their columns: a
        # window count over whole rows buffered every hit's abstract (spilling to disk past work_mem).
        # No positive text term: every hit ranks 0, newest first, then PMID.
        cheap = "ts_rank(search_vector, %s::tsquery)" if compiled.rank_query else "0"
        brackets = bracket_conditions(bounds)
        # At most cap + 1 hits, bracket by bracket from the newest years: one more than the cap tells a broad query
        # from one of cap hits. The brackets are disjoint and cover every row, so a query under the cap reads all.
        arms, params = [], []
        for number, (condition, years) in enumerate(brackets):
            newest_first = " ORDER BY year DESC" if number in sorted_arms else ""
            arms.append(f"(SELECT pmid, year, {cheap} AS rank, ctid, {number} AS bracket FROM documents_paper "
                        f"WHERE abstract <> '' AND ({compiled.where}) AND {condition}{newest_first})")
            params += ([compiled.rank_query] if compiled.rank_query else []) + [*compiled.params, *years]
        sql = f"WITH hits AS MATERIALIZED (SELECT * FROM ({' UNION ALL '.join(arms)}) arms LIMIT %s), "
        params += [cap + 1]
        # The pool and the best are joined back by ``ctid`` (a TID scan: the row's page, no index lookup). The
        # statement reads one snapshot, so a hit's ctid holds the very row version its other columns came from.
        if compiled.rank_query:
            # Cheap rank on every hit read, the pool's rows joined back for the precise rank on those alone.
            sql += (f"pool AS (SELECT pmid, ctid FROM hits {order} LIMIT %s), "
                    "best AS (SELECT p.pmid, p.year, p.ctid, ts_rank_cd(p.search_vector, %s::tsquery) AS rank "
                    f"FROM pool JOIN documents_paper p ON p.ctid = pool.ctid {order} LIMIT %s) ")
            params += [max(PRE_RANK_POOL, limit), compiled.rank_query, limit]
        else:
            sql += f"best AS (SELECT pmid, year, ctid, rank FROM hits {order} LIMIT %s) "
            params += [limit]
        # The total, the last bracket read and the hits of the brackets before it, in one pass over the hits
        # (read whole, one bracket: the count alone). Until 2026-12-06 three passes (count, max, a filtered count).
        seen = ("(SELECT count(*) AS total, 0 AS last_bracket, 0 AS read_through FROM hits)" if not bounds else
                "(SELECT sum(n)::bigint AS total, max(bracket) AS last_bracket, "
                "(sum(n) - (array_agg(n ORDER BY bracket DESC))[1])::bigint AS read_through "
                "FROM (SELECT bracket, count(*) AS n FROM hits GROUP BY bracket) per_bracket)")
        sql += (
            f"SELECT {columns}, best.rank, seen.total, seen.last_bracket, seen.read_through "
            f"FROM best JOIN documents_paper p ON p.ctid = best.ctid, {seen} seen "
            "ORDER BY best.rank DESC, best.year DESC NULLS LAST, best.pmid"
        )
        rows = self._fetch(sql, params, _BRACKET_SETTINGS if bounds else ())
        records = [Record.from_mapping(dict(zip(RECORD_FIELDS, r))) for r in rows]
        if not rows:
            return SearchHits(records=[], count=0)
        total, last_bracket, read_through = rows[0][len(RECORD_FIELDS) + 1:]
        if total <= cap:
            return SearchHits(records=records, count=int(total))
        if per_year is None:
            return None
        # The brackets before the last one read were read to the end: their hits are counted. The rest (the last
        # bracket read and the older ones) are the sample's.
        newest_unread = bounds[last_bracket - 1] if last_bracket else None
        rest = sum(n for year, n in per_year.items() if newest_unread is None or year is None or year < newest_unread)
        return SearchHits(records=records, count=max(int(total), int(read_through) + round(rest)),
                          count_is_estimate=True)

    def _sampled_years(self, compiled: CompiledQuery) -> dict[int | None, float]:
        """The query's hits per year (None: no year) counted on a sample of the table's pages, scaled to all of them.

        Scaled by the pages the sample held rows on, not by the share asked for: SYSTEM sampling takes each page
        with that chance, and with the same seed for every query the pages drawn erred the same way for all of
        them (100k SYNTHETIC records, 0.6 %: the 7 capped estimates 0.88-0.98 of the exact counts). Pages that hold
        no live row (a table with many dead rows) make the figure too high.
        """
        pages = self._fetch("SELECT pg_relation_size('documents_paper') / current_setting('block_size')::int", [])
        pages = max(int(pages[0][0]), 1)
        percent = sample_percent(pages)
        rows = self._fetch(
            "WITH drawn AS MATERIALIZED (SELECT year, (abstract <> '' AND ({where})) AS hit, "
            "(ctid::text::point)[0] AS block FROM documents_paper TABLESAMPLE SYSTEM (%s) REPEATABLE (19)) "
            "SELECT year, count(*) FILTER (WHERE hit), (SELECT count(DISTINCT block) FROM drawn) FROM drawn "
            "GROUP BY year".format(where=compiled.where), [*compiled.params, percent])
        if percent >= 100:  # every page read: counted, not estimated (pages of dead rows only draw no row)
            return {year: float(n) for year, n, _ in rows if n}
        return {year: n * pages / drawn for year, n, drawn in rows if n}

    def _planned_rows(self, condition: str, params: list) -> float:
        """The planner's estimate of the records meeting ``condition`` (no row read)."""
        rows = self._fetch(f"EXPLAIN (FORMAT JSON) SELECT 1 FROM documents_paper WHERE {condition}", params)
        plan = rows[0][0]
        plan = json.loads(plan) if isinstance(plan, str) else plan
        return float(plan[0]["Plan"]["Plan Rows"])

    def _planned_hits(self, compiled: CompiledQuery) -> float:
        """The planner's estimate of the hits of the query's positive text terms, ORed (``rank_query``; no row read).

        An upper bound, near enough: the query ANDs, NOTs and filters what those terms match. The planner's
        estimate of the query itself multiplies its ANDs' shares as if independent, and fell to 0.01 of the hits
        for correlated terms (`"helicobacter pylori" AND omeprazole`); a query it expected small and read whole
        was over the cap after all, and was read again. Without a text term, the estimate of the query itself.
        """
        if compiled.rank_query:
            return self._planned_rows("search_vector @@ %s::tsquery", [compiled.rank_query])
        return self._planned_rows(f"abstract <> '' AND ({compiled.where})", compiled.params)

    def count(self, query: str, filters: Filters) -> int:
        compiled = self.matching(self.compile(query, filters))
        rows = self._fetch(
            f"SELECT count(*) FROM documents_paper WHERE abstract <> '' AND ({compiled.where})", compiled.params
        )
        return int(rows[0][0])

    @staticmethod
    def _fetch(sql: str, params: list, settings: tuple[str, ...] = ()) -> list[tuple]:
        """The rows of ``sql``, run with the search's settings (``SET LOCAL``) in one round trip.

        The settings and the query go as one multi-statement string (Django's client-side binding sends it as a
        simple query): in autocommit, PostgreSQL runs it as one implicit transaction, which ends the settings with
        it. Inside a transaction a savepoint (``atomic``) keeps a failed query from aborting the caller's. Until
        2026-12-06 (issue 19) each setting, BEGIN and COMMIT was a round trip of its own: 7 a statement, 3 statements
        a search, each a chance to lose the CPU on a loaded machine."""
        statements = (*_search_settings(), *settings)
        # Server-side binding (a database OPTION) prepares one statement at a time: then as before, each on its own.
        one_by_one = bool(connection.settings_dict.get("OPTIONS", {}).get("server_side_binding"))
        try:
            with (transaction.atomic() if one_by_one or connection.in_atomic_block else nullcontext()), \
                    connection.cursor() as cursor:
                if one_by_one:
                    for statement in statements:
                        cursor.execute(statement)
                    cursor.execute(sql, params)
                else:
                    cursor.execute("; ".join((*statements, sql)), params)
                while cursor.description is None and cursor.nextset():  # past the settings' empty results
                    pass
                return cursor.fetchall()
        except DatabaseError as exc:
            raise SourceError("local", f"the corpus database could not run the query ({exc})") from exc
