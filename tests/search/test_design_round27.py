"""Twenty-seventh round of the design rules (holdout45 read): each case fails on the rules before it (the code at
78766e6), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from search.design import classify_design

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a paper that describes a trial's design, adjectives between "design of a" and "randomized"
    ("The ABC Study: the design of a large, simple randomized trial of drug A in patients at high risk.", "To "
     "describe the design of the ABC study. Over 5000 patients at high risk were recruited over 12 months. A 2x2 "
     "factorial design with follow-up for up to four years.", "other"),
    # a trial's design and baseline paper, told by its title
    ("Study design and baseline characteristics of the trial of drug A and vitamin E.", "The trial is designed to "
     "assess the effects of drug A on atherosclerosis progression in 700 patients. Patients were enrolled and will "
     "be followed for 4 years. The baseline characteristics are described.", "other"),
    # an economic analysis that takes its figures from a meta-analysis
    ("Cost-minimization and the number needed to treat in hypertension.", "We performed a cost-minimization "
     "analysis based on numbers-needed-to-treat derived from the metaanalysis of 12 major clinical trials, and the "
     "wholesale prices of the drugs. Diuretics were the least expensive.", "other"),
    # people interviewed once
    ("Analgesic misuse among chronic pain patients.", "Interviews were conducted with 200 chronic pain patients, "
     "using a structured diagnostic instrument. Twenty percent met criteria for analgesic misuse.",
     "cross_sectional"),
    # no design word and no count, but doses given: the investigators' treatment
    ("Drug A, drug B and drug C in hypertensive emergencies during dialysis.", "Sublingual drug A (25 mg), drug B "
     "(10 mg) and drug C (2 mg) were prescribed to determine the effectiveness and safety of each medication. Blood "
     "pressure was measured up to 120 min postdose. The response rates were 80%, 90% and 10%.", "non_randomised"),
    ("Drug A decreases drug B plasma peak concentration after epidural injection.", "We studied the "
     "pharmacokinetics of drug B after epidural injection of drug B with or without drug A. Clearance was similar "
     "in the groups, but the peak concentration was higher with plain drug B.", "non_randomised"),
    # the drug and placebo given in turn
    ("Effect of drug A on insect bites.", "We studied the effect of drug A in 30 bite-sensitive adults. Drug A 10 mg "
     "and placebo were given for 4 days in a cross-over fashion. The size of the bite lesions decreased with drug "
     "A.", "rct"),
    # tissue kept in culture outside a person
    ("Adrenal tissue explants for pain control: adhesion molecules ex vivo.", "The aim was to determine whether "
     "adhesion and function of the explants were related. Adherent organoids during culture secreted more "
     "enkephalin. Adhesion molecules were expressed by the cells during culture.", "animal_in_vitro"),
    # a rate pooled over the reports read, the reports found in the literature up to a date
    ("Dual therapy regimens for eradication of H. pylori: a review.", "Reports of dual therapies are reviewed. "
     "Reports were identified from literature up to May 1997. Sixty reports of trials were reviewed. Eradication "
     "rates ranged from 30% to 90%, with a pooled observed rate of 70%.", "meta_analysis"),
    # one patient told of as "the patient", no case word and no count
    ("Successful treatment of a pain syndrome with spinal cord stimulation.", "A severe facial pain syndrome "
     "after injury was successfully treated with spinal cord stimulation. The patient had been in pain for 5 years. "
     "The patient has now been painless for a year.", "case_series"),
    # left alone: no design word, no count and no dose: still no design cue
    ("Drug A and the skin.", "We studied skin reactions. The findings are presented and compared.", "other"),
    # left alone: a method named by the title, its dose notwithstanding
    ("A microinjection technique for evaluation of skin permeability.", "We studied the leakage of dye into the "
     "skin after drug A (20 mg) was injected. The findings are compared.", "other"),
    # left alone: a meta-analysis of the paper's own, beside an economic word, is a meta-analysis
    ("Drug A for hypertension: a meta-analysis.", "We performed a meta-analysis of 12 randomized trials of drug A. "
     "Cost-effectiveness analysis was not done. Drug A lowered blood pressure.", "meta_analysis"),
])
def test_design_twenty_seventh_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert _design(title, abstract).label == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # "Case-Control Studies" by MeSH, but the children followed for years: a cohort
    ("Does drug A treatment contribute to drug use? A 10-year prospective study.", "A total of 150 hyperactive "
     "children were followed approximately 10 years into adulthood. Treatment with drug A did not increase drug use "
     "by adulthood.", "cohort"),
    # ... and groups measured before a treatment and again a year after it
    ("The gingival infiltrate in cardiac patients treated with drug A.", "A healthy group (n=12), a cardiac group "
     "(n=12) and a drug A group (n=18) were analysed. Biopsies were taken before periodontal treatment and after 1 "
     "year. Lymphocytes fell after treatment.", "cohort"),
    # left alone: patients and controls measured once stay cross-sectional
    ("Cortisol metabolism in diabetes.", "Urinary metabolites were measured in 20 diabetic patients and 10 healthy "
     "control subjects. Ratios were lower in the patients.", "cross_sectional"),
])
def test_case_control_heading_twenty_seventh_round(title: str, abstract: str, expected: str) -> None:
    result = classify_design(title=title, abstract=abstract, publication_types=[], mesh=["Case-Control Studies"],
                             learned=False)
    assert result.label == expected, result


@pytest.mark.parametrize(("abstract", "expected"), [
    # two arms the people were randomised to, far from the verb, the first count of the abstract
    ("To determine the efficacy of drug A. Double-blind, randomized, placebo-controlled study. Following a "
     "single-blind, placebo run-in period of 4 weeks, patients were randomized to receive one tablet of drug A 2 "
     "mg/drug B 0.625 mg (A/B) (n=150) or placebo (n=140), daily for 12 weeks. Later, patients on placebo were "
     "switched to A/B (n=50). Blood pressure fell with A/B (n=200: 150 randomized and 50 switched).", 290),
    # one patient told of as "the patient", no count
    ("A severe facial pain syndrome after injury was successfully treated with spinal cord stimulation. The "
     "patient had been in pain for 5 years. The patient has now been painless for a year.", 1),
    # left alone: a count told before, then two arms: the arms may be those analysed
    ("We studied 251 patients undergoing surgery. Patients were randomized to receive a loading dose of drug A 1.0 "
     "microgram kg-1 followed by an infusion in combination with drug C (Group I, n = 115) or drug B (Group P, "
     "n = 118).", 251),
    # left alone: "the patient" in an abstract that speaks of patients in the plural
    ("Patients with pain are often undertreated. The patient has a right to relief, and clinicians should ask about "
     "pain.", None),
])
def test_sample_size_twenty_seventh_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
