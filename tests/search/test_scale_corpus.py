"""The scale benchmark's synthetic corpus and its disk guard (pure: no database, a few hundred records)."""
from __future__ import annotations

import gzip
import itertools
import json

import pytest

from search.benchmarks._scale_corpus import (
    JOURNAL, ORIGIN, SYNTHETIC_PMID_BASE, SyntheticCorpus, split_sentences, topic_of,
)
from search.benchmarks.scale import disk_needed, disk_refusal
from tests.conftest import DATA

CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


@pytest.fixture(scope="module")
def records() -> list[dict]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in itertools.islice(handle, 300)]


def test_records_are_labelled_synthetic_with_pmids_no_real_record_has(records):
    rows = list(SyntheticCorpus(records).rows(250))
    pmids = [int(r["pmid"]) for r in rows]
    assert pmids == list(range(SYNTHETIC_PMID_BASE + 1, SYNTHETIC_PMID_BASE + 251))
    assert min(pmids) > 100_000_000 > max(int(r["pmid"]) for r in records)
    assert {r["origin"] for r in rows} == {ORIGIN} and {r["journal"] for r in rows} == {JOURNAL}


def test_abstracts_are_sentences_of_same_topic_records_with_a_template_s_metadata():
    def record(pmid: str, topic: str, sentences: list[str]) -> dict:
        return {"pmid": pmid, "title": f"title {pmid}", "year": 2000 + int(pmid), "mesh": [topic.upper()],
                "authors": ["A Author"], "abstract": " ".join(sentences), "source": "cohen2006",
                "reviews": [{"topic": topic}]}

    records = [record("1", "Triptans", ["Sumatriptan helped.", "Pain fell by half."]),
               record("2", "Triptans", ["Nausea was rare.", "Placebo did less.", "All were adults."]),
               record("3", "Statins", ["LDL fell.", "Myalgia was common."])]
    pools = {"Triptans": {"Sumatriptan helped.", "Pain fell by half.", "Nausea was rare.", "Placebo did less.",
                          "All were adults."}, "Statins": {"LDL fell.", "Myalgia was common."}}
    templates = {r["title"]: r for r in records}
    for row in SyntheticCorpus(records).rows(200):
        template = templates[row["title"]]
        topic = topic_of(template)
        sentences = split_sentences(row["abstract"])
        assert len(sentences) == len(split_sentences(template["abstract"]))
        assert set(sentences) <= pools[topic]
        assert (row["year"], row["mesh"], row["authors"]) == (template["year"], [topic.upper()], ["A Author"])


def test_real_abstracts_are_recombined_not_copied(records):
    texts = [r["abstract"] for r in SyntheticCorpus(records).rows(200)]
    assert len(set(texts)) == len(texts)
    assert not set(texts) & {r["abstract"] for r in records}


def test_the_same_seed_gives_the_same_corpus_and_slices_add_up_to_the_whole(records):
    whole = list(SyntheticCorpus(records, seed=7).rows(120))
    assert whole == list(SyntheticCorpus(records, seed=7).rows(120))
    parts = list(SyntheticCorpus(records, seed=7).rows(50)) + list(SyntheticCorpus(records, seed=7).rows(70, start=50))
    assert parts == whole
    assert whole != list(SyntheticCorpus(records, seed=8).rows(120))


def test_a_size_the_disk_cannot_hold_is_refused_in_a_sentence():
    assert disk_refusal(100_000, disk_needed(100_000)) is None
    sentence = disk_refusal(1_000_000, 5 * 1024**3)
    assert sentence.startswith("not enough free disk for 1,000,000 synthetic records: about 13.2 GiB needed")
    assert sentence.endswith("5.0 GiB free")


def test_the_scratch_database_is_dropped_even_when_the_measurement_fails(monkeypatch):
    """The benchmark creates medseba_scale_<n>_<pid> and drops it whatever happens inside (here: a crash)."""
    import os

    from search.benchmarks import scale

    seen = []

    def crash(args, **kwargs):
        seen.append(kwargs["env"]["DATABASE_URL"])
        with scale._admin_connection() as conn:
            assert conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [f"medseba_scale_1000_{os.getpid()}"]
                                ).fetchone()
        raise RuntimeError("measurement crashed")

    monkeypatch.setattr(scale.subprocess, "run", crash)
    with pytest.raises(RuntimeError):
        scale.run_size(1000, 1, CORPUS)
    assert seen and seen[0].endswith(f"/medseba_scale_1000_{os.getpid()}")
    with scale._admin_connection() as conn:
        assert not conn.execute("SELECT 1 FROM pg_database WHERE datname LIKE %s",
                                [f"medseba_scale_1000_{os.getpid()}"]).fetchone()


def test_buffer_share_says_how_much_of_the_corpus_shared_buffers_holds():
    from search.benchmarks._scale_run import buffer_share

    mib = 2**20
    assert buffer_share(128 * mib, 5120 * mib) == (
        "shared_buffers (128 MiB) holds 2.5% of the corpus (5,120 MiB): most hits' pages come from the OS page cache")
    assert buffer_share(6144 * mib, 5120 * mib) == "the whole corpus fits in shared_buffers (6,144 MiB)"
    assert buffer_share(128 * mib, 0) == "no corpus"


@pytest.mark.django_db
def test_server_settings_report_what_the_figures_depend_on():
    from search.benchmarks._scale_run import SERVER_SETTINGS, server_settings

    found = server_settings()
    assert set(SERVER_SETTINGS) <= set(found)
    assert found["shared_buffers_bytes"] >= 128 * 1024  # 16 buffers of 8 kB at least
    assert found["shared_buffers"].endswith(("kB", "MB", "GB"))


def test_ranking_floor_is_the_p95_of_matching_and_counting_beside_the_ranked_search():
    from search.benchmarks._scale_run import ranking_floor

    ranked = [10.0] * 50 + [400.0, 500.0, 600.0, 700.0, 800.0]  # p95 of 55 (nearest rank) is the 4th slowest
    match = [5.0] * 50 + [150.0, 200.0, 250.0, 280.0, 300.0]
    floor = ranking_floor(ranked, match)
    assert floor["ranked_p95_ms"] == 500.0 and floor["match_and_count_p95_ms"] == 200.0
    assert floor["ranked_p50_ms"] == 10.0 and floor["match_and_count_p50_ms"] == 5.0
    assert floor["ranking_share_of_p95"] == 0.6
    assert ranking_floor([], []) == {} and ranking_floor([1.0], []) == {}


@pytest.mark.django_db
def test_pre_rank_overlap_compares_the_search_with_ts_rank_cd_on_every_hit(monkeypatch):
    import documents.sources.local as local
    from documents.models import Paper
    from search.benchmarks._scale_run import exact_top, pre_rank_overlap

    # "cough" once in a title: the cheap ts_rank's first, the precise ts_rank_cd's second; five times in an
    # abstract: the other way round; once in an abstract: last for both.
    Paper.objects.create(pmid="1", title="Cough", abstract="A dry irritation of the airway.", year=2010)
    Paper.objects.create(pmid="2", title="Airway", abstract="Cough. Cough at night. Cough by day. Cough in winter. "
                         "Cough persisted.", year=2001)
    Paper.objects.create(pmid="3", title="Airway", abstract="Cough was rare.", year=2005)
    source = local.LocalCorpusSource()
    assert exact_top(source, "cough", 2) == ["2", "1"] and exact_top(source, "2001:2005[dp]", 5) == ["3", "2"]
    same = pre_rank_overlap(source, ["cough", "2001:2005[dp]"], 2)
    assert (same["identical"], same["overlap_min"], same["differing_worst_5"]) == (2, 1.0, [])
    monkeypatch.setattr(local, "PRE_RANK_POOL", 1)  # a pool of 1 record: ts_rank alone picks it
    worse = pre_rank_overlap(source, ["cough"], 1)
    assert (worse["pool"], worse["identical"], worse["overlap_min"]) == (1, 0, 0.0)
    assert worse["differing_worst_5"] == [("cough", 3, 0.0)]


@pytest.mark.django_db
def test_year_filtered_search_times_the_queries_with_the_pipeline_s_year_filter():
    from documents.models import Paper
    from documents.sources.local import LocalCorpusSource
    from search.benchmarks._scale_run import year_filtered_search

    Paper.objects.create(pmid="1", title="Cough", abstract="Cough in 1999.", year=1999)
    Paper.objects.create(pmid="2", title="Cough", abstract="Cough in 2001.", year=2001)
    Paper.objects.create(pmid="3", title="Cough", abstract="Cough, year unknown.", year=None)
    figure = year_filtered_search(LocalCorpusSource(), ["cough", "cough AND 1999[dp]"], 50, from_year=2000)
    assert (figure["from_year"], figure["queries"], figure["max_hits"], figure["median_hits"]) == (2000, 2, 1, 0.5)
    assert 0 < figure["p50_ms"] <= figure["p95_ms"] <= figure["max_ms"]
    assert year_filtered_search(LocalCorpusSource(), [], 50) == {}
