"""Rerank (cold and warm) and best-sentence speed over fixed questions on the local corpus.

Candidates come from the real understand → retrieve (local, 50) stages, timed apart.
"Cold" means no cached vector for any candidate: each run writes under an embedding namespace
of its own (``bench-<random>``, see ``_namespace.py``) in the configured store, so other
people's cached vectors are neither used nor touched, and exactly those rows are deleted at the end.
The model is loaded before timing starts (loading is a once-per-process cost).
"""
from __future__ import annotations

import statistics
import time
import uuid
from typing import Any

from ._namespace import drop_namespaces

NAME = "ranking"
ORDER = 30

QUESTIONS = [
    "Are triptans effective for acute migraine attacks?",
    "Does sumatriptan relieve migraine headache within two hours?",
    "Do proton pump inhibitors heal erosive esophagitis?",
    "Is omeprazole better than ranitidine for reflux disease?",
    "Do ACE inhibitors reduce mortality in heart failure?",
    "Do beta blockers reduce mortality after myocardial infarction?",
    "Are calcium channel blockers safe in hypertension?",
    "Does hormone replacement therapy prevent cardiovascular disease in postmenopausal women?",
    "Does estrogen therapy increase the risk of breast cancer?",
    "Are NSAIDs associated with gastrointestinal bleeding?",
    "Is celecoxib safer for the stomach than ibuprofen?",
    "Do opioids relieve chronic non-cancer pain?",
    "Does methylphenidate improve attention in children with ADHD?",
    "Are atypical antipsychotics more effective than haloperidol in schizophrenia?",
    "Does olanzapine cause weight gain?",
    "Does metformin lower HbA1c in type 2 diabetes?",
    "Do sulfonylureas cause hypoglycemia?",
    "Does tolterodine reduce urge incontinence episodes?",
    "Are skeletal muscle relaxants effective for low back pain?",
    "Do antihistamines relieve allergic rhinitis symptoms?",
    "Does oxybutynin cause dry mouth?",
    "Are second-generation antihistamines less sedating?",
]


def _median_ms(samples: list[float]) -> float | None:
    return round(statistics.median(samples) * 1000, 1) if samples else None


def run(options: dict[str, Any]) -> dict[str, Any]:
    from django.test import override_settings

    from documents.embedding_store import get_store
    from documents.sources.base import Filters
    from search import embeddings
    from search.pipeline.locate import locate
    from search.pipeline.rerank import rerank
    from search.pipeline.retrieve import retrieve
    from search.pipeline.understand import understand

    wanted = max(20, int(options.get("questions") or 20))
    questions = (QUESTIONS * ((wanted // len(QUESTIONS)) + 1))[:wanted]
    store = get_store()
    tag = f"bench-{uuid.uuid4().hex[:8]}"
    embeddings.encode(["warm up the model"])

    candidates = []
    for q in questions:
        query = understand(q, Filters())
        candidates.append(retrieve(query, source="local", limit=50).records)

    cold: list[float] = []
    warm: list[float] = []
    locate_cold: list[float] = []
    locate_warm: list[float] = []
    sizes: list[int] = []
    namespaces: set[str] = set()
    try:
        for i, (q, records) in enumerate(zip(questions, candidates)):
            if not records:
                continue
            # Same question repeated (when more than len(QUESTIONS) are asked) must still be cold.
            namespace = f"{tag}-{i}" if i >= len(QUESTIONS) else tag
            namespaces.add(namespace)
            sizes.append(len(records))
            with override_settings(MEDSEBA_EMBEDDING_NAMESPACE=namespace):
                started = time.perf_counter()
                top = rerank(q, records, top_k=20, store=store)
                cold.append(time.perf_counter() - started)
                started = time.perf_counter()
                rerank(q, records, top_k=20, store=store)
                warm.append(time.perf_counter() - started)
                papers = [p.record for p in top]
                started = time.perf_counter()
                locate(q, papers, store=store)
                locate_cold.append(time.perf_counter() - started)
                started = time.perf_counter()
                locate(q, papers, store=store)
                locate_warm.append(time.perf_counter() - started)
    finally:
        drop_namespaces(namespaces)
    return {
        "questions": len(cold),
        "store": store.name,
        "model": embeddings.model_name(),
        "backend": embeddings.backend(),
        "median_candidates": statistics.median(sizes) if sizes else None,
        "rerank_cold_ms": _median_ms(cold),
        "rerank_warm_ms": _median_ms(warm),
        "best_sentence_cold_ms": _median_ms(locate_cold),
        "best_sentence_warm_ms": _median_ms(locate_warm),
        "rerank_cold_max_ms": round(max(cold) * 1000, 1) if cold else None,
    }
