"""What the researcher features add to one search: the chart stage with evidence weights, consensus over time and
the charts per design, plus recording the provenance (target: median <= 100 ms added per search). Exports are
rendered on demand, not per search; their times are reported beside.

Papers: the 20-paper sets of the ``answer`` benchmark (real demo-corpus records sharing a MeSH heading), with each
study's design classified as judge does, every study marked as addressing the question, and the keyword stances
of that benchmark (FOR TIMING ONLY). The whole chart stage is timed, so the figure is an upper bound on what was
added to it. Provenance is timed warm (the corpus version cached, as in a running service) and the uncached
corpus-version query is reported on its own.
"""
from __future__ import annotations

import statistics
import time
from typing import Any

NAME = "research"
ORDER = 55
TARGET_MS = 100


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 2)


def run(options: dict[str, Any]) -> dict[str, Any]:
    from search import exports, provenance
    from search.benchmarks.answer import paper_sets
    from search.design import classify_design
    from search.pipeline.chart import chart
    from search.pipeline.state import Addresses, Frame, SearchState, UnderstoodQuery

    from ._stats import percentile

    count = max(20, int(options.get("questions") or 20))
    sets = paper_sets(count)
    frame = Frame(kind="effect")
    for _, papers in sets:
        for p in papers:
            r = p.record
            p.design = classify_design(title=r.title, abstract=r.abstract, publication_types=r.publication_types, mesh=r.mesh)
            p.addresses = Addresses("yes", "benchmark")

    provenance.code_version()  # once per process, like a worker at start
    started = time.perf_counter()
    provenance._corpus_version()
    corpus_cold = time.perf_counter() - started

    charts: list[float] = []
    recorded: list[float] = []
    added: list[float] = []
    renders: dict[str, list[float]] = {name: [] for name in exports.FORMATS}
    chart(sets[0][1], frame)  # warm-up, untimed
    for question, papers in sets:
        state = SearchState(question=question, source="local", papers=papers,
                            query=UnderstoodQuery(boolean=question, frame=frame))
        t0 = time.perf_counter()
        provenance.record_provenance(state)
        t1 = time.perf_counter()
        state.charts = chart(papers, frame)
        t2 = time.perf_counter()
        recorded.append(t1 - t0)
        charts.append(t2 - t1)
        added.append(t2 - t0)
        doc = state.to_document()
        doc["provenance"] = provenance.provenance(doc)
        for name, fmt in exports.FORMATS.items():
            t3 = time.perf_counter()
            fmt.render(doc, {})
            renders[name].append(time.perf_counter() - t3)
    return {
        "sets": len(sets),
        "papers_per_set": len(sets[0][1]),
        "added_per_search_median_ms": _ms(statistics.median(added)),
        "added_per_search_p90_ms": _ms(percentile(added, 0.9)),
        "chart_stage_median_ms": _ms(statistics.median(charts)),
        "provenance_warm_median_ms": _ms(statistics.median(recorded)),
        "corpus_version_uncached_ms": _ms(corpus_cold),
        **{f"export_{name}_median_ms": _ms(statistics.median(times)) for name, times in renders.items()},
        "target_ms": TARGET_MS,
        "stances": "keyword rule on conclusion sentences, for timing only",
    }
