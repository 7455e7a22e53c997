"""``manage.py bench [--only NAME ...] [--json]``: measure speed, print figures (never asserted in tests)."""
from __future__ import annotations

import importlib
import json
import pkgutil

from django.core.management.base import BaseCommand, CommandError

import search.benchmarks as benchmarks_pkg
from search import embeddings


def available() -> dict[str, object]:
    mods = {}
    for info in pkgutil.iter_modules(benchmarks_pkg.__path__):
        mod = importlib.import_module(f"search.benchmarks.{info.name}")
        if hasattr(mod, "run"):
            mods[getattr(mod, "NAME", info.name)] = mod
    return dict(sorted(mods.items(), key=lambda kv: getattr(kv[1], "ORDER", 100)))


class Command(BaseCommand):
    help = "Benchmark MedSEBA's stages and the service; prints medians in ms (JSON with --json)."

    def add_arguments(self, parser):
        parser.add_argument("--only", nargs="*", default=None, help="benchmark names to run (default: all)")
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument("--questions", type=int, default=20, help="how many fixed questions to time (>= 20)")
        embeddings.add_arguments(parser)  # --embedding-model / --embedding-backend (ranking: BMRetriever)
        for mod in available().values():  # a benchmark's own options (e.g. scale's --scale-sizes)
            if hasattr(mod, "add_arguments"):
                mod.add_arguments(parser)

    def handle(self, *args, **options):
        mods = available()
        names = options["only"] or list(mods)
        unknown = [n for n in names if n not in mods]
        if unknown:
            raise CommandError(f"unknown benchmark(s) {', '.join(unknown)}; available: {', '.join(mods)}")
        results = {}
        for name in names:
            if not options["json"]:
                self.stderr.write(f"running {name} ...")
            with embeddings.configured(options):
                results[name] = mods[name].run(options)
        if options["json"]:
            self.stdout.write(json.dumps(results, indent=2))
        else:
            for name, figures in results.items():
                self.stdout.write(f"{name}:")
                for key, value in figures.items():
                    self.stdout.write(f"  {key}: {value}")
