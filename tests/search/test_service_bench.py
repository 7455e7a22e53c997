"""``bench --only service --service-corpus``: the coverage check and the labels (pure logic; no timing is asserted)."""
from __future__ import annotations

import numpy as np
import pytest
from django.core.management.base import CommandError

from documents.embedding_store import SentenceVectors, build_store
from documents.models import Embedding, Paper, SentenceEmbedding
from search.benchmarks import service
from search.benchmarks._namespace import drop_namespaces
from search.benchmarks._stats import percentile
from search.management.commands.bench import Command as BenchCommand
from search.pipeline.locate import sentence_model_key
from search.pipeline.rerank import document_model_key

VECTOR = np.ones(4, dtype=np.float32) / 2


def _sentences() -> SentenceVectors:
    return SentenceVectors(sentences=["Pain fell."], vectors=np.stack([VECTOR]))


def _fill(store, *, documents: list[str], sentences: list[str]) -> None:
    store.put_many(document_model_key(), {p: VECTOR for p in documents})
    store.put_sentences(sentence_model_key(), {p: _sentences() for p in sentences})


def test_the_option_defaults_to_todays_empty_cache_and_both_runs_empty_then_embedded():
    parser = BenchCommand().create_parser("manage.py", "bench")
    assert parser.parse_args(["--only", "service"]).service_corpus == "empty"
    assert parser.parse_args(["--service-corpus", "both"]).service_corpus == "both"
    with pytest.raises(CommandError, match="invalid choice"):
        parser.parse_args(["--service-corpus", "warm"])
    assert service.corpus_modes(None) == ["empty"]
    assert service.corpus_modes("embedded") == ["embedded"]
    assert service.corpus_modes("both") == ["empty", "embedded"]
    with pytest.raises(ValueError):
        service.corpus_modes("warm")


def test_coverage_counts_papers_with_both_vectors_and_rounds_down():
    full = service.coverage_summary(12966, 12966, 12966, 12966)
    assert full["percent"] == 100.0 and full["complete"] is True
    almost = service.coverage_summary(12966, 12966, 12966, 12965)
    assert almost["percent"] == 99.99 and almost["complete"] is False  # never rounded up to 100
    tiny = service.coverage_summary(100000, 100000, 100000, 99999)
    assert tiny["percent"] < 100 and not tiny["complete"]
    assert service.coverage_summary(0, 0, 0, 0) == {
        "corpus_papers": 0, "with_document_vector": 0, "with_sentence_vectors": 0, "with_both": 0,
        "percent": 0.0, "complete": False,
    }


def test_only_complete_coverage_is_labelled_pre_embedded():
    complete = service.coverage_summary(10, 10, 10, 10)
    assert service.configuration_label("embedded", complete) == "cold question, corpus pre-embedded"
    for partial in (service.coverage_summary(10, 10, 9, 9), service.coverage_summary(10, 0, 0, 0), None):
        label = service.configuration_label("embedded", partial)
        assert "PARTLY pre-embedded" in label and "NOT the pre-embedded figure" in label
    assert "90.0 %" in service.configuration_label("embedded", service.coverage_summary(10, 10, 9, 9))
    assert "empty embedding cache" in service.configuration_label("empty")
    with pytest.raises(ValueError):
        service.configuration_label("warm", complete)


def test_coverage_reads_the_keys_a_search_uses_in_the_memory_store(settings):
    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    store = build_store("memory")
    _fill(store, documents=["1", "2", "3"], sentences=["2", "3", "4"])
    coverage = service.corpus_coverage(store, pmids=["1", "2", "3", "4"])
    assert (coverage["with_document_vector"], coverage["with_sentence_vectors"], coverage["with_both"]) == (3, 3, 2)
    assert coverage["percent"] == 50.0 and not coverage["complete"]
    assert coverage["document_key"] == document_model_key() and coverage["sentence_key"] == sentence_model_key()
    assert "PARTLY" in service.configuration_label("embedded", coverage)

    _fill(store, documents=["4"], sentences=["1"])
    assert service.corpus_coverage(store, pmids=["1", "2", "3", "4"])["complete"]

    # A benchmark's private namespace (the empty configuration) is another key: nothing there counts.
    settings.MEDSEBA_EMBEDDING_NAMESPACE = "bench-x-empty-cold"
    assert service.corpus_coverage(store, pmids=["1", "2", "3", "4"])["with_both"] == 0


def test_the_locate_recipe_is_part_of_the_checked_key(settings):
    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    settings.MEDSEBA_LOCATE_EMBED = "candidates"
    store = build_store("memory")
    _fill(store, documents=["1"], sentences=["1"])
    assert service.corpus_coverage(store, pmids=["1"])["complete"]
    settings.MEDSEBA_LOCATE_EMBED = "all"  # a worker embedding every sentence would find nothing cached
    assert service.corpus_coverage(store, pmids=["1"])["with_sentence_vectors"] == 0


@pytest.mark.django_db
def test_coverage_of_the_postgres_corpus_counts_corpus_papers_only(settings):
    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    for i in range(3):
        Paper.objects.create(pmid=f"77{i}", title=f"Trial {i}", abstract="Pain fell.")
    store = build_store("postgres")
    _fill(store, documents=["770", "771", "999"], sentences=["770", "999"])  # 999 is not in the corpus
    coverage = service.corpus_coverage(store)
    assert coverage["corpus_papers"] == 3
    assert (coverage["with_document_vector"], coverage["with_sentence_vectors"], coverage["with_both"]) == (2, 1, 1)
    assert coverage["percent"] == 33.33 and coverage["store"] == "postgres"
    assert store.cached_pmids(document_model_key(), []) == set()


@pytest.mark.django_db
def test_the_default_namespace_is_never_dropped(settings):
    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    _fill(build_store("postgres"), documents=["1"], sentences=["1"])
    with pytest.raises(ValueError, match="default embedding namespace"):
        drop_namespaces(["bench-x-empty-cold", ""])
    assert Embedding.objects.filter(model=document_model_key()).count() == 1
    assert SentenceEmbedding.objects.filter(model=sentence_model_key()).count() == 1


def test_throughput_is_searches_per_minute_per_core():
    assert service.throughput_per_core(10, 30000.0, 2) == 10.0
    assert service.throughput_per_core(10, 60000.0, 1) == 10.0
    with pytest.raises(ValueError):
        service.throughput_per_core(10, 0.0, 2)


def test_issue_19_targets_are_judged_on_the_medians():
    figures = {"cold_first_papers": {"median_ms": 480.0}, "cold_done": {"median_ms": 1100.0},
               "concurrent_done": {"median_ms": 4200.0}}
    judged = service.targets_19(figures)
    assert judged["met"] == {"cold_first_papers_ms": True, "cold_done_ms": True, "concurrent_done_ms": False}
    assert judged["all_met"] is False
    figures["concurrent_done"] = {"median_ms": 3900.0}
    assert service.targets_19(figures)["all_met"] is True
    assert service.targets_19({"cold_done": "no search finished"})["met"]["cold_done_ms"] is False


def test_cached_candidates_of_the_timed_questions_never_make_a_partial_corpus_read_as_embedded():
    partial = service.coverage_summary(12966, 12000, 3000, 3000)
    questions_cached = service.coverage_summary(400, 400, 400, 400)
    label = service.configuration_label("embedded", partial, questions_cached)
    assert label != "cold question, corpus pre-embedded"
    assert "PARTLY pre-embedded (23.13 %" in label and "candidates were all cached beforehand" in label
    label = service.configuration_label("embedded", partial, service.coverage_summary(400, 400, 200, 200))
    assert "of the timed questions' 400 candidates 400 had a document vector and 200 sentence vectors" in label
    complete = service.coverage_summary(12966, 12966, 12966, 12966)
    assert service.configuration_label("embedded", complete, questions_cached) == "cold question, corpus pre-embedded"


@pytest.mark.django_db
def test_question_candidates_are_what_local_retrieve_returns(settings, monkeypatch):
    monkeypatch.setenv("MEDSEBA_SOURCE", "local")
    Paper.objects.create(pmid="881", title="Sumatriptan for acute migraine", year=2001,
                         abstract="Sumatriptan relieved migraine headache within two hours in this trial.")
    Paper.objects.create(pmid="882", title="Statins in diabetes", year=2003, abstract="Statins lowered events.")
    pmids = service.question_candidates(["Does sumatriptan relieve migraine headache?",
                                         "Does sumatriptan relieve migraine headache?"])
    assert pmids == ["881"]


# --- the embedding store's binary read (issue 19: a pre-embedded search reads its vectors, nothing else) ----------

@pytest.mark.django_db
def test_binary_reads_give_exactly_what_the_orm_reads(monkeypatch):
    from documents import embedding_store

    rng = np.random.default_rng(19)
    store = build_store("postgres")
    docs = {f"50{i}": rng.standard_normal(384).astype(np.float32) for i in range(30)}
    store.put_many("m:doc", docs)
    sentences = {f"50{i}": SentenceVectors(sentences=[f"Sentence {j} of {i}." for j in range(i % 4)],
                                           vectors=rng.standard_normal((i % 4, 384)).astype(np.float32))
                 for i in range(30)}  # every fourth abstract has no sentence at all
    store.put_sentences("m:sent", sentences)
    wanted = list(docs) + ["404"]

    binary_docs, binary_sentences = store.get_many("m:doc", wanted), store.get_sentences("m:sent", wanted)
    monkeypatch.setattr(embedding_store, "read_rows", lambda *args: None)  # the ORM path
    orm_docs, orm_sentences = store.get_many("m:doc", wanted), store.get_sentences("m:sent", wanted)

    assert set(binary_docs) == set(orm_docs) == set(docs)
    assert all(np.array_equal(binary_docs[p], orm_docs[p]) and binary_docs[p].dtype == np.float32 for p in docs)
    assert all(np.array_equal(binary_docs[p], docs[p]) for p in docs)  # float32 -> float8 -> float32 is exact
    assert set(binary_sentences) == set(orm_sentences) == set(sentences)
    for pmid, sv in orm_sentences.items():
        assert binary_sentences[pmid].sentences == sv.sentences == sentences[pmid].sentences
        assert binary_sentences[pmid].vectors.shape == sv.vectors.shape
        assert np.array_equal(binary_sentences[pmid].vectors, sv.vectors)


@pytest.mark.django_db
def test_binary_reads_raise_djangos_errors_and_skip_empty_lookups():
    from django.db import ProgrammingError, transaction

    from documents.embedding_store import read_rows

    assert read_rows("documents_embedding", "pmid, vector", "m", []) == []
    with pytest.raises(ProgrammingError), transaction.atomic():
        read_rows("no_such_table", "pmid", "m", ["1"])


def test_a_run_that_wrote_no_vector_it_read_still_says_partly_when_the_corpus_is_partly_embedded():
    partial, questions = service.coverage_summary(100, 50, 20, 20), service.coverage_summary(10, 10, 5, 5)
    clean = {"candidates_document_vectors": 0, "shown_papers_sentence_vectors": 0, "candidates": 10, "shown_papers": 4}
    label = service.configuration_label("embedded", partial, questions, clean)
    assert "PARTLY pre-embedded (20.0 %" in label and label.endswith("no vector the timed searches read was written during the run")
    dirty = {**clean, "shown_papers_sentence_vectors": 2}
    assert not service.read_only_cached(dirty) and not service.read_only_cached(None)
    assert "were written during the run" in service.configuration_label("embedded", partial, questions, dirty)
    complete = service.coverage_summary(100, 100, 100, 100)
    assert service.configuration_label("embedded", complete, questions, dirty) == "cold question, corpus pre-embedded"


@pytest.mark.django_db
def test_vectors_written_during_the_timed_passes_are_counted_for_what_the_searches_read(settings):
    from django.utils import timezone

    settings.MEDSEBA_EMBEDDING_NAMESPACE = ""
    settings.MEDSEBA_EMBEDDING_STORE = "postgres"
    store = build_store("postgres")
    _fill(store, documents=["1", "2"], sentences=["1"])
    since = timezone.now()
    assert service.written_during(["1", "2"], ["1"], since) == {
        "candidates_document_vectors": 0, "shown_papers_sentence_vectors": 0, "candidates": 2, "shown_papers": 1}
    _fill(store, documents=["3"], sentences=["2", "9"])  # 9: not a paper the searches showed
    written = service.written_during(["1", "2", "3"], ["1", "2"], since)
    assert (written["candidates_document_vectors"], written["shown_papers_sentence_vectors"]) == (1, 1)
    settings.MEDSEBA_EMBEDDING_STORE = "memory"
    assert service.written_during(["1"], ["1"], since) is None


def test_the_critical_path_counts_the_side_by_side_branches_once():
    timings = {"understand": 10.0, "retrieve": 60.0, "rerank": 40.0, "enrich": 30.0, "judge": 900.0, "locate": 250.0,
               "synthesise": 35.0, "chart": 0.0}
    assert service.critical_path_ms(timings) == 10 + 60 + 40 + 900 + 35
    assert service.critical_path_ms({"understand": 5.0}) == 5.0


@pytest.mark.django_db
def test_server_done_is_created_to_finished_of_the_signed_in_searches():
    from datetime import timedelta

    from search.models import Search

    done = Search.objects.create(question="q", status="done")
    Search.objects.filter(pk=done.pk).update(finished_at=done.created_at + timedelta(milliseconds=1234))
    running = Search.objects.create(question="q2", status="running")
    results = [{"status": "done", "id": str(done.pk)}, {"status": "done", "id": str(running.pk)},
               {"status": "timeout", "id": None}, {"status": "done", "id": None}]
    assert [round(v) for v in service.server_done_ms(results)] == [1234]


def test_the_passes_option_defaults_to_all_and_concurrent_runs_that_pass_alone():
    parser = BenchCommand().create_parser("manage.py", "bench")
    assert parser.parse_args(["--only", "service"]).service_passes == "all"
    assert parser.parse_args(["--service-passes", "concurrent"]).service_passes == "concurrent"
    with pytest.raises(CommandError, match="invalid choice"):
        parser.parse_args(["--service-passes", "cold"])


def test_waiting_is_server_time_minus_the_critical_path_search_by_search():
    assert service.waiting_ms([21000.0, 9000.0], [6000.0, 5000.0]) == [15000.0, 4000.0]
    with pytest.raises(ValueError):
        service.waiting_ms([1.0], [])


@pytest.mark.django_db
def test_the_concurrent_split_pairs_each_searchs_server_time_with_its_own_critical_path():
    from datetime import timedelta

    from search.models import Search

    slow = Search.objects.create(question="slow", status="done")
    fast = Search.objects.create(question="fast", status="done")
    Search.objects.filter(pk=slow.pk).update(finished_at=slow.created_at + timedelta(milliseconds=20000))
    Search.objects.filter(pk=fast.pk).update(finished_at=fast.created_at + timedelta(milliseconds=3000))
    # The fast search is listed first: pairing by position in the query result instead of by id would mix them up.
    results = [{"status": "done", "id": str(fast.pk), "timings": {"rerank": 1000.0, "synthesise": 500.0}},
               {"status": "done", "id": str(slow.pk), "timings": {"rerank": 4000.0, "locate": 3000.0, "judge": 1000.0}},
               {"status": "timeout", "id": None, "timings": {}}]
    split = service._concurrent_split(results)
    assert split["concurrent_server_done"]["n"] == 2
    assert split["concurrent_critical_path"]["median_ms"] == (1500.0 + 7000.0) / 2
    # Waiting 1,500 and 13,000 ms; mixed up, it would be -4,000 and 18,500 (the same mean, another spread).
    assert split["concurrent_waiting"]["p95_ms"] == round(percentile([1500.0, 13000.0], 0.95), 1)
    assert split["concurrent_waiting"]["median_ms"] == 7250.0
    assert service._concurrent_split([{"status": "timeout", "id": None, "timings": {}}]) == {
        "concurrent_server_done": "not recorded"}


def test_the_concurrent_pass_asks_ten_by_default_and_at_most_one_per_timed_question():
    parser = BenchCommand().create_parser("manage.py", "bench")
    assert parser.parse_args(["--only", "service"]).service_concurrent == 10
    assert service.concurrent_n(None) == 10
    assert service.concurrent_n(20) == 20
    for wrong in (0, len(service.QUESTIONS) + 1):
        with pytest.raises(ValueError):
            service.concurrent_n(wrong)


def test_an_embedding_queue_gets_a_private_name_beside_the_benchmark_queue(settings):
    """With MEDSEBA_EMBED_QUEUE set the benchmark routes rerank and locate to a queue of its own next to its private
    one (a second worker takes it); unset, every stage shares the private queue as before."""
    settings.MEDSEBA_EMBED_QUEUE = ""
    assert service.bench_embed_queue("bench-1a2b") == ""
    settings.MEDSEBA_EMBED_QUEUE = "embed"
    assert service.bench_embed_queue("bench-1a2b") == "bench-1a2b-embed"
