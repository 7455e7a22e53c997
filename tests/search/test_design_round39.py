"""Thirty-ninth round of the design rules (holdout57's design and sample-size misses read): each case fails on the
rules before it (the code at dd30cd9, whose search/design.py is 3345662's), unless marked as left alone; the
abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import assert_text_design, rules_design
from .design_rules import rules_size as _size


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # one literature search, told by how thorough it was: the paper's own search
    ("Drug A and body weight: what is the evidence?",
     "The effects of drug A and of older drugs on body weight are compared. A comprehensive literature search "
     "identified 64 English-language articles that reported body weight. Weight gain was greatest with drug B.",
     "meta_analysis"),
    # ... or by the database it ran on
    ("Drug A in children with asthma.",
     "Data were obtained by conducting a literature search of asthma medications using the MEDLINE database, "
     "bibliographies of selected citations, and recent meeting abstracts. Drug A reduced attacks in two studies.",
     "meta_analysis"),
    ("Drug A for attention deficit disorder.",
     "To review the evidence for drug A. Literature review using a National Library of Medicine database search for "
     "1980 through March 1998 on the terms attention deficit and drug A. Drug A was effective in most reports.",
     "meta_analysis"),
    # a systematic review whose kind is named in a bracket
    ("Drug A in alcohol withdrawal.",
     "This paper presents the main findings of a systematic (Cochrane) review of the effectiveness of drug A in "
     "managing alcohol withdrawal. Eight studies compared drug A with drug B. Withdrawal was similar with both.",
     "meta_analysis"),
])
def test_design_thirty_ninth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: a literature search told as done, with neither its thoroughness nor a database, stays a review
    ("Drug A in acute mania.",
     "Drug A has been used for decades in the treatment of acute mania. A literature search was conducted, and the "
     "national regulatory authority was consulted. Drug A remains an option for some patients.", "meta_analysis"),
    # left alone: a search some inputs came from is not the paper's design
    ("Costs of preventing falls in nursing homes.",
     "We surveyed 122 nursing homes about falls. The effect of interventions was based on randomised controlled "
     "trials (from literature search with Medline, pharmaceutical databases, and standard textbooks).",
     "meta_analysis"),
])
def test_left_alone_designs(title: str, abstract: str, expected: str) -> None:
    assert rules_design(title, abstract).label != expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # two groups counted, the first told by two words before "and": both
    ("The safety of drug A combined with drug B was investigated. Ten hospitalized depressed and 10 bipolar patients "
     "receiving drug B maintenance therapy were studied in a randomized controlled trial.", 20),
    # "v." for versus between two arms' "(n = )"
    ("The development of falls was evaluated in patients treated with double-blind, randomly assigned drug A or drug "
     "B for up to 2 years. The relative risk of falls for the whole follow-up for drug A (n = 310) v. drug B (n = 640) "
     "was 1.8 (95% CI = 1.1-2.9).", 950),
    # one group's size told as a product: no count of the sample (as "10 in each")
    ("Patients were randomized to two double-blinded groups. The study was stopped after inclusion of 2 x 15 patients "
     "because of slow onset of analgesia with drug A.", None),
    # a number estimated for a model's population: no count
    ("A decision analysis model was constructed. For a 50,000-member health plan, an estimated 8,400 persons would "
     "have migraine, and an estimated 1200 of these patients would use drug A or drug B.", None),
    # those eligible told first, then those of them enrolled, described at length before their verb
    ("Of the 3120 eligible participants of the parent study, 2890 (92.6%) women free of dementia, aged 65 years or "
     "older, and recruited from 30 of 32 clinical centers were enrolled in the substudy. Participants received drug "
     "A (n = 1440), or a matching placebo (n = 1450).", 2890),
    # a bare count randomised, then its arms adding up to it, after an exclusion told in the same sentence
    ("A total of 90 consecutive patients with cirrhosis were considered, 30 were excluded due to contraindications "
     "and 60 were randomly assigned to receive drug A (n=29) or drug B (n=31).", 60),
    # left alone: a dose told as a product does not touch the count of people
    ("Nine patients with angina received 3 x 10 mg of drug A daily for four weeks.", 9),
    # left alone: arms that add up to a bare randomised count already found keep it
    ("Forty patients were randomly assigned to receive drug A (n=20) or drug B (n=20).", 40),
])
def test_sample_size_thirty_ninth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected
