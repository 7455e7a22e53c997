"""``manage.py evaluate verdict_replay --data DUMP [--rule NAME=VALUE ...] [--rejudge] [--json]``: the verdict rule, re-decided.

Running a labelled set through the whole pipeline takes about 1.5 s a question (the seen sets together, ~1,500
questions, most of an hour on 2 cores), yet a change to the verdict's rule (``search.pipeline.verdict``: its
thresholds, its weights) does not change a single study's reading. ``evaluate verdict --papers-out DUMP`` writes,
per question, what the rule decides from: the frame, whether the question was searched, and every judged study
(``RankedPaper.to_dict``: stance with strengths, ``addresses``, similarity). This command reads one such file or a
folder of them, decides each verdict again with the rule as it is now (``verdict.decide``), with any of the rule's
numeric constants overridden (``--rule LEAN=0.65 --rule CONFIDENT=0.55``), and prints the same figures as
``evaluate verdict`` plus what changed against the verdicts stored in the dump and per labelled set -- seconds
instead of an hour, so a rule change is measured on every seen question before it is kept.

Only the verdict is re-decided: frame, retrieval and the studies' readings are those of the code that wrote the
dump, and a question the scope guard did not search keeps its stored label -- unless ``--rejudge``: then each
question is understood again and every dumped study read again as the pipeline's judge step reads it
(``steps.read_stances``: addresses, classifier, the frame's re-reading; then ``agreement.mark_disagreements``), so a
change to how studies are read (``judge_frame``, ``outcome_reading``, ``addresses``, ...) is measured on every seen
question in minutes. Retrieval stays the dump's: a question whose frame now differs from the dumped one would have
found other studies, so it is counted (``frame_changed``) and listed (``frame_changed_ids``) -- run those through
``evaluate verdict`` for their true answer. The ``uncertain`` mark of each stance
is recomputed (``verdict.is_uncertain``), so ``CONFIDENT`` can be overridden too -- except where the quoted sentence
contradicted the label (``agreement``): that mark stays whatever the threshold.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

from search.pipeline import agreement
from search.pipeline import verdict as rule
from search.pipeline.answer_offline import YES_NO_WORDING, wording_for
from search.pipeline.state import Frame, RankedPaper, SearchState, Stance

from .verdict import LabelledQuestion, Outcome, figures, wrong_direction

logger = logging.getLogger(__name__)

DUMP_FIELDS = ("set", "id", "question", "expected", "kind", "pmids", "searched", "offline", "frame", "label", "papers")


def rule_constants() -> dict[str, float]:
    """The verdict rule's numeric constants, by name: what ``--rule`` may override."""
    return {name: value for name, value in vars(rule).items()
            if name.isupper() and not name.startswith("_") and isinstance(value, (int, float))
            and not isinstance(value, bool)}


def parse_rules(items: Iterable[str] | None) -> dict[str, float]:
    """``["LEAN=0.65"]`` -> ``{"LEAN": 0.65}``; an unknown name or a value that is no number is refused."""
    known = rule_constants()
    out: dict[str, float] = {}
    for item in items or ():
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in known:
            raise ValueError(f"--rule {item!r}: use NAME=VALUE with NAME one of {', '.join(sorted(known))}")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"--rule {item!r}: {value.strip()!r} is not a number") from None
        out[name] = int(number) if isinstance(known[name], int) and number.is_integer() else number
    return out


@contextmanager
def overridden(values: dict[str, float]) -> Iterator[None]:
    """The rule's constants set to ``values`` for the block, restored after it."""
    old = {name: getattr(rule, name) for name in values}
    try:
        for name, value in values.items():
            setattr(rule, name, value)
        yield
    finally:
        for name, value in old.items():
            setattr(rule, name, value)


# ---------------------------------------------------------------- writing the dump (evaluate verdict --papers-out)


def dump_row(question: LabelledQuestion, state: SearchState | None, label: str | None, *, data_set: str,
             offline: bool) -> dict[str, Any]:
    """One question's line: its label, what the pipeline gave (``label``) and what the verdict was decided from."""
    searched = state is not None and (state.scope is None or state.scope.searched) and state.status != "failed"
    frame = state.query.frame if state is not None and state.query is not None else None
    return {
        "set": data_set, "id": question.id, "question": question.question, "expected": question.expected,
        "kind": question.kind, "pmids": list(question.pmids), "searched": searched, "offline": offline,
        "frame": asdict(frame) if frame is not None else None, "label": label,
        "papers": [p.to_dict() for p in state.papers] if state is not None and searched else [],
    }


# ---------------------------------------------------------------- reading it back


def dump_files(path: Path) -> list[Path]:
    """The dump itself, or every ``*.jsonl`` in a folder of dumps (sorted)."""
    path = Path(path)
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    if not files:
        raise ValueError(f"{path} holds no *.jsonl dump")
    return files


def load_dump(path: Path) -> list[dict[str, Any]]:
    """The dumped rows; a row that is not a dump line is refused with one sentence naming its file and line."""
    rows: list[dict[str, Any]] = []
    for file in dump_files(path):
        with file.open(encoding="utf-8") as fh:
            for number, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{file.name} line {number} is not JSON ({exc.msg})") from exc
                missing = [name for name in DUMP_FIELDS if not isinstance(row, dict) or name not in row]
                if missing:
                    raise ValueError(f"{file.name} line {number} is no verdict dump line (it lacks "
                                     f"{', '.join(missing)}); write one with evaluate verdict --papers-out")
                rows.append(row)
    if not rows:
        raise ValueError(f"{path} holds no dumped questions")
    return rows


def redecide(row: dict[str, Any]) -> str | None:
    """The verdict label the current rule gives the dumped question (its stored label if it was not searched)."""
    if not row["searched"] or row["frame"] is None:
        return row["label"]
    papers = [RankedPaper.from_dict(d) for d in row["papers"]]
    for paper in papers:
        if paper.stance is not None and not marked_by_quote(paper.stance):
            s = paper.stance
            s.uncertain = rule.is_uncertain(s.supports, s.refutes, s.neutral, s.label)
    return _decided(row, papers, Frame(**row["frame"]))


def _decided(row: dict[str, Any], papers: list[RankedPaper], frame: Frame) -> str:
    """The verdict label the rule gives the dumped question's (re-read) studies, decided as the pipeline decides."""
    yes_no = wording_for(row["question"]) is YES_NO_WORDING
    return rule.decide(papers, frame, offline=row["offline"], yes_no=yes_no, frame_read=True).label


def rejudge(row: dict[str, Any]) -> tuple[str | None, bool]:
    """The verdict the current code gives the dumped question from its dumped studies, read again, and whether the
    question's frame is still the dumped one (if not, retrieval would differ: the label is only indicative)."""
    if not row["searched"] or row["frame"] is None:
        return row["label"], True
    from documents.sources.base import Filters
    from search.pipeline.steps import read_stances
    from search.pipeline.understand import understand

    query = understand(row["question"], Filters())
    papers = [RankedPaper.from_dict(d) for d in row["papers"]]
    read_stances(row["question"], query, papers)
    agreement.mark_disagreements(papers, query.frame)
    return _decided(row, papers, query.frame), same_frame(query.frame, row["frame"])


def same_frame(frame: Frame, dumped: dict[str, Any]) -> bool:
    """Whether ``frame`` is the dumped one; a field the dump predates reads as absent (None), so a field added to
    ``Frame`` since does not mark every question as moved."""
    return all(dumped.get(name) == value for name, value in asdict(frame).items())


def marked_by_quote(stance: Stance) -> bool:
    """Whether the stance was marked uncertain because its quoted sentence points the other way
    (``agreement.mark_disagreements``), which no confidence threshold undoes."""
    return stance.uncertain and agreement.NOTE.strip() in stance.rationale


def _outcome(row: dict[str, Any], label: str | None) -> Outcome:
    return Outcome(id=row["id"], expected=row["expected"], label=label, kind=row["kind"], question=row["question"])


def changes(rows: list[dict[str, Any]], labels: list[str | None]) -> dict[str, int]:
    """Against the stored verdicts: how many answers changed, became right, stopped being right, went the wrong way
    (and stopped going it)."""
    pairs = list(zip(rows, labels))
    return {
        "changed": sum(r["label"] != new for r, new in pairs),
        "now_right": sum(new == r["expected"] != r["label"] for r, new in pairs),
        "no_longer_right": sum(r["label"] == r["expected"] != new for r, new in pairs),
        "now_wrong_direction": sum(wrong_direction(r["expected"], new) and not wrong_direction(r["expected"], r["label"]) for r, new in pairs),
        "no_longer_wrong_direction": sum(wrong_direction(r["expected"], r["label"]) and not wrong_direction(r["expected"], new)
                                         for r, new in pairs),
    }


def _set_figures(rows: list[dict[str, Any]], labels: list[str | None]) -> dict[str, Any]:
    keep = ("n", "yes_recall", "no_recall", "wrong_direction_rate", "abstention_rate", "mixed_rate")
    stored = figures([_outcome(r, r["label"]) for r in rows])
    now = figures([_outcome(r, new) for r, new in zip(rows, labels)])
    return {"stored": {k: stored[k] for k in keep}, "now": {k: now[k] for k in keep}, **changes(rows, labels)}


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    rules = parse_rules(options.get("rule"))
    rows = load_dump(Path(data_path))
    # The same question in two dumps (a set re-run) counts once: the first line wins.
    seen: set[str] = set()
    rows = [r for r in rows if not (r["question"] in seen or seen.add(r["question"]))]
    if options.get("limit"):
        rows = rows[:options["limit"]]
    frame_changed: list[str] = []
    with overridden(rules):
        if options.get("rejudge"):
            labels = []
            for done, row in enumerate(rows):
                if done and done % 100 == 0:
                    logger.info("verdict_replay --rejudge: %d/%d questions", done, len(rows))
                label, same_frame = rejudge(row)
                labels.append(label)
                if not same_frame:
                    frame_changed.append(row["id"])
        else:
            labels = [redecide(r) for r in rows]
    result: dict[str, Any] = {"dump": str(data_path), "rules": {**rule_constants(), **rules}, "overridden": rules,
                              "rejudged": bool(options.get("rejudge"))}
    if options.get("rejudge"):
        result["frame_changed"] = len(frame_changed)
        result["frame_changed_ids"] = frame_changed
    result.update(figures([_outcome(r, new) for r, new in zip(rows, labels)]))
    result.pop("median_seconds_per_question", None)  # nothing was timed: no search ran
    result["stored"] = {k: v for k, v in figures([_outcome(r, r["label"]) for r in rows]).items()
                        if k in ("yes_recall", "no_recall", "wrong_direction_rate", "abstention_rate", "mixed_rate")}
    result.update(changes(rows, labels))
    sets = sorted({r["set"] for r in rows})
    result["by_set"] = {s: _set_figures([r for r in rows if r["set"] == s],
                                        [lab for r, lab in zip(rows, labels) if r["set"] == s]) for s in sets}
    result["questions"] = [{"set": r["set"], "id": r["id"], "expected": r["expected"], "stored": r["label"],
                            "verdict": new} for r, new in zip(rows, labels) if new != r["label"]]
    return result
