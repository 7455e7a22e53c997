"""A SYNTHETIC corpus of any size for the scale benchmark, recombined from the demo corpus.

Why not just copy the demo records N/13k times: identical abstracts would give the full-text
index 77 copies of each posting list pattern and ``ts_rank_cd`` identical scores, which says
little about a real corpus. Each synthetic record instead takes a real record of the same
topic as its template (title, year, MeSH, authors, sentence count) and draws its abstract's
sentences at random from every abstract of that topic. Vocabulary, sentence and abstract
lengths and topic mix stay those of real PubMed text; the word co-occurrence across sentences
does not.

Every synthetic record is labelled: PMIDs start at ``SYNTHETIC_PMID_BASE`` (900,000,001; real
PMIDs are below 45 million, so they never collide), ``origin`` is ``ORIGIN`` and ``journal``
says it is synthetic. The sequence is a pure function of (demo records, seed): same inputs,
same corpus.

Storage order (``year_order``): a real PubMed baseline, loaded file by file in PMID order, stores its oldest
records first, since PMIDs were given out in time order. ``rows(..., order=corpus.year_order(n))`` yields the same
N records sorted by publication year (oldest first; within a year, by record number) and numbers their PMIDs in
that order, so the synthetic corpus is stored as a real baseline would be. Without it the years are mixed through
the table (record number order).
"""
from __future__ import annotations

import gzip
import json
import random
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from array import array
from typing import Iterable, Iterator, Sequence

SYNTHETIC_PMID_BASE = 900_000_000
ORIGIN = "synthetic-scale"
JOURNAL = "SYNTHETIC (MedSEBA scale benchmark)"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")


@dataclass(frozen=True)
class Template:
    """What a synthetic record keeps from one real record."""

    topic: str
    title: str
    year: int | None
    mesh: tuple[str, ...]
    authors: tuple[str, ...]
    sentences: int


def split_sentences(text: str) -> list[str]:
    """Sentences of an abstract (a plain split on end punctuation followed by a capital or digit)."""
    return [s.strip() for s in _SENTENCE_END.split(text.strip()) if s.strip()]


def topic_of(record: dict) -> str:
    """The demo record's topic: its first systematic review's drug class, else its source."""
    reviews = record.get("reviews") or []
    if reviews and reviews[0].get("topic"):
        return str(reviews[0]["topic"])
    return str(record.get("source") or "other")


class SyntheticCorpus:
    """Topic-wise sentence pools and templates; ``rows(n)`` yields n load-ready rows lazily."""

    def __init__(self, records: Iterable[dict], *, seed: int = 19) -> None:
        self.seed = seed
        self.templates: list[Template] = []
        self.pools: dict[str, list[str]] = defaultdict(list)
        for record in records:
            sentences = split_sentences(record.get("abstract") or "")
            if not sentences:
                continue
            topic = topic_of(record)
            self.pools[topic].extend(sentences)
            self.templates.append(Template(
                topic=topic, title=record.get("title") or "", year=record.get("year"),
                mesh=tuple(str(m) for m in record.get("mesh") or [] if str(m).strip()),
                authors=tuple(str(a) for a in record.get("authors") or [] if str(a).strip()),
                sentences=len(sentences),
            ))
        if not self.templates:
            raise ValueError("no record with an abstract to synthesise from")

    @classmethod
    def from_file(cls, path: Path, *, seed: int = 19) -> "SyntheticCorpus":
        """From a demo-format JSON Lines file (``.jsonl`` or ``.jsonl.gz``)."""
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as handle:
            return cls((json.loads(line) for line in handle if line.strip()), seed=seed)

    def rows(self, n: int, *, start: int = 0, order: Sequence[int] | None = None) -> Iterator[dict]:
        """Synthetic records ``start+1`` .. ``start+n`` in the loader's column layout (``documents.loading.COLUMNS``).

        Each record depends only on (seed, its number), so parallel loaders can each produce a
        slice and together write exactly the corpus one loader would. With ``order`` (``year_order``),
        position ``k`` holds record ``order[k - 1]`` under PMID ``SYNTHETIC_PMID_BASE + k``.
        """
        for k in range(start + 1, start + n + 1):
            yield self.record(order[k - 1] if order is not None else k, pmid_number=k)

    def _template(self, i: int) -> tuple[random.Random, Template]:
        rng = random.Random(self.seed * 1_000_000_007 + i)
        return rng, self.templates[rng.randrange(len(self.templates))]

    def year_order(self, n: int) -> Sequence[int]:
        """Record numbers 1..``n`` sorted by publication year, oldest first (no year first), ties by number.

        Only each record's template is drawn (not its abstract): about a second a million records, and an
        array of ``n`` integers held while loading (8 MB at 1M).
        """
        years = array("i", [0]) + array("i", ((self._template(i)[1].year or 0) for i in range(1, n + 1)))
        return array("l", sorted(range(1, n + 1), key=years.__getitem__))

    def record(self, i: int, *, pmid_number: int | None = None) -> dict:
        """Synthetic record number ``i`` (1-based): PMID ``SYNTHETIC_PMID_BASE + i`` (or ``+ pmid_number``)."""
        rng, template = self._template(i)
        pool = self.pools[template.topic]
        abstract = " ".join(pool[rng.randrange(len(pool))] for _ in range(template.sentences))
        return {
            "pmid": str(SYNTHETIC_PMID_BASE + (i if pmid_number is None else pmid_number)),
            "title": template.title,
            "abstract": abstract,
            "year": template.year,
            "journal": JOURNAL,
            "publication_types": [],
            "mesh": list(template.mesh),
            "doi": "",
            "pmcid": "",
            "retracted": False,
            "authors": list(template.authors),
            "origin": ORIGIN,
        }
