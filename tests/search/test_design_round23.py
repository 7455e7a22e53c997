"""Twenty-third round of the design rules (holdout39 read): each case fails on the rules before it (the code at
6e501ac), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # the people an open study took from earlier trials, "who had completed" them: who was studied, not a part
    ("In a 9-month open-label study, the safety of drug A was evaluated in 800 patients with overactive bladder who "
     "had completed one of four 12-week randomized trials of drug A. In all, 70% of patients remained on treatment.",
     800),
    # left alone: those who completed the study are a part of those enrolled
    ("We enrolled 40 patients with migraine in an open trial of drug A. Thirty-two patients completed the study and "
     "reported fewer attacks.", 40),
    # a part told by its adverse events is never the sample
    ("In this double-blind study, patients were randomly assigned to drug A for 7 days or drug A for 14 days. "
     "Eradication rates were 83% and 87%. In total, 60 patients reported adverse events.", None),
    ("Responders received drug A by pump and were followed for up to 40 months. Forty patients reported adverse "
     "events.", None),
    # groups that overlap ("and/or") are parts of the first count, not arms to sum
    ("Irritable infants (n=30) met the entry criteria of acid exposure >5% (n=20) and/or abnormal histology (n=14). "
     "They completed a randomized, double-blind, placebo-controlled crossover trial of drug A.", 30),
    # left alone: "and/or" in the entry criteria before the arms does not stop their sum
    ("Patients with hypertension [systolic pressure > 160 mmHg and/or diastolic pressure > 95 mmHg] were randomized to "
     "drug A (n = 7), drug B (n = 7) or drug C (n = 7).", 21),
    # the few cases of a report, with what they were cases of between
    ("Two cases of multiple sclerosis associated with intractable hiccups and sleep apnea are reported. Lesions were "
     "detected in the medulla by magnetic resonance imaging.", 2),
    # the groups told after "randomised in 2 groups:" are parts of those counted before the colon
    ("A double blind randomised study was performed. Fifty patients hospitalised for infarction, with a serum "
     "creatinine <2.0 mg/dl, were randomised in 2 groups: Group A included 25 patients who received drug A and drug "
     "B. Group B (25 patients) received drug A and placebo.", 50),
    # those of an earlier study studied again, out of "the original" number
    ("In short-term studies we reported that drug A induced insulin resistance. In the present study, 60 of the "
     "original 140 patients with hypertension included in the short-term studies were reexamined after treatment "
     "for 2 to 3 years.", 60),
])
def test_sample_size_twenty_third_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a title that ends on a report of a few cases
    ("Hiccups and sleep apnea in multiple sclerosis: report of two cases.", "Two cases of multiple sclerosis associated "
     "with intractable hiccups and sleep apnea are reported. Lesions were detected in the medulla. The hiccups were "
     "thought to be important symptoms of such a lesion.", "case_series"),
    # the article describes a few patients "who" had something
    ("Visceral angioedema: an underdiagnosed complication of drug A?", "Drug A is known to cause angioedema. Drug A may "
     "also cause isolated visceral angioedema, a rarely reported complication. This article describes 2 patients who "
     "experienced this complication. Both patients came to medical attention with abdominal symptoms.", "case_series"),
    # two randomised studies of the paper's own, "conducted to compare"
    ("Controlled clinical studies of drug A in urogenital inflammation.", "Two double-blind, randomised studies were "
     "conducted to compare the efficacy and tolerability of drug A with those of placebo or drug B. In both studies, "
     "a clinically significant improvement was achieved in most patients treated with drug A.", "rct"),
    # left alone: randomised trials a review says were conducted before stay the review's
    ("Drug A in urogenital inflammation: a review.", "This review discusses drug A. Several randomised studies were "
     "conducted to compare drug A with placebo in the 1980s.", "narrative_review"),
    # randomised trials called for before the design word: not this paper's allocation
    ("Effect of drug A on weight gain during drug B treatment.", "Patients treated with drug B may gain weight. Drug A "
     "(100-300 mg/day) was started in 12 patients having a mean weight gain of 7.3 kg during drug B treatment. The "
     "patients' weight stabilised. These observations merit confirmation in randomised, controlled trials.",
     "case_series"),
    # allocated, but told as not at random ("arbitrarily assigned")
    ("Efficacy of drug A, drug B and drug C in children with incontinence.", "We compare the tolerability and "
     "efficacy of drug A, drug B and drug C in children with incontinence. Children were arbitrarily assigned to drug "
     "A, drug B or drug C. The study included 80 girls and 40 boys. Drug A was more effective than drug C (p <0.01).",
     "non_randomised"),
    # an earlier trial's randomisation ("that had been randomized"), its people crossed over to another drug now
    ("Effect of crossing over hypertensive patients from drug A to drug B.", "We crossed over hypertensive patients "
     "that had been randomized to treatment with drug A to treatment with drug B, and studied artery structure before "
     "and after treatment. Eleven patients that had previously been randomized to drug A were crossed over to drug B "
     "for 1 year. Artery structure improved (P < 0.01).", "non_randomised"),
    # tests done in random order on everyone, their specificity told: a diagnostic study
    ("Stress echocardiography in the diagnosis of coronary artery disease.", "To compare three stress tests in the "
     "diagnosis of coronary artery disease. Performance of these three tests in random order on a consecutive cohort "
     "of patients. One hundred patients with chest pain. Test A showed an overall specificity of 97%, higher than "
     "test C (79%; p < 0.05).", "cross_sectional"),
    # those who took a drug against those who did not, followed for events: a cohort
    ("Prevention of cardiac events by drug A after myocardial infarction.", "We retrospectively analyzed the effect of "
     "drug A on cardiac events. A total of 1100 patients who had had a myocardial infarction were followed for a mean "
     "of 18 months. There were 21 events in 600 patients who received drug A and 39 events in 500 patients who did not "
     "receive drug A (p < 0.01).", "cohort"),
    # left alone: treatments given in random order stay a randomised crossover
    ("Drug A in angina.", "Patients received drug A and placebo in random order. Twenty patients with angina were "
     "studied. Exercise time was longer with drug A (p < 0.05).", "rct"),
    # a drug's "survival benefit" told as background is no outcome followed
    ("Effect of drug A on heart rate variability in heart failure.", "Patients with profound neurohumoral "
     "abnormalities derive little survival benefit from drug A. Heart rate variability indices were obtained from "
     "24-h Holter recordings and compared to assess the role of drug A in 199 patients with heart failure. All indices "
     "were higher in patients who were on drug A (P=0.006).", "cross_sectional"),
    # left alone: the randomised trial's own "survival benefit" keeps it randomised
    ("Drug A in heart failure.", "In this double-blind trial, 400 patients were randomized to drug A or placebo and "
     "followed for 2 years. Survival benefit was greater with drug A (p = 0.01).", "rct"),
    # the Medline literature reviewed: a search of a named database
    ("Effects of caffeine in childhood: a review of the published literature.", "The Medline literature on the "
     "behavioral effects of caffeine in infants and children are reviewed. There has been little recent work in this "
     "area.", "meta_analysis"),
])
def test_design_twenty_third_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
