"""Best-sentence examples from the shared sets: one question over one abstract, with its gold spans.

* Evidence Inference 2.0 (``prompts.jsonl`` + ``abstracts.jsonl``): prompts with evidence in the
  abstract; the question is the annotators' "With respect to {outcome}, how did {intervention}
  compare to {comparator}?", the frame is that prompt's intervention / comparator / outcome, the
  gold spans are every annotation's evidence found in the abstract, and the positives are the
  sentences that overlap a gold span (``overlaps``), the rest negatives.
* PubMedQA (``dev.jsonl``): abstract = contexts + conclusion (as in the demo corpus), question as
  given, no frame; gold = the conclusion's sentences. For training the conclusion sentence
  closest to the question (cosine) is a weak positive, the other conclusion sentences are left
  out and the context sentences are negatives (``weak_positive``).

The abstract is split without its section labels (the demo corpus and Evidence Inference have
none); ``labels`` holds them for the evaluation that measures an abstract that keeps them.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from search.pipeline.state import Frame
from search.sentences import split_sentences

EVIDENCE_INFERENCE = "evidence-inference-v2"
PUBMEDQA = "pubmedqa"
OVERLAP = 0.5
EI_TEMPLATE = "With respect to {outcome}, how did {intervention} compare to {comparator}?"


def _tokens(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def overlaps(sentence: str, gold: str, *, threshold: float = OVERLAP) -> bool:
    """One sentence hits one gold span: substring either way (as word tokens), or it holds >= half the span's words."""
    s, g = _tokens(sentence), _tokens(gold)
    if not s or not g:
        return False
    ss, gs = " ".join(s), " ".join(g)
    if ss in gs or gs in ss:
        return True
    g_set = set(g)
    return len(g_set & set(s)) / len(g_set) >= threshold


def hits(sentence: str | None, golds: list[str]) -> bool:
    return sentence is not None and any(overlaps(sentence, g) for g in golds)


@dataclass
class Item:
    """One question over one abstract."""

    dataset: str
    group: str  # the article: cross-validation never splits one across train and test
    question: str
    frame: Frame | None
    sentences: list[str]
    golds: list[str]
    labels: list[str | None] = field(default_factory=list)  # section label per sentence, where the source has one
    first_results: int | None = None  # index of the first sentence of a RESULTS section (a baseline)
    conclusion: list[int] = field(default_factory=list)  # PubMedQA: indices of the conclusion's sentences

    def positives(self) -> list[int]:
        """Evidence Inference: every sentence overlapping a gold span."""
        return [i for i, s in enumerate(self.sentences) if hits(s, self.golds)]


def _key(text: str) -> str:
    return " ".join(_tokens(text))


def _labelled(sentences: list[str], sections: list[tuple[str | None, str]]) -> tuple[list[str | None], int | None]:
    """Each sentence's section label (matched by text) and the index of the first RESULTS sentence."""
    label_of: dict[str, str | None] = {}
    for label, text in sections:
        for s in split_sentences(text):
            label_of.setdefault(_key(s), label.upper() if label else None)
    labels = [label_of.get(_key(s)) for s in sentences]
    first = next((i for i, label in enumerate(labels) if label and ("RESULT" in label or "FINDING" in label)), None)
    return labels, first


def evidence_inference(folder: Path, limit: int | None = None) -> list[Item]:
    """Prompts with evidence in the abstract, in file order."""
    abstracts = {}
    with (folder / "abstracts.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            abstracts[row["pmcid"]] = row
    split: dict[str, tuple[list[str], list[str | None], int | None]] = {}
    items: list[Item] = []
    with (folder / "prompts.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            prompt = json.loads(line)
            if not prompt.get("any_evidence_in_abstract"):
                continue
            article = abstracts.get(prompt["pmcid"])
            if not article or not article.get("abstract"):
                continue
            if prompt["pmcid"] not in split:
                sentences = split_sentences(article["abstract"])
                sections = [(s.get("label"), s.get("text") or "") for s in article.get("sections") or []]
                split[prompt["pmcid"]] = (sentences, *_labelled(sentences, sections))
            sentences, labels, first = split[prompt["pmcid"]]
            parts = {k: prompt[k].strip() for k in ("outcome", "intervention", "comparator")}
            golds = [a["evidence"] for a in prompt["annotations"]
                     if a.get("evidence_in_abstract") and a.get("evidence")]
            items.append(Item(
                dataset=EVIDENCE_INFERENCE, group=prompt["pmcid"], question=EI_TEMPLATE.format(**parts),
                frame=Frame(kind="comparison", **parts), sentences=sentences, golds=golds, labels=labels,
                first_results=first,
            ))
            if limit and len(items) >= limit:
                break
    return items


def pubmedqa(path: Path, limit: int | None = None) -> list[Item]:
    """PubMedQA rows in file order (abstract = contexts + conclusion)."""
    items: list[Item] = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            row = json.loads(line)
            sentences = split_sentences(" ".join(row["contexts"] + [row["long_answer"]]))
            golds = split_sentences(row["long_answer"])
            sections = list(zip(row.get("context_labels") or [None] * len(row["contexts"]), row["contexts"]))
            labels, first = _labelled(sentences, sections + [("CONCLUSIONS", row["long_answer"])])
            gold_keys = {_key(g) for g in golds}
            conclusion = [i for i, s in enumerate(sentences) if _key(s) in gold_keys]
            items.append(Item(
                dataset=PUBMEDQA, group=str(row["pmid"]), question=row["question"], frame=None,
                sentences=sentences, golds=golds, labels=labels, first_results=first, conclusion=conclusion,
            ))
            if limit and len(items) >= limit:
                break
    return items


def load(data_path: Path, limit: int | None = None) -> tuple[str, list[Item]]:
    """The examples of one data set, detected from the path: the Evidence Inference folder or a PubMedQA file."""
    if data_path.is_dir() and (data_path / "prompts.jsonl").exists():
        return EVIDENCE_INFERENCE, evidence_inference(data_path, limit)
    if data_path.is_dir() and (data_path / "dev.jsonl").exists():
        return PUBMEDQA, pubmedqa(data_path / "dev.jsonl", limit)
    if data_path.is_file() and data_path.suffix == ".jsonl":
        return PUBMEDQA, pubmedqa(data_path, limit)
    raise ValueError(f"{data_path}: expected the evidence-inference folder (prompts.jsonl) or a PubMedQA .jsonl file")
