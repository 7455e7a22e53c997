"""``manage.py train_design [--labels DIR] [--out PATH] [--cross-set] [--json]``: train and save the design model."""
from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = ("Train the study-design model (search.design_model: a logistic regression over the design rules' answer, "
            "cues, MeSH and design words) on the labelled sets named in search.evaluation.design.LABEL_SETS and save "
            "the artifact + metadata; the same labels give the same bytes. --cross-set prints the leave-one-set-out "
            "table instead (nothing is written).")

    def add_arguments(self, parser):
        from search.design_model import DEFAULT_PATH

        parser.add_argument("--labels", default=str(Path(settings.BASE_DIR) / "search" / "evaluation" / "data"),
                            help="the folder holding the labelled sets (only those in LABEL_SETS are read)")
        parser.add_argument("--out", default=str(DEFAULT_PATH), help="where to write the .joblib")
        parser.add_argument("--cross-set", action="store_true",
                            help="leave each labelled set out in turn and print rules vs learned vs hybrid")
        parser.add_argument("--json", action="store_true", help="with --cross-set: print one JSON object")

    def handle(self, *args, **options):
        from search.design_model import metadata_path, train
        from search.evaluation.design import cross_set

        labels = Path(options["labels"])
        if not labels.is_dir():
            raise CommandError(f"--labels {labels} is not a folder of labelled sets")
        try:
            if options["cross_set"]:
                figures = cross_set(labels, {})
                self.stdout.write(json.dumps(figures, indent=2) if options["json"] else figures["table"])
                return
            out = Path(options["out"])
            meta = train(labels=labels, out=out)
        except ValueError as exc:
            raise CommandError(f"train_design: {exc}") from exc
        self.stdout.write(json.dumps(meta, indent=2, sort_keys=True))
        self.stdout.write(f"wrote {out} ({meta['bytes']} bytes) and {metadata_path(out)}")
