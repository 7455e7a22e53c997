"""``manage.py load_corpus [PATH ...] [--if-empty]``: load PubMed records into the local corpus (Paper)."""
from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from documents.loading import CorpusFileError, load_corpus_files
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

    def handle(self, *args, **options):
        # No path named: the configured corpus (the demo corpus by default), with or without --if-empty.
        paths = [Path(p) for p in options["paths"] or settings.MEDSEBA_CORPUS_FILES]
        if options["if_empty"]:
            existing = Paper.objects.count()
            if existing:
                self.stdout.write(f"corpus already loaded ({existing} papers); nothing to do")
                return
        if not paths:
            raise CommandError("name at least one corpus file (MEDSEBA_CORPUS_FILES names none)")
        try:
            summary = load_corpus_files(paths, progress=not options["no_progress"])
        except CorpusFileError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(summary.line())
