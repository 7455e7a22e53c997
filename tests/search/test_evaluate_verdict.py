"""`manage.py evaluate verdict`: the metric arithmetic, the labelled files' checks, and the files themselves."""
from __future__ import annotations

import gzip
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from search.evaluation.verdict import (
    Outcome,
    accuracy,
    answered_rate,
    by_kind,
    confusion,
    figures,
    load_questions,
    median_seconds,
    outcome_from_state,
    recall,
    safety_never_yes,
    wrong_direction_rate,
)
from search.pipeline.state import Answer, SearchState, Verdict
from tests.conftest import DATA

CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"
DATA_DIR = Path(settings.BASE_DIR) / "search" / "evaluation" / "data"
MAIN = DATA_DIR / "verdict_questions.jsonl"
HOLDOUT = DATA_DIR / "verdict_questions_holdout.jsonl"
MINIMUM_SIZE = {MAIN: 45, HOLDOUT: 15}


def o(expected: str, label: str | None, kind: str = "effect", seconds: float = 1.0, id: str = "q") -> Outcome:
    return Outcome(id=id, expected=expected, label=label, kind=kind, seconds=seconds)


# ---------------------------------------------------------------- metrics on hand-made verdict lists


def test_recall_is_the_share_of_a_label_answered_as_that_label():
    outcomes = [o("yes", "yes"), o("yes", "no"), o("yes", "insufficient"), o("yes", None), o("no", "no")]
    assert recall(outcomes, "yes") == 0.25
    assert recall(outcomes, "no") == 1.0


def test_a_label_nobody_expects_has_no_recall_rather_than_zero():
    outcomes = [o("yes", "yes"), o("yes", "no"), o("mixed", "no")]
    assert recall(outcomes, "no") is None
    assert figures(outcomes)["no_recall"] is None
    assert figures(outcomes)["yes_recall"] == 0.5


def test_wrong_direction_counts_only_opposite_answers_to_yes_or_no_questions():
    outcomes = [
        o("yes", "no"),  # wrong direction
        o("no", "yes"),  # wrong direction
        o("no", "no"),
        o("yes", "insufficient"),  # abstaining is not the wrong direction
        o("no", "mixed"),  # nor is "mixed"
        o("yes", None),  # nor is no verdict at all
        o("mixed", "yes"),  # a mixed question has no opposite: not in the denominator
        o("insufficient", "no"),
    ]
    assert wrong_direction_rate(outcomes) == round(2 / 6, 4)
    assert wrong_direction_rate([o("mixed", "yes")]) is None


def test_abstention_mixed_rate_and_accuracy_are_over_all_questions():
    outcomes = [o("yes", "insufficient"), o("no", "insufficient"), o("mixed", "mixed"), o("insufficient", None)]
    assert answered_rate(outcomes, "insufficient") == 0.5
    assert answered_rate(outcomes, "mixed") == 0.25
    assert accuracy(outcomes) == 0.25  # only the mixed question; no verdict is never right


def test_safety_questions_answered_yes_are_caught_and_named():
    safe = [o("no", "no", kind="safety", id="s1"), o("no", "insufficient", kind="safety", id="s2"), o("yes", "yes")]
    assert safety_never_yes(safe) is True
    unsafe = safe + [o("no", "yes", kind="safety", id="s3")]
    assert safety_never_yes(unsafe) is False
    assert figures(unsafe)["safety_answered_yes"] == ["s3"]
    assert safety_never_yes([o("yes", "yes")]) is None  # no safety question: nothing to say


def test_per_kind_breakdown_confusion_and_median_time():
    outcomes = [
        o("no", "no", kind="comparison", seconds=2.0),
        o("no", "yes", kind="comparison", seconds=4.0),
        o("yes", "yes", kind="effect", seconds=10.0),
        o("yes", None, kind="harm", seconds=1.0),
    ]
    kinds = by_kind(outcomes)
    assert list(kinds) == ["effect", "comparison", "harm"]  # in the frame's kind order, only those present
    assert kinds["comparison"]["n"] == 2
    assert kinds["comparison"]["no_recall"] == 0.5
    assert kinds["comparison"]["yes_recall"] is None
    assert kinds["comparison"]["wrong_direction_rate"] == 0.5
    assert kinds["harm"]["unanswered"] == 1
    assert confusion(outcomes) == {"no": {"no": 1, "yes": 1}, "yes": {"none": 1, "yes": 1}}
    assert median_seconds(outcomes) == 3.0


def test_an_empty_list_has_no_figures_instead_of_a_division_by_zero():
    result = figures([])
    assert result["n"] == 0
    for key in ("yes_recall", "no_recall", "wrong_direction_rate", "abstention_rate", "mixed_rate", "accuracy",
                "median_seconds_per_question", "safety_never_yes"):
        assert result[key] is None
    assert result["by_kind"] == {}


# ---------------------------------------------------------------- reading a finished search


def _question(expected="no", kind="safety"):
    from search.evaluation.verdict import LabelledQuestion

    return LabelledQuestion(id="q1", question="Is it safe?", expected=expected, kind=kind, justification="x",
                            pmids=("1",))


def test_the_verdict_is_read_from_the_answer():
    state = SearchState(question="Is it safe?", status="done")
    state.answer = Answer(text="t", verdict=Verdict(label="no", confidence="moderate", studies_counted=5,
                                                    reason="Five studies say no.", caution="Ask your doctor."))
    out = outcome_from_state(_question(), state, 1.234)
    assert (out.label, out.confidence, out.studies_counted, out.reason, out.caution) == (
        "no", "moderate", 5, "Five studies say no.", "Ask your doctor.")
    assert out.seconds == 1.23


def test_no_verdict_counts_as_abstaining_but_a_failed_search_is_unanswered():
    null_verdict = SearchState(question="q", status="done", answer=Answer(text="t", verdict=None))
    assert outcome_from_state(_question(), null_verdict, 0).label == "insufficient"
    no_answer = SearchState(question="q", status="done", answer=None)  # e.g. a scope that is not searched
    assert outcome_from_state(_question(), no_answer, 0).label == "insufficient"
    failed = SearchState(question="q", status="failed", error="retrieve failed")
    out = outcome_from_state(_question(), failed, 0)
    assert out.label is None
    assert "retrieve failed" in out.note


# ---------------------------------------------------------------- refusing unusable data with a sentence


GOOD = {"id": "a", "question": "Does X help Y?", "expected": "yes", "kind": "effect", "justification": "Trials.",
        "pmids": ["123"]}


def _write(tmp_path, *rows) -> Path:
    path = tmp_path / "questions.jsonl"
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({k: v for k, v in GOOD.items() if k != "pmids"}, "line 1 lacks the field(s) pmids"),
        ({**GOOD, "expected": "probably"}, "line 1: unknown expected label 'probably'; use one of yes, no, mixed"),
        ({**GOOD, "kind": "other"}, "line 1: unknown kind 'other'"),
        ({**GOOD, "pmids": []}, "'pmids' must be a non-empty list of PMID strings"),
        ({**GOOD, "pmids": [123]}, "'pmids' must be a non-empty list of PMID strings"),
        ({**GOOD, "question": " "}, "'question' must be a non-empty string"),
        ("{not json", "line 1 is not JSON"),
        ("[1, 2]", "line 1 is not a JSON object"),
    ],
)
def test_an_unusable_row_is_refused_with_a_sentence(tmp_path, row, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        load_questions(_write(tmp_path, row))


def test_duplicate_ids_and_an_empty_file_are_refused(tmp_path):
    with pytest.raises(ValueError, match="line 2: the id 'a' is used twice"):
        load_questions(_write(tmp_path, GOOD, GOOD))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    with pytest.raises(ValueError, match="holds no labelled questions"):
        load_questions(empty)


def test_the_command_turns_unusable_data_into_one_sentence_before_running_any_search(tmp_path):
    path = _write(tmp_path, {**GOOD, "expected": "maybe"})
    with pytest.raises(CommandError, match="^evaluate verdict: line 1: unknown expected label 'maybe'"):
        call_command("evaluate", "verdict", "--data", str(path))


def test_limit_keeps_the_first_questions(tmp_path):
    path = _write(tmp_path, GOOD, {**GOOD, "id": "b"}, {**GOOD, "id": "c"})
    assert [q.id for q in load_questions(path, limit=2)] == ["a", "b"]


# ---------------------------------------------------------------- the labelled files themselves


@lru_cache(maxsize=1)
def corpus_pmids() -> frozenset[str]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as fh:
        return frozenset(json.loads(line)["pmid"] for line in fh)


@pytest.mark.parametrize("path", [MAIN, HOLDOUT], ids=["main", "holdout"])
def test_each_file_is_big_enough_and_a_third_of_its_answers_are_no(path):
    questions = load_questions(path)
    assert len(questions) >= MINIMUM_SIZE[path]
    assert sum(q.expected == "no" for q in questions) * 3 >= len(questions)
    assert {q.expected for q in questions} >= {"yes", "no"}


@pytest.mark.parametrize("path", [MAIN, HOLDOUT], ids=["main", "holdout"])
def test_every_pmid_cited_exists_in_the_demo_corpus(path):
    known = corpus_pmids()
    for q in load_questions(path):
        cited = set(q.pmids) | set(re.findall(r"\b\d{7,8}\b", q.justification))  # also PMIDs named in the text
        assert cited <= known, f"{q.id} cites PMIDs not in the demo corpus: {sorted(cited - known)}"


def test_the_holdout_shares_no_question_with_the_tuning_set():
    main, holdout = load_questions(MAIN), load_questions(HOLDOUT)
    assert not {q.id for q in main} & {q.id for q in holdout}
    assert not {q.question.lower() for q in main} & {q.question.lower() for q in holdout}
    assert any(q.kind == "safety" for q in main) and any(q.kind == "safety" for q in holdout)
