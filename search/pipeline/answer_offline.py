"""The offline answer: an extractive, structured answer built only from the papers themselves.

Without an LLM nothing may be invented, so the answer is assembled from facts we hold:
the first sentence is the verdict's headline (the one rule for yes / no: ``verdict.py``),
then one section per group of related studies quotes one real sentence from one of them.
Every ``[n]`` is a paper's rank, generated here, so it is valid by construction.
"""
from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .agreement import quote_reading
from .answer_frame_groups import frame_groups, has_frame
from .answer_groups import PaperGroup, document_vectors, group_papers
from .answer_text import clean_quote, conclusion_sentence
from .state import Answer, AnswerSection, Failure, RankedPaper, UnderstoodQuery

logger = logging.getLogger(__name__)

_YES_NO = re.compile(
    r"^\s*(does|do|did|is|are|was|were|can|could|should|will|would|may|might|has|have|had|must)\b", re.I
)


@dataclass(frozen=True)
class Wording:
    """How the three stances are said to a lay reader; yes/no questions get 'yes' and 'no'."""

    yes: tuple[str, str]  # singular, plural verb phrase
    no: tuple[str, str]
    unclear: tuple[str, str] = ("is neutral or unclear", "are neutral or unclear")


YES_NO_WORDING = Wording(
    yes=("points to yes", "point to yes"),
    no=("points to no (no effect or the opposite)", "point to no (no effect or the opposite)"),
)
OPEN_WORDING = Wording(
    yes=("gives a positive answer", "give a positive answer"),
    no=("gives a negative answer (no effect or the opposite)", "give a negative answer (no effect or the opposite)"),
)


@dataclass
class OfflineAnswer:
    answer: Answer
    failures: list[Failure]


def wording_for(question: str) -> Wording:
    return YES_NO_WORDING if _YES_NO.match(question) else OPEN_WORDING


def offline_summaries(papers: list[RankedPaper]) -> dict[str, str]:
    """Per-study summary for the paper card: the abstract's conclusion sentence, keyed by PMID (never the title)."""
    summaries: dict[str, str] = {}
    for paper in papers:
        sentence = conclusion_sentence(paper.record.abstract)
        if sentence:
            summaries[paper.record.pmid] = clean_quote(sentence, limit=600)
    return summaries


def offline_answer(
    question: str, papers: list[RankedPaper], *, text: str, query: UnderstoodQuery | None = None,
    unread: bool = False,
) -> OfflineAnswer:
    """Extractive answer: ``text`` (the verdict's headline, decided in ``verdict.py``) first, then one
    quoted section per group of studies. ``unread``: the verdict was withheld because the question's frame
    was not read (``verdict.unread``)."""
    if not papers:
        return OfflineAnswer(Answer(text=text, sections=[], kind="none"), [])
    failures: list[Failure] = []
    wording = wording_for(question)
    first = text
    if query is not None and has_frame(papers) and not unread:
        groups = frame_groups(papers, query.frame, yes_no=wording is YES_NO_WORDING)
        # The heading already says what these studies found: no stance mix repeated under it.
        sections = [s for s in (group_section(g, wording, mix=False) for g in groups) if s is not None]
        return OfflineAnswer(Answer(text=first, sections=sections, kind="extractive"), failures)
    try:
        vectors = document_vectors(papers)
    except Exception as exc:  # noqa: BLE001 - grouping degrades to MeSH and phrases, the answer still comes
        logger.warning("document embeddings unavailable for grouping: %s", exc)
        failures.append(Failure("synthesise", "embeddings", f"{type(exc).__name__}: {exc}; grouped by MeSH only"))
        vectors = np.zeros((len(papers), 1), dtype=np.float32)
    # The question's own words (and its concepts' synonyms) are what every group shares: never a heading.
    terms = " ".join([question] + [w for c in (query.concepts if query else []) for w in [c.text, *c.synonyms]])
    groups = group_papers(papers, question=terms, vectors=vectors)
    # A question whose frame was not read gets no verdict (verdict rule 7), so its groups are by topic only:
    # a count of "positive answers" under them would be the verdict it was refused.
    sections = [s for s in (group_section(g, wording, mix=not unread) for g in groups) if s is not None]
    return OfflineAnswer(Answer(text=first, sections=sections, kind="extractive"), failures)


def _count(n: int, phrases: tuple[str, str]) -> str:
    if n == 0:
        return f"none {phrases[0]}"
    return f"{n} {phrases[0] if n == 1 else phrases[1]}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(counts: Counter[str], wording: Wording, *, keep_zero: bool = False) -> str:
    """'12 point to yes, 5 point to no (...) and 3 are neutral or unclear' (zero counts left out unless asked)."""
    parts = [
        _count(counts[label], phrases)
        for label, phrases in (("supports", wording.yes), ("refutes", wording.no), ("neutral", wording.unclear))
        if counts[label] or keep_zero
    ]
    return _join(parts) if parts else "none could be judged"


def _quote_source(group: PaperGroup) -> tuple[RankedPaper, str] | None:
    """The group's quoted sentence: from its best-ranked paper holding the group's majority stance."""
    labels = Counter(p.stance.label for p in group.papers if p.stance)
    order = [label for label, _ in labels.most_common()]
    preferred = sorted(
        group.papers,
        key=lambda p: (order.index(p.stance.label) if p.stance and p.stance.label in order else len(order), p.rank),
    )
    quotes = [(paper, sentence) for paper in preferred if (sentence := quotable_sentence(paper))]
    if not quotes:
        return None
    # A quote that reads the way the group's studies were judged shows the finding; one that reads the other
    # way ("remains effective" under "point to no") would contradict its own heading.
    wanted = {"supports": "effect", "refutes": "no_difference"}.get(order[0]) if order else None
    opposite = {"effect": "no_difference", "no_difference": "effect"}.get(wanted or "")
    paper, sentence = next((q for q in quotes if quote_reading(q[1]) == wanted), None) or next(
        (q for q in quotes if quote_reading(q[1]) != opposite), quotes[0])
    return paper, clean_quote(sentence, limit=None)  # a whole sentence, never cut


def quotable_sentence(paper: RankedPaper) -> str | None:
    """The paper's best sentence when it reports a finding, else its conclusion (a stated aim answers nothing)."""
    from .locate import FINDING_CUES

    best = paper.best_sentence.text.strip() if paper.best_sentence and paper.best_sentence.text else ""
    if best and FINDING_CUES.search(best):
        return best
    return conclusion_sentence(paper.record.abstract) or best or None


def group_section(group: PaperGroup, wording: Wording, *, mix: bool = True) -> AnswerSection | None:
    """One section: the group's stance mix (unless ``mix`` is off) with all its references, and one quoted sentence."""
    source = _quote_source(group)
    refs = [p.rank for p in group.papers]
    counts = Counter(p.stance.label for p in group.papers if p.stance)
    if source is None:
        return None
    paper, quote = source
    if not mix:
        if len(group.papers) == 1:
            return AnswerSection(heading=group.heading, text=f"One study: “{quote}” [{paper.rank}].", refs=refs)
        listed = ", ".join(f"[{r}]" for r in refs)
        text = f"{len(group.papers)} studies ({listed}); for example, study [{paper.rank}] reports: “{quote}”"
        return AnswerSection(heading=group.heading, text=text, refs=refs)
    if len(group.papers) == 1:
        stance = _phrase_for(paper, wording)[0] if paper.stance else "could not be judged"
        text = f"One study {stance}: “{quote}” [{paper.rank}]."
    else:
        listed = ", ".join(f"[{r}]" for r in refs)
        example = f"for example, study [{paper.rank}] reports: “{quote}”"
        unjudged = len(group.papers) - sum(counts.values())
        if not counts:
            text = f"These {len(group.papers)} studies ({listed}) could not be judged for or against; {example}"
        else:
            mix = describe(counts, wording) + (f" ({unjudged} not judged)" if unjudged else "")
            text = f"Of these {len(group.papers)} studies ({listed}), {mix}; {example}"
    return AnswerSection(heading=group.heading, text=text, refs=refs)


def _phrase_for(paper: RankedPaper, wording: Wording) -> tuple[str, str]:
    label = paper.stance.label if paper.stance else "neutral"
    return {"supports": wording.yes, "refutes": wording.no}.get(label, wording.unclear)
