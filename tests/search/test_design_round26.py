"""Twenty-sixth round of the design rules (holdout43 and holdout44 read): each case fails on the rules before it
(the code at 93c0930), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # "randomly separated into ... groups": randomised
    ("Drug A infusion in the critically ill.", "Thirty consecutive critically ill patients were randomly separated "
     "into three groups (10 patients in each group) receiving drug A at one of two doses or saline as placebo. "
     "Cardiac index fell in the control group only.", "rct"),
    # "randomly selected to treatment with" one of two drugs: randomised
    ("Blood viscosity after drug A or drug B: a cross-over study.", "Eighteen patients with untreated hypertension "
     "were included in this prospective, open, cross-over study. The patients were randomly selected to treatment "
     "with drug A or drug B. The treatment was switched after 4 months.", "rct"),
    # a pooled analysis told by the number of trials it read
    ("Gastrointestinal tolerability of drug A.", "To determine the tolerability of drug A. An analysis of 4, 6-week, "
     "randomized, double blind, parallel group, placebo controlled clinical trials was conducted. In these trials, "
     "patients were randomized to drug A (n = 900) or placebo (n = 880).", "meta_analysis"),
    ("Drug A increases sustained pain-free outcomes: results from three controlled clinical trials.", "Three "
     "randomized, double-blind, placebo-controlled trials of drug A for acute migraine were examined. A total of 1500 "
     "adults were studied. Drug A was better than placebo.", "meta_analysis"),
    # two blinded studies told as performed in volunteers, no count given
    ("Skin responses to drug A and drug B: two controlled, randomised, double-blind, crossover studies.", "Two "
     "double-blind clinical pharmacology studies were performed in healthy volunteers to compare drug A with drug B "
     "after oral administration. Wheal and flare areas decreased with both drugs compared with placebo.", "rct"),
    # a structured abstract's design line, no count given
    ("Drug A versus drug B anaesthesia for cardiac surgery.", "To compare drug A with drug B. Randomized, "
     "nonblinded trial. A single university hospital. Male patients scheduled for cardiac surgery. Patients in the "
     "drug A group were extubated earlier.", "rct"),
    # a subgroup of a randomised trial's people analysed, no count given
    ("Drug A in black patients with heart failure (from the Drug A Randomized Intervention Trial).", "A subgroup "
     "analysis was performed in black patients who participated in the Drug A Randomized Intervention Trial in "
     "Heart Failure. Results suggest a beneficial effect of drug A.", "rct"),
    # people followed for years, a factor's predictive value told: followed, not measured once
    ("Is drug treatment a risk factor for coronary disease?", "In an observational study, 500 middle-aged "
     "hypertensive men were followed up for 12 years. Diabetes at entry was a significant predictor of coronary "
     "disease. Raised cholesterol at entry was of positive predictive value.", "cohort"),
    # counted people studied for a stretch of time each
    ("Large-scale study of the tolerability of drug A injection.", "To investigate prospectively serious adverse "
     "events associated with drug A injection, we studied 9,000 migraineurs for up to 12 months each. All adverse "
     "events were recorded. None of the deaths was due to drug A, compared with what was expected.", "cohort"),
    # left alone: "Two randomized trials were conducted ...": the paper's own two trials, not a pooled analysis
    ("Drug A for hot flashes.", "Two randomized clinical trials were conducted in which 200 postmenopausal women "
     "were placed randomly into groups to receive placebo or drug A. Hot flashes fell with drug A.", "rct"),
    # left alone: randomised trials called for in a sentence of their own stay called for
    ("Drug A in asthma: an overview.", "Drug A has been used in asthma for decades. Its place is uncertain. "
     "Randomized trials are needed. This overview discusses its pharmacology.", "narrative_review"),
])
def test_design_twenty_sixth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert _design(title, abstract).label == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # a structured abstract's participants, a sentence of their own, above a later result in some of them
    ("To study drug A in diabetic patients with microalbuminuria. Randomized, double-blind, placebo-controlled "
     "clinical trial. Eighty patients with diabetes mellitus and persistent microalbuminuria but no hypertension. "
     "The patients were randomly allocated to drug A or placebo. Ten patients receiving placebo and three receiving "
     "drug A progressed to clinical proteinuria.", 80),
    ("To describe drug-associated purpura. Case series. Hospitals in one state. 200 consecutive patients with "
     "purpura, 1990-2000. Purpura was associated with drug A in 15 patients.", 200),
    # left alone: the people it counts are the whole sample, and controls told later are among them (not added)
    ("To determine the effects of drug A during surgery. Prospective open trial. 300 consecutive patients scheduled "
     "for major surgery. 250 consecutive patients received drug A. Fifty additional patients served as controls.", 300),
    # "n" and a bare number inside brackets
    ("Prospective double-blind randomized study. Drug A (group A, n 25) or saline (group P, n 25) was given through "
     "the epidural catheter. Analgesia lasted longer with drug A.", 50),
    # the people who completed the study, the only count, with words between them and "completed"
    ("Forty-two duodenal ulcer patients in asymptomatic remission completed this randomized open two-way crossover "
     "study. Tablets and capsules were given for seven days each.", 42),
    # the part randomised told first, out of the people selected
    ("Two hundred ten of 250 selected outpatients with a diagnosis of anxiety disorder were randomized before "
     "entering the double-blind period. Drug A was better than placebo.", 210),
    # left alone: a participants sentence with a verb tells a result, not the sample
    ("A total of 28 patients with chronic urticaria were challenged with drug A. Twenty-three patients tolerated drug "
     "A, whereas in 5 patients drug A induced urticaria.", 28),
    # left alone: a bracketed "n" beside a word is no count ("(n 3) ..." only with a number right after it)
    ("Sixty patients with hypertension were randomized to drug A or drug B (see table, n of visits varied). Blood "
     "pressure fell in both groups.", 60),
])
def test_sample_size_twenty_sixth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
