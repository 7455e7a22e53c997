"""Twenty-second round of the design rules (holdout38 read): each case fails on the rules before it (the code at
a7f2158), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from search.design import classify_design

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # those randomised told after those enrolled, without their noun
    ("Patients with dyspepsia were studied in a randomized, double-blind study. Before entry 150 patients were "
     "enrolled, and 120 were randomized to 1-week treatment with drug A or placebo.", 120),
    # those randomised out of those considered, with what selected them
    ("Of 100 patients with an average infarct age of 40 months, 20 had progressive dilation and were randomized in a "
     "prospective, double-blind study to placebo or drug A.", 20),
    # those enrolled out of a larger number, told without a comma
    ("Of 60 patients with urgent hypertension 50 patients were enrolled: 30 men and 20 women, 40 black and 10 white.",
     50),
    # a group that with the arm told just before makes up the people counted earlier
    ("In a randomized study pain relief was compared. Thirty patients admitted for surgery received epidural "
     "analgesia either before or after surgery. Sixteen patients received drug A before surgery. Another 14 patients "
     "received drug B after skin closure.", 30),
    # those who took part out of the people a clinic saw, their pool uncounted
    ("Of the hypertensive patients attending the outpatient clinics of the University, 40 participated in the present "
     "study. They were randomly treated with drug A or drug B.", 40),
    # those who fulfilled the inclusion criteria, not those imaged first
    ("150 oncological patients had a whole-body MRI. All patients with signs of metastases were included in the "
     "study. 70 patients fulfilled the inclusion criteria.", 70),
    # the one patient of "our report"
    ("Our report describes for the first time the long-term intrathecal application of drug A in a patient with "
     "chronic pain. Drug A led to a significant pain reduction.", 1),
    # no patient: a topic told of "the patient"
    ("Heart failure remains a major clinical problem. An approach to the patient with congestive heart failure is "
     "presented, emphasizing systolic and diastolic dysfunction.", None),
    # those who responded "met criteria" of response, not of entry
    ("Antipsychotic response to drug A was examined in 50 treatment-refractory inpatients with schizophrenia. Subjects "
     "were treated for at least 12 months. All 34 subjects who responded met criteria within 8 weeks of a dose "
     "escalation.", 50),
    # a group told after the others with "were also studied" joins them
    ("Plasma bradykinin was measured in 22 patients with hereditary angio-oedema and in 22 healthy volunteers. Four "
     "patients with acquired angio-oedema and one hypertensive patient treated with captopril were also studied.", 49),
    ("Forty patients with asthma were studied. Ten healthy volunteers were also studied.", 50),
    # the groups the results were compared with join the people measured
    ("Norepinephrine kinetics were determined on three occasions after subarachnoid hemorrhage in 25 patients. Eleven "
     "of these patients received drug A and the remainder, standard therapy. Initial results were compared with 17 "
     "healthy age-matched subjects and eight patients suffering from severe traumatic brain injury.", 50),
    # left alone: results compared with published values add nobody
    ("Blood pressure was measured in 40 patients. The results were compared with published reference values.", 40),
    # a second study of the paper's own, open after a randomised one: both studies' people
    ("In a 2-year, randomized, double-blind, placebo-controlled study, 200 postmenopausal women were treated with "
     "drug A 0.3 mg daily or placebo. Symptoms were assessed every 6 months. In a second 12-week, open-label, pilot "
     "study, 25 postmenopausal women with vasomotor symptoms were treated with drug A 0.3 mg daily.", 225),
    # left alone: a second step of the same study adds nobody
    ("In a 2-year, randomized, double-blind, placebo-controlled study, 200 postmenopausal women were treated with "
     "drug A 0.3 mg daily or placebo. In a second step, 25 women with vasomotor symptoms were treated with drug A "
     "alone.", 200),
    # left alone: a part of the same people studied again is no further group
    ("Forty patients with asthma were studied. Ten of them were also studied after treatment.", 40),
    # left alone: one patient who opens the abstract
    ("A patient with gout developed renal failure after drug A. The drug was stopped.", 1),
    # left alone: a further group not made of an arm told before joins the people counted
    ("Thirty patients received drug A for four weeks. Another 14 patients received drug B for four weeks.", 44),
])
def test_sample_size_twenty_second_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


_FOLLOWED = ("All patients were discharged free of pain and without analgesics and were followed up for 2, 8, and 11 "
             "months, respectively, without recurrence of pain. Nerve block deserves further trial for the treatment of "
             "severe pain associated with cholangitis in patients with acquired immunodeficiency syndrome.")


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a handful of people followed are a case series, not a cohort
    ("Nerve block as treatment for refractory pain related to cholangitis in AIDS patients.", "Cholangitis may be a "
     "cause of refractory pain in patients infected with HIV. We performed a nerve block in three such patients with "
     "severe pain from cholangitis. " + _FOLLOWED, "case_series"),
    # left alone: thirty people followed stay a cohort
    ("Nerve block as treatment for refractory pain related to cholangitis in AIDS patients.", "Cholangitis may be a "
     "cause of refractory pain in patients infected with HIV. We performed a nerve block in thirty such patients with "
     "severe pain from cholangitis. " + _FOLLOWED, "cohort"),
    # a drug's update after a colon is a review
    ("Drug A: an update of its use in acid-related disorders.", "Data among patients with Barrett's oesophagus "
     "suggest drug A 20 mg/day may be more effective than placebo in maintaining healing after 1 year of treatment. "
     "Eradication rates of >90% were achieved when drug A 20 to 40 mg/day was included as part of a quadruple "
     "regimen.", "narrative_review"),
    # thousands of people counted and nothing else said of them: a population measured, not a case series
    ("Drug-drug interactions in the elderly.", "To detect the frequency of potential drug-drug interactions. Drug use "
     "data were collected from 1601 elderly persons living in 6 European countries. Potential interactions were "
     "identified using a computerized detection program.", "cross_sectional"),
    # left alone: a hundred and sixty people described stay a series
    ("Drug-drug interactions in the elderly.", "To detect the frequency of potential drug-drug interactions. Drug use "
     "data were collected from 160 elderly persons living in 6 European countries. Potential interactions were "
     "identified using a computerized detection program.", "case_series"),
])
def test_design_twenty_second_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result


def test_people_randomised_outweigh_an_animals_heading_when_the_text_names_no_animal() -> None:
    result = classify_design(title="Pharmacokinetics of drug A in healthy volunteers.",
                             abstract="In a randomized, crossover study with four periods, twenty-four healthy "
                                      "volunteers took single oral doses of drug A.",
                             publication_types=[], mesh=["Animals", "Cross-Over Studies", "Mice"], learned=False)
    assert result.label == "rct", result


def test_an_animals_heading_still_decides_when_the_text_names_animals() -> None:
    # left alone: the randomised animals of an animal study
    result = classify_design(title="Drug A in mice.", abstract="Twenty-four mice were randomized to drug A or vehicle.",
                             publication_types=[], mesh=["Animals", "Cross-Over Studies", "Mice"], learned=False)
    assert result.label == "animal_in_vitro", result
