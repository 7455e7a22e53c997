"""Twenty-eighth round of the design rules (holdout46 read): each case fails on the rules before it (the code at
3a67443), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a title naming the study whose design the paper tells
    ("Design of the drug A heart failure study II (DAHF II).", "The objective of DAHF II is to evaluate the effects "
     "of the beta-blocker drug A on mortality in patients with chronic heart failure. Eligible patients will be "
     "ambulatory patients in NYHA class III or IV. A total of 2,000 patients are planned to be included with a mean "
     "follow up of 3 years. Drug A will be titrated up to 10 mg. Randomization began in November 1995.", "other"),
    # the paper's own randomised study, told as done, with no count of people
    ("Single-dose comparison of drug A, drug B and placebo after dental surgery.", "This double-blind, "
     "parallel-group study was performed at one site in patients with pain after dental surgery. Patients were "
     "assigned to a single dose of drug A, drug B or placebo, using a randomized double-blind code. Drug A gave "
     "more pain relief than drug B and placebo.", "rct"),
    # left alone: randomised trials discussed, no study of the paper's own
    ("Treatment of cluster headache.", "Few randomized, double-blind trials have been done in cluster headache. "
     "Oxygen is the standard treatment of attacks. Two randomized trials have shown drug A to be effective.",
     "narrative_review"),
    # left alone: a trial's results under a title that tells its design and findings
    ("Randomized double-blind trial of drug A in migraine: design and results.", "In this randomized, double-blind "
     "trial, 120 patients were randomized to drug A or placebo. Headache relief at 2 hours was greater with drug "
     "A.", "rct"),
])
def test_design_twenty_eighth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert _design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # those analysed told with the randomised in brackets
    ("We compared drug A with placebo on up to four attacks in 210 intent-to-treat patients (out of 230 randomized "
     "patients) with migraine. Relief was greater with drug A.", 230),
    # two studies' people in one bracket
    ("Adult migraineurs in two randomized, double-blind, multicenter studies (n = 300 and 250) used drug A 20 mg or "
     "placebo. Pain was reduced with drug A in both studies.", 550),
    # one arm's count told as the same for each arm, after the people counted
    ("Hypertensive patients respond strongly to extubation. This study compared drug A and drug B with each alone. "
     "Sixty hypertensive patients (ASA II), defined as systolic blood pressure > 160 mmHg and/or diastolic blood "
     "pressure > 95 mmHg (WHO), undergoing elective orthopedic surgery received, in a randomized, double-blind "
     "manner, 0.2 mg x kg(-1) drug A, 1.0 mg x kg(-1) drug B, or 0.2 mg x kg(-1) drug A plus 1.0 mg x kg(-1) drug B "
     "(n=20 of each) i.v. before tracheal extubation. Heart rate rose less with the combination.", 60),
    # the people recruited, with the share of those eligible in brackets
    ("A descriptive study of a rehabilitation programme. 120 patients (80% of 150 possible cases) were recruited "
     "over a year, with 70% completing the programme.", 120),
    # one patient the authors report on, "in an N-year-old boy with"
    ("Epidermolysis bullosa is painful to dress. We report our experience of pain management in an 11-year-old boy "
     "with severe disease. Drug A was effective.", 1),
    # a number only planned ("are planned to be included")
    ("The study will evaluate drug A in heart failure. A total of 2,000 patients are planned to be included with a "
     "follow-up of 3 years.", None),
    # left alone: a share of those screened is still a part ("Twelve patients (8%) had ...")
    ("We enrolled 150 patients with pain. Twelve patients (8%) had a rash.", 150),
    # left alone: the randomised told first, those analysed in brackets after them
    ("A total of 257 patients were randomized; 235 patients (out of 257 randomized patients) were analysed.", 257),
    # left alone: "n = 20 in each" with no count of the whole before it gives no sum of its own
    ("Patients were given drug A or drug B (n = 20 each) for pain after surgery.", None),
])
def test_sample_size_twenty_eighth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
