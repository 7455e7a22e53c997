"""Benchmark of the local literature source: corpus load time and Boolean search latency.

Load: a FRESH load of the demo corpus, measured inside a transaction that first deletes every
Paper and is then rolled back (the corpus is left exactly as it was; concurrent writers to the
Paper table wait meanwhile), followed by a timed RE-LOAD of the unchanged file into the real
table (the idempotent path the run script takes). Latency: 55 fixed Boolean queries on the
corpus's drug topics, each timed once after one untimed warm-up pass.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path

from django.conf import settings
from django.db import transaction

from ._stats import percentile

NAME = "sources"
ORDER = 10

QUERIES = [
    '("angiotensin-converting enzyme inhibitors"[tiab] OR ACE inhibitor*[tiab]) AND cough[tiab]',
    "enalapril[tiab] AND hypertension", "captopril OR enalapril OR lisinopril", "ramipril[tiab] AND heart failure",
    "(ACE inhibitor* OR angiotensin receptor blocker*) AND diabetic nephropathy", "angioedema AND ACE inhibitor*",
    "opioid*[tiab] AND chronic pain", "(morphine OR oxycodone) AND cancer pain", "tramadol[tiab] NOT cancer",
    "fentanyl AND transdermal", '"opioid analgesics"[tiab] AND constipation', "methadone OR buprenorphine",
    "triptan* AND migraine", "sumatriptan[tiab] AND placebo", "(rizatriptan OR zolmitriptan) AND headache",
    '"acute migraine"[tiab] AND eletriptan', "naratriptan OR almotriptan OR frovatriptan",
    "proton pump inhibitor*[tiab] AND reflux", "omeprazole[tiab] AND esomeprazole[tiab]",
    "(lansoprazole OR pantoprazole OR rabeprazole) AND ulcer", '"helicobacter pylori" AND omeprazole',
    "statin* AND cholesterol", "(simvastatin OR atorvastatin OR pravastatin) AND LDL",
    "beta blocker* AND myocardial infarction", "(metoprolol OR carvedilol OR bisoprolol) AND heart failure",
    "atenolol[tiab] AND hypertension AND 1995:2000[dp]", "calcium channel blocker* AND angina",
    "(amlodipine OR nifedipine OR diltiazem OR verapamil) AND blood pressure", "nifedipine[ti] NOT angina",
    "NSAID* AND gastrointestinal", "(celecoxib OR rofecoxib) AND osteoarthritis",
    "ibuprofen OR naproxen OR diclofenac",
    "cyclooxygenase-2 inhibitor* AND ulcer*", "methylphenidate AND ADHD",
    "(atomoxetine OR dextroamphetamine) AND children",
    '"attention deficit" AND stimulant*', "antihistamine* AND allergic rhinitis",
    "(loratadine OR cetirizine OR fexofenadine) AND sedation",
    "(olanzapine OR risperidone OR quetiapine) AND schizophrenia", "atypical antipsychotic* AND weight gain",
    "clozapine[tiab] NOT schizophrenia", "estrogen* AND menopause", "hormone replacement therapy AND breast cancer",
    "(estradiol OR conjugated estrogens) AND hot flushes", "metformin AND type 2 diabetes",
    "(glipizide OR glyburide OR glimepiride) AND hypoglycemia", "thiazolidinedione* OR rosiglitazone OR pioglitazone",
    "skeletal muscle relaxant* AND back pain", "(cyclobenzaprine OR tizanidine OR baclofen) AND spasticity",
    "urinary incontinence AND (oxybutynin OR tolterodine)", "overactive bladder AND randomized",
    "randomized controlled trial[pt] AND migraine", "review[pt] AND hypertension AND 2000:2004[dp]",
    '"quality of life"[tiab] AND (reflux OR heartburn)', "(cough OR angioedema) AND enalapril NOT losartan",
]


class _Rollback(Exception):
    pass


def _time_fresh_load(paths: list[Path]) -> tuple[float, str]:
    from documents.loading import load_corpus_files
    from documents.models import Paper

    elapsed, line = 0.0, ""
    try:
        with transaction.atomic():
            Paper.objects.all().delete()
            started = time.perf_counter()
            line = load_corpus_files(paths, progress=False).line()
            elapsed = time.perf_counter() - started
            raise _Rollback
    except _Rollback:
        pass
    return elapsed, line


def run(options: dict) -> dict:
    from documents.loading import load_corpus_files
    from documents.models import Paper
    from documents.sources.base import Filters
    from documents.sources.local import LocalCorpusSource

    paths = [Path(p) for p in settings.MEDSEBA_CORPUS_FILES]
    figures: dict = {"corpus_files": [str(p) for p in paths]}
    if paths and all(p.is_file() for p in paths):
        fresh_s, fresh_line = _time_fresh_load(paths)
        figures["fresh_load_ms (rolled back)"] = round(fresh_s * 1000)
        figures["fresh_load_summary"] = fresh_line
        started = time.perf_counter()
        reload_line = load_corpus_files(paths, progress=False).line()
        figures["reload_ms (unchanged file)"] = round((time.perf_counter() - started) * 1000)
        figures["reload_summary"] = reload_line
    else:
        figures["load"] = "unavailable: MEDSEBA_CORPUS_FILES names no readable file"

    figures["papers"] = Paper.objects.count()
    source = LocalCorpusSource()
    limit = settings.MEDSEBA_CANDIDATES
    for query in QUERIES:  # warm-up: connection, lexeme cache, PostgreSQL buffers
        source.search(query, Filters(), limit)
    timings, hit_counts = [], []
    for query in QUERIES:
        started = time.perf_counter()
        hits = source.search(query, Filters(), limit)
        timings.append((time.perf_counter() - started) * 1000)
        hit_counts.append(hits.count)
    figures["search_queries"] = len(QUERIES)
    figures["search_median_ms"] = round(statistics.median(timings), 1)
    figures["search_p95_ms"] = round(percentile(timings, 0.95), 1)
    figures["search_max_ms"] = round(max(timings), 1)
    figures["queries_without_hits"] = sum(1 for c in hit_counts if c == 0)
    figures["median_hits"] = statistics.median(hit_counts)
    return figures
