"""The comparison model: did a head-to-head study find a difference between I and C, and in whose favour?

Cue and sentence-selection units on hand-made sentences, the shipped artifact on hand-made
abstracts, ``evaluate stance`` on a tiny Evidence Inference folder (grouped CV end to end),
and byte-identical training.
"""
from __future__ import annotations

import hashlib
import io
import json

import pytest
from django.core.management import CommandError, call_command

from search.stance import comparison_features as cf
from search.stance.comparison import (
    DEFAULT_PATH, HIGHER, LOWER, ComparisonModel, ComparisonModelMissing, Difference, difference,
    load_comparison_model, overall_difference,
)
from search.stance.comparison_train import grouped_folds, load_prompts, train
from search.stance.model import metadata_path
from tests.conftest import DATA

EI = DATA / "evidence-inference-v2"
METHODS = ("We randomly assigned 120 adults with hypertension to metoprolol or atenolol for 12 weeks. "
           "Resting heart rate was measured at baseline and at week 12. ")


def cue(text: str, name: str, masked: str = "") -> float:
    return float(cf.cue_counts([text], masked, set())[cf.CUE_NAMES.index(name)])


# --- cues and sentence selection ---------------------------------------------------------------

def test_no_difference_wording_and_p_values_are_counted():
    null = "There was no significant difference between the groups (p = 0.42); outcomes were comparable and NS."
    effect = "Pain was significantly reduced compared with placebo (p<0.001), and greater relief was seen."
    assert cue(null, "no_difference") >= 3 and cue(null, "p_not_significant") == 1 and cue(null, "p_significant") == 0
    assert cue(null, "ns") == 1
    assert cue(effect, "no_difference") == 0 and cue(effect, "p_significant") == 1 and cue(effect, "difference") >= 2
    assert cue("Drug A was non-inferior to and as effective as drug B.", "no_difference") == 2


def test_confidence_intervals_including_or_excluding_the_null_value():
    assert cue("RR 0.91 (95% CI 0.75-1.12)", "ci_includes_1") == 1
    assert cue("difference -1.2 (95% CI, -3.4 to 0.8)", "ci_includes_0") == 1
    excluded = "HR 0.61 (95% CI 0.45 to 0.83)"
    assert cue(excluded, "ci_excludes") == 1 and cue(excluded, "ci_direction") == -1
    assert cue("OR 2.1 (95% confidence interval 1.3, 3.4)", "ci_direction") == 1


def test_direction_is_signed_by_the_arm_it_is_said_of():
    lower_i = cf.masked_text(["Heart rate was lower with metoprolol than with atenolol."],
                             intervention="metoprolol", comparator="atenolol", outcome="heart rate")
    higher_c = cf.masked_text(["Heart rate was higher with atenolol than with metoprolol."],
                              intervention="metoprolol", comparator="atenolol", outcome="heart rate")
    assert "xint" in lower_i and "xcmp" in lower_i and "xout" in lower_i
    assert cue("", "nearest_arm_direction", lower_i) == -1
    assert cue("", "nearest_arm_direction", higher_c) == -1
    assert cue("", "interv_first", higher_c) == -1
    # "12.9 versus 8.9" with the intervention named first: its value is the higher one.
    masked = "the xout was 12.9 cm versus 8.9 in the xint and xcmp groups"
    assert cue("the total incision length was 12.9 cm versus 8.9 (p < 0.05)", "numbers_direction", masked) == 1


def test_the_arm_swapped_copy_flips_arm_tokens_and_signed_cues_only():
    selection = cf.select(METHODS + "Heart rate was lower with metoprolol than with atenolol (p = 0.01).",
                          intervention="metoprolol", comparator="atenolol", outcome="heart rate")
    swapped = cf.mirrored(selection)
    assert selection.arms_named and swapped is not None
    assert swapped.masked == selection.masked.replace("xint", "#").replace("xcmp", "xint").replace("#", "xcmp")
    for name in cf.CUE_NAMES:
        i = cf.CUE_NAMES.index(name)
        expected = -selection.cues[i] if name in cf.ARM_SIGNED_CUES else selection.cues[i]
        assert swapped.cues[i] == expected, name
    one_arm = cf.select("Heart rate fell with metoprolol (p = 0.01).", intervention="metoprolol",
                        comparator="atenolol", outcome="heart rate")
    assert cf.mirrored(one_arm) is None  # nothing to swap: no copy


def test_masking_leaves_words_the_arms_share_and_scopes_negation():
    text = cf.masked_text(["Low-dose aspirin did not reduce stroke compared with high-dose aspirin."],
                          intervention="low-dose aspirin", comparator="high-dose aspirin", outcome="stroke")
    assert "aspirin" in text  # shared by both arms: not evidence for either
    assert "neg_reduce" in text and "neg_xout" in text


def test_the_outcome_result_sentence_is_picked_over_methods_and_background():
    abstract = (METHODS + "Blood pressure fell in both groups. Resting heart rate was significantly lower with "
                "metoprolol than with atenolol (68 vs 74 bpm, p = 0.002). Both drugs were well tolerated.")
    picked = cf.select_sentences(abstract, intervention="metoprolol", comparator="atenolol",
                                 outcome="resting heart rate")
    assert picked[0].startswith("Resting heart rate was significantly lower")
    assert "measured at baseline" not in " ".join(picked)


@pytest.mark.parametrize(("outcome", "vague"), [
    (None, True), ("", True), ("effective", True), ("more effective", True), ("efficacy and safety", True),
    ("pain", False), ("resting heart rate", False), ("mortality", False),
])
def test_vague_outcomes_are_recognised(outcome, vague):
    assert cf.is_vague_outcome(outcome) is vague


def test_without_an_outcome_the_conclusion_is_read():
    abstract = (METHODS + "Heart rate fell by 8 bpm with metoprolol and 9 bpm with atenolol. "
                "CONCLUSIONS: Metoprolol is as effective as atenolol for hypertension.")
    picked = cf.select_sentences(abstract, intervention="metoprolol", comparator="atenolol", outcome="effective")
    assert picked[0] == "Metoprolol is as effective as atenolol for hypertension."


# --- the shipped artifact ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def shipped() -> ComparisonModel:
    return load_comparison_model()


def test_the_shipped_artifact_loads_with_its_metadata(shipped):
    meta = json.loads(metadata_path(DEFAULT_PATH).read_text())
    blob = DEFAULT_PATH.read_bytes()
    assert shipped.version == meta["version"] == hashlib.sha256(blob).hexdigest()[:12]
    assert meta["bytes"] == len(blob) < 5 * 1024 * 1024
    assert meta["trained_on"]["evidence_inference_v2_prompts"] > 1800
    assert load_comparison_model() is shipped  # loaded once per process


def test_no_significant_difference_gives_a_low_probability_and_no_direction(shipped):
    found = difference(shipped, intervention="metoprolol", comparator="atenolol", outcome="resting heart rate",
                       abstract=METHODS + "There was no significant difference between metoprolol and atenolol in "
                                          "resting heart rate.")
    assert isinstance(found, Difference)
    assert found.p_difference < 0.3 and found.direction is None
    assert found.sentence.startswith("There was no significant difference")


def test_a_significant_reduction_gives_a_high_probability_and_direction_lower(shipped):
    abstract = METHODS + "Metoprolol significantly reduced resting heart rate compared with atenolol (p<0.001)."
    found = difference(shipped, intervention="metoprolol", comparator="atenolol", outcome="resting heart rate",
                       abstract=abstract)
    assert found.p_difference > 0.6 and found.direction == LOWER and found.arms_named
    # The same trial asked the other way round: atenolol was the higher one.
    mirrored = difference(shipped, intervention="atenolol", comparator="metoprolol", outcome="resting heart rate",
                          abstract=abstract)
    assert mirrored.p_difference > 0.6 and mirrored.direction == HIGHER


def test_the_question_without_an_outcome_reads_an_equivalence_conclusion_as_no_difference(shipped):
    abstract = (METHODS + "Heart rate fell by 8 bpm with metoprolol and 9 bpm with atenolol. "
                "CONCLUSIONS: Metoprolol is as effective as atenolol for hypertension.")
    found = overall_difference(shipped, intervention="metoprolol", comparator="atenolol", abstract=abstract)
    assert found.p_difference < 0.5 and found.direction is None


def test_an_empty_abstract_says_nothing(shipped):
    assert difference(shipped, intervention="a", comparator="b", outcome="c", abstract="  ") == Difference(
        p_difference=0.5, direction=None, sentence="", p_higher=None, arms_named=False)


def test_a_missing_artifact_names_the_command_that_trains_it(tmp_path):
    with pytest.raises(ComparisonModelMissing, match="manage.py train_comparison"):
        load_comparison_model(tmp_path / "none.joblib")


# --- evaluation on a tiny Evidence Inference folder --------------------------------------------

ARMS = [("metoprolol", "atenolol"), ("tolterodine", "oxybutynin"), ("celecoxib", "naproxen"),
        ("omeprazole", "ranitidine"), ("sumatriptan", "rizatriptan"), ("insulin glargine", "insulin detemir"),
        ("amlodipine", "lisinopril"), ("sertraline", "fluoxetine")]
OUTCOMES = [("nausea", "pain score"), ("serum potassium", "body weight"), ("hospital stay", "blood glucose"),
            ("heart rate", "quality of life"), ("relapse", "adherence"), ("fatigue", "sleep duration"),
            ("creatinine", "cholesterol"), ("dizziness", "headache")]


def write_tiny_ei(folder, *, abstracts: bool = True) -> None:
    """Eight trials, each reporting one outcome that differed and one that did not."""
    prompts, records = [], []
    for n, ((i, c), (o_diff, o_same)) in enumerate(zip(ARMS, OUTCOMES)):
        pmcid = f"PMC{1000 + n}"
        verb, label = (("lower", "significantly decreased") if n % 2 else ("higher", "significantly increased"))
        text = (f"We randomised {60 + n} patients to {i} or {c}. {o_diff.capitalize()} was significantly {verb} with "
                f"{i} than with {c} (p < 0.01). There was no significant difference in {o_same} between {i} and {c} "
                f"(p = 0.{40 + n}).")
        records.append({"pmcid": pmcid, "title": f"{i} versus {c}", "sections": [], "abstract": text})
        for k, (outcome, gold) in enumerate([(o_diff, label), (o_same, "no significant difference")]):
            prompts.append({"prompt_id": n * 10 + k, "pmcid": pmcid, "intervention": i, "comparator": c,
                            "outcome": outcome, "annotations": [], "majority_label": gold,
                            "any_evidence_in_abstract": k == 0 or n % 2 == 0})
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "prompts.jsonl").write_text("".join(json.dumps(p) + "\n" for p in prompts))
    if abstracts:
        (folder / "abstracts.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_evaluate_stance_scores_evidence_inference_as_the_comparison_task(tmp_path):
    write_tiny_ei(tmp_path)
    out = io.StringIO()
    call_command("evaluate", "stance", "--data", str(tmp_path), "--json", "--folds", "2", stdout=out)
    result = json.loads(out.getvalue())
    assert result["dataset"] == "evidence_inference" and result["folds"] == 2 and result["articles"] == 8
    everything, in_abstract = result["all_labelled"], result["evidence_in_abstract"]
    assert everything["n"] == 16 and in_abstract["n"] == 12
    assert result["balanced_accuracy"] == in_abstract["balanced_accuracy"]
    assert everything["per_class"]["difference"]["support"] == 8
    assert everything["baseline_majority"]["balanced_accuracy"] == 0.5
    # Trained on four trials, scored on four others: the wording carries over.
    assert everything["balanced_accuracy"] >= 0.75
    assert set(everything["shipped_classifier"]) >= {"balanced_accuracy", "accuracy", "macro_f1", "recall"}
    direction = everything["direction"]
    assert direction["n"] == 8 and 0 <= direction["accuracy"] <= 1
    assert direction["arms_swapped"]["n"] == 8  # every gold difference was also asked as "C vs I"
    assert result["no_outcome"]["all_labelled"]["n"] == 16
    assert result["speed"]["abstracts_timed"] == 8 and result["speed"]["ms_per_abstract_median"] > 0


def test_evaluation_folds_never_split_an_article(tmp_path):
    write_tiny_ei(tmp_path)
    items = load_prompts(tmp_path / "prompts.jsonl")
    for train_idx, test_idx in grouped_folds(items, 2):
        assert not {items[i].pmcid for i in train_idx} & {items[i].pmcid for i in test_idx}
    with pytest.raises(ValueError, match="8 articles cannot be split into 10 folds"):
        grouped_folds(items, 10)


def test_prompts_without_their_abstracts_are_refused_with_a_sentence(tmp_path):
    write_tiny_ei(tmp_path, abstracts=False)
    with pytest.raises(CommandError, match="need their abstracts: .*abstracts.jsonl not found"):
        call_command("evaluate", "stance", "--data", str(tmp_path / "prompts.jsonl"))


# --- training ----------------------------------------------------------------------------------

def test_training_is_byte_identical_for_the_same_data(tmp_path):
    first = train(data_dir=EI, out=tmp_path / "a.joblib", limit=80)
    second = train(data_dir=EI, out=tmp_path / "b.joblib", limit=80)
    assert (tmp_path / "a.joblib").read_bytes() == (tmp_path / "b.joblib").read_bytes()
    assert first["version"] == second["version"] and first["trained_on"]["evidence_inference_v2_prompts"] == 80
    model = ComparisonModel.load(tmp_path / "a.joblib")
    assert model.version == first["version"]
    other = train(data_dir=EI, out=tmp_path / "c.joblib", limit=120)
    assert other["version"] != first["version"]  # the version follows the data


def test_train_comparison_refuses_a_folder_without_the_data(tmp_path):
    with pytest.raises(CommandError, match="prompts.jsonl not found"):
        call_command("train_comparison", "--data-dir", str(tmp_path), "--out", str(tmp_path / "m.joblib"))
