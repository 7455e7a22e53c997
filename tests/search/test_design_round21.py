"""Twenty-first round of the design rules (holdout36 and holdout37 read): each case fails on the rules before it
(the code at 5d47786), unless marked as left alone; the abstracts are written for the test, after the wordings read."""
from __future__ import annotations

import pytest

from .design_rules import rules_design as _design, rules_size as _size


@pytest.mark.parametrize(("abstract", "expected"), [
    # a severity span told by adverbs between the count and its people
    ("Twelve moderately to severely demented elderly patients with agitation were randomly assigned to receive drug "
     "A or placebo in a 6-week clinical trial.", 12),
    # the other arm told as "a further N" who received the other treatment
    ("Forty patients took part. In a double-blind and random study 30 patients were treated with drug A (20 mg twice "
     "a day) whereas a further 10 received placebo twice a day.", 40),
    # ... or as "another N"
    ("In a randomized, double-blind, placebo-controlled study, 20 patients received drug A (5 mg daily) (drug A "
     "group) and another 20 received placebo therapy (placebo group) for 6 weeks.", 40),
    # three arms told with "to take": all three, not the first two
    ("Randomised controlled trial. 30 patients were randomised to take drug A 500 mg six hourly, 25 patients to take "
     "drug B 500 mg eight hourly, and 28 patients to take drug C 1 g six hourly.", 83),
    # "then randomised": the arms after a treatment all received
    ("Prospective, randomised, unblinded trial. All patients received intravenous drug A 10 mg; 30 were then "
     "randomised to receive drug B 6 mg and 25 to receive drug C.", 55),
    # those who underwent randomisation, before the arms left in the analysis
    ("We randomly assigned outpatients to drug A or drug B for one year. Of the 420 patients who underwent "
     "randomization, data from 3 were excluded. Of the 200 patients assigned to drug A and the 210 assigned to drug B "
     "who remained in the analysis, 40 percent discontinued treatment.", 420),
    # those who met the entry criteria of a larger group treated first
    ("Sixty of the original 110 patients treated with drug A met the criteria for entry into the 4-week, "
     "double-blind phase of the study, in which drug B or placebo was added.", 60),
    # a part told by how little of the treatment it took
    ("A prospective double-blind placebo-controlled study. A total of 150 patients were recruited, and three patients "
     "took less than 50% of the drugs.", 150),
    # the intention-to-treat population's n, after an evaluable one told first
    ("In this prospective, randomized, open-label study, patients received drug A or drug B for one year. In the "
     "evaluable population (n = 60), there were no significant differences between groups. In the intent-to-treat "
     "population (n = 80), the incidence of adverse events did not differ.", 80),
    # what the treatment did in the one person named
    ("Drug A oral rinse provided effective palliation of intractable mucositis pain in a 40-year-old woman with "
     "carcinoma of the tongue. Pain at rest decreased with drug A.", 1),
    # the second arm's people "on" its treatment, after randomisation
    ("To evaluate enalapril compared to placebo we followed patients with heart failure over 1 year. After "
     "randomization, 30 patients were started on enalapril and 30 patients on placebo.", 60),
    # left alone: people "on" the drug who had an event are not a second arm
    ("Twenty patients were started on drug A, and 5 patients on drug A developed a rash.", 20),
    # left alone: "the remaining N" still joins the arm it follows, as in round 20
    ("We conducted a double-blind pilot study in women with dementia. Eight women received drug A via a skin patch "
     "and the remaining eight wore a placebo patch.", 16),
    # left alone: "another N" who did not receive a treatment is no second arm
    ("Thirty patients with hypertension were enrolled and received drug A for eight weeks, and another 5 developed a "
     "rash during the run-in.", 30),
])
def test_sample_size_twenty_first_round_phrasings(abstract: str, expected: int | None) -> None:
    assert _size(abstract) == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the treatment received at random, the adverb after the verb
    ("Drug A plus drug B compared with drug A plus drug C in portal hypertension.", "The aim of this study was to "
     "compare the portal pressure reduction of the two combinations. Forty cirrhotics received randomly drug A plus "
     "drug B (n = 20) or drug A plus drug C (n = 20) orally for 3 months.", "rct"),
    ("Drug A and drug B in refractory partial epilepsy.", "40 patients (20 males and 20 females) with refractory "
     "partial seizures were enrolled in this study. Patients were randomly put on drug A (10 males and 10 females) or "
     "drug B (10 males and 10 females) as add on therapy.", "rct"),
    # a title that ends "report of a case"
    ("Late-onset angioedema caused by drug A: report of a case.", "Angioedema is a rare but potentially lethal "
     "adverse effect. Sporadic cases secondary to drug A have been reported in the literature. The mechanism and the "
     "management of this adverse effect are discussed.", "case_series"),
    # the aim to report cases, counted in digits, before a literature review
    ("Drug A in the management of sweating after spinal cord injury.", "To report 2 cases in which oral drug A "
     "reduced the discomfort associated with sweating, and to review the literature. A MEDLINE search of the "
     "literature was performed. Case 1: A 30-year-old man experienced profuse sweating.", "case_series"),
    # the paper's own case told from its opening ("We report on a 29-year-old ...", "The ... of a child with ... is
    # presented")
    ("Phantom pain after plexus lesion.", "We report on a 29-year-old motorcyclist, who had suffered a traumatic "
     "plexus lesion. The pain decreased after five cycles of drug A.", "case_series"),
    ("Spinal cord injury after breech delivery.", "The radiological approach of a child with severe cervical spinal "
     "cord injury after a difficult breech delivery is presented. This diagnosis is often missed.", "case_series"),
    # an open treatment period after a single-blind placebo run-in: the investigators' treatment, not at random
    ("Metabolic effects of drug A in hypertensive patients.", "Forty patients with essential hypertension were "
     "recruited to study the metabolic effects of drug A. The study started with a single-blind, 4-week "
     "placebo-treatment period followed by an open 6-month active treatment period. Metabolic investigations were "
     "compared with baseline.", "non_randomised"),
    # cases published by others, gathered without a described search
    ("Combined electroconvulsive therapy and drug A.", "We reviewed 30 reported psychiatric patients who were treated "
     "with a combination of electroconvulsive therapy and drug A. Most patients benefited from the combined "
     "treatment.", "narrative_review"),
    # the paper's own recommendations, beside the randomised trials they rest on
    ("Community management of heart failure.", "To review therapies for treating patients with heart failure. "
     "Recommendations in this paper are mainly based on the results of randomized controlled trials. Where "
     "appropriate, recommendations are based on a consensus conference.", "guideline"),
    # a title that counts the studies it reviews: their data pooled
    ("Safety of drug A: a review of 11 clinical studies.", "We assessed the overall safety profile of drug A based on "
     "the results from 11 clinical studies in patients with schizophrenia. A total of 1900 patients were randomly "
     "assigned to drug A or to comparators.", "meta_analysis"),
    # left alone: a review of a topic in a title is a narrative review
    ("The new antiepileptics: a review of pharmacoeconomic studies.", "The pharmacoeconomic evaluation of "
     "antiepileptics involves clinical effectiveness and costs. The evidence, from a variety of studies, indicates "
     "that drug A is cost-effective.", "narrative_review"),
    # left alone: a title that reviews studies without counting them stays a narrative review
    ("Drug A in hypertension: a review of recent clinical studies.", "Drug A lowers blood pressure. Recent clinical "
     "studies suggest that it is well tolerated, and its place in treatment is discussed.", "narrative_review"),
    # left alone: a case reported by another paper ("A previous report of a case") does not end the title
    ("Angioedema with drug A.", "A previous report of a case of angioedema with drug A prompted this survey. We "
     "surveyed 300 patients taking drug A by questionnaire; 2% reported swelling.", "cross_sectional"),
])
def test_design_twenty_first_round_wordings(title: str, abstract: str, expected: str) -> None:
    result = _design(title, abstract)
    assert result.label == expected, result
