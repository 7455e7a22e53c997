"""`evaluate verdict --papers-out` and `evaluate verdict_replay`: the dump round-trips and the rule is re-decided."""
from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from documents.sources.base import Record
from search.evaluation import verdict_replay
from search.evaluation.verdict import LabelledQuestion
from search.evaluation.verdict_replay import (
    dump_row,
    load_dump,
    overridden,
    parse_rules,
    redecide,
    rule_constants,
    run,
    same_frame,
)
from search.pipeline import agreement
from search.pipeline import verdict as rule
from search.pipeline.state import Addresses, Frame, RankedPaper, SearchState, Stance, UnderstoodQuery

QUESTION = "Does metformin lower blood sugar in type 2 diabetes?"


def _paper(n: int, label: str, strength: float = 0.8) -> RankedPaper:
    rest = round((1 - strength) / 2, 4)
    values = {"supports": rest, "refutes": rest, "neutral": rest, label: strength}
    stance = Stance(label, values["supports"], values["refutes"], values["neutral"], uncertain=strength < 0.6)
    return RankedPaper(rank=n, record=Record(pmid=str(n), title=f"t{n}", abstract="a", year=2000), similarity=0.5,
                       stance=stance, addresses=Addresses("yes", "test"))


def _state(labels: list[str]) -> SearchState:
    frame = Frame(kind="effect", intervention="metformin", outcome="blood sugar")
    query = UnderstoodQuery(boolean="metformin AND blood sugar", frame=frame)
    return SearchState(id="s", question=QUESTION, query=query,
                       papers=[_paper(i + 1, label) for i, label in enumerate(labels)])


def _question(expected: str = "yes", id: str = "q1", question: str = QUESTION) -> LabelledQuestion:
    return LabelledQuestion(id=id, question=question, expected=expected, kind="effect", justification="j",
                            pmids=("1",))


def _row(labels: list[str], *, expected: str = "yes", id: str = "q1", question: str = QUESTION,
         data_set: str = "a.jsonl") -> dict:
    state = _state(labels)
    stored = rule.decide(state.papers, state.query.frame, offline=True).label
    row = dump_row(_question(expected, id, question), state, stored, data_set=data_set, offline=True)
    return json.loads(json.dumps(row))  # as it is read back from the file


# 13 supports and 7 refutes: a 65 % share, "mixed" under LEAN 0.7 and "yes" under 0.6.
SPLIT = ["supports"] * 13 + ["refutes"] * 7


def test_the_rules_constants_are_the_verdict_modules_numbers():
    constants = rule_constants()
    assert constants["LEAN"] == rule.LEAN and constants["MIN_STUDIES"] == rule.MIN_STUDIES
    assert "SAFETY_CAUTION" not in constants and all(isinstance(v, (int, float)) for v in constants.values())


def test_rules_are_parsed_and_a_bad_one_is_refused_with_a_sentence():
    assert parse_rules(["LEAN=0.65", "MIN_SIDED=2"]) == {"LEAN": 0.65, "MIN_SIDED": 2}
    assert isinstance(parse_rules(["MIN_SIDED=2"])["MIN_SIDED"], int)
    with pytest.raises(ValueError, match="use NAME=VALUE with NAME one of"):
        parse_rules(["FOO=1"])
    with pytest.raises(ValueError, match="is not a number"):
        parse_rules(["LEAN=high"])
    with pytest.raises(ValueError, match="use NAME=VALUE"):
        parse_rules(["LEAN"])


def test_overridden_constants_are_restored_even_after_an_error():
    before = rule.LEAN
    with pytest.raises(RuntimeError):
        with overridden({"LEAN": 0.55}):
            assert rule.LEAN == 0.55
            raise RuntimeError
    assert rule.LEAN == before


def test_a_dumped_question_is_re_decided_as_the_pipeline_decided_it():
    row = _row(SPLIT)
    assert row["label"] == "mixed" and len(row["papers"]) == 20 and row["frame"]["intervention"] == "metformin"
    assert redecide(row) == "mixed"
    with overridden({"LEAN": 0.6}):
        assert redecide(row) == "yes"


def test_the_uncertain_mark_follows_an_overridden_confidence_threshold():
    row = _row(["supports"] * 3)
    for paper in row["papers"]:
        paper["stance"].update(supports=0.52, refutes=0.28, neutral=0.2, uncertain=True)
    assert redecide(row) == "insufficient"  # below CONFIDENT (0.55), none takes a side
    with overridden({"CONFIDENT": 0.5}):
        assert redecide(row) == "yes"


def test_a_label_its_quote_contradicts_stays_uncertain_under_any_threshold():
    row = _row(["supports"] * 3)
    for paper in row["papers"]:
        paper["stance"].update(uncertain=True, rationale="supports (offline classifier)." + agreement.NOTE)
    assert redecide(row) == "insufficient"  # strength 0.8, yet marked by the quote: no side taken
    with overridden({"CONFIDENT": 0.5}):
        assert redecide(row) == "insufficient"
    for paper in row["papers"]:
        paper["stance"]["rationale"] = "supports (offline classifier)."
    assert redecide(row) == "yes"  # an uncertain mark with no such note is the threshold's, recomputed


def test_a_question_that_was_not_searched_keeps_its_stored_label():
    row = _row(SPLIT)
    row.update(searched=False, label="insufficient", papers=[])
    assert redecide(row) == "insufficient"


def test_run_prints_the_figures_what_changed_and_each_set(tmp_path):
    a = tmp_path / "a.jsonl"
    b = tmp_path / "b.jsonl"
    a.write_text(json.dumps(_row(SPLIT, id="q1")) + "\n" + json.dumps(_row(SPLIT, id="dup")) + "\n")
    b.write_text(json.dumps(_row(list(reversed(SPLIT)), expected="no", id="q2", data_set="b.jsonl",
                                 question="Does metformin raise blood sugar?")) + "\n")
    stored = run(tmp_path, {})
    assert stored["n"] == 2  # the same question twice counts once
    assert stored["changed"] == 0 and stored["mixed_rate"] == 1.0
    result = run(tmp_path, {"rule": ["LEAN=0.6"]})
    assert result["overridden"] == {"LEAN": 0.6} and result["rules"]["LEAN"] == 0.6
    assert result["changed"] == 2 and result["now_right"] == 1 and result["now_wrong_direction"] == 1
    assert result["stored"]["mixed_rate"] == 1.0 and result["mixed_rate"] == 0.0
    assert result["by_set"]["a.jsonl"]["now"]["yes_recall"] == 1.0
    assert result["by_set"]["b.jsonl"]["now"]["wrong_direction_rate"] == 1.0
    assert {q["id"] for q in result["questions"]} == {"q1", "q2"}
    assert rule.LEAN == 0.7  # restored


def test_a_file_that_is_no_dump_is_refused_with_a_sentence(tmp_path):
    labelled = tmp_path / "labelled.jsonl"
    labelled.write_text(json.dumps({"id": "q", "question": QUESTION, "expected": "yes"}) + "\n")
    with pytest.raises(ValueError, match="is no verdict dump line .* write one with evaluate verdict --papers-out"):
        load_dump(labelled)
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="holds no"):
        load_dump(tmp_path / "empty")


@pytest.mark.django_db
def test_the_commands_refuse_bad_options_with_a_sentence_before_any_search(tmp_path):
    dump = tmp_path / "d.jsonl"
    dump.write_text(json.dumps(_row(SPLIT)) + "\n")
    with pytest.raises(CommandError, match="--rule 'FOO=1'"):
        call_command("evaluate", "verdict_replay", "--data", str(dump), "--rule", "FOO=1")
    labelled = tmp_path / "q.jsonl"
    labelled.write_text(json.dumps({"id": "q", "question": QUESTION, "expected": "yes", "kind": "effect",
                                    "justification": "j", "pmids": ["1"]}) + "\n")
    with pytest.raises(CommandError, match="the folder .* does not exist"):
        call_command("evaluate", "verdict", "--data", str(labelled), "--papers-out", str(tmp_path / "no" / "d.jsonl"))


def test_the_dump_fields_are_the_rows_keys():
    assert set(_row(SPLIT)) == set(verdict_replay.DUMP_FIELDS)


METFORMIN_TRIALS = [
    ("Metformin in type 2 diabetes: a randomised placebo-controlled trial",
     "We randomised 120 patients with type 2 diabetes to metformin or placebo for 12 weeks. Metformin significantly "
     "lowered fasting blood sugar and HbA1c compared with placebo (p < 0.001). Metformin lowers blood sugar in "
     "type 2 diabetes."),
    ("Effect of metformin on glycaemic control in type 2 diabetes",
     "In this double-blind trial of 200 adults with type 2 diabetes, metformin reduced blood sugar significantly "
     "more than placebo. We conclude that metformin improves blood sugar control in type 2 diabetes."),
    ("Metformin monotherapy lowers blood glucose in newly diagnosed type 2 diabetes",
     "Metformin was compared with placebo in 90 newly diagnosed patients with type 2 diabetes. Blood sugar fell "
     "significantly with metformin. Metformin is effective in lowering blood sugar in type 2 diabetes."),
]


def _trials() -> list[RankedPaper]:
    return [RankedPaper(rank=i + 1, record=Record(pmid=str(i + 1), title=title, abstract=abstract, year=2000),
                        similarity=0.6) for i, (title, abstract) in enumerate(METFORMIN_TRIALS)]


@pytest.mark.django_db
def test_rejudge_reads_every_dumped_study_again_as_the_pipeline_judges_it(tmp_path):
    """A dump whose readings are stale (every study "neutral") is re-decided from them by ``redecide``, but
    ``rejudge`` reads the studies again with the judge step the pipeline uses and gets the pipeline's answer."""
    from documents.sources.base import Filters
    from search.evaluation.verdict_replay import rejudge
    from search.pipeline.steps import read_stances
    from search.pipeline.understand import understand

    query = understand(QUESTION, Filters())
    judged = _trials()
    read_stances(QUESTION, query, judged)
    agreement.mark_disagreements(judged, query.frame)
    pipeline = rule.decide(judged, query.frame, offline=True).label
    assert pipeline == "yes"

    stale = _trials()
    for paper in stale:
        paper.stance = Stance("neutral", 0.0, 0.0, 1.0)
        paper.addresses = Addresses("yes", "stale")
    state = SearchState(id="s", question=QUESTION, query=query, papers=stale)
    row = json.loads(json.dumps(dump_row(_question(), state, "insufficient", data_set="a.jsonl", offline=True)))
    assert redecide(row) == "insufficient"
    assert rejudge(row) == (pipeline, True)

    row["frame"]["outcome"] = "body weight"  # dumped under another frame: retrieval would have differed
    assert rejudge(row)[1] is False
    dump = tmp_path / "d.jsonl"
    dump.write_text(json.dumps(row) + "\n")
    result = run(dump, {"rejudge": True})
    assert result["rejudged"] is True and result["frame_changed"] == 1 and result["frame_changed_ids"] == ["q1"]
    assert result["changed"] == 1 and result["now_right"] == 1



def test_a_frame_field_the_dump_predates_reads_as_absent_not_as_a_moved_frame():
    """Dumps written before ``Frame.background`` existed lack the key: the same frame, unless the question now has
    a background, which would have changed what ``addresses`` decided."""
    frame = Frame(kind="effect", intervention="losartan", outcome="proteinuria")
    old = {"kind": "effect", "intervention": "losartan", "comparator": None, "outcome": "proteinuria",
           "population": None, "claim": None}
    assert same_frame(frame, old)
    assert not same_frame(Frame(kind="effect", intervention="losartan", outcome="proteinuria",
                                background="ACE inhibitor"), old)
    assert not same_frame(frame, {**old, "outcome": "blood pressure"})
