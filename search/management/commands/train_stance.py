"""``manage.py train_stance [--data-dir DIR] [--out PATH]``: train and save the offline stance classifier."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Train the offline stance classifier on the shared dev sets (fixed seed) and save the artifact + metadata."

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", default=str(settings.MEDSEBA_DATA_DIR),
                            help="folder holding pubmedqa-labeled/, healthver/, evidence-inference-v2/")
        parser.add_argument("--out", default=str(settings.MEDSEBA_STANCE_MODEL_PATH), help="where to write the .joblib")

    def handle(self, *args, **options):
        from search.stance.model import metadata_path
        from search.stance.train import train

        data_dir = Path(options["data_dir"])
        for needed in ("pubmedqa-labeled/dev.jsonl", "healthver/dev.jsonl"):
            if not (data_dir / needed).exists():
                raise CommandError(f"{data_dir / needed} not found; pass --data-dir pointing at the shared data")
        out = Path(options["out"])
        meta = train(data_dir=data_dir, out=out)
        self.stdout.write(json.dumps(meta, indent=2, sort_keys=True))
        self.stdout.write(f"wrote {out} ({meta['bytes']} bytes) and {metadata_path(out)}")
