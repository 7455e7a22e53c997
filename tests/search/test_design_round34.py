"""Thirty-fourth round of the design rules (holdout52's design and sample-size misses read): each case fails on the
rules before it (the code at d187b0a), unless marked as left alone; the abstracts are written for the test, after the
wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the paper's own study told as undertaken, opening on "An" and with "therefore" before the verb
    ("Effect of drugs A, B and C on plasma fibrinogen in hypertension.",
     "In recent years, evidence has accumulated to implicate high plasma fibrinogen as a cardiovascular risk factor. "
     "An open prospective and randomised pilot study was therefore undertaken in mild to moderate hypertensives to "
     "evaluate the effect of drugs A, B and C on blood pressure and plasma fibrinogen. Only drug A reduced "
     "fibrinogen.", "rct"),
    # the paper's own randomised study told impersonally, "In a randomized ... study ..., it was established that"
    ("Effects of drug A on tissue factor after myocardial infarction.",
     "In a randomized, double-blind, placebo-controlled study beginning 4 weeks after uncomplicated acute myocardial "
     "infarction, it was established that the baseline plasma tissue factor level was higher in patients than in "
     "control subjects, and drug A reduced it.", "rct"),
    # a pooled analysis told by the trials included in it, with many words between the count and "studies"
    ("Use of rescue medication in trials of drug A versus placebo in acute migraine.",
     "The goal of this study was to assess the effect of drug A on the use of rescue medication. Three Phase II and "
     "III, placebo-controlled, randomized, double-blind studies of drug A used as the basis for regulatory approval "
     "were included in the analysis. Use of rescue medication was lower with drug A than with placebo.",
     "meta_analysis"),
])
def test_design_thirty_fourth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: a trial the paper cites, told as done by others, is no trial of its own
    ("Drug A in heart failure.",
     "Available studies have shown a detrimental effect of older drugs. In a randomized trial reported by others, "
     "drug A had no effect on mortality. The role of drug A remains to be defined.", "narrative_review"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # a sentence glued to the one before it, no space after the period
    ("The aim was to compare drug A with drug B in patients undergoing surgery in a double-blind study.Sixty-two "
     "patients were randomly assigned to one of the two treatments. Pain scores were lower with drug A.", 62),
    # up to six words between the people and "completed this ... study"
    ("Thirteen patients with mild to moderate essential hypertension completed this randomized, double-blinded, "
     "placebo-controlled, crossover study. Drug A lowered the ratio.", 13),
    # a share in words, "(57 percent)", makes the count a part
    ("We conducted a randomized, one-year, double-blind, multicentre comparative study of drug A (in 205 patients) "
     "and drug B (in 218 patients) at 15 centers. In the drug A group, 117 patients (57 percent) continued their assigned treatment for the entire year, "
     "as compared with 61 (28 percent) of the patients in the drug B group.", 423),
    # the members of a family of molecules are no people
    ("Three members of the opioid receptor family were cloned in the early 1990s. These receptors share structural "
     "homologies.", None),
    # those who entered and completed are all who entered: the breakdown after "including" is theirs
    ("A total of 37 participants entered and completed the study, including 10 healthy volunteers, 11 patients with "
     "moderate hepatic impairment, 10 patients with severe impairment without ascites, and 6 patients with severe "
     "impairment with ascites.", 37),
    # people who "comprised Group A" are one group of those counted before
    ("Insulin receptor number was evaluated in 14 male controls and 40 male hypertensive patients. Twenty patients "
     "treated with drug A (10 to 20 mg daily orally) comprised Group A and 20 treated with drug B (25 to 50 mg daily "
     "orally) Group B.", 54),
    # responders counted in brackets are a part of the people
    ("Drug A was investigated in a prospective study. Of 30 patients, 21 (70%) responded to the first application and "
     "7 to the second dose. In first-dose responders (n = 21) a significant effect was noted within fifteen minutes. "
     "In second-dose responders (n = 7) a significant effect was noted within thirty minutes.", 30),
    # people described by what was done to them, then those of them eligible
    ("We estimated the rate of reappearance after eradication. Of 220 patients in whom H. pylori was eradicated, 165 "
     "were eligible at 12 months to follow-up. Endoscopy was scheduled every 12 months.", 165),
    # left alone: a group that comprised the whole sample still counts as enrolled
    ("The study population comprised 120 patients with asthma. Drug A was given for 12 weeks.", 120),
    # left alone: a whole told with its part that completed is still the whole
    ("Forty of 47 cancer patients completed the study. Drug A reduced pain.", 47),
])
def test_sample_size_thirty_fourth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
