"""The learned design model over the rules: features, training, the artifact, the hybrid's precedence and the
leave-one-set-out evaluation (``evaluate design --data DIR``, ``train_design --cross-set``)."""
from __future__ import annotations

import hashlib
import io
import json
import logging
import re
from pathlib import Path

import joblib
import numpy as np
import pytest
from django.conf import settings
from django.core.management import call_command

from search import design as rules
from search import design_model as dm
from search.design import classify_design, sample_size
from search.design_model import DesignModel, DesignModelConfig, DesignModelMissing, Example, load_design_model
from search.evaluation import design as evaluation
from search.evaluation.design import LABEL_SETS, SECOND_READER, design_figures, labelled_sets, read_labelled

from .test_design import CLEAR_CASES

LABELS_DIR = Path(settings.BASE_DIR) / "search" / "evaluation" / "data"
TOPICS = [f"topic{i}" for i in range(7)]


# --- synthetic papers: three designs the rules tell apart, each drawn from seven topics -----------------------

def _abstract(design: str, topic: str, i: int) -> tuple[str, str]:
    drug = f"drug{topic}"  # a word of one topic only: the vocabulary must leave it out
    if design == "rct":
        return (f"{drug} for pain: a trial",
                f"{i + 20} patients with pain were randomized to {drug} or placebo in a double-blind trial. "
                "Pain fell (P < 0.01).")
    if design == "cohort":
        return (f"Outcomes after {drug}",
                f"We retrospectively analyzed {i + 100} patients treated with {drug} between 1995 and 2005; "
                "survival was compared between men and women.")
    return (f"{drug} in pain", f"This review summarizes the evidence on {drug} in pain. Its place in therapy is "
                               "discussed.")


def _examples(labels: dict[str, str] | None = None, per: int = 2) -> list[Example]:
    """Synthetic examples; ``labels`` maps the template's design to the label it is given (default: itself)."""
    out = []
    for design in ("rct", "cohort", "narrative_review"):
        for t, topic in enumerate(TOPICS):
            for i in range(per):
                title, abstract = _abstract(design, topic, 10 * t + i)
                out.append(Example(pmid=f"{design}-{topic}-{i}", title=title, abstract=abstract, topic=topic,
                                   design=(labels or {}).get(design, design)))
    return out


SMALL = DesignModelConfig(max_iter=500)


def test_lower_pattern_keeps_escapes_and_lowers_letters() -> None:
    assert dm._lower_pattern(r"\bData (from|of) the [A-Z]\S+\W\d") == r"\bdata (from|of) the [a-z]\S+\W\d"


CUE_TEXTS = [
    "Drug X for pain: a Randomized, Placebo-Controlled Trial. In this double-blind study 120 patients were "
    "randomized. Data from the SOLVD registry were analysed retrospectively. P < 0.01.",
    "Guidelines for the drug treatment of hypertensive crises. This consensus statement reviews the literature.",
    "We report a case of hepatitis after drug T. MEDLINE was searched and 9 earlier reports are reviewed.",
    "Male rats received drug W in vitro; cultured cells and homogenates were studied. Arms A and B differed.",
    "A cross-sectional survey: a questionnaire was mailed to 300 respondents; sensitivity and specificity.",
    "A 45-year-old woman developed a rash. Case-control studies and cohort studies have suggested a risk.",
    "An open-label, uncontrolled phase II pilot study; a decision-analytic Markov model; a Delphi panel.",
    "Patients were followed for 5 years; the prevalence at one point in time; cases and 40 controls; odds ratios.",
    "A history of prior use and the risk among users; 30 healthy controls; historical controls, before and after.",
    "A retrospective cohort study to estimate the proportion of users; pharmacy claims; 10-year follow-up results; "
    "prescribing patterns of 300 patients enrolled in the SOLVD trial.",
]


def test_the_models_cues_find_what_the_rules_cues_find() -> None:
    """The model searches lower-cased text with its own copy of each cue: it must match where the rules' does."""
    fired = set()
    for text in CUE_TEXTS:
        for name, pattern in rules._CUES.items():
            expected = bool(pattern.search(text))
            assert bool(dm._CUES[name].search(text.lower())) == expected, (name, text)
            if expected:
                fired.add(name)
    assert len(fired) >= 0.7 * len(rules._CUES)  # not vacuous: most cues fire somewhere


@pytest.mark.parametrize(("title", "abstract", "cues"), [
    # the fourth round's cues (third 2026-12-03 session): each a wording, weighed by the model
    ("Albuminuria and risk: the LIFE study.", "Multicenter cohort study derived from a randomized, controlled trial. "
     "8206 patients randomly assigned to losartan or atenolol.", {"body:own_cohort", "body:within_trial"}),
    ("Evidence based general practice.", "To estimate the proportion of interventions based on trials. 122 "
     "consultations.", {"body:aim_proportion"}),
    ("Ten-year outcome after coronary angioplasty.", "We evaluated 509 patients.", {"title:years_after"}),
    ("Compliance in heart failure.", "Data were integrated medical and pharmacy claims from 869 patients; "
     "prescribing patterns were compared.", {"body:claims_data", "body:drug_utilisation"}),
    ("Clozapine response and genotype.", "We genotyped 66 subjects participating in double-blind studies of "
     "clozapine.", {"body:within_trial"}),
])
def test_view_reads_the_fourth_round_cues(title: str, abstract: str, cues: set[str]) -> None:
    v = dm.view(title, abstract)
    assert cues <= set(v.cues), sorted(v.cues)


@pytest.mark.parametrize(("title", "abstract", "cues", "absent"), [
    # the fifth round's cues (holdout 15 read): the paper names itself cross-sectional; a count in the title
    ("Quality of life and cancer pain.", "A total of 504 patients participated in this cross-sectional, "
     "quality-of-life study.", {"body:own_cross_sectional"}, set()),
    ("Drug-induced hypoglycemic coma in 102 diabetic patients.", "We retrospectively reviewed our experience.",
     {"title:count_in_title"}, set()),
    # "compared cross-sectionally" is an analysis, not the design
    ("Drug A and drug B.", "The groups, compared cross-sectionally at baseline, did not differ.", set(),
     {"body:own_cross_sectional", "body:cross_sectional"}),
])
def test_view_reads_the_fifth_round_cues(title: str, abstract: str, cues: set[str], absent: set[str]) -> None:
    v = dm.view(title, abstract)
    assert cues <= set(v.cues) and not absent & set(v.cues), sorted(v.cues)


@pytest.mark.parametrize(("title", "abstract", "cues"), [
    # the seventh round's cue (holdout 17 read): the paper's own series beside the literature it searched
    ("Drug A toxicity.", "Eight patients treated at our hospital were analysed. Six cases from a MEDLINE search were "
     "also reviewed.", {"body:own_series"}),
    ("Drug A in depression.", "In our open-label case series (n = 5), drug A was added.", {"body:own_series"}),
])
def test_view_reads_the_seventh_round_cue(title: str, abstract: str, cues: set[str]) -> None:
    v = dm.view(title, abstract)
    assert cues <= set(v.cues), sorted(v.cues)


def test_view_reads_the_rules_answer_cues_and_sample_size() -> None:
    v = dm.view("Drug X: a randomized trial", "In this double-blind study 120 patients were randomized.", ["Humans"])
    assert v.rule.label == "rct"
    assert v.cues["body:random"] == 1.0 and v.cues["title:random"] == 1.0 and v.cues["rule:randomised"] == 1.0
    assert v.cues["size:stated"] == 1.0 and v.cues["size:log10"] == pytest.approx(np.log10(120) / 4)
    assert v.matched["body:random"] == "randomized"
    assert v.mesh == ("Humans",)


def test_the_vocabulary_keeps_design_words_and_drops_words_of_one_topic() -> None:
    model = DesignModel.fit(_examples(), SMALL)
    assert "randomized" in model.words and "retrospectively analyzed" in model.words
    assert not any(word.startswith("drugtopic") for word in model.words)
    everything = DesignModel.fit(_examples(), DesignModelConfig(min_topics=1, max_iter=500))
    assert "drugtopic3" in everything.words


def test_words_weigh_by_their_sublinear_count_without_idf_unless_asked() -> None:
    """By default an n-gram weighs by 1 + log(count) alone (L2-normalised): a design word every abstract uses is
    not pushed below a rare phrasing by its inverse document frequency; ``word_idf=True`` gives TF-IDF."""
    plain = DesignModel.fit(_examples(), SMALL)
    assert not plain.config.word_idf and np.all(plain.idf == 1.0)
    v = dm.view("Pain: a trial", "Patients were randomized. Patients were randomized to placebo. Pain fell.")
    row = plain._row(v)
    words = {gram: row[col] for gram, col in plain.words.items() if col in row}
    assert words["randomized"] == pytest.approx(words["patients"])  # twice each, however common
    assert words["randomized"] == pytest.approx((1 + np.log(2)) * words["fell"])  # twice against once
    assert words["fell"] == pytest.approx(words["placebo"])
    assert sum(w * w for w in words.values()) == pytest.approx(1.0)  # the block is L2-normalised
    tfidf = DesignModel.fit(_examples(), DesignModelConfig(max_iter=500, word_idf=True))
    assert len(set(np.round(tfidf.idf, 6))) > 1 and tfidf.words == plain.words
    common, rare = tfidf.idf[tfidf.words["patients"]], tfidf.idf[tfidf.words["randomized"]]
    assert rare > common  # "randomized" is in a third of the abstracts, "patients" in two thirds


def test_fit_refuses_a_design_not_in_designs() -> None:
    with pytest.raises(ValueError, match="DESIGNS"):
        DesignModel.fit(_examples({"rct": "trial"}), SMALL)


def test_training_is_deterministic_and_the_artifact_round_trips(tmp_path: Path) -> None:
    first = DesignModel.fit(_examples(), SMALL)
    second = DesignModel.fit(_examples(), SMALL)
    meta = first.save(tmp_path / "a" / "design.joblib", run={"train_seconds": 1.0})
    second.save(tmp_path / "b" / "design.joblib", run={"train_seconds": 2.0})  # run details go to the JSON only
    blob = (tmp_path / "a" / "design.joblib").read_bytes()
    assert blob == (tmp_path / "b" / "design.joblib").read_bytes()
    assert meta["version"] == hashlib.sha256(blob).hexdigest()[:12]
    written = json.loads((tmp_path / "a" / "design.json").read_text())
    assert written["version"] == meta["version"] and written["bytes"] == len(blob) and written["train_seconds"] == 1.0
    loaded = load_design_model(tmp_path / "a" / "design.joblib")
    assert loaded is load_design_model(tmp_path / "a" / "design.joblib")  # loaded once per process
    views = [dm.view(e.title, e.abstract, e.mesh) for e in _examples()]
    assert np.allclose(loaded.predict_proba(views), first.predict_proba(views))
    assert loaded.version == meta["version"]
    assert loaded.trained_pmids == tuple(sorted(e.pmid for e in _examples()))
    # the per-search path (one row, no sparse matrix) gives the batch probabilities
    assert np.allclose(loaded._proba_of_row(loaded._row(views[0])), loaded.predict_proba(views[:1])[0])
    # the weights are stored in single precision, and the trained model already holds exactly what is loaded
    import joblib
    assert joblib.load(tmp_path / "a" / "design.joblib")["coef"].dtype == dm.COEF_DTYPE == np.float32
    assert np.array_equal(loaded.coef, first.coef) and loaded.coef.dtype == np.float64


def test_a_missing_or_foreign_artifact_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DesignModelMissing, match="train_design"):
        load_design_model(tmp_path / "none.joblib")
    foreign = tmp_path / "foreign.joblib"
    buffer = io.BytesIO()
    joblib.dump({"format": 99}, buffer)
    foreign.write_bytes(buffer.getvalue())
    with pytest.raises(DesignModelMissing, match="another format"):
        DesignModel.load(foreign)


RANDOMISED = ("Drug X for pain: a trial", "In this double-blind study 120 patients with pain were randomized to drug X "
                                          "or placebo. Pain fell (P < 0.01).")


def test_the_model_decides_the_text_and_says_it_overruled_the_rules() -> None:
    """Labels that contradict the rules (every randomised template labelled cohort) teach a model that overrules
    them; publication types and the MeSH animal rule still decide first."""
    model = DesignModel.fit(_examples({"rct": "cohort"}, per=3), SMALL)
    title, abstract = RANDOMISED
    hybrid = classify_design(title=title, abstract=abstract, publication_types=[], mesh=[], model=model)
    assert hybrid.label == "cohort" and hybrid.source == "text"
    assert hybrid.evidence.startswith("learned model ") and "(rules: rct, randomized)" in hybrid.evidence
    assert classify_design(title=title, abstract=abstract, publication_types=[], mesh=[], model=model,
                           learned=False).label == "rct"
    typed = classify_design(title=title, abstract=abstract, publication_types=["Randomized Controlled Trial"],
                            mesh=[], model=model)
    assert (typed.label, typed.source) == ("rct", "publication_type")
    animal = classify_design(title=title, abstract=abstract, publication_types=[], mesh=["Animals"], model=model)
    assert (animal.label, animal.source) == ("animal_in_vitro", "mesh")


def test_observational_mesh_headings_are_weighed_by_the_model_not_decided_first() -> None:
    """``Case-Control Studies`` / ``Cross-Sectional Studies`` headings are often on exposure-defined cohorts (leave
    one set out: 17 right, 14 wrong when they decided first), so with a model they are its rule answer and input;
    the rules alone and ``Animals`` without ``Humans`` still decide from MeSH."""
    abstract = "We studied 200 users of drug S and 200 non-users, followed for falls over 3 years."
    seen: list[dm.View] = []

    class Recorder:
        def decide(self, v: dm.View) -> rules.DesignResult:
            seen.append(v)
            return rules.DesignResult("cohort", "text", "model")

    mesh = ["Humans", "Case-Control Studies"]
    hybrid = classify_design(title="", abstract=abstract, publication_types=[], mesh=mesh, model=Recorder())
    assert hybrid.label == "cohort" and len(seen) == 1
    assert seen[0].rule == rules.DesignResult("case_control", "mesh", "Case-Control Studies")  # its rule answer
    assert seen[0].rule == dm.view("", abstract, mesh).rule  # the same answer the model was trained on
    alone = classify_design(title="", abstract=abstract, publication_types=[], mesh=mesh, learned=False)
    assert (alone.label, alone.source) == ("case_control", "mesh")
    animal = classify_design(title="", abstract=abstract, publication_types=[], mesh=["Animals"], model=Recorder())
    assert (animal.label, animal.source) == ("animal_in_vitro", "mesh") and len(seen) == 1


def test_where_the_model_agrees_the_rules_words_are_the_evidence() -> None:
    model = DesignModel.fit(_examples(per=3), SMALL)
    title, abstract = RANDOMISED
    rule = classify_design(title=title, abstract=abstract, publication_types=[], mesh=[], learned=False)
    assert classify_design(title=title, abstract=abstract, publication_types=[], mesh=[], model=model) == rule


def test_without_an_artifact_the_rules_decide_and_say_so_once(monkeypatch, tmp_path, caplog) -> None:
    monkeypatch.setattr(dm, "DEFAULT_PATH", tmp_path / "missing.joblib")
    monkeypatch.setitem(rules._MODEL_STATE, "warned", False)
    title, abstract = RANDOMISED
    with caplog.at_level(logging.WARNING, logger="search.design"):
        for _ in range(2):
            result = classify_design(title=title, abstract=abstract, publication_types=[], mesh=[])
            assert result == classify_design(title=title, abstract=abstract, publication_types=[], mesh=[],
                                             learned=False)
    assert sum("the text rules decide alone" in r.getMessage() for r in caplog.records) == 1


# --- the leave-one-set-out evaluation -------------------------------------------------------------------------

def _write_labels(folder: Path, name: str, rows: list[dict]) -> None:
    (folder / name).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _synthetic_folder(tmp_path: Path) -> tuple[Path, Path, dict[str, set[str]]]:
    """Three labelled sets (disjoint PMIDs), a second reader over one of them, a blind file that is not JSON, and
    a corpus holding their records."""
    folder = tmp_path / "labels"
    folder.mkdir()
    records, sets = [], {}
    for k, name in enumerate(LABEL_SETS[:3]):
        rows = []
        for e in _examples(per=1):
            pmid = f"{k}{abs(hash(e.pmid)) % 10**8:08d}"
            records.append({"pmid": pmid, "title": e.title, "abstract": e.abstract, "mesh": [],
                            "reviews": [{"topic": e.topic}], "source": "synthetic"})
            size = sample_size(e.abstract)
            rows.append({"pmid": pmid, "design": e.design, "sample_size": size.n if size else None, "note": "x"})
        _write_labels(folder, name, rows)
        sets[name] = {r["pmid"] for r in rows}
    first = read_labelled(folder / LABEL_SETS[2])
    _write_labels(folder, SECOND_READER, [{**r, "design": "cohort" if i == 0 else r["design"]}
                                          for i, r in enumerate(first)])
    (folder / "design_labels_holdout58.jsonl").write_text("being written, not JSON yet\n", encoding="utf-8")
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return folder, corpus, sets


def test_labelled_sets_open_only_the_named_sets(tmp_path: Path) -> None:
    folder, _, sets = _synthetic_folder(tmp_path)
    found = labelled_sets(folder)  # the blind file (not JSON) would raise if it were opened
    assert list(found) == list(LABEL_SETS[:3])
    assert {name: {r["pmid"] for r in rows} for name, rows in found.items()} == sets
    shared = read_labelled(folder / LABEL_SETS[0])[:1]
    _write_labels(folder, LABEL_SETS[3], shared)
    with pytest.raises(ValueError, match="share no abstract"):
        labelled_sets(folder)
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    _write_labels(lonely, LABEL_SETS[0], shared)
    with pytest.raises(ValueError, match="at least two"):
        labelled_sets(lonely)


def test_cross_set_never_trains_on_the_set_it_scores(tmp_path: Path, monkeypatch) -> None:
    folder, corpus, sets = _synthetic_folder(tmp_path)
    trained_on: list[set[str]] = []
    fit = DesignModel.fit.__func__

    def spy(cls, examples, config=None, views=None):
        trained_on.append({e.pmid for e in examples})
        return fit(cls, examples, config, views)

    monkeypatch.setattr(DesignModel, "fit", classmethod(spy))
    figures = evaluation.cross_set(folder, {"corpus": corpus})
    everything = set().union(*sets.values())
    # two models (learned, hybrid) per held-out set, each on exactly the other sets
    assert sorted(map(sorted, trained_on)) == sorted(sorted(everything - s) for s in sets.values() for _ in (1, 2))
    assert list(figures["per_set"]) == list(sets)
    assert figures["not_opened"] == ["design_labels_holdout58.jsonl"]
    for name, per in figures["per_set"].items():
        assert per["n"] == len(sets[name]) and per["trained_on"] == len(everything - sets[name])
        assert set(per) >= {"rules", "learned", "hybrid", "sample_size_exact"}
        assert per["rules"]["design_macro_f1"] == 1.0  # the templates are clear cases for the rules
        assert f"`{name}`" in figures["table"]
    assert figures["pooled"]["rules"]["n"] == len(everything)
    second = figures["second_reader"]
    assert second["n"] == len(sets[LABEL_SETS[2]]) and second["second_vs_first_accuracy"] < 1.0


def test_train_writes_the_named_sets_and_not_the_second_reader(tmp_path: Path) -> None:
    folder, corpus, sets = _synthetic_folder(tmp_path)
    meta = dm.train(labels=folder, out=tmp_path / "out" / "design.joblib", config=SMALL, corpus=corpus)
    assert meta["trained_on"] == {name: len(pmids) for name, pmids in sets.items()}
    assert meta["examples"] == sum(map(len, sets.values()))
    assert load_design_model(tmp_path / "out" / "design.joblib").trained_pmids == tuple(sorted(set().union(*sets.values())))


def test_macro_f1_and_the_paired_bootstrap() -> None:
    rng = np.random.default_rng(0)
    designs = list(rules.DESIGNS)
    gold = [designs[i] for i in rng.integers(0, 11, 200)]
    guess = [g if rng.random() < 0.7 else designs[i] for g, i in zip(gold, rng.integers(0, 11, 200))]
    index = {d: i for i, d in enumerate(designs)}
    fast = evaluation._macro_f1(np.array([index[g] for g in gold]), np.array([index[p] for p in guess]), 11)
    assert round(fast, 3) == design_figures(gold, guess)["design_macro_f1"]
    same = evaluation.paired_bootstrap(gold, guess, guess, resamples=50)
    assert same["difference"] == same["low"] == same["high"] == 0.0
    better = evaluation.paired_bootstrap(gold, guess, gold, resamples=50)
    assert better["difference"] > 0 and better["low"] > 0 and better["share_above_zero"] == 1.0


# --- the shipped artifact (the real labels and corpus) ----------------------------------------------------------

@pytest.mark.slow  # loads the shipped model
def test_the_shipped_artifact_is_trained_on_the_named_sets_only() -> None:
    model = load_design_model()
    blob = dm.DEFAULT_PATH.read_bytes()
    meta = json.loads(dm.metadata_path(dm.DEFAULT_PATH).read_text())
    assert model.version == meta["version"] == hashlib.sha256(blob).hexdigest()[:12]
    # a small artifact (it grows by about 50 KB with each set of 150 abstracts: vocabulary and trained PMIDs; 1.03 MB
    # with eighteen sets, 1.08 MB with nineteen; 2.06 MB with forty-one in double precision, 1.08 MB in single;
    # 1.12 MB with forty-three, about 1.16 MB with forty-five)
    assert meta["bytes"] == len(blob) < 2 * 1024 * 1024
    counts = {name: len(read_labelled(LABELS_DIR / name)) for name in LABEL_SETS}
    assert meta["trained_on"] == counts and meta["examples"] == sum(counts.values())
    assert SECOND_READER not in meta["trained_on"]
    pmids = [r["pmid"] for name in LABEL_SETS for r in read_labelled(LABELS_DIR / name)]
    assert model.trained_pmids == tuple(sorted(pmids))  # each labelled abstract once, second reader's not again
    assert model.config == DesignModelConfig()  # the configuration the leave-one-set-out figures measure


@pytest.mark.slow  # reads the whole demo corpus and trains the model
def test_retraining_reproduces_the_shipped_bytes(tmp_path: Path) -> None:
    out = tmp_path / "design.joblib"
    call_command("train_design", "--out", str(out), stdout=io.StringIO())
    assert hashlib.sha256(out.read_bytes()).hexdigest() == hashlib.sha256(dm.DEFAULT_PATH.read_bytes()).hexdigest()


@pytest.mark.slow  # loads the shipped model
@pytest.mark.parametrize(("title", "abstract", "expected"), CLEAR_CASES)
def test_the_shipped_model_on_clear_cases(title: str, abstract: str, expected: str) -> None:
    result = classify_design(title=title, abstract=abstract, publication_types=[], mesh=[])
    assert result.label == expected and result.evidence


@pytest.mark.slow  # reads the whole demo corpus and trains twelve small models
def test_evaluate_and_train_design_print_the_leave_one_set_out_table(tmp_path: Path) -> None:
    folder = tmp_path / "labels"
    folder.mkdir()
    for name in LABEL_SETS[:3]:
        _write_labels(folder, name, read_labelled(LABELS_DIR / name)[:30])
    out = io.StringIO()
    call_command("evaluate", "design", "--data", str(folder), "--json", stdout=out)
    figures = json.loads(out.getvalue())
    assert list(figures["per_set"]) == list(LABEL_SETS[:3])
    assert all(per["n"] == 30 and per["trained_on"] == 60 for per in figures["per_set"].values())
    printed = io.StringIO()
    call_command("train_design", "--labels", str(folder), "--cross-set", stdout=printed)
    assert printed.getvalue().startswith("| held-out set |")
    assert re.search(r"hybrid - rules, pooled macro-F1: [+-]\d\.\d{3}", printed.getvalue())


# --- the sample-size ranker ---------------------------------------------------------------------------------------

def _size_examples(n: int = 12) -> list[Example]:
    """Abstracts where a treated group is counted first and a subset later; labelled with the treated group."""
    out = []
    for i in range(n):
        treated, subset = 30 + i, 5 + i % 4
        abstract = (f"We followed {treated} patients treated with drug Y for two years. Relapse occurred in the "
                    f"following {subset} patients examined at the end, who were analysed again.")
        out.append(Example(pmid=f"size-{i}", title="Drug Y", abstract=abstract, topic=TOPICS[i % 7],
                           design="cohort", sample_size=treated))
    return out


def test_size_features_describe_every_counted_number() -> None:
    reading = rules._size_reading("Of 453 patients screened, 265 were randomized to drug A or placebo. "
                                  "Forty patients were treated in an open extension.")
    features = dm.size_features(reading)
    assert set(features) == {453, 265, 40}
    assert features[265]["rule"] == 1.0 and features[265]["role:5"] == 1.0
    assert features[453]["largest"] == 1.0 and features[40]["smallest"] == 1.0
    # randomised counts are a rule: the ranker only chooses among them (the treated 40 is out)
    assert 40 not in dm.size_contenders(reading) and 265 in dm.size_contenders(reading)
    no_counts = rules._size_reading("Drug A is reviewed.")
    assert dm.size_features(no_counts) == {} and no_counts.choice is None


def test_the_size_ranker_learns_from_labels_and_keeps_to_the_rules_counts(tmp_path: Path) -> None:
    examples = _size_examples()
    ranker = dm.SizeRanker.fit(examples, C=10.0)
    assert ranker is not None
    fresh = ("We followed 77 patients treated with drug Y for two years. Relapse occurred in the following 9 "
             "patients examined at the end, who were analysed again.")
    found = ranker.choose(rules._size_reading(fresh))
    assert found is not None and found.n == 77 and "77 patients" in found.sentence
    # never a number the rules did not count, never one where they counted none
    assert ranker.choose(rules._size_reading("Drug Y is reviewed.")) is None
    single = rules._size_reading("Forty-two patients were treated with drug Y.")
    assert ranker.choose(single) == single.choice
    # the ranker travels in the artifact and is what sample_size uses with that model
    model = DesignModel.fit(_examples() + examples, SMALL)
    assert model.size_ranker is not None
    model.save(tmp_path / "design.joblib")
    loaded = load_design_model(tmp_path / "design.joblib")
    assert loaded.size_ranker == model.size_ranker
    assert sample_size(fresh, model=loaded) == model.size_ranker.choose(rules._size_reading(fresh))
    assert sample_size(fresh, learned=False) == rules._size_reading(fresh).choice


def test_without_sample_size_labels_there_is_no_ranker_and_the_rules_count() -> None:
    model = DesignModel.fit(_examples(), SMALL)  # the synthetic design examples carry no sample size
    assert model.size_ranker is None
    abstract = "Thirty patients were randomized to drug A or placebo."
    assert sample_size(abstract, model=model) == sample_size(abstract, learned=False)


@pytest.mark.slow  # loads the shipped model
@pytest.mark.parametrize(("abstract", "expected"), [
    # the treated group, not the subset in whom infection persisted ("in 11 patients")
    ("We evaluated the rate of duodenal ulcer rebleeding for 48 months after H. pylori eradication. Thirty-two "
     "male patients with H. pylori infection and duodenal ulcer bleeding were treated with omeprazole and "
     "followed up for 48 months. Ulcer healed in all patients, but H. pylori infection persisted or recurred in "
     "11 patients.", 32),
    # all four groups, not one group of ten
    ("The effects of morphine on natural killer cell activity were investigated in patients who underwent "
     "hysterectomy. Forty patients were divided into four groups of ten. The remaining ten patients served as "
     "controls and received inhalation anesthesia alone.", 40),
    # randomised still beats enrolled whatever the ranker weighs (a rule, not a weight)
    ("Three hundred eighty outpatients enrolled in the open phase. Of these, 254 patients were randomized to "
     "tramadol or placebo.", 254),
])
def test_the_shipped_size_ranker_on_counts_the_rules_ranked_wrongly(abstract: str, expected: int) -> None:
    model = load_design_model()
    assert model.size_ranker is not None
    found = sample_size(abstract)
    assert found is not None and found.n == expected


def test_a_stated_total_number_of_people_is_one_of_the_pickers_explicit_steps() -> None:
    # "The total number of subjects was N" states the sample: like a randomised count it is not weighed against the
    # sum of the surveys it was drawn from (2026-12-03, third session)
    abstract = ("We analysed national health surveys conducted in 2001 (n=21,058), 2003 (n=21,650) and 2006 "
                "(n=29,478). We included responses from adults aged 65 years and older. The total number of subjects "
                "was 24,349 (15,041 women, 9309 men).")
    assert set(dm.size_contenders(rules._size_reading(abstract))) == {24349}


@pytest.mark.parametrize(("abstract", "expected"), [
    ("Of the initial 417 subjects, 355 patients met our inclusion criteria.", 355),
    ("Of the 453 patients screened, 265 were allocated to treatment.", 265),
])
def test_the_size_picker_never_swaps_the_sample_for_the_pool_it_was_drawn_from(abstract: str, expected: int) -> None:
    """However its weights lean (here: always the largest), "Of the (initial) N ..., M ..." keeps M (fourth round)."""
    reading = rules._size_reading(abstract)
    assert reading.choice is not None and reading.choice.n == expected
    ranker = dm.SizeRanker(weights={"largest": 5.0}, intercept=0.0)
    assert ranker.choose(reading).n == expected


def test_the_size_picker_still_overrides_elsewhere() -> None:
    """A larger count told in its own sentence, not as a pool, is still the picker's to choose."""
    reading = rules._size_reading("We enrolled 200 patients with asthma. In all, 150 patients were analysed.")
    ranker = dm.SizeRanker(weights={"largest": 5.0}, intercept=0.0)
    assert reading.choice is not None
    assert ranker.choose(reading).n == max(value for _, value in reading.counts)
