"""understand(): the stage's contract with retrieve — a strict query, ordered relaxations, messages, never a crash."""
from __future__ import annotations

import pytest

from documents.boolean_query import parse
from documents.sources.base import Filters
from search.benchmarks.understand import QUESTIONS as BENCHMARK_QUESTIONS
from search.pipeline.concepts import load
from search.pipeline.understand import FREE_TEXT, NO_CONCEPTS, understand

QUESTIONS = [
    *BENCHMARK_QUESTIONS[:5],  # the benchmark's first five: colds, HRT, PPIs, sitting, sumatriptan
    "Can tailored interventions increase mammography use among HMO women?",
    'What about "quotes" [brackets] (and) OR NOT ***?',
]


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_query_is_valid_syntax(question):
    result = understand(question, Filters(from_year=1995, to_year=2005))
    assert result.boolean and result.relaxations
    for boolean in [result.boolean] + [b for b, _ in result.relaxations]:
        parse(boolean)
        assert "1995:2005[dp]" in boolean
    # The last resort is broad, but never without the question's intervention.
    last_boolean, last_note = result.relaxations[-1]
    assert last_note.startswith(("broad:", "optional concepts dropped"))
    intervention = result.role_concepts("intervention")
    assert intervention and all(c.synonyms[0] in last_boolean for c in intervention)


@pytest.mark.parametrize(
    "question, kept, dropped",
    [
        ("Is it safe to take sumatriptan if you have coronary heart disease?", "sumatriptan", "coronary"),
        ("Is tolterodine more effective than oxybutynin for overactive bladder?", "oxybutynin", "bladder"),
        ("Is esomeprazole better than omeprazole for healing erosive esophagitis?", "omeprazole", "esophagitis"),
    ],
)
def test_relaxation_never_drops_the_intervention_or_comparator(question, kept, dropped):
    result = understand(question, Filters())
    for boolean, note in result.relaxations:
        assert kept in boolean, note
    assert dropped not in result.relaxations[-1][0]


def test_concepts_and_query_for_a_lay_question():
    result = understand("Does sumatriptan relieve migraine?", Filters())
    assert result.message == ""
    assert [c.mesh_heading for c in result.concepts] == ["Sumatriptan", "Migraine Disorders"]
    assert result.boolean.startswith("(sumatriptan[mh] OR sumatriptan[tiab]")
    assert '"migraine disorders"[mh]' in result.boolean and "relieve" not in result.boolean
    assert result.boolean.endswith('("journal article"[pt] OR review[pt])')


def test_no_medical_concept_searches_the_words():
    result = understand("Can tailored interventions increase mammography use among HMO women?", Filters())
    assert result.message == FREE_TEXT
    assert "mammography[tiab]" in result.boolean and "increase" not in result.boolean


@pytest.mark.parametrize("question", ["hello?", "", "   ", "???", "What is it?"])
def test_no_content_words_gives_an_empty_query_and_a_message(question):
    result = understand(question, Filters())
    assert (result.boolean, result.relaxations, result.concepts) == ("", [], [])
    assert result.message == NO_CONCEPTS


@pytest.mark.django_db
def test_retrieve_relaxes_on_the_local_corpus():
    """Over a tiny corpus the strict query finds too few, so retrieve walks the relaxations and records them."""
    from documents.models import Paper
    from search.pipeline.retrieve import retrieve

    Paper.objects.create(
        pmid="1", title="Sumatriptan for acute migraine", abstract="Sumatriptan relieved migraine attacks.", year=1995
    )
    Paper.objects.create(pmid="2", title="Triptans", abstract="Sumatriptan pharmacokinetics in volunteers.", year=1996)
    from django.db import connection

    with connection.cursor() as cur:  # the loader's weighting: title A, abstract B
        cur.execute(
            "UPDATE documents_paper SET search_vector = setweight(to_tsvector('english', title), 'A') || "
            "setweight(to_tsvector('english', abstract), 'B')"
        )
    query = understand("Does sumatriptan relieve migraine?", Filters())
    result = retrieve(query, source="local", limit=50)
    assert [a.note for a in result.attempts][0] == "as understood"
    assert result.attempts[0].hits == 1
    assert {r.pmid for r in result.records} == {"1", "2"}
    assert len(result.attempts) > 1
