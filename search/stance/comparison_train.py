"""Train and cross-validate the comparison model on Evidence Inference 2.0.

Each prompt asks how INTERVENTION compared to COMPARATOR on OUTCOME in one trial; its
majority label is "significantly increased" / "significantly decreased" / "no significant
difference". As a yes/no question "Is I different from C for O?": increased or decreased is
yes (a difference), no significant difference is no; increased vs decreased is the direction.

Training uses every prompt with a majority label and a non-empty abstract (1,905 of 1,954),
also those whose annotators found the evidence only in the full text: CV showed they help
the 930 abstract-answerable prompts too. Folds are grouped by article (pmcid): the prompts of
one trial share sentences, so an article is never on both sides.
"""
from __future__ import annotations

import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import sklearn
from sklearn.model_selection import StratifiedGroupKFold

from .comparison import ComparisonConfig, ComparisonModel, Difference, Prompt
from .comparison_features import Selection
from .data import iter_jsonl

SEED = 13
INCREASED = "significantly increased"
DECREASED = "significantly decreased"
NO_DIFFERENCE = "no significant difference"
EI_LABELS = (INCREASED, DECREASED, NO_DIFFERENCE)
PROMPTS_FILE = "prompts.jsonl"
ABSTRACTS_FILE = "abstracts.jsonl"


@dataclass(frozen=True)
class LabelledPrompt:
    """An Evidence Inference prompt with its article, gold label and whether its evidence is in the abstract."""

    prompt: Prompt
    label: str
    pmcid: str
    prompt_id: str
    evidence_in_abstract: bool

    @property
    def differs(self) -> bool:
        return self.label != NO_DIFFERENCE

    @property
    def higher(self) -> bool:
        return self.label == INCREASED


REQUIRED_FIELDS = ("prompt_id", "pmcid", "intervention", "comparator", "outcome", "majority_label")


def load_prompts(prompts_path: Path, *, limit: int | None = None) -> list[LabelledPrompt]:
    """Prompts with a majority label and a non-empty abstract, in file order, from ``prompts.jsonl``
    and the ``abstracts.jsonl`` beside it."""
    prompts_path = Path(prompts_path)
    abstracts_path = prompts_path.parent / ABSTRACTS_FILE
    if not abstracts_path.is_file():
        raise ValueError(f"Evidence Inference prompts need their abstracts: {abstracts_path} not found")
    abstracts = {row["pmcid"]: row.get("abstract") or "" for row in iter_jsonl(abstracts_path)}
    out: list[LabelledPrompt] = []
    for row in iter_jsonl(prompts_path):
        missing = [name for name in REQUIRED_FIELDS if name not in row]
        if missing:
            raise ValueError(f"{prompts_path}: an Evidence Inference prompt without {', '.join(missing)}")
        label, abstract = row.get("majority_label"), abstracts.get(row.get("pmcid"), "")
        if label is None or not abstract.strip():
            continue
        if label not in EI_LABELS:
            raise ValueError(f"{prompts_path}: unknown majority_label {label!r}; expected one of {list(EI_LABELS)}")
        out.append(LabelledPrompt(
            prompt=Prompt(row["intervention"], row["comparator"], row["outcome"], abstract), label=label,
            pmcid=str(row["pmcid"]), prompt_id=str(row["prompt_id"]),
            evidence_in_abstract=bool(row.get("any_evidence_in_abstract")),
        ))
        if limit is not None and len(out) >= limit:
            break
    return out


def fit(items: Sequence[LabelledPrompt], selections: Sequence[Selection],
        config: ComparisonConfig | None = None) -> ComparisonModel:
    model = ComparisonModel(config=config or ComparisonConfig())
    return model.fit(selections, [p.differs for p in items], [p.higher for p in items])


def grouped_folds(items: Sequence[LabelledPrompt], folds: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """(train, test) index pairs stratified by label, no article on both sides, fixed seed."""
    groups = [p.pmcid for p in items]
    if len(set(groups)) < folds:
        raise ValueError(f"{len(set(groups))} articles cannot be split into {folds} folds grouped by article")
    y = np.asarray([p.label for p in items])
    splitter = StratifiedGroupKFold(n_splits=folds, shuffle=True, random_state=SEED)
    return list(splitter.split(np.zeros(len(y)), y, np.asarray(groups)))


def cross_validate(
    items: Sequence[LabelledPrompt], *, folds: int = 5, config: ComparisonConfig | None = None,
    no_outcome: bool = False, on_fold: Callable[[ComparisonModel, np.ndarray], None] | None = None,
) -> tuple[list[Difference], list[Difference] | None]:
    """Out-of-fold predictions for every prompt, each by a model trained on the other folds' articles.

    With ``no_outcome`` the held-out prompts are also judged without their outcome (the
    product's "Is X better than Y?" case), returned second. ``on_fold(model, test_idx)`` is
    called with each fold's model and held-out indices (the evaluation times it there).
    """
    config = config or ComparisonConfig()
    reader = ComparisonModel(config=config)
    selections = reader.selections([p.prompt for p in items])
    vague = reader.selections([Prompt(p.prompt.intervention, p.prompt.comparator, None, p.prompt.abstract)
                               for p in items]) if no_outcome else None
    predicted: list[Difference | None] = [None] * len(items)
    without: list[Difference | None] = [None] * len(items)
    for train_idx, test_idx in grouped_folds(items, folds):
        model = fit([items[i] for i in train_idx], [selections[i] for i in train_idx], config)
        if on_fold is not None:
            on_fold(model, test_idx)
        for i, d in zip(test_idx, model.predict([selections[i] for i in test_idx])):
            predicted[i] = d
        if vague is not None:
            for i, d in zip(test_idx, model.predict([vague[i] for i in test_idx])):
                without[i] = d
    return [d for d in predicted if d is not None], ([d for d in without if d is not None] if no_outcome else None)


def train(*, data_dir: Path, out: Path, limit: int | None = None) -> dict[str, Any]:
    """Fit on every labelled prompt under ``data_dir`` and save the artifact; returns its metadata."""
    started = time.perf_counter()
    items = load_prompts(Path(data_dir) / PROMPTS_FILE, limit=limit)
    if not items:
        raise ValueError(f"{Path(data_dir) / PROMPTS_FILE} has no prompt with a majority label and an abstract")
    config = ComparisonConfig()
    model = fit(items, ComparisonModel(config=config).selections([p.prompt for p in items]), config)
    counts = {label: sum(p.label == label for p in items) for label in EI_LABELS}
    model.metadata = {
        "task": "Is INTERVENTION different from COMPARATOR for OUTCOME? (difference = yes); direction = I higher/lower",
        "trained_on": {"evidence_inference_v2_prompts": len(items), "articles": len({p.pmcid for p in items}),
                       "labels": counts},
        "config": asdict(config),
        "tfidf_features": {"difference": len(model.difference_head.vectorizer.vocabulary_),
                           "direction": len(model.direction_head.vectorizer.vocabulary_)},
        "sklearn": sklearn.__version__,
        "python": platform.python_version(),
    }
    return model.save(out, run={"data_dir": str(data_dir), "train_seconds": round(time.perf_counter() - started, 1)})
