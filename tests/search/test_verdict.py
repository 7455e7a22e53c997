"""Addresses, stance relative to the frame, and the verdict rule, on hand-made papers."""
from __future__ import annotations

import math

import pytest

from documents.sources.base import Filters, Record
from search.pipeline.addresses import addresses
from search.pipeline.concepts import load
from search.pipeline.judge_frame import OUTCOME_CUES, claim_values, favoured_arm, named_outcome, safety_stance
from search.pipeline.state import Addresses, Frame, RankedPaper, Stance
from search.pipeline.understand import understand
from search.pipeline.verdict import ONE_STUDY, SAFETY_CAUTION, decide, headline


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


ADDED = ("I'm already on a maximum dose ACE inhibitor for kidney disease. Would adding losartan bring my proteinuria "
         "down?")


def _record(title: str, abstract: str, pmid: str = "1") -> Record:
    return Record(pmid=pmid, title=title, abstract=abstract, year=2000)


def _paper(n: int, label: str, strength: float = 0.8, addressed: str = "yes", retracted: bool = False) -> RankedPaper:
    rest = round((1 - strength) / 2, 4)
    values = {"supports": rest, "refutes": rest, "neutral": rest, label: strength}
    stance = Stance(label, values["supports"], values["refutes"], values["neutral"], uncertain=strength < 0.6)
    record = Record(pmid=str(n), title=f"t{n}", abstract="a", year=2000, retracted=retracted)
    return RankedPaper(rank=n, record=record, similarity=0.5, stance=stance,
                       addresses=Addresses(addressed, "test"))


def _effect_read(question: str, stance: Stance, title: str, abstract: str) -> Stance | None:
    """effect_stance for one fully-addressing study of ``question`` whose classifier stance is ``stance``."""
    from search.pipeline.judge_frame import effect_stance

    paper = RankedPaper(rank=1, record=_record(title, abstract), similarity=0.5, stance=stance,
                        addresses=Addresses("yes", "test"))
    return effect_stance(understand(question, Filters()), paper, stance, question)


COMPARISON = "Is tolterodine more effective than oxybutynin for overactive bladder?"
COMBINATION = "Does the fosinopril plus hydrochlorothiazide combo bring blood pressure down?"


@pytest.mark.parametrize(
    "question, title, abstract, label",
    [
        (COMPARISON, "Tolterodine versus oxybutynin", "Tolterodine and oxybutynin were equally effective.", "yes"),
        (COMPARISON, "Tolterodine in overactive bladder", "Tolterodine was better than placebo.", "partly"),
        (COMPARISON, "Darifenacin", "Darifenacin reduced incontinence episodes.", "no"),
        ("Is it safe to take sumatriptan if you have coronary heart disease?", "Sumatriptan and the heart",
         "Sumatriptan caused coronary vasoconstriction in patients with coronary heart disease.", "yes"),
        ("Is it safe to take sumatriptan if you have coronary heart disease?", "Sumatriptan for migraine",
         "Sumatriptan relieved migraine headache.", "partly"),
        ("Does metformin lower blood sugar in type 2 diabetes?", "Metformin in type 2 diabetes",
         "Metformin lowered fasting glucose in type 2 diabetes.", "yes"),
        ("Is one long-acting opioid more effective than another for chronic pain?", "Oxycodone CR vs morphine",
         "Controlled-release oxycodone was compared with controlled-release morphine; pain relief was similar.", "yes"),
        ("Is one long-acting opioid more effective than another for chronic pain?", "Oxycodone vs placebo",
         "Controlled-release oxycodone was better than placebo for chronic pain.", "partly"),
        # The condition asked about must be studied: the symptom in another condition does not address it.
        ("Does loratadine stop the sneezing of a common cold?", "Loratadine in seasonal allergic rhinitis",
         "Loratadine reduced sneezing and nasal itching in hay fever.", "no"),
        ("Does loratadine stop the sneezing of a common cold?", "Loratadine for the common cold",
         "Loratadine did not reduce sneezing in adults with a common cold.", "yes"),
        ("Does loratadine stop the sneezing of a common cold?", "Loratadine pharmacology",
         "Loratadine is a long-acting antihistamine.", "partly"),
        # An added treatment: a trial of it alone answers another question than one of it added to what is taken.
        (ADDED, "Losartan in proteinuric kidney disease",
         "Losartan reduced proteinuria by 35% compared with placebo in patients with kidney disease.", "partly"),
        (ADDED, "Add-on angiotensin receptor blockade with maximized ACE inhibition",
         "Adding losartan to maximal ACE inhibitor therapy did not reduce proteinuria in kidney disease.", "yes"),
        # A combination: a study of its first drug alone tests another regimen.
        (COMBINATION, "Fosinopril in hypertension", "Fosinopril lowered blood pressure compared with placebo.",
         "partly"),
        (COMBINATION, "Fosinopril and hydrochlorothiazide combination therapy",
         "Fosinopril plus hydrochlorothiazide lowered blood pressure more than either drug alone.", "yes"),
    ],
)
def test_addresses(question, title, abstract, label):
    query = understand(question, Filters())
    assert addresses(query, _record(title, abstract)).label == label


@pytest.mark.parametrize(
    "sentence, arm",
    [
        ("Tolterodine was more effective than oxybutynin.", "x"),
        ("Oxybutynin was superior to tolterodine in reducing urge incontinence.", "y"),
        ("Tolterodine was less effective than oxybutynin.", "y"),
        ("There was greater improvement with tolterodine than with oxybutynin.", "x"),
        ("Both drugs reduced micturitions.", None),
        ("Tolterodine was better tolerated than oxybutynin.", None),  # tolerability is not efficacy
        # A third drug won: not the arm asked about (a class arm is given its members' names, below).
        ("Healing with lansoprazole was superior to that achieved with oxybutynin at week 4.", None),
        # A change said to be bigger in one arm than in the other.
        ("Urge episodes were reduced (% of baseline) more in the tolterodine than in the oxybutynin group.", "x"),
        ("Continence improved more with oxybutynin than with tolterodine.", "y"),
    ],
)
def test_favoured_arm(sentence, arm):
    assert favoured_arm(sentence, ["tolterodine"], ["oxybutynin"]) == arm


def test_two_regimens_of_one_arm_say_nothing_of_the_other_arm():
    sentence = "Esomeprazole-based triple therapy was more effective than esomeprazole plus clarithromycin."
    assert favoured_arm(sentence, ["esomeprazole"], ["lansoprazole"]) is None
    sentence = ("Eradication was significantly better with lansoprazole with triple therapy than with lansoprazole "
                "with amoxycillin or lansoprazole alone.")
    assert favoured_arm(sentence, ["lansoprazole"], ["omeprazole"]) is None
    # The other arm named as the subject, or the study's own drug as "it", still gives the reading.
    assert favoured_arm("It was more effective than lansoprazole.", ["esomeprazole"], ["lansoprazole"]) == "x"


def test_a_comparative_said_of_an_arm_favours_it():
    sentence = ("When the cost-effectiveness of esomeprazole was compared with that of lansoprazole, the greater "
                "efficacy of esomeprazole translated into lower costs.")
    assert favoured_arm(sentence, ["esomeprazole"], ["lansoprazole"]) == "x"
    # ... but not when it was compared with a third drug.
    sentence = "Improvement in ulcer pain was significantly better with pantoprazole than with ranitidine."
    assert favoured_arm(sentence, ["pantoprazole"], ["omeprazole"]) is None
    assert favoured_arm("Healing was better with pantoprazole than with omeprazole.", ["pantoprazole"],
                        ["omeprazole"]) == "x"
    assert favoured_arm("Dry mouth was less frequent with tolterodine than with oxybutynin.", ["tolterodine"],
                        ["oxybutynin"], cues=OUTCOME_CUES) == "x"


def test_favoured_arm_names_a_class_by_its_members():
    sentence = "Healing with lansoprazole was superior to that achieved with ranitidine at week 4."
    assert favoured_arm(sentence, ["proton pump inhibitors", "lansoprazole"], ["ranitidine"]) == "x"


def test_favoured_arm_on_tolerability_when_the_question_asks_it():
    sentence = "Tolterodine was better tolerated than oxybutynin, with fewer adverse events."
    assert favoured_arm(sentence, ["tolterodine"], ["oxybutynin"], safety=True) == "x"


def test_named_outcome_of_a_comparison():
    from search.pipeline.judge_frame import named_outcome

    assert named_outcome("Does tolterodine cause less dry mouth than oxybutynin?") == ("dry mouth", "lower")
    assert named_outcome("Is tolterodine more effective than oxybutynin?") is None
    # The verb's object is the outcome; the verb with more / less gives the direction asked of X.
    assert named_outcome("Does risperidone raise prolactin more than olanzapine?") == ("prolactin", "higher")
    assert named_outcome("Does amlodipine lower blood pressure more than atenolol?") == ("blood pressure", "lower")
    assert named_outcome("Does atenolol affect sex life less than lisinopril?") == ("sex life", "lower")
    # whom it is given to, and the article, are no part of the outcome
    assert named_outcome("I got a cough on lisinopril. Would losartan be less likely to give me a cough?") == (
        "cough", "lower")


def test_a_likelier_side_effect_is_the_outcome_compared():
    """"More likely than Claritin to make you sleepy": a side effect asked of X (higher); "less likely than haloperidol
    to cause tardive dyskinesia (the twitching)": the explanation in brackets is not part of the outcome."""
    assert named_outcome("Is Zyrtec more likely than Claritin to make you sleepy during the day?") == ("sleepy", "higher")
    assert named_outcome("Are newer antipsychotics like Zyprexa less likely than haloperidol to cause tardive "
                         "dyskinesia (the permanent twitching movements)?") == ("tardive dyskinesia", "lower")
    assert named_outcome("Is olanzapine more likely than risperidone to make her put on weight?") == (
        "put on weight", "higher")
    # a longer "than" clause, and a list of harms: all of it is the outcome (the "side effects" in it name the
    # abstracts' words for them)
    assert named_outcome("Is haloperidol more likely than newer antipsychotics like olanzapine or risperidone to "
                         "cause stiffness, tremor and other movement side effects?") == (
        "stiffness, tremor and other movement side effects", "higher")
    assert named_outcome("Is Zyrtec more likely than Claritin to make you sleepy, or is it the same?") == (
        "sleepy", "higher")


def test_side_effects_are_named_the_way_abstracts_write_them():
    from search.pipeline.judge_frame import OUTCOME_CUES, favoured_arm
    from search.stance.outcome_reading import compare_on_outcome
    from search.pipeline.judge_frame import ADVERSE_NAMES

    abstract = ("Methods: patients took almotriptan or sumatriptan. Results: Almotriptan was better tolerated than "
                "sumatriptan, with fewer adverse events (15% vs 20%, p = 0.01).")
    found = compare_on_outcome(abstract, outcome_names=list(ADVERSE_NAMES), x_names=["almotriptan"],
                               y_names=["sumatriptan"],
                               favoured=lambda c, xs, ys: favoured_arm(c, list(xs), list(ys), cues=OUTCOME_CUES))
    assert found and all(f.arm == "x" for f in found)


def test_safety_stance_never_supports():
    harmful = RankedPaper(1, _record("s", "Sumatriptan caused chest pain and myocardial ischaemia in two patients."), 0.5)
    quiet = RankedPaper(2, _record("s", "Sumatriptan was given to 40 patients."), 0.5)
    reassuring = RankedPaper(3, _record("s", "No serious adverse events occurred."), 0.5)
    assert safety_stance(harmful).label == "refutes"
    assert safety_stance(quiet).label == "neutral"
    assert safety_stance(reassuring).label == "neutral"


@pytest.mark.parametrize("abstract, label", [
    # Every trial lists its adverse events: that alone says nothing about safety in one group of people.
    ("The most common adverse events were nausea and dizziness.", "neutral"),
    ("Side effects were mild and transient.", "neutral"),
    ("Adverse events were more frequent with clozapine than with placebo.", "refutes"),
    ("Three patients withdrew because of side effects.", "refutes"),
    ("Sumatriptan caused chest tightness in 4% of patients.", "refutes"),
    # The serious harms themselves need no qualifier.
    ("Hyperkalaemia developed in 11 patients given spironolactone with an ACE inhibitor.", "refutes"),
    ("Metformin in the third trimester was associated with pre-eclampsia and perinatal mortality.", "refutes"),
    # What the study set out to examine, and a drug's action or class, report no harm.
    ("To investigate the effect of tolcapone on the pharmacokinetics and hypoglycemic effect of tolbutamide, 12 "
     "volunteers received both. Tolcapone did not influence the effect of tolbutamide on plasma glucose.", "neutral"),
    ("Patients taking antiarrhythmic drugs or other hypoglycaemic agents were excluded.", "neutral"),
    ("Hypoglycaemic episodes occurred in 9 patients given glibenclamide.", "refutes"),
    # Who was studied, a trial's name, what was measured or planned, and a harm that fell are no harm found.
    ("Patients (n=320) with confirmed acute myocardial infarction were randomised to captopril or losartan.",
     "neutral"),
    ("Losartan was started in post-infarction patients and in survivors of cardiac arrest.", "neutral"),
    ("The Optimal Trial in Myocardial Infarction with the Angiotensin II Antagonist Losartan (OPTIMAAL) compared "
     "losartan with captopril.", "neutral"),
    ("All patients will be followed until 937 deaths occur.", "neutral"),
    ("Primary end points were death and reinfarction.", "neutral"),
    ("Diltiazem reduced the rate of death or reinfarction by 65%.", "neutral"),
    ("There were significantly more cardiovascular deaths with losartan than with captopril.", "refutes"),
    ("Treatment was complicated with bleeding in 4 patients.", "refutes"),
    ("Patients treated with heparin had more bleeding than those given placebo.", "refutes"),
    ("RESULTS: Death occurred in 3 patients given the combination.", "refutes"),
    ("Five patients on the combination were seen in our emergency department with hyperkalemia.", "refutes"),
    ("Eighteen percent of the patients given metformin and glyburide had symptoms compatible with hypoglycemia.",
     "refutes"),
])
def test_safety_reads_adverse_events_only_when_they_matter(abstract, label):
    assert safety_stance(RankedPaper(1, _record("s", abstract), 0.5)).label == label


def test_verdict_yes_no_mixed():
    effect = Frame(kind="effect", intervention="x", outcome="y")
    assert decide([_paper(i, "supports") for i in range(6)], effect, offline=True).label == "yes"
    assert decide([_paper(i, "refutes") for i in range(6)], effect, offline=True).label == "no"
    mixed = [_paper(i, "supports") for i in range(3)] + [_paper(i + 3, "refutes") for i in range(3)]
    assert decide(mixed, effect, offline=True).label == "mixed"


def test_verdict_abstains_when_too_few_address_or_too_uncertain():
    comparison = Frame(kind="comparison", intervention="tolterodine", comparator="oxybutynin")
    partly = [_paper(i, "supports", addressed="partly") for i in range(10)]
    verdict = decide(partly, comparison, offline=True)
    assert verdict.label == "insufficient" and verdict.studies_counted == 0
    assert "compare tolterodine with oxybutynin directly" in verdict.reason
    weak = [_paper(i, "supports", strength=0.45) for i in range(10)]
    verdict = decide(weak, Frame(kind="effect", intervention="x"), offline=True)
    assert verdict.label == "insufficient" and "not confident" in verdict.reason


def test_two_agreeing_studies_answer_when_none_disagrees_and_the_rest_are_unclear():
    comparison = Frame(kind="comparison", intervention="nortriptyline", comparator="amitriptyline")
    two = [_paper(1, "refutes"), _paper(2, "refutes"), _paper(3, "neutral", strength=0.9),
           _paper(4, "supports", strength=0.45)]
    verdict = decide(two, comparison, offline=True)
    assert (verdict.label, verdict.confidence, verdict.studies_counted) == ("no", "low", 4)
    split = [_paper(1, "refutes"), _paper(2, "supports"), _paper(3, "neutral", strength=0.9)]
    assert decide(split, comparison, offline=True).label == "insufficient"
    one = [_paper(1, "refutes"), _paper(2, "neutral", strength=0.9), _paper(3, "neutral", strength=0.9)]
    assert decide(one, comparison, offline=True).label == "insufficient"
    # Partly-addressing studies never make up the two: their side is read from other outcomes.
    effect = Frame(kind="effect", intervention="x", outcome="y")
    partly = [_paper(1, "supports"), _paper(2, "supports", addressed="partly"), _paper(3, "neutral", strength=0.9)]
    assert decide(partly, effect, offline=True).label == "insufficient"
    # Two head-to-head studies are all the library has and both take the same side: a low-confidence answer that says
    # how few they are. One of them unclear, or an effect question's two: still no verdict.
    verdict = decide([_paper(1, "refutes"), _paper(2, "refutes")], comparison, offline=True)
    assert (verdict.label, verdict.confidence, verdict.studies_counted) == ("no", "low", 2)
    assert "Only 2 studies in this library compare nortriptyline with amitriptyline directly" in verdict.reason
    unclear = [_paper(1, "refutes"), _paper(2, "neutral", strength=0.9)]
    assert decide(unclear, comparison, offline=True).label == "insufficient"
    assert decide([_paper(1, "supports"), _paper(2, "supports")], effect, offline=True).label == "insufficient"
    assert decide([_paper(1, "refutes")], comparison, offline=True).label == "insufficient"


def test_retracted_and_unaddressed_studies_are_left_out():
    effect = Frame(kind="effect", intervention="x")
    papers = [_paper(i, "refutes", retracted=True) for i in range(5)] + [_paper(10 + i, "refutes", addressed="no")
                                                                           for i in range(5)]
    papers += [_paper(20 + i, "supports") for i in range(4)]
    verdict = decide(papers, effect, offline=True)
    assert verdict.label == "yes" and verdict.studies_counted == 4


def test_offline_safety_is_never_yes_and_always_cautions():
    safety = Frame(kind="safety", intervention="x", population="y")
    verdict = decide([_paper(i, "supports") for i in range(10)], safety, offline=True)
    assert verdict.label == "insufficient" and verdict.caution == SAFETY_CAUTION
    assert decide([_paper(i, "refutes") for i in range(5)], safety, offline=True).label == "no"


def test_offline_safety_says_no_only_when_at_least_half_the_studies_report_harm():
    """Offline only harms can be read, never reassurance: 3 harm reports among 14 studies that say nothing readable
    is no "not safe" (it was, and 12 labelled safe-answer questions got "no"); half or more is."""
    safety = Frame(kind="safety", intervention="x", population="y")
    minority = [_paper(i, "refutes") for i in range(3)] + [_paper(10 + i, "neutral", strength=0.9) for i in range(11)]
    verdict = decide(minority, safety, offline=True)
    assert (verdict.label, verdict.caution) == ("insufficient", SAFETY_CAUTION)
    assert verdict.reason.startswith("Of the 14 studies that address the question, 3 report adverse effects or risks")
    assert "none shows that it is safe for you" in verdict.reason
    half = [_paper(i, "refutes") for i in range(4)] + [_paper(10 + i, "neutral", strength=0.9) for i in range(4)]
    assert decide(half, safety, offline=True).label == "no"
    # With an LLM judge the studies can also show safety: the share rule is offline only.
    assert decide(minority, safety, offline=False).label == "no"


def test_offline_confidence_is_never_high():
    verdict = decide([_paper(i, "supports", strength=0.95) for i in range(20)], Frame(kind="effect"), offline=True)
    assert verdict.confidence == "moderate"
    assert decide([_paper(i, "supports", strength=0.95) for i in range(20)], Frame(kind="effect"),
                  offline=False).confidence == "high"


def test_headline_follows_the_verdict():
    frame = Frame(kind="comparison", intervention="a", comparator="b")
    verdict = decide([_paper(i, "refutes") for i in range(6)], frame, offline=True)
    text = headline(verdict, frame)
    assert text.startswith("The studies that compare them mostly found no clear advantage (certainty: moderate).")
    assert verdict.reason in text


def test_an_effect_question_is_refuted_by_a_study_that_found_no_effect_on_its_outcome():
    from search.pipeline.judge_frame import effect_stance

    query = understand("Does hormone replacement therapy prevent dementia?", Filters())
    positive = Stance("supports", 0.7, 0.2, 0.1)

    def paper(abstract: str) -> RankedPaper:
        return RankedPaper(rank=1, record=_record("HRT trial", abstract), similarity=0.5, stance=positive,
                           addresses=Addresses("yes", "test"))

    no_effect = paper("Results: Hormone replacement therapy improved hot flushes. Dementia incidence did not differ "
                      "from placebo.")
    assert effect_stance(query, no_effect, positive).label == "refutes"
    # As good as another drug is not "no effect"; and a study that found the effect keeps the classifier's stance.
    as_good = paper("Results: Dementia incidence was similar with hormone replacement therapy and donepezil.")
    assert effect_stance(query, as_good, positive) is None
    helped = paper("Results: Hormone replacement therapy reduced the incidence of dementia.")
    assert effect_stance(query, helped, positive) is None


def test_a_rise_in_the_outcome_refutes_a_question_that_asks_for_less():
    from search.pipeline.judge_frame import effect_stance

    question = "Does hormone replacement therapy prevent dementia?"
    query = understand(question, Filters())
    positive = Stance("supports", 0.7, 0.2, 0.1)
    assert _effect_read(question, positive, "WHIMS", "Conclusion: Hormone replacement therapy increased the risk for "
                                                     "probable dementia in postmenopausal women.").label == "refutes"
    # A count of events is not a rise.
    counted = RankedPaper(rank=1, record=_record("t", "Results: Dementia occurred in 2% of women on hormone "
                                                      "replacement therapy."), similarity=0.5, stance=positive,
                          addresses=Addresses("yes", "test"))
    assert effect_stance(query, counted, positive, question) is None
    # "More than three attacks a month" is a threshold, not a rise.
    threshold = RankedPaper(rank=1, record=_record("t", "Conclusion: Prophylaxis with hormone replacement therapy is "
                                                        "advised when more than three dementia episodes occur."),
                            similarity=0.5, stance=positive, addresses=Addresses("yes", "test"))
    assert effect_stance(query, threshold, positive, question) is None


def test_more_of_the_outcome_healing_is_no_rise_in_it():
    from search.pipeline.judge_frame import effect_stance

    question = "Will lansoprazole stop a bleeding ulcer?"
    query = understand(question, Filters())
    positive = Stance("supports", 0.7, 0.2, 0.1)
    healed = RankedPaper(rank=1, record=_record("t", "Results: Ulcers healed significantly more often with lansoprazole "
                                                     "than with placebo."), similarity=0.5, stance=positive,
                         addresses=Addresses("yes", "test"))
    assert effect_stance(query, healed, positive, question) is None
    rose = RankedPaper(rank=1, record=_record("t", "Results: Ulcer bleeding increased significantly with lansoprazole."),
                       similarity=0.5, stance=positive, addresses=Addresses("yes", "test"))
    assert effect_stance(query, rose, positive, question).label == "refutes"


@pytest.mark.parametrize(
    "claim, finding, label",
    [
        ("better", "x", "supports"), ("better", "y", "refutes"), ("better", "same", "refutes"),
        ("as_good", "x", "supports"), ("as_good", "y", "refutes"), ("as_good", "same", "supports"),
        ("worse", "x", "refutes"), ("worse", "y", "supports"), ("worse", "same", "refutes"),
    ],
)
def test_a_head_to_head_finding_is_read_by_the_claim(claim, finding, label):
    supports, refutes, neutral = claim_values(claim, finding, 0.9 if finding != "same" else 0.1)
    assert {"supports": supports, "refutes": refutes, "neutral": neutral}[label] == max(supports, refutes, neutral)


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Is nifedipine more likely than amlodipine to cause gum overgrowth?", ("gum overgrowth", "higher")),
        ("Is nifedipine less likely to cause ankle swelling than amlodipine?", ("ankle swelling", "lower")),
        ("Does olanzapine raise prolactin more than risperidone?", ("prolactin", "higher")),
        ("Is nifedipine more effective than amlodipine?", None),
        # "bring on" is a cause verb; a brand in brackets and an aside after a comma do not hide the outcome.
        ("Is atenolol more likely than losartan (Cozaar) to bring on diabetes?", ("diabetes", "higher")),
        ("Are newer antipsychotics less likely than Haldol (haloperidol) to cause tardive dyskinesia, the "
         "involuntary movements?", ("tardive dyskinesia", "lower")),
        # "make her put on weight" is what the drug brings on; "easier on the stomach" asks for less harm to it.
        ("Is Zyprexa more likely than Risperdal to make her put on weight?", ("put on weight", "higher")),
        ("Is Celebrex easier on the stomach than naproxen or ibuprofen?", ("stomach", "lower")),
        ("Is a fentanyl patch gentler on the bowel than morphine tablets?", ("bowel", "lower")),
        ("Will it make him feel better than Y?", None),
    ],
)
def test_named_outcome_of_a_likelier_comparison(question, expected):
    assert named_outcome(question) == expected


def test_a_no_to_as_good_names_the_better_arm():
    frame = Frame(kind="comparison", intervention="celecoxib", comparator="naproxen", claim="as_good")
    papers = [_paper(i, "refutes") for i in range(4)]
    verdict = decide(papers, frame, offline=True)
    assert verdict.label == "no"
    assert "found naproxen better" in verdict.reason
    assert "no clear advantage" not in headline(verdict, frame)


def test_partly_addressing_studies_count_only_when_too_few_full_ones_take_a_side():
    frame = Frame(kind="effect", intervention="quetiapine", outcome="prolactin")
    full = [_paper(i, "refutes") for i in range(3)]
    partly = [_paper(10 + i, "supports", addressed="partly") for i in range(6)]
    verdict = decide(full + partly, frame, offline=True)
    assert (verdict.label, verdict.studies_counted) == ("no", 3)  # the studies of prolactin itself decide
    fallback = decide(full[:2] + partly, frame, offline=True)
    assert fallback.studies_counted == 8  # two are too few to decide alone: the partly ones count, at a quarter weight


def test_in_the_fallback_the_studies_of_the_outcome_itself_outweigh_those_of_other_outcomes():
    # Two trials of prolactin refute; three trials of quetiapine on other outcomes read as positive fill in at a
    # quarter weight each: 0.75 against 2 is a "no" (at half weight, 1.5 against 2, it was "mixed").
    frame = Frame(kind="effect", intervention="quetiapine", outcome="prolactin")
    papers = [_paper(i, "refutes") for i in range(2)] + [_paper(10 + i, "supports", addressed="partly") for i in range(3)]
    verdict = decide(papers, frame, offline=True)
    assert (verdict.label, verdict.confidence) == ("no", "low")
    assert "Only 2 of the 5 that take a side look at exactly this" in verdict.reason


def test_arm_names_find_the_singular_of_a_plural_name():
    from search.pipeline.judge_frame import _names

    assert _names(["Placebos", "ACE inhibitors", "diabetes mellitus", "ab"]) == [
        "placebos", "ace inhibitors", "diabetes mellitus", "placebo", "ace inhibitor"]
    assert favoured_arm("Celecoxib was superior to placebo.", ["celecoxib"], ["placebos"]) is None
    assert favoured_arm("Celecoxib was superior to placebo.", ["celecoxib"], _names(["placebos"])) == "x"


def test_a_title_that_states_the_winner_is_the_finding_when_the_conclusion_only_recommends():
    question = "Does enalapril lower blood pressure as well as nisoldipine in black patients?"
    query = understand(question, Filters())
    assert (query.frame.claim, query.frame.population) == ("as_good", "black patients")
    stance = _head_to_head_stance(
        question,
        "Antihypertensive monotherapy with nisoldipine is superior to enalapril in black patients",
        "Patients were randomised to nisoldipine or enalapril for 8 weeks. "
        "Our findings suggest that nisoldipine could be considered as first-line therapy.")
    assert stance.label == "refutes" and "advantage for nisoldipine" in stance.rationale


def test_for_better_control_is_a_purpose_not_a_finding():
    sentence = "When a calcium channel blocker is indicated for better blood pressure control, it should be used."
    assert favoured_arm(sentence, ["calcium channel blocker"], ["diuretic"]) is None
    assert favoured_arm("The calcium channel blocker was better than the diuretic.", ["calcium channel blocker"],
                        ["diuretic"]) == "x"


def test_class_against_class_reads_the_members_of_each_arm():
    stance = _head_to_head_stance(
        "Do ARBs cause less cough than ACE inhibitors?",
        "Losartan versus lisinopril",
        "Patients were randomised to losartan or lisinopril. "
        "Rates of cough were significantly higher for lisinopril compared with losartan.")
    assert stance.label == "supports"


def test_as_good_on_a_named_outcome_is_supported_by_no_difference_and_refuted_by_the_other_arm_winning():
    from search.pipeline.judge_frame import comparison_stance
    from search.stance.comparison import load_comparison_model

    question = "Does nisoldipine prevent heart attacks as well as enalapril?"
    assert named_outcome(question) == ("heart attacks", "lower")
    query = understand(question, Filters())
    model = load_comparison_model()

    def read(abstract: str) -> str:
        paper = RankedPaper(rank=1, record=_record("Nisoldipine versus enalapril", abstract), similarity=0.5,
                            addresses=Addresses("yes", "head-to-head"))
        return comparison_stance(query, paper, model, question).label

    assert read("The rate of myocardial infarction did not differ between nisoldipine and enalapril.") == "supports"
    assert read("There were significantly fewer myocardial infarctions with enalapril than with nisoldipine.") == (
        "refutes")


def test_an_effect_study_in_other_people_only_partly_addresses_a_question_about_a_population():
    query = understand("After heart bypass surgery, does metoprolol prevent heart attacks?", Filters())
    other = _record("Metoprolol after myocardial infarction", "Metoprolol reduced heart attacks after infarction.")
    bypass = _record("Metoprolol after coronary bypass", "After coronary artery bypass surgery, metoprolol did not "
                     "reduce heart attacks.")
    assert addresses(query, other).label == "partly"
    assert addresses(query, bypass).label == "yes"


def test_an_offline_question_whose_frame_was_not_read_gets_no_verdict():
    papers = [_paper(i, "supports") for i in range(6)]
    unread = decide(papers, Frame(kind="other", intervention="omeprazole"), offline=True)
    assert unread.label == "insufficient" and "could not tell" in unread.reason
    # The LLM judge reads the question itself, so its stances still decide.
    assert decide(papers, Frame(kind="other", intervention="omeprazole"), offline=False).label == "yes"
    assert decide(papers, Frame(kind="effect", intervention="omeprazole"), offline=True).label == "yes"
    # No question read at all (the answer's writing tested alone): the studies decide as given.
    assert decide(papers, Frame(), offline=True, frame_read=False).label == "yes"


@pytest.mark.parametrize(
    "sentence, arm",
    [
        # The coordinated verb shares the sentence's subject (chlorthalidone), not the arm named last.
        ("Chlorthalidone was at least equivalent to amlodipine and lisinopril in all of the outcomes measured, "
         "and was better in some, notably heart failure.", "y"),
        # A third drug is the subject: no finding about either arm.
        ("Amlodipine was at least equivalent to chlorthalidone and lisinopril, and was better in some.", None),
        ("Patients on chlorthalidone and lisinopril were followed; lisinopril was better.", "x"),
        # The arm named first is what the subject was set against ("Compared to Y, X ... and is more effective").
        ("Compared to chlorthalidone 25 mg, the regimen with lisinopril 20 mg provides faster relief and is "
         "significantly more effective in healing.", "x"),
        ("In comparison with lisinopril, chlorthalidone lowered pressure faster and was more effective.", "y"),
    ],
)
def test_a_coordinated_verb_keeps_the_sentences_subject(sentence, arm):
    assert favoured_arm(sentence, ["lisinopril"], ["chlorthalidone"]) == arm


@pytest.mark.parametrize(
    "question, intervention, also",
    [
        ("Is Evista (raloxifene) as good as HRT at relieving hot flushes?", "Evista", "raloxifene"),
        ("Does Zantac (ranitidine) heal stomach ulcers?", "Zantac", "ranitidine"),
    ],
)
def test_a_drug_name_in_brackets_is_the_same_drug(question, intervention, also):
    query = understand(question, Filters())
    assert query.frame.intervention == intervention
    [x] = query.role_concepts("intervention")
    assert also in [n.lower() for n in x.synonyms]
    assert also not in (query.frame.outcome or "").lower()
    assert also not in (query.frame.comparator or "").lower()


def _head_to_head(title: str, abstract: str) -> RankedPaper:
    return RankedPaper(rank=1, record=_record(title, abstract), similarity=0.5,
                       addresses=Addresses("yes", "head-to-head"))


def _head_to_head_stance(question: str, title: str, abstract: str) -> Stance:
    """The comparison reading of one head-to-head study for ``question``."""
    from search.pipeline.judge_frame import comparison_stance
    from search.stance.comparison import load_comparison_model

    return comparison_stance(understand(question, Filters()), _head_to_head(title, abstract), load_comparison_model(),
                             question)


def test_arms_named_by_the_abstracts_own_abbreviations_are_read_and_quoted_as_written():
    stance = _head_to_head_stance(
        "Does nortriptyline relieve pain better than amitriptyline?",
        "Nortriptyline versus amitriptyline in postherpetic neuralgia",
        "Amitriptyline (AT) is a standard therapy. A crossover trial of AT versus nortriptyline (NT) was conducted in "
        "33 patients. Side effects were more common with AT. We concluded that AT and NT appear to have a similar "
        "analgesic action for most individuals.")
    assert stance.label == "refutes" and not stance.uncertain
    assert "AT and NT appear to have a similar analgesic action" in stance.rationale


def test_other_measures_not_differing_is_no_finding_on_the_main_one():
    """"No significant differences between groups for other variables was observed": the measures that did not
    differ are those besides the main one; read as "no difference", it answered "Is an epidural better than morphine
    for pain?" no. The same study's plain no difference on the outcome stays one."""
    question = "For pain after surgery, is isradipine better than captopril?"
    title = "Isradipine versus captopril after surgery"
    other = _head_to_head_stance(question, title, (
        "Patients were randomised to isradipine or captopril. Pain scores were recorded for 48 hours. There were no "
        "statistically significant differences between isradipine and captopril for changes of other indices."))
    assert other.label == "neutral" and "other measures did not differ" in other.rationale
    plain = _head_to_head_stance(question, title, (
        "Patients were randomised to isradipine or captopril. Pain scores were recorded for 48 hours. There were no "
        "statistically significant differences between isradipine and captopril in pain scores."))
    assert plain.label == "refutes"


def test_each_arm_changing_on_its_own_is_no_statement_that_they_did_not_differ():
    """"Reduced by nebivolol but not by atenolol", "whereas metoprolol had no significant effect": each arm against its
    own baseline; read as "no difference" by the model, it answered "Is losartan better than atenolol?" no."""
    question = "Is nebivolol better than atenolol for angina?"
    title = "Nebivolol versus atenolol in stable angina"
    own = _head_to_head_stance(question, title, (
        "Patients were randomised to nebivolol or atenolol. ST-segment depression was significantly reduced by "
        "nebivolol but not by atenolol."))
    assert own.label == "neutral" and "changed on its own" in own.rationale
    whereas = _head_to_head_stance(question, title, (
        "Patients were randomised to nebivolol or atenolol. Heart strain fell significantly with nebivolol, whereas "
        "atenolol had no significant effect on it."))
    assert whereas.label == "neutral"
    same = _head_to_head_stance(question, title, (
        "Patients were randomised to nebivolol or atenolol. Heart strain fell similarly with both drugs, whereas "
        "heart rate did not change."))
    assert same.label == "refutes"  # a difference denied in so many words stays one


def test_an_add_on_arm_that_names_the_drug_both_arms_take_is_no_third_drug():
    """"The combination of hydrocodone with ibuprofen was significantly superior to ibuprofen": asked "Is hydrocodone
    plus ibuprofen better than ibuprofen alone?", ibuprofen is in both arms, not a third drug that won."""
    stance = _head_to_head_stance(
        "After surgery, does hydrocodone plus ibuprofen relieve pain better than ibuprofen alone?",
        "Analgesic efficacy of a hydrocodone with ibuprofen combination compared with ibuprofen alone",
        "Patients with pain after surgery received hydrocodone with ibuprofen, ibuprofen alone or placebo. The "
        "combination of hydrocodone with ibuprofen was significantly superior to ibuprofen for all hourly analgesic "
        "scores.")
    assert stance.label == "supports" and "significantly superior to ibuprofen" in stance.rationale


def test_a_no_difference_stated_of_both_arms_is_found_beyond_the_sentence_the_model_read():
    from search.pipeline.judge_frame import stated_no_difference

    abstract = ("Tolterodine and oxybutynin were compared in 300 patients. Baseline characteristics were similar in "
                "the two groups. We found no significant difference in micturition frequency between the two drugs. "
                "Dry mouth was reported by 20% and 45%.")
    x, y = ["tolterodine"], ["oxybutynin"]
    assert stated_no_difference(abstract, x, y) == (
        "We found no significant difference in micturition frequency between the two drugs.")
    tolerability = "Tolterodine and oxybutynin were given. There was no difference in adverse events between the two drugs."
    assert stated_no_difference(tolerability, x, y) is None  # an efficacy question is not answered by side effects
    assert stated_no_difference(tolerability, x, y, safety=True) == (
        "There was no difference in adverse events between the two drugs.")
    assert stated_no_difference("Patients took tolterodine. Oxybutynin was similar to placebo.", x, y) is None
    assert stated_no_difference("A trial. Tolterodine was not statistically different from placebo and oxybutynin "
                                "did not cause any impairment.", x, y) is None
    assert stated_no_difference("A trial. Tolterodine was at least as effective as oxybutynin.", x, y) is None
    assert stated_no_difference("A trial of tolterodine. Effectiveness was similar among the agents.", x, y) is None
    assert stated_no_difference("A trial. Tolterodine, oxybutynin and darifenacin were similarly effective.", x,
                                y) is None  # a third drug
    assert stated_no_difference("A trial. Efficacy was similar at 2 hours and significantly greater with "
                                "tolterodine at 4 hours than with oxybutynin.", x, y) is None


def test_a_treatment_given_with_both_arms_is_no_third_arm():
    from search.pipeline.judge_frame import stated_no_difference

    x, y = ["omeprazole"], ["famotidine"]
    both = ("Omeprazole or famotidine was given. High-dose famotidine and omeprazole, combined with clarithromycin and "
            "metronidazole, are equally effective for eradication.")
    assert stated_no_difference(both, x, y) is not None
    listed = "Omeprazole or famotidine was given. Omeprazole, famotidine and ranitidine were equally effective."
    assert stated_no_difference(listed, x, y) is None
    groups = ("Omeprazole or famotidine was given. Ulcers recurred in the ranitidine group and in the famotidine "
              "group, with no difference between the groups.")
    assert stated_no_difference(groups, x, y) is None  # one arm named, and the groups are of a third drug


def test_a_third_drug_named_between_the_comparative_and_the_loser_is_the_winner():
    sentence = "Parkinsonism and tremor were more likely to occur with haloperidol than with placebo."
    assert favoured_arm(sentence, ["risperidone"], ["placebo"], cues=OUTCOME_CUES) is None
    assert favoured_arm("Tremor was more likely to occur with risperidone than with placebo.", ["risperidone"],
                        ["placebo"], cues=OUTCOME_CUES) == "y"
    # A third drug listed after "than" is another loser, not the winner.
    assert favoured_arm("Cetirizine caused sedation more often than ebastine or loratadine.", ["cetirizine"],
                        ["loratadine"], cues=OUTCOME_CUES) == "y"


def test_one_study_that_finds_for_the_claim_is_a_low_confidence_yes_and_says_so():
    """A comparison's "yes" may rest on one fully-addressing study with none against (``MIN_AGREEING_YES``); a "no",
    an effect question (its one side is the classifier's reading of tone), a partly-addressing study or a safety
    question may not."""
    comparison = Frame(kind="comparison", intervention="carvedilol", comparator="metoprolol")
    one = [_paper(1, "supports"), _paper(2, "neutral", strength=0.9), _paper(3, "neutral", strength=0.9),
           _paper(4, "refutes", strength=0.45)]
    verdict = decide(one, comparison, offline=True)
    assert (verdict.label, verdict.confidence) == ("yes", "low")
    assert verdict.reason.endswith(ONE_STUDY) and "1 points to yes and 0 to no" in verdict.reason
    refuting = [_paper(1, "refutes"), _paper(2, "neutral", strength=0.9), _paper(3, "neutral", strength=0.9)]
    assert decide(refuting, comparison, offline=True).label == "insufficient"
    partly = [_paper(1, "supports", addressed="partly"), _paper(2, "neutral", strength=0.9),
              _paper(3, "neutral", strength=0.9)]
    assert decide(partly, comparison, offline=True).label == "insufficient"
    effect = Frame(kind="effect", intervention="x", outcome="y")
    assert decide(one, effect, offline=True).label == "insufficient"
    safety = Frame(kind="safety", intervention="x", population="y")
    assert decide(one, safety, offline=True).label == "insufficient"


def test_two_agreeing_studies_never_make_a_safety_question_yes_offline():
    safety = Frame(kind="safety", intervention="x", population="y")
    harms = [_paper(1, "refutes"), _paper(2, "refutes"), _paper(3, "neutral", strength=0.9)]
    assert decide(harms, safety, offline=True).label == "no"
    reassuring = [_paper(1, "supports"), _paper(2, "supports"), _paper(3, "neutral", strength=0.9)]
    assert decide(reassuring, safety, offline=True).label == "insufficient"


def test_a_no_difference_against_placebo_is_not_a_comparison_of_the_two():
    stance = _head_to_head_stance(
        "Does celecoxib relieve knee pain better than acetaminophen?",
        "Celecoxib, acetaminophen and placebo in knee osteoarthritis",
        "Patients received celecoxib, acetaminophen or placebo for 6 weeks. Acetaminophen or celecoxib alone was not "
        "significantly more effective than placebo.")
    assert stance.label == "neutral" and "each with placebo" in stance.rationale


def test_a_title_quote_is_given_back_as_the_title_writes_it():
    stance = _head_to_head_stance(
        "Does nortriptyline relieve pain better than amitriptyline?",
        "NT is superior to AT in postherpetic neuralgia",
        "Amitriptyline (AT) and nortriptyline (NT) were given in turn to 30 patients. Our findings suggest that NT "
        "could be considered first.")
    assert stance.label == "supports" and "\u201cNT is superior to AT in postherpetic neuralgia\u201d" in stance.rationale


def test_the_studies_closest_to_the_question_count_most():
    from dataclasses import replace

    from search.pipeline.verdict import RELEVANCE_SCALE, relevance

    effect = Frame(kind="effect", intervention="x", outcome="y")
    # Three close trials found no effect; four distant studies of the treatment's other uses are positive.
    close = [replace(_paper(i, "refutes"), similarity=0.70) for i in range(3)]
    far = [replace(_paper(10 + i, "supports"), similarity=0.55) for i in range(4)]
    verdict = decide(close + far, effect, offline=True)
    assert verdict.label == "no"
    assert "4 point to yes and 3 to no" in verdict.reason  # the counts are still told as they are
    assert "match your question most closely count most" in verdict.reason
    # Equally close studies count equally, as before the relevance factor.
    level = [replace(p, similarity=0.6) for p in close + far]
    assert decide(level, effect, offline=True).label == "mixed"
    assert relevance(close[0], 0.70) == 1.0
    assert relevance(far[0], 0.70) == pytest.approx(math.exp((0.55 / 0.70 - 1) / RELEVANCE_SCALE))
    assert relevance(far[0], 0.70) < 0.3
    # A backend whose similarities are not positive cosines weighs every study the same.
    assert relevance(far[0], 0.0) == 1.0


def test_a_finding_about_another_treatment_takes_no_side_on_an_effect_question():
    from search.pipeline.judge_frame import finding_names_treatment, reframe

    query = understand("Does vitamin E lower the risk of heart attack in people at high risk?", Filters())
    positive = Stance("supports", 0.8, 0.1, 0.1)

    def paper(pmid: str, title: str, abstract: str) -> RankedPaper:
        return RankedPaper(rank=1, record=_record(title, abstract, pmid), similarity=0.6, stance=positive,
                           addresses=Addresses("yes", "test"))

    ramipril = paper("1", "Effects of ramipril on cardiovascular events in high-risk patients",
                     "METHODS: Patients were randomly assigned to ramipril or placebo and, in a factorial design, to "
                     "vitamin E or placebo. RESULTS: Myocardial infarction occurred less often with ramipril. "
                     "CONCLUSIONS: Ramipril significantly reduces the rates of death, myocardial infarction and stroke "
                     "in high-risk patients.")
    vitamin = paper("2", "Vitamin E supplementation and cardiovascular events in high-risk patients",
                    "Patients received vitamin E or placebo. Vitamin E had no apparent effect on heart attack.")
    defined = paper("3", "A factorial trial in high-risk patients",
                    "Patients received vitamin E (VE) or placebo for 4 years. VE reduced myocardial infarction.")
    assert not finding_names_treatment(query, ramipril)
    assert finding_names_treatment(query, vitamin) and finding_names_treatment(query, defined)
    stances = reframe(query, [ramipril], {"1": positive}, question="Does vitamin E lower the risk of heart attack?")
    assert stances["1"].label == "neutral" and "not vitamin E" in stances["1"].rationale


def test_a_class_arm_is_a_class_though_one_of_its_names_is_a_single_dictionary_word():
    """"Do the newer antipsychotics work better than older ones like haloperidol?": "neuroleptic", one of the class's
    names, is a single word the drug dictionary files under Antipsychotic Agents; read as one drug, the class arm was
    never written as the study's risperidone, and "greater reductions ... in the risperidone group than in the
    haloperidol group" was read as an advantage for haloperidol."""
    from search.pipeline.addresses import is_class_word

    assert is_class_word("neuroleptic") and is_class_word("benzodiazepine")
    assert not is_class_word("haloperidol") and not is_class_word("omeprazole")
    stance = _head_to_head_stance(
        "Do the newer antipsychotics work better than older ones like haloperidol or chlorpromazine?",
        "A comparison of risperidone and haloperidol for the prevention of relapse",
        "Patients were randomly assigned to risperidone or haloperidol. Patients in the risperidone group had greater "
        "reductions in the mean severity of psychotic symptoms than those in the haloperidol group.")
    assert stance.label == "supports" and "risperidone group had greater reductions" in stance.rationale


def test_other_drugs_are_read_word_by_word_as_the_drug_dictionary_reads_them():
    from search.pipeline.addresses import other_drugs

    text = "tolterodine-la and oxybutynin were similar; extended-release oxybutynin was given at night"
    assert other_drugs(text, ["tolterodine"]) == {"oxybutynin"}
    assert other_drugs(text, ["tolterodine", "extended-release oxybutynin"]) == set()
    assert other_drugs(text, ["Oxybutynin"]) == {"tolterodine"}


def test_a_trial_against_another_drug_only_does_not_refute_that_the_treatment_works():
    from search.pipeline.judge_frame import against_another_drug_only, reframe

    question = "Does Claritin relieve hay fever?"
    query = understand(question, Filters())
    negative = Stance("refutes", 0.2, 0.7, 0.1)

    def paper(pmid: str, title: str, abstract: str) -> RankedPaper:
        return RankedPaper(rank=1, record=_record(title, abstract, pmid), similarity=0.6, stance=negative,
                           addresses=Addresses("yes", "test"))

    active = paper("1", "Topical levocabastine compared with oral loratadine for seasonal allergic rhinitis",
                   "Levocabastine relieved nasal symptoms of hay fever faster than loratadine.")
    placebo = paper("2", "Loratadine versus placebo in the prophylaxis of hay fever",
                    "Loratadine did not reduce symptoms of hay fever more than placebo.")
    assert against_another_drug_only(query, active) and not against_another_drug_only(query, placebo)
    stances = reframe(query, [active, placebo], {"1": negative, "2": negative}, question=question)
    assert stances["1"].label == "neutral" and "another drug only" in stances["1"].rationale
    assert stances["2"].label == "refutes"


def test_the_partly_addressing_fallback_never_outvotes_the_studies_of_the_question_itself():
    """'Can naproxen slow Alzheimer's disease?': trials of its stomach effects (partly) read as positive must not
    answer yes when the trial of Alzheimer's disease itself leans no, even too weakly to take a side."""
    frame = Frame(kind="effect", intervention="naproxen", outcome="Alzheimer's disease")
    partly = [_paper(10 + i, "supports", addressed="partly") for i in range(8)]
    leaning_no = [_paper(1, "refutes", strength=0.52), _paper(2, "neutral", strength=0.9)]
    verdict = decide(leaning_no + partly, frame, offline=True)
    assert verdict.label == "insufficient"
    assert "the 2 studies that look at exactly this lean the other way" in verdict.reason
    leaning_yes = [_paper(1, "supports", strength=0.52), _paper(2, "neutral", strength=0.9)]
    assert decide(leaning_yes + partly, frame, offline=True).label == "yes"  # they agree: the fallback answers
    one = decide([_paper(1, "refutes", strength=0.55)] + partly, frame, offline=True)
    assert "the 1 study that looks at exactly this leans the other way" in one.reason
    # Without a partly-addressing study counted, the rule does not apply (the full studies decide alone).
    full = [_paper(i, "supports") for i in range(3)] + [_paper(5, "refutes", strength=0.55)]
    assert decide(full, frame, offline=True).label == "yes"


def test_more_than_an_amount_is_no_comparison_of_the_arms():
    """"More than six percent of subjects taking nifedipine" is a share, not nifedipine losing to something."""
    amount = "More than six percent (6.3%) of subjects taking nifedipine were seen to have significant overgrowth."
    assert favoured_arm(amount, ["nifedipine"], ["amlodipine"], cues=OUTCOME_CUES) is None
    assert favoured_arm("Less than 5% of patients on amlodipine stopped.", ["nifedipine"], ["amlodipine"],
                        cues=OUTCOME_CUES) is None
    compared = "Overgrowth was more frequent with nifedipine than with amlodipine (more than 6% vs 3%)."
    assert favoured_arm(compared, ["nifedipine"], ["amlodipine"], cues=OUTCOME_CUES) == "y"


def test_a_drug_with_its_formulation_suffix_is_that_drug_when_telling_a_third_drug():
    """'Astemizole-D produced less sleep impairment than loratadine-D' is a win for a third drug, not for cetirizine;
    'tolterodine-LA' is tolterodine."""
    from search.pipeline.judge_frame import _third_drug_subject

    assert _third_drug_subject("astemizole-d consistently produced ", ["cetirizine"])
    assert not _third_drug_subject("tolterodine-la was ", ["tolterodine"])
    sentence = "Astemizole-D consistently produced less sleep impairment than loratadine-D."
    assert favoured_arm(sentence, ["cetirizine"], ["loratadine"], cues=OUTCOME_CUES) is None


def test_the_comparison_models_direction_needs_a_sentence_that_names_both_arms():
    """A finding sentence that names neither arm ('they restrict activities less than the old antihistamines') says
    nothing of which of cetirizine and loratadine caused less drowsiness, whatever direction the model reads."""
    from search.pipeline.judge_frame import comparison_stance
    from search.stance.comparison import load_comparison_model

    question = "Does cetirizine cause more drowsiness than loratadine?"
    query = understand(question, Filters())
    model = load_comparison_model()
    vague = _record("Newer antihistamines: cetirizine and loratadine",
                    "Cetirizine and loratadine are second-generation antihistamines. Daytime drowsiness and weakness "
                    "are seldom important, and they restrict patients' activities less than the old antihistamines.")
    paper = RankedPaper(rank=1, record=vague, similarity=0.5, addresses=Addresses("yes", "names both"))
    assert comparison_stance(query, paper, model, question).label == "neutral"
    clear = _record("Cetirizine versus loratadine",
                    "Patients were randomised to cetirizine or loratadine. Drowsiness was reported significantly "
                    "more often with cetirizine than with loratadine (14% vs 4%, p < 0.01).")
    paper = RankedPaper(rank=1, record=clear, similarity=0.5, addresses=Addresses("yes", "head-to-head"))
    assert comparison_stance(query, paper, model, question).label == "supports"


def test_a_placebo_controlled_trial_that_concludes_no_superiority_refutes_an_effect_question():
    """'The trial was stopped because superiority over placebo could not be demonstrated' names no outcome, while the
    abstract's tone stays positive ('a useful subjective improvement rate'); it is the trial's own null verdict."""
    question = "Does lithium help stop cluster headache attacks?"
    positive = Stance("supports", 0.7, 0.17, 0.13)
    title = "Lithium versus placebo in episodic cluster headache"
    read = _effect_read(question, positive, title, "Patients received lithium or placebo for 7 days. Lithium "
                        "treatment was associated with a useful subjective improvement rate. The trial was stopped "
                        "because superiority over placebo could not be demonstrated.")
    assert read is not None and read.label == "refutes" and "no better than placebo" in read.rationale
    # Another drug's null against placebo is not X's.
    assert _effect_read(question, positive, title, "Patients received lithium, verapamil or placebo. Lithium reduced "
                        "the attacks. Verapamil was not more effective than placebo.") is None



def test_no_reduction_is_no_change_and_the_outcome_is_no_other_drug():
    """'There was no reduction in cocaine use with risperidone': no change in the outcome, whose own name (a drug's)
    is not another drug, so the denial refutes a positive reading."""
    from search.stance.outcome_reading import read_clause

    assert read_clause("There was no reduction in cocaine use associated with risperidone.", ["cocaine"]) == "none"
    read = _effect_read("Can risperidone help someone stop using cocaine?", Stance("supports", 0.6, 0.3, 0.1),
                        "Risperidone for cocaine dependence", "Subjects received risperidone or placebo. Retention was "
                        "worse with risperidone. There was no reduction in cocaine use associated with risperidone.")
    assert read is not None and read.label == "refutes"


MELOXICAM = "Does Mobic (meloxicam) ease the pain of osteoarthritis?"


def test_no_difference_between_the_groups_of_a_trial_against_another_drug_is_not_no_effect():
    """"No significant differences between the treatment groups" in meloxicam *versus* diclofenac says meloxicam did as
    well as diclofenac: it names neither drug, but the trial has no placebo arm."""
    positive = Stance("supports", 0.7, 0.2, 0.1)
    abstract = ("A double-blind, randomized study compared meloxicam with diclofenac in patients with osteoarthritis. "
                "There were no significant differences between the treatment groups with respect to overall pain, "
                "pain on movement or global efficacy at the end of treatment.")
    assert _effect_read(MELOXICAM, positive, "Meloxicam in osteoarthritis: a comparison with diclofenac", abstract) \
        is None
    # The same sentence in a placebo-controlled trial is a finding of no effect.
    placebo = abstract.replace("compared meloxicam with diclofenac", "compared meloxicam with placebo")
    assert _effect_read(MELOXICAM, positive, "Meloxicam in osteoarthritis", placebo).label == "refutes"


def test_tolerability_like_placebos_is_no_finding_of_no_effect():
    positive = Stance("supports", 0.7, 0.2, 0.1)
    abstract = ("Meloxicam was statistically significantly more effective than placebo for all end points. The data "
                "support meloxicam once daily to treat the pain of OA, with gastrointestinal tolerability comparable "
                "to that of placebo.")
    assert _effect_read(MELOXICAM, positive, "Meloxicam in OA: a placebo-controlled trial", abstract) is None
    denial = "Meloxicam did not ease the pain of OA any more than placebo."
    assert _effect_read(MELOXICAM, positive, "Meloxicam in OA: a placebo-controlled trial", denial).label == "refutes"


@pytest.mark.parametrize("sentence", [
    # Who was enrolled, not what metformin did.
    "This study investigated whether intensive glucose control with metformin has any specific advantage. Of 4075 "
    "patients recruited to UKPDS in 15 centres, 1704 overweight (>120% ideal bodyweight) patients with newly diagnosed "
    "type 2 diabetes, mean age 53 years, had raised fasting plasma glucose (FPG; 6.1-15.0 mmol/L) without "
    "hyperglycaemic symptoms after 3 months' initial diet.",
    # More people reaching a target is the wanted direction.
    "Patients were randomized to glipizide, metformin, or glipizide/metformin tablets. In addition, patients "
    "receiving glipizide/ metformin were more likely to achieve an HbA1c level < 7.0%.",
])
def test_a_rise_that_describes_the_patients_or_a_target_reached_is_no_rise_with_the_treatment(sentence):
    question = "Does metformin lower blood sugar in type 2 diabetes?"
    positive = Stance("supports", 0.7, 0.2, 0.1)
    assert _effect_read(question, positive, "Metformin in type 2 diabetes", sentence) is None


def test_satisfaction_rising_is_no_rise_in_the_migraine():
    question = "Does Amerge (naratriptan) stop a migraine attack?"
    positive = Stance("supports", 0.7, 0.2, 0.1)
    sentence = "After treating 3 migraines with naratriptan, satisfaction with migraine therapy increased from 47% to 75%."
    assert _effect_read(question, positive, "Naratriptan preference", sentence) is None
    rose = "Migraine attacks became more frequent with naratriptan than before treatment (increased from 3 to 5 a month)."
    assert _effect_read(question, positive, "Naratriptan", rose).label == "refutes"


def test_a_verdict_resting_only_on_partly_addressing_studies_says_it_is_indirect():
    """"After angioplasty, will diltiazem stop the artery narrowing again?" with only diltiazem trials in angina and
    hypertension: the answer may lean on them, but says that no study looks at exactly this, at low confidence."""
    frame = Frame(kind="effect", intervention="diltiazem", outcome="narrowing")
    partly = [_paper(10 + i, "supports", addressed="partly") for i in range(6)]
    verdict = decide(partly, frame, offline=True)
    assert (verdict.label, verdict.confidence) == ("yes", "low")
    assert verdict.reason.startswith("No study found looks at diltiazem and narrowing exactly")
    assert "indirect evidence" in verdict.reason and "address the question" not in verdict.reason
    direct = decide([_paper(i, "supports") for i in range(6)], frame, offline=True)
    assert "indirect" not in direct.reason and direct.confidence == "moderate"


def test_a_verdict_resting_mostly_on_partly_addressing_studies_says_how_few_look_at_exactly_this():
    """"Will oxybutynin stop my child's bedwetting?" answered from one bedwetting study and five of oxybutynin for
    adults' bladders: the label stands, but the answer says so, at low confidence."""
    frame = Frame(kind="effect", intervention="oxybutynin", outcome="bedwetting")
    papers = [_paper(1, "supports")] + [_paper(10 + i, "supports", addressed="partly") for i in range(5)]
    verdict = decide(papers, frame, offline=True)
    assert (verdict.label, verdict.confidence) == ("yes", "low")
    assert "Only 1 of the 6 that take a side looks at exactly this" in verdict.reason
    # Once the studies of exactly this can decide, the fallback is off and nothing is added.
    direct = decide([_paper(i, "supports") for i in range(3)] + [_paper(10, "supports", addressed="partly")], frame,
                    offline=True)
    assert "exactly this" not in direct.reason


def test_an_added_treatment_answered_from_studies_of_it_alone_says_they_were_not_added_to_its_background():
    """"I'm already on an ACE inhibitor. Would adding losartan lower my proteinuria?" answered mostly from trials of
    losartan alone: the answer names what they did not add it to, not only "other problems or other people"."""
    frame = Frame(kind="effect", intervention="losartan", outcome="proteinuria", background="ACE inhibitor")
    papers = [_paper(1, "supports")] + [_paper(10 + i, "supports", addressed="partly") for i in range(5)]
    verdict = decide(papers, frame, offline=True)
    assert "the others are studies of losartan not added to ACE inhibitor, for other problems" in verdict.reason
    only_partly = decide(papers[1:], frame, offline=True)
    assert only_partly.reason.startswith("No study found looks at losartan added to ACE inhibitor and proteinuria")
    assert "of losartan not added to ACE inhibitor" in only_partly.reason
    plain = decide(papers, Frame(kind="effect", intervention="losartan", outcome="proteinuria"), offline=True)
    assert "added" not in plain.reason


LIDOCAINE_QUESTION = "Does lidocaine gel prevent autonomic dysreflexia during bowel procedures?"
POSITIVE_TONE = "Both procedures caused significant blood pressure elevation; lidocaine was well tolerated and safe."


@pytest.mark.parametrize(
    "question, title, refutes",
    [
        (LIDOCAINE_QUESTION, "Topical lidocaine does not limit autonomic dysreflexia during anorectal procedures.", True),
        # another treatment denied
        (LIDOCAINE_QUESTION, "Nifedipine does not limit autonomic dysreflexia during anorectal procedures.", False),
        # another outcome denied
        (LIDOCAINE_QUESTION, "Topical lidocaine does not alter anal sphincter pressure.", False),
        # "does not increase" says nothing of whether it prevents
        (LIDOCAINE_QUESTION, "Topical lidocaine does not increase autonomic dysreflexia during anorectal procedures.",
         False),
        # a harm question is refuted by a denied cause, not by a denied lowering
        ("Can nifedipine cause ankle swelling?", "Nifedipine does not cause ankle swelling in elderly patients.", True),
        ("Can nifedipine cause ankle swelling?", "Nifedipine does not reduce ankle swelling in elderly patients.", False),
        # "help"-type questions: a denied benefit refutes
        ("Does sumatriptan help cluster headache?", "Sumatriptan is not effective for cluster headache.", True),
    ],
)
def test_a_title_denying_what_the_question_asks_of_the_treatment_refutes_it(question, title, refutes):
    from search.pipeline.judge_frame import reframe, title_reading

    query = understand(question, Filters())
    paper = RankedPaper(rank=1, record=_record(title, POSITIVE_TONE), similarity=0.5,
                        stance=Stance("supports", 0.64, 0.2, 0.16), addresses=Addresses("yes", "test"))
    read = title_reading(query, paper, question)
    assert (read is not None and read.label == "refutes" and not read.uncertain) is refutes
    stance = reframe(query, [paper], {"1": paper.stance}, question=question)["1"]
    if refutes:
        assert stance.label == "refutes" and "its title says" in stance.rationale


NEUTRAL_TONE = "There were no serious adverse events; further studies are needed."


def test_the_title_reading_says_what_the_title_claims_in_plain_words():
    from search.pipeline.judge_frame import _third_person, title_reading

    assert [_third_person(v) for v in ("reduce", "diminish", "modify", "relieve", "delay")] == [
        "reduces", "diminishes", "modifies", "relieves", "delays"]
    question = "Does lisinopril lower albuminuria?"
    paper = RankedPaper(rank=1, record=_record("Lisinopril abolishes albuminuria in diabetic patients.", NEUTRAL_TONE),
                        similarity=0.5, stance=Stance("neutral", 0.2, 0.2, 0.6), addresses=Addresses("yes", "test"))
    read = title_reading(understand(question, Filters()), paper, question)
    assert read.label == "supports" and read.rationale.startswith("its title says lisinopril abolishes albuminuria")


@pytest.mark.parametrize(
    "question, title, label",
    [
        ("Does lisinopril lower albuminuria?",
         "Lisinopril reduces postexercise albuminuria more effectively than atenolol in primary hypertension.", "supports"),
        ("Does lisinopril lower albuminuria?", "Lisinopril increases albuminuria in diabetic patients.", "refutes"),
        # the outcome named only in the setting ("in patients with albuminuria") is not what the title claims about
        ("Does lisinopril lower albuminuria?", "Lisinopril reduces left ventricular mass in patients with albuminuria.",
         None),
        ("Can nifedipine cause ankle swelling?", "Nifedipine causes ankle swelling.", "supports"),
        ("Is hormone replacement therapy linked to Alzheimer's disease?",
         "Hormone replacement therapy is associated with a lower risk of Alzheimer's disease.", "refutes"),
        ("Does sumatriptan help cluster headache?", "Sumatriptan is effective for cluster headache.", "supports"),
        # the subject is another drug
        ("Does lisinopril lower albuminuria?", "Atenolol reduces albuminuria.", None),
        # "help" asks for a benefit: relieving pain is one; whether memory should go down only the outcome tells
        ("Can OxyContin help nerve pain?", "Controlled-release oxycodone relieves neuropathic pain.", "supports"),
        ("Does Ritalin help memory?", "Methylphenidate reduces memory errors in children.", None),
    ],
)
def test_a_title_stating_what_the_treatment_does_to_the_outcome_decides(question, title, label):
    from search.pipeline.judge_frame import title_reading

    query = understand(question, Filters())
    paper = RankedPaper(rank=1, record=_record(title, NEUTRAL_TONE), similarity=0.5,
                        stance=Stance("neutral", 0.2, 0.2, 0.6), addresses=Addresses("yes", "test"))
    read = title_reading(query, paper, question)
    assert (read.label if read is not None else None) == label


@pytest.mark.parametrize(
    "sentence, arm",
    [
        ("Premedication with rofecoxib was significantly more effective than acetaminophen in reducing the peak "
         "postoperative pain.", "x"),
        ("Acetaminophen was more effective than rofecoxib at preventing pain.", "y"),
        ("Rofecoxib caused more pain than acetaminophen.", "y"),  # a bare "more" of the outcome still counts against
    ],
)
def test_more_effective_at_reducing_the_outcome_means_less_of_it(sentence, arm):
    from search.pipeline.judge_frame import OUTCOME_CUES

    assert favoured_arm(sentence, ["rofecoxib"], ["acetaminophen"], cues=OUTCOME_CUES) == arm


@pytest.mark.parametrize(
    "abstract, label",
    [
        ("Pain relief was significantly greater with rofecoxib than with acetaminophen.", "supports"),
        ("Analgesia was significantly greater with rofecoxib than with acetaminophen.", "supports"),
        ("Pain was significantly greater with rofecoxib than with acetaminophen.", "refutes"),
    ],
)
def test_the_relief_of_the_outcome_is_read_the_other_way_round(abstract, label):
    from search.pipeline.judge_frame import comparison_stance
    from search.stance.comparison import load_comparison_model

    question = "Does rofecoxib cause less pain than acetaminophen after surgery?"
    paper = RankedPaper(rank=1, record=_record("Rofecoxib versus acetaminophen for postoperative pain", abstract),
                        similarity=0.5, stance=Stance("neutral", 0.3, 0.3, 0.4), addresses=Addresses("yes", "test"))
    stance = comparison_stance(understand(question, Filters()), paper, load_comparison_model(), question)
    assert stance.label == label


@pytest.mark.parametrize("sentence, arm", [
    # More of a harm, or of a marker of damage, is worse for the arm that had it.
    ("Twenty-four hours postoperatively, CK-MB (P = 0.003) and troponin-I (P = 0.001) were significantly higher in "
     "the nifedipine group.", "y"),
    ("Mortality was significantly higher with milrinone than nifedipine.", "x"),
    # A greater fall in a harm, or more survival, is better.
    ("Nifedipine gave a significantly greater reduction in mortality than milrinone.", "x"),
    ("Survival free of relapse was significantly higher with nifedipine than milrinone.", "x"),
    ("Pain relief was significantly greater with nifedipine than with milrinone.", "x"),
])
def test_significantly_more_of_a_harm_favours_the_other_arm(sentence, arm):
    assert favoured_arm(sentence, ["nifedipine"], ["milrinone"]) == arm


def test_more_stopping_for_lack_of_efficacy_is_worse():
    sentence = ("Subjects treated with haloperidol were significantly more likely to discontinue treatment for lack of "
                "efficacy (51%) than were those treated with clozapine (12%).")
    assert favoured_arm(sentence, ["clozapine"], ["haloperidol"]) == "x"


@pytest.mark.parametrize("sentence, arm", [
    # The arm written after "compared with" / "in comparison with" was what the subject was set against.
    ("These results demonstrate the greater treatment efficacy associated with risperidone compared with haloperidol "
     "and suggest both a lower incidence of EPS and improved treatment compliance.", "x"),
    ("In comparison with haloperidol, it appears to be associated with a lower prevalence of acute extrapyramidal "
     "adverse effects.", "x"),
    # A greater reduction in the outcome is less of it.
    ("Patients in the risperidone group had greater reductions in the mean severity of both psychotic symptoms and "
     "extrapyramidal side effects than those in the haloperidol group.", "x"),
    # Left alone: the plain comparatives.
    ("The incidence of extrapyramidal side effects was slightly higher under risperidone (37%) than under "
     "haloperidol (31%).", "y"),
    ("Haloperidol caused more extrapyramidal symptoms than risperidone.", "x"),
])
def test_the_arm_after_compared_with_is_not_the_subject(sentence, arm):
    assert favoured_arm(sentence, ["risperidone"], ["haloperidol"], cues=OUTCOME_CUES) == arm


def test_a_comparative_on_the_outcome_wins_over_a_similarity_of_another_measure():
    """"has a response rate similar to that of oral sumatriptan and may produce fewer adverse effects": fewer adverse
    effects with almotriptan, not no difference in them."""
    from search.stance.outcome_reading import compare_on_outcome

    abstract = ("Almotriptan, the newest of the triptans, has a response rate similar to that of oral sumatriptan and "
                "may produce fewer adverse effects.")
    found = compare_on_outcome(abstract, outcome_names=["adverse effects"], x_names=["almotriptan"],
                               y_names=["sumatriptan"],
                               favoured=lambda c, xs, ys: favoured_arm(c, list(xs), list(ys), cues=OUTCOME_CUES))
    assert [(f.reading, f.arm) for f in found] == [("less", "x")]
    # No comparative on the outcome: the no-difference stands.
    same = compare_on_outcome("Adverse effects were similar with almotriptan and sumatriptan.",
                              outcome_names=["adverse effects"], x_names=["almotriptan"], y_names=["sumatriptan"],
                              favoured=lambda c, xs, ys: favoured_arm(c, list(xs), list(ys), cues=OUTCOME_CUES))
    assert [f.reading for f in same] == ["none"]


def test_a_stronger_effect_than_the_other_arm_is_an_advantage():
    sentence = ("We conclude that cetirizine demonstrated a stronger antihistaminic effect compared to ebastine at all "
                "time points.")
    assert favoured_arm(sentence, ["cetirizine"], ["ebastine"]) == "x"
    assert favoured_arm("Ebastine had a stronger effect than cetirizine.", ["cetirizine"], ["ebastine"]) == "y"


def test_both_arms_against_placebo_on_the_named_outcome_take_no_side():
    """"Ebastine ... and cetirizine produced significant inhibition of the wheal ... compared to placebo" is each arm's
    own effect: the comparison model's direction on it had been read as an advantage for ebastine."""
    stance = _head_to_head_stance(
        "Does cetirizine block histamine skin reactions more strongly than ebastine?",
        "Activity of ebastine and cetirizine at 24 hours of a steady state treatment",
        "Forty volunteers took ebastine 10 mg, ebastine 20 mg, cetirizine 10 mg or placebo. Our results indicate that "
        "ebastine, at either dosage, and cetirizine produced significant inhibition of the histamine-induced wheal "
        "and flare reaction compared to placebo.")
    assert stance.label == "neutral"


def test_the_arm_named_between_the_cue_and_compared_with_won():
    sentence = ("A superior efficacy of 20 mg of ebastine is observed compared with 10 mg of ebastine and 10 mg of "
                "cetirizine on the skin wheal response 24 h after the last dose.")
    assert favoured_arm(sentence, ["cetirizine"], ["ebastine"]) == "y"




def test_control_of_what_a_treatment_does_is_no_inert_arm():
    """"Labetalol ... gives more efficient control of blood pressure" had been read as comparing both drugs with
    placebo ('control'); "than controls" and "the control group" are inert arms."""
    from search.stance.outcome_reading import INERT_ARM

    assert not INERT_ARM.search("Labetalol is better tolerated than methyldopa, gives more efficient control of "
                                "blood pressure and may have a ripening effect on the uterine cervix.")
    assert not INERT_ARM.search("Glycaemic control was better with repaglinide than with glyburide.")
    assert INERT_ARM.search("Exercise capacity improved in comparison to control state.")
    assert INERT_ARM.search("Both drugs lowered pressure more than in the control group.")
    assert INERT_ARM.search("Fewer events occurred with X than with placebo.")


@pytest.mark.parametrize("abstract, label", [
    # "insulin" inside the outcome's own name is the outcome, not another drug the finding is about.
    ("Seventeen patients with syndrome X were treated with atenolol. Despite relieving chest pain, it induced a "
     "significant (p < 0.05) worsening of insulin resistance in syndrome X patients.", "supports"),
    # Insulin named as a drug on its own still is another drug.
    ("Patients on atenolol were also given insulin. Insulin increased insulin resistance in most of them.", "neutral"),
])
def test_the_outcomes_own_words_are_no_other_drug(abstract, label):
    from search.pipeline.judge_frame import outcome_stance

    query = understand("Could atenolol make my insulin resistance worse?", Filters())
    paper = RankedPaper(1, _record("Atenolol and insulin sensitivity", abstract), 0.5,
                        addresses=Addresses("yes", "test"))
    assert outcome_stance(query, paper).label == label


@pytest.mark.parametrize("abstract, label", [
    # Insulin sensitivity is the opposite measure of insulin resistance: less of it is more resistance ...
    ("Thirty hypertensive patients took bendrofluazide for 12 weeks. Insulin sensitivity decreased significantly with "
     "bendrofluazide.", "supports"),
    ("Thirty hypertensive patients took bendrofluazide for 12 weeks. Insulin sensitivity increased significantly with "
     "bendrofluazide.", "refutes"),
    # ... but a judged change is already read in its good or bad direction, whichever measure it names.
    ("Thirty hypertensive patients took bendrofluazide for 12 weeks. Bendrofluazide administration significantly "
     "improves insulin sensitivity.", "refutes"),
    # The measure asked is read as written.
    ("Thirty hypertensive patients took bendrofluazide for 12 weeks. Insulin resistance increased significantly with "
     "bendrofluazide.", "supports"),
])
def test_the_opposite_measure_is_read_the_other_way_round(abstract, label):
    from search.pipeline.judge_frame import outcome_stance

    query = understand("Does bendrofluazide worsen insulin resistance in people with high blood pressure?", Filters())
    paper = RankedPaper(1, _record("Bendrofluazide and insulin", abstract), 0.5, addresses=Addresses("yes", "test"))
    assert outcome_stance(query, paper).label == label


def test_less_likely_to_do_that_compares_the_arms_on_the_harm_told():
    from search.pipeline.frame import told_harm_asked

    question = "Lisinopril gives me a cough. Is losartan less likely to do that?"
    assert told_harm_asked(question) == "lower"
    assert told_harm_asked("Lisinopril gives me a cough. Is losartan better for blood pressure?") is None
    stance = _head_to_head_stance(
        question,
        "Losartan, lisinopril and metolazone in elderly hypertensive patients",
        "Patients were randomised to losartan, lisinopril or metolazone for 8 weeks. Cough frequency was "
        "significantly lower for losartan than for lisinopril and similar to that for metolazone.")
    # Read on the cough told of, lower cough with losartan is what was asked (the comparison model alone, with no
    # outcome, had read "no difference").
    assert stance.label == "supports" and "cough" in stance.rationale


def test_the_persons_own_condition_is_no_harm_found():
    # "Seizures" in a study of people with epilepsy name their condition ("seizure disorder"), not a harm of the drug;
    # asked of another condition, they are a harm.
    paper = RankedPaper(1, _record("s", "Seizure frequency fell in 30 patients; seizures recurred in 4 of them."), 0.5)
    epilepsy = understand("Is it safe to take high doses of gabapentin for epilepsy?", Filters())
    pain = understand("Is it safe to take high doses of tramadol for back pain?", Filters())
    assert safety_stance(paper, epilepsy).label == "neutral"
    assert safety_stance(paper, pain).label == "refutes"
    assert safety_stance(paper).label == "refutes"


def test_a_harm_told_first_is_the_outcome_the_comparison_names_again():
    stance = _head_to_head_stance(
        "I got a nagging cough on lisinopril. Would losartan be less likely to give me a cough?",
        "Losartan versus lisinopril in hypertensive patients with ACE inhibitor-induced cough",
        "Patients with a history of ACE inhibitor-induced cough were randomised to losartan or lisinopril. Cough "
        "frequency was significantly lower for losartan than for lisinopril.")
    assert stance.label == "supports"
    assert "cough" in stance.rationale and "the outcome" not in stance.rationale


@pytest.mark.parametrize(
    "sentence, label",
    [
        ("In clinical trials, tolterodine was tolerated significantly better than oxybutynin.", "supports"),
        ("Tolterodine is as effective as oxybutynin for improving the symptoms of overactive bladder but it has "
         "superior tolerability.", "supports"),
        ("Although more costly than oxybutynin, tolterodine represents a modest improvement over oxybutynin with "
         "respect to adverse effect profile.", "supports"),
        ("In clinical trials, oxybutynin was tolerated significantly better than tolterodine.", "refutes"),
        ("Tolterodine is as effective as oxybutynin in improving micturition diary variables but is associated with "
         "a significantly lower incidence and intensity of dry mouth.", "supports"),
    ],
)
def test_easier_to_tolerate_is_asked_of_tolerability_not_of_an_outcome_called_tolerate(sentence, label):
    # "tolerated better" had read as more of an outcome "tolerate", so the arm better tolerated lost.
    question = "is tolterodine easier to tolerate than oxybutynin?"
    assert named_outcome(question) is None
    stance = _head_to_head_stance(question, "Tolterodine and oxybutynin in overactive bladder",
                                  "Patients with overactive bladder were randomised to tolterodine or oxybutynin. "
                                  + sentence)
    assert stance.label == label


def test_a_drug_of_the_single_drug_arms_class_is_not_written_for_the_class_arm():
    # Lansoprazole and esomeprazole are proton pump inhibitors like omeprazole, not H2 blockers: their similar
    # efficacy says nothing of omeprazole against an H2 blocker.
    stance = _head_to_head_stance(
        "Is omeprazole better than an H2 blocker for reflux?", "Proton pump inhibitors: an update",
        "Ranitidine remains widely used for reflux. The proton pump inhibitors omeprazole, lansoprazole and "
        "esomeprazole appear to have similar efficacy.")
    assert stance.label == "neutral"


@pytest.mark.parametrize(
    "sentence, label",
    [
        ("Although anti-reflux surgery is superior to H2 blockers, there are not sufficient data to evaluate proton "
         "pump inhibitors compared with operation.", "neutral"),
        ("Omeprazole is superior to ranitidine in the early phase of healing.", "supports"),
    ],
)
def test_an_operation_that_won_is_no_win_for_the_drug_asked_about(sentence, label):
    stance = _head_to_head_stance("Is omeprazole better than an H2 blocker for reflux?",
                                  "Omeprazole and ranitidine in reflux", "Reflux was treated with ranitidine. " + sentence)
    assert stance.label == label


@pytest.mark.parametrize(
    "sentence, label",
    [
        ("RSG, but not GLB, caused a statistically significant reduction in ambulatory diastolic blood pressure.",
         "supports"),
        ("GLB, but not RSG, caused a statistically significant reduction in ambulatory diastolic blood pressure.",
         "refutes"),
    ],
)
def test_x_but_not_y_reduced_the_named_outcome_favours_x(sentence, label):
    # The clause split at "but" reads "not GLB, caused a ... reduction": a denial the model had read as no difference.
    stance = _head_to_head_stance(
        "Does rosiglitazone lower blood pressure more than glyburide in type 2 diabetes?",
        "Rosiglitazone and glyburide in type 2 diabetes",
        "Patients with type 2 diabetes were randomised to rosiglitazone (RSG) or glyburide (GLB) for 52 weeks. Both "
        "groups had clinically insignificant increases in LV end-diastolic volume. " + sentence)
    assert stance.label == label
    assert sentence.split(",")[0] in stance.rationale  # quoted from the first arm's name, not from "not GLB, ..."


@pytest.mark.parametrize(
    "sentence, label",
    [
        # A rise of the amount lost is less of the loss: no finding against "does HRT stop bone loss?".
        ("In frail elderly women, 9 months of HRT significantly increased BMD compared with placebo.", None),
        ("Significant increases were seen in total-body and forearm bone density (P < 0.01).", None),
        # A rise in the untreated women is no rise with the treatment.
        ("Bone loss in untreated women was greatest closest to menopause and declined thereafter.", None),
        ("Bone loss increased significantly with HRT.", "refutes"),
    ],
)
def test_a_loss_outcome_named_by_the_amount_lost_is_read_the_other_way(sentence, label):
    stance = _effect_read("Does HRT stop bone loss after menopause?", Stance("supports", 0.5, 0.3, 0.2, "clf"),
                          "HRT and bone", "Postmenopausal women were randomised to HRT or placebo for two years. "
                          + sentence)
    assert (stance.label if stance else None) == label


def test_a_fall_in_the_amount_lost_is_the_harm_of_a_loss():
    from search.pipeline.judge_frame import outcome_stance

    query = understand("Can prednisone cause bone loss?", Filters())
    paper = RankedPaper(rank=1, record=_record("Prednisone and bone", "Patients took prednisone for a year. Bone "
                                               "mineral density decreased significantly with prednisone."),
                        similarity=0.5, addresses=Addresses("yes", "test"))
    assert outcome_stance(query, paper).label == "supports"


def test_a_long_named_harm_is_read_by_the_words_abstracts_use_for_the_stomach():
    question = "For rheumatoid arthritis, does Vioxx cause fewer serious stomach problems like bleeding ulcers than naproxen?"
    assert named_outcome(question) == ("serious stomach problems like bleeding ulcers", "lower")
    stance = _head_to_head_stance(
        question, "Comparison of upper gastrointestinal toxicity of rofecoxib and naproxen",
        "We randomly assigned 8076 patients with rheumatoid arthritis to rofecoxib or naproxen. In patients with "
        "rheumatoid arthritis, treatment with rofecoxib, a selective inhibitor of cyclooxygenase-2, is associated with "
        "significantly fewer clinically important upper gastrointestinal events than treatment with naproxen.")
    assert stance.label == "supports"


@pytest.mark.parametrize(
    "sentence, arm",
    [
        # What a drug acts on is no third drug that won.
        ("Rofecoxib, a selective inhibitor of cyclooxygenase-2, was significantly more effective than naproxen.", "x"),
        ("Rofecoxib, an angiotensin receptor-sparing drug, was superior to naproxen.", "x"),
        # More ulcers with an arm is worse for it.
        ("The incidence of ulcers was significantly higher in patients on naproxen than in patients on rofecoxib.", "x"),
        # ... but more ulcers healed is better ("Compared with ranitidine, omeprazole healed significantly more ulcers"
        # had been read as ranitidine's advantage).
        ("Compared with naproxen, rofecoxib healed significantly more ulcers.", "x"),
        ("Compared with naproxen, rofecoxib was significantly more effective in healing ulcers.", "x"),
        ("Rofecoxib caused significantly more ulcers than naproxen.", "y"),
        # "Preferable" states the winner; preferred for its side effects, it says nothing of efficacy.
        ("Therefore the therapy with rofecoxib is more preferable than the therapy with naproxen.", "x"),
        ("Naproxen is preferable to rofecoxib for long-term use.", "y"),
        ("Rofecoxib, demonstrating less side-effects, is preferable to naproxen.", None),
    ],
)
def test_a_drugs_target_is_no_third_drug_and_more_ulcers_is_worse(sentence, arm):
    assert favoured_arm(sentence, ["rofecoxib"], ["naproxen"]) == arm


def test_a_sentence_that_names_the_outcome_but_compares_nothing_is_no_finding_of_no_difference():
    # The comparison model had read "no difference" from it; neither arm is said to differ or to be alike.
    stance = _head_to_head_stance(
        "Is Vioxx easier on the stomach than naproxen?", "Cyclo-oxygenase-2 selective NSAIDs and the stomach",
        "Rofecoxib and naproxen were compared in a review of endoscopic studies. Traditional nonsteroidal "
        "anti-inflammatory drugs inhibit both isoenzymes, resulting in damage to the mucosa of the stomach and "
        "duodenum, but also in cardioprotection.")
    assert stance.label == "neutral"


@pytest.mark.parametrize(
    "question, label",
    [
        # Asked as a reduction: cardiac events falling with beta-blockers is the link asked about.
        ("Are beta-blockers associated with fewer cardiac events in people with long QT syndrome?", "supports"),
        ("Is taking beta-blockers linked to a lower rate of cardiac events?", "supports"),
        # Asked as a rise: the same finding is against it.
        ("Are beta-blockers linked to more cardiac events in people with long QT syndrome?", "refutes"),
        # Asked of going without them: more events without beta-blockers is fewer with them.
        ("Is not getting beta-blockers linked to more cardiac events in long QT syndrome?", "supports"),
        ("Is stopping beta-blockers associated with a higher rate of cardiac events?", "supports"),
        ("Is not taking beta-blockers linked to fewer cardiac events?", "refutes"),
    ],
)
def test_an_association_asked_as_a_reduction_is_read_that_way_round(question, label):
    from search.pipeline.judge_frame import outcome_stance

    abstract = ("We followed 869 patients with congenital long QT syndrome treated with beta-blockers. After initiation "
                "of beta-blockers, there was a significant reduction in the rate of cardiac events (0.97 to 0.31 "
                "events per year, P<0.001).")
    paper = RankedPaper(rank=1, record=_record("Beta-blocker therapy in long QT syndrome", abstract), similarity=0.6,
                        addresses=Addresses("yes", "t"))
    query = understand(question, Filters())
    assert query.frame.kind == "association"
    stance = outcome_stance(query, paper, question)
    assert stance is not None and stance.label == label


def test_too_few_taking_a_side_still_says_which_way_they_point() -> None:
    frame = Frame(kind="comparison", intervention="carvedilol", comparator="metoprolol")
    one = [_paper(1, "refutes"), _paper(2, "neutral"), _paper(3, "neutral"), _paper(4, "neutral")]
    verdict = decide(one, frame, offline=True)
    assert verdict.label == "insufficient"
    assert "only 1 takes a side clearly (it points to no);" in verdict.reason
    assert "(it gives a negative answer);" in decide(one, frame, offline=True, yes_no=False).reason
    split = [_paper(1, "supports"), _paper(2, "refutes"), _paper(3, "neutral")]
    assert "only 2 take a side clearly (1 points to yes and 1 to no);" in decide(split, frame, offline=True).reason
    none = [_paper(1, "neutral"), _paper(2, "neutral"), _paper(3, "neutral")]
    assert "none takes a side clearly; the rest" in decide(none, frame, offline=True).reason


def test_an_add_on_comparison_is_addressed_only_by_a_study_that_gives_the_base_without_the_addition():
    """Every triple-therapy trial names the proton pump inhibitor it is built on; only a trial with a PPI-only or
    dual arm compares the triple regimen with "a PPI plus amoxicillin alone"."""
    query = understand("Is triple therapy (a PPI plus two antibiotics) better than a PPI plus amoxicillin alone for "
                       "clearing H. pylori?", Filters())
    assert query.frame.comparator.endswith(" alone")
    triple_against_triple = _record(
        "Omeprazole-based versus lansoprazole-based triple therapy for Helicobacter pylori",
        "Patients were randomised to omeprazole with two antibiotics (amoxicillin and clarithromycin) or to "
        "lansoprazole with the same antibiotics (proton pump inhibitor triple therapy). Eradication rates were 86% and "
        "84%.")
    triple_against_dual = _record(
        "Triple versus dual therapy for Helicobacter pylori",
        "Patients were randomised to omeprazole plus amoxicillin (dual therapy) or omeprazole with two antibiotics, "
        "amoxicillin and clarithromycin (proton pump inhibitor triple therapy). Eradication rates were 62% and 88%.")
    assert addresses(query, triple_against_triple).label == "partly"
    assert addresses(query, triple_against_dual).label == "yes"



def test_a_yes_on_one_study_is_worded_as_one_study_everywhere_a_person_reads_it():
    """The headline, the plain-language headline and its explanation say "one study", never "the studies ... mostly"
    or "probably"; two agreeing studies keep the usual words."""
    from search.pipeline.modes import lay_explanation, lay_headline
    from search.pipeline.verdict import one_study

    comparison = Frame(kind="comparison", intervention="tizanidine", comparator="baclofen", claim="better")
    one = decide([_paper(1, "supports"), _paper(2, "neutral", strength=0.9), _paper(3, "neutral", strength=0.9)],
                 comparison, offline=True)
    assert one_study(one)
    assert headline(one, comparison).startswith("The one study that takes a clear side points to yes (certainty: low).")
    assert lay_headline(one, comparison) == (
        "Possibly yes. One study that tested tizanidine against baclofen points to yes.")
    assert lay_explanation(one, comparison).startswith("Only one study takes a clear side")
    two = decide([_paper(1, "supports"), _paper(2, "supports"), _paper(3, "neutral", strength=0.9)],
                 comparison, offline=True)
    assert not one_study(two)
    assert headline(two, comparison).startswith("The studies that address this mostly point to yes")
    assert lay_headline(two, comparison).startswith("Probably yes. The studies that tested")


def test_an_effect_question_is_not_refuted_by_tolerability_or_a_dose_raised():
    """"Adverse events comparable to placebo" says how well a drug was tolerated, and "was increased to 10 mg" that its
    dose was raised: neither says it made no difference to, or raised, the outcome asked about."""
    positive = Stance("supports", 0.7, 0.2, 0.1, "clf")
    tolerated = _effect_read("Does sumatriptan nasal spray relieve migraine?", positive, "Sumatriptan nasal spray",
                             "Sumatriptan nasal spray relieved migraine headache at 2 hours in 60% of patients. The "
                             "incidence of adverse events with sumatriptan nasal spray in migraine was similar to "
                             "placebo.")
    assert tolerated is None or tolerated.label != "refutes"
    titrated = _effect_read("Does felodipine lower blood pressure in elderly people?", positive, "Felodipine ER",
                            "If blood pressure was above 160/90 mmHg after three weeks, felodipine ER was increased "
                            "to 10 mg.")
    assert titrated is None or titrated.label != "refutes"
    # A plain denial on the outcome still refutes.
    denied = _effect_read("Does ketamine reduce pain after surgery?", positive, "Ketamine after surgery",
                          "Ketamine produced no significant pain relief compared with placebo after surgery.")
    assert denied is not None and denied.label == "refutes"


def test_both_arms_lowering_the_outcome_is_no_denial_of_an_effect() -> None:
    """"Both X and Y significantly reduced O, without any significant difference between the two" says X lowered O;
    read as a denial, a trial of nifedipine against a diuretic refuted "Does nifedipine lower blood pressure?"."""
    question = "Does once-a-day nifedipine lower blood pressure?"
    weak = Stance("supports", 0.55, 0.3, 0.15, uncertain=True)
    read = _effect_read(question, weak, "Nifedipine GITS in hypertensive patients with LVH",
                        "Patients were randomised to nifedipine GITS or HCTZ. Both Nifedipine and HCTZ significantly "
                        "reduced systolic and diastolic blood pressure (p < 0.001), without any significant difference "
                        "between the two drug treatments.")
    assert read is None or read.label != "refutes"
    # A denial in each arm is still one: "both drugs failed to reduce blood pressure".
    failed = _effect_read(question, weak, "Nifedipine and blood pressure",
                          "Both nifedipine and placebo failed to reduce blood pressure.")
    assert failed is not None and failed.label == "refutes"


def test_a_rise_on_switching_or_stopping_is_not_the_treatments_doing() -> None:
    """"Patients switched from Nif-GITS to Nif-CC could experience increased blood pressure": the rise came with the
    change of form; it is no finding that nifedipine raised blood pressure."""
    question = "Does once-a-day nifedipine lower blood pressure?"
    weak = Stance("supports", 0.55, 0.3, 0.15, uncertain=True)
    for abstract in ("This study suggests that patients switched from Nif-GITS to Nif-CC could experience increased "
                     "blood pressure during the night.",
                     "Blood pressure increased after withdrawal of nifedipine."):
        read = _effect_read(question, weak, "Nifedipine formulations", abstract)
        assert read is None or read.label != "refutes"
    rose = _effect_read(question, weak, "Nifedipine", "Blood pressure increased with nifedipine in these patients.")
    assert rose is not None and rose.label == "refutes"


def test_a_combination_better_than_either_drug_alone_supports_the_combination() -> None:
    """The trial names the drugs as members of the classes asked about; the classifier read "significantly more
    effective than either drug alone" as refuting."""
    question = "Does combining an ACE inhibitor with a calcium channel blocker lower blood pressure more than either drug alone?"
    weak = Stance("refutes", 0.29, 0.56, 0.15, uncertain=False)
    read = _effect_read(question, weak, "Additive effects of verapamil and enalapril",
                        "Patients received verapamil, enalapril or both. The combination of 240 mg verapamil and 10 mg "
                        "enalapril was significantly more effective at reducing BP than either drug alone.")
    assert read is not None and read.label == "supports"
    denied = _effect_read(question, weak, "Verapamil and enalapril",
                          "The combination was not more effective than either drug alone in lowering blood pressure.")
    assert denied is not None and denied.label == "refutes"
    # a single drug's question is not read this way
    single = _effect_read("Does verapamil lower blood pressure?", weak, "Verapamil",
                          "The combination was significantly more effective than either drug alone.")
    assert single is None or "combination" not in single.rationale


@pytest.mark.parametrize("abstract", [
    "This study shows that small doses of esmolol may block the increases in heart rate and blood pressure resulting "
    "from laryngoscopy and intubation.",
    "Esmolol blunted the postprandial increase in heart rate.",
    "A close correlation was found between an increase in esmolol dosage and the fall in heart rate.",
])
def test_a_rise_the_treatment_stopped_or_a_dose_raised_is_no_rise_with_it(abstract: str) -> None:
    """"Block the increases in heart rate" is what the question asks esmolol to do; read as a rise with esmolol, it
    refuted "Does esmolol stop the heart rate from shooting up?"."""
    question = "Does giving esmolol before intubation stop the heart rate from shooting up?"
    weak = Stance("supports", 0.55, 0.3, 0.15, uncertain=True)
    read = _effect_read(question, weak, "Esmolol and intubation", abstract)
    assert read is None or read.label != "refutes"
    rose = _effect_read(question, weak, "Esmolol", "Heart rate increased with esmolol.")
    assert rose is not None and rose.label == "refutes"


def test_an_association_with_a_measure_is_addressed_by_studies_of_the_measure() -> None:
    """"A wide pulse pressure" is what the studies call pulse pressure; requiring "wide" left every study of it out."""
    question = "Is a wide pulse pressure linked to more heart problems?"
    query = understand(question, Filters())
    record = _record("Pulse pressure and risk of cardiovascular events in the elderly",
                     "Pulse pressure was a powerful independent predictor of cardiovascular events and heart failure.")
    assert query.frame.kind == "association"
    assert addresses(query, record).label != "no"
    # the measure itself must still be named
    assert addresses(query, _record("Heart failure", "Blood pressure predicted heart failure.")).label == "no"


def test_groups_alike_before_treatment_is_no_denial_of_an_effect() -> None:
    """"Placebo-period office blood pressure ... not significantly different between the groups" describes the groups
    at the start; read as a denial against placebo, it refuted "Do ACE inhibitors bring blood pressure down?"."""
    question = "Do ACE inhibitor pills like enalapril actually bring blood pressure down?"
    weak = Stance("supports", 0.55, 0.3, 0.15, uncertain=True)
    read = _effect_read(question, weak, "Enalapril and ambulatory blood pressure",
                        "Demographic data, placebo-period office blood pressure, and ABPM recordings were not "
                        "significantly different between the groups.")
    assert read is None or read.label != "refutes"
    after = _effect_read(question, weak, "Enalapril", "Enalapril did not lower blood pressure compared with placebo.")
    assert after is not None and after.label == "refutes"


def test_a_case_report_of_a_rare_harm_reports_the_harm() -> None:
    """"A rare presentation of angioedema in a patient taking lisinopril is described": it happened with lisinopril;
    read as "rare", the card said angioedema came no more often with it."""
    from search.design import DesignResult
    from search.pipeline.judge_frame import outcome_stance

    question = "Can lisinopril cause swelling of the face or throat (angioedema)?"
    query = understand(question, Filters())
    record = _record("Uvular angioedema", "Isolated uvular angioedema, a rare presentation of angioedema, in a patient "
                                          "taking lisinopril (Zestril) is described in this case report.")
    paper = RankedPaper(rank=1, record=record, similarity=0.5, addresses=Addresses("yes", "test"))
    trial = outcome_stance(query, paper, question)
    paper.design = DesignResult(label="case_series", source="text", evidence="case report")
    case = outcome_stance(query, paper, question)
    assert trial is not None and trial.label == "refutes"  # in a trial, a rare harm is a finding against
    assert case is not None and case.label == "supports"


@pytest.mark.parametrize("title, abstract, label", [
    # Against another active drug, "no difference between the two groups" says tramadol caused nausea no more than
    # morphine did, which may cause it as well: no finding against.
    ("Tramadol or morphine administered during operation",
     "Sixty women were given tramadol or morphine. No difference in the incidence of nausea and vomiting was observed "
     "between the two groups.", "neutral"),
    # Against placebo the same sentence says tramadol did not cause it.
    ("Tramadol or placebo administered during operation",
     "Sixty women were given tramadol or placebo. No difference in the incidence of nausea and vomiting was observed "
     "between the two groups.", "refutes"),
    # More with tramadol than with the other drug still reports the harm.
    ("Tramadol or morphine administered during operation",
     "Sixty women were given tramadol or morphine. The tramadol group had significantly higher scores for nausea and "
     "vomiting.", "supports"),
])
def test_a_harm_no_more_often_than_another_drug_is_no_finding_against(title, abstract, label) -> None:
    assert _outcome_label("Can tramadol make you nauseous or throw up after an operation?", title, abstract) == label


def _outcome_label(question: str, title: str, abstract: str) -> str:
    """The harm / association reading of one fully-addressing study of ``question`` ("neutral" when none)."""
    from search.pipeline.judge_frame import outcome_stance

    paper = RankedPaper(rank=1, record=_record(title, abstract), similarity=0.5, addresses=Addresses("yes", "test"))
    stance = outcome_stance(understand(question, Filters()), paper, question)
    return stance.label if stance is not None else "neutral"


def test_both_arms_named_without_any_null_wording_is_no_finding_that_they_were_alike():
    """A survey's "44% were prescribed digoxin, 22% diltiazem" names both arms and states no difference; the model's
    low probability of a difference there read as "no difference found" and answered comparisons "no". A plain
    "no significant difference" in the same place stays a refuting finding."""
    question = "For atrial fibrillation, does diltiazem work better than digoxin?"
    title = "Diltiazem and digoxin in atrial fibrillation"
    survey = _head_to_head_stance(question, title, (
        "We reviewed the charts of 212 patients with atrial fibrillation treated in primary care. Thirty-one percent "
        "had heart failure, of whom 44% were prescribed digoxin and 22% diltiazem."))
    assert survey.label == "neutral" and "does not state how" in survey.rationale
    plain = _head_to_head_stance(question, title, (
        "Patients were randomised to diltiazem or digoxin. Ventricular rate was recorded for 24 hours. There was no "
        "significant difference between diltiazem and digoxin in ventricular rate control."))
    assert plain.label == "refutes"


def test_groups_alike_at_the_start_is_no_finding_on_the_treatments():
    """"No differences in atrial dimensions and underlying heart disease between the two groups" describes who was
    enrolled, not what verapamil and digoxin did."""
    stance = _head_to_head_stance(
        "For atrial fibrillation, does verapamil work better than digoxin?",
        "Verapamil versus digoxin cardioversion trial",
        "Patients with atrial fibrillation were randomised to verapamil or digoxin before cardioversion. There were no "
        "differences in atrial dimensions and underlying heart disease between the verapamil and digoxin groups.")
    assert stance.label == "neutral" and "before treatment" in stance.rationale



def test_isosorbide_mononitrate_is_a_nitrate_arm():
    """"A long-acting nitrate" is met by isosorbide mononitrate or dinitrate: the class is read by its members'
    shared stem, as "ACE inhibitor" by "-pril"."""
    from search.pipeline.class_members import class_names

    names = class_names(["long-acting nitrate"], ["isosorbide mononitrate", "isosorbide dinitrate", "amlodipine"])
    assert {"isosorbide mononitrate", "isosorbide dinitrate", "nitrates"} <= set(names)
    assert "amlodipine" not in names


def test_a_but_clause_after_the_likened_arm_keeps_the_first_arm_as_its_subject():
    """"Rabeprazole produced healing rates comparable to omeprazole ..., but provided ... superior symptom
    improvement": the arm that provided it is rabeprazole, not omeprazole, the arm last named before the cue."""
    stance = _head_to_head_stance(
        "Does rabeprazole relieve reflux symptoms better than omeprazole?",
        "Rabeprazole versus omeprazole in erosive reflux disease",
        "Patients were randomised to rabeprazole or omeprazole for 8 weeks. In this study, rabeprazole produced healing "
        "rates comparable to omeprazole at weeks 3 and 6, but provided more consistent and occasionally significantly "
        "superior symptom improvement.")
    assert stance.label == "supports" and "advantage for rabeprazole" in stance.rationale


@pytest.mark.parametrize("sentence", [
    "Both diltiazem and digoxin are relatively safe and effective in patients with atrial fibrillation.",
    "There were no significant differences between the diltiazem and digoxin groups at baseline or at follow-up.",
])
def test_each_arm_effective_or_alike_at_follow_up_stays_the_models_no_difference(sentence):
    """"Both X and Y are effective" (each arm works, neither better) and "no differences ... at baseline or at
    follow-up" (the end told too) keep the model's reading of no difference."""
    stance = _head_to_head_stance("For atrial fibrillation, does diltiazem work better than digoxin?",
                                  "Diltiazem and digoxin in atrial fibrillation",
                                  "Patients were randomised to diltiazem or digoxin for 12 months. " + sentence)
    assert stance.label == "refutes"


def test_each_arm_changing_on_a_named_outcome_gives_no_direction():
    """"Both drugs significantly reduced blood pressure" names the outcome and both arms but compares nothing: the
    model's direction had read it as an advantage for the first arm."""
    stance = _head_to_head_stance(
        "Does amlodipine lower blood pressure more than enalapril?", "Amlodipine versus enalapril in hypertension",
        "Patients were randomised to amlodipine or enalapril for 12 weeks. Both drugs significantly reduced blood "
        "pressure.")
    assert stance.label != "supports" and "advantage" not in stance.rationale


@pytest.mark.parametrize("question", [
    "is it dangerous to suddenly stop taking a beta blocker?",
    "Is it risky to take a triptan like Maxalt with Paxil?",
    "Can an overdose of baclofen be dangerous for a child?",
])
def test_is_it_dangerous_asks_whether_harm_comes_of_it(question):
    """Read as "is it safe?", the studies' reports of harm answered "is it dangerous?" with "no" (not safe), which
    the headline gave as "the studies mostly point to no"."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.claim) == ("harm", "danger")


@pytest.mark.parametrize("question, kind", [
    ("Can sotalol cause a dangerous heart rhythm?", "harm"),
    ("Does enalapril reduce dangerous extra heartbeats in heart failure?", "effect"),
    ("Is it safe to take sumatriptan if I have coronary heart disease?", "safety"),
])
def test_dangerous_naming_an_outcome_is_no_danger_question(question, kind):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.claim) == (kind, None)


def test_a_danger_question_is_never_told_no_offline():
    """Rule 6 for "Is it dangerous to take sumatriptan if I have heart disease?": studies that found no harm in
    other people cannot tell this person it is not dangerous; "yes" (harm found) is given."""
    frame = Frame(kind="harm", intervention="sumatriptan", population="coronary heart disease", claim="danger")
    none_found = decide([_paper(i, "refutes") for i in range(6)], frame, offline=True)
    assert none_found.label == "insufficient" and "cannot show that it is not dangerous" in none_found.reason
    assert none_found.caution == SAFETY_CAUTION
    found = decide([_paper(i, "supports") for i in range(6)], frame, offline=True)
    assert found.label == "yes" and found.caution == SAFETY_CAUTION
    plain = decide([_paper(i, "refutes") for i in range(6)], Frame(kind="harm", intervention="sumatriptan",
                                                                   outcome="chest pain"), offline=True)
    assert plain.label == "no" and plain.caution is None


@pytest.mark.parametrize("title, abstract, label", [
    # Controlled-release against immediate-release oxybutynin: less dry mouth with one version of the drug says
    # nothing of whether oxybutynin causes it (read "reduced with oxybutynin", it refuted "does it give dry mouth?").
    ("Once daily controlled versus immediate release oxybutynin",
     "Patients took controlled-release or immediate-release oxybutynin for 6 weeks. A lower incidence of dry mouth "
     "was reported for controlled release oxybutynin.", "neutral"),
    ("Transdermal and immediate-release oxybutynin",
     "Patients used transdermal oxybutynin or took immediate-release oxybutynin. Greater saliva output during "
     "transdermal treatment "
     "corresponds to the low incidence of dry mouth.", "neutral"),
    # More of the harm with either version still reports it.
    ("Once daily controlled versus immediate release oxybutynin",
     "Patients took controlled-release or immediate-release oxybutynin for 6 weeks. The incidence of dry mouth "
     "increased with dose in both groups.", "supports"),
    # One version against placebo, not against another version, still answers.
    ("Controlled-release oxybutynin or placebo",
     "Patients took controlled-release oxybutynin or placebo. Dry mouth was no more common with oxybutynin than with "
     "placebo.", "refutes"),
])
def test_less_harm_with_one_version_of_the_drug_than_another_is_no_finding_against(title, abstract, label) -> None:
    assert _outcome_label("Do bladder pills like oxybutynin give you a dry mouth?", title, abstract) == label


@pytest.mark.parametrize("question, abstract, label", [
    # HDL is the blood fat that is better higher: less of it is the fats worsened.
    ("Will atenolol make my cholesterol and triglycerides worse?",
     "Patients took atenolol or enalapril for a year. HDL cholesterol decreased significantly in the atenolol group.",
     "supports"),
    ("Will atenolol make my cholesterol and triglycerides worse?",
     "Patients took atenolol or placebo. Total cholesterol decreased significantly with atenolol.", "refutes"),
])
def test_less_hdl_is_the_blood_fats_worsened(question, abstract, label) -> None:
    assert _outcome_label(question, "Atenolol and serum lipids", abstract) == label


def test_asked_about_hdl_itself_less_of_it_is_less_of_what_was_asked() -> None:
    from search.pipeline.judge_frame import _as_good_cholesterol
    from search.stance.outcome_reading import OutcomeFinding

    fell = [OutcomeFinding("less", "HDL cholesterol decreased significantly in the atenolol group", True)]
    assert _as_good_cholesterol(fell, "HDL cholesterol")[0].reading == "less"
    assert _as_good_cholesterol(fell, "cholesterol, triglycerides")[0].reading == "more"
    both = [OutcomeFinding("less", "HDL cholesterol and triglycerides decreased with atenolol", True)]
    assert _as_good_cholesterol(both, "cholesterol, triglycerides")[0].reading == "less"  # not HDL alone


def test_a_question_that_names_a_version_keeps_the_version_findings() -> None:
    """"Ditropan XL" names the extended-release version as the question writes it (a form concept), which the
    abstract words for versions ("controlled-release") do not cover: less dry mouth with it than with the immediate-
    release version is then a finding on what was asked."""
    abstract = ("Patients took controlled-release or immediate-release oxybutynin for 6 weeks. A lower incidence of dry "
                "mouth was reported for controlled release oxybutynin.")
    title = "Once daily controlled versus immediate release oxybutynin"
    assert _outcome_label("Does Ditropan XL give you a dry mouth?", title, abstract) == "refutes"
    assert _outcome_label("Does oxybutynin give you a dry mouth?", title, abstract) == "neutral"
