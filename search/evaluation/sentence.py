"""Best-sentence evaluation: does the quoted sentence overlap the annotated answer?

``--data`` is the Evidence Inference 2.0 folder (prompts.jsonl + abstracts.jsonl) or a PubMedQA
``.jsonl`` file (or its folder); see ``search/quote/data.py`` for questions, frames and gold spans.

Overlap (``search.quote.data.overlaps``): a hit when the sentence is a substring of a gold span or
the other way round (as lower-case word tokens), or when it holds at least half of the span's
distinct words; a question is a hit when any of its gold spans is.

The learned scorer is cross-validated grouped by article (``--folds``, default 5): each article is
scored by a model trained on the other folds of this set plus the whole of the other shared set
(different articles, from ``MEDSEBA_DATA_DIR``), the way ``manage.py train_sentence`` trains. Beside it:
the same picks when the card's summary line (the conclusion sentence) must be avoided, when the
abstract keeps its section labels, and when the question's frame is not known (Evidence Inference
gives it), and the baselines: cosine only, cosine with the cue bonus (the rule before the scorer),
the last sentence, the first sentence of the RESULTS section.
"""
from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings

from search import embeddings
from search.pipeline.locate import FINDING_BONUS, pick
from search.quote import features, rules
from search.quote import train as training
from search.quote.data import EI_TEMPLATE, EVIDENCE_INFERENCE, OVERLAP, PUBMEDQA, Item, hits, load, overlaps

__all__ = ["run", "evaluate", "overlaps", "OVERLAP", "EI_TEMPLATE"]


def _rate(flags: list[bool]) -> float | None:
    return round(sum(flags) / len(flags), 4) if flags else None


def _others(dataset: str, data_path: Path) -> list[Item]:
    """The other shared set, added whole to every training fold (none when it is not there)."""
    paths = training.default_sets(Path(settings.MEDSEBA_DATA_DIR))
    other = PUBMEDQA if dataset == EVIDENCE_INFERENCE else EVIDENCE_INFERENCE
    path = paths[other]
    if not path.exists() or path.resolve() == data_path.resolve():
        return []
    return load(path)[1]


def evaluate(items: list[Item], others: list[Item], *, folds: int = 5) -> dict[str, Any]:
    """Hit rates of the cross-validated scorer (plus its variants) and of the baselines over ``items``."""
    usable = [item for item in items if item.sentences and item.golds]
    vectors = training.encode_texts([t for item in usable + others for t in [item.question, *item.sentences]])
    target = training.prepare(usable, vectors)
    rest = [training.prepare(others, vectors)] if others else []
    orders = training.cross_validate(target, rest, folds=folds)
    labelled = training.cross_validate(target, rest, folds=folds, labelled=True)
    # The same models scoring the question alone: what a search gets when understand finds no frame.
    unframed = training.prepare([replace(item, frame=None) for item in usable], vectors)
    question_only = training.cross_validate(target, rest, folds=folds, held_out=unframed)

    names = ("learned_cv", "learned_cv_avoiding_summary", "learned_cv_with_section_labels",
             "learned_cv_without_frame", "baseline_cosine_only",
             f"baseline_cosine_cue_bonus_{FINDING_BONUS:g}", "baseline_last_sentence",
             "baseline_first_results_sentence")
    results: dict[str, list[bool]] = {name: [] for name in names}
    cosine = features.column("cosine")
    for item, order, order_labelled, order_unframed, rows in zip(usable, orders, labelled, question_only, target.rows):
        chosen = item.sentences[order[0]] if order else None
        results["learned_cv"].append(hits(chosen, item.golds))
        # An unlabelled abstract's summary line is its last sentence (answer_text.conclusion_sentence).
        other = rules.choose_quote([item.sentences[i] for i in order], avoid=item.sentences[-1])
        results["learned_cv_avoiding_summary"].append(
            hits(item.sentences[order[other]] if other is not None else None, item.golds))
        results["learned_cv_with_section_labels"].append(
            hits(item.sentences[order_labelled[0]] if order_labelled else None, item.golds))
        results["learned_cv_without_frame"].append(
            hits(item.sentences[order_unframed[0]] if order_unframed else None, item.golds))
        results["baseline_cosine_only"].append(hits(item.sentences[int(np.argmax(rows[:, cosine]))], item.golds))
        q, v = vectors[item.question], np.stack([vectors[s] for s in item.sentences])
        best = pick(q, item.sentences, v)
        results[f"baseline_cosine_cue_bonus_{FINDING_BONUS:g}"].append(hits(best.text if best else None, item.golds))
        results["baseline_last_sentence"].append(hits(item.sentences[-1], item.golds))
        first = item.first_results
        results["baseline_first_results_sentence"].append(
            hits(item.sentences[first] if first is not None else None, item.golds))
    return {
        "n": len(usable),
        "skipped_without_sentences_or_gold": len(items) - len(usable),
        "articles": len({item.group for item in usable}),
        "folds": folds,
        "grouped_by": "article",
        "other_set_questions_in_every_training_fold": len(others),
        "hit_rate": {name: _rate(flags) for name, flags in results.items()},
        "mean_sentences_per_abstract": round(float(np.mean([len(i.sentences) for i in usable])), 2) if usable else None,
    }


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    started = time.perf_counter()
    folds = int(options.get("folds") or 5)
    if folds < 2:
        raise ValueError("--folds must be at least 2 for cross-validation")
    dataset, items = load(data_path, options.get("limit"))
    if not any(item.sentences and item.golds for item in items):
        raise ValueError(f"{data_path}: no question with both abstract sentences and gold spans")
    figures = evaluate(items, _others(dataset, data_path), folds=folds)
    return {
        "dataset": dataset,
        "model": embeddings.model_name(),
        "question": EI_TEMPLATE if dataset == EVIDENCE_INFERENCE else "PubMedQA question",
        "frame": "the prompt's intervention / comparator / outcome (kind comparison)" if dataset == EVIDENCE_INFERENCE
        else "none (the question only)",
        "overlap": f"substring either way, or >= {OVERLAP:g} of the gold span's distinct word tokens in the sentence",
        "finding_bonus": FINDING_BONUS,
        **figures,
        "seconds": round(time.perf_counter() - started, 1),
    }
