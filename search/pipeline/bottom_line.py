"""The bottom line: the verdict, the strongest study types behind it, and what is still uncertain.

Built only from facts already decided elsewhere: the verdict (``verdict.decide``, whose rule
this module never second-guesses), the studies it counted (``verdict.counted_papers``), their
designs and sample sizes (``search.design``), their years and the question's frame. The same
facts give the same box whichever wrote the answer; on the LLM path the model may only phrase
them in the reading mode (``answer_llm.phrase_bottom_line``, checked in code; the offline
sentence of ``modes.py`` stays when the phrasing drops the verdict or adds a claim).

What is uncertain is said only when the facts show it (each check below names its threshold);
trial length is not extracted from abstracts, so "short trials" is never claimed.
"""
from __future__ import annotations

import statistics
from collections import Counter

from search.design import DESIGNS

from .state import INDIRECT, MOSTLY_INDIRECT, BottomLine, DesignCount, Frame, RankedPaper, Uncertainty, Verdict
from .verdict import counted_papers, elsewhere, indirectness

# Study types that can carry a treatment verdict, strongest first (DESIGNS is in evidence order).
STRONG_DESIGNS = ("meta_analysis", "rct")
MAX_STRONGEST = 2
FEW_STUDIES = 5  # fewer counted studies than this: "only N studies"
OLD_BEFORE = 2005  # most counted studies published before this year: "studies before 2005"
SMALL_MEDIAN = 100  # median sample size below this: "mostly small studies"
UNCLEAR_SHARE = 1 / 3  # this share of counted studies with an unclear finding or more: say so
# verdict.indirectness → (clinician words, lay words; {studies}: "studies of losartan for other problems or in other
# people", and for an added treatment "... not added to an ACE inhibitor, ..." -- verdict.elsewhere)
_INDIRECT_WORDS = {
    INDIRECT: ("no study addresses the question itself (indirect evidence)",
               "no study looked at just this; they were {studies}"),
    MOSTLY_INDIRECT: ("most studies with a clear finding address the question only partly",
                      "most studies with a clear answer were {studies}"),
}


def build_bottom_line(verdict: Verdict, papers: list[RankedPaper], frame: Frame) -> BottomLine:
    """The bottom-line facts for one answer."""
    weighed = counted_papers(papers, frame)
    counted = [c.paper for c in weighed]
    return BottomLine(verdict=verdict.label, strongest=strongest(counted),
                      uncertain=uncertainties(verdict, counted, papers, frame, indirect=indirectness(weighed)))


def strongest(counted: list[RankedPaper]) -> list[DesignCount]:
    """The (at most two) strongest study designs among the counted studies, with how many of each."""
    counts = Counter(p.design.label for p in counted if p.design is not None)
    order = [label for label in DESIGNS if counts.get(label)]
    return [DesignCount(design=label, name=DESIGNS[label], count=counts[label]) for label in order[:MAX_STRONGEST]]


def uncertainties(
    verdict: Verdict, counted: list[RankedPaper], papers: list[RankedPaper], frame: Frame, *, indirect: str | None,
) -> list[Uncertainty]:
    """What the counted evidence leaves open, most important first (``indirect``: verdict.indirectness)."""
    out: list[Uncertainty] = []
    n = len(counted)
    if frame.kind == "comparison" and not any(p.addresses and p.addresses.label == "yes" for p in papers):
        out.append(Uncertainty("no_head_to_head", "no head-to-head trials",
                               "no study compared the two directly"))
    if n == 0:
        return out
    if indirect:
        clinician, lay = _INDIRECT_WORDS[indirect]
        studies = f"studies of {frame.intervention or 'the treatment'} {elsewhere(frame)}"
        out.append(Uncertainty(indirect, clinician, lay.format(studies=studies)))
    designs = {p.design.label for p in counted if p.design is not None}
    if not designs & set(STRONG_DESIGNS):
        out.append(Uncertainty("no_trials", "no randomised trials or systematic reviews",
                               "no fair tests where people were put in groups by chance"))
    if n < FEW_STUDIES:
        word = "study" if n == 1 else "studies"
        out.append(Uncertainty("few_studies", f"only {n} {word} address the question",
                               f"only {n} {word} looked at this"))
    years = [p.record.year for p in counted if p.record.year]
    if years and sum(y < OLD_BEFORE for y in years) > len(years) / 2:
        out.append(Uncertainty("old_studies", f"most studies are from before {OLD_BEFORE}",
                               f"most studies are from before {OLD_BEFORE}"))
    sizes = [p.sample_size.n for p in counted if p.sample_size is not None and p.sample_size.n > 0]
    if sizes and statistics.median(sizes) < SMALL_MEDIAN:
        median = round(statistics.median(sizes))
        out.append(Uncertainty("small_studies", f"mostly small studies (median {median} participants)",
                               f"most studies were small (about {median} people)"))
    unclear = sum(1 for p in counted if p.stance is not None and (p.stance.uncertain or p.stance.label == "neutral"))
    if unclear and unclear >= n * UNCLEAR_SHARE:
        out.append(Uncertainty("unclear_findings", f"{unclear} of {n} studies have no clear finding",
                               f"{unclear} of {n} studies gave no clear answer"))
    if verdict.label == "mixed":
        out.append(Uncertainty("disagree", "the studies disagree", "the studies do not agree"))
    if frame.kind == "safety":
        out.append(Uncertainty("not_safety", "no study shows safety in your situation",
                               "no study can show it is safe for you"))
    return out
