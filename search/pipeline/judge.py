"""Stage 5, judge: each study's stance towards the question, with strengths that sum to 1.

With an LLM configured, the studies go in batches to a structured-output prompt keyed by
PMID; the answer is validated (unknown PMIDs ignored, missing ones classified offline,
strengths renormalised). Without one (or when it fails) the offline classifier decides.
When neither can run the stage says so in ``failures`` and labels nothing.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from typing import Any

from search import llm
from search.prompts import stance as prompt
from search.stance import LABELS
from search.stance import predict as offline
from search.stance.model import StanceModelMissing

from .state import ADDRESSES_LABELS, Addresses, Failure, Frame, RankedPaper, Stance, add_usage

logger = logging.getLogger(__name__)
RATIONALE_CHARS = 300


@dataclass
class JudgeResult:
    stances: dict[str, Stance]
    model: str
    failures: list[Failure] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)
    used_llm: bool = False  # the stances (or most of them) came from the LLM, which reads the question itself
    addresses: dict[str, Addresses] = field(default_factory=dict)  # the LLM's reading, by PMID


def judge(question: str, papers: list[RankedPaper], frame: Frame | None = None) -> JudgeResult:
    """PMID -> Stance for ``papers`` (papers without an abstract get none); the LLM also reads ``frame``."""
    if llm.is_configured():
        return _judge_llm(question, papers, frame)
    return _judge_offline(question, papers)


def _judge_offline(question: str, papers: list[RankedPaper], *, failures: list[Failure] | None = None) -> JudgeResult:
    failures = list(failures or [])
    try:
        model = offline.load_classifier()
    except StanceModelMissing as exc:
        failures.append(Failure(stage="judge", source="offline", error=str(exc)))
        return JudgeResult(stances={}, model="none", failures=failures)
    stances = offline.classify(question, {p.record.pmid: p.record.abstract for p in papers}, model=model)
    return JudgeResult(stances=stances, model=offline.model_label(model), failures=failures)


def _judge_llm(question: str, papers: list[RankedPaper], frame: Frame | None = None) -> JudgeResult:
    stances: dict[str, Stance] = {}
    addressed: dict[str, Addresses] = {}
    failures: list[Failure] = []
    usage: dict[str, int] = {}
    llm_failed = False
    judgeable = [p for p in papers if p.record.abstract.strip()]
    for start in range(0, len(judgeable), prompt.BATCH_SIZE):
        batch = judgeable[start:start + prompt.BATCH_SIZE]
        try:
            result = llm.complete_json(
                system=prompt.SYSTEM,
                user=prompt.user_message(question, batch, frame),
                schema=prompt.SCHEMA,
                schema_name=prompt.SCHEMA_NAME,
            )
        except (llm.LLMError, llm.LLMUnavailable) as exc:
            # Stop asking: one failing endpoint will fail again; the rest is judged offline.
            failures.append(Failure(stage="judge", source="llm", error=f"{exc}; stances from the offline classifier"))
            llm_failed = True
            break
        add_usage(usage, result.usage)
        parsed, problems = parse_stances(result.data, {p.record.pmid for p in batch})
        stances.update(parsed)
        addressed.update(parse_addresses(result.data, set(parsed)))
        failures.extend(Failure(stage="judge", source="llm", error=problem) for problem in problems)

    missing = [p for p in judgeable if p.record.pmid not in stances]
    model = llm.model_label()
    if missing:
        if not llm_failed:
            failures.append(Failure(
                stage="judge", source="llm",
                error=f"the LLM gave no usable stance for {len(missing)} studies; classified offline",
            ))
        fallback = _judge_offline(question, missing)
        stances.update(fallback.stances)
        failures.extend(fallback.failures)
        if fallback.stances:
            model = f"{model}; {fallback.model} for {len(fallback.stances)} studies"
    return JudgeResult(stances=stances, model=model, failures=failures, usage=usage, used_llm=not llm_failed,
                       addresses=addressed)


def parse_addresses(data: dict[str, Any], pmids: set[str]) -> dict[str, Addresses]:
    """The LLM's "addresses" per PMID (only for PMIDs whose stance was usable; a missing or odd value is skipped)."""
    out: dict[str, Addresses] = {}
    for item in data.get("stances") or []:
        if not isinstance(item, dict):
            continue
        pmid = str(item.get("pmid", "")).strip()
        label = item.get("addresses")
        if pmid in pmids and pmid not in out and label in ADDRESSES_LABELS:
            reason = " ".join(str(item.get("rationale") or "").split())[:RATIONALE_CHARS]
            out[pmid] = Addresses(label, f"{reason} (LLM)" if reason else "judged by the LLM")
    return out


def parse_stances(data: dict[str, Any], pmids: set[str]) -> tuple[dict[str, Stance], list[str]]:
    """Validated stances from the LLM's JSON, keyed by PMID, and what was wrong with it."""
    stances: dict[str, Stance] = {}
    unknown: list[str] = []
    invalid: list[str] = []
    items = data.get("stances")
    if not isinstance(items, list):
        return {}, ["the LLM answer has no list of stances"]
    for item in items:
        if not isinstance(item, dict):
            continue
        pmid = str(item.get("pmid", "")).strip()
        if pmid not in pmids:
            unknown.append(pmid or "(empty)")
            continue
        if pmid in stances:
            continue  # a repeated PMID: the first answer stands
        stance = _stance_from_item(item)
        if stance is None:
            invalid.append(pmid)
        else:
            stances[pmid] = stance
    problems = []
    if unknown:
        problems.append(f"the LLM answered for PMIDs not asked about, ignored: {', '.join(unknown[:10])}")
    if invalid:
        problems.append(f"the LLM gave unusable strengths for PMIDs {', '.join(invalid[:10])}")
    return stances, problems


def _stance_from_item(item: dict[str, Any]) -> Stance | None:
    """Strengths clipped at 0 and renormalised to sum to 1; the label is the strongest class."""
    values = []
    for name in LABELS:
        raw = item.get(name)
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw):
            return None
        values.append(max(0.0, float(raw)))
    total = sum(values)
    if total <= 0:
        return None
    values = [round(v / total, 4) for v in values]
    values[-1] = round(1.0 - sum(values[:-1]), 4)
    stated = item.get("label")
    best = max(values)
    # Keep the model's label when it is (one of) the strongest, otherwise follow the strengths.
    label = stated if stated in LABELS and values[LABELS.index(stated)] == best else LABELS[values.index(best)]
    rationale = " ".join(str(item.get("rationale") or "").split())
    if len(rationale) > RATIONALE_CHARS:
        rationale = rationale[:RATIONALE_CHARS].rsplit(" ", 1)[0] + " …"
    return Stance(label=label, supports=values[0], refutes=values[1], neutral=values[2], rationale=rationale)
