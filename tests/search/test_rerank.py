"""Rerank with the real MiniLM model and the real Postgres embedding cache."""
from __future__ import annotations

import json
from itertools import islice

import numpy as np
import pytest

from documents.models import Embedding
from documents.sources.base import Record
from search import embeddings
from search.pipeline import rerank as rerank_module
from search.pipeline.rerank import document_model_key, document_text, rerank
from tests.conftest import DATA


def pubmedqa_rows(n: int) -> list[dict]:
    with (DATA / "pubmedqa-labeled" / "dev.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in islice(f, n)]


def as_record(row: dict) -> Record:
    # As in the demo corpus: no title for PubMedQA records, abstract = contexts + conclusion.
    return Record(pmid=row["pmid"], title="", abstract=" ".join(row["contexts"] + [row["long_answer"]]))


@pytest.fixture
def rows():
    return pubmedqa_rows(12)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_each_question_finds_its_own_abstract_first(rows):
    records = [as_record(r) for r in rows]
    for row in rows[:4]:
        ranked = rerank(row["question"], records, top_k=5)
        assert ranked[0].record.pmid == row["pmid"], row["question"]


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_ranks_from_one_sorted_rounded_and_cut_to_top_k(rows):
    records = [as_record(r) for r in rows]
    ranked = rerank(rows[0]["question"], records + records[:3], top_k=5)  # duplicates are dropped

    assert [p.rank for p in ranked] == [1, 2, 3, 4, 5]
    assert len({p.record.pmid for p in ranked}) == 5
    sims = [p.similarity for p in ranked]
    assert sims == sorted(sims, reverse=True)
    assert all(isinstance(s, float) and round(s, 4) == s and -1 <= s <= 1 for s in sims)
    assert rerank(rows[0]["question"], records, top_k=50)[-1].rank == len(records)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_similarity_is_the_cosine_of_question_and_document_text(rows):
    record = as_record(rows[1])
    [paper] = rerank(rows[1]["question"], [record], top_k=1)
    q, d = embeddings.encode([rows[1]["question"], document_text(record)])
    # Batched with other texts, bfloat16 arithmetic moves the cosine in the 4th decimal at most.
    assert paper.similarity == pytest.approx(float(np.dot(q, d)), abs=1e-3)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_a_paper_is_never_embedded_twice(rows, count_encoded):
    records = [as_record(r) for r in rows]
    rerank(rows[0]["question"], records[:8], top_k=3)
    rerank(rows[1]["question"], records, top_k=3)  # 8 cached, 4 new

    questions = {rows[0]["question"], rows[1]["question"]}
    documents_embedded = [t for call in count_encoded for t in call if t not in questions]
    assert len(documents_embedded) == len(records)
    assert Embedding.objects.filter(model=document_model_key()).count() == len(records)
    assert sorted(Embedding.objects.values_list("pmid", flat=True)) == sorted(r.pmid for r in records)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_a_warm_rerank_embeds_only_the_question(rows, count_encoded):
    records = [as_record(r) for r in rows]
    first = rerank(rows[2]["question"], records, top_k=4)
    count_encoded.clear()

    again = rerank(rows[2]["question"], records, top_k=4)

    assert count_encoded == [[rows[2]["question"]]]
    assert [(p.record.pmid, p.similarity) for p in again] == [(p.record.pmid, p.similarity) for p in first]


def test_document_text_puts_title_aim_and_conclusion_first():
    record = Record(pmid="1", title="Sumatriptan for migraine.",
                    abstract="We aimed to test it. We enrolled 30. We measured pain. Pain fell. Sumatriptan works.")
    assert document_text(record) == (
        "Sumatriptan for migraine. We aimed to test it. Pain fell. Sumatriptan works. We enrolled 30. We measured pain."
    )
    assert document_text(Record(pmid="2", title="", abstract="Short. Text.")) == "Short. Text."


def test_document_text_is_cut_after_the_conclusion_to_bound_embedding_cost():
    from search.pipeline.rerank import DOCUMENT_WORDS

    middle = " ".join(f"Filler sentence number {i} about methods." for i in range(60))
    record = Record(pmid="3", title="Title here.", abstract=f"Aim first. {middle} Conclusion: it worked. Final line.")
    words = document_text(record).split()
    assert len(words) == DOCUMENT_WORDS
    assert words[:2] == ["Title", "here."] and "worked." in words[:12]


def test_bad_input_is_refused_and_nothing_to_rank_is_empty():
    with pytest.raises(ValueError, match="non-empty question"):
        rerank("  ", [], top_k=20)
    with pytest.raises(ValueError, match="top_k must be positive"):
        rerank("Does it work?", [], top_k=0)
    assert rerank("Does it work?", [], top_k=20) == []


def test_recipe_is_part_of_the_cache_key():
    assert document_model_key() == f"{embeddings.model_name()}:{rerank_module.DOCUMENT_RECIPE}"


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_a_namespace_is_a_separate_empty_cache(rows, count_encoded, settings):
    records = [as_record(r) for r in rows[:3]]
    rerank(rows[0]["question"], records, top_k=3)
    settings.MEDSEBA_EMBEDDING_NAMESPACE = "bench-x"
    assert document_model_key() == f"{embeddings.model_name()}:{rerank_module.DOCUMENT_RECIPE}:bench-x"
    count_encoded.clear()
    rerank(rows[0]["question"], records, top_k=3)  # cached outside the namespace only: embedded again
    assert sum(len(call) for call in count_encoded) == len(records) + 1
    assert Embedding.objects.filter(model=document_model_key()).count() == len(records)
