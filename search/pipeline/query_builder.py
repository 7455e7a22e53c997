"""Build the PubMed Boolean query for a list of concepts, and its progressively relaxed alternatives.

Only the syntax subset both PubMed and the local corpus execute is emitted: AND/OR in
parentheses (PubMed evaluates left to right, so every group is parenthesised), quoted
phrases, the tags [mh] [tiab] [pt] [dp], and truncation with at least four characters
before ``*``. User text never reaches the query unescaped: quotes, brackets, ``*`` and
other syntax characters are stripped from every term, and an empty term is dropped, so
no group is ever empty.
"""
from __future__ import annotations

import datetime as dt
import re
from itertools import combinations

from documents.sources.base import Filters

from .state import Concept

DEFAULT_PUBLICATION_TYPES = ("Journal Article", "Review")
MIN_TRUNCATION_STEM = 4
MAX_COMBINATION_GROUPS = 10  # "any k of n concepts" expands to C(n, k) AND-groups; keep the query sane
MIN_YEAR = 1800
_UNSAFE = re.compile(r"[\"\[\]()*#{}<>|\\^~`:;]")
_BOOLEAN_WORDS = frozenset({"and", "or", "not"})
# Words of a disease name that narrow nothing on their own ("coronary heart disease" -> coronary OR heart).
GENERIC_WORDS = frozenset({"disease", "diseases", "disorder", "disorders", "syndrome", "condition", "conditions",
                           "chronic", "acute", "type", "problem", "problems", "people", "patients"})
_SUFFIXES = ("ational", "ations", "ation", "ings", "ing", "ies", "ied", "es", "ed", "ly", "s", "e", "y")


def clean_term(text: str) -> str:
    """Lower-cased term with query-syntax characters removed and whitespace collapsed ("" if nothing is left)."""
    return " ".join(_UNSAFE.sub(" ", text or "").lower().split())


def term(text: str, tag: str) -> str:
    """One tagged term; quoted unless it is a single plain word, so PubMed never re-maps or splits it."""
    t = clean_term(text)
    if not t:
        return ""
    if " " in t or not re.fullmatch(r"[a-z0-9]+", t) or t in _BOOLEAN_WORDS:
        return f'"{t}"[{tag}]'
    return f"{t}[{tag}]"


def stem(word: str) -> str:
    """A crude prefix for truncation ("fractures" → "fractur"); the caller checks it is long enough."""
    w = clean_term(word)
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= MIN_TRUNCATION_STEM:
            return w[: -len(suffix)]
    return w


def truncated(word: str) -> str:
    """``stem*[tiab]`` when a suffix was stripped and ≥ 4 characters remain, else "" (no safe truncation)."""
    s = stem(word)
    if len(s) >= MIN_TRUNCATION_STEM and re.fullmatch(r"[a-z0-9]+", s) and s != clean_term(word):
        return f"{s}*[tiab]"
    return ""


def widened(word: str) -> list[str]:
    """The word itself and its truncation: a stemming index (the local corpus) may not match a raw prefix."""
    return [term(word, "tiab"), truncated(word)]


def or_group(parts: list[str]) -> str:
    parts = list(dict.fromkeys(p for p in parts if p))
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"


def and_group(parts: list[str]) -> str:
    parts = list(dict.fromkeys(p for p in parts if p))
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else "(" + " AND ".join(parts) + ")"


def _phrase_words(concept: Concept) -> list[tuple[str, str]]:
    """(word, lemma) pairs of a free-text phrase concept; the lemma is its second synonym when it differs."""
    words = clean_term(concept.text).split()
    lemma_source = next((s for s in concept.synonyms[1:] if len(clean_term(s).split()) == len(words)), "")
    lemmas = clean_term(lemma_source).split() if lemma_source else words
    return list(zip(words, lemmas))


def concept_group(concept: Concept, *, wide: bool = False) -> str:
    """The OR group for one concept: MeSH heading [mh] plus synonyms [tiab]; ``wide`` truncates single words.

    A free-text phrase (no vocabulary entry) needs all its words, not the exact phrase: a
    question's wording ("lace plant leaves") is rarely the abstract's.
    """
    if concept.kind == "phrase" and not concept.mesh_heading:
        parts = []
        for word, lemma in _phrase_words(concept):
            if wide:
                parts.append(or_group(widened(word) + widened(lemma)))
            else:
                parts.append(or_group([term(word, "tiab"), term(lemma, "tiab")]))
        return and_group(parts)
    pieces = [term(concept.mesh_heading, "mh")] if concept.mesh_heading else []
    synonyms = concept.synonyms or [concept.text]
    for synonym in synonyms:
        words = clean_term(synonym).split()
        if wide and len(words) == 1:
            pieces.extend(widened(synonym))
        else:
            pieces.append(term(synonym, "tiab"))
    return or_group(pieces)


def filter_parts(filters: Filters, *, default_types: bool = True) -> list[str]:
    """Publication types OR'ed (the default pair only when the user chose none), then the year range."""
    parts = []
    types = list(filters.publication_types) or (list(DEFAULT_PUBLICATION_TYPES) if default_types else [])
    parts.append(or_group([term(t, "pt") for t in types]))
    if filters.from_year or filters.to_year:
        start = filters.from_year or MIN_YEAR
        end = filters.to_year or dt.date.today().year + 1
        if start > end:
            start, end = end, start
        parts.append(f"{int(start)}:{int(end)}[dp]")
    return [p for p in parts if p]


def combine(groups: list[str], filters: list[str]) -> str:
    """Concept groups AND'ed, then the filters; "" when there is no concept group at all."""
    groups = [g for g in groups if g]
    if not groups:
        return ""
    return " AND ".join(groups + filters)


def specificity(concept: Concept) -> float:
    """How much a concept narrows the search: vocabulary concepts over free words, longer phrases over shorter."""
    base = {"drug": 3.0, "disease": 3.0, "term": 2.0}.get(concept.kind, 1.0)
    if concept.mesh_id:
        base += 0.5
    words = clean_term(concept.text).split()
    return base + 0.1 * min(len(words), 4) + 0.01 * min(len(concept.text), 20)


def _any_k_of(groups: list[str], k: int) -> str:
    return or_group([and_group(list(combo)) for combo in combinations(groups, k)])


def build_queries(
    concepts: list[Concept], filters: Filters, *, required: list[int] | None = None, asked: list[int] | None = None
) -> tuple[str, list[tuple[str, str]]]:
    """The strict query and the ordered relaxations ``[(boolean, note), ...]``, each broader than the last.

    Relaxation order: synonyms widened to truncated free text; the default publication-type
    filter dropped; one optional concept dropped (any n-1 of n, or the least specific of two);
    two dropped; the most specific concept alone; finally every concept OR'ed as free text.
    The user's own filters (years, chosen publication types) are kept throughout.

    ``required`` (indices into ``concepts``: the question's intervention, and a comparison's
    comparator) are never dropped: every relaxation ANDs all of them, and the last resort
    ORs only the optional concepts' words next to them. Answering "is sumatriptan safe in
    coronary disease?" from studies of other drugs is worse than finding nothing. Of the optional concepts, the
    ``asked`` ones (the outcome) are dropped last: "nifedipine ... for my blood pressure ... swollen gums" must keep
    the gums before the blood pressure it is taken for.
    """
    if not concepts:
        return "", []
    keep = sorted({i for i in (required or []) if 0 <= i < len(concepts)})
    user_types_only = not filters.publication_types
    strict_groups = [concept_group(c) for c in concepts]
    wide_groups = [concept_group(c, wide=True) for c in concepts]
    with_default = filter_parts(filters)
    user_filters = filter_parts(filters, default_types=False)
    strict = combine(strict_groups, with_default)

    widened_note = "synonyms widened to free text with truncation"
    steps: list[tuple[str, str]] = [(combine(wide_groups, with_default), widened_note)]
    if user_types_only:
        steps.append((combine(wide_groups, user_filters), "default publication-type filter dropped"))
    if keep:
        steps.extend(_relax_optional(concepts, wide_groups, keep, user_filters, asked or []))
    else:
        steps.extend(_relax_any(concepts, wide_groups, user_filters))

    relaxations: list[tuple[str, str]] = []
    seen = {strict}
    for boolean, note in steps:
        if boolean and boolean not in seen:
            seen.add(boolean)
            relaxations.append((boolean, note))
    return strict, relaxations


def _relax_any(concepts: list[Concept], wide_groups: list[str], user_filters: list[str]) -> list[tuple[str, str]]:
    """No concept is required: drop the least specific ones, then OR everything."""
    steps: list[tuple[str, str]] = []
    n = len(concepts)
    order = sorted(range(n), key=lambda i: specificity(concepts[i]), reverse=True)
    by_specificity = [wide_groups[i] for i in order]
    if n == 2:
        dropped = concepts[order[1]].text
        steps.append((combine([by_specificity[0]], user_filters), f"least specific concept dropped: {dropped}"))
    elif n >= 3:
        for k in (n - 1, n - 2):
            if k < 2:  # "any 1 of n" is the broad query below
                break
            if len(list(combinations(range(n), k))) <= MAX_COMBINATION_GROUPS:
                steps.append((combine([_any_k_of(by_specificity, k)], user_filters), f"any {k} of the {n} concepts"))
            else:
                dropped = ", ".join(concepts[i].text for i in order[k:])
                steps.append((combine(by_specificity[:k], user_filters), f"least specific concepts dropped: {dropped}"))
        if n - 2 > 1:
            note = f"most specific concept only: {concepts[order[0]].text}"
            steps.append((combine(by_specificity[:1], user_filters), note))
    broad = or_group([part for c in concepts for part in broad_parts(c)])
    steps.append((combine([broad], user_filters), "broad: any concept as free text"))
    return steps


def _relax_optional(
    concepts: list[Concept], wide_groups: list[str], keep: list[int], user_filters: list[str], asked: list[int]
) -> list[tuple[str, str]]:
    """The required concepts stay AND'ed in every step; only the optional ones are dropped, the asked ones last,
    least specific first."""
    steps: list[tuple[str, str]] = []
    kept = [wide_groups[i] for i in keep]
    optional = sorted((i for i in range(len(concepts)) if i not in keep),
                      key=lambda i: (i in asked, specificity(concepts[i])), reverse=True)
    for k in range(len(optional) - 1, 0, -1):
        dropped = ", ".join(concepts[i].text for i in optional[k:])
        groups = kept + [wide_groups[i] for i in optional[:k]]
        steps.append((combine(groups, user_filters), f"optional concepts dropped, {_names(concepts, keep)} kept: {dropped}"))
    if optional:
        anything = or_group([part for i in optional for part in broad_parts(concepts[i])])
        steps.append((combine(kept + [anything], user_filters),
                      f"{_names(concepts, keep)} with any other concept as free text"))
        words = or_group([t for i in optional for w in clean_term(concepts[i].text).split()
                          if w not in GENERIC_WORDS for t in widened(w)])
        steps.append((combine(kept + [words], user_filters),
                      f"{_names(concepts, keep)} with any word of the other concepts"))
        dropped = ", ".join(concepts[i].text for i in optional)
        steps.append((combine(kept, user_filters), f"optional concepts dropped, {_names(concepts, keep)} kept: {dropped}"))
    broad_kept = [or_group(broad_parts(concepts[i])) for i in keep]
    steps.append((combine(broad_kept, user_filters), f"broad: {_names(concepts, keep)} as free text"))
    return steps


def _names(concepts: list[Concept], idx: list[int]) -> str:
    return " and ".join(concepts[i].text for i in idx)


def broad_parts(concept: Concept) -> list[str]:
    """Alternatives for the last-resort query: every synonym, and every word of a free-text phrase."""
    if concept.kind == "phrase" and not concept.mesh_heading:
        return [t for word, lemma in _phrase_words(concept) for t in widened(word) + widened(lemma) if t]
    parts = [term(concept.mesh_heading, "mh")] if concept.mesh_heading else []
    for synonym in concept.synonyms or [concept.text]:
        parts.extend(widened(synonym) if len(clean_term(synonym).split()) == 1 else [term(synonym, "tiab")])
    return [p for p in parts if p]
