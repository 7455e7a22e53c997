"""Fourteenth round of the design rules (holdout24 + holdout25 read): each case fails on the rules before it
(the code at e78ea61), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # "youth" counts people
    ("Drug A levels are unknown in children. We measured drug A and its metabolites in seven youth, ages 10-17 years, "
     "with early-onset psychosis. Serum was sampled before and after a morning dose.", 7),
    # the people of the eyes, told as "(n = ...)" after the eyes
    ("This was a prospective study of 600 eyes (n = 300) of recruits aged 18 to 20 years who were examined in an "
     "eye clinic. Refraction was measured twice.", 300),
    # a share taken of those screened after the count is no part of the sample
    ("A multicenter double-blind randomized trial was conducted. Participants consisted of 2500 persons (0.9%) "
     "selected from 280,000 screenees aged 60 years and older. Participants were randomized to drug A or placebo.",
     2500),
    # the sentence opens with its count, its verb far after a long description
    ("Twenty patients with type 2 diabetes mellitus, who were newly diagnosed or had stopped taking their oral "
     "hypoglycemic agents for more than 3 months before entering, were studied to evaluate the effect of drug A. "
     "In 5 patients with hypertriglyceridemia, the serum triglyceride decreased.", 20),
    ("Three hundred patients with type 2 diabetes (age 30-80 years) whose previous glycaemic control by drug B was "
     "judged stable but unsatisfactory (fasting plasma glucose above 8 mmol/l) were randomly allocated into the "
     "active treatment group (active treatment group, n = 151) or the placebo treatment group (placebo group, "
     "n = 149). One hundred and thirty patients who received drug A and 128 patients who received placebo were "
     "evaluated for efficacy.", 300),
    # a sentence opening on fewer people than counted before tells a result in a part of them
    ("Forty young hypertensives (age 25-55) rotated in a double-blind crossover fashion through four drugs and "
     "placebo. In seven patients, the blood pressure on the best drug was lower than on any other.", 40),
    ("A study was made of reflux and quality of life after surgery in 31 consecutive patients. In 9 subjects (all "
     "with heartburn) reflux was present, and 5 patients required drug A.", 31),
    # "reviewed N of M", "X of these patients, N (%) were randomly assigned", "N of M patients (%) randomised to"
    ("We reviewed 25 of 60 patients treated with amputation or limb salvage between 1994 and 2004 as a retrospective "
     "cohort study.", 25),
    ("A total of 3000 consecutive patients with a low ejection fraction were identified. Of these patients, 1800 "
     "(60%) were randomly assigned to receive drug A or placebo.", 1800),
    ("Systematic review of randomised controlled trials. Overall, 4100 of 48 500 patients (8.5%) randomised to drug A "
     "or control died.", 48500),
    # surveys carried out among the people surveyed
    ("From 1987 to 1995, two population-based surveys were carried out among 42013 men and women aged 20-59 years.",
     42013),
    # a structured abstract's participants, their total a capital N
    ("Observational study. Rehabilitation unit. Patients (N=30) in a vegetative state (VS; n=14) and minimally "
     "conscious state (MCS; n=16). Further course was recorded. In contrast, 6 participants in a VS who failed to "
     "show activation did not recover.", 30),
    # a study sized by its people, the singular word before the study
    ("A 240 patient double-blind parallel-group study comparing drug A with drug B was performed. Exercise testing "
     "was performed.", 240),
    # the database the study was drawn from
    ("Retrospective analysis of our patient database (1998-2003, n=420) identified 75 patients who underwent surgery "
     "for the indication of patient preference.", 75),
    # the paper's own patient with initials in brackets
    ("Neglect is common after stroke. Here we present a patient (JS) with genetically proven Huntington's disease "
     "who showed a severe neglect for left space.", 1),
    # planned numbers are no sample
    ("The rationale and design of the trial are described. Recruitment of a total of 1200 patients (600 per treatment "
     "group) has been planned for this multicenter, randomized, placebo-controlled trial.", None),
    ("The design of the trials is described. By the end of enrollment the authors anticipate a total of 400 patients "
     "with disc herniation, 250 patients with spinal stenosis, and 200 patients with spondylolisthesis.", None),
    # school grades between the count and its people
    ("A sample of 1200 6th-, 7th-, and 8th-grade students from three middle schools were surveyed about smoking.",
     1200),
    # "among" before people told as enrolled
    ("We analyzed the rate of drug A use and its doses among 5400 patients with heart failure enrolled at 90 "
     "cardiology centers participating in a national network.", 5400),
    # a count of "-ics" people
    ("In this study we investigated whether drug A influences hormone secretion in 9 acromegalics, and 7 age-matched "
     "normal volunteers, as a control group.", 16),
    # the aim told as its few cases
    ("To report three cases illustrating that an eyelid tumour may spread to the parotid gland. Two patients with "
     "parotid tumours underwent surgery and presented later with eyelid lesions.", 3),
    # left alone: "Among N enrolled" opening a clause stays the base of the part told after it; "In N patients" as the
    # first count is the sample; a share of a count followed by something other than its selection is a part
    ("Among 4000 subjects initially enrolled in the trial, there were 400 incident cases of heart disease.", 400),
    ("In 25 patients, we measured drug A levels before and after dialysis.", 25),
    ("Of 300 patients enrolled, 40 patients (13%) developed a rash.", 300),
])
def test_sample_size_fourteenth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # "random-assignment" is random allocation
    ("Negative symptoms: a path analysis of a trial of drug A.", "Previously, a random-assignment trial of drug A or "
     "drug B for 300 inpatients was conducted. This article describes a path analysis of the changes in scores.",
     "rct"),
    # a subgroup analysis of data from several trials is a pooled analysis
    ("Restoring function: drug A and other drugs in randomized trials.", "Retrospective subgroup analysis of data "
     "from four randomized, placebo-controlled, double-blind clinical trials in which drug A was compared with drug "
     "B. Disability was evaluated at baseline.", "meta_analysis"),
    # "A meta-analysis was performed of ..." is the paper's own, not one it cites
    ("Drug A and drug B tablets for dental pain.", "A meta-analysis was performed of 3 separate single-dose, "
     "double-blind, parallel-group trials in patients with pain after dental surgery. Patients were randomized to a "
     "single dose of drug A, drug B or placebo.", "meta_analysis"),
    # a title "case report and review of the literature"
    ("Mapping dermatomes during surgery: case report and review of the literature.", "Dermatomes vary. The "
     "stimulation of roots was recorded during surgery in a child with spasticity.", "case_series"),
    # a randomised study called for is not done
    ("Drug A plus drug B in advanced lung cancer.", "Fifty patients received drug A plus drug B in an open phase II "
     "study. Responses were seen in 20 patients. While it was not clearly superior to drug A alone, a randomised "
     "study would be needed to show whether drug B adds to its activity.", "non_randomised"),
])
def test_design_fourteenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_fourteenth_round_leaves_a_cited_meta_analysis_alone() -> None:
    # "a recent meta-analysis showed" still cites another's work
    abstract = ("Drug A is widely used. A recent meta-analysis showed that drug A reduces pain. We describe its "
                "pharmacology and the evidence for its use.")
    assert _design("Drug A: an update.", abstract).label == "narrative_review"
