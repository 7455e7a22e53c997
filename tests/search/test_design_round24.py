"""Twenty-fourth round of the design rules (holdout40 read): each case fails on the rules before it (the code at
ebfb431), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # each arm randomised in a sentence of its own, one after the other: the arms together
    ("To compare two regimens in patients with renal colic. Between May and June 2000, 60 consecutive patients were "
     "evaluated. Thirty patients were randomized to a control arm and received drug A. Thirty patients were "
     "randomized to the treatment arm and received drug A and drug B. Stone passage rates were higher with drug B.",
     60),
    ("Twenty-two patients were randomized to the placebo group and took it for 4 weeks. Twenty-four patients were "
     "randomized to the active group and took drug A. Pain fell more with drug A (p < 0.05).", 46),
    # left alone: the randomised total told first stays the sample
    ("A total of 90 patients were randomized. Forty patients were randomized to the control arm. Fifty patients were "
     "randomized to the treatment arm.", 90),
    # a disease's burden in a country ("affecting between 250 and 350,000 individuals"): no people studied
    ("Multiple sclerosis is the most common disabling neurologic disease of young adults, affecting between 250 and "
     "350,000 individuals in the United States. This article reviews the diagnosis and treatment of the disease.",
     None),
    # the casuistic of one child: one patient
    ("The casuistic of a child suffering from a neurodegenerative disease aims to describe the therapeutic options for "
     "the severe spasticity that occurs in this disorder.", 1),
])
def test_sample_size_twenty_fourth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a prospective study of counted people for a later incidence or risk: a cohort
    ("Blood pressure treatment and the risk of diabetes.", "Previous studies were inconsistent. We conducted a "
     "prospective study of 10,400 adults who did not have diabetes. Medication use was assessed at base line. The "
     "incidence of new cases of diabetes was assessed after three years. Subjects taking drug A had a 25 percent higher "
     "risk of subsequent diabetes (relative hazard, 1.25).", "cohort"),
    # left alone: a prospective study of a treatment given, without a later risk, stays the investigators' treatment
    ("Drug A in reflux.", "A prospective study was undertaken to evaluate the efficacy of drug A. Forty patients with "
     "reflux were given drug A 20 mg daily. Symptoms improved in 30 patients.", "non_randomised"),
    # the paper's own design called a prospective longitudinal study
    ("Pain in a neuropathy.", "To determine the character and intensity of pain in a neuropathy. A prospective "
     "longitudinal study. Academic hospitals. Forty consecutive patients. Patients were evaluated on admission and at "
     "2, 4 and 8 weeks. Pain intensity was not associated with "
     "disability (p = 0.06).", "cohort"),
    # one rare event of the authors' reported, told without the word "case"
    ("Fatal vasculitis associated with drug A.", "We report on the occurrence of a rare and unforeseeable adverse "
     "reaction to treatment with drug A, a non-steroidal anti-inflammatory drug. A previously healthy adult suffered "
     "fatal multiple organ failure after diffuse allergic vasculitis.", "case_series"),
    # a casuistic: one patient's case
    ("A casuistic rationale for the treatment of spasticity in a childhood disease.", "The casuistic of a child "
     "suffering from a neurodegenerative disease aims to provide a description of possible therapeutic options for "
     "the severe spasticity. It also includes a discussion of drug A in childhood.", "case_series"),
    # those who completed the double-blind comparison then entered an open study: the blinded comparison is the paper's
    ("Symptom response to drug A in schizophrenia.", "Sixty outpatients with schizophrenia were entered into a "
     "10-week double-blind, parallel-groups comparison of drug A and drug B. Patients who completed the double-blind "
     "study were then entered into a 1-year open-label drug A study. Drug A was superior to drug B for positive "
     "symptoms.", "rct"),
    # left alone: an open study of its own, not after a blinded one, stays open
    ("Drug A in schizophrenia.", "Thirty outpatients were entered into a 1-year open-label study of drug A. Symptoms "
     "improved (p < 0.01).", "non_randomised"),
    # a trial's background paper, before its results
    ("The Heart Failure Trial of drug A: background, rationale and significance.", "New treatments have improved "
     "outcomes in heart failure. The trial is a double-blind, randomized, placebo-controlled trial in patients with "
     "heart failure. Randomization to drug A or placebo will be stratified. The primary endpoint will be a composite "
     "score.", "other"),
    # measured before a treatment's start and after it: the investigators' treatment
    ("Effects of drug A on the QT dispersion in heart failure.", "The objective was to assess the electrophysiological "
     "profile of patients with heart failure using drug A. Twelve patients with heart failure were assessed over 12 "
     "months. Electrocardiograms were recorded prior to the onset of drug A therapy and after 3 months of drug use. "
     "QT dispersion fell significantly.", "non_randomised"),
    # with and without a drug given first: the investigators' treatment
    ("Beta-blockade and fatty acid uptake during exercise.", "This study investigated the effect of drug A on fatty "
     "acid uptake of exercising muscle. In 10 healthy volunteers an emulsion was infused for 1 hour before and 1 "
     "hour during arm exercise with and without prior administration of drug A (80 mg). Heart rate and blood flow "
     "were lower after drug A (p < 0.05).", "non_randomised"),
])
def test_design_twenty_fourth_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
