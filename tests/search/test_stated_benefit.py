"""A conclusion stating the treatment's benefit on the outcome in direction-free words (stated_benefit)."""
from __future__ import annotations

import pytest

from documents.sources.base import Filters, Record
from search.pipeline.concepts import load
from search.pipeline.stated_benefit import stated_benefit
from search.pipeline.state import Addresses, RankedPaper, Stance
from search.pipeline.understand import understand


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


def _no_other(text: str) -> bool:
    return "haloperidol" in text.lower()


X, O = ["modafinil", "provigil"], ["sleepiness", "somnolence"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Selected patients with myotonic dystrophy and excess daytime sleepiness may benefit from modafinil.",
        "Modafinil improves daytime sleepiness in these patients.",
        "Modafinil is an effective treatment for excessive daytime sleepiness.",
        "Modafinil relieved somnolence within a week.",
    ],
)
def test_a_plain_conclusion_of_benefit_is_found(sentence):
    assert stated_benefit(["Patients were studied.", sentence], X, O, _no_other) == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Modafinil did not improve daytime sleepiness.",  # denied
        "Modafinil failed to relieve somnolence.",
        "Further trials are needed to show whether modafinil is effective for sleepiness.",  # doubted, planned
        "Modafinil was as effective as haloperidol for sleepiness.",  # compared with another drug
        "Modafinil improves sleepiness less than haloperidol.",
        "Modafinil is an effective treatment for narcolepsy.",  # not the outcome asked about
        "Exercise improves daytime sleepiness.",  # not the treatment
        "Modafinil increased alertness and sleepiness scores fell.",  # no direction-free word: left to the classifier
    ],
)
def test_other_sentences_state_no_benefit(sentence):
    assert stated_benefit([sentence], X, O, _no_other) is None


def test_an_effect_question_reads_a_weakly_classified_conclusion_of_benefit_as_support():
    from search.pipeline.judge_frame import reframe

    question = "Can Provigil help with daytime sleepiness in myotonic dystrophy?"
    query = understand(question, Filters())
    weak = Stance("refutes", 0.39, 0.4, 0.21)  # the classifier's reading of the sentence below
    abstract = ("Patients with myotonic dystrophy and excessive daytime sleepiness received modafinil or placebo. "
                "CONCLUSIONS: Modafinil improves daytime sleepiness in myotonic dystrophy.")
    paper = RankedPaper(rank=1, record=Record(pmid="1", title="Modafinil in myotonic dystrophy", abstract=abstract,
                                              year=2002),
                        similarity=0.6, stance=weak, addresses=Addresses("yes", "test"))
    stance = reframe(query, [paper], {"1": weak}, question=question)["1"]
    assert stance.label == "supports" and not stance.uncertain and "conclusion says" in stance.rationale
    # A firm "refutes" of the classifier does not outweigh a conclusion that states the benefit in plain words (it
    # read "Study results indicate that bupropion ameliorates some nicotine withdrawal symptoms" as refutes 0.71).
    firm = Stance("refutes", 0.1, 0.8, 0.1)
    assert reframe(query, [paper], {"1": firm}, question=question)["1"].label == "supports"
    # A firm "supports" stays the classifier's.
    assert reframe(query, [paper], {"1": Stance("supports", 0.8, 0.1, 0.1)}, question=question)["1"].rationale == ""


PAIN = ["pain"]


@pytest.mark.parametrize(
    ("sentence", "asks_benefit", "found"),
    [
        # Less of an unwanted outcome asked about is a benefit, when the question asks for one.
        ("Ketorolac decreases the subjective perception of pain after laparoscopic urologic surgery.", True, True),
        ("Ketorolac reduced pain in the first 24 hours.", True, True),
        # Not when the question asks about a harm, nor when the outcome that falls is no unwanted one.
        ("Ketorolac decreases the subjective perception of pain after laparoscopic urologic surgery.", False, False),
        ("Ketorolac lowered blood pressure.", True, False),
        # Denied or compared as before.
        ("Ketorolac did not reduce pain.", True, False),
        ("Ketorolac reduced pain as much as morphine.", True, False),
    ],
)
def test_less_of_an_unwanted_outcome_is_a_stated_benefit_when_the_question_asks_for_one(sentence, asks_benefit, found):
    names = PAIN if "pain" in sentence else ["blood pressure"]
    got = stated_benefit([sentence], ["ketorolac"], names, lambda t: "morphine" in t.lower(), asks_benefit=asks_benefit)
    assert (got == sentence) is found
