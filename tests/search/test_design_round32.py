"""Thirty-second round of the design rules (holdout50's design and sample-size misses read, and two of holdout49's
left open in round 31): each case fails on the rules before it (the code at 7409137), unless marked as left alone;
the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the data of several trials told first, then pooled
    ("Drug A in hypertensive patients after myocardial infarction.",
     "To analyse effects of drug A after infarction. From three large, randomized, placebo-controlled, secondary "
     "prevention trials (the ABC, DEF and GHI trials) data from a total of 1,200 hypertensive patients (drug = 600, "
     "placebo = 600) were pooled to assess effect of blinded therapy on mortality. Drug A reduced event rates.",
     "meta_analysis"),
    # the authors' own earlier work reviewed, its trials told as reviewed
    ("Effects of antihypertensive drugs on arterial compliance.",
     "This article reviews our work on the effects of different classes of antihypertensive agents on arterial "
     "compliance. The long-term study was a randomized, double-blind comparison of drug A and drug B in 60 "
     "hypertensive patients. Drug A had a larger effect than drug B.", "narrative_review"),
    # the abstract opens with its patient, described, then what befell her
    ("Long-term complications of insecticide poisoning.",
     "A thin, healthy, white female, who was exposed to three doses of insecticide A, developed a severe case of "
     "long-term poisoning. She was treated with high doses of drug B. Her symptoms persisted for 20 months.",
     "case_series"),
    # a baseline questionnaire starts a follow-up, not a survey answered once
    ("Hormone use and ovarian cancer mortality in a large prospective study.",
     "To examine the association between hormone use and ovarian cancer mortality. The Cancer Study II, a "
     "prospective US cohort study with mortality follow-up from 1982 to 1996. A total of 200 000 postmenopausal women who completed a baseline "
     "questionnaire in 1982 and had no history of cancer. Women using hormones at baseline had higher death rates.",
     "cohort"),
    # a survival analysis of a named trial's data, for risk factors
    ("Risk factors for stroke in older persons with hypertension.",
     "We sought to determine risk factors for stroke in persons with isolated systolic hypertension. We performed "
     "proportional hazards analyses of data from the Elderly Hypertension Program, a double-blind, randomized, "
     "placebo-controlled trial of 4000 persons aged 60 years or more. Smoking and diabetes were associated with "
     "stroke.", "cohort"),
    # the trial's people, a factor studied as a predictor of outcomes
    ("Pulse pressure and cardiovascular events in older hypertensive persons.",
     "Little is known of pulse pressure as a predictor of cardiovascular outcomes in the elderly. We assessed the "
     "relation between pulse pressure and the incidence of stroke in 4,000 participants in the Elderly Hypertension "
     "Program, a 5-year randomized, placebo-controlled clinical trial of treatment. Pulse pressure was related to "
     "stroke in the treatment group.", "cohort"),
    # ... or whether a factor confers a risk, in the trial's men and women
    ("Low body mass and death in older persons with hypertension.",
     "To determine if low body mass in older patients with hypertension confers an increased risk of death. "
     "Participants were 3900 men and women enrolled in 17 centers in the Elderly Hypertension Program trial, a "
     "randomized, double-blind, placebo-controlled clinical trial of low-dose therapy, with follow-up for 5 years. "
     "A low body mass was associated with increased risk.", "cohort"),
    # the paper is an open extension of earlier randomised trials
    ("Twelve-month treatment of overactive bladder with drug A.",
     "To evaluate the long term efficacy and tolerability of drug A. Twelve-month open-label extension of 4 "
     "randomised, placebo-controlled, double-blind, multicentre trials of 4 weeks' duration. 700 patients who "
     "completed the double-blind portion of the studies. Drug A 2 mg twice daily for up to 12 months. Drug A reduced "
     "the number of micturitions.", "non_randomised"),
    # placebo named first among the arms given (a placebo-controlled comparison counts as randomised)
    ("A dose-ranging study of drug A in schizophrenia.",
     "The objective was to test effects of drug A on persistent symptoms. 100 patients with schizophrenia were "
     "studied. Placebo or 1, 2 or 4 g/day of drug A was given for 12 weeks in addition to the background "
     "medication. Patients given 2 g/day improved more.", "rct"),
    # a series told as a descriptive case study
    ("Drug A overdose: an Australian series.",
     "1. A descriptive case study of drug A overdoses in one region was performed to analyse the in-hospital "
     "morbidity of drug A overdoses. 2. The patients were admitted to major hospitals. 3. Of the 15 drug A "
     "overdoses, four patients died.", "case_series"),
    # a test the people were given is no treatment
    ("Comprehension of affective prosody in multiple sclerosis.",
     "Forty patients with MS and 20 demographic controls received the comprehension portion of the Prosody Battery. "
     "Patients also received tests of hearing. Patients with MS were impaired in identifying emotional states.",
     "cross_sectional"),
])
def test_design_thirty_second_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: an open extension phase of the paper's own double-blind trial
    ("Drug A vaginal ring for hot flushes.",
     "Women (n = 150) with hot flushes were randomized to drug A or placebo in a double-blind study. A 24-week, "
     "open-label extension of the vaginal ring treatment followed double-blind treatment. Drug A reduced hot "
     "flushes.", "rct"),
    # left alone: a paper that summarizes the authors' own patients is no review of their work
    ("Drug A in chronic headache: preliminary experience.",
     "This paper summarizes our experience with drug A in 30 patients with chronic headache treated at our clinic. "
     "Twenty patients improved.", "case_series"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # those who completed, the words set off by commas
    ("The absorption of drug A was investigated. Thirteen subjects completed this single-dose, three-phase sequential "
     "crossover study. The drug was given in three phases.", 13),
    # those who completed a titration, the only count
    ("Drug A was compared with drug B in high-risk patients. In 5000 patients who completed the 18-week titration, "
     "blood pressure fell from 170/99 to 139/82 mm Hg.", 5000),
    # a consecutive series from its start
    ("The first 100 consecutive patients at our center receiving drug A (6 mg) were evaluated over a total of 455 "
     "migraine attacks. Overall efficacy was 84%.", 100),
    # the centres and countries of a multicentre study are not people
    ("The aim of this double-blind, randomized, multicenter (n = 30), multinational (n = 10) study was to compare "
     "drug A with drug B. Two hundred patients with duodenal ulcer were randomized to drug A (n = 100) or drug B "
     "(n = 100).", 200),
    # a share's count of the people is a part of them
    ("In a previous study, we found that plasma levels above 350 ng/mL maximized response in a group of 29 patients. "
     "This study represents a follow-up of these original 29 patients. We found that during the initial 6-week trial "
     "of drug A, 38% (N = 11) of the patients were considered to be responders.", 29),
    # people who answered a survey, told as professionals
    ("Emergency medical services professionals were asked to complete an optional survey. The survey was completed "
     "by 20,000 EMS professionals. Most felt they should take part.", 20000),
    # people told by one sex and their ages in a bracket
    ("Sleepiness was measured in healthy, young volunteers (16 males, 20-28 yrs.) before and after drug A. "
     "Additionally, receptor occupancy was examined by PET in 8 volunteers.", 16),
    # the people counted told again, against controls counted beside them
    ("A crossover study was performed in 11 patients with diabetes. Before the protocol began, serum levels were "
     "higher in the 11 diabetic patients, when compared with 8 control subjects without diabetes.", 19),
    # people counted, then split into groups told by their own counts, then controls
    ("Drug users (n = 19) were divided into two groups, high dependence (n = 10) and low dependence (n = 10), based "
     "on their scores, and compared to an age-matched control group (n = 9).", 28),
    # a later group and its own arms, the last counts
    ("Patients with depression were studied. The first group (N = 52) was treated with cognitive therapy, whereas "
     "the second group (N = 23) received randomized but open-label treatment with either drug A (N = 10) or drug B "
     "(N = 13).", 75),
    # the aim told of one person
    ("To assess the drug-behavior interaction effects with an 8-year-old boy with attention deficit hyperactivity "
     "disorder, classroom stimuli were alternated within a school day while drug conditions were alternated across "
     "days.", 1),
    # a bound of an inclusion criterion is no count
    ("We searched for trials of drug A. All randomised trials with treatment lasting more than one month and with 50 "
     "or more patients were considered.", None),
    # those measured are a part of the people the sentence opens on
    ("Out of 800 patients with stable angina pectoris, lipid variables were obtained in 780 patients at baseline. "
     "Lipids did not predict events.", 800),
    # the abstract opens with its patient, described, then what befell her
    ("A thin, healthy, white female, who was exposed to three doses of insecticide A, developed a severe case of "
     "long-term poisoning. She was treated with high doses of drug B.", 1),
    # a unit's exponent before the count is no rate of one in so many
    ("We assessed the potencies of drug A alone and drug A combined with drug B 0.75 microg.ml-1 in 42 women "
     "requesting epidural analgesia in the first stage of labour. Parturients were randomly allocated to one of the "
     "two solutions.", 42),
    # nobody counted but the whole of a part told: the whole
    ("Drug A was given to outpatients with depression for 8 weeks. Fifteen of 25 (60%) patients responded. Time to "
     "response was bimodal.", 25),
    # ... or the people among whom something was measured
    ("Using a prospective cohort design, we evaluated the relationships between baseline haematocrit and mortality "
     "among 1,130 patients with left ventricular EF <30%. Low haematocrit predicted death.", 1130),
    # ... two groups told by their parts: both wholes
    ("Mania was observed in 5 of 10 drug A-treated patients, but only 1 of 9 drug B-treated patients. Drug B may be "
     "safer.", 19),
    # left alone: a part of others' patients told in a review
    ("In a review of prospective studies of treatment with drug A, only 3 of 123 patients had complete reversal. "
     "Drug A cannot be recommended.", None),
    # left alone: a part of a part
    ("Patients were treated with drug A or drug B. Two of the 3 nonresponders responded to the alternate "
     "treatment.", None),
    # left alone: a series taken again each year is no one count
    ("Each year from 1993 through 1999, the first 1,000 consecutive patients undergoing PCI were followed up. Of the "
     "4,553 patients, 2,056 were treated with beta-blockers.", 4553),
    # left alone: "the first N" without "consecutive" is a part
    ("A total of 60 patients were randomized to drug A or placebo. The first 21 patients randomized had a biopsy.",
     60),
    # left alone: a count after a rate, not of a part of the people
    ("A questionnaire was mailed to 200 members of the society. The response rate was 85% (n = 170).", 170),
])
def test_sample_size_thirty_second_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
