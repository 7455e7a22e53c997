"""A second retrieval round when too few of the reranked studies address the question.

Why: retrieval stops relaxing once it has 50 candidates, but 50 hits of a strict query can hold
only a handful of studies that look at what was asked (the rest name the drug in passing). After
rerank, when fewer than ``MIN_ADDRESSING`` of the top studies would count for the verdict
(``addresses`` read by the verdict's own weight rule), another query is run: the relaxations
retrieve never reached, then reformulations built here — MeSH synonyms and entry terms as free
text, the disease's broader MeSH heading, the population dropped, the outcome loosened. Every
one keeps the intervention (and a comparison's comparator) AND'ed, like every relaxation.

Merging never pushes out a study that addresses the question: waiting studies that address it
replace the lowest-ranked top studies that do not, and the list is ranked again by similarity,
so a question that already had enough is untouched and retrieval recall cannot fall by more than
the replaced non-addressing tail. The waiting studies are the new query's hits and the earlier
candidates rerank left below the top (retrieve fetches 50, the top keeps 20): a round that only
looked at its own new hits missed the addressing studies already retrieved, and a broader query
capped at 50 hits mostly returned the studies already seen, so each query now asks for 50 beyond
those. At most ``MAX_ROUNDS`` rounds in all (the first is retrieve's);
each extra round's query, hits and studies added are appended to ``query.attempts``.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from functools import lru_cache

from documents.embedding_store import EmbeddingStore
from documents.sources import Filters, Record, SourceError, get_source

from .addresses import addresses
from .query_builder import broad_parts, clean_term, combine, concept_group, filter_parts, or_group, term
from .rerank import rerank
from .state import Concept, Failure, QueryAttempt, RankedPaper, UnderstoodQuery
from .verdict import weight

MIN_ADDRESSING = 5
MAX_ROUNDS = 3  # retrieve's round included
FETCH_CAP = 4  # a round's query fetches at most this many times ``limit`` (the already-seen ones are skipped)


@dataclass
class RoundsResult:
    papers: list[RankedPaper]
    attempts: list[QueryAttempt] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    addressing_before: int = 0
    addressing_after: int = 0


def addressing(query: UnderstoodQuery, papers: list[RankedPaper]) -> int:
    """How many of ``papers`` would count for the verdict (addresses yes, or partly where the rule allows)."""
    count = 0
    for paper in papers:
        if paper.addresses is None:
            paper.addresses = addresses(query, paper.record)
        count += weight(paper, query.frame) > 0
    return count


def reformulations(query: UnderstoodQuery, filters: Filters) -> list[tuple[str, str]]:
    """Queries for the extra rounds, in order; none drops the intervention or a comparison's comparator."""
    concepts = query.concepts
    if not concepts:
        return []
    user_filters = filter_parts(filters, default_types=False)
    roles = {role: set(query.roles.get(role, [])) for role in ("intervention", "comparator", "outcome", "population")}
    wide = [concept_group(c, wide=True) for c in concepts]
    steps: list[tuple[str, str]] = list(query.relaxations)
    steps.append((combine(wide, user_filters), "MeSH synonyms and entry terms as free text"))
    broader = [_with_broader(c, wide[i]) if i not in roles["intervention"] | roles["comparator"] else wide[i]
               for i, c in enumerate(concepts)]
    if broader != wide:
        steps.append((combine(broader, user_filters), "the broader MeSH heading of the condition"))
    if roles["population"]:
        kept = [wide[i] for i in range(len(concepts)) if i not in roles["population"]]
        names = ", ".join(concepts[i].text for i in sorted(roles["population"]))
        steps.append((combine(kept, user_filters), f"population dropped: {names}"))
    if roles["outcome"]:
        loose = or_group([p for i in sorted(roles["outcome"]) for p in broad_parts(concepts[i])])
        groups = [wide[i] for i in range(len(concepts)) if i not in roles["outcome"] | roles["population"]]
        names = ", ".join(concepts[i].text for i in sorted(roles["outcome"]))
        steps.append((combine(groups + [loose], user_filters), f"outcome loosened to any of its words: {names}"))
    tried = {a.boolean for a in query.attempts}
    required = [wide[i] for i in sorted(roles["intervention"] | roles["comparator"])]
    out: list[tuple[str, str]] = []
    for boolean, note in steps:
        if boolean and boolean not in tried and all(group in boolean for group in required):
            tried.add(boolean)
            out.append((boolean, note))
    return out


def run_rounds(
    question: str,
    query: UnderstoodQuery,
    papers: list[RankedPaper],
    candidates: list[Record],
    *,
    source: str,
    filters: Filters,
    top_k: int,
    limit: int,
    store: EmbeddingStore | None = None,
) -> RoundsResult:
    """Extra retrieval rounds until ``MIN_ADDRESSING`` top studies address the question, or MAX_ROUNDS rounds.

    Each round's merge pool is every study retrieved so far that is not in the top list: the new
    query's hits *and* the earlier candidates that rerank left below ``top_k`` (retrieve fetches
    ``limit`` = 50 but only the top 20 are kept, and the tail often holds studies that address it).
    Each query asks for ``limit`` studies beyond those already seen, so a broader query that ranks
    the known studies first still brings new ones.
    """
    before = addressing(query, papers)
    result = RoundsResult(papers=papers, addressing_before=before, addressing_after=before)
    if before >= MIN_ADDRESSING or not source:
        return result
    pool: dict[str, Record] = {r.pmid: r for r in candidates}
    pool.update((p.record.pmid, p.record) for p in papers)
    plan = reformulations(query, filters)
    if not plan and query.attempts:  # every reformulation was already run by retrieve: re-check its candidates
        last = query.attempts[-1]
        plan_free = [r for r in pool.values() if r.pmid not in {p.record.pmid for p in papers}]
        result.papers, added = _merge(question, query, papers, plan_free, top_k=top_k, store=store)
        result.attempts.append(replace(
            last, note=f"round 2: no reformulation left to run; {added} studies added from earlier candidates"))
        result.addressing_after = addressing(query, result.papers)
        return result
    for number, (boolean, note) in enumerate(plan[: MAX_ROUNDS - 1], start=2):
        try:
            hits = get_source(source).search(boolean, Filters(), min(limit + len(pool), FETCH_CAP * limit))
        except SourceError as exc:
            result.failures.append(Failure("rerank", source, f"extra retrieval round {number}: {exc.message}"))
            break
        fresh = [r for r in hits.records if r.pmid not in pool][:limit]
        pool.update((r.pmid, r) for r in fresh)
        in_top = {p.record.pmid for p in result.papers}
        waiting = [r for r in pool.values() if r.pmid not in in_top]
        result.papers, added = _merge(question, query, result.papers, waiting, top_k=top_k, store=store)
        new_added = len({p.record.pmid for p in result.papers} & {r.pmid for r in fresh})
        result.attempts.append(QueryAttempt.of(
            boolean, hits,
            f"round {number}: {note}; {len(fresh)} new hits, {added} studies added "
            f"({new_added} from this query, {added - new_added} from earlier candidates)"))
        result.addressing_after = addressing(query, result.papers)
        if result.addressing_after >= MIN_ADDRESSING:
            break
    return result


def _merge(
    question: str, query: UnderstoodQuery, papers: list[RankedPaper], waiting: list[Record], *, top_k: int,
    store: EmbeddingStore | None,
) -> tuple[list[RankedPaper], int]:
    """Waiting studies that address the question replace the lowest-ranked top studies that do not; ranked again.

    Only the addressing ones are reranked (the rest could never enter), best first, so the top list
    prefers studies that address the question and keeps every one it already had.
    """
    fitting = [r for r in waiting if _addresses(query, r)]
    if not fitting:
        return papers, 0
    newcomers = rerank(question, fitting, top_k=len(fitting), store=store)
    for paper in newcomers:  # rerank gives fresh RankedPapers: carry the reading already made
        paper.addresses = addresses(query, paper.record)
    keep = [p for p in papers if weight(p, query.frame) > 0]
    others = [p for p in papers if weight(p, query.frame) <= 0]  # in rank order: the tail is dropped first
    room = max(0, top_k - len(keep) - len(others))
    take = newcomers[: room + len(others)]
    drop = max(0, len(take) - room)
    merged = keep + others[: len(others) - drop] + take
    merged.sort(key=lambda p: -p.similarity)
    for rank, paper in enumerate(merged[:top_k], start=1):
        paper.rank = rank
    return merged[:top_k], len(take)


def _addresses(query: UnderstoodQuery, record: Record) -> bool:
    return addressing(query, [RankedPaper(rank=0, record=record, similarity=0.0)]) > 0


def _with_broader(concept: Concept, group: str) -> str:
    """The concept's group OR its broader MeSH heading(s), where the dictionaries know one."""
    parents = broader_headings(concept)
    if not parents:
        return group
    return or_group([group, *(term(p, "mh") for p in parents), *(term(p, "tiab") for p in parents)])


def broader_headings(concept: Concept) -> list[str]:
    """The MeSH headings one level above the concept's own (from its tree numbers in the offline dictionaries)."""
    if not concept.mesh_heading or concept.kind not in ("drug", "disease"):
        return []
    from .concepts import _lookup_disease, _lookup_drug

    entry = (_lookup_disease if concept.kind == "disease" else _lookup_drug)(concept.text.lower())
    names = []
    for number in _trees(entry.get("mesh_tree") if entry else None):
        parent = _tree_names().get(number.rsplit(".", 1)[0]) if "." in number else None
        if parent and clean_term(parent) != clean_term(concept.mesh_heading) and parent not in names:
            names.append(parent)
    return names


def _trees(value: object) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    if isinstance(value, str) and value.startswith("["):
        try:
            parsed = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            return []
        return [str(v) for v in parsed] if isinstance(parsed, (list, tuple)) else []
    return []


@lru_cache(maxsize=1)
def _tree_names() -> dict[str, str]:
    """MeSH tree number → heading, over both offline dictionaries (~36,000 numbers, built once in ~40 ms)."""
    from .concepts import _dictionaries

    names: dict[str, str] = {}
    for dictionary in _dictionaries():
        for canonical, data in dictionary.canonical_to_data.items():
            for number in _trees(data.get("mesh_tree")):
                names.setdefault(number, data.get("name") or canonical)
    return names
