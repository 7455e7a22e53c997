"""Twenty-fifth round of the design rules (holdout41 and holdout42 read): each case fails on the rules before it
(the code at e586f23), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # "a total of" time at risk: person-years are time, not people
    ("We studied a claims database of 200,000 adults. There were a total of 950,000 person-years of observation and "
     "9,000 incident strokes. Drug A was not associated with stroke.", 200000),
    # an event counted among the people ("356 deaths among the patients assigned to ..."): not a count of people
    ("A total of 2000 patients were enrolled in the study. There were 150 deaths among the patients assigned to drug "
     "A and 140 deaths among those assigned to drug B.", 2000),
    # the pool a sample was recruited from, told as "N persons screened": not the sample
    ("A total of 500 men and women, aged 45 to 69 years, with mild hypertension, recruited from 8000 persons "
     "screened in their communities. Participants were randomized to 1 of 3 treatment groups.", 500),
    # a trial's planned population: "will consist of", or a count far before "will be enrolled"
    ("The trial is a double-blind, randomized comparison of drug A and drug B. The study population will consist of "
     "3,000 patients with heart failure. The primary end point is mortality.", None),
    ("To achieve this goal, a diverse population of 300 men and women with hypertension and increased left "
     "ventricular mass at screening echocardiography will be enrolled at clinical centers on 3 continents.", None),
    # left alone: the people a trial did enrol stay its sample
    ("The study population consisted of 3,000 patients with heart failure, randomized to drug A or drug B.", 3000),
    # the last arm told with its people and the same verb after "while": both arms
    ("In a randomized, placebo-controlled study, 30 patients were given 1.5-2.0 mg drug A/h i.v., while 28 patients "
     "were given placebo. Arrhythmias were fewer with drug A.", 58),
    # a make-up by sex in brackets right after the count
    ("We measured renal plasma flow in 25 (6 female) subjects, mean age 50 years, before and after drug A.", 25),
    # a count per group after "each group" ("(each group n = 30)"): not the sample, the people included are
    ("We included 75 patients undergoing elective surgery. The patients were randomly assigned to one of three groups "
     "(each group n = 25) using a double-blind protocol: group A received drug A, group B drug B and group C "
     "placebo.", 75),
    # atopic people counted as atopics
    ("Twelve atopics with allergic rhinitis were entered into a double-blind crossover study of drug A and "
     "placebo.", 12),
])
def test_sample_size_twenty_fifth_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a trial's design paper: its people told in the future tense
    ("Drug A against drug B after myocardial infarction: the ABC trial design.", "Patients after myocardial "
     "infarction have a high mortality. The ABC study is a multicenter, double-blind, randomized trial. The study "
     "population will consist of 4,000 patients. Patients will be randomized to treatment with either drug A or "
     "drug B. The primary end point is total mortality.", "other"),
    # a protocol for a randomised trial named in the title
    ("Acupuncture for back pain in primary care: a protocol for a pragmatic, randomized trial.", "This paper "
     "presents the plan for a trial of acupuncture. Three hundred patients will be recruited from general practices. "
     "The primary outcome is pain at one year.", "other"),
    # left alone: a clinical protocol, not a study's, in the title stays the paper's design
    ("Differences between young and elderly patients in a protocol for the diagnosis of hypertension.", "In a "
     "prospective cohort study, 400 patients with hypertension were followed for five years after diagnosis. "
     "Cardiovascular events were more frequent in the elderly (relative risk 2.1).", "cohort"),
    # chosen at random to receive one of two doses: randomised
    ("Caudal drug A in children: two doses compared.", "We compared two doses of caudal drug A in children undergoing "
     "surgery. Fifty children aged 1 to 12 years were randomly selected to receive drug A, either 25 micrograms/kg "
     "(Group A) or 50 micrograms/kg (Group B). Analgesia did not differ between the groups.", "rct"),
])
def test_design_twenty_fifth_round_phrasings(title: str, abstract: str, expected: str) -> None:
    assert _design(title, abstract).label == expected


def test_a_sample_drawn_at_random_for_a_survey_is_not_randomised() -> None:
    # left alone: "randomly selected to receive a mailed survey" draws a sample, it allocates no treatment
    assert _design("Pain management in one state.", "We surveyed pain clinics and primary care practices. From each "
                   "group, 145 patients were randomly selected to receive a mailed survey. Pain was undertreated in "
                   "both groups.").label != "rct"
