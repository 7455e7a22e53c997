"""Thirty-sixth round of the design rules (holdout54's design and sample-size misses read): each case fails on the
rules before it (the code at 970fe84), unless marked as left alone; the abstracts are written for the test, after
the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a few told as case studies presented, in the title and the text: the paper's own case series
    ("Report of three case studies with drug A for chronic pain.",
     "Drug A, an atypical antipsychotic, has broad spectrum psychotropic effects on several receptors. This property "
     "allows clinicians to use the agent as an adjunct for pain control. Three case studies are presented from a "
     "suburban family practice setting in which drug A has been used to regulate pain perception.", "case_series"),
    # an abstract opening on others' trial, newly reported: a comment on it
    ("[Lowering of diastolic blood pressure should not be attempted; the XYZ trial].",
     "Recently the 'XYZ' study was reported. In this study 18,790 patients with diastolic blood pressure between 100 "
     "and 115 mmHg were randomly assigned target pressures, and treated with a drug A-based regimen. There was no "
     "difference in endpoint scores among the three groups.", "narrative_review"),
    # a drug profile: the title only the drug's name, the abstract what the drug is indicated for
    ("Drugamide.",
     "Drugamide is indicated for the treatment of patients aged > or =6 years with ADHD. In a 4-week, double-blind "
     "trial in 132 children with ADHD, greater improvements were seen in drugamide recipients compared with placebo "
     "recipients. In a noncomparative study in 22 children with ADHD, symptoms were controlled during the entire "
     "school day. Drugamide was generally well tolerated.", "narrative_review"),
    # a structured abstract's design told as cross-sectional data from a trial: measured once
    ("Correlates of cognitive status of old patients with hypertension: the XYZ Project.",
     "To assess cognitive functions and their correlates for a dementia-free cohort of old patients. Cross-sectional "
     "data from the randomization period of the XYZ Trial. Sixteen European countries. We studied 2252 patients aged "
     "60-100 years. Cognitive scores were related to blood pressure.", "cross_sectional"),
    # an accented word between a count and its people no longer hides the count, nor the trial behind it
    ("Prophylactic drug A is unnecessary with intravenous analgesia in the ED.",
     "This prospective, randomized, double-blind, placebo-controlled trial assessed the incidence of nausea after "
     "morphine analgesia, and the effect of drug A on this incidence. Intravenous morphine analgesia was administered "
     "with drug A or placebo to 122 opiate-naïve patients with acute severe pain. The low incidence of nausea is "
     "consistent with controlled data in the literature.", "rct"),
])
def test_design_thirty_sixth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: the paper's own randomised trial, its results "reported" in the past tense
    ("Drug A in hypertension.",
     "In this randomised, double-blind trial, 120 patients were randomly assigned to drug A or placebo. The results "
     "were reported to the ethics committee. Drug A lowered blood pressure.", "rct"),
    # left alone: a monograph whose case studies are presented in another part stays a review
    ("Management of chronic pain. Part I.",
     "This article focuses on methods to manage many types of chronic pain and describes a broad range of "
     "interventions. Part I of this two-part monograph describes drug therapy and nerve blocks. Three case studies are "
     "presented in Part II.", "narrative_review"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # "Of 24 patients with X who were ..., 16 were eligible for this study": the eligible part is the sample
    ("Of 24 patients with refractory affective disorders or schizoaffective disorder who were consecutively included "
     "into an open trial with drug A, 16 were eligible for this study. Four measures were used to rate tolerability. "
     "This was an open, cross-sectional study.", 16),
    # an institution named for its people ("Veterans Affairs medical centers") counts no people
    ("To compare the effects of 6 different drugs and placebo in a multicenter, randomized, double-blind, "
     "parallel-group clinical trial in 15 US Veterans Affairs medical centers. A total of 1292 ambulatory men, 21 "
     "years or older, with diastolic blood pressures ranging from 95 to 109 mm Hg were randomized to receive placebo "
     "or 1 of 6 drugs.", 1292),
    # a structured abstract's participants told by their age, above a later result in some of them
    ("Randomised controlled trial. Hospital gastroenterology unit. 219 patients under 45 years old presenting with "
     "dyspepsia without alarm symptoms. Patients received drug A (group A) or a test and treat strategy (group B). "
     "Endoscopy was done in 19 patients in group A and 32 in group B because of no improvement.", 219),
    # those "with the exception of the few (n = 116)" are a part
    ("Retrospective cohort study. All Medicare patients with a principal diagnosis of acute myocardial infarction "
     "discharged alive (N = 141,041). After adjusting for illness severity, patients who were prescribed drug A did "
     "not have increased risk of mortality, with the exception of the few (n = 116) treated with drug B.", 141041),
    # pretreatment-posttreatment pairs of isolates are no people
    ("The molecular typing of 81 pretreatment isolates and the comparison of 18 pretreatment-posttreatment pairs is "
     "described by restriction fragment length polymorphism.", None),
    # a few told as case studies presented
    ("Drug A has broad spectrum psychotropic effects. Three case studies are presented from a suburban family "
     "practice setting in which drug A has been used to regulate pain perception.", 3),
    # each arm told only as the whole of a share, "of 869 patients randomized to A and ... of 888 randomized to B"
    ("Patients recovering from myocardial infarction were doubly-blindly randomized to treatment with drug A or "
     "placebo. At discharge angina pectoris was reported in 11% of 869 patients randomized to drug A and in 12% of "
     "888 randomized to placebo (ns).", 1757),
    # an accented word between a count and its people
    ("Intravenous morphine analgesia was administered with drug A or placebo to 122 opiate-naïve patients with acute "
     "severe pain. Seven patients (5.7%) experienced nausea.", 122),
    # each arm's people in brackets with the arm's name: the arms together
    ("We assessed drug A and drug B compared with drug B alone in 18 patients with cardiomyopathy. After 6 months of "
     "randomized treatment with either drug B (10-20 mg) (nine patients, group 1) or drug B (10-20 mg) and drug A "
     "(120-240 mg) (nine patients, group 2), left ventricular function was assessed.", 18),
    # each arm told by the drug it was randomised to, "(n = 20)" ... "(n = 14)", in sentences of their own
    ("We evaluated the blood pressure lowering effect of drugpine vs drugbine using a double-blind randomized design. "
     "After a placebo run-in period, hypertensive patients were randomized to drugpine 5 mg once daily or drugbine "
     "90 mg twice daily. Active therapy by drugpine (n = 20) lowered day systolic blood pressure by 17 mmHg. Most of "
     "these responses were still present. Drugbine (n = 14) lowered day systolic blood pressure by 13 mmHg.", 34),
    # left alone: case studies presented in another part of a monograph are not this paper's
    ("This article describes a broad range of interventions for chronic pain. Part I of this two-part monograph "
     "describes drug therapy. Three case studies are presented in Part II.", None),
    # left alone: pairs of people are still people
    ("We studied 40 mother-infant pairs in a maternity unit.", 40),
])
def test_sample_size_thirty_sixth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
