"""``manage.py evaluate verdict --data FILE [--limit N] [--json]``: does the verdict answer lay questions correctly?

FILE is JSON Lines of labelled lay questions over the demo corpus topics
(``search/evaluation/data/verdict_questions.jsonl``; a holdout set nobody tunes on sits beside it):
``{"id", "question", "expected": yes|no|mixed|insufficient, "kind": effect|comparison|safety|harm|association,
"justification", "pmids": [corpus PMIDs that justify the label]}``. The labels come from reading the corpus
abstracts (head-to-head trials, systematic reviews), never from what the product answers.

Each question runs through the whole pipeline in-process on the local corpus
(``run_pipeline(question, source="local")``) and its ``answer.verdict`` is read per the session contract.
The figures are computed by the small pure functions below (tested on hand-made lists):

- yes-recall / no-recall: of the questions whose answer is yes (no), the share answered yes (no);
  ``None`` when the set has no such question (an absent class is not a recall of 0);
- wrong-direction rate: over questions expected yes or no, the share answered the opposite way;
- abstention rate and mixed rate: the share answered ``insufficient`` / ``mixed``, over all questions;
- accuracy: answered label equals the expected label, over all questions;
- per kind: the same figures for each question kind; ``safety_never_yes``: no safety question was answered yes.

A search that ends with no answer (its scope was not searched) or an answer whose verdict is ``None``
counts as ``insufficient`` -- the product gave no verdict. A failed search or an answer with no verdict
field at all counts as unanswered (``label: None``): wrong for accuracy and recall, never an abstention.
"""
from __future__ import annotations

import json
import logging
import statistics
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from search.pipeline.state import FRAME_KINDS, VERDICT_LABELS, SearchState

logger = logging.getLogger(__name__)

# The question kinds are the frame kinds a labelled question can have ("other" is not a question we label).
QUESTION_KINDS = tuple(kind for kind in FRAME_KINDS if kind != "other")
FIELDS = ("id", "question", "expected", "kind", "justification", "pmids")
DIRECTIONAL = ("yes", "no")  # the labels that have an opposite
ABSTAIN = "insufficient"
MIXED = "mixed"


@dataclass(frozen=True)
class LabelledQuestion:
    id: str
    question: str
    expected: str
    kind: str
    justification: str
    pmids: tuple[str, ...]


@dataclass
class Outcome:
    """One question's result: what was expected and what the pipeline answered (label None = no verdict given)."""

    id: str
    expected: str
    label: str | None
    kind: str = "effect"
    question: str = ""
    confidence: str | None = None
    studies_counted: int | None = None
    reason: str = ""
    caution: str | None = None
    scope: str | None = None
    frame_kind: str | None = None
    answer_kind: str | None = None
    papers: int = 0
    seconds: float = 0.0
    note: str = ""


# ---------------------------------------------------------------- the data file


def load_questions(path: Path, limit: int | None = None) -> list[LabelledQuestion]:
    """Read and check the labelled file; any unusable row is refused with one sentence naming its line."""
    questions: list[LabelledQuestion] = []
    seen: set[str] = set()
    with Path(path).open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            question = parse_row(line, number)
            if question.id in seen:
                raise ValueError(f"line {number}: the id {question.id!r} is used twice")
            seen.add(question.id)
            questions.append(question)
    if not questions:
        raise ValueError(f"{path} holds no labelled questions")
    return questions[:limit] if limit else questions


def parse_row(line: str, number: int) -> LabelledQuestion:
    """One JSON line -> a LabelledQuestion, or a ValueError saying what is wrong with it."""
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"line {number} is not JSON ({exc.msg})") from exc
    if not isinstance(row, dict):
        raise ValueError(f"line {number} is not a JSON object")
    missing = [name for name in FIELDS if name not in row]
    if missing:
        raise ValueError(f"line {number} lacks the field(s) {', '.join(missing)}; each row needs {', '.join(FIELDS)}")
    for name in ("id", "question", "justification"):
        if not isinstance(row[name], str) or not row[name].strip():
            raise ValueError(f"line {number}: {name!r} must be a non-empty string")
    if row["expected"] not in VERDICT_LABELS:
        raise ValueError(
            f"line {number}: unknown expected label {row['expected']!r}; use one of {', '.join(VERDICT_LABELS)}"
        )
    if row["kind"] not in QUESTION_KINDS:
        raise ValueError(f"line {number}: unknown kind {row['kind']!r}; use one of {', '.join(QUESTION_KINDS)}")
    pmids = row["pmids"]
    if not isinstance(pmids, list) or not pmids or not all(isinstance(p, str) and p.isdigit() for p in pmids):
        raise ValueError(f"line {number}: 'pmids' must be a non-empty list of PMID strings")
    return LabelledQuestion(
        id=row["id"].strip(),
        question=row["question"].strip(),
        expected=row["expected"],
        kind=row["kind"],
        justification=row["justification"].strip(),
        pmids=tuple(pmids),
    )


# ---------------------------------------------------------------- the metric arithmetic (pure)


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 4) if total else None


def recall(outcomes: Sequence[Outcome], label: str) -> float | None:
    """Of the questions expected `label`, the share answered `label`; None when none is expected `label`."""
    expected = [o for o in outcomes if o.expected == label]
    return _share(sum(o.label == label for o in expected), len(expected))


def wrong_direction(expected: str, label: str | None) -> bool:
    """A yes / no question answered the opposite way."""
    return expected in DIRECTIONAL and label in DIRECTIONAL and label != expected


def wrong_direction_rate(outcomes: Sequence[Outcome]) -> float | None:
    """Over questions expected yes or no, the share answered the opposite (yes for no, no for yes)."""
    directional = [o for o in outcomes if o.expected in DIRECTIONAL]
    return _share(sum(wrong_direction(o.expected, o.label) for o in directional), len(directional))


def answered_rate(outcomes: Sequence[Outcome], label: str) -> float | None:
    """The share of all questions answered `label` (abstention: "insufficient"; mixed rate: "mixed")."""
    return _share(sum(o.label == label for o in outcomes), len(outcomes))


def accuracy(outcomes: Sequence[Outcome]) -> float | None:
    """The share of questions whose answered label is the expected one."""
    return _share(sum(o.label == o.expected for o in outcomes), len(outcomes))


def safety_never_yes(outcomes: Sequence[Outcome]) -> bool | None:
    """True when no safety question was answered yes; None when the set has no safety question."""
    safety = [o for o in outcomes if o.kind == "safety"]
    return all(o.label != "yes" for o in safety) if safety else None


def confusion(outcomes: Iterable[Outcome]) -> dict[str, dict[str, int]]:
    """expected label -> {answered label (or "none"): count}."""
    table: dict[str, Counter[str]] = {}
    for o in outcomes:
        table.setdefault(o.expected, Counter())[o.label or "none"] += 1
    return {expected: dict(sorted(row.items())) for expected, row in sorted(table.items())}


def median_seconds(outcomes: Sequence[Outcome]) -> float | None:
    return round(statistics.median(o.seconds for o in outcomes), 2) if outcomes else None


def summary(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The headline figures for one list of outcomes (the whole set, or one kind)."""
    return {
        "n": len(outcomes),
        "expected": dict(sorted(Counter(o.expected for o in outcomes).items())),
        "yes_recall": recall(outcomes, "yes"),
        "no_recall": recall(outcomes, "no"),
        "wrong_direction_rate": wrong_direction_rate(outcomes),
        "abstention_rate": answered_rate(outcomes, ABSTAIN),
        "mixed_rate": answered_rate(outcomes, MIXED),
        "accuracy": accuracy(outcomes),
        "unanswered": sum(o.label is None for o in outcomes),
    }


def by_kind(outcomes: Sequence[Outcome]) -> dict[str, dict[str, Any]]:
    """summary() for each question kind present."""
    kinds = [kind for kind in QUESTION_KINDS if any(o.kind == kind for o in outcomes)]
    return {kind: summary([o for o in outcomes if o.kind == kind]) for kind in kinds}


def figures(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """Everything the command prints except the per-question rows."""
    result = summary(outcomes)
    result["safety_never_yes"] = safety_never_yes(outcomes)
    result["safety_answered_yes"] = [o.id for o in outcomes if o.kind == "safety" and o.label == "yes"]
    result["confusion"] = confusion(outcomes)
    result["by_kind"] = by_kind(outcomes)
    result["median_seconds_per_question"] = median_seconds(outcomes)
    # How often the evidence was thick enough (the second retrieval round's aim: search/pipeline/second_round.py).
    result["share_with_5_counted"] = _share(sum((o.studies_counted or 0) >= 5 for o in outcomes), len(outcomes))
    return result


# ---------------------------------------------------------------- reading a finished search


def outcome_from_state(question: LabelledQuestion, state: SearchState, seconds: float) -> Outcome:
    """Read the verdict (and scope, frame) a finished search gave, per the session contract."""
    outcome = Outcome(
        id=question.id,
        expected=question.expected,
        kind=question.kind,
        question=question.question,
        label=None,
        seconds=round(seconds, 2),
        papers=len(state.papers),
    )
    scope = getattr(state, "scope", None)
    if scope is not None:
        outcome.scope = scope.get("kind") if isinstance(scope, dict) else getattr(scope, "kind", None)
    frame = getattr(state.query, "frame", None) if state.query is not None else None
    if frame is not None:
        outcome.frame_kind = frame.get("kind") if isinstance(frame, dict) else getattr(frame, "kind", None)
    if state.status == "failed":
        outcome.note = f"search failed: {state.error}"
        return outcome
    answer = state.answer
    if answer is None:  # e.g. a scope that is not searched: the product gave no verdict
        outcome.label = ABSTAIN
        outcome.note = "no answer" + (f" (scope: {outcome.scope})" if outcome.scope else "")
        return outcome
    outcome.answer_kind = answer.kind
    if not hasattr(answer, "verdict"):
        outcome.note = "the answer has no verdict field"
        return outcome
    verdict = answer.verdict
    if verdict is None:
        outcome.label = ABSTAIN
        outcome.note = "verdict is null"
        return outcome
    outcome.label = verdict.label
    outcome.confidence = verdict.confidence
    outcome.studies_counted = verdict.studies_counted
    outcome.reason = verdict.reason
    outcome.caution = getattr(verdict, "caution", None)
    return outcome


def crashed(question: LabelledQuestion, exc: Exception, seconds: float) -> Outcome:
    """The row of a search that raised: unanswered, with the error named."""
    return Outcome(id=question.id, expected=question.expected, kind=question.kind, question=question.question,
                   label=None, seconds=round(seconds, 2), note=f"search crashed: {type(exc).__name__}: {exc}")


def question_row(outcome: Outcome) -> dict[str, Any]:
    """The per-question line of the report."""
    row = asdict(outcome)
    row["verdict"] = row.pop("label")
    row["correct"] = outcome.label == outcome.expected
    return row


# ---------------------------------------------------------------- the command


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    """Every question through the whole pipeline; with ``papers_out`` (``--papers-out FILE``) each question's frame
    and judged studies are also written to FILE, for ``evaluate verdict_replay`` (``verdict_replay.dump_row``)."""
    from search import llm
    from search.pipeline.runner import run_pipeline

    from .verdict_replay import dump_row

    questions = load_questions(Path(data_path), limit=options.get("limit"))
    papers_out = Path(options["papers_out"]) if options.get("papers_out") else None
    if papers_out is not None and not papers_out.parent.is_dir():
        raise ValueError(f"--papers-out {papers_out}: the folder {papers_out.parent} does not exist")
    dump = papers_out.open("w", encoding="utf-8") if papers_out else None
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    try:
        for done, question in enumerate(questions):
            if done and done % 10 == 0:
                logger.info("verdict evaluation: %d/%d questions", done, len(questions))
            t0 = time.perf_counter()
            state: SearchState | None = None
            try:
                state = run_pipeline(question.question, source="local")
            except Exception as exc:  # a crash in one search is reported on its row, not allowed to lose the run
                logger.exception("verdict evaluation: the search for %s crashed", question.id)
                outcomes.append(crashed(question, exc, time.perf_counter() - t0))
            else:
                outcomes.append(outcome_from_state(question, state, time.perf_counter() - t0))
            if dump is not None:
                row = dump_row(question, state, outcomes[-1].label, data_set=Path(data_path).name,
                               offline=not llm.is_configured())
                dump.write(json.dumps(row) + "\n")
    finally:
        if dump is not None:
            dump.close()
    result: dict[str, Any] = {"dataset": str(data_path), "source": "local"}
    result.update(figures(outcomes))
    result["seconds"] = round(time.perf_counter() - started, 1)
    result["questions"] = [question_row(o) for o in outcomes]
    return result
