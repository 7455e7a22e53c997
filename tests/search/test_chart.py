"""Chart data: exact counts, summed strengths, and papers with unknown year/citations/stance counted, not dropped."""
from __future__ import annotations

from dataclasses import replace

from search.pipeline.chart import chart
from search.pipeline.state import Metrics, Stance

from .answer_papers import corpus_records, ranked


def _papers():
    records = list(corpus_records("Triptans", 6))
    records[4] = replace(records[4], year=None)  # a record whose year PubMed does not give
    records[0] = replace(records[0], year=2001)
    records[1] = replace(records[1], year=1999)
    records[2] = replace(records[2], year=2001)
    records[3] = replace(records[3], year=1999)
    records[5] = replace(records[5], year=2003)
    papers = ranked(records)
    papers[0].stance = Stance("supports", 0.7, 0.1, 0.2)
    papers[1].stance = Stance("supports", 0.6, 0.3, 0.1)
    papers[2].stance = Stance("refutes", 0.15, 0.8, 0.05)
    papers[3].stance = Stance("neutral", 0.2, 0.2, 0.6)
    papers[4].stance = Stance("supports", 0.9, 0.05, 0.05)
    papers[5].stance = None  # the judge failed for this one
    citations = [12, 0, None, 40, 3, None]  # 0 is a real count, None is "unavailable"
    for paper, count in zip(papers, citations):
        paper.metrics = Metrics(citation_count=count)
    return papers


def test_stance_distribution_counts_and_strength_sums():
    data = chart(_papers())
    assert data["stance_distribution"]["labels"] == {"supports": 3, "refutes": 1, "neutral": 1}
    assert data["stance_distribution"]["strengths"] == {"supports": 2.55, "refutes": 1.45, "neutral": 1.0}
    assert data["stance_distribution"]["unjudged"] == 1
    assert data["unjudged"] == 1 and data["total"] == 6


def test_stance_by_year_sorted_and_unknown_year_counted():
    data = chart(_papers())
    assert data["stance_by_year"] == [
        {"year": 1999, "supports": 1, "refutes": 0, "neutral": 1, "unjudged": 0},
        {"year": 2001, "supports": 1, "refutes": 1, "neutral": 0, "unjudged": 0},
        {"year": 2003, "supports": 0, "refutes": 0, "neutral": 0, "unjudged": 1},
    ]
    assert data["unknown_year"] == 1


def test_citations_vs_year_keeps_every_paper_with_nulls_for_unknowns():
    papers = _papers()
    data = chart(papers)
    points = data["citations_vs_year"]
    assert [p["pmid"] for p in points] == [p.record.pmid for p in papers]
    assert [p["citations"] for p in points] == [12, 0, None, 40, 3, None]
    assert [p["stance"] for p in points] == ["supports", "supports", "refutes", "neutral", "supports", None]
    assert points[4]["year"] is None
    assert data["unknown_citations"] == 2


def test_no_papers_gives_empty_charts_not_errors():
    data = chart([])
    assert data["stance_distribution"]["labels"] == {"supports": 0, "refutes": 0, "neutral": 0}
    assert data["stance_by_year"] == [] and data["citations_vs_year"] == []
    assert data["total"] == data["unknown_year"] == data["unknown_citations"] == data["unjudged"] == 0


def test_default_view_is_the_studies_that_address_the_question():
    from search.pipeline.state import Addresses, Frame

    papers = _papers()
    papers[0].addresses = Addresses("no", "does not study it")
    papers[1].addresses = Addresses("partly", "against placebo")
    comparison = chart(papers, Frame(kind="comparison", intervention="a", comparator="b"))
    assert comparison["counted"] == 4 and comparison["total"] == 6
    assert comparison["stance_distribution"]["labels"] == {"supports": 1, "refutes": 1, "neutral": 1}
    assert comparison["all_papers"]["stance_distribution"]["labels"] == {"supports": 3, "refutes": 1, "neutral": 1}
    assert [p["counted"] for p in comparison["citations_vs_year"]] == [False, False, True, True, True, True]
    effect = chart(papers, Frame(kind="effect", intervention="a"))
    assert effect["counted"] == 5  # "partly" counts (at a quarter weight) for an effect question
