"""The offline (extractive) answer and per-study summaries, on real demo-corpus records."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from search.pipeline import answer_groups
from search.pipeline.answer_offline import YES_NO_WORDING, describe, offline_summaries, quotable_sentence
from search.pipeline.answer_text import clean_quote, conclusion_sentence
from search.pipeline.state import BestSentence, Stance
from search.pipeline.synthesise import synthesise
from search.sentences import split_sentences

from .answer_papers import corpus_records, ranked

QUESTION = "Are triptans effective for acute migraine?"


@pytest.fixture(autouse=True)
def _offline(settings):
    settings.MEDSEBA_LLM_BASE_URL = ""
    settings.OPENAI_API_KEY = ""
    settings.MEDSEBA_LLM_MODEL = ""
    settings.MEDSEBA_EMBEDDING_STORE = "memory"  # never write vectors into a shared database


def labels(s: int, r: int, u: int, none: int = 0) -> list[str | None]:
    return ["supports"] * s + ["refutes"] * r + ["neutral"] * u + [None] * none


# --- first sentence ---------------------------------------------------------------------------------


def test_stance_mix_is_counted_in_words_with_plurals():
    counts = Counter(labels(12, 1, 6))
    assert describe(counts, YES_NO_WORDING) == (
        "12 point to yes, 1 points to no (no effect or the opposite) and 6 are neutral or unclear"
    )
    assert describe(Counter(labels(2, 0, 0)), YES_NO_WORDING, keep_zero=True) == (
        "2 point to yes, none points to no (no effect or the opposite) and none is neutral or unclear"
    )


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_open_question_does_not_say_yes_or_no(settings):
    papers = ranked(corpus_records("Triptans", 20), labels(12, 2, 6))
    result = synthesise("Which triptan works best for acute migraine?", papers, query=None)
    assert result.answer.text.startswith("The studies that address this mostly give a positive answer")
    assert " yes" not in result.answer.text and " no " not in result.answer.text


# --- summaries and quotes ------------------------------------------------------------------------------


def test_conclusion_section_first_sentence_is_the_summary():
    abstract = (
        "BACKGROUND: Migraine is common. METHODS: We randomised 200 adults. RESULTS: Pain relief at 2 h was 60% vs. "
        "30% (P<0.001). CONCLUSIONS: Sumatriptan relieved migraine pain within 2 h. Further trials are needed."
    )
    assert conclusion_sentence(abstract) == "Sumatriptan relieved migraine pain within 2 h."


def test_without_a_conclusion_label_the_last_sentence_is_the_summary_never_the_title():
    papers = ranked(corpus_records("Triptans", 20))
    summaries = offline_summaries(papers)
    assert set(summaries) == {p.record.pmid for p in papers}
    for paper in papers:
        assert summaries[paper.record.pmid] == clean_quote(split_sentences(paper.record.abstract)[-1], limit=600)
        assert summaries[paper.record.pmid] != paper.record.title


def test_quote_is_the_best_sentence_when_it_reports_a_finding_else_the_conclusion():
    paper = ranked(corpus_records("Triptans", 1))[0]
    sentences = split_sentences(paper.record.abstract)
    paper.best_sentence = BestSentence(index=0, text="The aim was to compare two drugs.", score=0.7)
    assert quotable_sentence(paper) == sentences[-1]
    paper.best_sentence = BestSentence(index=1, text="Relief was significantly higher with sumatriptan.", score=0.7)
    assert quotable_sentence(paper) == "Relief was significantly higher with sumatriptan."


def test_quoted_abstract_text_loses_links_and_bracket_citations():
    quoted = clean_quote("As shown before [12], see https://example.org/x and [this](http://evil.test) now.")
    assert quoted == "As shown before (12), see and this now."


# --- the whole offline answer ------------------------------------------------------------------------


def test_no_papers_says_so_without_sections():
    result = synthesise(QUESTION, [], query=None)
    assert result.answer.text.endswith("No studies were found for this question.")
    assert result.answer.verdict.label == "insufficient"
    assert result.answer.sections == [] and result.answer.kind == "none" and result.summaries == {}


@pytest.mark.slow
@pytest.mark.django_db
def test_offline_answer_groups_every_paper_once_with_valid_references():
    records = corpus_records("Triptans", 12) + corpus_records("ProtonPumpInhibitors", 8)
    papers = ranked(records, labels(9, 4, 5, none=2))
    result = synthesise(QUESTION, papers, query=None)
    answer = result.answer
    assert answer.kind == "extractive" and result.model == "extractive" and result.failures == []
    assert answer.verdict.label == "mixed" and answer.verdict.studies_counted == 18
    assert answer.text.startswith("The studies that address this disagree")
    assert 2 <= len(answer.sections) <= 5
    cited = [n for s in answer.sections for n in s.refs]
    assert sorted(cited) == list(range(1, 21))  # every paper in exactly one group
    headings = [s.heading for s in answer.sections]
    assert len(set(headings)) == len(headings) and all(headings)
    for section in answer.sections:
        in_text = [int(n) for n in re.findall(r"\[(\d+)\]", section.text)]
        assert set(in_text) == set(section.refs)
        quote = re.search(r"“(.+)”", section.text).group(1)
        source = next(p for p in papers if p.rank == in_text[-1])
        assert quote.rstrip(" …") in source.record.abstract.replace("[", "(").replace("]", ")")
    # Two drug classes of unrelated records must not end up in one group.
    topic_of = {p.rank: ("triptan" if p.rank <= 12 else "ppi") for p in papers}
    assert all(len({topic_of[n] for n in s.refs}) == 1 for s in answer.sections)


def test_groups_follow_the_vectors_and_are_named_by_their_shared_mesh():
    records = list(corpus_records("Triptans", 6))
    mesh_a = ["Humans", "Sumatriptan", "Migraine Disorders"]
    mesh_b = ["Humans", "Pain, Postoperative", "Migraine Disorders"]
    records = [replace(r, mesh=mesh_a if i < 3 else mesh_b) for i, r in enumerate(records)]
    papers = ranked(records)
    vectors = np.array([[1, 0, 0]] * 3 + [[0, 1, 0]] * 3, dtype=np.float32)
    groups = answer_groups.group_papers(papers, question=QUESTION, vectors=vectors)
    assert [[p.rank for p in g.papers] for g in groups] == [[1, 2, 3], [4, 5, 6]]
    assert [g.heading for g in groups] == ["Sumatriptan", "Postoperative Pain"]


def test_one_paper_gets_one_section_citing_it():
    papers = ranked(corpus_records("Triptans", 1), ["supports"])
    groups = answer_groups.group_papers(papers, question=QUESTION, vectors=np.ones((1, 3), dtype=np.float32))
    assert len(groups) == 1 and groups[0].papers == papers
    assert Counter(p.rank for g in groups for p in g.papers) == {1: 1}


def test_embedding_store_down_degrades_grouping_to_mesh_and_says_so(monkeypatch):
    from documents.embedding_store import EmbeddingStoreError
    from search.pipeline import answer_offline

    def down(_papers):
        raise EmbeddingStoreError("weaviate at http://127.0.0.1:8080 unreachable")

    monkeypatch.setattr(answer_offline, "document_vectors", down)
    records = corpus_records("Triptans", 6) + corpus_records("ProtonPumpInhibitors", 6)
    result = synthesise(QUESTION, ranked(records, labels(6, 0, 6)), query=None)
    assert [(f.stage, f.source) for f in result.failures] == [("synthesise", "embeddings")]
    assert "unreachable" in result.failures[0].error
    assert sorted(n for s in result.answer.sections for n in s.refs) == list(range(1, 13))
    assert all(len({n <= 6 for n in s.refs}) == 1 for s in result.answer.sections)  # MeSH still separates topics


def test_sections_follow_the_frame_when_the_judge_marked_the_papers():
    from search.pipeline.state import Addresses, Frame, UnderstoodQuery
    from search.pipeline.answer_offline import offline_answer

    papers = ranked(corpus_records("UrinaryIncontinence", 6), labels(2, 2, 2))
    papers[0].stance = Stance("supports", 0.8, 0.1, 0.1)
    papers[1].stance = Stance("refutes", 0.1, 0.8, 0.1)
    papers[2].stance = Stance("refutes", 0.2, 0.5, 0.3, uncertain=True)
    for paper in papers[:3]:
        paper.addresses = Addresses("yes", "compares them")
    for paper in papers[3:5]:
        paper.addresses = Addresses("partly", "against placebo")
    papers[5].addresses = Addresses("no", "does not study it")
    query = UnderstoodQuery(boolean="", frame=Frame(kind="comparison", intervention="tolterodine",
                                                     comparator="oxybutynin"))
    answer = offline_answer("Is tolterodine better than oxybutynin?", papers, query=query, text="Headline.").answer
    assert [s.heading for s in answer.sections] == [
        "Found an advantage for tolterodine over oxybutynin",
        "Found no clear advantage of tolterodine over oxybutynin",
        "Unclear or uncertain findings",
        "Studied tolterodine, but not against oxybutynin",
        "Studies that do not address the question",
    ]
    assert [s.refs for s in answer.sections] == [[1], [2], [3], [4, 5], [6]]
    assert answer.text == "Headline." and all("…" not in s.text for s in answer.sections)


def test_a_group_quotes_a_sentence_that_reads_the_way_its_heading_says():
    from search.pipeline.answer_groups import PaperGroup
    from search.pipeline.answer_offline import _quote_source

    papers = ranked(corpus_records("Triptans", 2), labels(0, 2, 0))
    for paper in papers:
        paper.stance = Stance("refutes", 0.1, 0.8, 0.1)
    papers[0].best_sentence = BestSentence(0, "Sumatriptan significantly reduced pain compared with placebo (p < 0.01).", 0.9)
    papers[1].best_sentence = BestSentence(0, "There was no significant difference between the groups in pain.", 0.9)
    paper, quote = _quote_source(PaperGroup(papers=papers, heading="Findings that point to no"))
    assert paper is papers[1] and "no significant difference" in quote


@pytest.mark.slow  # groups by topic with the embedding model
def test_an_unread_question_gets_no_verdict_and_no_count_of_answers():
    from search.pipeline.state import Addresses, Filters, UnderstoodQuery
    from search.pipeline.understand import understand

    question = "I had breast cancer. Will soy milk ease my hot flushes?"
    query = understand(question, Filters())
    assert isinstance(query, UnderstoodQuery) and query.frame.kind == "other"
    papers = ranked(corpus_records("BetaBlockers", 12), labels(9, 2, 1))
    for paper in papers:
        paper.addresses = Addresses("yes", "test")
    answer = synthesise(question, papers, query=query).answer
    assert answer.verdict.label == "insufficient" and "could not tell" in answer.verdict.reason
    text = " ".join(s.text for s in answer.sections) + " ".join(s.heading for s in answer.sections)
    assert answer.sections and "positive answer" not in text and "point to yes" not in text
