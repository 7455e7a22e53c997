"""One ``step_<stage>(state)`` per pipeline stage: the glue between SearchState and the pure stage functions.

Each stage module exposes a pure function with typed inputs and outputs; these steps
read what they need from the state, call it, and write the output back. Stage modules
are imported inside the steps so that loading a model happens only when the stage runs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

from .state import RankedPaper, SearchState, UnderstoodQuery, add_usage

if TYPE_CHECKING:
    from .judge import JudgeResult


def step_understand(state: SearchState) -> None:
    from search.scope import classify_scope

    from .understand import understand

    state.scope = classify_scope(state.question)
    state.query = understand(state.question, state.filters)


def step_retrieve(state: SearchState) -> None:
    from search.provenance import record_provenance

    from .retrieve import retrieve

    assert state.query is not None
    result = retrieve(state.query, source=state.params.resolved_source(), limit=state.params.resolved_candidates())
    state.candidates = result.records
    state.source = result.source
    record_provenance(state)  # corpus version or PubMed query date, code and model versions
    state.query.attempts = result.attempts
    if result.attempts:
        state.query.boolean = result.attempts[-1].boolean
    state.failures.extend(result.failures)


def step_rerank(state: SearchState) -> None:
    from search import embeddings

    from .rerank import rerank

    state.models.update(embeddings.description())  # model; BMRetriever: backend, instruction and its version
    state.papers = rerank(state.question, state.candidates, top_k=state.params.resolved_top_k())
    if settings.MEDSEBA_SECOND_ROUND and state.query is not None and state.papers:
        from .second_round import run_rounds

        rounds = run_rounds(state.question, state.query, state.papers, state.candidates, source=state.source,
                            filters=state.filters, top_k=state.params.resolved_top_k(),
                            limit=state.params.resolved_candidates())
        state.papers = rounds.papers
        state.query.attempts.extend(rounds.attempts)
        state.failures.extend(rounds.failures)


def step_enrich(state: SearchState) -> None:
    from .trials_step import TrialsLookup

    # Trial cards are fetched beside the metrics (a thread of their own) and fail alone.
    with TrialsLookup(state) as trials:
        _enrich_metrics(state)
    trials.record(state)


def _enrich_metrics(state: SearchState) -> None:
    if not state.papers:
        return
    if not settings.MEDSEBA_ENRICH:
        state.fail_part("enrich", "all", "enrichment is switched off (MEDSEBA_ENRICH=false); metrics unavailable")
        return
    from .enrich import enrich

    metrics, failures = enrich([p.record for p in state.papers])
    for paper in state.papers:
        if paper.record.pmid in metrics:
            paper.metrics = metrics[paper.record.pmid]
    state.failures.extend(failures)


def step_judge(state: SearchState) -> None:
    if not state.papers:
        return
    from search.design import classify_design, sample_size

    for paper in state.papers:
        r = paper.record
        paper.design = classify_design(title=r.title, abstract=r.abstract, publication_types=r.publication_types,
                                       mesh=r.mesh)
        paper.sample_size = sample_size(r.abstract)
    result = read_stances(state.question, state.query, state.papers)
    state.models["stance"] = result.model
    state.failures.extend(result.failures)
    add_usage(state.usage, result.usage)


def read_stances(question: str, query: UnderstoodQuery | None, papers: list[RankedPaper]) -> JudgeResult:
    """Each study's ``addresses`` and stance (set on ``papers``) for the question as understood.

    One function for the pipeline's judge step and for ``evaluate verdict_replay --rejudge``, which re-reads dumped
    studies under changed reading rules: the two must read exactly alike, or a re-judged figure measures nothing.
    """
    from .addresses import addresses
    from .judge import judge
    from .judge_frame import reframe

    if query is not None:
        for paper in papers:
            paper.addresses = addresses(query, paper.record)
    result = judge(question, papers, query.frame if query else None)
    stances = reframe(query, papers, result.stances, offline=not result.used_llm, question=question)
    for paper in papers:
        paper.stance = stances.get(paper.record.pmid)
        paper.addresses = result.addresses.get(paper.record.pmid, paper.addresses)
    return result


def step_locate(state: SearchState) -> None:
    if not state.papers:
        return
    from .answer_text import conclusion_sentence
    from .locate import locate

    # The card shows the conclusion as its summary line: the quote is another sentence where one answers.
    frame = state.query.frame if state.query else None
    avoid = {p.record.pmid: conclusion_sentence(p.record.abstract) for p in state.papers}
    best = locate(state.question, [p.record for p in state.papers], frame=frame, avoid=avoid)
    for paper in state.papers:
        paper.best_sentence = best.get(paper.record.pmid)


def step_synthesise(state: SearchState) -> None:
    from .agreement import mark_disagreements
    from .synthesise import synthesise

    if state.query is not None:
        mark_disagreements(state.papers, state.query.frame)
    from .state import DEFAULT_MODE

    # The reading mode the search was asked in (the LLM writes in it; both modes' words are always built).
    state.models["mode"] = state.models.get("mode") or DEFAULT_MODE
    result = synthesise(state.question, state.papers, query=state.query, mode=state.models["mode"],
                        trials=state.trials)
    state.answer = result.answer
    for paper in state.papers:
        if paper.record.pmid in result.summaries:
            paper.summary = result.summaries[paper.record.pmid]
    state.models["summary"] = result.model
    state.models["prompt_version"] = result.prompt_version
    state.failures.extend(result.failures)
    add_usage(state.usage, result.usage)


def step_chart(state: SearchState) -> None:
    from .chart import chart

    state.charts = chart(state.papers, state.query.frame if state.query else None)
