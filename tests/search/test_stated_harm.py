"""A conclusion stating the treatment's harm on the outcome in direction-free words (stated_harm)."""
from __future__ import annotations

import pytest

from documents.sources.base import Filters, Record
from search.pipeline.concepts import load
from search.pipeline.stated_harm import stated_harm
from search.pipeline.state import Addresses, RankedPaper, Stance
from search.pipeline.understand import understand


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


def _no_other(text: str) -> bool:
    return "captopril" in text.lower()


X, O = ["nifedipine", "calcium channel blocker"], ["myocardial infarction", "heart attack"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Calcium channel blocker use after myocardial infarction is associated with an increased risk of death.",
        "In myocardial infarction the deleterious effects of nifedipine outweigh any possible benefit.",
        "Short-acting nifedipine should be avoided after myocardial infarction.",
        "Nifedipine given early in heart attack was harmful.",
    ],
)
def test_a_plain_conclusion_of_harm_is_found(sentence):
    assert stated_harm(["Patients were studied.", sentence], X, O, _no_other) == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Calcium channel blockade is not associated with an excess risk of death after myocardial infarction.",
        "Absence of a deleterious effect of nifedipine in myocardial infarction.",
        "Whether nifedipine is harmful after myocardial infarction is unclear.",  # doubted
        "Nifedipine was harmful after myocardial infarction, unlike captopril.",  # names another drug
        "Nifedipine was harmful to the kidneys.",  # not the outcome asked about
        "Atenolol use after myocardial infarction is associated with an increased risk of death.",  # not X
        "Nifedipine lowered blood pressure and myocardial infarction rates rose.",  # no direction-free word
        # What the treatment blunted, and fewer deaths, are no harm of it.
        "Nifedipine blunted potentially harmful stress-induced changes after myocardial infarction.",
        "There was a trend towards greater reduction in risk of death after myocardial infarction with nifedipine.",
        "These results support nifedipine early in myocardial infarction in those at increased risk of death.",
        "Nifedipine capsules produce an abrupt fall in blood pressure after a heart attack that may be harmful.",
    ],
)
def test_other_sentences_state_no_harm(sentence):
    assert stated_harm([sentence], X, O, _no_other) is None


def test_deaths_name_the_outcome_of_a_question_about_survival():
    sentence = "Calcium channel blocker use appears to be associated with an increased risk of death."
    assert stated_harm([sentence], X, O, _no_other) is None  # death is not a heart attack
    assert stated_harm([sentence], X, O, _no_other, asked="survive, heart attack") == sentence
    assert stated_harm([sentence], X, ["quality of life"], _no_other, asked="quality of life") is None


def test_an_effect_question_reads_a_conclusion_of_harm_as_against_it():
    """The classifier read this conclusion "supports" 0.83 for "Will a calcium channel blocker help me survive
    after a heart attack?": a finding, not which way it went for the person."""
    from search.pipeline.judge_frame import reframe

    question = "Will a calcium channel blocker like nifedipine help me survive after a heart attack?"
    query = understand(question, Filters())
    firm = Stance("supports", 0.83, 0.1, 0.07)
    abstract = ("We followed patients after acute myocardial infarction for ten years. Use of thrombolysis and "
                "calcium channel blockers was recorded. CONCLUSIONS: Calcium channel blocker use appears to be "
                "associated with an increased risk of death.")
    paper = RankedPaper(rank=1, record=Record(pmid="1", title="Long-term survival after myocardial infarction",
                                              abstract=abstract, year=1996),
                        similarity=0.7, stance=firm, addresses=Addresses("yes", "test"))
    stance = reframe(query, [paper], {"1": firm}, question=question)["1"]
    assert stance.label == "refutes" and "reports harm" in stance.rationale
    # Asked as a harm ("Can a calcium channel blocker raise the risk of death?"), the classifier's reading stays.
    harm = "Do calcium channel blockers raise the risk of death after a heart attack?"
    assert "reports harm" not in reframe(understand(harm, Filters()), [paper], {"1": firm}, question=harm)["1"].rationale
