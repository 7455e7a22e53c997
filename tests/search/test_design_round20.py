"""Twentieth round of the design rules (holdout35 read): each case fails on the rules before it (the code at
2b393d1), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # the number needed to treat's "one additional patient" counts nobody; the sample is the one enrolled
    ("In this randomized, double-blinded, placebo-controlled study, we examined the effects of drug A and drug B, when "
     "administered alone or in combination, before elective nasal surgery in 96 healthy outpatients. With the "
     "combination, an additional expenditure of $4.10 would be required to obtain complete satisfaction with pain "
     "management in one additional patient who would not have been completely satisfied if he/she had received the "
     "placebo.", 96),
    # those who completed are a part of the people counted after "of"
    ("In this open, randomized study, patients were switched to drug A or drug B for 14 days. Thirty-six of 44 "
     "cancer patients completed the study with 18 patients in each group.", 44),
    # those who qualified are the sample, told without a comma after those considered
    ("Of 80 consecutive men undergoing cystoscopy 60 who qualified were enrolled in this study. Patients were "
     "randomized to lidocaine gel or plain gel.", 60),
    # general practitioners counted as "GPs"
    ("Questionnaire study of general practitioners' treatment of mild asthma. 184 GPs readers of independent drug "
     "bulletins in 5 countries answered the questionnaire.", 184),
    # one arm counted and "the remaining N" given the other arm: both arms
    ("We conducted a double-blind pilot study in women with dementia. During a six week period, eight women received "
     "0.1 mg/day of drug A via a skin patch and the remaining eight wore a placebo patch.", 16),
    # left alone: "the remaining" of a part told after a treatment response is not a second arm
    ("We treated 40 patients with drug A for eight weeks. Thirty patients responded, and the remaining ten were "
     "switched to drug B.", 40),
    # left alone: "N of M patients completed" without "the study" stays as the rules read it before
    ("Twenty patients were randomized to drug A or placebo. Eighteen of 20 patients completed treatment.", 20),
])
def test_sample_size_twentieth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a clinical report of a few patients' experiences is a case series
    ("Adverse effects of intrathecal drug A.", "Drug A is a calcium-channel blocker that produced analgesia in "
     "animal tests. This clinical report describes the experiences of four patients with serious adverse effects "
     "associated with intrathecal drug A.", "case_series"),
    # the treatment each was given, chosen at random, with no other randomisation word
    ("Haemodynamic effects of drug A compared with drug B during anaesthesia.", "We have compared the haemodynamic "
     "effects of drug A with those of drug B in patients scheduled for coronary surgery. During a 20-min period "
     "following the administration of the randomly selected drug, no significant changes were observed in the drug A "
     "group.", "rct"),
    # a repeated single-subject design: the treatments given in turn to each, not a comparison of groups
    ("Effects of drugs on walking after stroke.", "The objective of this study was to compare the effects of drug A "
     "and drug B on walking. A repeated single-subject design was employed for the ten subjects. Drug A was "
     "associated with increases in walking speed.", "non_randomised"),
    # the literature read by the authors, not searched: a narrative review
    ("Treatment of chronic pancreatitis pain.", "Pancreatitis affects many patients. Studies of drug treatment have "
     "been primarily retrospective and uncontrolled. In analyzing the available literature regarding assessment and "
     "treatment, we found a need for better education.", "narrative_review"),
    # a randomised trial named first in the title, its costs counted beside it
    ("A randomised controlled study of drug A in cancer pain: effects on dose escalation and a pharmacoeconomic "
     "analysis.", "A prospective randomised controlled study was carried out in 120 patients with cancer pain. "
     "Patients were randomly assigned to drug A or to usual care. Drug costs per day were calculated.", "rct"),
    # a review of economic studies is a review
    ("The new antiepileptics: a review of pharmacoeconomic studies.", "The pharmacoeconomic evaluation of "
     "antiepileptics involves clinical effectiveness and costs. The evidence, from a variety of studies, indicates "
     "that drug A is cost-effective.", "narrative_review"),
    # controls given placebo beside the treated patients: placebo-controlled
    ("Drug A in peripheral arterial disease.", "Eighty patients with peripheral arterial disease were investigated "
     "to determine the effect of drug A and drug B on walking distance. Walking distance was measured before and "
     "after 3 months and compared with the findings in controls (25 patients with the same disease) who received "
     "placebo.", "rct"),
    # each took placebo and the drug in turn
    ("Effect of drug A on norepinephrine kinetics in heart failure.", "Eight patients with chronic heart failure were "
     "studied. Plasma norepinephrine was assessed on three occasions: a control test and after 14 days each of "
     "placebo and drug A therapy.", "rct"),
    # a test's accuracy told as its figures
    ("Evaluation of a rapid urease test after eradication therapy.", "One hundred twenty patients undergoing "
     "endoscopy were studied; 80 had not received eradication therapy and 40 had. The test correctly identified 50 "
     "of 52 positive cases, yielding 96.2% sensitivity and 92.9% specificity.", "cross_sectional"),
    # a title that opens as a cost analysis
    ("Cost analysis of intrathecal drug A versus surgery in children with spasticity.", "Eight children given "
     "intrathecal drug A were matched with 10 children who had undergone surgery. The cost per patient up to 1 year "
     "after treatment was calculated.", "other"),
    # left alone: an economic evaluation named first in the title stays other, whatever trial fed it
    ("Cost-effectiveness analysis of two eradication strategies: results of a prospective and randomized study.",
     "To analyze cost-effectiveness of two strategies. Consecutive patients were randomized to one of two strategies. "
     "A cost-effectiveness analysis using a decision-tree model was undertaken.", "other"),
    # left alone: a trial's "acquisition cost analysis" is not a cost analysis title
    ("A comparison of drug A and drug B for hypertension.", "Patients were randomized to drug A or drug B for 12 "
     "weeks in a double-blind study of 200 patients. An acquisition cost analysis revealed that drug B was more "
     "expensive.", "rct"),
])
def test_design_twentieth_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
