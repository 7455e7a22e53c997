"""The outcome reader: what a study's sentences on a named outcome say (harm, association, named comparisons)."""
from __future__ import annotations

import pytest

from search.pipeline.class_examples import merge_examples
from search.pipeline.judge_frame import OUTCOME_CUES, favoured_arm
from search.pipeline.state import Concept
from search.stance.outcome_reading import clauses_naming, compare_on_outcome, read_clause, read_outcome

WEIGHT = ["weight gain"]


@pytest.mark.parametrize(
    ("clause", "reading"),
    [
        ("Ziprasidone appears not to be associated with weight gain.", "none"),
        ("Ziprasidone was shown to have a very low liability for inducing movement disorders and weight gain.", "none"),
        ("There was no pattern of laboratory abnormalities or apparent weight gain.", "none"),
        ("There was no significant increase in weight gain compared with placebo.", "none"),
        ("Metformin is weight-neutral and did not cause weight gain.", "none"),
        ("Olanzapine was associated with significant weight gain.", "more"),
        ("Weight gain is a common adverse effect of clozapine.", "more"),
        ("Clozapine increased the risk of weight gain.", "more"),
        ("Metformin reduced weight gain in patients on insulin.", "less"),
        ("Weight gain was measured every four weeks.", None),
        ("There is no clear evidence that olanzapine is related to weight gain.", "none"),
        ("The trials did not show that metformin led to weight gain.", "none"),
        # "Unrelated to", "have not produced ... a link", and a ratio whose confidence interval includes 1.
        ("Olanzapine use was unrelated to weight gain.", "none"),
        ("Unlike olanzapine, ziprasidone does not have a high propensity to cause weight gain.", "none"),
        ("Weight gain was more common with olanzapine (4.0%), but too low to differentiate statistically.", "none"),
        ("Studies have not produced a consistent link between olanzapine and weight gain.", "none"),
        ("The relative risk of weight gain associated with olanzapine was 1.25 (95% CI 0.91-1.72).", "none"),
        ("The relative risk of weight gain associated with olanzapine was 1.85 (95% CI 1.31-2.62).", "more"),
        # The outcome went away: "disappearance of", "resolved", "was abolished" (not its being common).
        ("Disappearance of weight gain among patients with it at baseline was common in all groups.", "less"),
        ("Weight gain resolved after the switch to ziprasidone.", "less"),
        # A favourable effect on the outcome is less of it, not a rise.
        ("The apparent favorable effect of metformin on the risk of weight gain may be related to its action.", "less"),
        ("Metformin had a beneficial influence on weight gain in these patients.", "less"),
    ],
)
def test_clause_readings(clause: str, reading: str | None) -> None:
    assert read_clause(clause, WEIGHT) == reading


def test_an_ecg_st_segment_depression_is_not_depression() -> None:
    abstract = ("Results: Esmolol reduced ST-segment depression during exercise. "
                "Conclusion: Propranolol was associated with depression in older patients.")
    clauses = clauses_naming(abstract, ["depression"])
    assert clauses == ["Propranolol was associated with depression in older patients."]


def test_a_group_described_by_absence_is_not_a_finding_of_absence() -> None:
    assert read_clause("Nine patients who developed a cough and five who did not develop a cough were studied.",
                       ["cough"]) != "none"


def test_aims_and_methods_are_not_read() -> None:
    abstract = ("OBJECTIVE: To determine whether ziprasidone causes weight gain. "
                "RESULTS: Ziprasidone was not associated with weight gain.")
    assert clauses_naming(abstract, WEIGHT) == ["Ziprasidone was not associated with weight gain."]


def test_a_clause_about_another_drug_is_skipped() -> None:
    abstract = ("Significant weight increases and weight gain were associated with chlorpromazine. "
                "Ziprasidone was not associated with weight gain.")
    findings = read_outcome(abstract, outcome_names=WEIGHT, x_names=["ziprasidone"],
                            other_drug=lambda clause: "chlorpromazine" in clause.lower())
    assert [f.reading for f in findings] == ["none"]


def test_another_treatment_relieving_the_harm_is_not_read_as_less() -> None:
    abstract = "Iron supplementation decreased ACE inhibitor-induced cough."
    findings = read_outcome(abstract, outcome_names=["cough"], x_names=["ace inhibitor"])
    assert findings == []


def _favoured(clause, xs, ys):
    return favoured_arm(clause, list(xs), list(ys), cues=OUTCOME_CUES)


@pytest.mark.parametrize(
    ("sentence", "arm"),
    [
        ("Dry mouth was reported by significantly fewer patients on tolterodine, compared with oxybutynin.", "x"),
        ("Dry mouth was significantly more common with oxybutynin than with tolterodine (54% vs 34%).", "x"),
        ("Tolterodine is significantly better tolerated than oxybutynin, particularly dry mouth.", "x"),
        ("Dry mouth was less frequent with oxybutynin than with tolterodine.", "y"),
    ],
)
def test_which_arm_had_less_of_the_outcome(sentence: str, arm: str) -> None:
    findings = compare_on_outcome(sentence, outcome_names=["dry mouth"], x_names=["tolterodine"],
                                  y_names=["oxybutynin"], favoured=_favoured)
    assert [f.arm for f in findings] == [arm]


def test_no_difference_on_the_outcome_is_none() -> None:
    findings = compare_on_outcome(
        "There was no significant difference in dry mouth between tolterodine and oxybutynin.",
        outcome_names=["dry mouth"], x_names=["tolterodine"], y_names=["oxybutynin"], favoured=_favoured)
    assert [f.reading for f in findings] == ["none"]


def test_a_win_over_a_third_arm_is_not_a_win_over_the_comparator() -> None:
    x, y = ["lansoprazole"], ["omeprazole"]
    assert favoured_arm("The 15-mg dose of lansoprazole was also superior to ranitidine in healing.", x, y) is None
    assert favoured_arm("Lansoprazole was more effective than placebo.", x, y) is None
    assert favoured_arm("Lansoprazole was superior to omeprazole in healing.", x, y) == "x"


def test_a_name_inside_another_word_is_not_that_arm() -> None:
    from search.stance.text import first_name_at, last_name_at

    assert first_name_at("esomeprazole was superior", ["omeprazole"]) == -1
    assert first_name_at("esomeprazole or omeprazole", ["omeprazole"]) == 16
    assert last_name_at("omeprazole, then esomeprazole", ["omeprazole"]) == 0


def _drug(text: str, *synonyms: str) -> Concept:
    return Concept(text=text, kind="drug", synonyms=[text, *synonyms])


def test_examples_join_the_class_they_illustrate() -> None:
    concepts = [_drug("antihistamines"), _drug("loratadine", "claritin"), _drug("fexofenadine"),
                Concept(text="sleepy", kind="term", synonyms=["somnolence"])]
    merged = merge_examples("Do antihistamines like loratadine or fexofenadine make you sleepy?", concepts)
    assert [c.text for c in merged] == ["antihistamines", "sleepy"]
    assert {"loratadine", "claritin", "fexofenadine"} <= set(merged[0].synonyms)


def test_a_free_text_class_of_medicines_is_named_by_its_examples() -> None:
    concepts = [Concept(text="stimulant medicines", kind="phrase", synonyms=["stimulant medicines"]),
                _drug("ritalin", "methylphenidate"), _drug("adderall"),
                Concept(text="ADHD", kind="disease", synonyms=["attention deficit hyperactivity disorder"])]
    merged = merge_examples("Do stimulant medicines like Ritalin or Adderall help adults with ADHD?", concepts)
    assert [(c.text, c.kind) for c in merged] == [("stimulant medicines", "drug"), ("ADHD", "disease")]
    assert {"ritalin", "methylphenidate", "adderall"} <= set(merged[0].synonyms)
    # A phrase that is not a kind of medicine is left alone ("pain like a migraine").
    pain = [Concept(text="pain", kind="phrase", synonyms=["pain"]), _drug("sumatriptan")]
    assert len(merge_examples("Is pain like sumatriptan's side effect common?", pain)) == 2


def test_alternatives_after_than_are_one_comparator() -> None:
    concepts = [_drug("risperidone"), Concept(text="prolactin levels", kind="phrase", synonyms=["prolactin levels"]),
                _drug("olanzapine"), _drug("quetiapine", "seroquel")]
    merged = merge_examples("Does risperidone raise prolactin levels more than olanzapine or quetiapine?", concepts)
    assert [c.text for c in merged] == ["risperidone", "prolactin levels", "olanzapine"]
    assert {"quetiapine", "seroquel"} <= set(merged[2].synonyms)
    # "and" may be a combination: left as two concepts.
    both = merge_examples("Is risperidone better than olanzapine and quetiapine?", concepts[:1] + concepts[2:])
    assert len(both) == 3


def test_examples_on_both_sides_of_a_comparison_stay_on_their_side() -> None:
    concepts = [_drug("cox-2 inhibitors"), _drug("celecoxib"), Concept(text="stomach ulcers", kind="disease"),
                _drug("nsaids"), _drug("naproxen"), _drug("ibuprofen")]
    merged = merge_examples(
        "Do COX-2 inhibitors like celecoxib cause fewer stomach ulcers than ordinary NSAIDs such as naproxen or "
        "ibuprofen?", concepts)
    assert [c.text for c in merged] == ["cox-2 inhibitors", "stomach ulcers", "nsaids"]
    assert "celecoxib" in merged[0].synonyms and {"naproxen", "ibuprofen"} <= set(merged[2].synonyms)


def test_a_non_drug_after_like_is_left_alone() -> None:
    concepts = [Concept(text="headache", kind="disease"), Concept(text="migraine", kind="disease")]
    assert merge_examples("Is a headache like a migraine treatable?", concepts) == concepts


def test_better_tolerated_is_no_advantage_in_effect() -> None:
    x, y = ["tolterodine"], ["oxybutynin"]
    assert favoured_arm("Tolterodine was tolerated significantly better than oxybutynin.", x, y) is None
    assert favoured_arm("Tolterodine was significantly better tolerated than oxybutynin.", x, y) is None
    assert favoured_arm("Tolterodine was significantly better tolerated than oxybutynin.", x, y, safety=True) == "x"


def test_a_third_drug_that_won_is_not_the_arm_asked_about() -> None:
    x, y = ["clozapine"], ["haloperidol"]
    assert favoured_arm("Olanzapine demonstrated superior efficacy compared with haloperidol.", x, y) is None
    assert favoured_arm("Clozapine and olanzapine were similar and risperidone may be somewhat less effective.",
                        x, y) is None
    assert favoured_arm("Clozapine was superior to haloperidol on all measures of psychosis.", x, y) == "x"


def test_the_outcome_as_the_condition_people_had_is_not_a_finding() -> None:
    abstract = ("Two patients receiving warfarin for stroke prophylaxis in association with chronic atrial "
                "fibrillation developed bleeding after starting tolterodine.")
    assert read_outcome(abstract, outcome_names=["atrial fibrillation"], x_names=["tolterodine"]) == []
    caused = "Tolterodine caused atrial fibrillation in two patients."
    assert [f.reading for f in read_outcome(caused, outcome_names=["atrial fibrillation"],
                                            x_names=["tolterodine"])] == ["more"]


def test_other_causes_of_the_outcome_are_not_the_treatment() -> None:
    abstract = "Other variables significantly associated with ventricular arrhythmia included heart failure."
    assert read_outcome(abstract, outcome_names=["arrhythmia"], x_names=["tolterodine"]) == []


def test_what_a_study_counted_is_not_what_it_found():
    """"Major adverse events included angina, myocardial infarction and stroke" defines the endpoint; it finds nothing."""
    names = ["stroke", "myocardial infarction"]
    defined = "Methods were standard. These major adverse events included angina, myocardial infarction, stroke and death."
    assert read_outcome(defined, outcome_names=names, x_names=["isradipine"]) == []
    found = "Results: Stroke was more frequent with isradipine than with hydrochlorothiazide, a composite endpoint."
    assert [f.reading for f in read_outcome(found, outcome_names=names, x_names=["isradipine"])] == ["more"]


def test_not_previously_reported_is_novelty_not_absence():
    from search.stance.outcome_reading import read_clause

    names = ["abuse", "addiction"]
    assert read_clause("Presented here are three cases demonstrating patterns of carisoprodol abuse not previously "
                       "reported.", names) != "none"
    assert read_clause("Abuse was not reported in any patient.", names) == "none"
    assert read_clause("Abuse has not yet been observed with it.", names) == "none"  # an absence so far


def test_what_earlier_studies_suggested_is_background_not_a_finding() -> None:
    """"Some studies have suggested that X may increase the risk of cancer" is why the study was done; read as a
    finding, it made a cohort that found no increase support "X causes cancer"."""
    abstract = ("Some studies have suggested that the use of calcium channel blockers may increase the risk of cancer. "
                "Recent publications have raised concerns about a link between calcium antagonists and cancer. "
                "Women who used calcium channel blockers had no increased risk of cancer.")
    findings = read_outcome(abstract, outcome_names=["cancer"], x_names=["calcium channel blockers"])
    assert [f.reading for f in findings] == ["none"]


def test_the_condition_itself_as_a_cause_is_not_the_treatment() -> None:
    abstract = ("Sexual dysfunction is a reason for stopping treatment. Cause and effect are confused because "
                "hypertension itself can cause sexual dysfunction.")
    assert read_outcome(abstract, outcome_names=["sexual dysfunction"], x_names=["atenolol"]) == []


BP = {"outcome_names": ["blood pressure"], "x_names": ["moxonidine"], "y_names": ["enalapril"], "favoured": _favoured}


@pytest.mark.parametrize(
    "sentence",
    [
        # Each arm's own change, written without a comparison: no arm had less.
        "In addition, moxonidine administration reduced blood pressure throughout 24 h ambulatory measurements.",
        "Average blood pressure was reduced from 149/92 to 134/82 mmHg with moxonidine and from 146/92 to 131/82 mmHg "
        "with enalapril.",
    ],
)
def test_an_arms_own_change_is_no_comparison(sentence: str) -> None:
    assert compare_on_outcome(sentence, **BP) == []


def test_a_change_beside_a_comparison_still_compares() -> None:
    findings = compare_on_outcome("Blood pressure was reduced more with moxonidine than with enalapril.", **BP)
    assert [f.arm for f in findings] == ["x"]


def test_significance_against_placebo_does_not_undo_a_similarity_of_the_arms() -> None:
    sentence = ("The mean reduction in sitting blood pressure with moxonidine was similar to that with enalapril "
                "(19.5/12.3 versus 18.9/11.8 mmHg) and significantly superior to that with placebo (-4.6/-4.7 mmHg, "
                "P< 0.001).")
    assert [(f.reading, f.significant) for f in compare_on_outcome(sentence, **BP)] == [("none", False)]


def test_an_unattributed_no_difference_is_said_of_the_arms_of_a_head_to_head_study() -> None:
    arms = {"outcome_names": ["vomiting"], "x_names": ["piritramide"], "y_names": ["morphine"], "favoured": _favoured}
    sentence = "There was no difference in number of episodes of vomiting and retching and usage of antiemetics."
    head_to_head = "A randomized controlled double-blind trial comparing piritramide and morphine for analgesia"
    assert [f.reading for f in compare_on_outcome(sentence, **arms, title=head_to_head)] == ["none"]
    assert compare_on_outcome(sentence, **arms) == []
    assert compare_on_outcome(sentence, **arms, title="Piritramide, morphine or placebo after surgery") == []


def test_a_head_to_head_studys_unattributed_similarity_of_something_else_is_no_finding() -> None:
    arms = {"outcome_names": ["weight gain"], "x_names": ["olanzapine"], "y_names": ["risperidone"],
            "favoured": _favoured}
    sentence = ("Similar factors across antipsychotic drugs in predicting greater weight gain included better clinical "
                "outcome, low body mass index, and nonwhite race.")
    assert compare_on_outcome(sentence, **arms, title="Weight gain with olanzapine versus risperidone") == []


NAUSEA = {"outcome_names": ["nausea"], "x_names": ["neostigmine"]}
ACEI_COUGH = {"outcome_names": ["cough"], "x_names": ["ace inhibitors", "imidapril", "enalapril", "lisinopril"]}


@pytest.mark.parametrize(
    ("abstract", "names", "readings"),
    [
        # What follows "except" is the exception to the sameness said before it, read on its own.
        ("Pain scores and side effects were similar between groups except that patients administered neostigmine "
         "experienced significantly more nausea and vomiting (53% vs 7%, P = 0.01).", NAUSEA, [("more", True)]),
        ("Side effects were similar among groups except for nausea, which was significantly greater in the BFCN group "
         "(P<0.05 as compared with BFC).", NAUSEA, [("more", True)]),
        ("Spinal neostigmine 10 microg produces severe nausea and fails to potentiate analgesia.", NAUSEA, [("more", False)]),
        # What the outcome did not depend on among the people treated is no finding about the treatment.
        ("Bronchospasm and cough occurred at a higher rate in patients treated with ACE inhibitors, no links with sex, "
         "past history of bronchospasm, drug type or dose were found.", ACEI_COUGH, [("more", False)]),
        ("The complication of cough was not related significantly to age, sex, underlying disease, drug dosage or "
         "smoking status.", ACEI_COUGH, []),
        # The cough they had before is who they were; two members of the class asked about compare nothing with none.
        ("In hypertensive patients with a history of angiotensin-converting enzyme inhibitor-induced cough, valsartan "
         "produced efficacy comparable to lisinopril.", ACEI_COUGH, []),
        ("The incidence of cough was significantly less under imidapril than under enalapril treatment.", ACEI_COUGH, []),
    ],
)
def test_only_the_words_that_find_something_of_the_outcome_are_read(abstract, names, readings):
    findings = read_outcome(abstract, **names)
    assert [(f.reading, f.significant) for f in findings] == readings


def test_a_lower_limb_is_a_place_not_less_of_the_outcome():
    assert read_clause("Lower-extremity edema was a common adverse event with amlodipine.", ["edema"]) == "more"
    assert read_clause("Edema was lower with losartan.", ["edema"]) == "less"


def test_a_rise_said_of_one_arm_alone_is_less_with_the_other():
    sentence = "The incidence of 'any discomfort' and 'swollen ankles' increased with amlodipine but not with losartan."
    findings = compare_on_outcome(sentence, outcome_names=["swollen ankles"], x_names=["losartan"],
                                  y_names=["amlodipine"], favoured=_favoured)
    assert [f.arm for f in findings] == ["x"]
    findings = compare_on_outcome(sentence, outcome_names=["swollen ankles"], x_names=["amlodipine"],
                                  y_names=["losartan"], favoured=_favoured)
    assert [f.arm for f in findings] == ["y"]


def test_a_rise_with_one_arm_counts_only_when_denied_of_the_other_in_the_same_breath():
    # its own rise, as against placebo, says nothing of the other arm
    alone = "Women treated with 5 mg of alendronate daily had an increase in bone density of 3.5 percent."
    assert compare_on_outcome(alone, outcome_names=["bone density"], x_names=["estrogen"], y_names=["alendronate"],
                              favoured=_favoured) == []



@pytest.mark.parametrize(
    "abstract, reading",
    [
        ("Risperidone, but not haloperidol, significantly increased prolactin levels.", "more"),
        ("Haloperidol, but not risperidone, significantly increased prolactin levels.", "less"),
        ("Risperidone but not haloperidol lowered prolactin levels.", "less"),
        # A denial of the change is no change for either arm; an inert arm is no comparison of the two.
        ("Risperidone but not haloperidol did not reduce prolactin levels.", None),
        ("Risperidone, but not placebo, decreased prolactin levels.", None),
    ],
)
def test_the_arm_named_before_but_not_had_the_change(abstract, reading):
    findings = compare_on_outcome(abstract, outcome_names=["prolactin"], x_names=["risperidone"],
                                  y_names=["haloperidol"], favoured=lambda clause, xs, ys: None)
    assert [f.reading for f in findings] == ([reading] if reading else [])


@pytest.mark.parametrize(
    "abstract, reading",
    [
        # The outcome falling once the treatment was stopped is the treatment bringing it on.
        ("The rate of cough diminished after enalapril had been stopped.", "more"),
        ("Cough resolved on withdrawal of enalapril in all patients.", "more"),
        ("Cough was reduced with enalapril.", "less"),
        # Another drug set against the treatment not bringing it on is the treatment bringing it on.
        ("In contrast to enalapril, losartan does not cause dry cough.", "more"),
        ("Unlike enalapril, losartan did not reduce cough.", "less"),
        ("In contrast to losartan, enalapril does not cause dry cough.", "none"),
        ("Unlike earlier reports, enalapril did not cause cough.", "none"),
    ],
)
def test_a_change_said_of_the_treatment_stopped_or_of_another_drug_is_turned_to_the_treatment(abstract, reading):
    findings = read_outcome(abstract, outcome_names=["cough"], x_names=["enalapril"],
                            other_drug=lambda clause: "losartan" in clause.lower())
    assert [f.reading for f in findings] == [reading]


@pytest.mark.parametrize("sentence, about_arms", [
    ("In contrast, the efficacy of granisetron did not differ between the two cycles.", False),
    ("Complete response did not differ in either period.", False),
    ("The two groups did not differ in complete response.", True),
    ("Both doses of rofecoxib demonstrated efficacy clinically comparable with ibuprofen.", True),
    ("There was no difference between the treatments.", True),
])
def test_both_arms_are_not_two_times_or_places(sentence, about_arms):
    from search.stance.outcome_reading import BOTH_ARMS

    assert bool(BOTH_ARMS.search(sentence)) is about_arms


RAMIPRIL_ATENOLOL = {"outcome_names": ["blood pressure", "hypertension"], "x_names": ["ramipril"],
                     "y_names": ["atenolol"], "favoured": lambda c, x, y: favoured_arm(c, list(x), list(y),
                                                                                       cues=OUTCOME_CUES)}


@pytest.mark.parametrize("sentence", [
    # Each arm lowered it, and the two did not differ: "without any significant difference" is no difference.
    "Systolic and diastolic blood pressures were significantly reduced both by ramipril and by atenolol without any "
    "significant difference between the two drug treatments.",
    # "Equally well controlled" is no difference either.
    "Change in treatment from atenolol to ramipril resulted in equally well controlled blood pressure on a lower dose.",
])
def test_without_any_difference_and_equally_well_are_no_difference(sentence: str) -> None:
    assert [(f.reading, f.significant) for f in compare_on_outcome(sentence, **RAMIPRIL_ATENOLOL)] == [("none", False)]


def test_the_condition_of_the_people_and_a_word_that_begins_alike_name_no_outcome() -> None:
    """"Hypertrophy" begins as "hypertension" does, and "hypertensive patients" are who was studied: neither is a
    finding on blood pressure."""
    sentence = ("It has demonstrated that ramipril is more effective than atenolol in reversing left ventricular "
                "hypertrophy in essential hypertensive patients.")
    assert compare_on_outcome(sentence, **RAMIPRIL_ATENOLOL) == []
    assert [f.arm for f in compare_on_outcome("Blood pressure was reduced more with ramipril than with "
                                              "atenolol in hypertensive patients.", **RAMIPRIL_ATENOLOL)] == ["x"]


def test_a_question_the_abstract_asks_is_no_finding() -> None:
    """"Do antihypertensive drugs protect against cancer?" opens what the study asked; read as a finding, it told
    cancer less often with the drugs."""
    abstract = ("Is cancer related to hypertension and blood pressure? Do antihypertensive drugs protect against "
                "cancer? The frequency of cancer did not differ between the treatment groups.")
    assert clauses_naming(abstract, ["cancer"]) == ["The frequency of cancer did not differ between the treatment groups."]
