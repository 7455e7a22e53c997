"""Thirtieth round of the design rules (holdout48's design and sample-size misses read, and holdout47's design misses):
each case fails on the rules before it (the code at c669abf), unless marked as left alone; the abstracts are written for
the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a combined analysis told by the trials it combined
    ("Gastrointestinal safety of drug A compared with older drugs.",
     "To compare the incidence of ulcers in patients with arthritis treated with drug A or older drugs. Prespecified "
     "analysis of all 6 double-blind, randomized phase 3 drug A arthritis trials conducted from 1995 through 1997. "
     "Patients with arthritis (N = 4000). Ulcers were less frequent with drug A than with the older drugs.",
     "meta_analysis"),
    # ... or by the people it combined from several trials
    ("Drug A slows nephropathy in diabetes.",
     "We report a combined analysis of 180 normotensive patients with nephropathy who participated in two 24-month "
     "double-blind, randomised, placebo-controlled trials of drug A. Progression was less frequent with drug A.",
     "meta_analysis"),
    # people drawn from several trials
    ("Movement disorders with drug A versus drug B.",
     "The side-effect profiles of drug A and drug B were compared in a population of 1500 patients from four "
     "well-controlled prospective clinical trials. Tremor was less frequent with drug A.", "meta_analysis"),
    # the data of many trials considered together
    ("Tolerability of drug A.",
     "This paper describes the tolerability of drug A as documented in the clinical data held by its maker. Data "
     "from 120 trials were considered and the case report forms were used as source information. Of 3000 subjects "
     "treated with drug A, 210 experienced adverse events.", "meta_analysis"),
    # all the studies of a drug taken into one analysis
    ("Overview of the safety of drug A in angina.",
     "All clinical studies of at least 2 weeks' duration with drug A in patients with angina were included in a "
     "safety analysis. Drug A did not increase mortality.", "meta_analysis"),
    # a database built from several trials
    ("Sex and the dose of a combination of drug A and drug B in hypertension.",
     "A database of four randomized, double-blind, dose-ranging studies was established to find the best dose of the "
     "combination in men and women. A total of 2000 patients were treated with placebo or the combination. Blood "
     "pressure fell more in women.", "meta_analysis"),
    # interviews inside a survey that counts a prevalence
    ("Headache prevalence and treatment in three countries: a survey.",
     "The survey aimed to assess the prevalence of headache in the general population of three countries. A "
     "two-phase survey was performed and involved a total of 4000 adults. Semi-structured interviews assessed "
     "attitudes toward treatment. Between 5% and 10% of adults had headache.", "cross_sectional"),
    # "the true frequency" is a proportion measured once (the retrospective studies are others')
    ("Frequency of cough with drug A.",
     "The frequency of cough is lower in retrospective studies with many patients. The aim of the present study was "
     "to evaluate the true frequency of cough induced by drug A in our clinic. A total of 200 patients were treated "
     "with drug A for 1-30 months. Cough occurred in 12 patients.", "cross_sectional"),
    # the randomisation told with "then"
    ("Exercise reduces drug needs in hypertension.",
     "To qualify, subjects had to have a diastolic pressure of 95 mm Hg or more. Subjects were then randomized into "
     "an 8-week exercise programme or a control group. Subjects were followed for 1 year after the programme.",
     "rct"),
    # a later analysis of a trial's people for what predicts an outcome
    ("A murmur as a marker of later heart failure.",
     "To determine the independent prognostic value of a murmur in patients with valve disease. We performed a post "
     "hoc analysis of 3000 participants from the ABC prevention trial. In that trial, participants were allocated "
     "randomly to drug A or placebo and followed for 3 years. A murmur was associated with heart failure (P = 0.01).",
     "cohort"),
    # people told as taking part in the blinded study
    ("Effects of drug A on attention in children.",
     "Children with ADHD participated in a double-blind placebo-controlled study in which the effects of 10 mg drug "
     "A on attention tasks were determined. Drug A improved the percentage of hits.", "rct"),
    # a treatment's efficacy assessed in the counted people: the investigators' treatment, not a series described
    ("Oral drug A in severe hypertension.",
     "The efficacy, safety and speed of onset of the action of oral drug A (10 mg) has been assessed in 15 adults "
     "with severe hypertension. Blood pressure fell within 1 h and stayed lower for 24 h.", "non_randomised"),
])
def test_design_thirtieth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_a_pooled_analysis_a_monograph_cites_is_left_alone() -> None:
    # left alone: a drug review telling a pooled analysis of others' studies stays a narrative review
    result = rules_design(
        "Drug A: a review of its use in asthma.",
        "Drug A is a bronchodilator. Results of randomised double-blind placebo-controlled studies indicate that drug A "
        "is superior to placebo. In a pooled analysis of four 12-week studies, equivalent reductions in attacks were "
        "reported for drug A and drug B. Drug A was generally well tolerated in clinical trials.")
    assert result.label == "narrative_review", result


@pytest.mark.parametrize(("abstract", "expected"), [
    # arms told by their events, the second without its people word
    ("Patients with ulcer were randomized to drug A (Group A) or drug B (Group B) for 10 days. Nineteen of 30 "
     "patients in Group A and 20 of 31 in Group B had eradication of infection.", 61),
    # people "involved in the study" before the arms' n =
    ("Eighty patients with stones were involved in the study. The patients were randomly divided into two groups. "
     "Group A (n = 40) received drug A. Group B (n = 40) received no treatment.", 80),
    # those randomised told without their noun among those considered
    ("Among 200 patients admitted for bleeding, 70 with cirrhosis were randomized to receive drug A (35) or placebo "
     "(35). Rebleeding was less frequent with drug A.", 70),
    # one person against the next is a variation, not a count
    ("Pain varies from one patient to the next, and some studies suggest that its intensity varies with the time of "
     "day.", None),
    # "another N" after findings told in counts of the people: one more finding, not a further group
    ("We describe 11 children with a rare brain malformation. The malformation alone was found in 3 patients, "
     "hydrocephalus in 4 children and another 2 children had large ventricles.", 11),
    # an opinion told of some of them is no count of the sample
    ("Physicians were visited by a pharmacist. Four physicians stated that the visit influenced their prescribing, "
     "but prescribing did not differ between the groups.", None),
    # left alone: "N in each" of two groups gives no single number (README)
    ("We conducted a double-blind, randomized study in two groups of 20 patients each, undergoing hip surgery, to "
     "compare drug A and drug B.", None),
    # left alone: the paper's people told as a share out of those randomised stays the randomised count
    ("A total of 300 patients were randomized to drug A or placebo. Among 300 patients randomized, 40 had diabetes.",
     300),
])
def test_sample_size_thirtieth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
