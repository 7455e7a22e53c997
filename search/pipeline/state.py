"""Typed data passed between pipeline stages, and its JSON form (the result document of DESIGN.md).

Every stage is a plain function with explicit inputs and outputs built from these
dataclasses; the runner (and the Celery tasks) carry one :class:`SearchState` along and
serialise it with :meth:`SearchState.to_document` / :meth:`SearchState.from_document`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from datetime import datetime, timezone
from typing import Any

from typing import TYPE_CHECKING

from documents.sources.base import Filters, Record, SearchHits

from search.design import DESIGNS, DesignResult, SampleSize

from .params import RunParams

if TYPE_CHECKING:  # search.scope imports nothing from here; imported lazily to keep this module dependency-free
    from search.scope import Scope


@dataclass
class Concept:
    text: str  # as written in the question (abbreviations expanded)
    mesh_id: str | None = None
    synonyms: list[str] = field(default_factory=list)
    mesh_heading: str | None = None
    kind: str = "phrase"  # drug | disease | phrase


FRAME_KINDS = ("effect", "comparison", "safety", "harm", "association", "other")
# What a comparison claims of its first arm: "is X better than Y?", "does X work as well as Y?", "is X less
# effective than Y?". A head-to-head trial that found no difference answers the first "no" and the second "yes".
COMPARISON_CLAIMS = ("better", "as_good", "worse")
# What a harm question claims: "Is it dangerous / risky to stop a beta blocker suddenly?" asks whether harm comes of
# it, as "does X cause Y?" does, but a "no" to it is the reassurance a safety question never gets offline.
DANGER = "danger"
FRAME_CLAIMS = (*COMPARISON_CLAIMS, DANGER)


@dataclass
class Frame:
    """What the question asks, so the verdict answers that and not "is there a positive finding".

    kind: effect ("does X improve/reduce Y"), comparison ("is X better than Y", "is one X better
    than another"), safety ("is X safe for people with Y"), harm ("does X cause Y"),
    association, other. The texts are as written in the question (None when absent).
    """

    kind: str = "other"
    intervention: str | None = None
    comparator: str | None = None
    outcome: str | None = None
    population: str | None = None
    claim: str | None = None  # comparisons: one of COMPARISON_CLAIMS; harm questions asked as "is it dangerous": DANGER
    # Effect and harm questions of an added treatment ("I'm already on an ACE inhibitor. Would adding losartan lower
    # my proteinuria?"): what it is added to, which a study of the added drug alone does not test. Shown with the
    # frame and named when the verdict rests on such studies. (Comparisons of an add-on name it in their arms.)
    background: str | None = None


@dataclass
class QueryAttempt:
    boolean: str
    hits: int
    note: str = ""
    # ``hits`` is an estimate, not the exact total (SearchHits.count_is_estimate: a broad local search above
    # RANK_CAP). Documents stored before this field lack it and load as exact.
    hits_estimated: bool = False

    @classmethod
    def of(cls, boolean: str, hits: SearchHits, note: str = "") -> "QueryAttempt":
        """The attempt a search made: its total and whether the source only estimated it, read in one place."""
        return cls(boolean=boolean, hits=hits.count, note=note, hits_estimated=hits.count_is_estimate)


@dataclass
class UnderstoodQuery:
    """Output of ``understand``: the concepts and the Boolean queries to try, strictest first."""

    boolean: str
    concepts: list[Concept] = field(default_factory=list)
    # Progressively relaxed alternatives (boolean, note), tried in order when too few hits.
    relaxations: list[tuple[str, str]] = field(default_factory=list)
    attempts: list[QueryAttempt] = field(default_factory=list)
    message: str = ""  # e.g. "could not find medical concepts in this question"
    frame: Frame = field(default_factory=Frame)
    # Concept indices per frame role (intervention, comparator, outcome, population): what judge matches on.
    roles: dict[str, list[int]] = field(default_factory=dict)

    def role_concepts(self, role: str) -> list[Concept]:
        return [self.concepts[i] for i in self.roles.get(role, []) if 0 <= i < len(self.concepts)]


@dataclass
class Stance:
    label: str  # supports | refutes | neutral
    supports: float
    refutes: float
    neutral: float
    rationale: str = ""
    uncertain: bool = False  # the classifier's confidence is too low to show the label as a finding


ADDRESSES_LABELS = ("yes", "partly", "no")


@dataclass
class Addresses:
    """Whether a study looks at what the question asks (yes / partly / no) and why, in a few words."""

    label: str
    reason: str


@dataclass
class BestSentence:
    index: int
    text: str
    score: float


@dataclass
class Metrics:
    """Metrics from external services; None means unavailable, never zero by default."""

    citation_count: int | None = None
    relative_citation_ratio: float | None = None
    influential_citation_count: int | None = None
    venue: str | None = None
    tldr: str | None = None
    pmcid: str | None = None
    full_text_url: str | None = None
    is_clinical: bool | None = None


# Metric keys as they appear in a paper's document (pmcid is merged with the record's own).
METRIC_KEYS: tuple[str, ...] = tuple(f.name for f in fields(Metrics) if f.name != "pmcid")


@dataclass
class RankedPaper:
    rank: int
    record: Record
    similarity: float
    stance: Stance | None = None
    best_sentence: BestSentence | None = None
    summary: str | None = None
    metrics: Metrics = field(default_factory=Metrics)
    addresses: Addresses | None = None
    design: DesignResult | None = None  # what kind of study it is (search.design)
    sample_size: SampleSize | None = None  # people randomised / enrolled / included, with the sentence

    def to_dict(self) -> dict[str, Any]:
        r, m = self.record, self.metrics
        return {
            "rank": self.rank,
            **r.document(venue=m.venue),
            "pmcid": r.pmcid or m.pmcid or "",
            **{key: getattr(m, key) for key in METRIC_KEYS},
            **{key: _judgement_json(getattr(self, key)) for key in JUDGEMENT_KEYS},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "RankedPaper":
        metrics = Metrics(**{key: d.get(key) for key in METRIC_KEYS}, pmcid=d.get("pmcid") or None)
        judgements = {key: _JUDGEMENT_FROM_JSON.get(key, _same)(d.get(key)) for key in JUDGEMENT_KEYS}
        return cls(rank=d["rank"], record=Record.from_mapping(d), metrics=metrics, **judgements)


# What a search judged of each paper, in the document's order: RankedPaper's fields other than its rank, its
# record and its metrics (each also a SearchPaper column of the same name).
JUDGEMENT_KEYS: tuple[str, ...] = tuple(
    f.name for f in fields(RankedPaper) if f.name not in ("rank", "record", "metrics")
)


def _judgement_json(value: Any) -> Any:
    """A judgement as the document carries it (plain values as they are, dataclasses as dicts)."""
    if isinstance(value, DesignResult):
        return design_json(value)
    return asdict(value) if is_dataclass(value) else value


def _same(value: Any) -> Any:
    return value


def _judgement_from(cls: type) -> Any:
    return lambda data: cls(**data) if data else None


_JUDGEMENT_FROM_JSON: dict[str, Any] = {  # the others (summary) are kept as they are
    "similarity": lambda value: 0.0 if value is None else value,
    "stance": _judgement_from(Stance),
    "best_sentence": _judgement_from(BestSentence),
    "addresses": _judgement_from(Addresses),
    "design": lambda data: _design_from(data),  # defined further down
    "sample_size": _judgement_from(SampleSize),
}


@dataclass
class AnswerSection:
    heading: str
    text: str
    refs: list[int] = field(default_factory=list)


VERDICT_LABELS = ("yes", "no", "mixed", "insufficient")
CONFIDENCE_LEVELS = ("low", "moderate", "high")


@dataclass
class Verdict:
    """The answer as data; the headline sentence follows from it (rule: search/pipeline/verdict.py)."""

    label: str  # yes | no | mixed | insufficient
    confidence: str  # low | moderate | high
    studies_counted: int
    reason: str
    caution: str | None = None


READING_MODES = ("lay", "clinician")  # lay is the default reading mode
DEFAULT_MODE = READING_MODES[0]


@dataclass
class DesignCount:
    design: str  # a search.design.DESIGNS label
    name: str  # its display name
    count: int


# What the bottom line may say the evidence leaves open (search/pipeline/bottom_line.py), most important first.
# INDIRECT: no counted study addresses the question itself; MOSTLY_INDIRECT: some do, but most of those with a clear
# finding do not (verdict.indirectness decides which). The reading modes word both.
INDIRECT = "indirect"
MOSTLY_INDIRECT = "mostly_indirect"
UNCERTAINTY_CODES = ("no_head_to_head", INDIRECT, MOSTLY_INDIRECT, "no_trials", "few_studies", "old_studies", "small_studies",
                     "unclear_findings", "disagree", "not_safety")


@dataclass
class Uncertainty:
    """One thing the evidence leaves open ("no head-to-head trials"), in both reading modes' words."""

    code: str  # one of UNCERTAINTY_CODES
    clinician: str
    lay: str


@dataclass
class BottomLine:
    """The facts of the bottom-line box (search/pipeline/bottom_line.py): the verdict, the strongest
    study types behind it and what is still uncertain; each mode's sentence is in ``Answer.modes``."""

    verdict: str
    strongest: list[DesignCount] = field(default_factory=list)
    uncertain: list[Uncertainty] = field(default_factory=list)


@dataclass
class ModeText:
    """The answer's words for one reading mode; the facts behind both modes are the same (search/pipeline/modes.py)."""

    headline: str
    explanation: str
    certainty: str
    bottom_line: str


@dataclass
class GlossaryEntry:
    term: str  # as written in the text it explains
    definition: str
    source: str = "curated"  # curated (search/data/glossary.json)


@dataclass
class Answer:
    text: str
    sections: list[AnswerSection] = field(default_factory=list)
    invalid_refs_removed: int = 0
    kind: str = "extractive"  # extractive | llm | none
    verdict: Verdict | None = None
    bottom_line: BottomLine | None = None
    modes: dict[str, ModeText] = field(default_factory=dict)  # READING_MODES -> text
    glossary: list[GlossaryEntry] = field(default_factory=list)  # terms used in the answer and the cards


def utc_timestamp(epoch: float | None = None) -> str:
    """ISO 8601 in UTC to the second (now, or the given Unix time): a failure's time, shown in the reader's zone."""
    moment = datetime.now(timezone.utc) if epoch is None else datetime.fromtimestamp(epoch, timezone.utc)
    return moment.isoformat(timespec="seconds")


@dataclass
class Failure:
    stage: str
    source: str
    error: str
    # When it failed: a real time, so a stored result never repeats a relative "61 s ago". "" in documents
    # stored before failures carried one.
    at: str = field(default_factory=utc_timestamp)


def add_usage(total: dict[str, int], more: Mapping[str, int]) -> None:
    """Add LLM token counts ``more`` into ``total`` in place, key by key."""
    for key, value in more.items():
        total[key] = total.get(key, 0) + value


@dataclass
class SearchState:
    """Everything one search knows so far; the runner passes it from stage to stage."""

    question: str
    filters: Filters = field(default_factory=Filters)
    id: str = ""
    status: str = "queued"  # queued | running | done | failed
    stage: str = ""
    progress: int = 0
    branches: list[str] = field(default_factory=list)  # enrich | judge | locate recorded so far (they run side by side)
    error: str = ""  # human-readable reason when status == failed
    query: UnderstoodQuery | None = None
    source: str = ""
    candidates: list[Record] = field(default_factory=list)  # retrieve output (not in the document)
    papers: list[RankedPaper] = field(default_factory=list)
    answer: Answer | None = None
    charts: dict[str, Any] | None = None
    # Registered trials (search.pipeline.trials.TrialsFound.to_dict), set by the enrich branch; None = not asked / failed.
    trials: dict[str, Any] | None = None
    models: dict[str, Any] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    timings_ms: dict[str, int] = field(default_factory=dict)
    usage: dict[str, int] = field(default_factory=dict)  # LLM token usage
    scope: Scope | None = None  # the scope guard's reading of the question (set by understand)
    params: RunParams = field(default_factory=RunParams)  # source, top-k, candidates of this run (not in the document)

    def fail_part(self, stage: str, source: str, error: str) -> None:
        """Record that one part of one stage degraded; the search goes on."""
        self.failures.append(Failure(stage=stage, source=source, error=error))

    def to_document(self, *, include_candidates: bool = False) -> dict[str, Any]:
        q = self.query
        doc: dict[str, Any] = {
            "id": self.id,
            "question": self.question,
            "status": self.status,
            "stage": self.stage,
            "progress": self.progress,
            "branches": list(self.branches),
            "error": self.error,
            "filters": self.filters.to_dict(),
            "query": (
                {
                    "boolean": q.boolean,
                    "concepts": [asdict(c) for c in q.concepts],
                    "attempts": [asdict(a) for a in q.attempts],
                    "relaxations": [list(r) for r in q.relaxations],
                    "message": q.message,
                    "frame": asdict(q.frame),
                    "roles": q.roles,
                }
                if q
                else None
            ),
            "source": self.source,
            "models": self.models,
            "papers": [p.to_dict() for p in self.papers],
            "answer": asdict(self.answer) if self.answer else None,
            "charts": self.charts,
            "trials": self.trials,
            "failures": [asdict(f) for f in self.failures],
            "timings_ms": self.timings_ms,
            "usage": self.usage,
            "scope": self.scope.to_dict() if self.scope else None,
        }
        if include_candidates:
            doc["candidates"] = [r.to_dict() for r in self.candidates]
        return doc

    @classmethod
    def from_document(cls, doc: dict[str, Any]) -> "SearchState":
        q = doc.get("query")
        query = None
        if q:
            query = UnderstoodQuery(
                boolean=q.get("boolean", ""),
                concepts=[Concept(**c) for c in q.get("concepts", [])],
                relaxations=[tuple(r) for r in q.get("relaxations", [])],
                attempts=[QueryAttempt(**a) for a in q.get("attempts", [])],  # older: no hits_estimated
                message=q.get("message", ""),
                frame=Frame(**(q.get("frame") or {})),
                roles={k: list(v) for k, v in (q.get("roles") or {}).items()},
            )
        answer = doc.get("answer")
        return cls(
            id=doc.get("id", ""),
            question=doc["question"],
            status=doc.get("status", "queued"),
            stage=doc.get("stage", ""),
            progress=doc.get("progress", 0),
            branches=list(doc.get("branches") or []),
            error=doc.get("error", ""),
            filters=Filters(**(doc.get("filters") or {})),
            query=query,
            source=doc.get("source", ""),
            candidates=[Record(**r) for r in doc.get("candidates", [])],
            papers=[RankedPaper.from_dict(p) for p in doc.get("papers", [])],
            answer=(
                Answer(
                    text=answer["text"],
                    sections=[AnswerSection(**s) for s in answer.get("sections", [])],
                    invalid_refs_removed=answer.get("invalid_refs_removed", 0),
                    kind=answer.get("kind", "extractive"),
                    verdict=Verdict(**answer["verdict"]) if answer.get("verdict") else None,
                    bottom_line=_bottom_line_from(answer.get("bottom_line")),
                    modes={k: ModeText(**v) for k, v in (answer.get("modes") or {}).items()},
                    glossary=[GlossaryEntry(**g) for g in answer.get("glossary") or []],
                )
                if answer
                else None
            ),
            charts=doc.get("charts"),
            trials=doc.get("trials"),
            models=doc.get("models") or {},
            failures=[Failure(**{"at": "", **f}) for f in doc.get("failures", [])],
            timings_ms=doc.get("timings_ms") or {},
            usage=doc.get("usage") or {},
            scope=_scope_from(doc.get("scope")),
        )


def _bottom_line_from(data: dict[str, Any] | None) -> BottomLine | None:
    if not data:
        return None
    return BottomLine(
        verdict=data["verdict"],
        strongest=[DesignCount(**d) for d in data.get("strongest") or []],
        uncertain=[Uncertainty(**u) for u in data.get("uncertain") or []],
    )


def _scope_from(data: dict[str, Any] | None) -> "Scope | None":
    if not data:
        return None
    from search.scope import Scope

    return Scope.from_dict(data)


def design_json(design: DesignResult) -> dict[str, Any]:
    """A design as the document (and its stored column) carries it: what was decided plus its display name."""
    return {**asdict(design), "name": DESIGNS[design.label]}


def _design_from(data: dict[str, Any] | None) -> DesignResult | None:
    """The document carries the display name too (from DESIGNS); the dataclass holds only what was decided."""
    if not data:
        return None
    return DesignResult(label=data["label"], source=data["source"], evidence=data["evidence"])
