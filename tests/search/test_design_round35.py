"""Thirty-fifth round of the design rules (holdout53's design and sample-size misses read): each case fails on the
rules before it (the code at e86a742), unless marked as left alone; the abstracts are written for the test, after the
wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the treatments told as "given at random" to the people counted: allocated at random
    ("Triple therapy in patients pretreated with drug A or drug B. A 12-month follow-up.",
     "The aim of this study was to investigate the effectiveness of triple therapy in patients with healed duodenal "
     "ulcer. Two hundred forty-five consecutive patients healed either with drug A (126 patients) or with drug B "
     "(119 patients) given at random, began triple therapy for 15 days. Eradicated patients were followed up for 12 "
     "months. Ulcer recurrence was low and comparable in both groups.", "rct"),
    # a title "Spotlight on ...": a drug profile, a review of the trials it tells
    ("Spotlight on drug A.",
     "Drug A is a novel antipsychotic agent. The drug has been administered orally to >300 patients with an acute "
     "exacerbation of schizophrenia in published 4- to 6-week randomised, double-blind trials. Drug A was more "
     "effective than placebo with respect to prevention of impending relapse in 294 stable patients with chronic "
     "schizophrenia who were treated for up to 1 year. In general, drug A is well tolerated.", "narrative_review"),
    # an analysis told as summarising the pooled data of several trials
    ("Drug A in the treatment of overactive bladder: analysis of the pooled phase II efficacy and safety data.",
     "To summarize the efficacy and safety of drug A from the pooled data of four multicenter, randomized, "
     "double-blind, placebo-controlled, dose-ranging, parallel-group Phase II studies in patients with overactive "
     "bladder. 319 patients were randomized to receive placebo or drug A. Drug A improved micturition variables.",
     "meta_analysis"),
])
def test_design_thirty_fifth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: a review that says it reviews the randomised trials stays a review without the new title
    ("Drug A in migraine.",
     "This review summarizes the published randomised, double-blind trials of drug A in migraine. Drug A was more "
     "effective than placebo.", "narrative_review"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # "among" after an evaluation "undertaken" introduces the people studied, above a part counted later
    ("A cross-sectional evaluation of blood pressure control in a hypertension clinic was undertaken among 150 "
     "Nigerian patients aged 61 +/- 12 years (55% females). Drug D alone remained the most commonly prescribed. "
     "However, hypertensive-diabetic patients (n = 33) exhibited no significant change in pulse pressure.", 150),
    # seniors are people
    ("Retrospective drug utilization review of prescription claims. A total of 29,936 seniors in Ontario received "
     "drug A from April 1, 1992 to March 31, 1993. Prescribing varied widely among the 48 counties.", 29936),
    # those in whom the drug was withdrawn are a part of the people counted before
    ("The effects of drug A once-daily (5 to 10 mg) were therefore assessed in 28 paediatric patients with "
     "hypertension. Drug A was withdrawn in five patients who experienced oedema and flushing. In the remaining 23 "
     "patients blood pressure was significantly reduced.", 28),
    # a number the authors "intended to recruit" was only planned ...
    ("Based on a power analysis, the authors intended to recruit 90 patients for the study, randomized to three "
     "groups. Drug A prolonged analgesia.", None),
    # ... and the people enrolled before "the study was discontinued" are all of them
    ("Drug A was compared with drug B in labour. However, after enrolling 34 patients, the study was discontinued "
     "because of a significant increase in nausea.", 34),
    # the whole of those "who completed the study", a part of it told first
    ("The hypothesis was tested by a randomized, cross-over trial using a standard challenge with morphine, with and "
     "without pretreatment with drug A. In 13 of the 15 patients who completed the study, pre-treatment with drug A "
     "decreased plasma noradrenaline.", 15),
    # a subgroup told by what it has, its people in brackets: a part of those counted before
    ("This study investigated the effects of drug A versus placebo in 151 consecutive patients with acute myocardial "
     "infarction. Drug A reduced cardiac events. In a subgroup with left ventricular ejection fraction < 45% (n = 49 "
     "patients; 24 on drug A and 25 on placebo), drug A showed attenuation of remodeling.", 151),
    # the women of a share in the brackets after the people: a part
    ("We conducted a parallel-group clinical trial with 2935 subjects (53% women, n=1547) aged 21 to 75 years, with "
     "Joint National Committee on Prevention, Detection, Evaluation, and Treatment of High Blood Pressure VI stages 1 "
     "to 2 hypertension, recruited from 365 physician practices in the southeastern United States. Participants were "
     "randomized either to a fast (every 2 weeks; n=1727) or slow (every 6 weeks; n=1208) drug titration.", 2935),
    # "MS" (multiple sclerosis) before the people is no unit of time (milliseconds stay "ms")
    ("We enrolled 11 MS patients with fatigue in an open trial. Drug A reduced fatigue.", 11),
    # one group's size told of two conditions, "28 patients each of migraine and tension headache": no one number
    ("Drug A was evaluated in the prophylaxis of 28 patients each of migraine and tension headache using a double "
     "blind cross over design. A satisfactory response was obtained in 71.4% of migraineurs.", None),
    # blood samples counted in brackets are no people
    ("In this study, drug A was measured by liquid chromatography in blood samples (n = 107) received from renal "
     "transplant recipients. The assay was sensitive and precise.", None),
    # a part of one group, "From group B only 8 patients ...", below both groups counted before
    ("A treatment with drug A alone (group A) or with drug B (group B) for 4 weeks was evaluated in 20 and 13 "
     "patients, respectively. Healing rates were comparable. From group B only 8 patients participated in a second "
     "4-week course of drug B.", 33),
    # each arm told by its dose in a sentence of its own, its people only as "(n = 15)": the arms together
    ("One hundred milligrams of drug A twice daily (n = 15) is effective in lowering the BP during the daytime. Twenty "
     "milligrams of drug B twice daily (n = 14) produced a consistent reduction in the BP. Drug C (12.5 mg) twice "
     "daily (n = 15) produced a mild reduction in BP.", 44),
    # left alone: a study "undertaken in" its people, as before
    ("A prospective study was undertaken in 40 patients with stable angina. Drug A reduced the number of attacks.",
     40),
    # left alone: milliseconds are no people
    ("Atrial refractory period was measured with a drive cycle of 500 ms before pacing in 10 patients.", 10),
])
def test_sample_size_thirty_fifth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
