"""``documents.bulk_copy``: COPY loading gives the same rows, vectors and upsert counts as the JSON upsert."""
from __future__ import annotations

import gzip
import itertools
import json

import pytest
from django.db import IntegrityError, transaction

from documents.bulk_copy import copy_new_batch, copy_upsert_batch, encode_batch
from documents.loading import COLUMNS, upsert_rows
from documents.models import Paper
from documents.sources.base import Filters
from documents.sources.local import LocalCorpusSource
from search.benchmarks._scale_corpus import SyntheticCorpus
from tests.conftest import DATA

pytestmark = pytest.mark.django_db
CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


@pytest.fixture(scope="module")
def synthetic() -> SyntheticCorpus:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as handle:
        return SyntheticCorpus([json.loads(line) for line in itertools.islice(handle, 400)])


def copy_new_rows(rows: list[dict]) -> int:
    return copy_new_batch(encode_batch(rows))


def copy_upsert_rows(rows: list[dict]) -> tuple[int, int]:
    return copy_upsert_batch(encode_batch(rows))


def stored(pmids: list[str]) -> list[tuple]:
    rows = Paper.objects.filter(pmid__in=pmids).order_by("pmid").values_list(*COLUMNS, "search_vector")
    return [tuple(str(v) for v in row) for row in rows]


def test_copy_new_rows_stores_what_the_json_upsert_stores(synthetic):
    rows = list(synthetic.rows(300))
    assert copy_new_rows(rows[:150]) == 150
    upsert_rows(rows[150:])
    copied, upserted = stored([r["pmid"] for r in rows[:150]]), stored([r["pmid"] for r in rows[150:]])
    assert len(copied) == len(upserted) == 150
    assert not Paper.objects.filter(search_vector__isnull=True).exists()  # the trigger ran under COPY
    # Load the first 150 again through the upsert into a fresh table: byte-identical rows and vectors.
    Paper.objects.all().delete()
    upsert_rows(rows[:150])
    assert stored([r["pmid"] for r in rows[:150]]) == copied
    first = rows[0]
    assert Paper.objects.get(pmid=first["pmid"]).mesh == first["mesh"]


def test_copy_new_rows_refuses_a_pmid_already_there(synthetic):
    rows = list(synthetic.rows(5))
    copy_new_rows(rows)
    with pytest.raises(IntegrityError), transaction.atomic():
        copy_new_rows(rows[:1])


def test_copy_upsert_counts_inserted_updated_unchanged_and_keeps_the_last_duplicate(synthetic):
    rows = list(synthetic.rows(200))
    assert copy_upsert_rows(rows) == (200, 0)
    assert copy_upsert_rows(rows) == (0, 0)  # identical: nothing written, the trigger never runs
    changed = dict(rows[3], title="A title about zymurgy")
    assert copy_upsert_rows([rows[3], changed] + rows[4:10]) == (0, 1)  # the batch's last duplicate wins
    hits = LocalCorpusSource().search("zymurgy[ti]", Filters(), 10)
    assert [r.pmid for r in hits.records] == [rows[3]["pmid"]]
    assert Paper.objects.count() == 200


def test_search_vectors_stay_in_the_row_not_in_toast(synthetic):
    """Migration 0003: storage MAIN, so a search reads no TOAST for the vector (the abstract goes out instead)."""
    from django.db import connection

    copy_new_rows(list(synthetic.rows(50)))
    with connection.cursor() as cursor:
        cursor.execute("SELECT attstorage FROM pg_attribute WHERE attrelid = 'documents_paper'::regclass "
                       "AND attname = 'search_vector'")
        assert cursor.fetchone()[0] == "m"
        # In the row: the table's own pages hold at least every vector's bytes (out of line they took 18 each).
        cursor.execute("SELECT pg_relation_size('documents_paper'), sum(pg_column_size(search_vector)) "
                       "FROM documents_paper")
        heap, vectors = cursor.fetchone()
        assert heap >= vectors > 50 * 1000


AWKWARD = {
    "title": 'Back\\slash, tab\there, "quoted", new\nline and cr\r: C:\\new\\table',
    "abstract": "An abstract \\N that is not NULL, with {braces}, a tab\tand \\. alone:\n\\.\nend",
    "year": None,
    "journal": "J Ünïcödé \u2014 \U0001f9ea",
    "publication_types": ["", "NULL", "Journal Article"],
    "mesh": ['Quote " inside', "Back\\slash", "comma, and {brace}", " spaced ", "tab\tnew\nline"],
    "doi": "10.1000/x\\y",
    "pmcid": "",
    "retracted": True,
    "authors": ["O'Brien J", "\\N"],
}


def test_copy_text_lines_store_awkward_values_exactly_as_the_json_upsert(synthetic):
    """``copy_line`` writes COPY text itself: escapes in text, quotes and backslashes in arrays, NULL and \\N."""
    base = next(synthetic.rows(1))
    copied, upserted = dict(base, pmid="990000001", **AWKWARD), dict(base, pmid="990000002", **AWKWARD)
    assert copy_new_rows([copied]) == 1
    upsert_rows([upserted])
    by_pmid = {p.pmid: p for p in Paper.objects.filter(pmid__in=["990000001", "990000002"])}
    for pmid in by_pmid:
        paper = by_pmid[pmid]
        assert [getattr(paper, c) for c in AWKWARD] == list(AWKWARD.values())
    a, b = stored(["990000001"]), stored(["990000002"])
    assert a[0][1:] == b[0][1:]  # every column and the search vector, the PMID aside


def test_an_encoded_batch_keeps_the_last_revision_of_a_pmid_and_counts_the_input(synthetic):
    rows = list(synthetic.rows(3))
    batch = encode_batch([rows[0], rows[1], dict(rows[0], title="Revised"), rows[2]])
    assert (batch.rows, batch.unique) == (4, 3)
    assert copy_new_batch(batch) == 3
    assert Paper.objects.get(pmid=rows[0]["pmid"]).title == "Revised"
