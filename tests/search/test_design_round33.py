"""Thirty-third round of the design rules (holdout51's design and sample-size misses read): each case fails on the
rules before it (the code at f630b29), unless marked as left alone; the abstracts are written for the test, after the
wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # one author describing one patient ("I describe the case of a patient")
    ("Fulminant pancreatitis associated with drug A therapy.",
     "Adding to the growing awareness of medications that can cause pancreatitis is a small number of reports "
     "implicating class B drugs. In this report, I describe the case of a patient who had no risk factors for "
     "pancreatitis and who was taking no medications other than drug A. Possible mechanisms are discussed.",
     "case_series"),
    # the aim told as a few patients described
    ("Late diagnosis of an enzyme defect in three related female patients.",
     "To describe three female patients of one family with different phenotypes of the same mutation. The defect is "
     "the most frequent urea cycle disorder. Treatment with drug A and a low-protein diet was started.",
     "case_series"),
    # a title that ends on its few patients
    ("Drug A pneumonitis and eosinophilia. A report on eight patients.",
     "We identified eight patients (six women and two men) who had pulmonary infiltrates during treatment with drug A "
     "between 1989 and 1992. Clinical files, chest roentgenograms and lavage data were reviewed. Drug A treatment was "
     "given for acne.", "case_series"),
])
def test_design_thirty_third_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: many patients told in a title's report are no case series
    ("Drug A in hypertension. A report on 400 patients.",
     "Four hundred hypertensive patients were randomized to drug A or placebo in a double-blind trial for 12 weeks. "
     "Drug A lowered blood pressure.", "rct"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # a common misspelling of a number word
    ("Fourty-five patients with migraine underwent a parallel double-blind trial of drug A, drug B and both. There "
     "were 3 groups, each one with 15 patients.", 45),
    # a series of patients told as such, over a later part that received a therapy
    ("A series of 33 patients with a sleep disorder was gathered over an 8-year period. Patients underwent clinical "
     "evaluations. Forty-five percent (n = 15) had previously received therapy for their disorder, without benefit.",
     33),
    # those withdrawn before randomization are not those randomised
    ("Sixty-seven patients with severe heart failure received pacemakers. This single-blind, randomized, controlled "
     "crossover study compared two periods. Nine patients were withdrawn from the study before randomization, and 10 "
     "failed to complete both study periods.", 67),
    # two groups, the people named once ("N patients with X and M with Y")
    ("The studies were performed in a group of 18 patients with pollinosis and 22 with atopic asthma. Both tests were "
     "performed before and after drug A.", 40),
    # a count told again as its arms in brackets, then controls: the count and the controls
    ("Results are reported for 24 patients having a diagnosis of schizophrenia (n = 16) or schizoaffective disorder "
     "(n = 8) and 19 age-matched healthy controls. Patients showed smaller amplitudes.", 43),
    # the sample told as the study population, over the clinicians who collected it
    ("A retrospective prescription-based study was conducted in 15 health centres, involving 115 primary care "
     "physicians--77 FPs and 38 GPs. Prescriptions were collected during May and June 2000 to comprise a study "
     "population of 1266 diabetic-hypertensive patients.", 1266),
    # a control arm among groups, each told in its own sentence, that make up the people studied
    ("We studied 20 children aged between 5 and 12 years, scheduled for thoracotomy. The children were randomly "
     "divided into two groups. In the first group (n = 10) drug A was injected by the surgeon. In the control group "
     "(n = 10) drug B was administered i.v. at the same time.", 20),
    # the sex make-up in a bracket that goes on, right after the count
    ("After 3 weeks of placebo, 101 (62 men; age range, 34-72 years) hypertensives with type II diabetes mellitus "
     "were randomized to drug A or drug B for 24 weeks. Blood pressure fell with A (n = 49) and B (n = 45).", 101),
    # a disease's acronym in brackets as a sixth word between the count and the people
    ("Twelve attention deficit with hyperactivity disorder (ADHD) children performed a test under the influence of "
     "drug A in a double-blind placebo controlled acute dosage design.", 12),
    # drugs withdrawn, then the arms in brackets that make up the people counted
    ("The effect was studied in 28 men with hypertension. They were compared with 25 normotensive men of similar age. "
     "Thereafter, all antihypertensive drugs except beta-blockers were withdrawn and either drug A (5 to 20 mg; "
     "n = 13) or drug B (2.5 to 10 mg; n = 15) was added in a double blind, randomized fashion.", 28),
    # the people's make-up in a bracket with a bracket inside, then a verb far after them
    ("Sixteen patients (11 women, mean age 46 (3) years) with persistent heartburn or regurgitation for at least three "
     "months, in spite of therapy with drug A, were included in the study. Oesophagitis was present in seven patients "
     "(five with grade 1, two with grade 2).", 16),
    # one author's one patient
    ("In this report, I describe the case of a patient who had no risk factors for pancreatitis and who was taking no "
     "medications other than drug A.", 1),
    # left alone: groups told together after "study population"
    ("The study population consisted of 70 men and 76 women, aged 28-73 years. Drug A was given for 6 months.", 146),
    # left alone: a count and the breakdown of the part enrolled
    ("Of 57 patients with urgent hypertension 53 patients were enrolled: 36 men and 17 women, 43 black and 10 white. "
     "Drug A lowered blood pressure.", 53),
    # left alone: people withdrawn still keep the arms from being summed as the sample
    ("A total of 60 patients were randomized. Patients on drug A (n = 20) or drug B (n = 22) who withdrew were "
     "replaced.", 60),
])
def test_sample_size_thirty_third_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
