"""Study design and sample size: the extractors, publication-type precedence, the evaluation and its label files."""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from documents.sources.pubmed_xml import parse_pubmed_xml
from search.design import DESIGNS, classify_design, sample_size
from search.evaluation.design import design_figures, read_labelled, run
from tests.conftest import DATA, SHARED
from tests.search.design_rules import assert_text_design

CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"
FIXTURES = SHARED / "fixtures" / "ncbi_eutils"
LABELS = Path(settings.BASE_DIR) / "search" / "evaluation" / "data"
LABEL_FILES = {LABELS / "design_labels.jsonl": 160, LABELS / "design_labels_holdout.jsonl": 40,
               LABELS / "design_labels_holdout2.jsonl": 80, LABELS / "design_labels_holdout3.jsonl": 80,
               LABELS / "design_labels_holdout4.jsonl": 80}


# --- sample size ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("sentence", "expected"), [
    ("A total of 1,234 patients were randomized to drug or placebo.", 1234),
    ("Patients were enrolled in a double-blind trial (N = 120).", 120),
    ("Forty-two patients with migraine were studied.", 42),
    ("One hundred and fifty-four elderly patients were consecutively randomized to two regimens.", 154),
    ("We studied 120 patients (60 per group) with reflux oesophagitis.", 120),
    ("Women were randomized to soy (n = 30) or placebo (n = 32).", 62),
    ("Inpatients were randomized to ziprasidone 40 mg/day (n = 72), 80 mg/day (n = 68) or placebo (n = 71).", 211),
    ("In all, 200 eclampsia cases were allocated to either cesarean or vaginal delivery.", 200),
    ("There were 404 cases and 1375 controls in the analysis.", 1779),
    ("Twenty-two subjects (9 men and 13 women) enrolled in the program.", 22),
    ("Of the initial 417 subjects, 355 patients met our inclusion criteria.", 355),
    ("There were 108 patients, of which 87 were eligible for analysis.", 87),
    ("Of 1,144 patients treated, 999 evaluable patients completed the study.", 1144),
    ("We present the case of a 45-year-old woman with gallbladder carcinoma.", 1),
])
def test_sample_size_finds_the_number_of_people(sentence: str, expected: int) -> None:
    found = sample_size(sentence)
    assert found is not None and found.n == expected
    assert found.sentence == sentence  # the sentence it came from, whole


@pytest.mark.parametrize("sentence", [
    "Patients received 400 mg twice daily for 12 weeks.",            # a dose and a duration
    "Between 1995 and 2005 the unit treated hypertension.",          # years
    "The mean age of the patients was 43 years.",                    # an age
    "Eighty-seven percent of amlodipine-treated patients achieved control.",  # a percentage
    "Ten patients (18.5%) developed proteinuria.",                   # a subset given as a percentage
    "Pigmented guinea pigs (n = 24) were anaesthetized.",            # animals are not people
    "In obese type 2 diabetic women the drug lowered glucose.",      # "type 2" is not a count
    "Meta-analyses of randomised trials have shown no excess of events.",  # no number at all
    "The incidence was 3.4 admissions per 1,000 patients.",          # a rate's denominator
    "At 300 msec, patients had higher thresholds than control subjects.",  # a duration before people
])
def test_sample_size_ignores_numbers_that_are_not_the_sample(sentence: str) -> None:
    assert sample_size(sentence) is None


def test_sample_size_prefers_randomised_over_enrolled_and_tells_the_sentence() -> None:
    abstract = ("Three hundred eighty outpatients enrolled in the open phase. "
                "Of these, 254 patients were randomized to tramadol or placebo. "
                "Five of 127 tramadol patients discontinued treatment.")
    found = sample_size(abstract)
    assert found is not None and found.n == 254
    assert found.sentence == "Of these, 254 patients were randomized to tramadol or placebo."


@pytest.mark.parametrize(("sentence", "expected"), [
    # a total stated first, then its arms: the total, not total + arms
    ("Volunteers (N = 60) were randomly assigned to drug A (n = 20), drug B (n = 20) or placebo (n = 20).", 60),
    # a semicolon inside brackets does not cut the clause off from "were included"
    ("Thirty adults (12 men; 18 women) were included in the study.", 30),
    # "completed" belongs to the second group, not to the people who entered
    ("Forty volunteers entered the trial but 31 volunteers completed it.", 40),
    # "N of them were included" after the number identified
    ("Sixty patients were screened, and 45 of them (75%) were included.", 45),
    # thousands written with a space, and "among" after a survey word is the sample
    ("Data were collected by a postal survey among 12 345 adults.", 12345),
    # cases and controls told together, however the cases are worded
    ("We enrolled 210 cases of stroke and 420 matched controls.", 630),
    # arms compared without "and" / "or"
    ("Treated patients (n = 14) scored lower than healthy controls (n = 16).", 30),
    # a record review counts its cases
    ("After retrospectively reviewing 85 cases of vertigo, we found a link with migraine.", 85),
    # the sample of a study of health professionals
    ("This was a retrospective analysis of 101 trainees selected in one year.", 101),
    # single case reports worded without "we present the case"
    ("A 62-year-old woman developed hepatitis two weeks after starting drug X.", 1),
    ("To report a case of pancreatitis caused by drug Y.", 1),
    ("An original case report of lasting psychosis after one dose is presented.", 1),
    # a percentage breakdown of an enrolled total is not a subset
    ("A total of 175 subjects (15% women) were enrolled in the trial.", 175),
])
def test_sample_size_new_phrasings(sentence: str, expected: int) -> None:
    found = sample_size(sentence)
    assert found is not None and found.n == expected


@pytest.mark.parametrize("sentence", [
    "Several thousand patients have taken the drug since its launch.",    # "thousand" alone is not a count
    "Heart failure affects nearly 5 million people each year.",           # a population, not a sample
    "A total of 40 patients (12%) had a relapse.",                        # a subset given as a percentage
])
def test_sample_size_ignores_new_non_samples(sentence: str) -> None:
    assert sample_size(sentence) is None


@pytest.mark.parametrize(("abstract", "expected"), [
    # a semicolon inside brackets and an "aged ..." aside do not cut the count off from "were included"
    ("Forty children (15 males; 25 females), aged 3-15 years, were included in this study. Only one patient "
     "showed slight insomnia when receiving drug X.", 40),
    ("Twenty adults, aged 20-40 years, were enrolled. Naloxone was required in six patients.", 20),
    # an adverb between "were" and the verb ("were retrospectively analyzed") keeps the verb's role
    ("Data from 109 patients with hemangioma were retrospectively analyzed. Hypotension was found in 9 patients.", 109),
    # "volunteered to undergo" counts the people; "was found in five patients" is a result, not the sample
    ("One hundred fifty patients taking amlodipine volunteered to undergo a screening examination. Mild hyperplasia "
     "was found in five patients.", 150),
    # cases and their controls are summed, however far apart in the clause the controls are named
    ("Exposure was compared between 3706 women who were diagnosed with breast cancer and 14155 matched-control "
     "women.", 17861),
    ("The study population comprised 600 outpatients with a confirmed diagnosis of ulcer in 1991 and 1992 and 6,000 "
     "community controls matched by age and sex.", 6600),
    ("451 incident cases of diabetes were matched with 2696 control subjects.", 3147),
])
def test_sample_size_groups_and_subsets_round_three(abstract: str, expected: int) -> None:
    found = sample_size(abstract)
    assert found is not None and found.n == expected


def test_controls_per_case_are_a_ratio_not_a_sample() -> None:
    assert sample_size("For the nested analysis, six controls were matched to each case on age and sex.") is None


# --- design ---------------------------------------------------------------------------------------

def design(title: str = "", abstract: str = "", publication_types: list[str] | None = None,
           mesh: list[str] | None = None):
    """The rules alone (``learned=False``): the shipped model over them is tested in test_design_model.py."""
    return classify_design(title=title, abstract=abstract, publication_types=publication_types or [],
                           mesh=mesh or [], learned=False)


@pytest.mark.parametrize(("abstract", "expected"), [
    # a survey counts those who answered it, not those it was sent to
    ("A mail survey was sent to all 686 members of the society. One hundred fifty-seven (23%) of eligible physicians "
     "responded.", 157),
    ("A random sample of 600 doctors was asked to complete a questionnaire. Overall, 283 (47.2%) surveys were returned "
     "and 259 analyzed.", 283),
    ("One hundred thirty-eight women with interstitial cystitis completed a survey of self-care strategies.", 138),
    ("A total of 191/214 (89%) students responded to the three surveys.", 191),
    # the screened are not the sample: those allocated after screening are
    ("Of the 453 patients screened, 265 were allocated to the study groups.", 265),
    # a single case, however it is announced
    ("To describe a patient with morphine-induced myoclonus. Single case report.", 1),
    ("We describe a patient who developed a generalized rash after therapy with drug C.", 1),
    ("A case of hyperkalaemic paralysis caused by an ACE inhibitor is reported.", 1),
    # the control group named with the verb, the patients compared with it summed
    ("Lipids were studied in a control group of 20 non diabetic subjects and in 31 male patients with diabetes "
     "treated by glibenclamide.", 51),
    # cases and the controls matched to them are the sample, not the cohort they were drawn from
    ("A total of 18 309 individuals with schizophrenia were identified. There were 1268 incident cases of "
     "hyperlipidemia in the cohort, matched to 7598 control subjects.", 8866),
    ("Cases were patients with a first infarction. All 623 cases and 2032 controls had treated hypertension. The "
     "first analysis included only the 335 cases and 1395 controls free of disease.", 2655),
])
def test_sample_size_respondents_allocated_single_cases_and_matched_controls(abstract: str, expected: int) -> None:
    found = sample_size(abstract)
    assert found is not None and found.n == expected


@pytest.mark.parametrize("abstract", [
    # a treatment response is not a survey's respondents, even in an abstract that uses a questionnaire
    "Forty patients were enrolled and completed a symptom questionnaire. Ten of 13 (77%) mildly depressed patients "
    "responded to treatment.",
    # respondents given only as a share of a number stated with them keep the number the label gives
    "Ninety-nine (66%) of 150 patients responded to our questionnaire.",
])
def test_respondents_rule_leaves_treatment_responses_alone(abstract: str) -> None:
    found = sample_size(abstract)
    assert found is None or found.n not in (10, 99)


@pytest.mark.parametrize(("abstract", "expected"), [
    # a subset word after a later count is that count's ("Of 40 who entered, 31 completed" keeps 40)
    ("Of 40 healthy volunteers who entered the trial, 31 completed both periods.", 40),
    ("Of 2500 patients, 410 (16%) received the new drug.", 2500),
    # a single case, told by the authors or a note
    ("Bleeding is a rare complication. The authors describe a case of a man who bled after surgery.", 1),
    ("This short note reports an unusual reaction, described in a patient with chronic pain.", 1),
    # a comma between the words before the people
    ("Sixty healthy, elderly women were enrolled.", 60),
    # clinicians beside the patients they enrol or treat are not the sample
    ("Forty general practitioners and 512 patients took part in the trial.", 512),
    ("Between 2001 and 2003, 1 200 doctors enrolled 9 800 patients into the survey.", 9800),
    # arms joined by "or"
    ("Then drug A (20 patients), drug B (20 patients) or placebo (20 patients) were given.", 60),
    # a control group counted in a sentence of its own joins the group it is compared with
    ("We identified 80 consecutive children with the disease. Forty children without it served as controls.", 120),
    ("Of 300 scans, 90 adults were studied. There were also 30 controls studied with the same scan.", 120),
    # arms told one after another after the randomised count
    ("In all, 60 patients were randomized to 10 mg, 58 to 20 mg and 61 to placebo.", 179),
    # a pooled total told as "the total number of patients was N" (not a mean number per patient)
    ("Twenty trials were found. The total number of patients was 4210 and the mean study size was 210.", 4210),
    # the study performed on its sample
    ("The review was performed on 45 patients. Healing was confirmed by biopsy in 30 patients.", 45),
])
def test_sample_size_round_four_phrasings(abstract: str, expected: int) -> None:
    found = sample_size(abstract)
    assert found is not None and found.n == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # a control count beside a randomised sample does not join it
    ("A total of 44 patients were randomized to drug or placebo. Sixteen healthy volunteers served as controls.", 44),
    # a mean number per patient is no count of people
    ("We reviewed the records of 300 treated patients. The mean number of drugs per patient was 2.2 in all.", 300),
    # deaths among those assigned are outcomes, not arms
    ("Patients were randomly assigned (n = 100) or placebo (n = 98). There were 12 deaths among those assigned to "
     "the drug and 15 among those assigned to placebo.", 198),
])
def test_sample_size_round_four_leaves_these_alone(abstract: str, expected: int) -> None:
    found = sample_size(abstract)
    assert found is not None and found.n == expected


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a title that presents the paper as a consensus or a working party's report is a guideline
    ("A national consensus on the management of asthma in adults.",
     "Asthma is common. Experts met twice and agreed on diagnosis and treatment.", "guideline"),
    ("Treatment of gout: a working party report of the national rheumatology society.",
     "Gout is common. The working party recommends allopurinol first.", "guideline"),
    ("Management of asthma: report of the national asthma working group.",
     "Asthma is common. The group recommends inhaled steroids first.", "guideline"),
    # not when the consensus is a trial's acronym, a question or a topic with its controversies
    ("Early drug X after infarction: a substudy of the CONSENSUS III trial.",
     "Patients were randomized to drug X or placebo; 300 patients were studied by echocardiography.", "rct"),
    ("Drug X for heart failure: what is the current consensus?",
     "This article reviews the evidence on drug X in heart failure.", "narrative_review"),
    ("Drug X in gastritis: consensus and controversies.",
     "This article reviews the evidence on drug X in gastritis.", "narrative_review"),
    # guidelines that are only the topic of the title ("an evaluation of the ... guidelines", "putting ... into
    # practice", "in relation to the ... guidelines")
    ("Drug X in hypertension: putting the national guidelines into practice.",
     "This article reviews how drug X fits the guidelines.", "narrative_review"),
    ("The outcome of trial Y in relation to the 2001 WHO/ISH hypertension guidelines.",
     "This article reviews trial Y and the guidelines.", "narrative_review"),
])
def test_guideline_titles_round_four(title: str, abstract: str, expected: str) -> None:
    assert design(title, abstract).label == expected


@pytest.mark.parametrize(("title", "abstract"), [
    # economic evaluations, decision analyses and cost analyses are "other", whatever trial they draw on
    ("Economic assessment of drug X added to metformin.",
     "A simulation used data from a randomized trial of 400 patients to estimate costs.", ),
    ("Decision analysis applied to choosing a statin for a formulary.",
     "Five statins were compared for cost and efficacy in 120 patients.", ),
    ("Drug X versus drug Y in migraine: a retrospective cost-efficacy analysis.",
     "Records of 200 patients treated between 1995 and 1998 were reviewed.", ),
    # instrument validation, even inside a randomised trial
    ("Reliability, validity and responsiveness of a pain scale in a randomized trial of drug X.",
     "A total of 300 patients were randomized; the scale was completed at each visit.", ),
    ("Factorial validity of a depression rating scale in outpatients.",
     "Two hundred outpatients completed the scale.", ),
    # a trial's rationale and design (its protocol)
    ("Rationale and design of the XYZ study: a randomized trial of drug X in hypertension.",
     "Patients will be randomized to drug X or drug Y and followed for five years.", ),
])
def test_other_designs_round_four(title: str, abstract: str) -> None:
    assert design(title, abstract).label == "other"


@pytest.mark.parametrize(("title", "abstract"), [
    # allocation told with the adverb after the verb
    ("Spinal versus general anaesthesia for hernia repair.",
     "Sixty patients were allocated randomly to spinal or general anaesthesia.", ),
    ("Two doses of drug X for ulcers.", "Eighty ulcer patients were randomly treated with 20 mg or 40 mg of drug X.", ),
    # a comparison with placebo or sham counts as randomised unless the abstract says otherwise
    ("Drug X in impaired glucose tolerance.",
     "We studied 25 women given drug X (n = 13) or placebo (n = 12) for 12 weeks.", ),
    ("Acupuncture for hoarseness.", "We studied 90 adults given acupuncture, sham acupuncture or no treatment; "
                                    "the placebo group received sham needles.", ),
])
def test_randomised_round_four(title: str, abstract: str) -> None:
    assert design(title, abstract).label == "rct"


# --- round five: design vocabulary for the observational designs, groups named once ---------------------

@pytest.mark.parametrize(("title", "abstract", "mesh", "expected"), [
    # a "case-control" comparison whose groups, chosen by what they had, are followed forward is a cohort
    ("Outcome after valve surgery in smokers: a case-control study.",
     "Forty smokers and 40 matched non-smokers having valve surgery were followed for 2 years for reoperation.",
     [], "cohort"),
    ("Kidney function after transplant in patients on drug X.",
     "Sixty transplant recipients given drug X were followed up for three years and compared with 60 others.",
     ["Case-Control Studies", "Humans"], "cohort"),
    # patients measured once beside healthy controls, nothing asked of their past: cross-sectional
    ("Retinal thickness in chronic renal failure: a case-control study.",
     "Retinal thickness was measured by tomography in 30 dialysis patients and 30 healthy controls.",
     [], "cross_sectional"),
    ("Grip strength in dialysis.", "Grip strength was measured in 25 dialysis patients and 25 healthy volunteers.",
     ["Case-Control Studies", "Humans"], "cross_sectional"),
])
def test_case_control_label_on_other_designs(title: str, abstract: str, mesh: list[str], expected: str) -> None:
    assert design(title, abstract, mesh=mesh).label == expected


@pytest.mark.parametrize(("title", "abstract", "mesh"), [
    # cases and controls compared for what came before stay case-control, with a follow-up or healthy controls
    ("Drug X and hip fracture: a case-control study.",
     "We compared 200 cases of hip fracture with 400 healthy controls for previous use of drug X; controls were "
     "followed for one year to confirm that they had no fracture.", []),
    ("Gene variants in early stroke.", "Polymorphisms of gene Y were typed in 90 young stroke patients and 90 healthy "
                                      "controls.", ["Case-Control Studies", "Humans"]),
    ("Antibiotic use before colitis.", "The risk of colitis associated with antibiotics was estimated in 120 "
                                      "patients with colitis and 240 matched controls.", ["Case-Control Studies"]),
])
def test_case_control_that_looks_back_stays(title: str, abstract: str, mesh: list[str]) -> None:
    assert design(title, abstract, mesh=mesh).label == "case_control"


@pytest.mark.parametrize(("abstract", "expected"), [
    ("There were 80 patients in the early group and 75 in the delayed group.", 155),
    ("We retrospectively reviewed 40 children in the surgery arm, 35 in the medical arm and 20 in the observation "
     "arm.", 95),
    ("There were 35 study and 64 control patients identified from the registry.", 99),
    ("We reviewed the records of 60 women with pre-eclampsia. Normotensive pregnancies (n = 60) served as controls.",
     120),
])
def test_sample_size_groups_named_once(abstract: str, expected: int) -> None:
    found = sample_size(abstract)
    assert found is not None and found.n == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # the groups that came back are a part of the sample, not more of it
    ("One hundred patients were enrolled. Forty patients in the A group and 45 in the B group returned for the "
     "second visit.", 100),
    # a number written in words with "and" inside is one number, not two groups
    ("One hundred and twelve elderly patients were randomized to drug or placebo.", 112),
    # doses paired with "and" are not groups
    ("Twenty patients received 10 and 20 mg of drug X.", 20),
])
def test_sample_size_groups_named_once_leaves_these_alone(abstract: str, expected: int) -> None:
    found = sample_size(abstract)
    assert found is not None and found.n == expected


def test_designs_is_the_issue_list_with_display_names() -> None:
    assert list(DESIGNS) == ["meta_analysis", "rct", "non_randomised", "cohort", "case_control", "cross_sectional",
                             "case_series", "narrative_review", "guideline", "animal_in_vitro", "other"]
    assert all(isinstance(name, str) and name for name in DESIGNS.values())


# Clear cases of each common design: the rules (below) and the shipped model (test_design_model.py) both read them.
CLEAR_CASES = [
    ("Drug X for pain: a randomized, placebo-controlled trial.",
     "In this double-blind study 120 patients were randomized to drug X or placebo. Pain fell (P < 0.01).", "rct"),
    ("Drug Z and bleeding: a meta-analysis.", "We searched MEDLINE and pooled 12 trials.", "meta_analysis"),
    ("Guidelines for the drug treatment of hypertensive crises.", "Several drugs are available.", "guideline"),
    ("", "We report two cases of acute renal failure in transplant patients after enalapril.", "case_series"),
    ("Effects of drug W in rats.", "Male rats received drug W; control rats received saline. Rats were killed.",
     "animal_in_vitro"),
    ("Use of drug V: a population-based case-control study.",
     "We identified 42 cases and 172 matched controls and compared past exposure.", "case_control"),
    ("", "We retrospectively analyzed 2770 patients who underwent resection between 1995 and 2005; survival "
         "was compared between men and women.", "cohort"),
    ("", "In an open-label, uncontrolled trial 28 patients were treated with drug U for 12 weeks.",
     "non_randomised"),
]


@pytest.mark.parametrize(("title", "abstract", "expected"), CLEAR_CASES + [
    ("", "Twenty healthy volunteers took part in a double-blind, placebo-controlled, crossover study of drug Y.",
     "rct"),
    ("", "This was a cross-sectional study. Sixty-four patients were included in the study.", "cross_sectional"),
    ("Heart failure in women.", "Women have different clinical features. A review of the agents useful in "
                                "systolic failure is made.", "narrative_review"),
    ("", "Randomized controlled trials are needed before this drug can be recommended. Mechanisms are "
         "unclear and several hypotheses exist.", "narrative_review"),
    ("Drug T and hepatitis: case report and review of the literature.",
     "We report a case of hepatitis after drug T. MEDLINE was searched and 9 earlier reports are reviewed.",
     "case_series"),
    ("Calcium antagonists and cancer.", "Case-control studies and cohort studies have suggested a small risk; "
                                        "trials do not confirm it. The data are discussed.", "narrative_review"),
    ("Pharmacotherapies for ADHD: expected-cost analysis.",
     "A decision-analytic model computed the total expected cost of six treatments.", "other"),
])
def test_design_from_the_text(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # "to review the literature" without a described search is a narrative review
    ("Drug X in asthma.", "The purpose of this article is to review the literature on drug X in asthma. "
                          "Its place in therapy is discussed.", "narrative_review"),
    # a described search is systematic even when another meta-analysis is cited
    ("Drug X and cancer.", "A MEDLINE search for articles published from 1970 to 2000 identified 20 studies. "
                           "A previous meta-analysis had reported no risk. Pooled data showed no excess.",
     "meta_analysis"),
    ("Antihistamines for itch.", "Review of MEDLINE from 1966 to 1999 identified controlled trials of "
                                 "antihistamines. Few were adequate.", "meta_analysis"),
    # a title that says "review" beats a randomised trial the review describes
    ("Drug X in schizophrenia: a review of the evidence.",
     "A large randomized trial involving 900 patients showed fewer relapses with drug X.", "narrative_review"),
    # the paper's own case, described in the third person, with the literature reviewed or searched
    ("Rash after drug X.", "A 54-year-old man developed a rash after drug X. The literature on drug rashes "
                           "is reviewed.", "case_series"),
    ("Hepatitis after drug Y.", "To report a case of hepatitis caused by drug Y. MEDLINE was searched for "
                                "similar reports.", "case_series"),
    # reports of other studies "located and reviewed" are a review's material, not its sample
    ("Spinal opioids in chronic pain.", "Ten studies describing 146 patients have been located and reviewed. "
                                        "Benefit is uncertain.", "narrative_review"),
    # a Delphi panel is a consensus method, not a trial or a guideline
    ("Priorities in pain care.", "A three-round Delphi exercise with 40 experts rated 50 statements after a "
                                 "challenge round.", "other"),
])
def test_design_from_the_text_new_rules(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the paper calls itself observational: the investigators did not give the treatment
    ("", "Adult migraineurs were enrolled in this observational study from headache clinics. 182 patients treated "
         "early recorded the duration of headache; follow-up lasted 3 months.", "cohort"),
    ("", "Observational study using claims data. 3910 members who received antipsychotics were compared by "
         "region for their use of other drugs.", "cross_sectional"),  # no follow-up: measured once
    # economic evaluations and trial protocols are "other"
    ("Cost effectiveness of drug B in the treatment of chronic heart failure.",
     "We estimated costs and life-years gained with drug B using data of 2647 randomised patients.", "other"),
    ("Drug P for elderly people with heart failure: the trial design and protocol.",
     "The aims of this trial are to assess the benefits of drug P in 1000 elderly patients.", "other"),
])
def test_design_observational_economic_and_protocol_rules(title: str, abstract: str, expected: str) -> None:
    assert design(title=title, abstract=abstract).label == expected


def test_observational_does_not_undo_a_stated_randomisation() -> None:
    abstract = ("In this observational extension of a randomised trial, 300 patients were randomized to drug A or "
                "placebo and followed for 2 years.")
    assert design(abstract=abstract).label == "rct"


def test_publication_types_win_over_the_text() -> None:
    """A PubMed type names the design even when the abstract's words point elsewhere."""
    text = "In a cohort of 300 patients followed for 5 years, mortality was compared."
    assert design(abstract=text).label == "cohort"
    result = design(abstract=text, publication_types=["Journal Article", "Randomized Controlled Trial"])
    assert (result.label, result.source, result.evidence) == ("rct", "publication_type", "Randomized Controlled Trial")
    assert design(abstract=text, publication_types=["Practice Guideline", "Meta-Analysis"]).label == "guideline"
    assert design(abstract=text, publication_types=["Case Reports"]).label == "case_series"
    assert design(abstract=text, publication_types=["Editorial"]).label == "other"


def test_vague_publication_types_are_narrowed_by_the_text() -> None:
    randomised = "Sixty patients were randomized to drug A or drug B."
    assert design(abstract=randomised, publication_types=["Clinical Trial"]).label == "rct"
    assert design(abstract="Sixty patients were treated with drug A.",
                  publication_types=["Clinical Trial, Phase II"]).label == "non_randomised"
    assert design(abstract="We review the treatment of gout.", publication_types=["Review"]).label == "narrative_review"
    assert design(abstract="We performed a systematic review of 20 trials.",
                  publication_types=["Review"]).label == "meta_analysis"
    observational = design(abstract="A case-control study of 200 cases and 400 controls.",
                           publication_types=["Observational Study"])
    assert (observational.label, observational.source) == ("case_control", "publication_type")


def test_mesh_check_tags_when_no_publication_type_decides() -> None:
    result = design(abstract="Drug T lowered blood pressure in 40 treated subjects.", mesh=["Animals", "Rats"])
    assert (result.label, result.source) == ("animal_in_vitro", "mesh")
    assert design(abstract="Drug T lowered blood pressure.", mesh=["Animals", "Humans"]).source == "text"
    assert design(abstract="Users of drug S had more falls than non-users (200 patients).",
                  mesh=["Humans", "Case-Control Studies"]).label == "case_control"


@pytest.mark.parametrize(("fixture", "pmid", "expected"), [
    ("efetch_pubmed_single_35830032.xml", "35830032", ("meta_analysis", "publication_type")),
    ("efetch_pubmed_single_38909159.xml", "38909159", ("meta_analysis", "publication_type")),
    ("efetch_pubmed_asthma_excerpt7.xml", "31121323", ("other", "publication_type")),         # Editorial
    ("efetch_pubmed_asthma_excerpt7.xml", "31121386", ("meta_analysis", "publication_type")),  # Review + text
    ("efetch_pubmed_structured_abstract_inline_markup.xml", "27797938", ("case_control", "publication_type")),
    ("efetch_pubmed_single_38534005.xml", "38534005", ("guideline", "text")),                  # Journal Article only
])
def test_design_of_real_pubmed_records(fixture: str, pmid: str, expected: tuple[str, str]) -> None:
    """Real efetch bodies, parsed as the product parses them: their publication types are PubMed's own strings."""
    records = {r.pmid: r for r in parse_pubmed_xml((FIXTURES / fixture).read_bytes())}
    record = records[pmid]
    result = classify_design(title=record.title, abstract=record.abstract,
                             publication_types=record.publication_types, mesh=record.mesh, learned=False)
    assert (result.label, result.source) == expected


# --- the evaluation -------------------------------------------------------------------------------

def test_supported_macro_f1_leaves_out_designs_with_few_abstracts() -> None:
    from search.evaluation.design import supported_macro_f1

    per_design = {"rct": {"f1": 0.9, "support": 30}, "cohort": {"f1": 0.5, "support": 3},
                  "case_control": {"f1": 0.0, "support": 1}}
    assert supported_macro_f1(per_design) == {"min_support": 3, "macro_f1": 0.7, "designs": 2,
                                              "left_out": ["case_control"]}


def test_design_figures_arithmetic() -> None:
    figures = design_figures(["rct", "rct", "cohort", "cohort"], ["rct", "cohort", "cohort", "cohort"])
    assert figures["design_accuracy"] == 0.75
    assert figures["per_design"]["rct"] == {"precision": 1.0, "recall": 0.5, "f1": 0.667, "support": 2}
    assert figures["per_design"]["cohort"] == {"precision": 0.667, "recall": 1.0, "f1": 0.8, "support": 2}
    assert figures["design_macro_f1"] == 0.733
    assert figures["confusion"]["rct"] == {"rct": 1, "cohort": 1}


@lru_cache(maxsize=1)
def _corpus_records() -> dict[str, dict]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        return {r["pmid"]: r for r in map(json.loads, fh)}


@pytest.mark.slow  # reads the whole demo corpus (the fast lane, --fast, leaves it out)
def test_run_on_a_tiny_label_file(tmp_path: Path) -> None:
    rct = "12097849"       # "... randomized, placebo-controlled phase II safety study", 106 patients
    review = "10456379"    # drug-induced cognition disorders: a review, no sample
    data = tmp_path / "labels.jsonl"
    data.write_text("\n".join(json.dumps(row) for row in [
        {"pmid": rct, "design": "rct", "sample_size": 106, "note": ""},
        {"pmid": review, "design": "cohort", "sample_size": None, "note": "deliberately wrong"},
    ]) + "\n", encoding="utf-8")
    figures = run(data, {})
    assert figures["n"] == 2
    assert figures["design_accuracy"] == 0.5
    assert figures["sample_size_exact"] == 1.0
    assert figures["false_number_rate"] == 0.0
    assert [m["pmid"] for m in figures["misclassified"]] == [review]
    assert figures["misclassified"][0]["predicted"] == "narrative_review"
    assert set(figures["targets_met"]) == {"design_macro_f1", "sample_size_exact"}
    # the rules alone, beside it (design and sample size)
    assert figures["rules"] == {"design_accuracy": 0.5, "design_macro_f1": 0.5, "sample_size_exact": 1.0}
    assert figures["seen_by_model"] == 2  # both PMIDs are in design_labels.jsonl, so the model was trained on them
    assert figures["design_by"].startswith("design model ")
    # beside the target's macro-F1, the mean over designs with at least three abstracts (none here: context only)
    assert figures["design_macro_f1_supported"] == {"min_support": 3, "macro_f1": None, "designs": 0,
                                                    "left_out": ["cohort", "rct"]}


@pytest.mark.parametrize(("content", "message"), [
    ("not json\n", "line 1 is not JSON"),
    ('{"pmid": "1"}\n', "needs a 'pmid' and a 'design'"),
    ('{"pmid": "1", "design": "trial"}\n', "has design 'trial'"),
    ('{"pmid": "1", "design": "rct", "sample_size": "120"}\n', "sample_size '120'"),
    ('{"pmid": "1", "design": "rct"}\n{"pmid": "1", "design": "rct"}\n', "repeats PMID 1"),
    ("\n", "holds no labelled abstract"),
])
def test_unusable_label_files_say_why(tmp_path: Path, content: str, message: str) -> None:
    data = tmp_path / "labels.jsonl"
    data.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        read_labelled(data)


def test_unknown_pmid_is_a_command_error(tmp_path: Path) -> None:
    data = tmp_path / "labels.jsonl"
    data.write_text('{"pmid": "999999999", "design": "rct", "sample_size": null}\n', encoding="utf-8")
    with pytest.raises(CommandError, match="not in the demo corpus"):
        call_command("evaluate", "design", "--data", str(data))


@pytest.mark.parametrize("path", list(LABEL_FILES))
@pytest.mark.slow  # reads the whole demo corpus (the fast lane, --fast, leaves it out)
def test_label_files_are_usable_and_every_pmid_is_in_the_corpus(path: Path) -> None:
    rows = read_labelled(path)
    assert len(rows) >= LABEL_FILES[path]
    corpus = _corpus_records()
    assert [row["pmid"] for row in rows if row["pmid"] not in corpus] == []
    assert all(row["note"] for row in rows)  # every label says why


def test_holdout_shares_no_pmid_with_the_tuning_set() -> None:
    sets = [set(r["pmid"] for r in read_labelled(p)) for p in LABEL_FILES]
    for i, first in enumerate(sets):
        for second in sets[i + 1:]:
            assert first.isdisjoint(second)


# --- sample size, 2026-12-03 (holdout12's misses read after its blind measurement) ------------------------------

@pytest.mark.parametrize(("abstract", "expected"), [
    # a paragraph number before a count written in words is not the count ("2 Fourteen healthy volunteers")
    ("1 The drug is metabolised by CYP2D6. 2 Fourteen healthy volunteers, seven extensive and seven poor "
     "metabolisers, were studied in a randomised cross-over protocol.", 14),
    # person-years are time, not people
    ("The cohort included 52,300 persons with 140,120 person-years of follow-up.", 52300),
    # a share of women or men right after the count is the sample's make-up, not a subset
    ("Six hundred and twelve patients (28% women) were enrolled in the registry.", 612),
    # "a trial in which N patients were randomized" introduces the sample ("of which N" would be a part)
    ("We conducted a double-blind evaluation in which 18 patients were randomized 2:1 to drug or placebo.", 18),
    # a time word between a count and "patients" ends the count: six hours, not six patients
    ("Within the first six post operative hours, the patients were included and randomly allocated. Sixty "
     "patients were studied.", 60),
    # arms against placebo given as n = are summed ("treatment n=40, placebo n=38")
    ("Adolescents were studied (treatment n=40, placebo n=38, mean age 15 y).", 78),
    # the subset word after "of whom" belongs to the later count
    ("The cohort comprised 2,450 patients, of whom 120 (5%) were children.", 2450),
    # ... and so does a subset word after a later count in the same clause, with or without brackets
    ("Out of 150 patients entering the study 120 completed it.", 150),
    ("In all, 96 patients were enrolled (80 completed, 16 discontinued).", 96),
    # completing a test is what the sample did, not a part that stayed
    ("Thirty sedentary women completed an exercise test and were then allocated to training or control.", 30),
    # "the total number of patients included in this study was N": four words before the verb
    ("The total number of patients included in this study was 250.", 250),
    # a control group counted only as (n = 40) joins the patients counted in words beside it
    ("Five hundred and ten patients (30% females) and a matched healthy control group (n = 40).", 550),
    # more people: non-responders, drivers, cleaners
    ("Drug A or drug B was added for 3 months in 180 hypertensive non-responders to monotherapy.", 180),
    ("Twenty older and 22 younger drivers drove a manual and an automatic car.", 42),
    ("A total of 90 cleaners aged 20-60 years were included.", 90),
    # a planned number is not the sample
    ("While 60 patients had been planned, the trial was stopped after 41 patients had been enrolled.", 41),
])
def test_sample_size_round_five_phrasings(abstract: str, expected: int) -> None:
    found = sample_size(abstract, learned=False)
    assert found is not None and found.n == expected


@pytest.mark.parametrize(("abstract", "expected"), [
    # a breakdown after "consisting of" is parts of the count before it, not more people
    ("Two hundred participants (mean age 20 years; 60% female), consisting of 50 migraineurs and 150 controls "
     "completed a computerised task.", 200),
    # a share followed by a result is still a subset
    ("Forty patients were enrolled. Ten patients (25%) developed a rash.", 40),
    # "final year" is not a time span between the count and the people
    ("Forty-one final year medical students followed patients through day surgery.", 41),
    # a control treatment given as (n = ...) is an arm, not a separate control group to add
    ("900 patients randomised to tight control (n=600) or less tight control (n=300).", 900),
])
def test_sample_size_round_five_leaves_these_alone(abstract: str, expected: int) -> None:
    found = sample_size(abstract, learned=False)
    assert found is not None and found.n == expected


@pytest.mark.parametrize("abstract", [
    "Cocaine is widely abused. The following case describes a patient with restlessness after an accident.",
    "We present this interesting case of an adolescent with seizures. The relevant literature is reviewed.",
    "In this report, we summarize the clinical course of a 9-year-old boy with cerebral palsy.",
    "A first-trimester primigravid patient presented with hyperemesis and malaise. Work-up was done.",
    "A 6-months pregnant woman suffering from severe tetanus was treated with intrathecal baclofen.",
])
def test_sample_size_single_case_round_five(abstract: str) -> None:
    found = sample_size(abstract, learned=False)
    assert found is not None and found.n == 1


def test_sample_size_generic_patient_is_not_a_case_report() -> None:
    abstract = ("Prostatitis has many causes. A patient who does not respond might be evaluated for chronic "
                "prostatitis, in which other therapies may help.")
    assert sample_size(abstract, learned=False) is None


@pytest.mark.parametrize(("abstract", "expected"), [
    # an age written between the count and its people
    ("Forty-two 6- to-12-year-old children with ADHD were assigned randomly to drug or placebo.", 42),
    # families and case notes are the units a survey or an audit counts
    ("To assess the use of remedies, 150 families with a child with asthma were recruited at the clinic.", 150),
    ("An audit was undertaken by a retrospective study of 420 case notes.", 420),
    # "N patients who received X developed Y" is a result in a part of the sample ("who had developed" would select it)
    ("Of 44 patients admitted, 35 met the response criteria. One patient who received the patch developed "
     "dermatitis.", 44),
    # randomised arms told one after another, the first without its people
    ("A total of 2000 subjects were eligible: 900 were randomized to receive therapy and 905 to receive placebo.",
     1805),
])
def test_sample_size_round_five_more_units(abstract: str, expected: int) -> None:
    found = sample_size(abstract, learned=False)
    assert found is not None and found.n == expected


# --- sample size, 2026-12-03, third session (holdout13's misses read after its blind measurement) ---------------

@pytest.mark.parametrize(("abstract", "expected"), [
    # thousands set off by a comma and a space, in a count and in "n ="
    ("Ten trials were identified, involving 26, 521 individuals and 114 000 person-years.", 26521),
    ("Children prescribed the drug (n = 12, 406) and those who were not (n = 1,010,067) were compared.", 1022473),
    # each group's word carries an aside in brackets
    ("200 elderly (>60 years) and 150 young (<35 years) persons were recruited at five sites.", 350),
    # two numbers sharing their people
    ("Totals of 245 and 210 patients were recruited into the two studies, respectively.", 455),
    # staff are people a survey counts
    ("Eighty-one staff provided their views of end-of-life care in 40 nursing homes.", 81),
    # a stage or code between the count and its people
    ("Twelve pT2N0M0 patients underwent radiotherapy, totaling 400 fractions.", 12),
    # a count in words with its digits in brackets
    ("Two-thousand-three-hundred-and-ninety-five (2395) patients treated an attack in the four studies.", 2395),
    # "those assigned to X" names an arm; it does not randomise the subset counted beside it
    ("Randomized, open-label, controlled trial. 60 patients receiving peritoneal dialysis. Patients were randomly "
     "assigned to ramipril or no treatment. Of the 25 patients who still had residual function at 12 months, those "
     "assigned to ramipril had a better prognosis.", 60),
    # "the first N" of the sample is a part of it
    ("A total of 58 volunteers received an injection of drug or saline. The first 21 volunteers randomized to the "
     "drug received it while sitting.", 58),
    # the only count is of those who completed the study
    ("This prospective, observational study assessed outcomes after the first prescription. A total of 178 "
     "patients completed the study. Visits fell in the 6 months after treatment.", 178),
    ("After a placebo run-in, patients were treated for 6 months. Fifty-four patients completed the 6-month "
     "treatment period.", 54),
    # a larger count of people before its arms (n = ...): the arms are a part of it
    ("Two thousand sixty-five consecutive patients, all experienced in intake of sumatriptan (n = 631) or "
     "ergotamine (n = 620), were enrolled.", 2065),
    # "N of the M were studied" is the sample, not a later split of it
    ("We treated 40 fractures. Of these, 12 (30%) underwent surgery. Eleven of the 12 were prospectively studied. "
     "Of these, five were analyzed at 1 year and five were analyzed at 2 years.", 11),
    # a group added in a later sentence joins the people counted before
    ("Pharmacokinetics were studied in 8 patients with renal failure. Next, we treated another group of 8 patients "
     "on haemodialysis for 3 months.", 16),
    ("Exercise performance was studied in 22 patients with syndrome X. The same protocol was followed in 10 "
     "patients with coronary disease and in 13 controls.", 45),
    ("Two tablets were compared in 13 healthy volunteers. Their efficacy was also compared in 23 patients with "
     "angina.", 36),
    # two studies reported in one abstract are summed
    ("The ring was studied in two multicenter trials. In an open-label trial a total of 219 women were randomized "
     "to the ring or to suppositories. In a double-blind study a total of 84 patients were randomized to either "
     "arm.", 303),
    # the last arm told as a bare number with its treatment
    ("The efficacy was assessed in a retrospective study. 32 patients received intravenous ritodrine and 29 oral "
     "nifedipine.", 61),
    ("Of 5000 people screened, 900 were randomized to receive aspirin and 905 placebo.", 1805),
    # a group labelled "(control group)" after its description joins the study group
    ("This was a retrospective study of 18 adults with seizures and psychosis (study group) and 36 patients with "
     "seizures but without psychosis (control group).", 54),
    # a bare singular "control (n = N)" beside a count joins it
    ("We studied 809 patients and a healthy control (n = 50).", 859),
])
def test_sample_size_third_session_phrasings(abstract: str, expected: int) -> None:
    found = sample_size(abstract, learned=False)
    assert found is not None and found.n == expected


@pytest.mark.parametrize("abstract", [
    # a count per group is no count of the sample
    "We reviewed the charts of consecutive patients given risperidone or olanzapine (n = 30 per treatment group).",
    "Trials were included with (1) a randomized design; (2) a minimum of 25 patients enrolled per treatment arm.",
    # a planned number
    "The study is a factorial randomised trial that will include 10000 adults with type 2 diabetes.",
    "One thousand people over the age of 70 years will be recruited into this study.",
    # money
    "When the $Can 2 patient copayment was added to the fee, the regimen cost less.",
    # "n = 51 trials" is not "n = 5"
    "Values were well correlated at 2 hours (n = 51 clinical trials).",
    # a bound is not a count
    "We analysed trials that included at least 100 patients, who were randomly assigned to either drug.",
])
def test_sample_size_third_session_non_samples(abstract: str) -> None:
    assert sample_size(abstract, learned=False) is None


@pytest.mark.parametrize(("abstract", "expected"), [
    # a count the arms were drawn from stays behind them
    ("Of 2365 patients who were operated on, 967 were randomized to either metoprolol (n = 480) or placebo "
     "(n = 487).", 967),
    # a result after the first arm is not a second arm
    ("Forty patients received drug A and 12 developed a rash.", 40),
    # a group that is a result ("in an additional three patients") is not added
    ("We studied 21 patients. The strain was resistant in three cases, and in an additional three patients.", 21),
    # more people after a randomised count join it only when they were randomised too
    ("A total of 120 patients were randomized to A or B. A further 30 patients were enrolled in an open "
     "extension.", 120),
    # "control (n = N)" among other "n =" is an arm
    ("Forty-two patients were studied. Patients received drug (n = 22) or control (n = 20).", 42),
    # "445 in each group" after the count belongs to 445, not to the count before it
    ("Data were obtained from 890 participants (445 in each group).", 890),
])
def test_sample_size_third_session_leaves_these_alone(abstract: str, expected: int) -> None:
    found = sample_size(abstract, learned=False)
    assert found is not None and found.n == expected


# --- fourth round, third 2026-12-03 session (second helper): observational wordings ---------------------------------

@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # randomised trials told as background (what they showed, or that they are lacking) are not this paper's design
    ("Ten-year outcome after coronary angioplasty.",
     "The 10-year results of randomized trials comparing angioplasty with surgery are not available yet. We "
     "evaluated the clinical outcome of 509 patients 10 years after angioplasty and compared their survival with "
     "that of surgical series.", "cohort"),
    ("Beta-blockers in elderly patients with heart failure.",
     "Randomized trials have shown that beta-blockers prevent deaths in heart failure. In this population-based "
     "study of 11942 patients discharged with heart failure, mortality was compared between users and non-users "
     "and patients were followed for 3 years.", "cohort"),
    # the paper calls itself a cohort study, even one drawn from a randomised trial
    ("Albuminuria and cardiovascular risk in hypertension.",
     "Multicenter cohort study derived from a randomized, controlled trial. 8206 patients randomly assigned to "
     "losartan or atenolol. The risk of events increased with albuminuria.", "cohort"),
    ("", "A prospective cohort study in 26 hospitals. Patients were randomized to angiography or not; 1000 "
         "patients were included and resistance was studied as a predictor of stenosis.", "cohort"),
    # an aim to estimate a share or a frequency: measured once, even from old records
    ("Evidence based general practice: a retrospective study.",
     "To estimate the proportion of interventions in general practice that are based on evidence. Retrospective "
     "review of case notes. 122 consecutive consultations over two days.", "cross_sectional"),
    ("", "To determine the prevalence of cognitive deficits in motor neuron disease. We studied 18 consecutive "
         "patients from our clinic cohort.", "cross_sectional"),
    # groups of a stated sample compared for what happened to them later: a cohort, not a one-time comparison
    ("", "A total of 131 patients with myocardial infarction were studied. Survival was compared between patients "
         "with high and low peptide levels.", "cohort"),
    ("", "We enrolled 45 patients with nephropathy. Patients who stopped smoking were compared with those who "
         "continued; follow-up was 5 years.", "cohort"),
    # "an open label, observational study": observational however many words come before it
    ("Does age affect the efficacy of drug T?",
     "Data from an open label, observational study of 2,250 patients treated for 12 weeks with drug T were "
     "analyzed by age and gender.", "cohort"),
    # records of insurers' claims read over months: a cohort
    ("Drug A compliance in heart failure.",
     "Data were integrated medical and pharmacy claims from 869 patients with heart failure. Compliance was "
     "compared over a 10- to 17-month period.", "cohort"),
    # a longitudinal "survey" of treated people against historical controls: the investigators' own treatment
    ("A community treatment program.",
     "Longitudinal survey of people during treatment, and comparison of death rates with those in a historical "
     "control group. Perindopril was given to 258 people enrolled in the program; the historical control group "
     "comprised 229 people.", "non_randomised"),
])
def test_design_fourth_round_observational_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a randomised trial whose abstract opens with what earlier trials showed stays a trial
    ("", "Earlier trials have shown benefit of drug A. In this trial, 200 patients were randomized to drug A or "
         "placebo.", "rct"),
    # a survey stays cross-sectional, and "cohort studies" a review cites do not make it a cohort
    ("", "A postal survey of 300 general practitioners; 210 respondents described their prescribing.",
     "cross_sectional"),
    # an open-label trial that aims at a frequency is still the investigators' own treatment
    ("", "An open-label study to determine the frequency of rash with drug B. Forty patients were treated.",
     "non_randomised"),
    # observational claims read once, without time, stay cross-sectional (the earlier rule)
    ("", "Observational study using claims data. 3910 members who received antipsychotics were compared by "
         "region for their use of other drugs.", "cross_sectional"),
])
def test_design_fourth_round_leaves_these_alone(title: str, abstract: str, expected: str) -> None:
    assert design(title, abstract).label == expected


# --- fifth round, holdout 15 read after its blind measurement (2026-12-04) ------------------------------------------

@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a trial's goals and design told before it has results, its people still "to be recruited": other
    ("Prevention of atrial fibrillation. Goals and design of the XYZ Study.",
     "A randomized, double-blind, placebo-controlled multicenter trial with 800 patients to be recruited was "
     "designed to compare two drugs. Patients will be observed for one year.", "other"),
    # a search for published studies described, whatever economic words the paper uses: a systematic review
    ("Intermittent therapy for reflux disease: economic considerations.",
     "A complete search for published studies on the cost effectiveness of intermittent therapy was conducted, "
     "and the results discussed. Cost-effectiveness analysis illustrates that intermittent therapy is reasonable.",
     "meta_analysis"),
    # a meta-analysis the paper only cites ("This finding, together with the results of a meta-analysis")
    ("Suppression of a bacterium with drug A.",
     "The efficacy of drug A in suppressing colonization was studied in 33 patients with ulcers. This finding, "
     "together with the results of a meta-analysis of clinical trials, suggests that drug A may be useful.",
     "case_series"),
    # human tissue in an organ bath, its first exposure randomised: in vitro, not a trial
    ("Vasoconstriction by drug A and drug B in human isolated coronary artery.",
     "We compared the contractile effects of drug A on human isolated coronary artery with those of drug B. "
     "Arterial segments were exposed to a single agonist, or to all three agonists with randomised first exposure "
     "to drug A or drug B.", "animal_in_vitro"),
    # people who received a sham procedure or the real one: a controlled comparison, not an open treated series
    ("Femoral nerve block after hip surgery.",
     "Forty patients received sham block or femoral nerve block after induction of anaesthesia. Pain scores were "
     "recorded at 24 h.", "rct"),
    # the people of a trial compared with the eligible people who did not take part: observational
    ("Prognosis of non-participants of a trial.",
     "Participants of a randomised trial may differ from eligible non-participants. Prognostic factors and "
     "survival of 350 participants were compared with those of 587 non-participants.", "cohort"),
    # an economic comparison or analysis titled as such: other, even when trials supply its numbers
    ("Economic comparison of drug A and drug B in rheumatic disease.",
     "A 15-day treatment with drug B costs 56% more than with drug A, because of fewer adverse events with drug A "
     "in randomized trials.", "other"),
    # a methods paper presenting its own technique
    ("Evaluating medication response: single-subject methodology.",
     "This article presents a technique for evaluating dose-response relationships at the single-subject level. "
     "Case study results suggest it could help.", "other"),
    # "Single-blind, multicenter, observational study" told at a sentence's start, assessed at baseline and later
    ("Drug A compared with drug B in elderly patients.",
     "To compare drug A and drug B. Single-blind, multicenter, observational study. Nineteen elderly patients. "
     "Eleven patients were treated with drug A, eight with drug B. Ratings were completed at baseline, 1 month, "
     "and 2 months. The groups compared cross-sectionally did not differ.", "cohort"),
    # everyone's drug changed by the investigators, measured before and after the change
    ("Drug A as an alternative to more expensive drugs.",
     "We studied the therapeutic substitution of a less expensive agent. The medication of 39 patients was "
     "changed from drug B to drug A. Questionnaires measured well-being before and after the change. Eighty "
     "percent of the cohort switched successfully; follow-up visits assessed blood pressure.", "non_randomised"),
    # left alone (these pass on the code before the round too): a randomised trial stays a trial, a meta-analysis
    # this study performed stays one
    ("", "Patients were randomized to drug A or placebo in random order; 120 patients completed the test period.",
     "rct"),
    ("", "We performed a meta-analysis of 12 trials. A recent meta-analysis had found no effect.", "meta_analysis"),
    # a paper that describes a method of reviewing stays a review when it reports no technique of its own
    ("Cardiac and psychotropic drug interactions.",
     "This paper describes a method to codify interactions between drugs and offers recommendations to the "
     "clinician.", "narrative_review"),
    # a cross-sectional study stays cross-sectional
    ("", "A total of 504 cancer patients participated in this cross-sectional, quality-of-life study and were "
         "compared by treatment.", "cross_sectional"),
])
def test_design_fifth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_fifth_round_a_randomized_test_is_not_an_allocation() -> None:
    # a randomized test given to every patient (its order randomized) does not allocate the patients
    result = design("Acid infusion predicts response to fundoplication.",
                    "We have performed fundoplications in 677 patients. A positive result on a randomized acid "
                    "infusion test was associated with a greater improvement in cough after surgery.")
    assert result.label != "rct" and "random" not in result.evidence, result


@pytest.mark.parametrize(("abstract", "expected"), [
    # arms assigned without "to", summed ("Of N assigned A and M assigned B")
    ("10,985 patients were enrolled at 536 centres. Of 5492 patients assigned captopril and 5493 assigned "
     "conventional therapy, 14 and 13, respectively, were lost to follow-up.", 10985),
    # a total first, then its parts that leave a few unclassified
    ("A total of 4736 men and women aged 60 years and older, 583 diabetic patients and 4149 nondiabetic patients "
     "(4 additional patients not so classifiable were randomized but not included).", 4736),
    # a count stratified or divided into groups: the groups are its parts
    ("Retrospective analysis of the outcome of 230 patients treated with carvedilol, stratified according to "
     "whether they were receiving amiodarone (amiodarone group, 80 patients) or not (non-amiodarone group, 130 "
     "patients).", 230),
    ("In a randomized double-blind study two treatments were compared. Twenty-four patients were divided into two "
     "groups: 12 patients underwent the block (group 1) and 12 were treated with drugs (group 2).", 24),
    # those screened, then the people who presented with the condition studied
    ("Of the 38 730 patients who were prospectively screened, 455 presented with a chief complaint of headache.",
     455),
    # an age in "yr" between the count and its people
    ("This was a randomized crossover study. Twelve healthy 21- to 37-yr-old subjects were studied.", 12),
    # the arms given "in random fashion" are the randomised sample, above those studied
    ("Ninety-five patients with ulcers were studied. Patients received omeprazole (44 patients) or omeprazole and "
     "TAP (46 patients) in random fashion.", 90),
    # the end of a span of years is not a count of the people after it
    ("A chart review of discharges during 1996 to 1999 examined patients with AIDS. The patients were divided into "
     "a control group (n = 97) and an opiate-resistant group (n = 12).", 109),
    # not a sample: a planned number ("to be recruited"); one count per group ("each n = 95")
    ("A randomized trial with 1000 patients to be recruited was designed to compare two drugs.", None),
    ("The test and control cohorts (each n = 95) were matched for characteristics found to be significant.", None),
    # left alone (these pass on the code before the round too): a year before "and" still lets the controls join
    # their cases; arms that sum to exactly the total stay the total
    ("The study population comprised 600 outpatients with ulcer in 1991 and 1992 and 6,000 community controls "
     "matched by age and sex.", 6600),
    ("A total of 60 patients were enrolled, 30 patients in group A and 30 patients in group B.", 60),
])
def test_sample_size_fifth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # data of several trials analysed together is a pooled analysis (meta-analysis), not one trial
    ("Triptan satisfaction.", "Data from four double-blind, placebo-controlled trials in which drug A was compared "
     "with drug B were included in the analysis. A total of 1200 patients took part.", "meta_analysis"),
    ("Drug A in menstrual migraine.", "Data from two large clinical trials with identical designs were pooled. "
     "The studies were randomized and double-blind. In 300 women drug A was effective.", "meta_analysis"),
    # a literature review run in a named database is a described search
    ("Stroke after cocaine.", "The authors performed a MEDLINE-based literature review of all indexed journals "
     "between 1970 and 2000. Vasospasm is the main mechanism.", "meta_analysis"),
    # a paper that opens a sentence with "Cohort (analytic) study" names its own design, even inside a trial
    ("Depression and events.", "To relate depression to events. Cohort analytic study of data from a randomized "
     "placebo-controlled trial of drug therapy. Patients were followed for 4 years (N=3000).", "cohort"),
    # xenografts are animal work
    ("A strategy against resistance.", "We designed in vivo systems in which resistance develops after exposure of "
     "tumour xenografts to cisplatin. Selenite prevented resistance in the xenografts.", "animal_in_vitro"),
    # a review of the paper's own patients or charts is a record review, not a literature review
    ("Dosing of drug A: a review of our first 90 patients.", "We evaluated the first 90 patients in our practice "
     "who treated two attacks with drug A. Most needed more than one tablet.", "case_series"),
    # open treatment of people who had completed a randomised study is not randomised
    ("Long-term safety of drug A.", "We examined long-term safety in patients who had completed 12 weeks' treatment "
     "in a randomised, double-blind study comparing drug A and placebo. Of the 900 patients completing the study, "
     "700 chose to continue with 12 months' open-label treatment with drug A.", "non_randomised"),
    # a trial called for in the conclusion is not the paper's own design
    ("Retrospective analysis of drug A after infarction.", "We analysed 1000 patients followed for 16 months after "
     "infarction. Events were fewer with drug A than without it. Because this was a retrospective analysis, the "
     "groups differed. A large, randomized, placebo-controlled trial needs to be performed.", "cohort"),
])
def test_design_sixth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: the paper's own open randomised study completed by its patients stays a trial
    ("Drug A pharmacokinetics.", "Eighteen volunteers were enrolled. All completed this open, randomized, "
     "three-way cross-over study of drug A.", "rct"),
    # a conclusion that calls for a trial does not cancel the paper's own double-blind comparison
    ("Drug A in reflux.", "We performed a double-blind, placebo-controlled study in 60 patients. Drug A reduced "
     "reflux. Larger trials are needed.", "rct"),
])
def test_design_sixth_round_leaves_these_alone(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("abstract", "expected"), [
    # "withdrawal" names a treatment, not people withdrawing: the arms are summed
    ("Participants randomized to control (n = 50) (clonidine) or experimental (n = 52) (buprenorphine) withdrawal "
     "groups.", 102),
    # an abbreviated genus between a count and its people
    ("Thirty H. pylori-positive patients with ulcer were randomized to receive omeprazole.", 30),
    # "the first N" are the sample when the paper's verb takes them
    ("We evaluated the first 90 patients in our practice to treat two attacks. Sixty patients had used the "
     "injection before.", 90),
    # those completing the randomised phase, then those who went on: the second count
    ("Of the 900 patients completing the 12-week study, a total of 700 (78%) chose to continue with open-label "
     "treatment.", 700),
    # a planned number told in the future tense
    ("Ongoing trials will clarify this. TRIAL-X will test the hypothesis that drug A is better than drug B in "
     "preventing complications in 18,000 hypertensive patients.", None),
    # units counted in people: the people
    ("We performed a retrospective cohort study of 300 pregnancies in 210 women attending a clinic.", 210),
    # two case reports, each told from its own opening
    ("A 90-year-old woman developed pemphigus on drug A. She died of another illness. A 60-year-old man developed "
     "pemphigus after 11 months of drug B.", 2),
    # two arms told by their events: their people summed
    ("Events occurred in 40 of 600 patients treated without drug A (6.7%) and in 12 of 400 patients treated with "
     "drug A (3.0%).", 1000),
    # left alone (pass on the code before the round too): a first few of the sample; a single case
    ("The first 21 volunteers randomized received the low dose. In all, 60 volunteers were randomized.", 60),
    ("A 35-year-old man presented with a rash after drug A.", 1),
])
def test_sample_size_sixth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the paper's own case(s), told as what this paper / study / report describes or reports
    ("Drug A for trismus.", "Trismus is common in tetanus. Toxins act on neurons. We describe the use of drug A in "
     "the successful treatment of trismus in a patient with tetanus.", "case_series"),
    ("Drug A in cardiomyopathy.", "Heart failure has a poor prognosis. This paper describes the first case of a "
     "patient with cardiomyopathy who recovered on drug A.", "case_series"),
    ("Ossification after anoxia: two cases.", "Ossification is a known complication. This study reports two "
     "unusual cases of ossification after anoxic injury.", "case_series"),
    ("Drug A relieves neuralgia.", "This report describes the effectiveness of drug A in six patients with "
     "neuralgia refractory to treatment with conventional therapy. Drug A relieved pain in five.", "case_series"),
    # a title that ends "a case study." (with its full stop)
    ("The effect of drug A on speech: a case study.", "The effect of drug A was assessed in an individual with "
     "brain injury. His speech on and off drug A was evaluated.", "case_series"),
    # the paper's own series beside the cases it searched the literature for
    ("Drug A toxicity in renal failure.", "To report the toxicity of drug A. Eight patients treated at our hospital "
     "were included for analysis. Another six cases from the literature found by a MEDLINE search were also "
     "reviewed.", "case_series"),
    ("Drug A in depression: a case series and literature review.", "For the review, the MEDLINE database was "
     "searched. In our open-label case series (n = 5), drug A was given to patients with depression.",
     "case_series"),
    # a meta-regression the paper performed is its own pooled analysis of trials
    ("Drug A versus older drugs: a re-examination.", "To re-evaluate the evidence. Meta-regression analysis was "
     "performed to investigate sources of heterogeneity. Twelve trials were examined.", "meta_analysis"),
    # "randomly compared" allocates
    ("Drug A after shunting.", "Drug A was randomly compared to placebo (n = 14). We measured the pressure gradient "
     "before and after the drugs.", "rct"),
])
def test_design_seventh_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # left alone: a review that describes treatment in patients generally, and a real meta-analysis that names the
    # authors' hospital, stay what they were
    ("Management of neuralgia: a review.", "This review describes the drugs used in patients with neuralgia and "
     "their adverse effects.", "narrative_review"),
    ("Drug A for ulcers: a meta-analysis.", "We searched MEDLINE for randomized trials of drug A. Data from the 900 "
     "patients of 9 trials, including 40 treated at our hospital, were pooled in a meta-analysis.", "meta_analysis"),
])
def test_design_seventh_round_leaves_these_alone(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("abstract", "expected"), [
    # a count in words with "and", then a severity span before the people
    ("One hundred and five mild to moderate hypertensive patients were randomized to drug A or drug B.", 105),
    # a ratio is not a count
    ("Patients were randomized to drug A or B. Mean age was 50 years, with a 3:1 female/male ratio.", None),
    # thousands set off by a space inside "n ="
    ("Participants were randomly assigned to drug A (n = 12 100); drug B (n = 8000); or drug C (n = 8010).", 28110),
    # one count per group ("20 patients each into three groups") gives no number
    ("We recruited 25 patients each into drug A, drug B and placebo groups.", None),
    # parturients are people; a comma between adjectives
    ("Thirty laboring, full-term parturients who requested analgesia were enrolled in this randomized study.", 30),
    # a parallel group told in the next sentence joins the first
    ("Twenty patients (8 men and 12 women) were treated with drug A for 12 weeks. A parallel group of 30 patients "
     "was treated with drug B.", 50),
    # the paper's own few cases
    ("This study reports two unusual cases of ossification after anoxic injury.", 2),
    ("This paper describes the first case of a patient with cardiomyopathy who recovered on drug A.", 1),
    ("We describe the use of drug A in the successful treatment of trismus in a patient with tetanus.", 1),
    # a share of the sample that completed a questionnaire is not a count
    ("A total of 80 patients were assessed, and 100 percent of them completed the questionnaire.", 80),
    # left alone: "each received" in a crossover counts the people
    ("Ten volunteers each received drug A and placebo in random order.", 10),
])
def test_sample_size_seventh_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


# --- the eighth round (holdout18 read after its one blind measurement) -------------------------------------------

@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a meta-analysis told as done here, though it opens "A meta-analysis of" like a cited one
    ("Drug A in agitation.", "Drugs are used widely. A meta-analysis of randomized, double-blind trials published "
     "since 1970 (N = 12) was conducted. Pooled response rates were computed.", "meta_analysis"),
    # a search of the literature with an adjective before "literature"
    ("Ulcer healing as a marker.", "Two trials were done in patients with ulcers. To support these data, a search of "
     "the medical literature was conducted to identify more trials. In 9 trials the recurrence rate was 50%.",
     "meta_analysis"),
    # trials that "have been extensively documented" are background, not this paper's allocation
    ("Use of drug A in the province.", "The benefits of treatment have been extensively documented in randomized "
     "controlled trials. To examine patterns of use, we followed a cohort of 12000 subjects starting therapy "
     "between 1990 and 1993 for five years.", "cohort"),
    # the paper's own case: a structured abstract's subject, "The case of ... is presented"
    ("Infected pump treated with drug A.", "To describe the use of drug A for an infected pump. Spinal unit. Male "
     "patient aged 40 years with multiple sclerosis. Drug A cleared the infection.", "case_series"),
    ("Headache in vascular disease.", "The case of a diabetic patient is presented, who developed headache at the "
     "age of 60. Drug A was effective. The relevance of the vascular disease is discussed.", "case_series"),
    # a record review that asks what was associated with a frequency is a cohort, not a one-time share
    ("Withdrawal in intensive care.", "To estimate the frequency of withdrawal in ventilated patients and to "
     "identify associated factors. Retrospective review of medical records. Thirty patients were studied. Nine "
     "patients developed withdrawal, associated with higher doses (p = .04).", "cohort"),
    # groups compared for a cumulative incidence are followed over time
    ("Side effects of drugs A and B.", "Side effects were evaluated in 90 patients treated with drug A and 60 "
     "patients treated with drug B. The cumulative incidence of tremor was 20% with drug A compared with 35% with "
     "drug B.", "cohort"),
    # a qualitative content analysis
    ("Pain after transplant.", "The purpose of this descriptive study was to describe the pain experience. The "
     "sample consisted of 20 adults, interviewed four times. Investigators used a content analysis approach.",
     "other"),
    # a family-based association study (transmission disequilibrium test) compares by outcome and genotype
    ("A receptor polymorphism in schizophrenia.", "The polymorphism was examined for linkage to schizophrenia by "
     "genotyping 150 families and using the transmission disequilibrium test.", "case_control"),
    # a dose the investigators injected, measured before and after: their own treatment
    ("Toxin for the bladder.", "We investigated the effect of toxin A. The subjects were 15 children with "
     "hyperreflexia. Urodynamic studies were followed by injection of 100 to 200 U of toxin A. Bladder capacity "
     "increased from 130 to 210 mL (P < 0.01).", "non_randomised"),
])
def test_design_eighth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_the_papers_own_blinded_trial_outweighs_an_observational_mesh_heading() -> None:
    abstract = ("We present a prospective, double blind, crossover, placebo control study of drug A in women with an "
                "unstable bladder. We included 40 women.")
    mesh = ["Cross-Sectional Studies", "Prospective Studies"]
    result = design("Drug A for the unstable bladder.", abstract, mesh=mesh)
    assert result.label == "rct" and result.source == "text", result
    # without the paper's own blinded study the heading still decides
    assert design("Bladder symptoms in women.", "We surveyed 40 women with an unstable bladder.",
                  mesh=mesh).label == "cohort"


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a meta-analysis the paper only cites still does not make it one
    ("Drug A in the elderly.", "A meta-analysis of earlier trials has suggested a benefit. We randomized 200 "
     "patients to drug A or placebo.", "rct"),
    # a share read from records, with nothing associated with it, stays cross-sectional
    ("Drug use in nursing homes.", "To estimate the proportion of residents given drug A. Retrospective review of "
     "medical records of 300 residents.", "cross_sectional"),
])
def test_design_eighth_round_leaves_these_alone(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("abstract", "expected"), [
    # "in a woman with" told as a general statement is nobody's case; told of a patient, it is one
    ("Although drug B is needed, particularly in a woman with an intact uterus, discussion now focuses on which "
     "drug is best.", None),
    ("Drug A was given in a woman with refractory pain and she recovered.", 1),
    # the paper's own case
    ("Spinal unit. Male patient aged 40 years with multiple sclerosis and spasticity.", 1),
    ("The case of a diabetic patient is presented, who developed headache at the age of 60.", 1),
    # a word for people used as an adjective after a number is not a count; patient records are
    ("The present study surveys nurses' decisions about pain in 2 patient situations.", None),
    ("Seventy-two patient records were included in the analysis.", 72),
    # an anaesthetic risk class, a hyphenated type between the count and its people
    ("University hospital. 180 ASA physical status I and II patients scheduled for surgery. Patients were "
     "randomized to drug A or drug B.", 180),
    ("Sixty ASA physical status I or II elderly patients were randomly allocated to drug A or saline.", 60),
    ("The efficacy of drug A was studied in 12 type-2-diabetic patients.", 12),
    # a trial's intention-to-treat and per-protocol populations are one sample, not two arms
    ("Outpatients were recruited from ten centres and enrolled into an open-label study (intention-to-treat "
     "population n=120, age 20-80 years; per-protocol population n=101).", 120),
    # those who entered the double-blind phase after enrolment
    ("Of the 300 patients who were enrolled, 250 entered the double-blind study, and 230 completed it.", 250),
    # a comparison group told in the next sentence joins the first
    ("One hundred patients received drug A at the end of surgery. These patients were compared, with respect to "
     "pain, with 98 patients that received placebo.", 198),
    # a breakdown in brackets after the count is its parts, not more people
    ("We examined sleep in 14 female patients with depression, mostly in a first episode (six pre- and eight "
     "postmenopausal subjects) and 15 female controls.", 29),
    # two groups told by "in", the people named once
    ("Drug A was administered orally in 12 and intravenously in 6 patients.", 18),
    # left alone: arms each in their own brackets are summed
    ("Drug A (15 patients), drug B (15 patients) or placebo (15 patients) were given intravenously.", 45),
])
def test_sample_size_eighth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


def test_number_words_and_case_wordings_are_written_once() -> None:
    from search import design as rules

    assert rules._words(2, 3, 12, 40) == "two|three|twelve|forty"
    for word, value in {**rules._UNITS, **rules._TENS}.items():
        assert rules._number(word) == value
        assert rules._WORD_OF[value] == word
    # the design cue and the sample size's single case are joined from the one table of case-report wordings
    assert rules._CUE_PATTERNS["own_case_report"] == "|".join(
        wording for wording, uses in rules._CASE_WORDINGS if "design" in uses)
    assert rules._SINGLE_CASE.pattern == "|".join(wording for wording, uses in rules._CASE_WORDINGS if "one" in uses)
    assert all(uses <= {"design", "one"} and uses for _, uses in rules._CASE_WORDINGS)


# Ninth round (holdout19 read): each wording fails on the rules before it.
@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # the paper's own cohort study told with the authors' verb
    ("Complications after an error in a pharmacy.", "We conducted an epidemiologic cohort study of patients with "
     "implanted infusion pumps in one practice. The practice included 40 patients who received drugs through pumps.",
     "cohort"),
    # a search told by the databases searched, or by the database a literature review used
    ("Drug A versus drug B for depression.", "To compare drug A and drug B. CENTRAL (1990-2001), Web of Science "
     "(1980-2001), PsycINFO (1887-2001), Current Contents (1970-2001) and CINAHL databases were searched. Included "
     "studies were randomized controlled trials.", "meta_analysis"),
    ("Drug A after infarction.", "We reviewed the published literature (via MEDLINE) for asthma caused by drug A.",
     "meta_analysis"),
    ("Fissures.", "Drug treatments have been explored. We conducted a literature review on the PubMed database.",
     "meta_analysis"),
    # "uncontrolled" qualifying a use or a condition is not an uncontrolled study
    ("Drug A at night.", "Forty patients were given placebo or drug A at night according to a double-blind crossover "
     "design. Blood pressure rose. This suggests caution in uncontrolled use of drug A.", "rct"),
    # the investigators assigned the treatment, not at random
    ("Drug A in cardiomyopathy.", "Sixty patients with cardiomyopathy were assigned to receive drug A (n = 30) or not "
     "(n = 30). Mean follow-up was 40 months. Arrhythmias were compared between the 2 groups.", "non_randomised"),
    # a review says so, whatever animals the work it reviews used
    ("Sex differences in analgesia: from mouse to man.", "Studies in mice and rats show sex differences. This review "
     "summarizes the published literature on analgesia in animals and humans.", "narrative_review"),
    # cross-sectional designs of earlier research are not the paper's own
    ("Somatic symptoms and depression.", "As most existing research has been retrospective or cross-sectional in "
     "design, little is known. We report the link between symptoms and depression 5 years later in an initially "
     "healthy cohort of adults, based on prospective data.", "cohort"),
    # people who answered the paper's own survey once
    ("Drug A versus drug B.", "To retrospectively assess patient preferences for drug A versus drug B. Over 3 months, "
     "500 patients with migraine completed an office-based survey.", "cross_sectional"),
])
def test_design_ninth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # an uncontrolled study is still one
    ("Drug A in pain.", "We report an uncontrolled study of drug A in 20 patients with pain.", "non_randomised"),
    # randomly assigned is randomised
    ("Drug A in cardiomyopathy.", "Sixty patients were randomly assigned to receive drug A (n = 30) or not (n = 30).",
     "rct"),
    # a repeated questionnaire is not one measurement
    ("Quality of life.", "Data were collected retrospectively. A total of 72 patients were assessed and completed the "
     "questionnaire. Patients were asked to complete the questionnaire again after treatment; scores were compared.",
     "cohort"),
])
def test_design_ninth_round_leaves_these_alone(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_ninth_round_person_years_are_followed() -> None:
    # incidence per person-years: people followed, whatever the Case-Control heading or the odds ratio
    abstract = ("A community based study over 12 years. Twenty-eight patients treated with drug A or drug B were "
                "admitted for hypoglycaemia. With 30000 person-years of observation, the incidence was 2.2 per 1000 "
                "person-years for drug A, odds ratio 3.0.")
    assert design("Hypoglycaemia with drug A.", abstract, mesh=["Case-Control Studies", "Humans"]).label == "cohort"


def test_design_ninth_round_before_and_after_an_operation() -> None:
    # levels before and after an operation in patients and in operated controls: followed through it
    abstract = ("In 30 patients who underwent laparoscopic surgery, serum levels were measured. Five patients who "
                "underwent other procedures served as controls. Post-operative levels rose; pre-operative levels were "
                "normal.")
    assert_text_design("", abstract, "cohort")


def test_design_ninth_round_a_placebo_arm_passes_over_a_mesh_heading() -> None:
    # the investigators' placebo arm passes over the Case-Control heading
    abstract = ("We studied 30 patients with coronary disease. Twenty patients received drug A, and 10 were treated "
                "with placebo. We also studied 12 matched control subjects.")
    result = design("Drug A and the endothelium.", abstract, mesh=["Case-Control Studies", "Humans"])
    assert result.label == "rct" and result.source == "text", result


def test_design_ninth_round_a_review_passes_over_the_animals_heading() -> None:
    # the paper's own review passes over the Animals heading
    result = design("Compound X.", "This review summarizes current knowledge of compound X, a receptor antagonist.",
                    mesh=["Animals", "Rats"])
    assert result.label == "narrative_review" and result.source == "text", result


@pytest.mark.parametrize(("abstract", "expected"), [
    # ages after a count of respondents
    ("Over one year, 500 patients between the ages of 18 and 65 years completed a survey.", 500),
    # controls told in a sentence of their own join the patients
    ("Drug A was examined in ten patients. In addition, ten healthy subjects were tested as controls.", 20),
    ("In 30 patients who underwent surgery, levels were measured. Five female patients, who underwent other "
     "procedures, not involving the liver, served as controls.", 35),
    ("We studied 20 patients with angina. We also studied 12 age- and sex-matched control subjects.", 32),
    # left alone: "one" agent is no count of controls
    ("The medication of 120 patients was changed to drug B. Patients who failed on at least one traditional agent and "
     "who remained on other traditional agents throughout the study timeframe served as a control group.", 120),
    # an average size is not a count
    ("To date, 60 studies have been completed with a mean cohort size of 10 000 patients.", None),
    # sex words qualifying animals are no people
    ("Twenty female Wistar rats were allocated randomly to 4 groups.", None),
    ("Creatine was measured in pregnant (n = 8) and age-matched virgin female spiny mice (n = 6).", None),
    # those screened are not the sample
    ("A total of 71 patients were screened; 48 were excluded. Twenty-three patients were evaluated.", 23),
    # a count, a colon, then its breakdown
    ("We measured X in 150 patients with renal failure: 100 hemodialysis and 50 nondialysis patients, 30 of whom "
     "were given drug A.", 150),
    # the last arm told with its people and its drug, without a verb
    ("The patients were randomly assigned to two groups, 50 patients being given drug A 10 mg, and 52 patients "
     "drug B 5 mg, once daily.", 102),
    # each group's count in a sentence of its own
    ("Patients were randomized to drug A or drug B. In the drug A group (n = 20) blood pressure fell from 150 to 140. "
     "In the drug B group (n = 25) blood pressure fell from 152 to 141.", 45),
    # one arm "assigned to this group"
    ("From the day after surgery, 200 patients were treated with drug A, drug B or drug C. Drug A was stopped after 20 "
     "patients had been assigned to this group.", 200),
    # the groups a sample was divided into, after exclusions
    ("150 patients underwent surgery. 10 patients were excluded. Patients were divided into two groups: those with "
     "drug A (group A, n = 60) and those without it (group B, n = 80).", 140),
])
def test_sample_size_ninth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


# Tenth round (holdout20 read): each case fails on the rules before it, unless marked as left alone.
@pytest.mark.parametrize(("abstract", "expected"), [
    # the false numbers first: a number the study aimed at, planned or a rate is no sample (never guess)
    ("Registration closed with sufficient participants to exceed the target of 5 000 randomised subjects.", None),
    ("The study aims to randomise 400 patients who are on optimal treatment.", None),
    ("About 40 clinical sites are seeking to enroll a total of 1,500 persons with schizophrenia.", None),
    ("A total of 20,000 patients with hypertension will be randomized at 900 sites to drug A or drug B.", None),
    ("The model predicts that for every 1000 patients treated with drug A, 95 to 140 fewer patients would go blind.",
     None),
    # one group's size, not the sample
    ("A double blind, randomised study in three groups consisting of 18 patients each was conducted.", None),
    ("Fifteen patients were entered into each treatment arm.", None),
    ("Erections were compared in the treated rats and in normal controls (n = 10, each group).", None),
    ("Baseline data were collected on 10 patient records per hospital.", None),
    ("Each case was matched for sex and age with two normoalbuminuric control subjects.", None),
    # those who did the study's work are not the people studied
    ("Articles were extracted independently by two doctors who were blinded for author.", None),
    ("Data on patients receiving drug A were collected from 20 general practitioners to determine prescribing.", None),
    # a count does not run over a conjunction to the people of another clause
    ("Vomiting was less frequent with drug A than with drug B in 1 study, although only a few patients vomited.", None),
    # bare "n =" counts in an abstract that counts animals and no people
    ("Experiments were performed on 27 rabbit hearts randomized into one of four series: (1) control (n = 7): 60 min "
     "normal flow. (2) CIP (n = 7): 4 times 5 min zero flow.", None),
    # counts of people now found
    ("To date, 303 patients have been screened and 251 patients randomised in the study.", 251),
    ("A 2-year prospective survey in one unit. Of 967 children admitted, 55 were included with a 2-day delay.", 55),
    ("The study included 75 hypertensive patients. Age- and gender-matched 20 healthy subjects (9 males, 11 females) "
     "comprised the control group.", 95),
    ("We report 327 patients who were treated with drug A. They were compared with 417 patients who were eligible but "
     "were not treated with it.", 744),
    ("A colonoscopist invited 250 consecutive outpatients to be randomized. Seventy accepted and were randomized.", 70),
    ("Drug A was given to 386 patients. All but 48 patients had been treated with other agents before entering the "
     "trial.", 386),
    # left alone: controls already counted in the studied sum are not added again
    ("Overall, 44 patients with PID and 44 healthy women were included in the study. The control group consisted of 44 "
     "women who applied to the clinic for a check-up.", 88),
])
def test_sample_size_tenth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # an open or uncontrolled design named in the plural is the evidence the paper starts from
    ("Drug A versus drug B for tremor.", "Four open-label studies have reported benefits of drug A. We performed a "
     "double-blind crossover trial comparing drug A to drug B. Twenty-two subjects enrolled and 19 completed the study.",
     "rct"),
    ("A double-blind trial of drug A versus drug B.", "Double-blind studies of the treatment are scarce. Some case series "
     "and uncontrolled data suggest the drugs may differ. The authors conducted a prospective double-blind trial. Mania "
     "was observed in 5 of 10 drug B-treated patients.", "rct"),
    # everyone screened for a trial, analysed for what the trial did not allocate
    ("Atrial fibrillation after infarction.", "Atrial fibrillation was studied in 6676 consecutive patients screened in "
     "27 centres for inclusion into the TRACE study. In-hospital mortality was higher in patients with atrial "
     "fibrillation; patients who received thrombolysis were compared.", "cohort"),
    # a regimen with its dose and schedule given to everyone in a prospective study: the investigators' treatment
    ("One week triple therapy.", "In a prospective study designed to evaluate the efficacy of a triple therapy regimen, "
     "100 consecutive patients received drug A 20 mg twice daily in combination with drug B 400 mg twice daily for seven "
     "days. Eradication was compared with compliance.", "non_randomised"),
    # one group followed, factors tested against the outcome: prognostic factors in a defined group (cohort)
    ("", "Fifty-two patients with rectal tumors underwent chemoradiation. Mean follow-up was 32.1 months. Overall "
     "survival was negatively affected by lymph node metastases (P = .017).", "cohort"),
    # a follow-up of stated length: the groups were followed, not measured once beside their controls
    ("Sphincterotomy.", "Thirty-three patients underwent manometry. Patients with normal manometry served as controls. "
     "The average follow-up was 18.1 months. Pain was less frequent after sphincterotomy.", "cohort"),
    # the paper's own trial told in the future tense: a protocol
    ("Study X: objectives and current status.", "This 2 x 2 factorial randomised controlled trial will recruit 10 000 "
     "adults with type 2 diabetes. Eligible patients are randomised to drug A or placebo.", "other"),
    # groups compared for a prevalence, nothing over time
    ("Drug A and gingival overgrowth.", "A cohort of 135 renal transplant recipients treated with drug A (89) or drug B "
     "(46) took part in the study. The prevalence of gingival overgrowth was higher in the drug B group compared with "
     "the drug A group.", "cross_sectional"),
    # a receiver operator curve for deaths a year later: a prognostic cohort, not a test's accuracy
    ("", "During 2001-03, 1895 patients underwent bypass grafting. The relative risks of 1 year mortality compared with "
     "patients with normal glucose were raised. The receiver operator characteristic area for glucose and 1 year "
     "mortality was 0.65.", "cohort"),
])
def test_design_tenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # blinded studies whose people the sentence counts are the paper's own
    ("Drug A in volunteers.", "Fifty-five males received drug A in four double- and single-blind, placebo-controlled, "
     "ascending-dose crossover studies. Clearance was constant.", "rct"),
    # screened for a trial that then randomised them: the trial itself
    ("Drug A after infarction.", "Of 6676 patients screened for the TRACE study, 1749 were randomized to drug A or "
     "placebo. Mortality was lower with drug A.", "rct"),
])
def test_design_tenth_round_leaves_these_alone(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_tenth_round_an_open_cue_of_others_passes_over_the_mesh_heading() -> None:
    # the paper's own blinded trial outweighs an observational heading even when others' open studies are cited
    abstract = ("Four open-label studies have reported benefits. We performed a double-blind crossover trial of drug A "
                "in 22 patients.")
    result = design("Drug A for tremor.", abstract, mesh=["Case-Control Studies", "Humans"])
    assert result.label == "rct" and result.source == "text", result


# Eleventh round (holdout21 read): each case fails on the rules before it, unless marked as left alone.
@pytest.mark.parametrize(("abstract", "expected"), [
    # words for people: sufferers, mutation carriers, drug addicts, snorers, "pts"
    ("In a population-based sample, 120 clinically diagnosed migraine headache sufferers were enrolled in a diary "
     "study.", 120),
    ("We studied drug A in 12 snorers with mild sleep-disordered breathing.", 12),
    ("We describe reactions in two patients who had abused drug A, and in five drug addicts who injected it.", 7),
    ("300 female BRCA1 mutation carriers and 250 BRCA2 carriers were identified from the database.", 550),
    ("This retrospective study was designed to find predictors of readmission. Mean age of the 150 pts was 66 yrs; "
     "40 pts (27%) had more than one admission.", 150),
    # a disease type between the count and its people
    ("Insulin secretion was measured in 64 Type 2 diabetic patients hospitalized for hyperglycaemia.", 64),
    # "two hundreds" is the number its author meant
    ("Antibodies were assessed in umbilical cord blood of two hundreds newborns, one hundred of whom had low birth "
     "weight.", 200),
    # a self-completed questionnaire is no subset of those who completed the study
    ("Incontinence was assessed by 4,000 community-dwelling women using a self-completed questionnaire.", 4000),
    # a group added in a sentence opening "Additionally"
    ("Twelve women with cystoceles were included in this study. Additionally, 8 healthy female volunteers underwent "
     "the same test.", 20),
    # "X (y%) of N randomised patients": the randomised count is the sample
    ("Fifteen (50%) of 30 randomised patients received the study medication over the 6-week period.", 30),
    # a meta-analysis' pooled people, above a number word for one patient
    ("The number needed to treat for one patient to benefit was calculated. Twelve double-blind, parallel-group "
     "single-dose trials with 2100 patients using pain relief scales allowed the calculation.", 2100),
    # "Among N patients, M (x%) were ...": the clause opens on the sample
    ("Survival at 28 days was examined in a registry. Among 5000 patients, 800 (16%) were taking drug A and 700 (14%) "
     "drug B.", 5000),
    # the control group the strongest count: the patients it is compared with join it
    ("Patients with COPD (n = 80) were defined by standard criteria. The control group (n = 40) consisted of clinic "
     "patients without respiratory complaints.", 120),
    # the stated total after the arms, not the arms analysed
    ("A randomized study of drug A (n = 16) vs. drug B (n = 16) vs. both (n = 14) in 50 patients with nephritis was "
     "performed.", 50),
    # the only count is of those evaluable
    ("Patients were treated with drug A or drug B for 5 days in a double-blind, randomized study. Data from 250 "
     "patients were evaluable for efficacy (125 drug A, 125 drug B).", 250),
    # those who entered the randomised phase after an open one
    ("Of 200 initially treated patients, 190 were healed (no esophagitis) and entered the maintenance study.", 190),
    # subgroups each counted at the end of their own description
    ("In diet-controlled subjects (fasting glucose 117 mg/dl; n = 6), drug A had no effect. In subjects taking oral "
     "agents (n = 7) (glucose 143 mg/dl), drug A lowered insulin. Only in subjects with exhaustion (glucose 152 mg/dl; "
     "n = 8), did drug A raise insulin.", 21),
    # the organisations that recruited are not the people they recruited
    ("One hundred community pharmacies recruited patients with migraine. Two hundred patients (84% women) treated 500 "
     "evaluable attacks (drug A, n = 250; drug B, n = 250).", 200),
    # case reports told as such
    ("In this case study we describe a dual approach to the palliation of muscle spasms.", 1),
    ("Can drug A cause gynecomastia? Case-report of a 49 year old with chronic back pain.", 1),
    # false numbers: a second type or class, plural case reports, counts per comparison
    ("Approval was sought for drug A as an adjunctive therapy for type 1 and 2 diabetics using insulin.", None),
    ("Case reports of patients with sudden onset of the disorder and evidence for a drug were included.", None),
    ("Cure rates were similar for A and B: 74% vs. 76% in a total of 1000 patients; for A and C: 78% vs. 81% in a total "
     "of 800 patients; for B and C: 81% vs. 85% in 500 patients.", None),
    # left alone: a control group told "in addition" is not added twice; an adjective before "referred" is no agent
    ("The effect was examined in nine patients. In addition, nine healthy subjects were tested as controls.", 18),
    ("Seven consecutive referred patients with a mole were studied.", 7),
])
def test_sample_size_eleventh_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a pooled, retrospective or post hoc analysis of several trials' data is a meta-analysis, not their trial
    ("Drug A and other drugs on stringent measures.", "To compare drug A with drugs B and C. Retrospective analysis of "
     "data from five randomized, placebo-controlled, double-masked clinical trials in which drug A was compared with "
     "drug B 100 mg (n = 772) and drug C 2.5 mg (n = 413).", "meta_analysis"),
    ("Drug A on nausea: a post hoc analysis.", "Data from five randomized, double-blind clinical trials in which drug A "
     "10 mg was compared with drug B 2.5 mg (N = 406) for the acute treatment of a migraine attack were retrospectively "
     "analyzed.", "meta_analysis"),
    ("Early efficacy of drug A.", "In this pooled analysis, 348 subjects from 3 randomized, double-blind, parallel-group "
     "studies were used to compare drug A with drug B.", "meta_analysis"),
    ("Benefits of therapy in outcome trials.", "We used meta-regression to investigate the association between the odds "
     "ratios of outcome and the blood pressure differences between randomized groups.", "meta_analysis"),
    # people who "randomly received" one of two drugs were allocated at random
    ("Interaction of drug A and drug B with warfarin.", "Patients stable on warfarin randomly received drug A or drug B "
     "for three weeks. After a washout period, the patients were crossed over to the opposite drug. Data for 16 "
     "patients were analyzed.", "rct"),
    # an earlier pilot study's design is not the paper's own
    ("Drug A and sleep.", "In a previous pilot study of quadriplegic patients we found a high prevalence of sleep "
     "apnoea. We therefore conducted a double-blind, placebo-controlled, cross-over study of drug A in 10 snorers.",
     "rct"),
])
def test_design_eleventh_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_eleventh_round_a_self_named_cross_sectional_survey_keeps_its_heading() -> None:
    # the MeSH follow-up heading does not make a study that calls itself cross-sectional a cohort
    abstract = ("Prospective questionnaire-based, cross-sectional analytic survey. Patients with COPD (n = 100) and a "
                "control group (n = 51) completed a reflux questionnaire.")
    mesh = ["Cross-Sectional Studies", "Prospective Studies", "Humans"]
    assert design("Reflux symptoms in COPD.", abstract, mesh=mesh).label == "cross_sectional"
    # ... while one that does not still reads the follow-up heading as a cohort (left alone)
    other = "Patients with COPD (n = 100) completed a reflux questionnaire."
    assert design("Reflux symptoms in COPD.", other, mesh=mesh).label == "cohort"


# Twelfth round (holdout22 read): each case fails on the rules before it, unless marked as left alone.
@pytest.mark.parametrize(("abstract", "expected"), [
    # a one-letter abbreviation ("H. pylori") does not end the clause that tells what was done with the count
    ("Data from 60 patients with active ulcer and positive H. pylori status were analysed. In the B group, treatment "
     "failed in all patients with primary resistance (n = 4).", 60),
    # the start of a range is no count
    ("The efficacy of drug A has been demonstrated in large (n = 300 to 1500) well designed comparative trials.", None),
    # the items of a list of groups share the verb before the first
    ("We studied eight patients with disease A, eight patients without it, six patients with disease B, and eight "
     "matched normal controls.", 30),
    ("We studied 200 patients with diabetes (90 on drug A, group 1; 110 on other drugs, group 2) and 700 non-diabetic "
     "people.", 900),
    # a bracketed aside of up to 60 characters between a count and its people
    ("Samples were collected from 10 drug-A-medicated patients, 20 triple-medicated (drug B, drug C, and cyclosporin A "
     "daily) transplant recipients, and 25 healthy individuals.", 55),
    # a further group already described before is some of the same people; "did not undergo" tells a part
    ("We investigated continence in 100 patients after surgery. Results were compared in 20 patients with anastomotic "
     "leakage and 80 patients with uneventful recovery. Additionally, 12 patients with anastomotic leakage and 40 "
     "patients with uneventful recovery underwent manometry.", 100),
    ("The 40 patients (25 men and 15 women) in this study underwent laparoscopy. An additional four patients did not "
     "undergo laparotomy due to progression.", 40),
    # those who "completed the ... test" are the sample, not a part of it
    ("Twelve healthy women completed the verbal learning test in the follicular phase. The control group consisted of "
     "8 women who were tested three times.", 20),
    # a survey's respondents told after the questionnaire
    ("A questionnaire was sent to 90 and returned by 80 consecutive patients after the trials. The trial was negative "
     "in three (50 patients) of the five studies and positive in two (20 patients) (an exercise study of drug B).", 80),
    ("An anonymous questionnaire was sent by mail. Sixty per cent of the physicians returned the answered "
     "questionnaire (90/150).", 90),
    # nobody counted but by the shares of two compared groups
    ("During the study 5.0% (4 of 80) of drug-A-treated patients developed an ulcer, compared with 15.0% (15 of 100) "
     "of patients treated with placebo.", 180),
    ("Sixty-eight percent (600 of 900) of the former patients and 59% (900 of 1 500) of the latter patients were given "
     "additional drugs.", 2400),
    # left alone: a selection told with "did not" before "were included", then a new group; a trial "completed by"
    # some of those included; "completed the study" is still a part
    ("Sixteen female patients with large cystoceles did not demonstrate incontinence and were included in this study. "
     "Additionally, 10 healthy female volunteers underwent the same test.", 26),
    ("A total of 1700 patients were included. The 20-week treatment period was completed by 1326 patients.", 1700),
    ("Forty patients were randomized to drug A or placebo; 35 patients completed the study.", 40),
])
def test_sample_size_twelfth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # an analysis of several trials' data, told in other words than "pooled" or "retrospective analysis of data"
    ("Prolactin with drugs A and B.", "This paper examines the effects of drugs A and B on prolactin based on data from "
     "3 multicenter, double-blind, randomized clinical trials.", "meta_analysis"),
    ("Drug A and movement disorders.", "This retrospective analysis included 23 clinical trials and 4611 patients from "
     "1991 through 2001.", "meta_analysis"),
    ("Safety of drug A.", "Prospectively defined analyses of data from comparative and noncomparative trials of drug A "
     "were conducted.", "meta_analysis"),
    ("Therapies for infection.", "To evaluate available therapies. Efficacy data from all studies included in the "
     "analysis are transformed to intention to treat data.", "meta_analysis"),
    # the paper's own systematic review, and a search strategy
    ("Complications after surgery.", "A systematic review of cardiac complications after thoracic surgery is "
     "presented.", "meta_analysis"),
    ("Treating dementia.", "A comprehensive review of the literature published between 1985 and 1998 was conducted, "
     "using dementia and treatment as search strategy key words.", "meta_analysis"),
    # a model of events or costs is no study of people
    ("Costs of episodic treatment.", "Healing rates were taken from published trials. A statistical model was set up "
     "and a random number generator used to generate clinical events for each patient.", "other"),
    ("Drug costs: a model calculation.", "We calculated the costs of a 20-year intervention with drug A in 3000 "
     "patients.", "other"),
])
def test_design_twelfth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_twelfth_round_leaves_a_review_citing_trials_alone() -> None:
    # "Based on data from 6 large clinical trials", told without the paper's own voice, is a review's summary of
    # others' trials, not its pooled analysis
    abstract = ("Drug A was launched in 1998. Based on data from 6 large clinical trials in adults, the marketed doses "
                "of drug A are effective in relieving migraine.")
    assert design("Drug A: a review.", abstract).label != "meta_analysis"


# Thirteenth round (holdout23 read): each case fails on the rules before it, unless marked as left alone.
@pytest.mark.parametrize(("abstract", "expected"), [
    # groups that add up to the count told before them are its parts, the control group among them
    ("To study drug A in men. Sixty patients were randomly divided into two groups: treatment group (n = 31) and "
     "control group (n = 29). Drug A was given for 6 months.", 60),
    # a sentence that is only the sample's size
    ("Retrospective chart review of trial participants. Groups were compared by age. N = 48. Mean age = 66.1; 45% "
     "female. Those with more symptoms had more admissions (20 participants vs 9; P = .03).", 48),
    # three or more arms of the randomisation the sentence opens with, however far from it
    ("A total of 900 patients were enrolled in the study. Patients were randomly assigned to receive drug A, 400 mg "
     "twice per day (twice the usual dosage; n = 400); drug B, 800 mg 3 times per day (n = 200); or drug C, 75 mg "
     "twice per day (n = 210).", 810),
    # a case report opening with its patient, the age written "yr", an aside before the person
    ("A 31-yr-old, completely (T6) paraplegic male patient presenting with severe spasticity had a pump implanted.", 1),
    # ... or opening with what the patient had, then what happened to him
    ("A man with relapsing multiple sclerosis developed involuntary eye movements during relapses. A scan showed "
     "lesions.", 1),
    # ... "We describe an individual with", "We present a four-case series"
    ("Central pain is poorly understood. We describe an individual with paraplegia who had severe pain for years.", 1),
    ("Drug A is effective. We present a three-case series in which drug A was associated with diabetes.", 3),
    # two groups whose shares make the whole
    ("Patients undergoing hip replacement were compared. Two hundred patients (70%) were young and 86 (30%) were "
     "elderly. Pain scores did not differ.", 286),
    # left alone: two arms told with "n =" after a randomisation stay below a randomised count told before; shares
    # that do not make a whole are parts; an "N =" inside a sentence is not the sentence alone
    ("A total of 250 patients were randomized. Patients were randomized to receive drug A (Group I, n = 115) or drug B "
     "(Group P, n = 118).", 250),
    ("Of 400 patients enrolled, 120 patients (30%) were men and 90 (22.5%) were smokers.", 400),
    ("The sample (N = 56) was drawn from two clinics.", 56),
])
def test_sample_size_thirteenth_round_phrasings(abstract: str, expected: int | None) -> None:
    found = sample_size(abstract, learned=False)
    assert (found.n if found else None) == expected, found


@pytest.mark.parametrize(("title", "abstract", "expected"), [
    # a database search told as how studies were identified, or "the searches of the Cochrane Library"
    ("Treating hypertension in diabetes.", "Review of the medical literature. Studies were identified by using the "
     "Cochrane Library, MEDLINE, and expert recommendation.", "meta_analysis"),
    ("Treating hypertension in diabetes.", "To evaluate the goals of treatment. The searches of the Cochrane Library "
     "were performed in May 2000 and updated in April 2002.", "meta_analysis"),
    # an article that provides its readers with guidelines
    ("Exercise for persons with fibromyalgia.", "Exercise carries risks and benefits. The purpose of this article is to "
     "provide practicing health care providers with guidelines for prescribing exercise.", "guideline"),
    # porcine cells in subculture are work outside a person
    ("Drug A and endothelin synthesis in endothelial cells.", "Drug A raises blood pressure in patients with anemia. "
     "We investigated its effects in endothelial cells. Porcine endothelial cells were isolated from the aorta. "
     "Studies were performed with cells of the first subculture.", "animal_in_vitro"),
    # what something else "helps to determine" is no aim of the paper
    ("Common pediatric neurologic problems.", "The most common problems include seizures and headache. When one is "
     "evaluating a patient who has had a seizure, differentiating the types helps to determine the extent of the "
     "work-up. Febrile seizures are typically benign.", "narrative_review"),
    # the paper's own patient, told as "an individual with"
    ("A case of pain treated with drug A.", "We describe an individual with paraplegia who for many years experienced "
     "severe pain. Drug A reduced the pain.", "case_series"),
])
def test_design_thirteenth_round_wordings(title: str, abstract: str, expected: str) -> None:
    assert_text_design(title, abstract, expected)


def test_design_thirteenth_round_leaves_an_aim_to_determine_the_extent_alone() -> None:
    # "to determine the extent" as the paper's aim is still a cross-sectional cue
    abstract = ("To determine the extent of drug A use in general practice. Records of 300 patients were surveyed "
                "once.")
    assert design("Drug A use in general practice.", abstract).label == "cross_sectional"
