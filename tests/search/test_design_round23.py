"""Twenty-third round of the design rules (holdout39 read): each case fails on the rules before it (the code at
6e501ac), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # the people an open study took from earlier trials, "who had completed" them: who was studied, not a part
    ("In a 9-month open-label study, the safety of drug A was evaluated in 800 patients with overactive bladder who "
     "had completed one of four 12-week randomized trials of drug A. In all, 70% of patients remained on treatment.",
     800),
    # left alone: those who completed the study are a part of those enrolled
    ("We enrolled 40 patients with migraine in an open trial of drug A. Thirty-two patients completed the study and "
     "reported fewer attacks.", 40),
    # a part told by its adverse events is never the sample
    ("In this double-blind study, patients were randomly assigned to drug A for 7 days or drug A for 14 days. "
     "Eradication rates were 83% and 87%. In total, 60 patients reported adverse events.", None),
    ("Responders received drug A by pump and were followed for up to 40 months. Forty patients reported adverse "
     "events.", None),
    # groups that overlap ("and/or") are parts of the first count, not arms to sum
    ("Irritable infants (n=30) met the entry criteria of acid exposure >5% (n=20) and/or abnormal histology (n=14). "
     "They completed a randomized, double-blind, placebo-controlled crossover trial of drug A.", 30),
    # left alone: "and/or" in the entry criteria before the arms does not stop their sum
    ("Patients with hypertension [systolic pressure > 160 mmHg and/or diastolic pressure > 95 mmHg] were randomized to "
     "drug A (n = 7), drug B (n = 7) or drug C (n = 7).", 21),
    # the few cases of a report, with what they were cases of between
    ("Two cases of multiple sclerosis associated with intractable hiccups and sleep apnea are reported. Lesions were "
     "detected in the medulla by magnetic resonance imaging.", 2),
])
def test_sample_size_twenty_third_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a title that ends on a report of a few cases
    ("Hiccups and sleep apnea in multiple sclerosis: report of two cases.", "Two cases of multiple sclerosis associated "
     "with intractable hiccups and sleep apnea are reported. Lesions were detected in the medulla. The hiccups were "
     "thought to be important symptoms of such a lesion.", "case_series"),
    # the article describes a few patients "who" had something
    ("Visceral angioedema: an underdiagnosed complication of drug A?", "Drug A is known to cause angioedema. Drug A may "
     "also cause isolated visceral angioedema, a rarely reported complication. This article describes 2 patients who "
     "experienced this complication. Both patients came to medical attention with abdominal symptoms.", "case_series"),
    # two randomised studies of the paper's own, "conducted to compare"
    ("Controlled clinical studies of drug A in urogenital inflammation.", "Two double-blind, randomised studies were "
     "conducted to compare the efficacy and tolerability of drug A with those of placebo or drug B. In both studies, "
     "a clinically significant improvement was achieved in most patients treated with drug A.", "rct"),
    # left alone: randomised trials a review says were conducted before stay the review's
    ("Drug A in urogenital inflammation: a review.", "This review discusses drug A. Several randomised studies were "
     "conducted to compare drug A with placebo in the 1980s.", "narrative_review"),
    # randomised trials called for before the design word: not this paper's allocation
    ("Effect of drug A on weight gain during drug B treatment.", "Patients treated with drug B may gain weight. Drug A "
     "(100-300 mg/day) was started in 12 patients having a mean weight gain of 7.3 kg during drug B treatment. The "
     "patients' weight stabilised. These observations merit confirmation in randomised, controlled trials.",
     "case_series"),
])
def test_design_twenty_third_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
