"""Twenty-ninth round of the design rules (holdout47's sample-size misses read): each case fails on the rules before
it (the code at 3e8e7dd), unless marked as left alone; the abstracts are written for the test, after the wordings
read."""
from __future__ import annotations

import pytest

from .design_rules import rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # a count told with its parts right after it: the whole, not the whole plus its parts
    ("This was a multicenter, randomized, double-blind study in hypertension. A total of 240 patients were "
     "randomized to treatment, 118 to drug A and 122 to drug B. Blood pressure fell in both groups.", 240),
    ("A total of 300 patients were randomized to treatment: 120 received drug A, 120 received drug B, and 60 "
     "received placebo. Pain fell more with both drugs than with placebo.", 300),
    ("Seventy patients entered the study, 36 were allocated to drug A on a daily dose of 1,200 mg (400 mg t.i.d.) "
     "for 12 weeks, and 34 patients were allocated to placebo treatment. Symptoms improved more with drug A.", 70),
    # those given at least one dose are a part of those randomised before them
    ("This randomized, double-blind, placebo-controlled trial examined drug A in dementia. A total of 340 patients "
     "were randomized to treatment with drug A or placebo, and 333 patients received at least one dose of study "
     "drug. Aggression fell more with drug A.", 340),
    # the arms in brackets after the randomisation, each with its group's name
    ("Patients with variceal bleeding were randomized to receive band ligation alone (control group, 41 patients) "
     "or band ligation and drug A (drug A group, 38 patients). Gastropathy was less frequent with drug A.", 79),
    # those selected, then those randomised without their noun
    ("The aim of this randomised, open study was to compare drug A and drug B. 650 patients were selected and 430 "
     "were randomised (age: 55 +/- 12 years). Blood pressure fell more with drug A.", 430),
    # one person told by age alone, presented
    ("An 8 1/2-year-old with chronic unilateral facial pain and earache is presented. Her course teaches a lesson.",
     1),
    # one person in whom a treatment "resulted in" a change
    ("Insertion of a drug A pump in a 12-year-old boy with severe spasticity resulted in a 30% decrease in his "
     "spasticity. His caloric intake was known.", 1),
    # the people of a model, not of a study
    ("A cost-effectiveness analysis of drug A. In a Markov model, a hypothetical cohort of 5000 patients was "
     "followed for 10 years through 6 disease states.", None),
    # left alone: two groups of the same size, each with its make-up in brackets, are summed
    ("Drug A, 6 mg subcutaneous, was tried in an open fashion in 7 patients (6 women and 1 man) with disease X and "
     "7 patients (5 women and 2 men) with disease Y.", 14),
    # left alone: the only count, of those given at least one dose
    ("This multicentre, randomised, double-blind study compared drug A with drug B in migraine. In total, 600 "
     "patients took at least one dose of study medication (290 took drug A and 310 took drug B).", 600),
    # left alone: a treatment regimen "1 x 1" is not a count of people
    ("Twelve patients received 7.5 mg drug A, and 10 patients received placebo together with scaling in a 1 x 1 "
     "regimen for 10 days.", 22),
])
def test_sample_size_twenty_ninth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
