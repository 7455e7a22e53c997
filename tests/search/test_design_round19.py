"""Nineteenth round of the design rules (holdout33 and holdout34 read): each case fails on the rules before it (the
code at 291ed96), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # a rate told as "one in so many" counts nobody
    ("Pre-eclampsia complicates many pregnancies and remains a main cause of maternal death. Almost one in 40 women "
     "with eclamptic seizures die, and 20% will require ventilation. Early involvement of senior staff is crucial.",
     None),
    # a count per department: no one number of people
    ("This study compared the pain relief given during a medical abortion at two departments of gynecology. The case "
     "notes of 80 women at each department were examined. Considerable differences were found.", None),
    # a count after a heading joined by a double dash
    ("OBJECTIVE--To compare two drugs after endoscopic haemostasis. METHODS--Sixty two patients with a high risk of "
     "rebleeding were included in this trial. RESULTS--Twelve out of 62 patients rebled.", 62),
    # each group's size after the groups is not more people
    ("Sixty patients with an active peptic ulcer were randomized to two groups, each with 30 patients, to receive "
     "either regimen A or regimen B for one week.", 60),
    # people chosen by what they answered ("who responded to a media campaign") are the sample, not a part of it
    ("Forty-two patients who responded to a newspaper advertisement and met the criteria for migraine formed the "
     "population for this study. Each completed a headache diary.", 42),
    # an "n =" of a subsample measured later is a part of the people counted first
    ("The symptom presentation of 5120 consecutive, unselected patients with dyspepsia in general practice was "
     "studied by using a factor analysis. The relation to the effect of drug A was studied in a subsample (n=390) "
     "with predominantly ulcer-like dyspepsia being included in a controlled clinical trial.", 5120),
    # left alone: "responded" after a count still tells a part of the sample
    ("We treated 50 patients with drug A for eight weeks. Thirty patients responded and 20 did not.", 50),
    # left alone: groups of one size, told once, are still multiplied
    ("We compared two regimens in a prospective study. Two cohorts, each of 40 patients with peptic ulcer disease, "
     "were treated for 1 week with drug A 30 mg b.d. and either drug B or drug C.", 80),
])
def test_sample_size_nineteenth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a systematic review told by what it found
    ("Drug treatment of adult attention deficit disorder: a review.", "The use of drugs for adults with the disorder "
     "remains less established. A systematic review of the available literature identified 9 studies (N = 210 "
     "subjects) of stimulants. Stimulants reduced symptoms.", "meta_analysis"),
    # the literature gathered from named databases
    ("Psychological treatment for chronic pain: outcome and predictors.", "A literature review was conducted. "
     "Published literature was gathered from Medline, PsychLit, and searches of relevant journals. Treatment reduces "
     "patients' pain and distress.", "meta_analysis"),
    # two bibliographic databases named together as the sources
    ("Management of atrial fibrillation: review of the evidence.", "This review summarizes the available evidence on "
     "rate control. The Cochrane Library database of controlled clinical trials and MEDLINE. Primarily randomized, "
     "controlled trials of medications. Evidence was strong for warfarin.", "meta_analysis"),
    # an economic study by its own name
    ("Economic study of drug A in heart failure.", "Trials have shown that drug A reduced mortality. These results may "
     "be used to evaluate the economic advantages of drug A by developing a cost-effectiveness study relating the "
     "direct expenses of each strategy to its mortality.", "other"),
    # a receiver-operator curve for a value as a predictor of mortality: a prognostic value, not a test's accuracy
    ("Lactate in head injury.", "This was a retrospective observational study of all patients with isolated head "
     "injury admitted from 2005 to 2010. A receiver operating curve was generated for lactate as a predictor of "
     "mortality. Ninety patients were analyzed. Lactate was not a reliable marker.", "cohort"),
    # a measuring method shown is a methods paper
    ("Evaluation of an analgesic using evoked potentials.", "Pain assessment in volunteers is difficult. We describe "
     "an improved method for recording somatosensory evoked potentials in eight healthy subjects. The approach was "
     "applied to study the efficacy of an analgesic.", "other"),
    # the title calls the paper a follow-up study of no treatment it gave
    ("Chronic pain after hernia repair: a follow-up study.", "Patients were interviewed before and after surgery, and "
     "the analgesics they were given were registered. Ninety patients entered the study. High analgesic consumption "
     "was associated with a higher risk of chronic pain.", "cohort"),
    # a prospective study of a treatment's efficacy, one group, no comparison
    ("Intrathecal baclofen for spasticity.", "A prospective study was undertaken to evaluate the efficacy of "
     "intrathecal baclofen in severe spasticity. A total of 24 patients were managed over two years. Of these, 20 had "
     "a beneficial response.", "non_randomised"),
    # a double-blind pilot study is not an open study
    ("Drug A versus placebo in the prophylaxis of cluster headache: a double-blind pilot study.", "During a cluster "
     "period, we administered drug A 10 mg (n = 12) or placebo (n = 12) to 24 cluster headache patients. Headache "
     "frequency was reduced in the treatment group.", "rct"),
    # an open extension after the paper's blinded trial does not make the trial open
    ("Drug A for spasticity.", "Eight men with spasticity were studied in a placebo-controlled, cross-over trial of "
     "drug A. Drug A or placebo was given three times daily for 48 h. This was followed by an open-label extension. "
     "Spasticity improved modestly.", "rct"),
    # genotypes of patients against counted controls
    ("A receptor gene promoter polymorphism and schizophrenia.", "A G to A polymorphism of the receptor gene was "
     "studied in 120 schizophrenic patients and 100 healthy control subjects. The genotype and allele frequencies did "
     "not differ between the patients and control subjects.", "case_control"),
    # ... even when some of the patients were randomised later for another question
    ("A gene variant, hypertension and response to beta-blockade.", "There was a significant difference in the "
     "frequency of the alleles between 250 hypertensives and a matched group of 220 control subjects. The influence "
     "of the allele on the response was examined in 100 of the patients randomly assigned to a beta-blocker.",
     "case_control"),
    # left alone: a treatment's name, not a measuring method ("A new method for detoxifying")
    ("A new method for detoxifying opioid-dependent patients.", "The purpose of the study was to investigate a new "
     "method for detoxifying opioid-dependent patients. Forty patients dependent on opioids were detoxified using a "
     "dilute nasal spray.", "case_series"),
    # left alone: a follow-up study of a treatment the investigators gave
    ("Cytokines in patients treated with drug A: a 3-month follow-up study.", "We measured cytokines in drug-free "
     "patients (n = 15) and healthy controls (n = 30) and then during 3 months of treatment with drug A. Drug A was "
     "associated with lower interferon production.", "non_randomised"),
    # left alone: an open phase after the blinded one (not an extension) still makes it open, as before
    ("Drug A in schizophrenia.", "Patients were studied in a 6-week double-blind comparison of drug A and drug B. "
     "Twenty-seven subsequently received an 8-week open trial of drug A. Symptoms improved.", "non_randomised"),
])
def test_design_nineteenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
