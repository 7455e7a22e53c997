"""A search's paper keeps its shape, authors included, through every place it is written and read: the pipeline's
``RankedPaper`` (to_dict / from_dict), the PostgreSQL ``SearchPaper`` rows, the Redis document, and the
documented ``PaperSerializer``. The record's fields are defined once, by ``Record``: the tables inherit them from
``PaperColumns`` and every mapping iterates them, so a field (or a metric such as ``is_clinical``) dropped on
one side fails here."""
from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.db import connection

from documents.models import Paper, PaperColumns
from documents.sources.base import RECORD_FIELDS, Filters, Record
from documents.sources.pubmed_xml import parse_pubmed_xml
from search.api.serializers import PaperSerializer
from search.design import classify_design, sample_size
from search.models import Search, SearchPaper
from search.pipeline.state import (
    JUDGEMENT_KEYS,
    Addresses,
    BestSentence,
    Frame,
    Metrics,
    RankedPaper,
    SearchState,
    UnderstoodQuery,
)
from search.store import PostgresSearchStore, RedisSearchStore, is_anonymous_id, search_ref
from search.store.postgres import search_paper_row
from search.store.read_model import search_paper_dict
from tests.conftest import fixture_bytes
from tests.search.answer_papers import stance

AUTHORS = ["TT Kouri", "Richard B Devereux", "SOLVD Investigators"]
# Every metric set (none left at its None default), so a mapping that drops one loses a value and fails.
EVERY_METRIC = Metrics(citation_count=3, relative_citation_ratio=1.5, influential_citation_count=2, venue="NEJM",
                       tldr="Enalapril helped.", pmcid="PMC1", full_text_url="https://example.org/x.pdf",
                       is_clinical=True)


def _paper(rank: int = 1, *, authors: list[str] | None = None) -> RankedPaper:
    abstract = "A randomised trial of 120 patients. Enalapril reduced mortality compared with placebo."
    record = Record(pmid=str(1000 + rank), title="Enalapril in heart failure", abstract=abstract, year=1991,
                    journal="N Engl J Med", publication_types=["Randomized Controlled Trial"], mesh=["Enalapril"],
                    doi="10.1/x", pmcid="PMC1", retracted=False, authors=list(AUTHORS if authors is None else authors))
    paper = RankedPaper(rank=rank, record=record, similarity=0.5, stance=stance("supports"),
                        best_sentence=BestSentence(1, "Enalapril reduced mortality compared with placebo.", 0.9),
                        summary="s", metrics=EVERY_METRIC,
                        addresses=Addresses("yes", "same drug and outcome"))
    paper.design = classify_design(title=record.title, abstract=abstract, publication_types=record.publication_types,
                                   mesh=record.mesh)
    paper.sample_size = sample_size(abstract)
    return paper


def test_ranked_paper_round_trips_with_its_authors():
    paper = _paper()
    d = paper.to_dict()
    assert d["authors"] == AUTHORS
    again = RankedPaper.from_dict(d)
    assert again.record == paper.record and again.record.authors == AUTHORS
    assert again.to_dict() == d
    d["authors"] = []  # a source that names no one stays empty
    assert RankedPaper.from_dict(d).record.authors == []
    del d["authors"]  # a document from before papers carried authors
    assert RankedPaper.from_dict(d).record.authors == []


def test_the_record_has_one_shape_in_the_database():
    columns = [f.name for f in PaperColumns._meta.get_fields()]
    assert ["pmid", *columns] == list(RECORD_FIELDS)  # Record's fields, in its order
    for model in (Paper, SearchPaper):
        assert set(RECORD_FIELDS) <= {f.name for f in model._meta.fields}
    assert set(JUDGEMENT_KEYS) <= {f.name for f in SearchPaper._meta.fields}  # a column per judgement


def test_every_metric_survives_the_round_trip():
    paper = _paper()
    assert all(value is not None for value in vars(paper.metrics).values())
    again = RankedPaper.from_dict(paper.to_dict())
    assert again.metrics == paper.metrics and again.metrics.is_clinical is True
    assert again == paper


def test_every_view_of_a_paper_has_the_same_keys():
    paper = _paper()
    d = paper.to_dict()
    assert set(d) == set(PaperSerializer().fields)  # documented = what the pipeline writes
    assert search_paper_dict(search_paper_row(None, paper)) == d  # the PostgreSQL row, written and read back


def test_a_paper_document_keeps_its_key_order():
    """The API returns these dicts as they are: the order is part of the bytes of a response."""
    head = ["rank", "pmid", "title", "abstract", "year", "journal", "authors"]
    record = ["publication_types", "mesh", "doi", "pmcid", "retracted"]
    metrics = ["citation_count", "relative_citation_ratio", "influential_citation_count", "venue", "tldr",
               "full_text_url", "is_clinical"]
    judged = ["similarity", "stance", "best_sentence", "summary", "addresses", "design", "sample_size"]
    paper = _paper()
    metrics_after_venue = [k for k in metrics if k != "venue"]
    assert list(paper.to_dict()) == head + ["venue"] + record + metrics_after_venue + judged
    assert list(search_paper_dict(search_paper_row(None, paper))) == head + record + metrics + judged


def _state(papers: list[RankedPaper]) -> SearchState:
    return SearchState(question="Does enalapril reduce mortality in heart failure?", filters=Filters(),
                       source="pubmed", papers=papers, query=UnderstoodQuery(boolean="enalapril", frame=Frame()))


@pytest.mark.django_db
@pytest.mark.parametrize("store_class", [PostgresSearchStore, RedisSearchStore], ids=["postgres", "redis"])
def test_the_store_keeps_each_papers_authors(store_class):
    papers = [_paper(1), _paper(2, authors=[])]
    state = _state(papers)
    store = store_class()
    public_id = store.create(state, fingerprint="", owner=None)
    assert store.save_stage(state, stage="rerank")
    ref = search_ref(public_id) if is_anonymous_id(public_id) else public_id
    doc = store.document(ref)
    assert [p["authors"] for p in sorted(doc["papers"], key=lambda p: p["rank"])] == [AUTHORS, []]
    loaded = store.load(ref)
    assert [p.record.authors for p in loaded.papers] == [AUTHORS, []]
    assert [p.to_dict() for p in loaded.papers] == [p.to_dict() for p in papers]


@pytest.mark.django_db
def test_a_live_pubmed_search_stores_the_authors_efetch_gave():
    (record,) = parse_pubmed_xml(fixture_bytes("ncbi_eutils", "efetch_pubmed_single_38534005.xml"))
    state = _state([RankedPaper(rank=1, record=record, similarity=0.4)])
    store = PostgresSearchStore()
    public_id = store.create(state, fingerprint="", owner=None)
    assert store.save_stage(state, stage="rerank")
    (row,) = SearchPaper.objects.filter(search_id=public_id)
    assert row.authors == record.authors and row.authors[:2] == ["TT Kouri", "W Hofmann"] and len(row.authors) == 9


@pytest.mark.django_db
def test_the_migration_backfills_authors_of_searches_saved_before():
    search = Search.objects.create(question="q", fingerprint="")
    SearchPaper.objects.create(search=search, rank=1, pmid="1001", similarity=0.1)
    SearchPaper.objects.create(search=search, rank=2, pmid="1002", similarity=0.1)  # no stored record
    Paper.objects.create(pmid="1001", title="t", abstract="a", authors=["P Nazzaro"], origin="cohen2006")
    migration = importlib.import_module("search.migrations.0007_searchpaper_authors")
    with connection.schema_editor() as editor:
        migration.backfill_authors(apps, editor)
    assert dict(SearchPaper.objects.values_list("pmid", "authors")) == {"1001": ["P Nazzaro"], "1002": []}
