"""Fifteenth round of the design rules (holdout26 read): each case fails on the rules before it (the code at
a6393e5), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # randomisation as a time point ("at treatment randomization") does not randomise the count before it
    ("A randomized trial of drug A in IgA nephropathy is being conducted. We completed enrollment of 120 patients "
     "into the trial in 1992. Among 90 males and 30 females, older age at treatment randomization and hypertension "
     "were associated with poorer renal function.", 120),
    # those still on randomised treatment are a part of those recruited
    ("Drug A and drug B were compared in a double-blind outcome trial. We recruited 3000 men and 3500 women, aged "
     "55-80 years, from eight countries. Blood pressure at 1 year was 139/82 mmHg in the 5200 patients still on "
     "randomized treatment.", 6500),
    # a singular "woman" after a count of several, "adult who"
    ("To evaluate drug A in breast cancer with bone metastases. 410 woman with skeletal metastases were included in a "
     "randomized, placebo-controlled, multicenter study.", 410),
    ("To determine which regimen is most effective after sheath removal. 120 adult who had undergone coronary "
     "angioplasty. Patients were randomized to receive either drug A, drug B or placebo.", 120),
    # arms told by an event in them are no count of the sample
    ("A multicentre, double-blind, placebo-controlled trial was conducted in 500 patients, randomized 7-10 days after "
     "myocardial infarction. Oedema occurred in 40 patients assigned to drug A and three assigned to placebo.", 500),
    # the share found of a larger series is the paper's group
    ("Sixteen patients (6%) with a septal accessory pathway were identified among 270 consecutive patients who had "
     "ablation therapy. The resting electrocardiogram showed preexcitation in 9 patients and a normal PR interval in "
     "7.", 16),
    # an aside in square brackets, or holding a bracket of its own, between the count and its people
    ("Thirty overweight mild to moderate [diastolic blood pressure (DBP) >90 and <110 mm Hg] hypertensives aged 40-65 "
     "years were randomized to drug A or drug B for 6 weeks.", 30),
    ("In a randomized double-blind cross-over study drug A was assessed in twelve non obese (body mass index 22.3 +/- "
     "0.5 (+/- SE)kg.m-2) Type 2 diabetic patients with poor metabolic control.", 12),
    # a few cases told in the passive; one case study report
    ("Pain in the hip suggests a haemorrhage. Two cases are described in which a haemarthrosis caused a flexion "
     "contracture. Aspiration produced relief.", 2),
    ("A case study report of a long rehabilitation programme for a young woman after a severe head injury is "
     "described in detail.", 1),
    # a country's people with a disease are a burden told, not people studied
    ("About 300,000 persons in the United States have multiple sclerosis. We review our current approach to its "
     "symptoms.", None),
    # left alone: "before randomization" still tells who was randomised
    ("The trial consisted of 2200 patients with a low ejection fraction. The 900 patients in whom patency was "
     "established before randomization form the basis of this study.", 900),
    # left alone: a single woman is counted only as one case
    ("Thirty patients were studied. Pain occurred in 1 woman with diabetes.", 30),
])
def test_sample_size_fifteenth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a few cases told in the passive, a case study report
    ("The management of a person with haemophilia and a painful hip.", "A fixed flexed hip suggests a haemorrhage. "
     "Two cases are described in which a haemarthrosis caused a contracture. Aspiration produced relief.",
     "case_series"),
    ("Rehabilitation of a person with brain injury.", "A case study report of a long rehabilitation programme for a "
     "young woman after a severe head injury is described in detail. Extended programmes are encouraged.",
     "case_series"),
    # a title naming one patient
    ("Allodynia after intrathecal drug A in a patient with pain after spinal cord injury.", "Intrathecal opioids may "
     "precipitate neuropathic pain and allodynia in those with spinal cord injury.", "case_series"),
    # a trial conducted in patients, with no count
    ("Drug A vs drug B and placebo in hypertension: a double-blind randomised trial.", "A double-blind, randomised, "
     "parallel-group trial was conducted in patients with essential hypertension in general practices. Both drugs "
     "reduced blood pressure.", "rct"),
    # "We present the first ... trials" is no case
    ("Double-blind trials of drug A.", "We present the first double-blind, controlled trials of drug A in the US. "
     "Two hundred patients were randomized to drug A or placebo.", "rct"),
    # a laboratory method; a model run on data
    ("Rapid method for drug A in plasma.", "A rapid and sensitive capillary electrophoretic method for the "
     "determination of drug A and its metabolite in human plasma was developed. The method showed good precision.",
     "other"),
    ("Modeling mortality after smoking cessation.", "A model that relates risk factors to mortality was used to "
     "simulate the impact of smoking cessation. Data were taken from a longitudinal survey of adults.", "other"),
    ("The effect of patient selection on risk.", "Surgeons may select patients by comorbidity. We developed a model "
     "to explore the effect that selection could have on the risk of operative death.", "other"),
    ("Pharmacodynamic modeling of drug A.", "A mechanism-based pharmacokinetic/pharmacodynamic model was used to "
     "assess the effects of drug A on gastric pH in normal subjects.", "other"),
    # what happened to them long after (a cohort)
    ("Are there predictive factors for long-term outcome after withdrawal?", "To investigate prognostic factors for "
     "long-term outcome after inpatient withdrawal. Fifty patients (30 females) were re-examined by a standardized "
     "interview. No predictors were found.", "cohort"),
    # the investigators' treatment: measured before its start, a regimen tested, a drug's efficacy by its route
    ("Drug A and cognition in schizophrenia.", "The patients were examined before beginning of drug A treatment and "
     "after 6 weeks, and 36 patients were examined in all. Cognitive functions were compared with symptoms.",
     "non_randomised"),
    ("Twice a day quadruple therapy for H. pylori.", "We tested a 10-day b.d. quadruple therapy for H. pylori "
     "infection. The cure rate was 89.7% (26 of 29) vs. 41.2% (7 of 17) of resistant isolates. Side-effects were "
     "experienced in four patients.", "non_randomised"),
    ("Drug A for cluster headache: a one-year study.", "The efficacy and tolerability of subcutaneous drug A in cluster "
     "headache were investigated in a multicenter study over 1 year. A total of 2,000 attacks were evaluated in 50 "
     "patients.", "non_randomised"),
    # left alone: "in a patient with" in the body of a review is no case
    ("Drug A in renal failure: a review.", "The dosing of drug A in a patient with renal failure is reviewed, with "
     "the evidence for its use.", "narrative_review"),
])
def test_design_fifteenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)
