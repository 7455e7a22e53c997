"""``documents.bulk_copy``: COPY loading gives the same rows, vectors and upsert counts as the JSON upsert."""
from __future__ import annotations

import gzip
import itertools
import json

import pytest
from django.db import IntegrityError, transaction

from documents.bulk_copy import copy_new_rows, copy_upsert_rows
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
