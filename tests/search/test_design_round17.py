"""Seventeenth round of the design rules (holdout29 and holdout30 read): each case fails on the rules before it (the
code at 4496db8), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # the arms of a randomisation told as counts in brackets after each treatment are summed
    ("The effect of these drugs was analyzed in 90 outpatients (50 males and 40 females). The patients were "
     "randomized to either 25 mg drug A (30 patients), 120 mg drug B (30 patients), or 2 mg drug C (30 patients).",
     90),
    ("Children with severe heart failure despite conventional therapy were studied. Patients were randomly assigned "
     "to receive either placebo (7 patients) or the beta-blocker drug A (13 patients) at 0.01 mg/kg/day, followed up "
     "for six months.", 20),
    # a second group "an equal number of" the first: both counted
    ("We performed an association study in 250 hypertensive patients and an equal number of age-matched "
     "normotensive controls from one region.", 500),
    # people who died, selected by the study ("We studied ... who died"), are its people
    ("This study examined the documentation of pain in dying residents. We studied 4,210 nursing home residents who "
     "died in 4 states in 1998. Documented pain was compared among three groups.", 4210),
    # Medicare beneficiaries are people
    ("Retrospective analysis of medical record data. Nationwide sample of 18 450 fee-for-service Medicare "
     "beneficiaries hospitalized with heart failure in 1998.", 18450),
    # a woman of a given age in a case told by what happened to her
    ("Cardiogenic shock appeared in a 71-year-old woman with heart failure, following a single tablet of drug A. She "
     "was resuscitated.", 1),
    # left alone: the people whose records were abstracted are those the study was drawn from, below those studied
    ("We abstracted records from 3120 Medicare beneficiaries hospitalized in 50 hospitals. There were 540 patients "
     "aged 65 years or older with systolic dysfunction. Mortality was tracked for one year.", 540),
    # left alone: a part "who died" in a results sentence is still a part of those enrolled
    ("We enrolled 300 patients with sepsis. The 45 patients who died were older.", 300),
    # left alone: a bracket that holds more than a count is a part, not an arm
    ("One hundred patients were allocated to one of two regimens: A (40 patients, 13 with ulcer) or B (60 patients, "
     "20 with ulcer).", 100),
])
def test_sample_size_seventeenth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a randomised study "has been carried out to" answer a question: the paper's own trial, not a review
    ("Continuous versus intermittent drug A therapy in diabetes.", "The basis of the effects of drug A is not fully "
     "understood. It has been suggested that intermittent therapy may be best. A randomised, double-blind study has "
     "been carried out to attempt to answer the question. Responders went on to receive continuous or intermittent "
     "treatment for 16 weeks. Control was maintained in the continuous group.", "rct"),
    # a review of the deaths that occurred at the authors' own centre is a record review; death rates compared as a
    # multiple between the treated and the others make it a cohort
    ("Sudden death in patients receiving drug A.", "The risk of sudden death during drug A treatment is debated. The "
     "authors present a review of sudden deaths that occurred at one mental health center between January 1990 and "
     "August 1996. Deceased inpatients were retrieved from the hospital's computerized database and the patient "
     "records were reviewed. The sudden death rate was 3.1 times higher for drug A patients than for the other "
     "patients.", "cohort"),
    # the authors' own case, its mechanisms "discussed", is no review
    ("A case of pure allodynia due to a lesion of the spinal cord.", "We report the unusual observation of a patient "
     "who presented with a brush-induced allodynia confined to two dermatomes. A second MRI revealed an intraspinal "
     "lesion. Possible mechanisms are discussed in the light of recent results obtained in animals.", "case_series"),
    # left alone: a review that discusses is still a review
    ("Drug A in pain.", "Drug A acts on calcium channels. Its place in the treatment of neuropathic pain and its "
     "mechanisms are discussed.", "narrative_review"),
    # left alone: no study carried out is no study of the paper's
    ("Drug A in asthma.", "No randomised study has been carried out to compare drug A with drug B. The options are "
     "reviewed.", "narrative_review"),
])
def test_design_seventeenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)
