"""``manage.py load_corpus [PATH ...] [--if-empty] [--workers N] [--defer-index]``: load PubMed records (Paper).

Without ``--workers`` the files are upserted in one process, one transaction per file, the GIN
index kept up to date row by row (right for the demo corpus and daily update files). With
``--workers N`` (and, for a fresh bulk load, ``--defer-index``) they are COPYed by N loader
processes, one transaction per batch, the index dropped and built once at the end: see
``documents.parallel_load``.
"""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from documents.loading import CorpusFileError, load_corpus_files, load_corpus_files_parallel
from documents.parallel_load import build_search_index, validate_workers
from documents.models import Paper


class Command(BaseCommand):
    help = (
        "Load JSON Lines (.jsonl[.gz], the demo corpus format) or PubMed XML (.xml[.gz]) into the local corpus. "
        "Idempotent: re-loading updates changed records and never duplicates."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", help="corpus files (default: MEDSEBA_CORPUS_FILES, the demo corpus)")
        parser.add_argument(
            "--if-empty", action="store_true", help="load only when the Paper table is empty (used by the run script)"
        )
        parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
        parser.add_argument(
            "--workers", default=None,
            help="COPY the records with N loader processes (one transaction per batch); about one per core",
        )
        parser.add_argument(
            "--defer-index", action="store_true",
            help="drop the full-text (GIN) index for the load and build it once afterwards (for a bulk load)",
        )

    def handle(self, *args, **options):
        # No path named: the configured corpus (the demo corpus by default), with or without --if-empty.
        paths = [Path(p) for p in options["paths"] or settings.MEDSEBA_CORPUS_FILES]
        workers = None
        if options["workers"] is not None:
            try:
                workers = validate_workers(options["workers"])
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
        if options["if_empty"]:
            existing = Paper.objects.count()
            if existing:
                self.stdout.write(f"corpus already loaded ({existing} papers); nothing to do")
                return
        if not paths:
            raise CommandError("name at least one corpus file (MEDSEBA_CORPUS_FILES names none)")
        try:
            if workers is not None or options["defer_index"]:
                summary = load_corpus_files_parallel(paths, workers=workers or 1, defer_index=options["defer_index"],
                                                     progress=not options["no_progress"])
            else:
                summary = load_corpus_files(paths, progress=not options["no_progress"])
        except CorpusFileError as exc:
            raise CommandError(str(exc)) from exc
        finally:
            index_s = build_search_index()  # also when a killed --defer-index run left it missing
        self.stdout.write(summary.line())
        if index_s or summary.index_seconds:
            self.stdout.write(f"full-text index built in {index_s or summary.index_seconds:.1f} s")
