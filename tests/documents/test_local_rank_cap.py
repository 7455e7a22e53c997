"""The local search's cap on the hits it reads (issue #19, ``RANK_CAP``): a broad query ranks only the first
hits in storage order and reports its total as an estimate; at most the cap, nothing changes."""
from __future__ import annotations

import pytest
from django.db import connection

import documents.sources.local as local
from documents.models import Paper
from documents.sources.base import Filters
from documents.sources.local import LocalCorpusSource

pytestmark = pytest.mark.django_db

HITS = 12  # records with "aspirin"; the last one created is the best match by far


@pytest.fixture
def broad():
    for i in range(HITS - 1):
        Paper.objects.create(pmid=str(301 + i), title=f"Study {i}", abstract="Aspirin was given once.", year=2000 + i)
    Paper.objects.create(pmid="399", title="Aspirin", year=1990,
                         abstract="Aspirin. Aspirin daily. Aspirin weekly. Aspirin or placebo. Aspirin helped.")
    Paper.objects.create(pmid="400", title="Unrelated", abstract="Ibuprofen only.", year=2001)
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


def test_above_the_cap_only_the_first_hits_are_ranked_and_the_total_is_an_estimate(broad, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 5)
    read = storage_order(6)  # cap + 1: one more than the cap tells a broad query
    hits = broad.search("aspirin", Filters(), 3)
    assert hits.count_is_estimate is True
    assert len(hits.records) == 3 and {r.pmid for r in hits.records} <= set(read)
    # The best match is found only when it is stored among the hits read. Where PostgreSQL puts a new row depends on
    # the free space earlier tests left in the table's pages, so the test reads the order rather than assuming it
    # (it had assumed the best record lands after the others, and failed when it did not).
    assert (hits.records[0].pmid == "399") == ("399" in read)
    assert hits.count >= 6  # never fewer than the hits read
    assert broad.count("aspirin", Filters()) == HITS  # count stays exact
    # Without a text term to rank, the same: newest first among the hits read.
    dated = broad.search("1980:2020[dp] NOT ibuprofen", Filters(), 3)
    assert dated.count_is_estimate is True and {r.pmid for r in dated.records} <= set(read)


def test_the_estimate_scales_the_hits_read_by_the_share_of_the_table_scanned():
    from documents.sources.local import extrapolated_total

    assert extrapolated_total(20_001, 24_999, 100_000) == 80_004  # a quarter of the pages held 20,001 hits
    assert extrapolated_total(6, 0, 1) == 6  # all in the table's one page: what was read
    assert extrapolated_total(6, 3, 2) == 6 and extrapolated_total(6, None, 2) == 6  # never below the hits read


def test_a_capped_search_reports_the_extrapolated_total(broad, monkeypatch):
    monkeypatch.setattr(local, "RANK_CAP", 5)
    monkeypatch.setattr(local, "extrapolated_total", lambda read, last_block, pages: read * 1000 + pages)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_relation_size('documents_paper') / current_setting('block_size')::int")
        pages = cursor.fetchone()[0]
    hits = broad.search("aspirin", Filters(), 3)
    assert (hits.count, hits.count_is_estimate) == (6 * 1000 + pages, True)


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
    monkeypatch.setattr(local, "extrapolated_total", lambda read, last_block, pages: 24)
    figures = estimated_totals(broad, ["aspirin", "ibuprofen"], 3)
    assert (figures["rank_cap"], figures["queries"], figures["estimated"]) == (5, 2, 1)
    assert figures["worst_5"] == [("aspirin", HITS, 24, 2.0)] and figures["ratio_median"] == 2.0
    monkeypatch.setattr(local, "RANK_CAP", HITS)
    assert estimated_totals(broad, ["aspirin"], 3) == {"rank_cap": HITS, "queries": 1, "estimated": 0}
