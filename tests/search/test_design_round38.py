"""Thirty-eighth round of the design rules (holdout56's design and sample-size misses read): each case fails on the
rules before it (the code at 4c76fee, whose search/design.py is e8d836c's), unless marked as left alone; the
abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a title that names the paper a study's design: the trial's design paper, before its results
    ("The heart failure drug A study (HFAS) study design.",
     "The objective of the double-blind, randomized, placebo-controlled HFAS is to assess the efficacy and safety of "
     "drug A in patients with heart failure. The primary end-point is exercise capacity. There were enrolled 310 "
     "patients with stable heart failure. Enrollment began in 1998 and the last visit will be in 2001.", "other"),
    ("The multisite treatment study of children with enuresis (the MTE). Design challenges and choices.",
     "The MTE examines the long-term effectiveness of alarm vs medication vs both. In a parallel-groups design, 400 "
     "children are assessed and randomized to 4 conditions. Designers met the following challenges: defining the "
     "target population and choosing the treatments.", "other"),
    # a combined analysis of what was recorded in all of a counted set of trials: a pooled analysis
    ("Tolerability of drug A compared with drug B in rheumatoid arthritis.",
     "To test whether drug A would be better tolerated, we compared the incidences of adverse events. A prespecified, "
     "combined analysis of investigator-reported adverse events in all 6 double-blind, randomized, phase 2b/3 "
     "rheumatoid arthritis trials of drug A was conducted. Patients included men and women (N = 3210).",
     "meta_analysis"),
    # the trials the authors reviewed, counted
    ("Rises in serum potassium with drug A: a cause for concern?",
     "Drug A slows nephropathy progression. We reviewed 9 randomized clinical trials that evaluated renal outcomes "
     "among patients with renal insufficiency. Five of these studies were multicenter and placebo controlled. "
     "Trials were examined in the context of changes in serum potassium.", "meta_analysis"),
    # people randomly subdivided into groups
    ("Effects of drug A and drug B, alone or in combination, in patients with claudication.",
     "Thirty male patients with peripheral arterial disease were randomly subdivided in two groups; group I was "
     "treated with drug A for three months and then with drug B, group II with the inverse sequence.", "rct"),
    # the paper's own design told as "Study design was a ..., randomized, ...": its own trial, not trials discussed
    ("A pilot study of drug A, drug B, or the combination in children with tics.",
     "A pilot comparison of the safety and efficacy of drug A combined with drug B, drug B alone, or drug A alone in "
     "children with tics was completed. Study design was a 2-month, randomized, blinded, group comparison with ten "
     "subjects per group. No placebo comparison was used.", "rct"),
])
def test_design_thirty_eighth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: an abstract's "Study design:" heading is its design line, not a design paper's title
    ("Drug A for the prevention of migraine: a randomized trial.",
     "Study design: randomized, double-blind, placebo-controlled trial. A total of 120 patients were randomized to "
     "drug A or placebo for 12 weeks.", "other"),
    # left alone: a combined analysis of one trial's two arms is not a pooled analysis of trials
    ("Drug A in angina.",
     "A combined analysis of the two drug A arms was performed. Eighty patients were randomized to drug A 5 mg, drug A "
     "10 mg or placebo.", "meta_analysis"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label != expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # the authors screened some and randomized others: those randomized
    ("We screened 2410 women with a history of migraine and randomized 1870 with at least four attacks a month to "
     "drug A, drug B or placebo in a double-blind trial. Forty of 2410 women were found to have secondary headache.",
     1870),
    # a questionnaire completed, named by its acronym: the whole sample
    ("The Asthma Background Questionnaire (ABQ) was self-administered during the screening visit of a clinical trial. "
     "Two hundred twelve patients completed the ABQ. Patients reported an average of 4.5 days absent from work.", 212),
    # the people analysed, drawn from a larger trial: not summed with the trial's people
    ("This analysis retrospectively examined 420 patients receiving drug A and 95 patients receiving drug B for 26 "
     "weeks or more from a study of 1,510 patients randomly assigned 3:1 to either drug A or drug B.", 515),
    # arms told by their counts alone, each with "received"
    ("The effect of a single dose of drug A was investigated in a randomized, double-blind, multicentre study. One "
     "hundred and twelve received placebo, 108 received 4 mg drug A and 110 received 8 mg drug A, before surgery.",
     330),
    # controls that, with the part told between, make up the people studied: among them, not added
    ("Thirty patients undergoing hip replacement were studied. Sixteen of these patients were treated after surgery "
     "with drug A for prevention of delirium. Fourteen patients who were not treated with drug A served as controls.",
     30),
    # the group compared with, told with the same verb after "as compared with": both groups
    ("The effects of long-term (6 months) therapy with drug A, 5 to 10 mg daily, were studied in 12 hypertensive "
     "patients with renal disease as compared with 12 patients with essential hypertension.", 24),
    # left alone: controls counted apart from the people studied are still added
    ("Twenty patients with psoriasis were studied. Fifteen healthy volunteers served as controls.", 35),
    # left alone: a count of a part that received something, with no second arm, is not an arm list
    ("Twelve received a transfusion after surgery. The effect of drug A on blood loss was studied.", None),
])
def test_sample_size_thirty_eighth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
