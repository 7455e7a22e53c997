"""Eighteenth round of the design rules (holdout31 and holdout32 read): each case fails on the rules before it (the
code at 1bd08be), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # people told as a product with their total in brackets: the total
    ("This randomized, single-blind, parallel-group study investigates the effects of three drugs in comparison to "
     "placebo. Overall, 3 x 12 (total 36) young, healthy male volunteers were included in the study.", 36),
    # the only count is of those who completed all the studies
    ("Patients with proven coronary disease were enrolled in this double-blind study and randomly assigned to imaging "
     "after placebo, low-dose drug A and high-dose drug A. Twenty-four patients completed all four imaging studies.",
     24),
    # "One group (X, n = a) ... The other group (Y, n = b)": the two groups, each told in its own sentence
    ("Patients were randomly assigned to one of two groups. One group (EPI, n = 40) received epidural analgesia for "
     "48 hrs. The other group (GA, n = 45) received general anaesthesia followed by intravenous analgesia.", 85),
    # a year naming a population is no count of it
    ("The population with schizophrenia of the district was identified in 1996. In comparison with the 1985 "
     "population, more patients in 1996 had negative symptoms.", None),
    # one of the other sex told in the singular is counted too
    ("Randomized, double-blind, placebo-controlled crossover study. Eleven men and one woman (age 36-64 yrs) whose "
     "diabetes was responsive to oral therapy. Placebo or drug A was given for 3 days.", 12),
    # patients of others' first report are not the paper's: its own case is one
    ("Tonic seizures are a rare sign of demyelinating disease, first reported in 4 patients with multiple sclerosis. "
     "A 23-year-old man was referred with attacks of rigid extension of the left limbs. An MRI scan revealed a "
     "midbrain lesion.", 1),
    # groups of one size, told once ("Two cohorts, each of 60 patients")
    ("We compared two regimens in a prospective study. Two cohorts, each of 50 patients with peptic ulcer disease, "
     "were treated for 1 week with drug A 30 mg b.d. and either drug B or drug C.", 100),
    # left alone: a four-digit count of people that is no year naming a group
    ("A random sample of 2004 adults was interviewed by telephone about their use of pain medicines.", 2004),
    # left alone: those who completed a part, beside the people randomised
    ("We randomised 120 patients to drug A or placebo. Ninety patients completed all three study visits.", 120),
])
def test_sample_size_eighteenth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a paper of a trial's baseline data, by its title: its people measured once
    ("Risk factors for carotid wall thickening in hypertension: baseline data from the Example Study on "
     "Atherosclerosis.", "The Example Study is a prospective, randomized, double-blind trial comparing drug A with "
     "drug B over four years. This article summarizes data obtained from the whole cohort of 1500 patients randomly "
     "allocated to treatment. Wall thickness was correlated with age and pulse pressure.", "cross_sectional"),
    # ... or by its text
    ("High HDL cholesterol and coronary disease in older women.", "We analyzed baseline data from a randomized, "
     "double-blind study of hormone therapy in 2000 postmenopausal women with coronary disease. Women with high HDL "
     "cholesterol more often had diabetes.", "cross_sectional"),
    # an aim told with an adverb ("to more completely evaluate the prevalence")
    ("Diastolic dysfunction in men with diabetes.", "Earlier reports gave a prevalence between 20 and 40%; our aim was "
     "to more completely evaluate the prevalence of diastolic dysfunction in subjects with diabetes. We studied 40 men "
     "with type 2 diabetes. Dysfunction was found in 24 subjects (60%).", "cross_sectional"),
    # a modal word inside the question a trial asks ("investigated whether ... would be suitable") calls for no trial
    ("Blood pressure control in older patients: a progress report on the Example trial.", "This report on the ongoing "
     "double-blind placebo-controlled Example trial investigated whether treatment based on drug A would be suitable "
     "for maintaining long-term blood pressure control. The placebo (n = 500) and active treatment (n = 520) groups "
     "had similar characteristics at enrolment. Systolic pressure fell more on active treatment.", "rct"),
    # chosen at random for one of two treatments
    ("Two spinal techniques for prostatectomy.", "The objective was to compare two spinal techniques. Thirty patients "
     "were randomly selected and underwent spinal anaesthesia with either drug A 15 mg or drug A 10 mg with drug B. "
     "Changes in arterial pressure were similar in both groups.", "rct"),
    # institutions asked what they do: a survey
    ("Hormonal treatment in forensic clinics.", "The aim was to investigate which treatments are used in forensic "
     "institutions. Forensic clinics were asked about the number of treated patients. Three hundred patients were "
     "committed; 10% received either drug A (n = 15) or drug B (n = 15).", "cross_sectional"),
    # treated people whose outcomes are modelled against their factors, the treatment one of them
    ("Beta blockers and new coronary events in older persons.", "Of 500 persons with prior myocardial infarction, 250 "
     "were treated with beta blockers. The Cox regression model showed that independent predictors of new coronary "
     "events were age, hypertension and use of beta blockers.", "cohort"),
    # a randomised study of the paper's own, told by what was investigated in it, with no count of people
    ("Arterial stiffness and two diuretic combinations.", "In a randomized double blind study, the arterial changes "
     "produced either by drug A plus drug B (Group I), or by drug A plus drug C (Group II) were investigated in two "
     "territories of the arterial tree. Both groups had a similar decrease in blood pressure.", "rct"),
    # a blinded trial that is the paper's own ("The effects of A versus B were investigated in a double-blind trial")
    ("Drug A versus drug B: quality of life in schizophrenia.", "The primary aim of this paper was to compare the "
     "effects of drug A and drug B on subjective quality of life. The effects of drug A versus drug B were "
     "investigated in a multicenter, double-blind trial, whereas quality of life was assessed by a visual scale.",
     "rct"),
    # arms named "cohort A" and "cohort B", each given a regimen with its abbreviated schedule: the investigators'
    ("Two one-week regimens for H. pylori.", "We compared two regimens in a prospective study. Two cohorts, each of "
     "50 patients, were treated for 1 week with drug A 30 mg b.d. and either drug B 400 mg b.d. (cohort A, n = 50) "
     "or drug C 300 mg b.d. (cohort B, n = 50). In cohort A, 45 patients out of 50 were cured.", "non_randomised"),
    # the authors treated their patients and measured before and after the first dose
    ("Clonidine in heart failure.", "Neurohormonal activation is characteristic of heart failure. We treated 20 such "
     "patients with the centrally acting drug A 0.15 mg BID and obtained hemodynamic measurements before and 2 to 3 "
     "hours after the first dose. The initial dose produced decreases in arterial pressure.", "non_randomised"),
    # a predictive value for a later outcome is no test's accuracy
    ("Does eosinophilia predict neutropenia?", "We attempted to investigate whether eosinophilia during drug A "
     "treatment has predictive value for subsequent neutropenia. One hundred and seventy-seven patients were studied "
     "in a naturalistic design using drug B as the reference compound. Drug A was found to differ from drug B.",
     "cohort"),
    # left alone: a test's accuracy measured once stays cross-sectional
    ("Accuracy of tests for H. pylori.", "To compare the diagnostic accuracy of the tests for infection. A total of 59 "
     "patients were tested by breath test, serology and biopsy. The breath test had the best sensitivity and "
     "specificity.", "cross_sectional"),
    # left alone: a sample drawn at random and interviewed is no allocation
    ("Use of a pain device.", "Of 900 patients who bought the device, 300 were randomly selected and interviewed by "
     "telephone in a survey of their use. Most still used it.", "cross_sectional"),
    # left alone: the investigators' course of a drug, with predictors of response asked after, stays their trial
    ("Albumin excretion on drug A.", "After a 3-week placebo period, patients were treated for 16 weeks with drug A, "
     "2 to 4 mg/day. One hundred sixty patients entered the analysis. Independent risk factors for abnormal albumin "
     "excretion were night-time pressure and diabetes duration.", "non_randomised"),
    # left alone: a randomised trial telling its groups' baseline characteristics is still the trial
    ("Drug A against drug B in hypertension.", "We randomized 200 patients to drug A or drug B for 12 weeks. Baseline "
     "characteristics were similar in the two groups. Blood pressure fell more on drug A.", "rct"),
])
def test_design_eighteenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
    assert result.source == "text" and result.evidence
