"""Real demo-corpus records turned into ranked papers for the answer and chart tests.

Stances, citation counts and best sentences are set by each test (they are the stage
inputs under test); titles, abstracts, years and MeSH are real PubMed records.
"""
from __future__ import annotations

import gzip
import json
from functools import lru_cache

from documents.sources.base import Record
from search.pipeline.state import RankedPaper, Stance
from tests.conftest import DATA

CORPUS = DATA / "pubmed-demo-corpus" / "corpus.jsonl.gz"


@lru_cache(maxsize=8)
def corpus_records(topic: str, n: int) -> tuple[Record, ...]:
    """The first ``n`` records a Cohen systematic review on ``topic`` included, with title, MeSH and year."""
    found: list[Record] = []
    with gzip.open(CORPUS, "rt", encoding="utf-8") as lines:
        for line in lines:
            rec = json.loads(line)
            topics = {r["topic"] for r in rec.get("reviews") or [] if r.get("final_included") == 1}
            if topic in topics and rec.get("title") and rec.get("mesh") and rec.get("year"):
                found.append(
                    Record(pmid=rec["pmid"], title=rec["title"], abstract=rec["abstract"], year=rec["year"],
                           mesh=rec["mesh"])
                )
                if len(found) == n:
                    break
    assert len(found) == n, f"only {len(found)} records for {topic}"
    return tuple(found)


def stance(label: str, strength: float = 0.8) -> Stance:
    rest = round((1.0 - strength) / 2, 4)
    values = {"supports": rest, "refutes": rest, "neutral": rest}
    values[label] = strength
    return Stance(label=label, **values)


def ranked(records, labels: list[str | None] | None = None) -> list[RankedPaper]:
    papers = [RankedPaper(rank=i + 1, record=r, similarity=0.5) for i, r in enumerate(records)]
    for paper, label in zip(papers, labels or []):
        paper.stance = stance(label) if label else None
    return papers
