"""Thirty-first round of the design rules (holdout49's design and sample-size misses read): each case fails on the
rules before it (the code at fb2bca3), unless marked as left alone; the abstracts are written for the test, after the
wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the data of several trials used by the paper
    ("Drug A with drug B in heart failure: insights from two trials.",
     "We sought to study the efficacy of drug A with drug B in heart failure. The study utilized data from two "
     "randomized studies of drug A withdrawal. A total of 300 patients of the combined trials were analyzed. "
     "Worsening occurred less often with both drugs.", "meta_analysis"),
    # ... or combined, told as available from the trials
    ("Symptoms of schizophrenia with drug A: results of double-blind studies.",
     "Combined data on efficacy were available from 10 double-blind short-term trials comparing drug A with other "
     "antipsychotics. Patients received drug A (n = 900) or other antipsychotics (n = 600). Symptom scores fell "
     "more with drug A.", "meta_analysis"),
    # a paper of a trial's baseline figures
    ("Baseline demographics of the ABC Heart Failure Trial.",
     "The ABC trial is a large randomized study of drug A in heart failure. A total of 4000 patients have been "
     "randomized to drug A or placebo. The study population has a mean age of 63 years and is 80% male.",
     "cross_sectional"),
])
def test_design_thirty_first_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_combined_data_a_review_cites_is_left_alone() -> None:
    # left alone: a review telling what the combined data of others' studies showed stays a narrative review
    result = rules_design(
        "Cancer and antihypertensive drugs.",
        "Early studies suggested a link between drug A and cancer. Data from three large case-control studies and the "
        "combined data from eight randomized controlled studies showed a similar risk among users and nonusers of "
        "drug B. Until further data are available, we advise caution.")
    assert result.label == "narrative_review", result


@pytest.mark.parametrize(("abstract", "expected"), [
    # those randomised told after a semicolon, after those enrolled
    ("Randomized, double-blind, two-period crossover trial. Sixty adult outpatients with chronic back pain despite "
     "analgesic therapy were enrolled; 50 were randomized; 9 discontinued for side effects.", 50),
    # a point in the trial's course is not its sample
    ("A randomized, placebo-controlled trial of drug A was performed after heart surgery. The dose was increased to "
     "100 mg per day after the enrollment of 300 patients. There were 800 patients enrolled, evenly distributed to "
     "drug A and placebo.", 800),
    # the case told before what it is of
    ("A case is presented of a 40-yr-old woman who took drug A and later had a stroke. The literature is reviewed.",
     1),
    # one person, the paper's own presentation
    ("Survivors of head injury often have lasting deficits. The following presentation concerns the description of "
     "the treatment and long-term improvement of a 25-year-old man who suffered a very severe head injury. He now "
     "walks unaided.", 1),
    # a further group told as "other" people and the comparison's control
    ("The effect of drug A was evaluated in 20 hypertensive subjects as a substudy of a randomized, double-blind "
     "study. A total of 24 other subjects received drug B as the active control. Drug A lowered blood pressure more.",
     44),
    # people told by their sexes in a bracket that goes on (a long sentence, as read: the rules before took the
    # second sex's count alone)
    ("To assess in vivo effects of antioxidants on vascular cell adhesion molecule (VCAM)-1 expression, circulating "
     "soluble VCAM-1 and intraerythrocytic reduced glutathione (GSH) and GSH disulphide (GSSG) concentrations were "
     "evaluated in non-insulin-dependent diabetic patients without complications (10 men, 5 women, 52 +/- 7 years "
     "old) before and after 1 month of either oral N-acetyl-L-cysteine (1.200 mg/day) or placebo treatments, given in "
     "randomized, cross-over, double-blind fashion.", 15),
    # as many labelled groups as the sentence tells
    ("Red cell aggregation was studied in three groups of patients with hypertension (group I: 12 patients receiving "
     "placebo, group II: 20 patients receiving 75 mg aspirin for 3 days, and group III: 21 patients receiving 300 mg "
     "aspirin for 3 days).", 53),
    # left alone: a trial stopped at a number enrolled took those people
    ("Patients were randomized to drug A or placebo. Recruitment was stopped after enrolment of 24 patients, on "
     "safety grounds.", 24),
    # left alone: "other" people told with a finding are a part of the sample, not a further group
    ("Forty patients were treated with drug A for 8 weeks. Headache occurred in 4 patients. Six other patients "
     "developed a rash.", 40),
    # left alone: a count before the bracket is the count
    ("Drug A was well tolerated in the 27 subjects (13 men, 14 women, aged 20 to 40 years) included in the safety "
     "analysis.", 27),
])
def test_sample_size_thirty_first_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
