"""Stance of studies towards a question with the trained offline classifier (loaded once per process)."""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from django.conf import settings

from search import embeddings
from search.pipeline.state import Stance

from . import LABELS
from .artifact_cache import ArtifactCache
from .features import encode_pairs, make_pair
from .model import ABSTRACT, STANCE_ARTIFACT, StanceClassifier, StanceModelMissing

_models: ArtifactCache[StanceClassifier] = ArtifactCache(StanceClassifier.load)
RATIONALE_CHARS = 160


def load_classifier(path: Path | None = None) -> StanceClassifier:
    """The artifact at ``path`` (default settings.MEDSEBA_STANCE_MODEL_PATH), reloaded only if the file changed."""
    path = STANCE_ARTIFACT.require(Path(path or settings.MEDSEBA_STANCE_MODEL_PATH))
    model = _models.get(path)
    wanted = embeddings.model_name()
    if model.embedding_model != wanted:
        raise StanceModelMissing(
            f"stance model at {path} was trained on embeddings {model.embedding_model!r}, but "
            f"MEDSEBA_EMBEDDING_MODEL is {wanted!r}; retrain with `python manage.py train_stance`"
        )
    return model


def model_label(model: StanceClassifier) -> str:
    features = (f"on {model.embedding_model}" if model.needs_embeddings(ABSTRACT)
                else "on negation-scoped conclusion n-grams, question n-grams, cues and parse")
    return f"offline stance classifier {model.version} (logistic regression {features})"


def _rationale(label: str, closest: str) -> str:
    text = " ".join(closest.split())
    if len(text) > RATIONALE_CHARS:
        text = text[:RATIONALE_CHARS].rsplit(" ", 1)[0] + " …"
    return f"{label} (offline classifier), from the conclusion: \u201c{text}\u201d"


def classify(question: str, texts: dict[str, str], *, model: StanceClassifier | None = None) -> dict[str, Stance]:
    """PMID -> Stance for each non-empty abstract in ``texts``; strengths are the class probabilities.

    Always the abstract model: the product judges PubMed abstracts, even short ones.
    """
    model = model or load_classifier()
    keys = [k for k, t in texts.items() if t and t.strip()]
    if not keys:
        return {}
    pairs = [make_pair(question, texts[k]) for k in keys]
    encoded = encode_pairs(pairs, embeddings.encode) if model.needs_embeddings(ABSTRACT) else None
    proba = model.predict_proba(pairs, encoded, kind=ABSTRACT)
    return {key: _stance(row, pair.closest) for key, row, pair in zip(keys, proba, pairs)}


def _stance(row: Sequence[float], closest: str) -> Stance:
    total = float(sum(row)) or 1.0
    values = [round(float(v) / total, 4) for v in row]
    values[-1] = round(1.0 - sum(values[:-1]), 4)  # exact sum of 1 after rounding
    label = LABELS[max(range(len(LABELS)), key=lambda i: values[i])]
    return Stance(label=label, supports=values[0], refutes=values[1], neutral=values[2], rationale=_rationale(label, closest))
