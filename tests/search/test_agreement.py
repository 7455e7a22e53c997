"""A stance label and the quoted sentence that contradict each other make the label uncertain."""
from __future__ import annotations

import pytest

from documents.sources.base import Record
from search.pipeline.agreement import NOTE, mark_disagreements, quote_reading
from search.pipeline.state import BestSentence, Frame, RankedPaper, Stance


@pytest.mark.parametrize(
    "sentence, reading",
    [
        ("There was no significant difference between the groups (p = 0.42).", "no_difference"),
        ("Both drugs were similarly effective.", "no_difference"),
        ("Sumatriptan significantly reduced headache compared with placebo (p < 0.001).", "effect"),
        ("Patients were randomised to two groups.", None),
        ("Pain was significantly reduced, but global scores did not differ.", None),
    ],
)
def test_quote_reading(sentence, reading):
    assert quote_reading(sentence) == reading


def _paper(label: str, quote: str) -> RankedPaper:
    values = {"supports": 0.05, "refutes": 0.05, "neutral": 0.05, label: 0.9}
    return RankedPaper(rank=1, record=Record(pmid="1", title="t", abstract=quote), similarity=0.5,
                       stance=Stance(label, values["supports"], values["refutes"], values["neutral"], "r"),
                       best_sentence=BestSentence(0, quote, 0.9))


def test_contradicting_labels_become_uncertain_and_agreeing_ones_stay():
    effect = Frame(kind="effect", intervention="x")
    wrong = _paper("refutes", "X significantly reduced pain compared with placebo (p < 0.01).")
    right = _paper("supports", "X significantly reduced pain compared with placebo (p < 0.01).")
    supports_no_diff = _paper("supports", "There was no significant difference in pain.")
    assert mark_disagreements([wrong, right, supports_no_diff], effect) == 2
    assert wrong.stance.uncertain and wrong.stance.rationale.endswith(NOTE)
    assert not right.stance.uncertain and supports_no_diff.stance.uncertain


def test_harm_and_safety_readings_are_left_alone():
    # "significantly increased weight" supports "does X cause weight gain"; a refutes label there is not contradicted.
    harm = _paper("refutes", "Weight significantly increased with X (p < 0.01).")
    assert mark_disagreements([harm], Frame(kind="harm")) == 0 and not harm.stance.uncertain


def test_a_reading_of_the_title_is_not_undone_by_the_quote():
    """The title is the sentence a title reading quotes: "Lack of analgesic effect of oral tramadol" stays a finding
    against, though the card's quote reports the active comparator's significant effect."""
    from dataclasses import replace

    from documents.sources.base import Filters
    from search.pipeline.judge_frame import TITLE_READING, title_reading
    from search.pipeline.understand import understand

    query = understand("Does oral tramadol relieve pain after orthopaedic surgery?", Filters())
    quote = "Diclofenac significantly reduced pain compared with placebo (p < 0.01)."
    paper = _paper("refutes", quote)
    paper.record = replace(paper.record, title="Lack of analgesic effect of oral tramadol after orthopaedic surgery")
    paper.stance = title_reading(query, paper, "Does oral tramadol relieve pain after orthopaedic surgery?")
    assert paper.stance is not None and paper.stance.label == "refutes"
    assert paper.stance.rationale.startswith(TITLE_READING)
    classifier = _paper("refutes", quote)
    assert mark_disagreements([paper, classifier], query.frame) == 1
    assert not paper.stance.uncertain and classifier.stance.uncertain
