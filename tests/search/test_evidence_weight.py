"""Evidence weight: design × addresses × stance confidence, with the verdict's own addresses rule."""
from __future__ import annotations

import pytest

from documents.sources.base import Record
from search.design import DESIGNS, DesignResult
from search.evidence_weight import DESIGN_WEIGHTS, evidence_weight
from search.pipeline.state import Addresses, Frame, RankedPaper, Stance
from search.pipeline.verdict import PARTLY_WEIGHT


def _paper(design: str | None, addressed: str | None = "yes", stance: Stance | None = None,
           retracted: bool = False) -> RankedPaper:
    return RankedPaper(
        rank=1,
        record=Record(pmid="1", title="t", abstract="a", year=2000, retracted=retracted),
        similarity=0.5,
        stance=stance or Stance("supports", 0.8, 0.1, 0.1),
        addresses=Addresses(addressed, "test") if addressed else None,
        design=DesignResult(design, "text", "") if design else None,
    )


def test_every_design_has_one_weight_and_the_hierarchy_holds():
    assert set(DESIGN_WEIGHTS) == set(DESIGNS)
    w = DESIGN_WEIGHTS
    assert w["meta_analysis"] > w["rct"] > w["cohort"] > w["case_control"] > w["cross_sectional"] > w["case_series"]
    assert w["case_series"] > w["animal_in_vitro"]
    assert all(0 < value <= 1 for value in w.values())


def test_weight_is_the_product_of_its_three_factors():
    weight = evidence_weight(_paper("rct"), Frame(kind="effect"))
    assert (weight.design, weight.addresses, weight.confidence) == (0.8, 1.0, 0.8)
    assert weight.value == pytest.approx(0.64)


def test_partly_counts_its_weight_for_effect_questions_and_nothing_for_comparisons():
    assert evidence_weight(_paper("rct", "partly"), Frame(kind="effect")).value == pytest.approx(0.64 * PARTLY_WEIGHT)
    assert PARTLY_WEIGHT == 0.25
    assert evidence_weight(_paper("rct", "partly"), Frame(kind="comparison")).value == 0.0
    assert evidence_weight(_paper("rct", "no"), Frame(kind="effect")).value == 0.0


def test_retracted_and_unjudged_studies_weigh_nothing():
    assert evidence_weight(_paper("meta_analysis", retracted=True)).value == 0.0
    unjudged = _paper("meta_analysis")
    unjudged.stance = None
    assert evidence_weight(unjudged).value == 0.0


def test_confidence_is_the_strength_of_the_studys_own_label():
    refuting = _paper("meta_analysis", stance=Stance("refutes", 0.2, 0.7, 0.1))
    assert evidence_weight(refuting).confidence == 0.7
    assert evidence_weight(refuting).value == pytest.approx(0.7)


def test_an_undecided_design_weighs_as_other():
    assert evidence_weight(_paper(None)).design == DESIGN_WEIGHTS["other"]
