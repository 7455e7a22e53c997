"""Offline answer speed: synthesise (extractive) + chart for 20-paper sets built from the local corpus.

Each set is the 20 papers (by PMID) of the default database that share one frequent
topical MeSH heading; the question asks about that heading. As in the pipeline, the
document vectors are cached before timing (rerank caches them; here rerank's own
``document_vectors`` fills a process-local memory store, so no shared table is written).
The stances are FOR TIMING ONLY: a keyword rule on each abstract's conclusion sentence
(negative-result wording -> refutes, positive wording -> supports, else neutral), not the
judge. Best sentences are left unset, so quotes come from the conclusion sentences.
The first set is run once untimed (imports, model load). Target: median <= 500 ms.
"""
from __future__ import annotations

import re
import statistics
import time
from typing import Any

NAME = "answer"
ORDER = 50
PAPERS_PER_SET = 20
TARGET_MS = 500
_NEGATIVE = re.compile(r"\b(no significant|not significant|did not|does not|no difference|failed to|no effect)", re.I)
_POSITIVE = re.compile(r"\b(significant|effective|improv\w*|reduc\w*|superior|better|benefit\w*)", re.I)


def _timing_stance(abstract: str):
    """A crude stance for timing only (see the module docstring); never shown to anyone."""
    from search.pipeline.answer_text import conclusion_sentence
    from search.pipeline.state import Stance

    sentence = conclusion_sentence(abstract) or ""
    label = "refutes" if _NEGATIVE.search(sentence) else "supports" if _POSITIVE.search(sentence) else "neutral"
    values = {"supports": 0.15, "refutes": 0.15, "neutral": 0.15}
    values[label] = 0.7
    return Stance(label=label, **values)


def paper_sets(count: int) -> list[tuple[str, list]]:
    """``count`` (question, ranked papers) sets from the default database, one per frequent topical MeSH heading."""
    from django.db import connection

    from documents.models import Paper
    from search.pipeline.answer_groups import GENERIC_MESH, readable_mesh
    from search.pipeline.state import RankedPaper

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT h, count(*) FROM documents_paper, unnest(mesh) AS h GROUP BY h HAVING count(*) >= %s "
            "ORDER BY count(*) DESC, h LIMIT 200",
            [PAPERS_PER_SET],
        )
        headings = [h for h, _ in cursor.fetchall() if h.lower() not in GENERIC_MESH][:count]
    if len(headings) < count:
        raise RuntimeError(
            f"the default database has only {len(headings)} topical MeSH headings with {PAPERS_PER_SET}+ papers; "
            "load the demo corpus first (manage.py load_corpus)"
        )
    sets = []
    for heading in headings:
        rows = Paper.objects.filter(mesh__contains=[heading]).exclude(abstract="").order_by("pmid")[:PAPERS_PER_SET]
        papers = []
        for rank, row in enumerate(rows, start=1):
            record = _record(row)
            papers.append(
                RankedPaper(rank=rank, record=record, similarity=0.0, stance=_timing_stance(record.abstract))
            )
        sets.append((f"What do studies report about {readable_mesh(heading).lower()}?", papers))
    return sets


def _record(row):
    from documents.sources.base import Record

    return Record(
        pmid=row.pmid, title=row.title, abstract=row.abstract, year=row.year, journal=row.journal,
        publication_types=list(row.publication_types), mesh=list(row.mesh), doi=row.doi, pmcid=row.pmcid,
    )


def run(options: dict[str, Any]) -> dict[str, Any]:
    from django.test import override_settings

    from search.pipeline.chart import chart
    from search.pipeline.rerank import document_vectors
    from search.pipeline.synthesise import synthesise

    count = max(20, int(options.get("questions") or 20))
    sets = paper_sets(count)
    totals: list[float] = []
    synth: list[float] = []
    charts: list[float] = []
    sections: list[int] = []
    with override_settings(MEDSEBA_EMBEDDING_STORE="memory", MEDSEBA_LLM_BASE_URL="", OPENAI_API_KEY=""):
        for _, papers in sets:
            document_vectors([p.record for p in papers])  # what rerank has cached before this stage runs
        synthesise(sets[0][0], sets[0][1], query=None)  # warm-up: imports and first calls, untimed
        for question, papers in sets:
            started = time.perf_counter()
            result = synthesise(question, papers, query=None)
            middle = time.perf_counter()
            chart(papers)
            ended = time.perf_counter()
            synth.append(middle - started)
            charts.append(ended - middle)
            totals.append(ended - started)
            sections.append(len(result.answer.sections))
    ordered = sorted(totals)
    return {
        "sets": len(sets),
        "papers_per_set": PAPERS_PER_SET,
        "median_ms": _ms(statistics.median(totals)),
        "p90_ms": _ms(ordered[max(0, int(round(0.9 * len(ordered))) - 1)]),
        "max_ms": _ms(ordered[-1]),
        "synthesise_median_ms": _ms(statistics.median(synth)),
        "chart_median_ms": _ms(statistics.median(charts)),
        "target_ms": TARGET_MS,
        "median_sections": statistics.median(sections),
        "stances": "keyword rule on conclusion sentences, for timing only",
    }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)
