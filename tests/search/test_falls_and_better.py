"""A comparative of a fall in the outcome ("the reduction ... was greater with X") and "make it better" questions."""
from __future__ import annotations

import pytest

from search.pipeline.frame import question_kind
from search.pipeline.judge_frame import OUTCOME_CUES, favoured_arm, methods_sentence, named_outcome


@pytest.mark.parametrize(
    ("sentence", "arm"),
    [
        # More of a fall is less of the outcome.
        ("the mean reduction from baseline in trough diastolic blood pressure was significantly greater with "
         "mibefradil than with diltiazem.", "x"),
        ("significantly more patients receiving mibefradil had a decrease in blood pressure than did patients "
         "receiving diltiazem.", "x"),
        ("the reduction in blood pressure was less with mibefradil than with diltiazem.", "y"),
        # A lowering told by its noun or by the verb before the outcome.
        ("mibefradil provided significantly greater blood pressure lowering compared with diltiazem.", "x"),
        ("mibefradil provides sustained blood pressure lowering superior to diltiazem and achieves the target in "
         "significantly more patients.", "x"),
        ("mibefradil lowered blood pressure more consistently than did diltiazem.", "x"),
        ("mibefradil lowered blood pressure less than diltiazem.", "y"),
        ("mibefradil lowered ambulatory diastolic and systolic blood pressures more than diltiazem.", "x"),
        # Left alone: a lowered dose is no fall of the outcome.
        ("patients whose mibefradil dose was lowered had more blood pressure rises than with diltiazem.", "y"),
        # Left alone: more of the outcome itself, and a "greater reduction" the cue already reads.
        ("blood pressure was significantly higher with mibefradil than with diltiazem.", "y"),
        ("mibefradil produced a greater reduction in blood pressure than diltiazem.", "x"),
    ],
)
def test_a_comparative_of_a_fall_in_the_outcome(sentence: str, arm: str) -> None:
    assert favoured_arm(sentence, ["mibefradil"], ["diltiazem"], cues=OUTCOME_CUES) == arm


def test_make_it_better_is_an_effect_question() -> None:
    assert question_kind("Beyond living longer, will enalapril make my day-to-day life better?") == "effect"
    assert question_kind("Will enalapril make me feel better than losartan?") == "comparison"


@pytest.mark.parametrize(
    ("sentence", "arm"),
    [
        ("quetiapine improved cognition relative to conventional agents.", "x"),
        ("labetalol was quicker and more efficient at controlling blood pressure compared with methyldopa.", "x"),
        # A tolerability advantage is no efficacy finding; an improvement against placebo compares no arms.
        ("quetiapine demonstrates a trend towards an improved safety profile compared with haloperidol.", None),
        ("quetiapine improved cognition compared with placebo.", None),
    ],
)
def test_an_improvement_set_against_the_other_arm_favours_it(sentence: str, arm: str | None) -> None:
    x_names = ["quetiapine", "labetalol"]
    y_names = ["conventional agents", "methyldopa", "haloperidol"]
    assert favoured_arm(sentence, x_names, y_names) == arm


def test_more_people_with_a_harm_in_one_arm_is_told_after_both_arms() -> None:
    sentence = ("significantly more patients in the codeine/acetaminophen group than in the rofecoxib group experienced "
                "adverse events.")
    assert favoured_arm(sentence, ["rofecoxib"], ["codeine/acetaminophen", "codeine"]) == "x"
    # More people with the benefit is still the arm that did better.
    better = "significantly more patients in the rofecoxib group than in the codeine group reported good pain relief."
    assert favoured_arm(better, ["rofecoxib"], ["codeine"]) == "x"


def test_a_measure_named_with_figures_is_the_outcome_compared_on() -> None:
    assert named_outcome("In salt-sensitive hypertension, does omapatrilat lower 24-hour blood pressure more than "
                         "lisinopril?") == ("24-hour blood pressure", "lower")
    assert named_outcome("Does X lower blood pressure more than Y?") == ("blood pressure", "lower")


@pytest.mark.parametrize(("sentence", "methods"), [
    ("The lipid-lowering limb of the study has 90% power at the 1% level to detect a relative difference of 30% in CHD "
     "endpoints between groups.", True),
    ("Patients will be randomized to amlodipine or perindopril.", True),
    # What the study sets out to compare: "It compares tight blood pressure control versus less tight control".
    ("It compares tight blood pressure control (aim: < 150/85 mmHg) versus less tight control and, within the tight "
     "control group, an ACE inhibitor, captopril, versus a beta blocker, atenolol.", True),
    # A finding, however it is worded, is read.
    ("There was no significant difference in blood pressure between amlodipine and perindopril.", False),
    ("The study was powerful enough; amlodipine lowered blood pressure more than perindopril.", False),
])
def test_a_sentence_of_the_methods_is_no_finding(sentence: str, methods: bool) -> None:
    assert methods_sentence(sentence) is methods
