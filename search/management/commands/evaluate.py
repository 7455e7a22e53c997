"""``manage.py evaluate <name> --data PATH [--json]``: quality figures on labelled data (names: ``available()``)."""
from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

import search.evaluation as evaluation_pkg
from search import embeddings


def available() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(evaluation_pkg.__path__) if not info.name.startswith("_"))


class Command(BaseCommand):
    help = "Evaluate a stage on labelled data and print its figures (n, accuracy, F1, recall, ...)."

    def add_arguments(self, parser):
        parser.add_argument("name", help="what to evaluate: " + ", ".join(available()))
        parser.add_argument("--data", required=True, help="the labelled file or folder")
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument("--limit", type=int, default=None, help="use only the first N examples")
        parser.add_argument("--folds", type=int, default=5, help="cross-validation folds, where the evaluation trains")
        parser.add_argument("--papers-out", default=None, metavar="FILE",
                            help="verdict only: also write each question's frame and judged studies to FILE "
                                 "(JSON Lines), which verdict_replay reads")
        parser.add_argument("--rule", action="append", default=None, metavar="NAME=VALUE",
                            help="verdict_replay only: override one of the verdict rule's constants (repeatable)")
        parser.add_argument("--rejudge", action="store_true",
                            help="verdict_replay only: read every dumped study again with the current code (frame, "
                                 "addresses, stance, agreement) before deciding, not only the verdict rule")
        embeddings.add_arguments(parser)  # --embedding-model / --embedding-backend (retrieval: BMRetriever)

    def handle(self, *args, **options):
        name = options["name"]
        if name not in available():
            raise CommandError(f"unknown evaluation {name!r}; choose one of: {', '.join(available())}")
        data = Path(options["data"])
        if not data.exists():
            raise CommandError(f"--data {data} does not exist")
        module = importlib.import_module(f"search.evaluation.{name}")
        try:
            with embeddings.configured(options):
                figures = module.run(data, options)
        except (ValueError, OSError) as exc:  # unreadable or unrecognised data: say which, no traceback
            raise CommandError(f"evaluate {name}: {exc}") from exc
        if options["json"]:
            self.stdout.write(json.dumps(figures, indent=2))
        else:
            for key, value in figures.items():
                self.stdout.write(f"{key}: {value}")
