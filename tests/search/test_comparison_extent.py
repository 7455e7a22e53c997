"""Head-to-head readings: "to a greater extent than Y", a fall read once, "cut O more than Y"; "stunt" is a harm."""
from __future__ import annotations

import pytest

from search.pipeline.concepts import RELATION_WORDS
from search.pipeline.frame import question_kind
from search.pipeline.judge_frame import OUTCOME_CUES, _relief_of, favoured_arm, named_outcome
from search.stance.outcome_reading import compare_on_outcome

CARVEDILOL, METOPROLOL = ["carvedilol"], ["metoprolol"]


@pytest.mark.parametrize(
    "sentence",
    [
        "long-term treatment with carvedilol produces greater effects on left ventricular ejection fraction than "
        "metoprolol when both drugs are prescribed in doses similar to those that have been shown to prolong life.",
        "during long-term therapy, carvedilol improves cardiac performance to a greater extent than metoprolol.",
    ],
)
def test_a_greater_effect_or_extent_than_the_other_arm_favours_the_subject(sentence: str) -> None:
    assert favoured_arm(sentence, CARVEDILOL, METOPROLOL) == "x"
    assert favoured_arm(sentence, METOPROLOL, CARVEDILOL) == "y"


def _on_blood_pressure(abstract: str) -> list[tuple[str, str | None]]:
    def favoured(clause, xs, ys):
        return favoured_arm(clause, list(xs), list(ys), cues=OUTCOME_CUES)

    findings = compare_on_outcome(abstract, outcome_names=["blood pressure"], x_names=["captopril"],
                                  y_names=["atenolol", "beta blockers"], favoured=favoured)
    return [(f.reading, f.arm) for f in findings]


def test_a_fall_in_the_outcome_is_read_once() -> None:
    # "A more stable reduction of blood pressure" with beta blockers is less blood pressure with them; the relief of
    # the outcome flips a clause's arms, but a reduction is already read as less of it (no second flip).
    abstract = ("Captopril and atenolol were compared in 40 patients. The authors conclude that beta blockers produce "
                "a more stable reduction of blood pressure in patients with mild hypertension.")
    assert _on_blood_pressure(abstract) == [("more", "y")]
    greater = ("Captopril and atenolol were compared in 40 patients. Captopril produced a greater blood pressure "
               "reduction than atenolol.")
    assert _on_blood_pressure(greater) == [("less", "x")]
    relief = _relief_of(["blood pressure"])
    assert relief.search("blood pressure control was better") and not relief.search("blood pressure reduction")


def test_stunting_growth_is_a_harm_and_no_concept() -> None:
    assert question_kind("Will Ritalin-type stimulants stunt my child's growth?") == "harm"
    assert {"stunt", "stunts", "stunted"} <= RELATION_WORDS


def test_cut_names_the_outcome_compared_on() -> None:
    asked = "Does an ACE inhibitor cut protein in the urine more than a calcium channel blocker?"
    assert named_outcome(asked) == ("protein in the urine", "lower")


@pytest.mark.parametrize("question, outcome", [
    ("Do newer antipsychotics like olanzapine cause fewer movement side effects (stiffness, tremor) than haloperidol?",
     ("movement side effects", "lower")),
    ("Does risperidone cause less shaking and stiffness (movement side effects) than haloperidol?",
     ("shaking and stiffness", "lower")),
    ("Does olanzapine cause fewer movement side effects than haloperidol?", ("movement side effects", "lower")),
])
def test_a_bracket_after_the_outcome_explains_it(question: str, outcome: tuple[str, str]) -> None:
    """Without the outcome named, the model read the trials' efficacy sentences and found no difference on it."""
    assert named_outcome(question) == outcome


@pytest.mark.parametrize("question, outcome", [
    ("Does verapamil keep the heart rate lower than amlodipine?", ("heart rate", "lower")),
    ("Would starting insulin keep my long-term sugar lower than starting on tablets?", ("long-term sugar", "lower")),
    ("Does drug X get blood pressure down more than Y?", None),
])
def test_keeping_an_outcome_lower_than_the_other_arm_names_it(question: str, outcome) -> None:
    """Unnamed, the outcome of "keep O lower than Y" was read from the conclusion sentences (which named other
    measures); named, the sentences on heart rate are read."""
    assert named_outcome(question) == outcome


@pytest.mark.parametrize("question, outcome", [
    ("Is an ACE inhibitor better than a calcium channel blocker at cutting protein (albumin) in the urine?",
     ("protein", "lower")),
    ("Is timolol better than carteolol eye drops at lowering eye pressure?", ("eye pressure", "lower")),
    ("Is meloxicam better than diclofenac at relieving arthritis pain?", ("arthritis pain", "lower")),
    ("Is hydrochlorothiazide better than atenolol at raising good cholesterol?", ("good cholesterol", "higher")),
    ("Is lisinopril better than enalapril for high blood pressure?", None),
])
def test_better_than_the_other_arm_at_lowering_an_outcome_names_it(question: str, outcome) -> None:
    """"Better than Y at lowering O": unnamed, O was read from any conclusion sentence, often on other measures."""
    assert named_outcome(question) == outcome
