"""End-to-end service figures through the API with a real Celery worker (default DB, loaded corpus).

Times, per question, POST /api/searches/ until the first GET that shows papers and until
``done``: cold (result cache bypassed and no cached embedding), then cached (the same
questions again), and N=10 concurrent cold searches all completing. The benchmark starts its
OWN worker (prefork, 2 processes) on a private queue: on a shared machine a worker already
running may serve another database. Each timed pass gets a worker with an embedding namespace
of its own (``MEDSEBA_EMBEDDING_NAMESPACE``), so "cold" does not depend on what earlier runs
or ``embed_corpus`` cached; the namespaces are dropped at the end. Throttling is switched
off for the benchmark's own client only.

``--service-corpus`` chooses what "cold" means (:data:`CORPUS_CHOICES`):

* ``empty`` (default, the figures above): a private, empty embedding cache, so every search
  embeds its 50 abstracts (rerank) and ~250 sentences (locate) on the CPU;
* ``embedded``: "cold question, corpus pre-embedded", the deployment the design describes. The
  result cache is still bypassed, but the worker reads the default namespace, the one
  ``embed_corpus --sentences`` fills, so rerank and locate are cache reads and only the question
  is embedded. Before timing, the benchmark counts how many corpus papers have a document and a
  sentence vector under the keys the worker uses (:func:`corpus_coverage`), reports it, and labels
  the figures "PARTLY pre-embedded" when that is under 100 % (:func:`configuration_label`). It
  counts again afterwards: vectors the timed searches had to add are reported too. The default
  namespace is never dropped;
* ``both``: the two, one after the other in one run, each under its own key.

Both configurations run the same passes (:func:`_measure`) and report the load average at the start
and end of each, and throughput as searches per minute per core from the concurrent pass.

``--service-passes concurrent`` runs the concurrent pass alone (no cold or cached pass: a shorter run, for
paired before/after comparisons of one lever). The concurrent searches are asked signed in, like the cold ones,
so the database records each one's created -> finished time: beside its critical path (the stage time) that
splits a concurrent search's time into work in the stages and waiting (queue, hops between stages).
"""
from __future__ import annotations

import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import timezone

from ._namespace import drop_namespaces
from ._stats import percentile

NAME = "service"
ORDER = 90

QUESTIONS = [
    "Are triptans effective for the acute treatment of migraine?",
    "Does sumatriptan relieve migraine headache within two hours?",
    "Do proton pump inhibitors heal erosive esophagitis better than H2 blockers?",
    "Is omeprazole effective for gastroesophageal reflux disease?",
    "Do ACE inhibitors reduce mortality in heart failure?",
    "Do beta blockers reduce mortality after myocardial infarction?",
    "Are calcium channel blockers effective for hypertension?",
    "Does methylphenidate improve symptoms of ADHD in children?",
    "Are atypical antipsychotics better than haloperidol for schizophrenia?",
    "Do second generation antihistamines relieve allergic rhinitis?",
    "Does hormone replacement therapy prevent osteoporotic fractures?",
    "Are NSAIDs associated with gastrointestinal bleeding?",
    "Are opioids effective for chronic non-cancer pain?",
    "Does metformin improve glycemic control in type 2 diabetes?",
    "Do sulfonylureas cause hypoglycemia in elderly patients?",
    "Is tolterodine effective for overactive bladder?",
    "Do skeletal muscle relaxants help acute low back pain?",
    "Does celecoxib cause fewer ulcers than naproxen?",
    "Is risperidone effective for bipolar mania?",
    "Does estrogen therapy reduce hot flushes in menopause?",
    "Is oxybutynin effective for urinary incontinence?",
    "Do statins lower cardiovascular events in diabetes?",
]
# Only to load the models in both worker processes; no timed question shares their topics.
WARMUP_QUESTIONS = [
    "Does zinc shorten the common cold?",
    "Is acupuncture effective for knee osteoarthritis?",
    "Does vitamin D prevent falls in older adults?",
    "Do probiotics prevent antibiotic-associated diarrhoea?",
]
CONCURRENT = 10
# The benchmark worker's processes: MEDSEBA_WORKERS, as the run command (medseba/scripts/up) reads it.
WORKER_PROCESSES = int(os.environ.get("MEDSEBA_WORKERS") or 2)

EMPTY, EMBEDDED, BOTH = "empty", "embedded", "both"
CORPUS_CHOICES = (EMPTY, EMBEDDED, BOTH)
ALL_PASSES, CONCURRENT_ONLY = "all", "concurrent"
PASS_CHOICES = (ALL_PASSES, CONCURRENT_ONLY)
# Issue 19 section 2, on 2 cores (medians).
TARGETS_19 = {"cold_first_papers_ms": 500.0, "cold_done_ms": 1200.0, "concurrent_done_ms": 4000.0}
COVERAGE_CHUNK = 5000  # PMIDs per coverage query


def add_arguments(parser: Any) -> None:
    parser.add_argument(
        "--service-corpus", choices=CORPUS_CHOICES, default=EMPTY,
        help="service benchmark: 'empty' (default) times cold searches with an empty embedding cache; 'embedded' "
             "with the corpus pre-embedded by embed_corpus --sentences (coverage checked and reported); 'both'",
    )
    parser.add_argument(
        "--service-concurrent", type=int, default=CONCURRENT,
        help=f"service benchmark: how many cold searches the concurrent pass asks at once (default {CONCURRENT}, "
             f"at most {len(QUESTIONS)})",
    )
    parser.add_argument(
        "--service-passes", choices=PASS_CHOICES, default=ALL_PASSES,
        help="service benchmark: 'all' (default) times cold, cached and concurrent searches; 'concurrent' the "
             "concurrent pass alone",
    )


def concurrent_n(value: int | None) -> int:
    """``--service-concurrent``: 1 to len(QUESTIONS) searches at once, each a different timed question."""
    n = CONCURRENT if value is None else int(value)
    if not 1 <= n <= len(QUESTIONS):
        raise ValueError(f"--service-concurrent must be 1 to {len(QUESTIONS)}, not {n}")
    return n


def corpus_modes(choice: str | None) -> list[str]:
    """The configurations ``--service-corpus`` asks for, in the order they run."""
    choice = choice or EMPTY
    if choice not in CORPUS_CHOICES:
        raise ValueError(f"--service-corpus must be one of {', '.join(CORPUS_CHOICES)}, not {choice!r}")
    return [EMPTY, EMBEDDED] if choice == BOTH else [choice]


def coverage_summary(corpus: int, documents: int, sentences: int, both: int) -> dict[str, Any]:
    """Counts of corpus papers with cached vectors; ``percent`` is rounded DOWN, so it reads 100 only when complete."""
    percent = math.floor(10000 * both / corpus) / 100 if corpus else 0.0
    return {"corpus_papers": corpus, "with_document_vector": documents, "with_sentence_vectors": sentences,
            "with_both": both, "percent": percent, "complete": corpus > 0 and both == corpus}


def corpus_coverage(store=None, pmids: list[str] | None = None) -> dict[str, Any]:
    """How many corpus papers have a document vector and sentence vectors under the keys a search uses now.

    The keys are rerank's and locate's (model, recipe, ``MEDSEBA_LOCATE_EMBED`` and the current
    ``MEDSEBA_EMBEDDING_NAMESPACE``), so it measures exactly what a worker with these settings reads.
    """
    from documents.embedding_store import get_store
    from documents.models import Paper
    from search.pipeline.locate import sentence_model_key
    from search.pipeline.rerank import document_model_key

    store = store if store is not None else get_store()
    pmids = list(Paper.objects.order_by("pmid").values_list("pmid", flat=True)) if pmids is None else list(pmids)
    document_key, sentence_key = document_model_key(), sentence_model_key()
    documents: set[str] = set()
    sentences: set[str] = set()
    for start in range(0, len(pmids), COVERAGE_CHUNK):
        chunk = pmids[start : start + COVERAGE_CHUNK]
        documents |= store.cached_pmids(document_key, chunk)
        sentences |= store.cached_sentence_pmids(sentence_key, chunk)
    summary = coverage_summary(len(set(pmids)), len(documents), len(sentences), len(documents & sentences))
    return {**summary, "document_key": document_key, "sentence_key": sentence_key, "store": store.name}


def question_candidates(questions: list[str]) -> list[str]:
    """The PMIDs retrieve returns for ``questions`` with the worker's source: the papers rerank reads first.

    Locate reads the top of these (a second retrieval round may add a few more, not counted here).
    """
    from documents.sources import Filters
    from search.pipeline.retrieve import retrieve
    from search.pipeline.understand import understand

    pmids: set[str] = set()
    for question in dict.fromkeys(questions):
        query = understand(question, Filters())
        if query.boolean:
            source = os.environ.get("MEDSEBA_SOURCE", "local")  # the worker's (see _Worker)
            result = retrieve(query, source=source, limit=settings.MEDSEBA_CANDIDATES)
            pmids.update(r.pmid for r in result.records)
    return sorted(pmids)


def configuration_label(
    mode: str, coverage: dict[str, Any] | None = None, questions: dict[str, Any] | None = None,
    written: dict[str, int] | None = None,
) -> str:
    """What the figures of ``mode`` are; an embedded run under 100 % corpus coverage is never labelled fully embedded.

    ``questions`` is the coverage of the timed questions' candidates (:func:`question_candidates`): it only
    adds whether those searches still embedded anything; the label follows the corpus coverage.
    """
    if mode == EMPTY:
        return "cold question, empty embedding cache (every abstract and sentence embedded on the CPU)"
    if mode != EMBEDDED:
        raise ValueError(f"unknown configuration {mode!r}")
    if coverage and coverage.get("complete"):
        return "cold question, corpus pre-embedded"
    percent = coverage.get("percent", 0.0) if coverage else 0.0
    label = (f"cold question, corpus PARTLY pre-embedded ({percent} % of papers have document and sentence vectors): "
             "NOT the pre-embedded figure")
    if questions and questions.get("complete"):
        label += "; the timed questions' retrieved candidates were all cached beforehand"
    elif questions:
        n = questions.get("corpus_papers") or 0
        docs, sentences = (questions.get(k, 0) for k in ("with_document_vector", "with_sentence_vectors"))
        label += (f"; of the timed questions' {n} candidates {docs} had a document vector and {sentences} sentence "
                  "vectors beforehand (locate reads the top 20 of each)")
    if read_only_cached(written):
        return label + "; no vector the timed searches read was written during the run"
    if written is not None:
        return label + "; some vectors the timed searches read were written during the run (by them or another writer)"
    return label + ("" if questions else "; searches embedded what was missing")


def written_during(candidates: list[str], shown: list[str], since) -> dict[str, int] | None:
    """Vectors the timed searches may have had to embed: rows written since ``since`` (by any writer) for the
    questions' candidates (document vectors, what rerank reads) and the papers they showed (sentence vectors,
    what locate reads). Both 0: every vector those searches read was cached before they started. None where
    the store keeps no write time (only PostgreSQL's rows have one; Weaviate's document vectors do not).
    """
    from documents.embedding_store import get_store
    from documents.models import Embedding, SentenceEmbedding
    from search.pipeline.locate import sentence_model_key
    from search.pipeline.rerank import document_model_key

    if get_store().name != "postgres":
        return None
    documents = Embedding.objects.filter(model=document_model_key(), pmid__in=sorted(set(candidates)),
                                         created_at__gte=since).count()
    sentences = SentenceEmbedding.objects.filter(model=sentence_model_key(), pmid__in=sorted(set(shown)),
                                                 created_at__gte=since).count()
    return {"candidates_document_vectors": documents, "shown_papers_sentence_vectors": sentences,
            "candidates": len(set(candidates)), "shown_papers": len(set(shown))}


def read_only_cached(written: dict[str, int] | None) -> bool:
    """Whether :func:`written_during` shows the timed searches read only vectors cached before they started."""
    return bool(written) and not written["candidates_document_vectors"] and not written["shown_papers_sentence_vectors"]


def throughput_per_core(searches: int, wall_ms: float, cores: int) -> float:
    """Searches per minute per core: ``searches`` completed in ``wall_ms`` on ``cores`` (issue 19's capacity unit)."""
    if wall_ms <= 0 or cores <= 0:
        raise ValueError("wall time and cores must be positive")
    return round(searches / (wall_ms / 60000) / cores, 1)


def targets_19(figures: dict[str, Any]) -> dict[str, Any]:
    """Issue 19 section 2's three targets against one configuration's medians (None where nothing finished)."""
    def median(key: str) -> float | None:
        value = figures.get(key)
        return value.get("median_ms") if isinstance(value, dict) else None

    measured = {"cold_first_papers_ms": median("cold_first_papers"), "cold_done_ms": median("cold_done"),
                "concurrent_done_ms": median("concurrent_done")}
    met = {k: (v is not None and v <= TARGETS_19[k]) for k, v in measured.items()}
    return {"target_ms": dict(TARGETS_19), "median_ms": measured, "met": met, "all_met": all(met.values())}


def waiting_ms(server: list[float], critical: list[float]) -> list[float]:
    """Per search, created -> finished minus the critical-path stage time: queueing and the hops between stages."""
    if len(server) != len(critical):
        raise ValueError("one server time and one critical path per search")
    return [s - c for s, c in zip(server, critical)]


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _summary(values: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(values), 1), "p95_ms": round(percentile(values, 0.95), 1), "n": len(values)}


# With MEDSEBA_EMBED_QUEUE set (search/routing.py), the benchmark routes rerank and locate to a private queue of its
# own, taken by a second worker of MEDSEBA_EMBED_WORKERS processes (default 1: the encoder never runs twice at once
# on the shared cores), while the first worker takes every other stage: issue 19's "route embedding to its own queue".
EMBED_WORKER_PROCESSES = int(os.environ.get("MEDSEBA_EMBED_WORKERS") or 1)


def bench_embed_queue(queue: str) -> str:
    """The benchmark's private embedding queue beside ``queue``, or "" when the embedding stages share it."""
    from search.routing import embed_queue

    return f"{queue}-embed" if embed_queue() else ""


class _Worker:
    """The benchmark's worker on its private queue, and with an embedding queue its embedding worker."""

    def __init__(self, queue: str, namespace: str):
        self.log = Path(tempfile.mkstemp(prefix="medseba-bench-worker-", suffix=".log")[1])
        embed = bench_embed_queue(queue)
        env = {**os.environ, "MEDSEBA_CELERY_QUEUE": queue, "HF_HUB_OFFLINE": "1", "MEDSEBA_EMBEDDING_NAMESPACE": namespace,
               "MEDSEBA_EMBED_QUEUE": embed}
        env.setdefault("MEDSEBA_SOURCE", "local")
        queues = [(queue, WORKER_PROCESSES)] + ([(embed, EMBED_WORKER_PROCESSES)] if embed else [])
        with self.log.open("wb") as out:
            self.procs = [subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "medseba", "worker", "--pool=prefork", f"--concurrency={processes}",
                 "-l", "WARNING", "-Q", name, "-n", f"bench-{name}@%h", "--without-gossip", "--without-mingle"],
                cwd=settings.BASE_DIR, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            ) for name, processes in queues]

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


# How often a timed client polls. Every GET renders the result document on the same 2 cores
# the worker needs, so ten clients polling every 20 ms would mostly time the polling. The
# web front end polls every POLL_MS of frontend/src/features/results/api/get-search.ts.
POLL_SECONDS = 0.05
CONCURRENT_POLL_SECONDS = 0.25


def _one(
    client, question: str, filters: dict | None = None, timeout: float = 300.0, poll: float = POLL_SECONDS
) -> dict[str, Any]:
    started = time.perf_counter()
    response = client.post("/api/searches/", {"question": question, "filters": filters or {}}, format="json")
    if response.status_code != 202:
        raise RuntimeError(f"POST answered {response.status_code}: {response.content[:300]!r}")
    url, search_id = response.json()["url"], response.json().get("id")
    first_papers = None
    while time.perf_counter() - started < timeout:
        doc = client.get(url).json()
        now = (time.perf_counter() - started) * 1000
        if first_papers is None and doc.get("papers"):
            first_papers = now
        if doc.get("status") in ("done", "failed"):
            return {"status": doc["status"], "first_papers_ms": first_papers, "done_ms": now,
                    "cached": response.json()["cached"], "timings": doc.get("timings_ms") or {},
                    "pmids": [paper["pmid"] for paper in doc.get("papers") or [] if paper.get("pmid")], "id": search_id}
        time.sleep(poll)
    return {"status": "timeout", "first_papers_ms": first_papers, "done_ms": None, "cached": False, "timings": {},
            "pmids": [], "id": search_id}


def _warm_up() -> tuple[float, list[dict[str, Any]]]:
    """Load the models in both worker processes (not what is timed); returns seconds taken and results."""
    from rest_framework.test import APIClient

    t0 = time.perf_counter()
    with ThreadPoolExecutor(len(WARMUP_QUESTIONS)) as pool:
        warm = list(pool.map(lambda q: _one(APIClient(), q), WARMUP_QUESTIONS))
    return round(time.perf_counter() - t0, 1), warm


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def server_done_ms(results: list[dict[str, Any]]) -> list[float]:
    """Created to finished, as the database recorded it, for the signed-in searches of ``results`` (PostgreSQL store).

    Beside the client's ``done_ms`` it shows what polling and rendering the result add; beside the stage
    timings, what the hops between stages (queue, load, save) cost.
    """
    from search.models import Search

    ids = [r["id"] for r in results if r["status"] == "done" and r.get("id")]
    rows = Search.objects.filter(id__in=ids, finished_at__isnull=False).values_list("created_at", "finished_at")
    return [(finished - created).total_seconds() * 1000 for created, finished in rows]


def critical_path_ms(timings: dict[str, float]) -> float:
    """The stage time on a search's critical path: the branches (enrich, judge, locate) run side by side."""
    from search.pipeline.graph import BRANCHES

    branches = [timings[s] for s in BRANCHES if s in timings]
    return sum(v for s, v in timings.items() if s not in BRANCHES) + (max(branches) if branches else 0.0)


def _stage_medians(results: list[dict[str, Any]]) -> dict[str, float]:
    ok = [r for r in results if r["status"] == "done"]
    return {
        stage: round(statistics.median([r["timings"][stage] for r in ok if stage in r["timings"]]), 1)
        for stage in (ok[0]["timings"] if ok else {})
    }


def _concurrent_split(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The concurrent searches' server time, critical path and the waiting between (the same searches, in order)."""
    from search.models import Search

    ok = [r for r in results if r["status"] == "done" and r.get("id")]
    rows = {str(pk): (finished - created).total_seconds() * 1000 for pk, created, finished in
            Search.objects.filter(id__in=[r["id"] for r in ok], finished_at__isnull=False)
            .values_list("id", "created_at", "finished_at")}
    pairs = [(rows[str(r["id"])], critical_path_ms(r["timings"])) for r in ok if str(r["id"]) in rows]
    if not pairs:
        return {"concurrent_server_done": "not recorded"}
    server, critical = [p[0] for p in pairs], [p[1] for p in pairs]
    return {"concurrent_server_done": _summary(server), "concurrent_critical_path": _summary(critical),
            "concurrent_waiting": _summary(waiting_ms(server, critical))}


def _measure(
    mode: str, queue: str, client, questions: list[str], namespaces: list[str], workers: list[_Worker],
    passes: str = ALL_PASSES, asker: Any = None, at_once: int = CONCURRENT,
) -> dict[str, Any]:
    """One configuration's passes: cold, cached (the same questions again), then ``at_once`` cold searches at once.

    ``empty``: each of the two timed workers gets a private namespace (appended to ``namespaces``,
    dropped by the caller). ``embedded``: both use the default namespace, checked for coverage first.
    """
    from rest_framework.test import APIClient

    old_ttl = settings.MEDSEBA_RESULT_TTL
    load_start = _load()
    coverage = question_coverage = None
    if mode == EMBEDDED:
        default = settings.MEDSEBA_EMBEDDING_NAMESPACE  # what embed_corpus with these settings filled
        worker_namespaces = [default, default]
        coverage = corpus_coverage()
        candidates = question_candidates(questions)
        question_coverage = corpus_coverage(pmids=candidates)
        coverage["timed_questions_candidates"] = question_coverage
    else:
        worker_namespaces = [f"{queue}-{mode}-cold", f"{queue}-{mode}-concurrent"]
        namespaces.extend(worker_namespaces)
    def signed_in() -> Any:
        one = APIClient()
        if asker is not None:
            one.force_authenticate(user=asker)
        return one

    cold: list[dict[str, Any]] = []
    cached: list[dict[str, Any]] = []
    warmup_s, warm = 0.0, []
    since = timezone.now()  # vectors written from here on were not pre-embedded for the timed searches
    try:
        settings.MEDSEBA_RESULT_TTL = 0  # cold: never reuse a result
        if passes == ALL_PASSES:
            workers.append(_Worker(queue, worker_namespaces[0]))
            warmup_s, warm = _warm_up()
            since = timezone.now()
            cold = [_one(client, q) for q in questions]
            settings.MEDSEBA_RESULT_TTL = old_ttl
            cached = [_one(client, q) for q in questions]
            settings.MEDSEBA_RESULT_TTL = 0
            workers[-1].stop()
        workers.append(_Worker(queue, worker_namespaces[1]))  # empty: a fresh namespace, the concurrent searches start cold too
        if passes == CONCURRENT_ONLY:
            warmup_s, warm = _warm_up()
            since = timezone.now()
        else:
            _warm_up()
        t0 = time.perf_counter()
        with ThreadPoolExecutor(at_once) as pool:
            conc = list(pool.map(lambda q: _one(signed_in(), q, poll=CONCURRENT_POLL_SECONDS), QUESTIONS[:at_once]))
        conc_wall = (time.perf_counter() - t0) * 1000
        workers[-1].stop()
    finally:
        settings.MEDSEBA_RESULT_TTL = old_ttl
    ok = [r for r in cold if r["status"] == "done"]
    written = None
    if mode == EMBEDDED:
        shown = sorted({pmid for r in cold + conc for pmid in r["pmids"]})
        written = written_during(candidates, shown, since)
    figures: dict[str, Any] = {"configuration": configuration_label(mode, coverage, question_coverage, written),
                               "corpus": mode}
    if coverage is not None:
        figures["written_during_timed_passes"] = written if written is not None else "not checked (store keeps no time)"
        after = corpus_coverage()
        figures["coverage"] = coverage
        figures["coverage_after"] = {k: after[k] for k in ("with_document_vector", "with_sentence_vectors", "percent")}
        # By any writer: the timed searches, and a running embed_corpus or other searches on the same database.
        figures["corpus_vectors_added_during_run"] = {
            "documents": after["with_document_vector"] - coverage["with_document_vector"],
            "sentences": after["with_sentence_vectors"] - coverage["with_sentence_vectors"],
        }
    conc_ok = all(r["status"] == "done" for r in conc)
    figures.update({
        "passes": passes,
        "questions": len(questions) if passes == ALL_PASSES else 0,
        "worker": (f"own prefork worker, concurrency {WORKER_PROCESSES}, private queue"
                   + (f", rerank and locate on an embedding queue of their own (worker concurrency "
                      f"{EMBED_WORKER_PROCESSES})" if bench_embed_queue(queue) else "") + " and "
                   + ("empty embedding cache" if mode == EMPTY else "the default (pre-embedded) embedding cache")
                   + "; source " + os.environ.get("MEDSEBA_SOURCE", "local")),
        "load_average_start": load_start,
        "warmup_s": warmup_s,
        "warmup_statuses": sorted({r["status"] for r in warm}),
        "cold_statuses": {s: sum(r["status"] == s for r in cold) for s in {r["status"] for r in cold}},
        "cold_first_papers": (_summary(firsts) if (firsts := [r["first_papers_ms"] for r in cold
                                                             if r["first_papers_ms"] is not None]) else "not run"),
        "cold_done": _summary([r["done_ms"] for r in ok]) if ok else "no search finished",
        "cold_stage_median_ms": _stage_medians(cold),
        # Median over the signed-in cold searches: created -> finished in the database, and the stage time on the
        # critical path; done_ms - server is polling and rendering, server - critical path the hops between stages.
        "cold_server_done": _summary(server) if (server := server_done_ms(cold)) else "not recorded",
        "cold_critical_path": _summary([critical_path_ms(r["timings"]) for r in ok]) if ok else "no search finished",
        "cached_hits": sum(r["cached"] for r in cached),
        "cached_done": (_summary(dones) if (dones := [r["done_ms"] for r in cached if r["done_ms"] is not None])
                        else "not run"),
        "concurrent_n": at_once,
        "concurrent_all_done": conc_ok,
        "concurrent_statuses": [r["status"] for r in conc],
        "concurrent_wall_ms": round(conc_wall, 1),
        "concurrent_done": _summary([r["done_ms"] for r in conc if r["done_ms"] is not None]),
        "concurrent_stage_median_ms": _stage_medians(conc),
        **_concurrent_split(conc),
        "cores": cores(),
        "throughput_searches_per_min_per_core": (
            throughput_per_core(at_once, conc_wall, cores()) if conc_ok else None),
        "load_average_end": _load(),
        "targets": "first papers <= 2000 ms, done <= 4000 ms cold, cached <= 200 ms",
    })
    figures["issue_19_targets"] = targets_19(figures)
    return figures


def run(options: dict[str, Any]) -> dict[str, Any]:
    from rest_framework.test import APIClient

    from medseba.celery import app
    from search.api import views

    modes = corpus_modes(options.get("service_corpus"))
    at_once = concurrent_n(options.get("service_concurrent"))
    n = max(20, int(options.get("questions") or 20))
    questions = (QUESTIONS * (n // len(QUESTIONS) + 1))[:n]
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    old_queue = app.conf.task_default_queue
    old_throttles = (views.SearchCreateApi.throttle_classes, views.SearchDetailApi.throttle_classes)
    app.conf.task_default_queue = queue
    old_embed_queue = settings.MEDSEBA_EMBED_QUEUE
    settings.MEDSEBA_EMBED_QUEUE = bench_embed_queue(queue)  # what this process publishes, as the workers route
    views.SearchCreateApi.throttle_classes = views.SearchDetailApi.throttle_classes = []
    namespaces: list[str] = []  # the private ones only: the default (pre-embedded) namespace is never dropped
    workers: list[_Worker] = []
    client = APIClient()
    # The result cache is per signed-in owner (a signed-out search never reuses one), so the timed searches
    # are asked by a throwaway account; it and its searches are deleted at the end.
    from django.contrib.auth import get_user_model

    asker = get_user_model().objects.create_user(username=f"{queue}-asker")
    client.force_authenticate(user=asker)
    previous_term = signal.signal(signal.SIGTERM, _interrupt)  # so `finally` stops the worker on a timeout kill
    results: dict[str, Any] = {}
    try:
        for mode in modes:
            results[mode] = _measure(mode, queue, client, questions, namespaces, workers,
                                     passes=options.get("service_passes") or ALL_PASSES, asker=asker,
                                     at_once=at_once)
    finally:
        app.conf.task_default_queue = old_queue
        settings.MEDSEBA_EMBED_QUEUE = old_embed_queue
        views.SearchCreateApi.throttle_classes, views.SearchDetailApi.throttle_classes = old_throttles
        for worker in workers:
            worker.stop()
        signal.signal(signal.SIGTERM, previous_term)
        drop_namespaces(namespaces)
        asker.delete()
    if len(modes) == 1:
        return results[modes[0]]
    return {"configurations": modes, **results}
