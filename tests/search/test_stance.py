"""The offline stance classifier: conclusion finding, cues, data formats, artifact, predictions."""
from __future__ import annotations

import json

import numpy as np
import pytest

from search.stance import LABELS, cues
from search.stance.data import HEALTHVER, PUBMEDQA, detect_format, load_file, pubmedqa_text
from search.stance.features import encode_pairs, make_pair
from search.stance.model import ABSTRACT, PASSAGE, StanceClassifier, StanceModelMissing, metadata_path
from search.stance.negation import negation_scoped
from search.sentences import split_sentences
from search.stance.text import conclusion_sentences
from search.stance.train import concat, figures, fit, fold_splits, prepare
from tests.conftest import DATA

PQA = DATA / "pubmedqa-labeled" / "dev.jsonl"
HV = DATA / "healthver" / "dev.jsonl"


def test_conclusion_is_the_labelled_section_when_present():
    abstract = ("BACKGROUND: Little is known. METHODS: We randomised 200 adults. RESULTS: Pain fell (p<0.01). "
                "CONCLUSIONS: Sumatriptan relieves migraine. It is safe.")
    assert conclusion_sentences(abstract) == ["Sumatriptan relieves migraine.", "It is safe."]


def test_conclusion_falls_back_to_the_last_sentences_and_keeps_abbreviations():
    text = "One. Two. Drug A vs. drug B was tested. Four. Five."
    assert split_sentences(text)[2] == "Drug A vs. drug B was tested."
    assert conclusion_sentences(text, last=2) == ["Four.", "Five."]


def test_cues_count_no_effect_and_confidence_intervals():
    null = cues.count_cues("There was no significant difference in mortality (OR 0.91, 95% CI 0.75-1.12).")
    effect = cues.count_cues("Mortality was significantly reduced (OR 0.61, 95% CI 0.45 to 0.83; P<0.001).")
    names = cues.CUE_NAMES
    assert null.values[names.index("no_effect")] >= 1 and null.values[names.index("ci_cross1")] == 1
    assert effect.values[names.index("no_effect")] == 0 and effect.values[names.index("ci_excl1")] == 1
    assert effect.values[names.index("p_sig")] == 1 and effect.values[names.index("ratio")] == 1
    assert cues.count_cues("patients with asthma or COPD").values[names.index("ratio")] == 0


def test_cues_count_judgements_that_a_thing_falls_short_or_measures_up():
    names = cues.CUE_NAMES
    short = cues.count_cues("Agreement was poor, and routine testing is not necessary; there is little need for it.")
    assert short.values[names.index("deficit")] == 3
    enough = cues.count_cues("The score was accurate and reliable, and its routine use is recommended.")
    assert enough.values[names.index("adequate")] == 3 and enough.values[names.index("deficit")] == 0


def test_negation_scope_marks_the_words_after_a_cue_until_punctuation_or_contrast():
    assert negation_scoped("X did not improve survival, but mortality fell.") == (
        "x did not neg_improve neg_survival mortality fell")
    assert negation_scoped("Drug A doesn't reduce pain") == "drug a does n't neg_reduce neg_pain"
    assert negation_scoped("No difference in outcome or cost of the two arms") == (
        "no neg_difference neg_in neg_outcome neg_or cost of the two arms")


def test_grouped_folds_never_split_a_passage_across_train_and_test():
    labels = ["supports", "refutes", "neutral"] * 20
    groups = [f"passage {i // 4}" for i in range(len(labels))]  # four rows share each passage
    splits = fold_splits(labels, folds=5, groups=groups)
    assert len(splits) == 5
    for train_idx, test_idx in splits:
        assert not {groups[i] for i in train_idx} & {groups[i] for i in test_idx}
    assert sorted(i for _, test in splits for i in test) == list(range(len(labels)))


def test_formats_are_detected_and_pubmedqa_is_judged_on_the_full_abstract():
    row = json.loads(PQA.read_text().splitlines()[0])
    assert detect_format(row) == PUBMEDQA
    assert detect_format(json.loads(HV.read_text().splitlines()[0])) == HEALTHVER
    assert pubmedqa_text(row).endswith(row["long_answer"]) and pubmedqa_text(row).startswith(row["contexts"][0])
    with pytest.raises(ValueError, match="unrecognised"):
        detect_format({"foo": 1})


def test_figures_report_accuracy_macro_f1_and_confusion():
    out = figures(["supports", "refutes", "neutral", "supports"], ["supports", "supports", "neutral", "supports"])
    assert out["n"] == 4 and out["accuracy"] == 0.75
    assert out["per_class"]["refutes"]["recall"] == 0.0
    assert out["confusion_matrix"]["rows_gold_columns_predicted"][1] == [1, 0, 0]


def test_macro_f1_averages_only_the_labels_the_gold_data_has():
    out = figures(["supports", "refutes"], ["supports", "neutral"])  # weak title labels have no "neutral"
    assert out["macro_f1"] == 0.5  # supports 1.0, refutes 0.0; not charged a 0 for neutral


@pytest.fixture(scope="module")
def small_model():
    """A classifier trained on a real slice of both dev sets (small, so the test stays quick)."""
    data = concat([prepare(load_file(PQA)[:60]), prepare(load_file(HV)[:60])])
    return fit(data)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_artifact_round_trip_keeps_predictions_and_writes_versioned_metadata(small_model, tmp_path):
    path = tmp_path / "stance.joblib"
    small_model.metadata = {"examples": 120}
    meta = small_model.save(path)
    written = json.loads(metadata_path(path).read_text())
    assert written["version"] == meta["version"] and len(meta["version"]) == 12 and written["bytes"] > 0
    loaded = StanceClassifier.load(path)
    assert loaded.version == meta["version"]
    examples = load_file(PQA)[100:105]
    pairs = [make_pair(e.question, e.text) for e in examples]
    from search import embeddings

    enc = encode_pairs(pairs, embeddings.encode)
    a, b = small_model.predict_proba(pairs, enc), loaded.predict_proba(pairs, enc)
    assert np.allclose(a, b) and np.allclose(a.sum(axis=1), 1.0)


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_each_input_kind_has_its_own_model_and_the_abstract_one_needs_no_embeddings(small_model):
    assert set(small_model.models) == {ABSTRACT, PASSAGE}
    assert not small_model.needs_embeddings(ABSTRACT) and small_model.needs_embeddings(PASSAGE)
    examples = load_file(PQA)[100:103]
    pairs = [make_pair(e.question, e.text) for e in examples]
    proba = small_model.predict_proba(pairs, None, kind=ABSTRACT)
    assert proba.shape == (3, 3) and np.allclose(proba.sum(axis=1), 1.0)
    with pytest.raises(ValueError, match="embeddings"):
        small_model.predict_proba(pairs, None, kind=PASSAGE)


def test_missing_artifact_fails_clearly(tmp_path):
    with pytest.raises(StanceModelMissing, match="train_stance"):
        StanceClassifier.load(tmp_path / "none.joblib")


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_committed_artifact_labels_pubmedqa_abstracts_with_strengths_summing_to_one():
    from search.stance.predict import classify, load_classifier

    model = load_classifier()
    assert model.metadata["trained_on"][PUBMEDQA]["supports"] > 0
    assert model.metadata["models"][ABSTRACT]["trained_on"] == [PUBMEDQA]
    examples = load_file(PQA)[:8]
    stances = classify(examples[0].question, {e.key: e.text for e in examples} | {"empty": "  "})
    assert set(stances) == {e.key for e in examples}  # an empty abstract gets no invented stance
    for stance in stances.values():
        assert stance.label in LABELS
        assert abs(stance.supports + stance.refutes + stance.neutral - 1.0) < 1e-6
        assert getattr(stance, stance.label) == max(stance.supports, stance.refutes, stance.neutral)
        assert "offline classifier" in stance.rationale


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
def test_saved_artifact_holds_no_run_specific_state_so_retraining_gives_the_same_version(small_model, tmp_path):
    pairs = [make_pair(e.question, e.text) for e in load_file(PQA)[100:102]]
    small_model.predict_proba(pairs, None, kind=ABSTRACT)  # transforming caches a memory address in sklearn
    first = small_model.save(tmp_path / "a.joblib", run={"train_seconds": 1.0})
    second = small_model.save(tmp_path / "b.joblib", run={"train_seconds": 2.0})
    assert first["version"] == second["version"]
    assert json.loads(metadata_path(tmp_path / "b.joblib").read_text())["train_seconds"] == 2.0
    for model in StanceClassifier.load(tmp_path / "a.joblib").models.values():
        for vectorizer in (model.vectorizer, model.question_vectorizer):
            if vectorizer is not None:
                assert vectorizer.stop_words_ is None and "_stop_words_id" not in vectorizer.__dict__
