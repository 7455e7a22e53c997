"""The local corpus source: PubMed Boolean semantics over PostgreSQL full text."""
from __future__ import annotations

import pytest

from documents.models import Paper
from documents.sources import get_source
from documents.sources.base import Filters, QuerySyntaxError
from documents.sources.local import LocalCorpusSource

pytestmark = pytest.mark.django_db

PAPERS = [
    dict(pmid="101", title="Enalapril and cough", abstract="ACE inhibitors cause dry cough in some patients.",
         year=1995, mesh=["Hypertension"]),
    dict(pmid="102", title="Losartan in hypertension", year=2001, publication_types=["Randomized Controlled Trial"],
         abstract="Angiotensin receptor blockers lower blood pressure; cough was rare."),
    dict(pmid="103", title="Quality of life in migraine", abstract="Sumatriptan improved quality of life.",
         year=2003, mesh=["Migraine Disorders"], publication_types=["Journal Article", "Review"]),
    dict(pmid="104", title="Vaccination uptake", abstract="Vaccines and vaccination programmes in children.",
         year=None),
    dict(pmid="105", title="", abstract="Omeprazole heals reflux esophagitis.", year=1998,
         mesh=["Proton Pump Inhibitors"]),
    dict(pmid="106", title="Cough without an abstract", abstract="", year=2000),
]


@pytest.fixture
def corpus():
    for fields in PAPERS:
        Paper.objects.create(**fields)
    return LocalCorpusSource()


def pmids(src: LocalCorpusSource, query: str, filters: Filters | None = None) -> set[str]:
    hits = src.search(query, filters or Filters(), 50)
    assert hits.count == len(hits.records) == src.count(query, filters or Filters())
    return {r.pmid for r in hits.records}


def test_get_source_returns_the_local_corpus():
    assert get_source("local").name == "local"


def test_left_to_right_precedence(corpus):
    assert pmids(corpus, "cough OR migraine AND quality") == {"103"}  # (cough OR migraine) AND quality
    assert pmids(corpus, "cough OR (migraine AND quality)") == {"101", "102", "103"}
    assert pmids(corpus, "cough OR migraine AND quality") == pmids(corpus, "(cough OR migraine) AND quality")


def test_not_and_phrases(corpus):
    assert pmids(corpus, "cough NOT losartan") == {"101"}
    assert pmids(corpus, '"quality of life"[tiab]') == {"103"}
    assert pmids(corpus, '"life quality"[tiab]') == set()
    assert pmids(corpus, '"blood pressure"') == {"102"}


def test_field_tags_use_title_abstract_and_mesh_weights(corpus):
    assert pmids(corpus, "cough[ti]") == {"101"}
    assert pmids(corpus, "cough[ab]") == {"101", "102"}
    assert pmids(corpus, "hypertension[mh]") == {"101"}
    assert pmids(corpus, "hypertension[ti]") == {"102"}
    assert pmids(corpus, "hypertension") == {"101", "102"}
    assert pmids(corpus, '"proton pump inhibitors"[mh]') == {"105"}


def test_year_ranges_never_match_null_years(corpus):
    assert pmids(corpus, "1995:2001[dp]") == {"101", "102", "105"}
    assert "104" not in pmids(corpus, "1000:3000[dp]")
    assert pmids(corpus, "vaccination NOT 2000[dp]") == {"104"}
    assert pmids(corpus, "cough", Filters(from_year=1996)) == {"102"}


def test_a_year_range_is_true_or_false_never_null(corpus):
    # A null year is outside every range also under NOT and OR, so NOT 1995:2001[dp] keeps 104.
    assert pmids(corpus, "(cough OR vaccination OR migraine OR omeprazole) NOT 1995:2001[dp]") == {"103", "104"}
    assert pmids(corpus, "vaccination OR 1995:2001[dp]") == {"101", "102", "104", "105"}
    assert pmids(corpus, "(cough OR vaccination) NOT 1995[dp]") == {"102", "104"}


def test_a_year_range_can_use_the_year_index(corpus):
    """The range is a plain condition on ``year`` (issue #19): the planner can AND the year index's bitmap with the
    text index's, so only the hits in range visit the heap. ``COALESCE(year BETWEEN ...)`` hid it from the index."""
    from django.db import connection

    year_index = next(i.name for i in Paper._meta.indexes if i.fields == ["year"])
    compiled = corpus.compile("2000:2004[dp]", Filters())
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN SELECT pmid FROM documents_paper WHERE {compiled.where}", compiled.params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert year_index in plan, plan


def test_truncation_is_a_prefix_match(corpus):
    assert pmids(corpus, "omepra*") == {"105"}
    assert pmids(corpus, "omepra") == set()
    assert pmids(corpus, "sumatrip*[tiab] OR losart*[ti]") == {"102", "103"}


def test_unknown_publication_types_are_not_excluded(corpus):
    assert pmids(corpus, "cough AND review[pt]") == {"101"}  # 101's types unknown, 102 is an RCT
    assert pmids(corpus, "cough NOT review[pt]") == {"101", "102"}  # unknown is not "a review" either
    either = Filters(publication_types=["Review", "Randomized Controlled Trial"])  # OR'ed
    assert pmids(corpus, "cough", either) == {"101", "102"}
    assert pmids(corpus, "cough", Filters(publication_types=["review"])) == {"101"}
    assert pmids(corpus, '"randomized controlled trial"[pt]') == {"101", "102", "104", "105"}


def test_relevance_order_limit_and_records(corpus):
    hits = corpus.search("cough", Filters(), 1)
    assert hits.count == 2 and [r.pmid for r in hits.records] == ["101"]  # title + abstract beats abstract
    record = corpus.search("migraine", Filters(), 5).records[0]
    assert (record.pmid, record.year, record.mesh) == ("103", 2003, ["Migraine Disorders"])
    assert record.publication_types == ["Journal Article", "Review"]
    ties = corpus.search("1990:2010[dp]", Filters(), 10)  # no text term: rank 0, newest first, then PMID
    assert [r.pmid for r in ties.records] == ["103", "102", "105", "101"]


def test_records_without_abstract_are_never_returned(corpus):
    assert "106" not in pmids(corpus, "cough")


def test_unparseable_query_raises_with_position(corpus):
    with pytest.raises(QuerySyntaxError) as err:
        corpus.search("cough AND (migraine", Filters(), 10)
    assert err.value.position == 10
    with pytest.raises(QuerySyntaxError, match=r"unknown field tag \[xyz\] at position 5"):
        corpus.count("cough[xyz]", Filters())


# Two-step ranking: ts_rank on every hit keeps a pool, ts_rank_cd on the pool picks and orders the `limit`.
# "Cough" once in the title: ts_rank 0.61, ts_rank_cd 1.0. "Cough" five times in the abstract: ts_rank 0.36,
# ts_rank_cd 2.0. The cheap rank puts the title record first, the precise rank the abstract record.
TITLE_ONCE = dict(pmid="201", title="Cough", abstract="A dry irritation of the airway.", year=2010)
ABSTRACT_FIVE = dict(pmid="202", title="Airway symptoms", year=2001,
                     abstract="Cough was common. Cough at night. Cough by day. Cough in winter. Cough persisted.")
ABSTRACT_ONCE = dict(pmid="203", title="Airway irritation", abstract="Cough was rare.", year=2005)


@pytest.fixture
def ranked():
    for fields in (TITLE_ONCE, ABSTRACT_FIVE, ABSTRACT_ONCE):
        Paper.objects.create(**fields)
    return LocalCorpusSource()


def test_the_precise_rank_picks_the_records_returned(ranked):
    from django.db import connection

    with connection.cursor() as cursor:  # the premise: the two ranks disagree on these records
        cursor.execute("SELECT pmid, ts_rank(search_vector, q), ts_rank_cd(search_vector, q) FROM documents_paper, "
                       "to_tsquery('english', 'cough') q WHERE pmid IN ('201', '202') ORDER BY pmid")
        (_, cheap_title, precise_title), (_, cheap_abstract, precise_abstract) = cursor.fetchall()
    assert cheap_title > cheap_abstract and precise_abstract > precise_title
    # Only ts_rank_cd puts 202 in the top 1: a search that took its `limit` from the cheap rank would return 201.
    assert [r.pmid for r in ranked.search("cough", Filters(), 1).records] == ["202"]
    hits = ranked.search("cough", Filters(), 50)
    assert [r.pmid for r in hits.records] == ["202", "201", "203"] and hits.count == 3


def test_the_pool_bounds_the_precise_rank_and_the_total_stays_exact(ranked, monkeypatch):
    import documents.sources.local as local

    monkeypatch.setattr(local, "PRE_RANK_POOL", 2)
    hits = ranked.search("cough", Filters(), 1)  # pool: 201 and 202 (ts_rank); 203 is ranked by ts_rank alone
    assert [r.pmid for r in hits.records] == ["202"] and hits.count == 3 == ranked.count("cough", Filters())
    assert [r.pmid for r in ranked.search("cough", Filters(), 2).records] == ["202", "201"]
    # A limit above the pool widens the pool to the limit: every hit returned, in ts_rank_cd order.
    monkeypatch.setattr(local, "PRE_RANK_POOL", 1)
    assert [r.pmid for r in ranked.search("cough", Filters(), 3).records] == ["202", "201", "203"]
    assert ranked.search("cough", Filters(), 0).count == 3
