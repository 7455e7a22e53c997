"""Weak stance labels from statement titles, and the transfer check they feed."""
from __future__ import annotations

import gzip
import json

import pytest

from search.stance.data import TITLES, detect_format, load_file
from search.stance.titles import TitleClaim, title_claim, title_question
from tests.conftest import DATA

pytestmark = pytest.mark.slow  # loads the spaCy dependency parser: the full lane only

CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Lisinopril improves endothelial function in chronic cigarette smokers.",
         ("Does lisinopril improve endothelial function in chronic cigarette smokers?", "supports")),
        ("Carvedilol does not alter the insulin sensitivity in patients with congestive heart failure.",
         ("Does carvedilol alter the insulin sensitivity in patients with congestive heart failure?", "refutes")),
        ("Nimodipine fails to enhance the analgesic effect of slow release morphine in cancer pain.",
         ("Does nimodipine enhance the analgesic effect of slow release morphine in cancer pain?", "refutes")),
        ("Sumatriptan is effective in the treatment of menstrual migraine: a review of prospective studies.",
         ("Is sumatriptan effective in the treatment of menstrual migraine?", "supports")),
        ("Candesartan cilexetil is not associated with cough in hypertensive patients.",
         ("Is candesartan cilexetil associated with cough in hypertensive patients?", "refutes")),
        ("ACE inhibition does not affect the response to angiotensin II in the forearm.",
         ("Does ACE inhibition affect the response to angiotensin II in the forearm?", "refutes")),
    ],
)
def test_statement_titles_become_yes_no_questions_labelled_by_their_polarity(title, expected):
    assert title_question(title) == expected


@pytest.mark.parametrize(
    "title",
    [
        "Aspirin may reduce stroke risk in adults.",  # hedged: no plain answer
        "Does aspirin reduce the risk of stroke?",  # already a question
        "Discontinuation rates of Helicobacter pylori treatment regimens: a meta-analysis.",  # no finding stated
        "Efficacy and safety of losartan in elderly patients.",
        "",
    ],
)
def test_titles_that_state_no_plain_finding_are_skipped(title):
    assert title_question(title) is None


def test_a_corpus_file_is_read_as_title_questions_with_their_abstracts():
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        assert detect_format(json.loads(fh.readline())) == TITLES
    examples = load_file(CORPUS, limit=25)
    assert len(examples) == 25
    assert all(e.dataset == TITLES and e.question.endswith("?") and e.text for e in examples)
    assert {e.label for e in examples} <= {"supports", "refutes"}


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@pytest.mark.django_db
def test_evaluate_scores_the_pubmedqa_model_on_title_questions_without_folds(capsys):
    from django.core.management import call_command

    call_command("evaluate", "stance", "--data", str(CORPUS), "--limit", "40", "--json")
    out = json.loads(capsys.readouterr().out)
    assert out["dataset"] == TITLES and out["n"] == 40 and out["trained_on"] == {"pubmedqa": 500}
    assert "folds" not in out and "weak" in out["labels_from"]
    assert out["per_class"]["neutral"]["support"] == 0
    rows = out["confusion_matrix"]["rows_gold_columns_predicted"]
    assert sum(map(sum, rows)) == 40 and rows[2] == [0, 0, 0]
    assert 0 <= out["macro_f1"] <= 1 and out["baseline_majority"]["label"] in {"supports", "refutes"}


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Topical lidocaine does not limit autonomic dysreflexia during anorectal procedures.",
         TitleClaim("topical lidocaine", "limit", "autonomic dysreflexia", True)),
        ("Hormone therapy did not reduce the risk of heart disease in postmenopausal women",
         TitleClaim("hormone therapy", "reduce", "the risk of heart disease", True)),
        ("Nimesulide fails to improve gastric tolerability in arthritis.",
         TitleClaim("nimesulide", "improve", "gastric tolerability in arthritis", True)),
        ("Sumatriptan is not effective in cluster headache prophylaxis.", TitleClaim("sumatriptan", "help", "in cluster headache prophylaxis", True)),
        ("Sumatriptan is effective for cluster headache.", TitleClaim("sumatriptan", "help", "for cluster headache", False)),
        ("Lisinopril reduces postexercise albuminuria in hypertensive patients.",
         TitleClaim("lisinopril", "reduce", "postexercise albuminuria", False)),
        ("Estrogen use is associated with a lower risk of Alzheimer's disease.",
         TitleClaim("estrogen use", "reduce", "with a lower risk of alzheimer's disease", False)),
        ("Hormone replacement therapy is associated with breast cancer.",
         TitleClaim("hormone replacement therapy", "associate", "with breast cancer", False)),
        # Verbless denials: "lack / absence of (an) effect of X (on Y)", "no effect of X on Y", "failure of X to V Y".
        ("Relative lack of cognitive effects of methylphenidate in elderly male volunteers.",
         TitleClaim("methylphenidate", "affect", "cognitive", True)),
        ("Lack of effect of nitrates on exercise tolerance in patients with mild to moderate heart failure.",
         TitleClaim("nitrates", "affect", "exercise tolerance", True)),
        ("No effect of metformin on body weight in obese adolescents.",
         TitleClaim("metformin", "affect", "body weight", True)),
        ("Failure of cetirizine and fexofenadine to prevent motion sickness.",
         TitleClaim("cetirizine and fexofenadine", "prevent", "motion sickness", True)),
        # "is ineffective" denies a benefit; "has / had no (significant) effect on Y" denies any effect.
        ("Sumatriptan is ineffective in cluster headache prophylaxis.",
         TitleClaim("sumatriptan", "help", "in cluster headache prophylaxis", True)),
        ("Omeprazole had no significant effect on bone density in elderly women.",
         TitleClaim("omeprazole", "affect", "bone density", True)),
    ],
)
def test_a_statement_title_gives_its_subject_verb_object_and_whether_it_denies(title, expected):
    assert title_claim(title) == expected


@pytest.mark.parametrize(
    "title",
    [
        "Omeprazole does reduce acid.",  # emphatic: too rare to trust the parse
        "Effect of omeprazole on acid secretion.",  # no statement
        "Does nimesulide induce gastric mucosal damage?",  # a question
        "Sumatriptan may not prevent migraine recurrence.",  # hedged
        "Patients prefer zolmitriptan.",  # the verb states no effect
        "Lack of evidence for an effect of omeprazole on acid.",  # says what is unknown, not what was found
        "Metformin has an effect on weight.",  # "an effect": which way is not said
        "Failure of the heart in patients on verapamil.",  # no "to <verb>": names an outcome, denies nothing
    ],
)
def test_a_title_that_states_no_plain_claim_gives_none(title):
    assert title_claim(title) is None
