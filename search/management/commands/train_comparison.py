"""``manage.py train_comparison [--data-dir DIR] [--out PATH] [--limit N]``: train and save the comparison model."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = ("Train the head-to-head comparison model (difference found? I higher or lower?) on Evidence Inference 2.0 "
            "(fixed seed) and save the artifact + metadata; the same data give the same bytes.")

    def add_arguments(self, parser):
        from search.stance.comparison import DEFAULT_PATH

        parser.add_argument("--data-dir", default=str(Path(settings.MEDSEBA_DATA_DIR) / "evidence-inference-v2"),
                            help="folder holding Evidence Inference's prompts.jsonl and abstracts.jsonl")
        parser.add_argument("--out", default=str(DEFAULT_PATH), help="where to write the .joblib")
        parser.add_argument("--limit", type=int, default=None, help="use only the first N labelled prompts")

    def handle(self, *args, **options):
        from search.stance.comparison_train import ABSTRACTS_FILE, PROMPTS_FILE, train
        from search.stance.model import metadata_path

        data_dir = Path(options["data_dir"])
        for needed in (PROMPTS_FILE, ABSTRACTS_FILE):
            if not (data_dir / needed).is_file():
                raise CommandError(f"{data_dir / needed} not found; pass --data-dir pointing at evidence-inference-v2")
        if options["limit"] is not None and options["limit"] < 1:
            raise CommandError("--limit must be at least 1")
        out = Path(options["out"])
        try:
            meta = train(data_dir=data_dir, out=out, limit=options["limit"])
        except ValueError as exc:
            raise CommandError(f"train_comparison: {exc}") from exc
        self.stdout.write(json.dumps(meta, indent=2, sort_keys=True))
        self.stdout.write(f"wrote {out} ({meta['bytes']} bytes) and {metadata_path(out)}")
