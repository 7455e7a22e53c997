"""Consensus over time: cumulative shares per year, the lead change, the newest study, and the chart stage."""
from __future__ import annotations

import pytest

from documents.sources.base import Record
from search.design import DesignResult
from search.pipeline.chart import chart
from search.pipeline.consensus import consensus_over_time
from search.pipeline.state import Addresses, Frame, RankedPaper, Stance


def _paper(rank: int, year: int | None, label: str | None, *, strength: float = 0.8, addressed: str = "yes",
           design: str = "rct") -> RankedPaper:
    stance = None
    if label:
        rest = round((1 - strength) / 2, 4)
        values = {"supports": rest, "refutes": rest, "neutral": rest, label: strength}
        stance = Stance(label, values["supports"], values["refutes"], values["neutral"], uncertain=strength < 0.6)
    return RankedPaper(
        rank=rank,
        record=Record(pmid=str(100 + rank), title=f"t{rank}", abstract="a", year=year),
        similarity=0.5,
        stance=stance,
        addresses=Addresses(addressed, "test"),
        design=DesignResult(design, "text", ""),
    )


def _papers() -> list[RankedPaper]:
    return [
        _paper(1, 1990, "supports"),
        _paper(2, 1992, "refutes", design="meta_analysis"),
        _paper(3, 1992, "refutes", design="cohort"),
        _paper(4, 1995, "neutral"),
        _paper(5, 1995, "supports", strength=0.5),  # uncertain: counted, on no side
        _paper(6, 1998, "supports"),
        _paper(7, 1998, "supports"),
        _paper(8, 1998, "supports", design="case_series"),
        _paper(9, None, "supports"),  # no year: counted in unknown_year
        _paper(10, 2001, None),  # not judged
        _paper(11, 2003, "refutes", addressed="no"),  # does not address: not on the timeline
    ]


def _series(papers: list[RankedPaper]) -> dict:
    return chart(papers, Frame(kind="effect"))["consensus_over_time"]


def test_cumulative_counts_and_shares_per_year():
    points = _series(_papers())["points"]
    assert [p["year"] for p in points] == [1990, 1992, 1995, 1998]
    assert [(p["n"], p["supports"], p["refutes"], p["unclear"]) for p in points] == [
        (1, 1, 0, 0), (3, 1, 2, 0), (5, 1, 2, 2), (8, 4, 2, 2)
    ]
    assert [p["added"] for p in points] == [1, 2, 2, 3]
    assert points[1]["share_supports"] == pytest.approx(1 / 3, abs=1e-4)
    assert points[1]["share_refutes"] == pytest.approx(2 / 3, abs=1e-4)
    assert [p["leader"] for p in points] == ["supports", "refutes", "refutes", "supports"]


def test_the_years_the_leading_side_changed():
    data = _series(_papers())
    assert data["lead_changes"] == [
        {"year": 1992, "from": "supports", "to": "refutes"},
        {"year": 1998, "from": "refutes", "to": "supports"},
    ]


def test_weighted_series_uses_the_evidence_weights():
    data = _series(_papers())
    p1992 = data["points"][1]
    # rct 0.8×0.8 supports; meta-analysis 1.0×0.8 and cohort 0.5×0.8 refute
    assert p1992["weighted_supports"] == pytest.approx(0.64)
    assert p1992["weighted_refutes"] == pytest.approx(1.2)
    assert p1992["share_weighted_refutes"] == pytest.approx(1.2 / 1.84, abs=1e-4)
    # by 1998: supports 3 RCTs (0.64 each) + case series 0.16 = 2.08 > refutes 1.2
    assert data["points"][-1]["weighted_leader"] == "supports"
    assert data["weighted_lead_changes"] == [
        {"year": 1992, "from": "supports", "to": "refutes"},
        {"year": 1998, "from": "refutes", "to": "supports"},
    ]


def test_most_recent_and_the_studies_that_cannot_be_placed():
    data = _series(_papers())
    assert data["most_recent"] == {"pmid": "106", "rank": 6, "year": 1998, "side": "supports"}
    assert (data["studies"], data["unknown_year"], data["unjudged"]) == (8, 1, 1)


def test_a_tie_between_leaders_is_not_a_change():
    papers = [_paper(1, 1990, "supports"), _paper(2, 1991, "refutes"), _paper(3, 1992, "supports")]
    data = _series(papers)
    assert [p["leader"] for p in data["points"]] == ["supports", "tied", "supports"]
    assert data["lead_changes"] == []


def test_nothing_to_place_gives_an_empty_series():
    data = consensus_over_time([], counted={}, weights={})
    assert data == {"points": [], "lead_changes": [], "weighted_lead_changes": [], "most_recent": None,
                    "studies": 0, "unknown_year": 0, "unjudged": 0}


def test_last_point_matches_the_verdict_split():
    from search.pipeline.verdict import decide

    papers = [p for p in _papers() if p.record.year is not None]  # the verdict also counts studies without a year
    verdict = decide(papers, Frame(kind="effect"), offline=True)
    last = _series(papers)["points"][-1]
    assert "4 point to yes and 2 to no" in verdict.reason
    assert (last["supports"], last["refutes"]) == (4, 2)


def test_chart_stage_adds_evidence_view_weights_and_per_design_charts():
    papers = _papers()
    data = chart(papers, Frame(kind="effect"))
    # counted studies only (rank 11 does not address the question); uncertain ones keep their label here
    assert data["stance_distribution"]["evidence"] == {"supports": pytest.approx(0.64 * 4 + 0.8 * 0.5 + 0.16, abs=0.01),
                                                        "refutes": pytest.approx(1.2), "neutral": pytest.approx(0.64)}
    assert data["evidence_weights"]["101"] == {"value": 0.64, "design": 0.8, "addresses": 1.0, "confidence": 0.8}
    assert data["evidence_weights"]["111"]["value"] == 0.0
    assert sorted(data["by_design"]) == ["case_series", "cohort", "meta_analysis", "rct"]
    rct = data["by_design"]["rct"]
    assert rct["total"] == 8 and rct["counted"] == 7
    assert rct["stance_distribution"]["labels"] == {"supports": 5, "refutes": 0, "neutral": 1}
    assert [p["n"] for p in rct["consensus_over_time"]["points"]] == [1, 3, 5]
    assert [p["pmid"] for p in data["by_design"]["cohort"]["citations_vs_year"]] == ["103"]
