"""Best-sentence evaluation: does the picked sentence overlap the annotated answer?

``--data`` is either the Evidence Inference 2.0 folder (prompts.jsonl + abstracts.jsonl) or a
PubMedQA-format ``.jsonl`` file.

* Evidence Inference: prompts with ``any_evidence_in_abstract``; the question is
  "With respect to {outcome}, how did {intervention} compare to {comparator}?" (the wording the
  annotators were shown); gold = every annotation's ``evidence`` that lies in the abstract.
* PubMedQA: question = ``question``; abstract = contexts + long_answer (as in the demo corpus);
  gold = each sentence of ``long_answer`` (the conclusion).

Overlap (one picked sentence s against one gold span g, both normalised to lower-case word
tokens): a hit when s is a substring of g or g of s, or when s contains at least half of
g's distinct tokens. A prompt is a hit when any gold span is hit. Reported for the model
with and without the finding bonus, and for position baselines.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import numpy as np

from search import embeddings
from search.pipeline.locate import FINDING_BONUS, pick
from search.sentences import split_sentences

OVERLAP = 0.5
EI_TEMPLATE = "With respect to {outcome}, how did {intervention} compare to {comparator}?"


def _tokens(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def overlaps(sentence: str, gold: str, *, threshold: float = OVERLAP) -> bool:
    s, g = _tokens(sentence), _tokens(gold)
    if not s or not g:
        return False
    ss, gs = " ".join(s), " ".join(g)
    if ss in gs or gs in ss:
        return True
    g_set = set(g)
    return len(g_set & set(s)) / len(g_set) >= threshold


def _hit(sentence: str | None, golds: list[str]) -> bool:
    return sentence is not None and any(overlaps(sentence, g) for g in golds)


Example = tuple[str, list[str], list[str], int | None]  # question, sentences, gold spans, first results index


def _evidence_inference(folder: Path, limit: int | None) -> list[Example]:
    abstracts = {}
    for line in (folder / "abstracts.jsonl").open(encoding="utf-8"):
        row = json.loads(line)
        abstracts[row["pmcid"]] = row
    examples: list[Example] = []
    split_cache: dict[str, tuple[list[str], int | None]] = {}
    for line in (folder / "prompts.jsonl").open(encoding="utf-8"):
        prompt = json.loads(line)
        if not prompt.get("any_evidence_in_abstract"):
            continue
        article = abstracts.get(prompt["pmcid"])
        if not article or not article.get("abstract"):
            continue
        if prompt["pmcid"] not in split_cache:
            sentences = split_sentences(article["abstract"])
            split_cache[prompt["pmcid"]] = (sentences, _first_results_index(sentences, article.get("sections") or []))
        sentences, first_results = split_cache[prompt["pmcid"]]
        golds = [a["evidence"] for a in prompt["annotations"] if a.get("evidence_in_abstract") and a.get("evidence")]
        question = EI_TEMPLATE.format(**{k: prompt[k].strip() for k in ("outcome", "intervention", "comparator")})
        examples.append((question, sentences, golds, first_results))
        if limit and len(examples) >= limit:
            break
    return examples


def _first_results_index(sentences: list[str], sections: list[dict[str, Any]]) -> int | None:
    """Index of the first sentence that comes from a section labelled RESULTS/FINDINGS, if any."""
    for section in sections:
        label = (section.get("label") or "").upper()
        if "RESULT" in label or "FINDING" in label:
            first = split_sentences(section.get("text") or "")
            if first:
                key = " ".join(_tokens(first[0]))
                for i, s in enumerate(sentences):
                    if " ".join(_tokens(s)) == key:
                        return i
    return None


def _pubmedqa(path: Path, limit: int | None) -> list[Example]:
    examples: list[Example] = []
    for line in path.open(encoding="utf-8"):
        row = json.loads(line)
        abstract = " ".join(row["contexts"] + [row["long_answer"]])
        sentences = split_sentences(abstract)
        golds = split_sentences(row["long_answer"])
        first_results = None
        for label, context in zip(row.get("context_labels") or [], row["contexts"]):
            if "RESULT" in (label or "").upper() or "FINDING" in (label or "").upper():
                first = split_sentences(context)
                if first:
                    key = " ".join(_tokens(first[0]))
                    first_results = next((i for i, s in enumerate(sentences) if " ".join(_tokens(s)) == key), None)
                break
        examples.append((row["question"], sentences, golds, first_results))
        if limit and len(examples) >= limit:
            break
    return examples


def _rate(hits: list[bool]) -> float | None:
    return round(sum(hits) / len(hits), 4) if hits else None


def evaluate(examples: list[Example], *, bonuses: tuple[float, ...] = (0.0, FINDING_BONUS)) -> dict[str, Any]:
    """Hit rates of the model (per bonus) and of the baselines over ``examples``."""
    # Embed every distinct sentence and question once.
    texts = sorted({s for _, sentences, _, _ in examples for s in sentences} | {q for q, _, _, _ in examples})
    matrix = embeddings.encode(texts)
    index = {t: i for i, t in enumerate(texts)}
    usable = [e for e in examples if e[1] and e[2]]
    results: dict[str, list[bool]] = {f"model_bonus_{b:g}": [] for b in bonuses}
    results["baseline_last_sentence"] = []
    results["baseline_first_results_sentence"] = []
    for question, sentences, golds, first_results in usable:
        q = matrix[index[question]]
        vectors = np.stack([matrix[index[s]] for s in sentences])
        for b in bonuses:
            best = pick(q, sentences, vectors, bonus=b)
            results[f"model_bonus_{b:g}"].append(_hit(best.text if best else None, golds))
        results["baseline_last_sentence"].append(_hit(sentences[-1], golds))
        chosen = sentences[first_results] if first_results is not None else None
        results["baseline_first_results_sentence"].append(_hit(chosen, golds))
    return {
        "n": len(usable),
        "skipped_without_sentences_or_gold": len(examples) - len(usable),
        "hit_rate": {name: _rate(hits) for name, hits in results.items()},
        "mean_sentences_per_abstract": round(float(np.mean([len(e[1]) for e in usable])), 2) if usable else None,
    }


def run(data_path: Path, options: dict[str, Any]) -> dict[str, Any]:
    limit = options.get("limit")
    loader: Callable[[Path, int | None], list[Example]]
    if data_path.is_dir() and (data_path / "prompts.jsonl").exists():
        dataset, loader = "evidence-inference-v2", _evidence_inference
    elif data_path.is_file() and data_path.suffix == ".jsonl":
        dataset, loader = "pubmedqa", _pubmedqa
    else:
        raise ValueError(f"{data_path}: expected the evidence-inference folder or a PubMedQA .jsonl file")
    figures = evaluate(loader(data_path, limit))
    return {
        "dataset": dataset,
        "model": embeddings.model_name(),
        "question": EI_TEMPLATE if dataset == "evidence-inference-v2" else "PubMedQA question",
        "overlap": f"substring either way, or >= {OVERLAP:g} of the gold span's distinct word tokens in the sentence",
        "finding_bonus": FINDING_BONUS,
        **figures,
    }
