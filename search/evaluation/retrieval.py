"""Retrieval evaluation on PubMedQA-format data: does a question find its own paper?

For each record: understand(question) → retrieve(local source, 50 candidates) → rerank.
The single relevant document is the record's ``pmid`` (the PubMedQA dev abstracts are in the
demo corpus). Figures: recall@50 of retrieval (before rerank), recall@20 after rerank, MRR
of the reranked list (over all 50; 0 when the paper is missing) and of the retrieval order,
how many queries needed a relaxed query (the strict one gave fewer than 50 candidates) and
how many strict queries found nothing at all.

Read-only on the database: document vectors go to an in-process store (embedding each
candidate once per run), never into the shared Embedding table.
"""
from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Any

from documents.embedding_store import MemoryEmbeddingStore
from documents.sources.base import Filters
from search import embeddings

logger = logging.getLogger(__name__)
CANDIDATES = 50
TOP_K = 20


def _reciprocal_rank(pmids: list[str], wanted: str) -> float:
    return 1.0 / (pmids.index(wanted) + 1) if wanted in pmids else 0.0


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    from search.pipeline.rerank import document_recipe, rerank
    from search.pipeline.retrieve import retrieve
    from search.pipeline.errors import StageFailed
    from search.pipeline.understand import understand

    limit = options.get("limit")
    rows = [json.loads(line) for line in data_path.open(encoding="utf-8")]
    if limit:
        rows = rows[:limit]
    store = MemoryEmbeddingStore()
    found50 = found20 = relaxed = strict_empty = empty_query = failed = 0
    rounds = RoundsTally()
    rr_rerank: list[float] = []
    rr_retrieve: list[float] = []
    misses: list[dict[str, Any]] = []
    started = time.perf_counter()
    for done, row in enumerate(rows):
        if done and done % 25 == 0:
            logger.info("retrieval evaluation: %d/%d questions, recall@20 so far %.3f", done, len(rows), found20 / done)
        question, pmid = row["question"], str(row["pmid"])
        query = understand(question, Filters())
        if not query.boolean:
            empty_query += 1
        try:
            result = retrieve(query, source="local", limit=CANDIDATES)
        except StageFailed:
            failed += 1
            rr_rerank.append(0.0)
            rr_retrieve.append(0.0)
            continue
        if len(result.attempts) > 1:  # the strict query gave fewer than 50, a relaxed one was run
            relaxed += 1
        if result.attempts and result.attempts[0].hits == 0:
            strict_empty += 1
        query.attempts = result.attempts  # as the pipeline does (steps.py): the rounds skip queries already run
        retrieved = [r.pmid for r in result.records]
        ranked = rerank(question, result.records, top_k=CANDIDATES, store=store) if result.records else []
        reranked = [p.record.pmid for p in ranked]
        found50 += pmid in retrieved
        found20 += pmid in reranked[:TOP_K]
        rounds.add(question, query, ranked[:TOP_K], result.records, pmid, store)
        rr_rerank.append(_reciprocal_rank(reranked, pmid))
        rr_retrieve.append(_reciprocal_rank(retrieved, pmid))
        if pmid not in reranked[:TOP_K] and len(misses) < 10:
            misses.append({
                "pmid": pmid,
                "question": question,
                "boolean": result.attempts[-1].boolean if result.attempts else "",
                "retrieved": pmid in retrieved,
                "candidates": len(retrieved),
            })
    n = len(rows)
    return {
        "dataset": str(data_path),
        "n": n,
        "source": "local",
        "candidates": CANDIDATES,
        "top_k": TOP_K,
        "embedding_model": embeddings.model_name(),
        "embedding_backend": embeddings.backend(),
        "document_recipe": document_recipe(),
        "recall@50_retrieve": round(found50 / n, 4) if n else None,
        "recall@20_rerank": round(found20 / n, 4) if n else None,
        "mrr_rerank": round(sum(rr_rerank) / n, 4) if n else None,
        "mrr_retrieve_order": round(sum(rr_retrieve) / n, 4) if n else None,
        "needed_relaxation": relaxed,
        "strict_query_found_nothing": strict_empty,
        "empty_query": empty_query,
        "retrieve_failed": failed,
        "seconds": round(time.perf_counter() - started, 1),
        "first_misses": misses,
        **rounds.figures(n),
    }


class RoundsTally:
    """The second retrieval round (search/pipeline/second_round.py) on each question's top 20, when
    MEDSEBA_SECOND_ROUND is on: recall@20 after it, and the share of questions with ≥ 5 addressing studies."""

    def __init__(self) -> None:
        from django.conf import settings

        self.enabled = bool(settings.MEDSEBA_SECOND_ROUND)
        self.found20 = self.enough_before = self.enough_after = self.ran = 0
        self.extra_ms: list[float] = []

    def add(self, question, query, top, candidates, pmid, store) -> None:
        if not self.enabled or not top:
            self.found20 += pmid in [p.record.pmid for p in top]
            return
        from search.pipeline.second_round import MIN_ADDRESSING, run_rounds

        started = time.perf_counter()
        result = run_rounds(question, query, list(top), candidates, source="local", filters=Filters(), top_k=TOP_K,
                            limit=CANDIDATES, store=store)
        if result.attempts:
            self.ran += 1
            self.extra_ms.append((time.perf_counter() - started) * 1000)
        self.found20 += pmid in [p.record.pmid for p in result.papers]
        self.enough_before += result.addressing_before >= MIN_ADDRESSING
        self.enough_after += result.addressing_after >= MIN_ADDRESSING

    def figures(self, n: int) -> dict[str, Any]:
        if not self.enabled:
            return {"second_round": False}
        import statistics

        return {
            "second_round": True,
            "recall@20_after_second_round": round(self.found20 / n, 4) if n else None,
            "share_with_5_addressing_before": round(self.enough_before / n, 4) if n else None,
            "share_with_5_addressing_after": round(self.enough_after / n, 4) if n else None,
            "questions_with_extra_rounds": self.ran,
            "extra_round_median_ms": round(statistics.median(self.extra_ms), 1) if self.extra_ms else None,
        }
