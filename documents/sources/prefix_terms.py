"""Prefix terms (``inhibitor*``) matched as the OR of the corpus' own lexemes under the prefix (issue 19).

A prefix lexeme in a tsquery (``'inhibitor':*AB``) makes the GIN index do a partial match: it reads the postings
of every lexeme under the prefix into one bitmap before anything is ANDed with it. At 1M SYNTHETIC records
``inhibitor:*`` is in 320k records, 170-220 ms a scan, in `proton pump inhibitor*[tiab] AND reflux` as much as in a
query of the prefix alone. Written as the OR of the lexemes the corpus holds under the prefix
(``('inhibitor':AB | 'inhibitori':AB | ...)``) the same records match, and each lexeme is an exact lookup the
index can skip through to the rarer terms ANDed with it.

The lexemes come from ``documents_paper_lexeme`` (migration 0005): every lexeme of every ``search_vector``
written, added by a trigger in the same statement, so a record loaded later is found as before. A prefix with
more than ``MAX_LEXEMES`` lexemes, or none, is left a prefix. Only the WHERE clause is
rewritten: the rank query keeps its prefixes (``ts_rank`` of an OR of N lexemes is not that of one prefix), and so
does the planner's estimate taken from it.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Callable

from documents.boolean_query import CompiledQuery

# At most this many lexemes replace one prefix; more and it stays a prefix. Each lexeme costs: the index's
# consistency check and every hit's recheck walk the whole OR, and a phrase (`"proton pump inhibitor*"`) takes the
# positions of every branch. At 1M SYNTHETIC records, `proton pump inhibitor*[tiab] AND reflux` took 252 ms with
# its 29 lexemes, 316 ms with 100 more (lexemes no record holds), 617 with 500, 1,727 with 2,000; the prefix,
# 318 ms (`angioedema AND ACE inhibitor*`: 42, 51, 90, 253 ms; the prefix 132 ms). The demo corpus' broadest prefixes
# in the bench, `inhibitor*` and `opioid*`, have 29 and 26 lexemes (hyphenated forms count).
MAX_LEXEMES = 64

# A lexeme in tsquery text: quoted (a quote doubled, a backslash escaped), then ':' with '*' (a prefix) and weights,
# or none. Every lexeme is matched left to right, so a closing quote is never taken for an opening one.
_LEXEME = re.compile(r"'((?:[^'\\]|''|\\.)*)'(?::(\*?)([A-D]*))?")
_PLACEHOLDER = re.compile(r"%s(::tsquery)?")

Fetch = Callable[[str, list], list]


def _unquote(text: str) -> str:
    return re.sub(r"''|\\(.)", lambda m: m.group(1) or "'", text)


def _quote(word: str) -> str:
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def prefixes(tsquery: str) -> list[str]:
    """The prefix lexemes of a tsquery text, in order of first appearance."""
    return list(dict.fromkeys(_unquote(m.group(1)) for m in _LEXEME.finditer(tsquery) if m.group(2)))


def upper_bound(prefix: str) -> str | None:
    """The least string above every string that starts with ``prefix`` in code-point (UTF-8 byte, "C") order."""
    if not prefix:
        return None
    following = ord(prefix[-1]) + 1
    if following > 0x10FFFF or 0xD800 <= following <= 0xDFFF:
        return None
    return prefix[:-1] + chr(following)


def expand_tsquery(tsquery: str, lexemes: dict[str, list[str]]) -> str:
    """``tsquery`` with each prefix lexeme found in ``lexemes`` written as the OR of those lexemes (same weights).

    A prefix missing from ``lexemes`` stays as it is; one with an empty list matches nothing, as it did."""
    def replace(match: re.Match) -> str:
        words = lexemes.get(_unquote(match.group(1))) if match.group(2) else None
        if not words:  # not a prefix, not looked up, or no record holds a lexeme under it (matches none either way)
            return match.group(0)
        weights = f":{match.group(3)}" if match.group(3) else ""
        return "(" + " | ".join(_quote(w) + weights for w in words) + ")"

    return _LEXEME.sub(replace, tsquery)


def lexemes_under(prefix_list: list[str], fetch: Fetch, limit: int | None = None) -> dict[str, list[str]]:
    """The corpus' lexemes under each prefix, for those with at most ``limit`` (``MAX_LEXEMES``; the others are
    left out)."""
    limit = MAX_LEXEMES if limit is None else limit
    bounds = [(p, upper_bound(p)) for p in prefix_list]
    bounds = [(p, hi) for p, hi in bounds if hi is not None]
    if not bounds:
        return {}
    rows = fetch(
        "SELECT b.prefix, ARRAY(SELECT l.word FROM documents_paper_lexeme l WHERE l.word >= b.prefix "
        "AND l.word < b.below ORDER BY l.word LIMIT %s) FROM unnest(%s::text[], %s::text[]) AS b(prefix, below)",
        [limit + 1, [p for p, _ in bounds], [hi for _, hi in bounds]],
    )
    return {prefix: list(words) for prefix, words in rows if len(words) <= limit}


def expand(compiled: CompiledQuery, fetch: Fetch, limit: int | None = None) -> CompiledQuery:
    """``compiled`` with the prefixes of its WHERE clause's tsqueries expanded (``expand_tsquery``); the rank query
    unchanged. ``fetch(sql, params)`` runs a query on the corpus database."""
    placeholders = list(_PLACEHOLDER.finditer(compiled.where))
    if len(placeholders) != len(compiled.params):
        return compiled
    slots = [i for i, m in enumerate(placeholders) if m.group(1) and isinstance(compiled.params[i], str)]
    wanted = list(dict.fromkeys(p for i in slots for p in prefixes(compiled.params[i])))
    if not wanted:
        return compiled
    found = lexemes_under(wanted, fetch, limit)
    if not found:
        return compiled
    params = list(compiled.params)
    for i in slots:
        params[i] = expand_tsquery(params[i], found)
    return dataclasses.replace(compiled, params=params)


def rebuild_vocabulary() -> int:
    """Add every lexeme the corpus holds to ``documents_paper_lexeme``; returns how many were missing.

    Only for rows written with triggers disabled (``session_replication_role = replica``, a data-only restore of
    ``documents_paper`` with ``--disable-triggers``), which the trigger of migration 0005 never saw: a lexeme missing
    from the table would leave its records out of a prefix's hits. 20 s at 1M SYNTHETIC records."""
    from django.db import connection, transaction

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO documents_paper_lexeme (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) "
            "COLLATE \"C\" FROM documents_paper ON CONFLICT DO NOTHING"
        )
        return cursor.rowcount
