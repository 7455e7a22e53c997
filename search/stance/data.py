"""Labelled (question, text, stance) pairs from the shared dev sets, detected by their fields."""
from __future__ import annotations

from pathlib import Path

from . import LABELS
from .examples import Example, iter_jsonl

PUBMEDQA = "pubmedqa"
HEALTHVER = "healthver"
EVIDENCE_INFERENCE = "evidence_inference"
TITLES = "titles"  # a corpus file (title + abstract): weak labels from statement titles, see titles.py

# Evidence Inference asks "did INTERVENTION change OUTCOME vs COMPARATOR?": a significant
# change answers yes, "no significant difference" answers no.
_EI_LABELS = {"significantly increased": "supports", "significantly decreased": "supports",
              "no significant difference": "refutes"}


def _read_jsonl(path: Path) -> list[dict]:
    return list(iter_jsonl(path))


def detect_format(row: dict) -> str:
    if "contexts" in row and "long_answer" in row:
        return PUBMEDQA
    if "claim" in row and "evidence" in row:
        return HEALTHVER
    if "intervention" in row and "majority_label" in row:
        return EVIDENCE_INFERENCE
    if "title" in row and "abstract" in row and "pmid" in row:
        return TITLES
    raise ValueError(
        f"unrecognised stance data: the first row has fields {sorted(row)[:8]}; expected PubMedQA (contexts, "
        "long_answer), HealthVer (claim, evidence) or a corpus (pmid, title, abstract)"
    )


def pubmedqa_text(row: dict) -> str:
    """The abstract as the product sees it: the context paragraphs followed by the conclusion."""
    return " ".join([*row["contexts"], row["long_answer"]])


def from_row(row: dict) -> Example:
    kind = detect_format(row)
    if kind == PUBMEDQA:
        return Example(row["question"], pubmedqa_text(row), row["stance"], PUBMEDQA, str(row["pmid"]))
    if kind == HEALTHVER:
        return Example(row["claim"], row["evidence"], row["stance"], HEALTHVER, str(row["id"]))
    raise ValueError(
        "Evidence Inference prompts are not a stance test set (they need their abstracts beside them); evaluate "
        "stance on PubMedQA, HealthVer or a corpus file, and Evidence Inference with `evaluate sentence`"
    )


def load_file(path: Path, *, limit: int | None = None) -> list[Example]:
    """PubMedQA, HealthVer or corpus JSON Lines -> examples (format detected from the first row)."""
    first = next(iter_jsonl(path), None)
    if first is not None and detect_format(first) == TITLES:
        from .titles import load_title_claims  # lazily: needs the parser, which the labelled sets do not

        return load_title_claims(Path(path), limit=limit)
    rows = _read_jsonl(Path(path))
    examples = [from_row(row) for row in rows][:limit]
    bad = {e.label for e in examples} - set(LABELS)
    if bad:
        raise ValueError(f"{path}: unknown stance labels {sorted(bad)}")
    return examples


def load_evidence_inference(folder: Path) -> list[Example]:
    """Prompts whose evidence lies in the abstract, as a yes/no effect question on that abstract."""
    abstracts = {r["pmcid"]: r["abstract"] for r in _read_jsonl(folder / "abstracts.jsonl")}
    out = []
    for row in _read_jsonl(folder / "prompts.jsonl"):
        label = _EI_LABELS.get(row.get("majority_label") or "")
        abstract = abstracts.get(row["pmcid"], "")
        if not label or not abstract or not row.get("any_evidence_in_abstract"):
            continue
        question = f"Does {row['intervention']} change {row['outcome']} compared with {row['comparator']}?"
        out.append(Example(question, abstract, label, EVIDENCE_INFERENCE, str(row["prompt_id"])))
    return out


def load_all(data_dir: Path, *, evidence_inference: bool) -> dict[str, list[Example]]:
    """Every training set under ``data_dir`` (the layout of /work/shared/data), by name."""
    data_dir = Path(data_dir)
    sets = {
        PUBMEDQA: load_file(data_dir / "pubmedqa-labeled" / "dev.jsonl"),
        HEALTHVER: load_file(data_dir / "healthver" / "dev.jsonl"),
    }
    if evidence_inference:
        sets[EVIDENCE_INFERENCE] = load_evidence_inference(data_dir / "evidence-inference-v2")
    return sets
