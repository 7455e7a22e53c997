"""The quoting rules, the sentence roles and the scorer artifact (no database, no embedding model)."""
from __future__ import annotations

import hashlib
import json

import numpy as np
import pytest

from search.pipeline.state import Frame
from search.quote import cues, rules
from search.quote.features import FEATURES, column, is_whole, matrix
from search.quote.frame import Parts, names_both_arms, stems
from search.quote.model import DEFAULT_PATH, SentenceScorer, get_scorer

TOLTERODINE = Frame(kind="comparison", intervention="tolterodine", comparator="oxybutynin",
                    outcome="overactive bladder")


@pytest.mark.parametrize(
    ("sentence", "role"),
    [
        ("To compare the efficacy and tolerability of tolterodine with that of oxybutynin in patients.", "aim"),
        ("The aim of this study was to assess lansoprazole.", "aim"),
        ("We randomized 300 adults to sumatriptan or placebo.", "methods"),
        ("Patients were randomly assigned to receive omeprazole 20 mg or ranitidine 150 mg.", "methods"),
        ("A total of 277 patients were enrolled in 12 centres.", "methods"),
        ("Our primary interest was pain-free response 2 hours after dosing.", "methods"),
        ("Migraine is a common and disabling headache disorder.", "background"),
        ("Some studies have suggested that calcium channel blockers may increase the risk of cancer.", "background"),
        ("Recent findings suggest that users are at increased risk for cancer.", "background"),
        ("This analysis sought to estimate the risk ratio for cancer incidence.", "aim"),
        ("Relief was reported by 62% with sumatriptan vs. 28% with placebo (p < 0.001).", "results"),
        ("Tolterodine was as effective as oxybutynin.", "results"),
        ("In conclusion, sumatriptan relieves migraine headache.", "conclusion"),
    ],
)
def test_the_wording_gives_the_role_away(sentence, role):
    assert cues.wording_role(sentence) == role
    assert cues.is_setup(sentence) is (role in ("aim", "methods", "background"))


def test_a_section_label_decides_over_the_wording():
    sentence = "Patients were randomly assigned to two arms."
    assert cues.role(sentence, "RESULTS") == "results" and not cues.is_setup(sentence, "RESULTS")
    assert cues.role("Pain fell by 40%.", "MATERIALS AND METHODS") == "methods"
    assert cues.label_role("AUTHORS' CONCLUSIONS") == "conclusion" and cues.label_role("HIV") is None


def test_whole_sentences_and_fragments():
    assert is_whole("Pain fell by 40% (p < 0.01).")
    assert is_whole("(Relief was faster.)")
    assert not is_whole("and pain fell by 40%.")  # the tail of a bad split
    assert not is_whole("Pain fell by 40%")  # cut before its end


def test_both_arms_are_named_by_stems_and_generic_comparators():
    parts = Parts.of("Is tolterodine better than oxybutynin?", TOLTERODINE)
    assert parts.comparison
    assert names_both_arms(parts, stems("Tolterodine and oxybutynin were equally effective."))
    assert not names_both_arms(parts, stems("Tolterodine was well tolerated."))
    placebo = Parts.of("q", Frame(kind="effect", intervention="sumatriptan", comparator="control"))
    assert names_both_arms(placebo, stems("Sumatriptan beat placebo."))  # a generic comparator matches another
    assert not Parts.of("Does sumatriptan work?", None).comparison


def _order(sentences, scores, **kwargs):
    kwargs.setdefault("parts", Parts.of("question", None))
    return rules.order(sentences, np.asarray(scores, dtype=float), **kwargs)


def test_a_fragment_or_the_title_is_never_quoted_while_a_whole_sentence_exists():
    sentences = ["Sumatriptan relieves migraine", "and relief was fast.", "Relief at two hours was 62% vs 28%."]
    assert _order(sentences, [3.0, 2.0, 1.0])[0] == 2
    title = "Sumatriptan relieves migraine headache."
    assert _order([title, "Relief at two hours was 62% vs 28%."], [3.0, 1.0], title=title)[0] == 1
    assert _order(["Relief", "fast"], [1.0, 2.0]) == [1, 0]  # nothing whole: the best fragment still


def test_no_aim_methods_or_background_sentence_while_a_finding_exists():
    sentences = [
        "To compare the efficacy and tolerability of tolterodine with that of oxybutynin.",
        "Patients were randomised to tolterodine or oxybutynin for 12 weeks.",
        "Overactive bladder is a common condition in older adults.",
        "Dry mouth was less frequent with tolterodine than with oxybutynin (p < 0.001).",
    ]
    order = _order(sentences, [5.0, 4.0, 3.0, -2.0])
    assert order[0] == 3 and order[1:] == [0, 1, 2]  # the rest keep their score order
    assert _order(sentences[:3], [1.0, 3.0, 2.0])[0] == 1  # only setup sentences: the best of them


def test_a_comparison_prefers_the_sentence_naming_both_arms_within_the_margin():
    parts = Parts.of("Is tolterodine better than oxybutynin for overactive bladder?", TOLTERODINE)
    sentences = [
        "Tolterodine reduced micturitions by 20% (p < 0.01).",
        "Tolterodine was as effective as oxybutynin and better tolerated.",
    ]
    near = rules.BOTH_ARMS_MARGIN / 2
    assert _order(sentences, [1.0, 1.0 - near], parts=parts)[0] == 1
    assert _order(sentences, [1.0, 1.0 - 2 * rules.BOTH_ARMS_MARGIN], parts=parts)[0] == 0  # far below: no
    assert _order(sentences, [1.0, 1.0 - near])[0] == 0  # not a comparison: scores alone


def test_choose_quote_skips_the_summary_line_however_it_was_cleaned():
    candidates = ["Omeprazole healed 80% [12].", "Heartburn resolved in 70% vs 49%."]
    assert rules.choose_quote(candidates, avoid="omeprazole healed 80% (12).") == 1
    assert rules.choose_quote(candidates, avoid=None) == 0
    assert rules.choose_quote(candidates[:1], avoid=candidates[0]) is None  # nothing else to quote
    assert rules.choose_quote([], avoid="x") is None


def test_feature_rows_follow_the_feature_names():
    sentences = ["To compare tolterodine with oxybutynin.", "Tolterodine was as effective as oxybutynin (p = 0.4)."]
    vectors = np.eye(2, dtype=np.float32)
    rows = matrix(np.array([0.2, 0.9], dtype=np.float32), sentences, vectors, Parts.of("q", TOLTERODINE))
    assert rows.shape == (2, len(FEATURES))
    assert rows[:, column("cosine")].tolist() == pytest.approx([0.2, 0.9])
    assert rows[:, column("cosine_best")].tolist() == [0.0, 1.0]
    assert rows[:, column("role_aim")].tolist() == [1.0, 0.0]
    assert rows[:, column("p_value")].tolist() == [0.0, 1.0]
    assert rows[:, column("names_both_arms")].tolist() == [1.0, 1.0]
    assert rows[:, column("last")].tolist() == [0.0, 1.0]
    assert matrix(np.ones(2), [], np.zeros((0, 2)), Parts()).shape == (0, len(FEATURES))


def test_the_shipped_scorer_loads_and_says_what_it_was_trained_on():
    scorer = get_scorer()
    blob = DEFAULT_PATH.read_bytes()
    assert scorer.version == hashlib.sha256(blob).hexdigest()[:12]
    assert tuple(json.loads(blob)["features"]) == FEATURES
    assert set(scorer.metadata["trained_on"]) == {"evidence-inference-v2", "pubmedqa"}
    # Findings language and the results role count for a sentence, the aim and methods roles against it.
    weight = dict(zip(FEATURES, scorer.coef))
    assert weight["p_value"] > 0 and weight["role_aim"] < 0 and weight["role_methods"] < 0


def test_saving_is_byte_for_byte_reproducible_and_loads_back(tmp_path):
    rng = np.random.default_rng(0)
    scorer = SentenceScorer(mean=rng.normal(size=len(FEATURES)), scale=rng.uniform(0.5, 2, size=len(FEATURES)),
                            coef=rng.normal(size=len(FEATURES)), intercept=-1.23456789, metadata={"b": 1, "a": 2})
    first = scorer.save(tmp_path / "one.json", run={"train_seconds": 1.0})
    second = scorer.save(tmp_path / "two.json", run={"train_seconds": 99.0})  # run details do not enter the artifact
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes()
    assert first["version"] == second["version"]
    loaded = SentenceScorer.load(tmp_path / "one.json")
    rows = rng.normal(size=(5, len(FEATURES)))
    assert loaded.score(rows) == pytest.approx(scorer.score(rows), rel=1e-5, abs=1e-5)
    assert loaded.version == first["version"]


def test_an_artifact_for_other_features_is_refused(tmp_path):
    body = json.loads(DEFAULT_PATH.read_text())
    body["features"] = body["features"][:-1]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(body))
    with pytest.raises(ValueError, match="retrain with manage.py train_sentence"):
        SentenceScorer.load(path)
