"""The glossary: plain meanings of the medical and research words an answer and its cards use.

A small curated file (``search/data/glossary.json``) rather than a model: every definition was
written for a lay reader and can be checked by eye. MeSH scope notes would be the natural
second source, but none ship with the offline dictionaries, so none are shown or invented.
Only terms that occur in the given texts are returned, each once, as first written there,
so the page can mark exactly those words (hover / tap).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from search.pipeline.state import GlossaryEntry

PATH = Path(__file__).resolve().parent / "data" / "glossary.json"


@dataclass(frozen=True)
class _Term:
    term: str
    definition: str
    pattern: re.Pattern[str]


def _form_pattern(form: str) -> str:
    body = re.escape(form).replace(r"\ ", r"[\s-]+").replace(r"\-", r"[\s-]?")
    # An abbreviation (RCT, CI, PPI) matches only as written, in capitals; words match in any case.
    return body if form.isupper() else f"(?i:{body})"


@lru_cache(maxsize=1)
def _terms() -> tuple[_Term, ...]:
    data = json.loads(PATH.read_text(encoding="utf-8"))
    terms = []
    for row in data["terms"]:
        forms = sorted({row["term"], *row.get("aliases", [])}, key=len, reverse=True)  # longest first
        alternatives = "|".join(_form_pattern(f) for f in forms)
        terms.append(_Term(row["term"], row["definition"], re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")))
    return tuple(terms)


def glossary_for(texts: Iterable[str]) -> list[GlossaryEntry]:
    """The glossary entries whose term (or an alias) occurs in ``texts``, in order of first appearance."""
    joined = "\n".join(t for t in texts if t)
    found: list[tuple[int, GlossaryEntry]] = []
    taken: list[tuple[int, int]] = []
    for term in sorted(_terms(), key=lambda t: len(t.term), reverse=True):  # "placebo effect" before "placebo"
        for match in term.pattern.finditer(joined):
            span = match.span()
            if any(span[0] < end and start < span[1] for start, end in taken):
                continue  # inside a longer term already explained
            taken.append(span)
            found.append((span[0], GlossaryEntry(term=match.group(0), definition=term.definition)))
            break
    return [entry for _, entry in sorted(found, key=lambda item: item[0])]
