"""``manage.py embed_corpus [--sentences] [--limit N]``: fill the embedding cache for the whole local corpus.

A search embeds only what is not cached yet (50 candidates for rerank, 20 abstracts' sentences
for the best sentence), which on 2 CPU cores costs seconds per search. Embedding the corpus once,
ahead of time, is what a vector database does in production: afterwards rerank and best-sentence
are cache reads. The run command starts this at low priority in the background; it resumes
where it stopped, because cached papers are skipped.
"""
from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from documents.models import Paper
from documents.sources.base import Record
from search.pipeline.locate import sentence_vectors
from search.pipeline.rerank import document_vectors

BATCH = 128


def _records(papers) -> list[Record]:
    return [Record(pmid=p.pmid, title=p.title, abstract=p.abstract, year=p.year, mesh=list(p.mesh)) for p in papers]


class Command(BaseCommand):
    help = "Embed every corpus paper (and, with --sentences, every abstract sentence) into the embedding cache."

    def add_arguments(self, parser):
        parser.add_argument("--sentences", action="store_true", help="also embed abstract sentences (best sentence)")
        parser.add_argument("--limit", type=int, default=None, help="only the first N papers by PMID")
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **options):
        if options["limit"] is not None and options["limit"] < 1:
            raise CommandError("--limit must be a positive number.")
        pmids = list(Paper.objects.order_by("pmid").values_list("pmid", flat=True)[: options["limit"]])
        if not pmids:
            self.stdout.write("The local corpus is empty; load it first with manage.py load_corpus.")
            return
        started = time.perf_counter()
        bar = tqdm(total=len(pmids), unit="paper", disable=options["no_progress"])
        for start in range(0, len(pmids), BATCH):
            records = _records(Paper.objects.filter(pmid__in=pmids[start : start + BATCH]).order_by("pmid"))
            document_vectors(records)
            if options["sentences"]:
                sentence_vectors(records)
            bar.update(len(records))
        bar.close()
        what = "papers and their sentences" if options["sentences"] else "papers"
        self.stdout.write(f"Embedding cache holds all {len(pmids)} {what} ({time.perf_counter() - started:.1f} s).")
