"""Sixteenth round of the design rules (holdout28 read): each case fails on the rules before it (the code at
8b7e2f0), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # a drug's strength in brackets after it was given is no share of the people
    ("Sixty patients were evaluable in this randomized, double-blind study. Thirty-one patients received "
     "lidocaine (0.5%) and 29 patients received saline.", 60),
    # a part measured "in a subset of" them
    ("Randomized, double-blind comparison. 40 healthy women presenting for abdominal surgery. Plasma levels of drug "
     "A were measured in a subset of ten patients.", 40),
    # the authors' series counted as they tell it, above one patient something was found in
    ("We describe six patients with severe chorea after encephalitis. Other findings included rigidity in one "
     "patient and wasting in two patients.", 6),
    # people told only by their sexes in brackets are both parts together
    ("Schizophrenia inpatients (600 women and 1100 men) were randomly assigned to a 6-week trial of drug A vs drug "
     "B.", 1700),
    # a count told again as the group's "N =" is not a further group
    ("One hundred ten preeclamptic women (N = 110) and 95 healthy pregnant controls (N = 95) were recruited and "
     "genotyped.", 205),
    # a comma inside an aside does not end the clause before its verb
    ("Forty consecutive untreated hypertensive patients (mean age 52 +/- 9 years, 30 male) were investigated on "
     "their usual diet. The first 10 patients received no drug and the following 15 patients ingested drug A.", 40),
    # a few case histories
    ("Drug A has proved useful for myoclonus, as illustrated in this paper by three case histories.", 3),
    # groups that overlap, one of them everyone counted before, are no arms to sum
    ("Randomized, placebo-controlled crossover trial. Eighteen patients (7 women and 11 men) aged 30 to 60 years with "
     "neuropathic pain with hyperalgesia (n = 18) and allodynia (n = 6). Patients were randomized to two orders.", 18),
    # the groups of earlier papers compared with are not the study's
    ("Receptor binding was measured once. Binding in drug A-treated patients (n = 6), was compared with previously "
     "reported data from drug B (n = 12); drug C (n = 7); and drug D (n = 9).", 6),
    # left alone: a count of its own before the sexes in brackets
    ("Twenty patients (8 women and 13 men) were randomized to drug A or placebo.", 20),
    # left alone: a subgroup "of" a larger series names the series
    ("We studied 80 patients. A subgroup of 12 patients had a relapse.", 80),
])
def test_sample_size_sixteenth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # one patient described with "now" between the authors and their verb
    ("Paroxysmal dyskinesia because of myelitis.", "Spinal lesions causing paroxysmal dyskinesia are rare. We now "
     "describe this movement disorder occurring in a patient who developed a myelitis of unknown cause. A striking "
     "remission followed treatment with drug A.", "case_series"),
    # a few case histories
    ("Drug A for myoclonus in cancer patients.", "Opioids may cause myoclonus. Drug A has proved useful, as "
     "illustrated in this paper by two case histories.", "case_series"),
    # the paper is a study protocol
    ("Does an exercise test predict outcome in treated hypertension? A sub-study protocol for the XYZ trial.",
     "Exercise blood pressure may predict mortality. The test is being evaluated in the XYZ study, a 5-year trial "
     "comparing two regimens. The publication of this study protocol is meant to state on-going research.", "other"),
    # the authors' own experiences summarised are a series, not a review
    ("Transdermal drug A in multiple sclerosis: clinical experience.", "Drug A has a long history of use. This "
     "paper summarizes preliminary experiences with transdermal drug A at one clinic: 60 percent of 40 patients using "
     "the cream had improvements in strength.", "case_series"),
    # measured after the investigators started, stopped or stepped up a drug (non-randomised)
    ("Drug A and late potentials in heart failure.", "We examined prospectively the effects of therapy on the "
     "signal-averaged ECG in 20 patients with heart failure. A Holter monitor was performed immediately before and 6 "
     "weeks after captopril initiation. Late potentials did not change.", "non_randomised"),
    ("Drug A in renal hypertension.", "We evaluated changes in blood pressure after administration of the ACE "
     "inhibitor drug A as monotherapy during 6 months in 14 hypertensive children. Blood pressure fell in nine "
     "patients.", "non_randomised"),
    ("Rebound after drug A withdrawal.", "Thirty patients were enrolled. Patients were evaluated for symptoms for 7 "
     "days after drug A 200 mg/day was abruptly withdrawn. Of 28 patients who completed the study, 11 had no "
     "symptoms.", "non_randomised"),
    ("Drug A added to drug B in schizophrenia.", "Ten outpatients receiving drug B entered consecutive 2-week "
     "periods of placebo and drug A at 5, 15, 50, and 250 mg/day. The scores were compared with previous results.",
     "non_randomised"),
    # a title naming the paper a comment: the trial it discusses is others'
    ("Comment--Drug A in heart failure in perspective.", "The role of drug A is unclear. A total of 5,000 patients "
     "were assigned to receive drug A or placebo twice daily. Mortality was similar in the 2 groups.",
     "narrative_review"),
    # a statistical method shown
    ("Construction of a stopping boundary.", "Monitoring accumulating data needs a boundary. Here we demonstrate "
     "how to construct a continuous stopping boundary from a spending function. We use two trials for illustration.",
     "other"),
    # others' case reports cited are no case of the paper's
    ("Erythroderma in HIV positive and negative patients.", "There have been isolated case reports suggesting an "
     "association between erythroderma and HIV. One hundred patients were prospectively recruited at a skin clinic. "
     "Causes were compared between HIV positive and negative patients.", "cross_sectional"),
    # "received little attention" is no treatment given
    ("Memory complaints in chronic pain.", "Patients with chronic pain report memory problems. This issue has received "
     "little attention. Memory complaints of 80 pain patients were compared with those of 40 controls.",
     "cross_sectional"),
    # a combined analysis of the paper's own two trials is no meta-analysis
    ("Drug A in schizoaffective disorder: results from two double-blind, placebo-controlled studies.", "Patients "
     "were randomized to drug A or placebo in two 6-week trials. Improvements were observed in a combined analysis of "
     "data from both studies (p < 0.01).", "rct"),
    # treatment outside the study ("Treatment was uncontrolled") is no open trial
    ("A long-term follow-up of 100 patients.", "We examined the course of 100 patients followed for a minimum of 2 "
     "years and up to 30 years. Treatment was uncontrolled and consisted mostly of lithium. Survival was compared "
     "between groups.", "cohort"),
    # a retrospective study of several trials: the trials are its units
    ("Retention rates in placebo- and active-controlled trials of schizophrenia.", "To determine if a placebo control "
     "affects retention rates. This was a retrospective study of 9 double-blind clinical trials, 5 of which had a "
     "placebo control. Retention rates were compared using survival analysis.", "meta_analysis"),
    # left alone: the study itself uncontrolled
    ("Drug A in migraine: an open study.", "The study was uncontrolled. Twenty patients received drug A for 8 weeks "
     "and headache days fell by half.", "non_randomised"),
])
def test_design_sixteenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)
