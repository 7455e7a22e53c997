"""Thirty-seventh round of the design rules (holdout55's design and sample-size misses read): each case fails on the
rules before it (the code at 9ca8aef, whose search/design.py is b4a37d8's), unless marked as left alone; the abstracts
are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a post hoc analysis of several trials, counted: a pooled analysis
    ("Effect of drug A on the development of esophagitis.",
     "The aim of this study was to assess the development of erosive esophagitis in a post hoc analysis of eight "
     "double-blind prospective trials of drug A therapy in 1165 patients. A total of 533 patients had heartburn scores "
     "assessed at baseline. Erosive esophagitis developed in 24 (4%) of 621 patients with cure.", "meta_analysis"),
    # two trials told as pooled, the trials told by what they compared ("comparing A to placebo were pooled")
    ("Acute dysphoric mania: treatment response to drug A versus placebo.",
     "This post-hoc analysis explored the response characteristics of drug A versus placebo in manic patients. Two "
     "similar, double-blind, randomized trials comparing drug A, 5-20 mg, to placebo were pooled for these analyses "
     "(N = 246). Mean changes in mania scores during 3 weeks of treatment were examined.", "meta_analysis"),
    # a literature review told by its MEDLINE searches
    ("Are urodynamic tests useful tools for the management of urinary incontinence? A review of the literature.",
     "To summarise the evidence for the role of urodynamic tests in urinary incontinence. Reference lists in relevant "
     "papers were reviewed and MEDLINE searches conducted. The mean sensitivity of clinical history versus urodynamic "
     "tests was 0.82 for stress incontinence.", "meta_analysis"),
    # a title naming two trials read together after the fact
    ("Long-term effects of drug A and drug B on mortality: post hoc subset analysis of the multicenter drug A "
     "postinfarction trial and the second danish drug B infarction trial studies.",
     "The main objective of this retrospective analysis was to evaluate the long-term effect of drug A and drug B. "
     "Of 817 patients, 81 (9.9%) died during follow-up. The mortality rate was 42% lower in patients randomized to "
     "calcium antagonist therapy than placebo.", "meta_analysis"),
    # a title telling a trial's design and baseline characteristics: the trial's protocol paper
    ("Design and baseline characteristics for the XYZ study of cardiac dysfunction in cancer survivors.",
     "The XYZ study is a randomized, double-blind, controlled clinical trial comparing drug A with placebo. The "
     "primary outcome measure is the rate of decline in cardiac index. A total of 135 patients were randomized to "
     "drug A or placebo. Baseline characteristics were similar across treatment groups.", "other"),
    # a title opening on an instrument's reproducibility and validity
    ("Reproducibility, validity, and responsiveness of a disease-specific symptom questionnaire for reflux disease.",
     "The purpose of this study was to establish the reproducibility, validity, and responsiveness of a symptom "
     "questionnaire. A total of 300 patients completed questionnaires before and 6 months after surgery. Forty-six "
     "patients who continued on drug A served as controls.", "other"),
    # a case series told as presented, the verb first
    ("Early recognition of a syndrome during brain injury rehabilitation.",
     "The syndrome is a rare disorder that manifests with hyperthermia and muscle rigidity. Presented is a case series "
     "of individuals with traumatic brain injury and agitation who, when treated with drug A, developed the syndrome. "
     "Although the incidence of this syndrome is rare, it is associated with significant morbidity.", "case_series"),
    # a title that calls itself a drug's clinical profile: a review of others' trials
    ("The clinical profile of drug A: cluster headache.",
     "Cluster headache is a rare form of severe headache. Subcutaneous drug A has been investigated as an acute "
     "treatment for cluster headache in two randomized, double-blind, placebo-controlled, crossover trials. About 75% "
     "of patients given drug A 6 mg reported headache relief within 15 min, in comparison with 26-35% given placebo "
     "(p < 0.001 in both studies). Results of a long-term study indicate that the efficacy of drug A is maintained.",
     "narrative_review"),
])
def test_design_thirty_seventh_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: a post hoc analysis of one trial's participants is not a pooled analysis of trials
    ("Third heart sound as a marker of heart failure.",
     "We performed a post hoc analysis of 4102 participants from the Studies of Left Ventricular Dysfunction (SOLVD) "
     "prevention trial. In that trial, participants were allocated randomly to drug A or placebo. We used "
     "multivariate proportional hazards models.", "meta_analysis"),
    # left alone: a trial of whether a side effect recurs, its title opening on "Reproducibility", stays a trial
    ("Reproducibility of drug A induced cough: a double-blind randomised study.",
     "The reproducibility of drug A induced cough was examined in a double-blind cross over study. Ninety-seven "
     "patients who had experienced cough were randomised to drug A or placebo for 4 weeks.", "other"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label != expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # extensive and poor metabolizers are people, summed
    ("Fourteen extensive (EMs) and 14 poor metabolizers (PMs) of sparteine completed a randomized, double-blind, "
     "three-way, cross-over study with a single oral dose of drug A against drug B and placebo.", 28),
    # one patient told with her age in years and months
    ("A 13-year, 6-month-old female was evaluated for subacute onset of left-sided hemichorea. Treatment with drug A "
     "was initiated, with good results at 6-month follow-up.", 1),
    # the part the paper says it studied, "among 1,830 of 3,000 patients"
    ("Using data from the quality of life subset of the XYZ study, we examined 30-day and 1-year mortality, use of "
     "resources, and quality-of-life measures among 1,830 of 3,000 patients with acute myocardial infarction treated "
     "with thrombolytic therapy. At hospital discharge, 555 patients (30.2%) had not developed Q waves.", 1830),
    # those screened told first, then those enrolled after a semicolon
    ("Patients were randomized to receive drug A or drug B. A total of 1,959 patients were screened by ambulatory "
     "ECG monitoring; 982 (49%) had asymptomatic ischemia, and 618 (65%) were enrolled in the study.", 618),
    # the people referred to a clinic, above a diagnosis in some of them
    ("To describe the patients referred to a paediatric pain clinic. Prospective data collection, descriptive study. "
     "207 patients (mean age, 13.1 years; 73% females) were referred in the two years. Complex regional pain "
     "syndrome was diagnosed in 44 patients.", 207),
    # left alone: "X of Y" not told as the part studied keeps the whole
    ("Fifteen of 25 (60%) patients responded to drug A.", 25),
])
def test_sample_size_thirty_seventh_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
