"""``manage.py train_sentence [--data-dir DIR] [--out PATH]``: train and save the best-sentence scorer."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = ("Train the best-sentence scorer on Evidence Inference + PubMedQA (the shared sets) and write "
            "search/sentence_model/scorer.json; the same data give the same bytes.")

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", default=str(settings.MEDSEBA_DATA_DIR),
                            help="folder holding evidence-inference-v2/ and pubmedqa-labeled/")
        parser.add_argument("--out", default=None, help="where to write the scorer (default: the shipped one)")

    def handle(self, *args, **options):
        from search.quote.model import DEFAULT_PATH, run_path
        from search.quote.train import default_sets, train

        data_dir = Path(options["data_dir"])
        for path in default_sets(data_dir).values():
            if not path.exists():
                raise CommandError(f"{path} not found; pass --data-dir pointing at the shared data")
        out = Path(options["out"]) if options["out"] else DEFAULT_PATH
        if out.exists() and out.is_dir():
            raise CommandError(f"--out {out} is a folder; give a file name such as {out / 'scorer.json'}")
        meta = train(data_dir=data_dir, out=out)
        self.stdout.write(json.dumps(meta, indent=2, sort_keys=True))
        self.stdout.write(f"wrote {out} ({meta['bytes']} bytes, version {meta['version']}) and {run_path(out)}")
