"""The local search's cap on the hits it reads (issue #19, ``RANK_CAP``): a broad query ranks only the hits of its
newest years (read in year brackets, newest first, whatever the storage order) and reports its total as an estimate;
at most the cap, nothing changes."""
from __future__ import annotations

import pytest
from django.db import connection

import documents.sources.local as local
from documents.models import Paper
from documents.sources.base import Filters
from documents.sources.local import LocalCorpusSource

pytestmark = pytest.mark.django_db


def analyse() -> None:
    """As ``load_corpus`` does after a load: the planner's estimate of a query's hits comes from these statistics."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE documents_paper")

HITS = 12  # records with "aspirin"; the last one created is the best match by far


@pytest.fixture
def whole_sample(monkeypatch):
    """The sample reads every page: earlier tests leave dead rows behind, and a table of more pages than
    ``SAMPLE_PAGES_MIN`` would be sampled in part, which these tests of the brackets do not need."""
    monkeypatch.setattr(local, "SAMPLE_PAGES_MIN", 10**9)
    monkeypatch.setattr(local, "SAMPLE_PAGES_MAX", 10**9)


@pytest.fixture
def broad(whole_sample):
    for i in range(HITS - 1):
        Paper.objects.create(pmid=str(301 + i), title=f"Study {i}", abstract="Aspirin was given once.", year=2000 + i)
    Paper.objects.create(pmid="399", title="Aspirin", year=1990,
                         abstract="Aspirin. Aspirin daily. Aspirin weekly. Aspirin or placebo. Aspirin helped.")
    Paper.objects.create(pmid="400", title="Unrelated", abstract="Ibuprofen only.", year=2001)
    analyse()
    return LocalCorpusSource()


def storage_order(n: int) -> list[str]:
    """The first ``n`` aspirin records as stored (block, then line pointer): what a capped search reads."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pmid FROM documents_paper WHERE search_vector @@ to_tsquery('english', 'aspirin') "
                       "ORDER BY ctid LIMIT %s", [n])
        return [r[0] for r in cursor.fetchall()]


def test_at_most_the_cap_every_hit_is_ranked_and_the_total_is_exact(broad, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", HITS)
    hits = broad.search("aspirin", Filters(), 3)
    assert hits.records[0].pmid == "399" and len(hits.records) == 3
    assert (hits.count, hits.count_is_estimate) == (HITS, False)


def test_above_the_cap_only_the_newest_hits_are_ranked_and_the_total_is_an_estimate(broad, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 5)
    hits = broad.search("aspirin", Filters(), 3)
    assert hits.count_is_estimate is True and len(hits.records) == 3
    newest = {str(301 + i) for i in range(HITS - 7, HITS - 1)}  # the cap + 1 newest aspirin records: 2004-2010
    assert {r.pmid for r in hits.records} <= newest
    assert "399" not in {r.pmid for r in hits.records}  # the best match, from 1990, is not among them
    assert hits.count >= 6  # never fewer than the hits read
    assert broad.count("aspirin", Filters()) == HITS  # count stays exact
    # Without a text term to rank, the same: newest first, and the newest are read.
    dated = broad.search("1980:2020[dp] NOT ibuprofen", Filters(), 3)
    assert dated.count_is_estimate is True and [r.year for r in dated.records] == [2010, 2009, 2008]


@pytest.fixture
def oldest_stored_first(whole_sample):
    """A corpus stored as a real baseline loaded in PMID order: two "placebo" records a year, 1981-2010, written
    oldest first (PMIDs in time order), each year's older one a better match than every newer record's."""
    for year in range(1981, 2011):
        Paper.objects.create(pmid=str(1000 + 2 * (year - 1981)), title="Placebo", year=year,
                             abstract="Placebo. Placebo again. Placebo or drug. Placebo helped.")
        Paper.objects.create(pmid=str(1001 + 2 * (year - 1981)), title="Trial", year=year,
                             abstract="Placebo was given once.")
    with connection.cursor() as cursor:
        # Rows written now may fill free space that earlier tests left anywhere in the table: store them by year,
        # oldest first, as a load in PMID order does (undone with the test's transaction).
        cursor.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'documents_paper' "
                       "AND indexdef LIKE '%%btree (year)'")
        cursor.execute(f'CLUSTER documents_paper USING "{cursor.fetchone()[0]}"')
    analyse()
    return LocalCorpusSource()


def test_a_capped_pool_holds_the_newest_hits_when_the_oldest_are_stored_first(oldest_stored_first, monkeypatch):
    """Issue #19: a capped query ranked its first hits in storage order; loaded in PMID order, those are its oldest.

    On the code before, the pool was the 11 records of 1981-1986 and the three returned were from 1986, 1985, 1984.
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT year FROM documents_paper ORDER BY ctid LIMIT 11")
        stored_first = [r[0] for r in cursor.fetchall()]
    assert max(stored_first) <= 1986, stored_first  # the premise: the oldest records are stored first
    monkeypatch.setattr(local, "RANK_CAP", 10)
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert hits.count_is_estimate is True
    # The pool is at least the 11 newest hits (2006-2010 whole, a 2005 one): the best three are the newest
    # strong matches, not the old ones stored first.
    assert [r.year for r in hits.records] == [2010, 2009, 2008]
    assert all(r.title == "Placebo" for r in hits.records)
    assert hits.count == 60  # a table this small is sampled whole: the estimate is exact here
    # A limit above the cap widens it (13 read): the 12 newest, by year (no text term to rank).
    years = [r.year for r in oldest_stored_first.search("1900:2100[dp]", Filters(), 12).records]
    assert years == [y for y in range(2010, 2004, -1) for _ in (0, 1)]
    monkeypatch.setattr(local, "RANK_CAP", 60)  # no cap reached: every hit, the total counted
    everything = oldest_stored_first.search("placebo", Filters(), 3)
    assert (everything.count, everything.count_is_estimate) == (60, False)
    assert [r.year for r in everything.records] == [2010, 2009, 2008]


def test_a_query_just_over_the_cap_is_read_whole(oldest_stored_first, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 50)  # 60 hits: under WHOLE_SHARE (1.3) times the cap, by the sample
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert (hits.count, hits.count_is_estimate) == (60, False)  # every hit ranked, the total exact
    monkeypatch.setattr(local, "WHOLE_LIMIT", 1.1)  # more hits than read whole allows: read again, by brackets
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert (hits.count, hits.count_is_estimate) == (60, True) and [r.year for r in hits.records] == [2010, 2009, 2008]


def test_a_query_the_planner_expects_small_is_read_whole_then_by_brackets(oldest_stored_first, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 10)
    read = []
    original = LocalCorpusSource._search
    monkeypatch.setattr(LocalCorpusSource, "_planned_hits", lambda self, compiled: 0.0)
    monkeypatch.setattr(LocalCorpusSource, "_search",
                        lambda self, *args: read.append(args[3]) or original(self, *args))
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert read == [[], [2005, 2001]]  # whole (over the cap: read again), then the brackets
    assert [r.year for r in hits.records] == [2010, 2009, 2008] and (hits.count, hits.count_is_estimate) == (60, True)
    read.clear()
    assert oldest_stored_first.search("placebo AND 1981:1985[dp]", Filters(), 3).count == 10
    assert read == [[]]  # under the cap: read whole once, as before the brackets


def test_the_brackets_come_from_the_sampled_hits_per_year():
    from documents.sources.local import bracket_conditions, newest_brackets

    two_a_year = {year: 2.0 for year in range(1981, 2011)}
    # 11 (the cap + 10 %) are reached in 2005: 2005-2010 sorted; 20 (twice the cap) in 2001: 2001-2004 sorted too;
    # then the rest.
    assert newest_brackets(two_a_year, 10) == ([2005, 2001], (0, 1))
    # A year with more than the cap and newer years: those sorted, then that year alone, read until the cap.
    assert newest_brackets({2010: 3.0, 2009: 50.0, 2008: 50.0, None: 4.0}, 10) == ([2010, 2009, 2008], (0,))
    # The newest year alone holds more than the cap: read in storage order, then 2000 (sorted), then the rest.
    assert newest_brackets({2010: 50.0, 2000: 1.0}, 10) == ([2010, 2000], (1,))
    assert newest_brackets({2010: 3.0, 1999: 4.0, None: 9.0}, 10) == ([1999], (0,))  # fewer than the cap dated
    assert newest_brackets({None: 30.0}, 10) == ([], ())
    assert bracket_conditions([]) == [("TRUE", [])]  # no bracket: the whole table
    assert bracket_conditions([2009, 2000]) == [
        ("year >= %s", [2009]), ("year >= %s AND year < %s", [2000, 2009]), ("coalesce(year < %s, TRUE)", [2000])]


def test_the_safety_years_are_cut_as_the_newest_are():
    """The years after the first bracket, down to twice the cap, are a bracket sorted newest first, or, when their
    oldest year holds many hits, their newer years sorted and that year alone (issue #19, fourth session of
    2026-12-06). The code before read them as one bracket in storage order: ``([2007, 2005], True)`` here."""
    from documents.sources.local import newest_brackets

    sampled = {2010: 3.0, 2009: 3.0, 2008: 3.0, 2007: 3.0, 2006: 1.0, 2005: 50.0, 2004: 1.0}
    assert newest_brackets(sampled, 10) == ([2007, 2006, 2005], (0, 1))
    # A safety range whose one year holds many: that year alone, in storage order.
    assert newest_brackets({2010: 12.0, 2009: 50.0, 2008: 1.0}, 10) == ([2010, 2009], (0,))


def test_a_pool_the_sample_over_estimated_still_comes_from_the_newest_hits(oldest_stored_first, monkeypatch):
    """The sample expects 12 hits in 2010 (there are 2) and one a year before: the first bracket (2010) holds fewer
    than the cap, and the pool is filled from the next one, 2001-2009. Read newest first, its best records are those
    of 2009 and 2008; the code before read it in storage order (oldest first) and returned 2010, 2006, 2005."""
    monkeypatch.setattr(local, "RANK_CAP", 10)
    sampled = {2010: 12.0, **{year: 1.0 for year in range(1981, 2010)}}
    monkeypatch.setattr(LocalCorpusSource, "_sampled_years", lambda self, compiled: sampled)
    monkeypatch.setattr(LocalCorpusSource, "_planned_hits", lambda self, compiled: 1e6)
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert hits.count_is_estimate is True
    assert [r.year for r in hits.records] == [2010, 2009, 2008]


def test_the_planners_estimate_decides_a_read_whole_without_a_sample(oldest_stored_first, monkeypatch):
    """A query the planner expects under ``WHOLE_SHARE`` times the cap is read whole, up to ``WHOLE_LIMIT`` times it,
    with no sample: 60 hits, a cap of 50, the planner's 60. The code before sampled every query the planner put
    over a quarter of the cap."""
    monkeypatch.setattr(local, "RANK_CAP", 50)
    sampled = []
    original = LocalCorpusSource._sampled_years
    monkeypatch.setattr(LocalCorpusSource, "_sampled_years",
                        lambda self, compiled: sampled.append(1) or original(self, compiled))
    monkeypatch.setattr(LocalCorpusSource, "_planned_hits", lambda self, compiled: 60.0)
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert (hits.count, hits.count_is_estimate) == (60, False) and not sampled
    assert [r.year for r in hits.records] == [2010, 2009, 2008]
    # Expected over it: sampled first (a table this small whole: 60, under 1.3 times the cap), then read whole.
    monkeypatch.setattr(LocalCorpusSource, "_planned_hits", lambda self, compiled: 70.0)
    assert (oldest_stored_first.search("placebo", Filters(), 3).count, sampled) == (60, [1])
    # Expected under it but over ``WHOLE_LIMIT`` times the cap after all: read whole once, then by brackets.
    monkeypatch.setattr(LocalCorpusSource, "_planned_hits", lambda self, compiled: 1.0)
    monkeypatch.setattr(local, "RANK_CAP", 20)
    read = []
    search = LocalCorpusSource._search
    monkeypatch.setattr(LocalCorpusSource, "_search", lambda self, *args: read.append(args[2]) or search(self, *args))
    hits = oldest_stored_first.search("placebo", Filters(), 3)
    assert read == [32, 20] and (hits.count, hits.count_is_estimate) == (60, True)


def test_the_sample_reads_a_share_of_the_pages_all_of_a_small_table():
    from documents.sources.local import SAMPLE_PAGES_MAX, SAMPLE_PAGES_MIN, SAMPLE_SHARE, sample_percent

    assert sample_percent(10) == 100.0 and sample_percent(0) == 100.0 and sample_percent(SAMPLE_PAGES_MIN) == 100.0
    assert sample_percent(SAMPLE_PAGES_MIN * 4) == 25.0  # at least the minimum pages
    assert sample_percent(round(SAMPLE_PAGES_MIN / SAMPLE_SHARE * 2)) == 100 * SAMPLE_SHARE  # the share
    assert sample_percent(round(SAMPLE_PAGES_MAX / SAMPLE_SHARE * 10)) == 10 * SAMPLE_SHARE  # at most the maximum


def test_a_capped_search_counts_the_brackets_read_through_and_takes_the_rest_from_the_sample(broad, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 5)
    sampled = {2010: 3.0, 2009: 3.0, 2008: 3.0, 2000: 100.0}
    monkeypatch.setattr(LocalCorpusSource, "_sampled_years", lambda self, compiled: sampled)
    hits = broad.search("aspirin", Filters(), 3)
    # Brackets from the sample: 2009-2010 sorted, then 2008 sorted and 2000-2007 alone (the safety years, 2000
    # holding many). 2008-2010 hold 3 aspirin records, read through (counted); the cap is reached in 2000-2007, whose
    # hits and the older ones are the sample's: 100.
    assert (hits.count, hits.count_is_estimate) == (3 + 100, True)
    assert [r.year for r in hits.records][:2] == [2010, 2009]  # equal ranks: the newest first


def test_a_limit_above_the_cap_widens_it(broad, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 5)
    hits = broad.search("aspirin", Filters(), 50)
    assert (hits.count, hits.count_is_estimate) == (HITS, False) and hits.records[0].pmid == "399"
    assert broad.search("aspirin", Filters(), 0).count == HITS  # limit 0: the exact count alone


def test_the_cap_is_above_the_demo_corpus():
    """The demo corpus (12,966 records) must return what it returned before the cap: no query there can reach it."""
    assert local.RANK_CAP > 12_966


def test_the_scale_bench_reports_the_estimated_totals_against_the_exact_counts(broad, monkeypatch):
    from search.benchmarks._scale_run import estimated_totals

    monkeypatch.setattr(local, "RANK_CAP", 5)
    monkeypatch.setattr(LocalCorpusSource, "_sampled_years", lambda self, compiled: {None: 24.0})  # no year known
    figures = estimated_totals(broad, ["aspirin", "ibuprofen"], 3)
    assert (figures["rank_cap"], figures["queries"], figures["estimated"]) == (5, 2, 1)
    assert figures["worst_5"] == [("aspirin", HITS, 24, 2.0)] and figures["ratio_median"] == 2.0
    monkeypatch.setattr(local, "RANK_CAP", HITS)
    assert estimated_totals(broad, ["aspirin"], 3) == {"rank_cap": HITS, "queries": 1, "estimated": 0}


def test_the_scale_bench_reports_how_new_the_capped_searches_records_are(oldest_stored_first, monkeypatch):
    from search.benchmarks._scale_run import capped_years

    monkeypatch.setattr(local, "RANK_CAP", 10)
    figures = capped_years(oldest_stored_first, ["placebo", "placebo AND 1981:1985[dp]"], 3)
    assert (figures["rank_cap"], figures["queries"], figures["capped"]) == (10, 2, 1)
    # The newest 10 of the 60 hits are 2006-2010; the three returned are from 2010, 2009, 2008; all hits' median 1995.
    assert figures["newest_from_median"] == 2006 and figures["returned_median_year_median"] == 2009
    assert figures["all_hits_median_year_median"] == 1995 and figures["share_returned_from_newest_years_mean"] == 1.0
