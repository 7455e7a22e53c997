"""``manage.py ask "QUESTION"``: run the whole pipeline in this process and print what it found."""
from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from documents.sources import Filters
from medseba.api.errors import InvalidInput
from search.pipeline.runner import run_pipeline
from search.pipeline.state import SearchState
from search.provenance import provenance
from search.validation import clean_publication_types, clean_question, clean_years


def _fmt(value, suffix: str = "") -> str:
    return "unavailable" if value is None else f"{value}{suffix}"


class Command(BaseCommand):
    help = "Ask a health question; prints the query, the studies, their stance and the answer."

    def add_arguments(self, parser):
        parser.add_argument("question")
        parser.add_argument("--source", choices=["pubmed", "local", "auto"], default=None)
        parser.add_argument("--from-year", type=int, default=None)
        parser.add_argument("--to-year", type=int, default=None)
        parser.add_argument("--pub-type", action="append", default=[], help="publication type filter (repeatable)")
        parser.add_argument("--limit", type=int, default=None, help="how many studies to keep (default 20)")
        parser.add_argument("--json", action="store_true", help="print the result document as JSON")

    def handle(self, *args, **options):
        try:
            question = clean_question(options["question"])
            from_year, to_year = clean_years(options["from_year"], options["to_year"])
            pub_types = clean_publication_types(options["pub_type"])
        except InvalidInput as exc:
            raise CommandError(exc.message) from exc
        if options["limit"] is not None and not 1 <= options["limit"] <= 50:
            raise CommandError("--limit must be between 1 and 50.")
        filters = Filters(from_year=from_year, to_year=to_year, publication_types=pub_types)
        progress = None if options["json"] else (lambda s: self.stderr.write(f"  [{s.progress:3d}%] {s.stage} done"))
        state = run_pipeline(question, filters, source=options["source"], top_k=options["limit"],
                             on_progress=progress)
        if options["json"]:
            document = state.to_document()
            document["provenance"] = provenance(document)  # as the API shows it
            self.stdout.write(json.dumps(document, indent=2, ensure_ascii=False))
        else:
            self._print(state)
        if state.status == "failed":
            sys.exit(1)

    def _print(self, state: SearchState) -> None:
        out = self.stdout.write
        q = state.query
        scope = state.scope
        if scope is not None and scope.kind != "in_scope":
            out(self.style.WARNING(f"Scope: {scope.kind}. {scope.message}"))
            for line in scope.emergency_numbers:
                out(f"  {line.region}: {line.number}")
            if scope.suggestion:
                out(f"  You could ask instead: {scope.suggestion}")
            for example in scope.examples:
                out(f"  Example: {example}")
            if not scope.searched:
                return
        if q:
            f = q.frame
            roles = ", ".join(f"{name}: {value}" for name, value in (
                ("intervention", f.intervention), ("comparator", f.comparator), ("outcome", f.outcome),
                ("population", f.population)) if value)
            out(f"How we read your question: {f.kind}" + (f" ({roles})" if roles else ""))
            if q.concepts:
                out("Concepts:")
                for c in q.concepts:
                    mesh = f" [MeSH {c.mesh_id}: {c.mesh_heading}]" if c.mesh_id else ""
                    syn = f" (synonyms: {', '.join(c.synonyms[:6])})" if c.synonyms else ""
                    out(f"  - {c.text}{mesh}{syn}")
            if q.message:
                out(f"Note: {q.message}")
            out(f"Query: {q.boolean}")
            for a in q.attempts:
                out(f"  attempt: {'about ' if a.hits_estimated else ''}{a.hits} hits  {a.note}: {a.boolean}")
        out(f"Source: {state.source or 'none'}")
        if state.status == "failed":
            out(self.style.ERROR(f"Search failed: {state.error}"))
            return
        if not state.papers:
            out(f"No studies found for {q.boolean if q else state.question!r}.")
        if state.answer:
            out("")
            verdict = state.answer.verdict
            if verdict is not None:
                out(self.style.SUCCESS(f"Verdict: {verdict.label} (certainty {verdict.confidence}, "
                                       f"{verdict.studies_counted} studies counted). {verdict.reason}"))
                if verdict.caution:
                    out(self.style.WARNING(verdict.caution))
            out(self.style.SUCCESS(state.answer.text))
            for s in state.answer.sections:
                out(f"  {s.heading}: {s.text}")
        out("")
        for p in state.papers:
            r = p.record
            out(f"{p.rank:2d}. PMID {r.pmid} ({r.year or 'n.d.'}) sim={p.similarity:.3f}  {r.title}")
            if p.addresses:
                out(f"    addresses the question: {p.addresses.label} ({p.addresses.reason})")
            if p.stance:
                st = p.stance
                label = f"{st.label}, uncertain" if st.uncertain else st.label
                out(f"    stance: {label} (supports {st.supports:.2f} / refutes {st.refutes:.2f} / neutral {st.neutral:.2f})")
            m = p.metrics
            out(f"    citations: {_fmt(m.citation_count)}  venue: {_fmt(m.venue or r.journal or None)}")
            if p.best_sentence:
                out(f"    best sentence ({p.best_sentence.score:.2f}): {p.best_sentence.text}")
        if state.failures:
            out("")
            out("Degraded parts:")
            for f in state.failures:
                out(f"  - {f.stage}/{f.source}: {f.error}")
        out(f"Timings (ms): {state.timings_ms}")
