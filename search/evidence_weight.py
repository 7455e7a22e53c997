"""How much one study weighs as evidence for this question: design × addresses × stance confidence.

Every study counts the same in a plain count, whatever its design; a researcher weighs a meta-analysis of
trials above a case report, a trial of the question's own comparison above one of something next to it, and a
clear finding above one the classifier is unsure of. The weight says that in one number, defined here once
and used by the chart stage ("weighted by evidence" view, consensus over time), the evidence table and the
exports (the verdict rule in ``search/pipeline/verdict.py`` may use it too):

    weight = design weight × addresses weight × stance confidence            (0 .. 1)

* **Design weight** (``DESIGN_WEIGHTS``): the level of the design in the usual hierarchy of evidence
  (Oxford CEBM 2011 levels for treatment benefits, GRADE's starting certainty: randomised evidence starts
  high, observational evidence low): systematic reviews / meta-analyses 1.0, randomised trials 0.8,
  non-randomised controlled studies and cohorts 0.5, case-control 0.4, cross-sectional 0.3, case series
  and reports 0.2, guidelines 0.5 (they summarise evidence but are not a study, and their search is not
  always systematic), narrative reviews and "other" 0.15, animal and in-vitro work 0.1 (says nothing
  direct about people). A study whose design is not known yet weighs as "other".
* **Addresses weight**: the verdict's own rule (``search.pipeline.verdict.weight``), so the two never drift:
  1 when the study addresses the question, ``PARTLY_WEIGHT`` (a quarter) when it partly does (effect, harm and
  association questions), 0 when it does not or is retracted.
* **Stance confidence**: the classifier's strength for the study's own label (0.33 .. 1); a study not yet
  judged has no confidence and weighs 0 (it cannot be placed on a side).

Sample size is deliberately not a factor: most abstracts of the 1990s do not state it, and a missing
number would then read as a small study. It is shown beside the weight in the table instead.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from search.design import DESIGNS
from search.pipeline.state import Frame, RankedPaper
from search.pipeline.verdict import weight as addresses_weight

DESIGN_WEIGHTS: dict[str, float] = {
    "meta_analysis": 1.0,
    "rct": 0.8,
    "non_randomised": 0.5,
    "cohort": 0.5,
    "case_control": 0.4,
    "cross_sectional": 0.3,
    "case_series": 0.2,
    "narrative_review": 0.15,
    "guideline": 0.5,
    "animal_in_vitro": 0.1,
    "other": 0.15,
}
UNKNOWN_DESIGN = "other"
assert set(DESIGN_WEIGHTS) == set(DESIGNS), "every design needs exactly one weight"


@dataclass(frozen=True)
class EvidenceWeight:
    """A study's weight and the three factors it is the product of (shown so a reader can check it)."""

    value: float
    design: float
    addresses: float
    confidence: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def design_weight(paper: RankedPaper) -> float:
    """The design's level as a weight (``DESIGN_WEIGHTS``); an undecided design weighs as "other"."""
    return DESIGN_WEIGHTS[paper.design.label if paper.design else UNKNOWN_DESIGN]


def stance_confidence(paper: RankedPaper) -> float:
    """The classifier's strength for the study's own label; 0 when the study has not been judged."""
    stance = paper.stance
    if stance is None:
        return 0.0
    return float(getattr(stance, stance.label, 0.0) or 0.0)


def evidence_weight(paper: RankedPaper, frame: Frame | None = None) -> EvidenceWeight:
    """The study's evidence weight for the question framed by ``frame`` (see the module docstring)."""
    d = design_weight(paper)
    a = addresses_weight(paper, frame or Frame())
    c = stance_confidence(paper)
    return EvidenceWeight(value=round(d * a * c, 4), design=d, addresses=a, confidence=round(c, 4))
