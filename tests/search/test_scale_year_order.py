"""The scale benchmark's corpus stored oldest first (issue #19): the same records, sorted by year, PMIDs in that order."""
from __future__ import annotations

import gzip
import itertools
import json

from search.benchmarks._scale_corpus import SYNTHETIC_PMID_BASE, SyntheticCorpus
from tests.conftest import DATA

CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


def test_year_order_stores_the_same_records_oldest_first_with_pmids_in_that_order():
    with gzip.open(CORPUS, "rt", encoding="utf-8") as handle:
        corpus = SyntheticCorpus(json.loads(line) for line in itertools.islice(handle, 300))
    order = corpus.year_order(400)
    ordered = list(corpus.rows(150, order=order)) + list(corpus.rows(250, start=150, order=order))  # two slices
    assert [int(r["pmid"]) for r in ordered] == list(range(SYNTHETIC_PMID_BASE + 1, SYNTHETIC_PMID_BASE + 401))
    years = [r["year"] or 0 for r in ordered]
    assert years == sorted(years) and len(set(years)) > 3  # oldest first (no year first)
    mixed = list(corpus.rows(400))
    assert sorted(r["abstract"] for r in ordered) == sorted(r["abstract"] for r in mixed)  # the same records
    assert [r["year"] or 0 for r in mixed] != years  # stored by record number, the years are mixed
