"""Did a head-to-head study find a difference between I and C, and in whose favour?

The abstract stance classifier reads "positive finding" language; it cannot tell that a
trial which found "no significant difference between tolterodine and oxybutynin" refutes
"is tolterodine more effective than oxybutynin?". This model answers the comparison itself,
for one (intervention, comparator, outcome, abstract):

* ``p_difference``: the probability that the study found a significant difference on the
  outcome (Evidence Inference "significantly increased / decreased" against "no significant
  difference");
* ``direction``: when it did, whether the intervention came out ``"higher"`` or ``"lower"``
  than the comparator on that outcome (higher / lower in value; whether that is good depends
  on the outcome: lower mortality, higher survival);
* ``sentence``: the abstract sentence it read the answer from.

Two logistic regressions over the sentences that report the outcome (``comparison_features``):
TF-IDF n-grams of those sentences with the arms masked and negation scoped, n-grams of the
words around the outcome's mention, and cue counts (no-difference wording, p-values, confidence
intervals, up/down words signed by arm order). The direction model also trains on each
sentence with the arms swapped and the label flipped (at half weight), so it reads "xcmp
reduced xout" the other way round from "xint reduced xout". No parser, no embeddings: a few milliseconds per
abstract. When the question names no measurable outcome ("Is X more effective than Y?"), pass
``outcome=None`` (or the vague word): the conclusion sentences are read instead.
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import joblib
import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from .artifact_cache import ArtifactCache
from .comparison_features import Selection, mirrored, select
from .model import ArtifactKind, _drop_run_specific_state, write_artifact

ARTIFACT_FORMAT = 1
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "stance_model" / "comparison.joblib"
Direction = Literal["higher", "lower"]
HIGHER: Direction = "higher"
LOWER: Direction = "lower"


class ComparisonModelMissing(Exception):
    """No trained comparison artifact at the path; run ``manage.py train_comparison``."""


@dataclass(frozen=True)
class Difference:
    """What one study found for I vs C on O.

    ``direction`` is set only when ``p_difference >= 0.5``; ``p_higher`` is the direction
    model's probability that I was higher than C, given a difference (for callers that weigh it).
    ``arms_named``: both arms are named (by their own words) in the sentences read. Without
    that, the direction rests on the prior that a sentence's subject is the trial's own
    intervention, which is wrong when the question names the trial's comparator as I.
    """

    p_difference: float
    direction: Direction | None
    sentence: str
    p_higher: float | None = None
    arms_named: bool = False


@dataclass(frozen=True)
class Prompt:
    """One comparison to judge: the arms, the outcome (None when the question names none) and the abstract."""

    intervention: str
    comparator: str
    outcome: str | None
    abstract: str


@dataclass
class ComparisonConfig:
    """Chosen by 5-fold CV grouped by article on Evidence Inference 2.0 (see comparison.json)."""

    sentences: int = 2
    C: float = 1.0
    ngram_max: int = 3
    tfidf_min_df: int = 2
    tfidf_max_features: int = 20000
    window_weight: float = 0.5
    dense_weight: float = 0.3
    # Weight of the arm-swapped copies in the direction model's training (``mirrored``): 0.5 kept CV
    # direction accuracy and made a comparator-first sentence read the right way round.
    mirror_weight: float = 0.5
    seed: int = 13


def dense_row(selection: Selection) -> np.ndarray:
    """Signed log counts of the cues over the picked sentences and over the best one."""
    values = np.concatenate([selection.cues, selection.best_cues])
    return (np.sign(values) * np.log1p(np.abs(values))).astype(np.float32)


@dataclass
class Head:
    """One binary logistic regression over [masked n-grams | outcome-window n-grams | cues]."""

    config: ComparisonConfig
    vectorizer: TfidfVectorizer | None = None
    window_vectorizer: TfidfVectorizer | None = None
    scaler: StandardScaler | None = None
    clf: LogisticRegression | None = None

    def _matrix(self, selections: Sequence[Selection], *, fit: bool) -> sparse.csr_matrix:
        texts = [s.masked for s in selections]
        windows = [s.window for s in selections]
        dense = np.vstack([dense_row(s) for s in selections])
        if fit:
            self.vectorizer = TfidfVectorizer(
                ngram_range=(1, self.config.ngram_max), min_df=self.config.tfidf_min_df,
                max_features=self.config.tfidf_max_features, sublinear_tf=True, token_pattern=r"\S+",
            ).fit(texts)
            self.window_vectorizer = TfidfVectorizer(ngram_range=(1, 2), min_df=self.config.tfidf_min_df,
                                                     sublinear_tf=True, token_pattern=r"\S+").fit(windows)
            self.scaler = StandardScaler().fit(dense)
        assert self.vectorizer is not None and self.window_vectorizer is not None and self.scaler is not None
        return sparse.hstack([
            self.vectorizer.transform(texts),
            self.window_vectorizer.transform(windows) * self.config.window_weight,
            sparse.csr_matrix(self.scaler.transform(dense) * self.config.dense_weight),
        ], format="csr")

    def fit(self, selections: Sequence[Selection], y: Sequence[int],
            weights: Sequence[float] | None = None) -> Head:
        x = self._matrix(selections, fit=True)
        self.clf = LogisticRegression(C=self.config.C, max_iter=3000, class_weight="balanced",
                                      random_state=self.config.seed).fit(
            x, np.asarray(y), sample_weight=None if weights is None else np.asarray(weights, dtype=float))
        return self

    def proba(self, selections: Sequence[Selection]) -> np.ndarray:
        """P(class 1) for each selection."""
        assert self.clf is not None
        if not selections:
            return np.zeros(0)
        return self.clf.predict_proba(self._matrix(selections, fit=False))[:, list(self.clf.classes_).index(1)]

    def state(self) -> dict[str, Any]:
        for vectorizer in (self.vectorizer, self.window_vectorizer):
            _drop_run_specific_state(vectorizer)
        return {"vectorizer": self.vectorizer, "window_vectorizer": self.window_vectorizer, "scaler": self.scaler,
                "clf": self.clf}


@dataclass
class ComparisonModel:
    """The difference head (any difference vs none) and the direction head (I higher vs lower, given one)."""

    config: ComparisonConfig = field(default_factory=ComparisonConfig)
    difference_head: Head | None = None
    direction_head: Head | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def selections(self, prompts: Sequence[Prompt]) -> list[Selection]:
        return [select(p.abstract, intervention=p.intervention, comparator=p.comparator, outcome=p.outcome,
                       k=self.config.sentences) for p in prompts]

    def fit(self, selections: Sequence[Selection], differs: Sequence[bool], higher: Sequence[bool]) -> ComparisonModel:
        """``differs``: a significant difference was found; ``higher``: I was higher (read only where ``differs``)."""
        self.difference_head = Head(self.config).fit(selections, [int(d) for d in differs])
        with_difference = [i for i, d in enumerate(differs) if d]
        xs = [selections[i] for i in with_difference]
        ys = [int(higher[i]) for i in with_difference]
        weights = [1.0] * len(xs)
        if self.config.mirror_weight > 0:
            for i in with_difference:
                swapped = mirrored(selections[i])
                if swapped is not None:
                    xs.append(swapped)
                    ys.append(1 - int(higher[i]))
                    weights.append(self.config.mirror_weight)
        self.direction_head = Head(self.config).fit(xs, ys, weights)
        return self

    def predict(self, selections: Sequence[Selection]) -> list[Difference]:
        """One Difference per selection (batch form of ``difference``)."""
        if self.difference_head is None or self.direction_head is None:
            raise ComparisonModelMissing("the comparison model has not been trained")
        p_diff = self.difference_head.proba(selections)
        p_high = self.direction_head.proba(selections)
        out = []
        for s, pd_, ph in zip(selections, p_diff, p_high):
            direction: Direction | None = (HIGHER if ph >= 0.5 else LOWER) if pd_ >= 0.5 else None
            out.append(Difference(p_difference=round(float(pd_), 4), direction=direction, sentence=s.best,
                                  p_higher=round(float(ph), 4), arms_named=s.arms_named))
        return out

    # --- artifact -------------------------------------------------------------------------------
    def save(self, path: Path, *, run: dict[str, Any] | None = None) -> dict[str, Any]:
        """Write the joblib artifact and ``<name>.json`` (sha256 version, size, ``run`` details).

        Only learned state goes into the artifact (no paths, times or memory addresses), so
        the same data and code give the same bytes; ``run`` goes to the JSON alone.
        """
        if self.difference_head is None or self.direction_head is None:
            raise ComparisonModelMissing("nothing to save: the comparison model has not been trained")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        joblib.dump({"format": ARTIFACT_FORMAT, "config": asdict(self.config),
                     "difference": self.difference_head.state(), "direction": self.direction_head.state(),
                     "metadata": self.metadata}, buffer, compress=3)
        return write_artifact(path, buffer.getvalue(), self.metadata, run)

    @classmethod
    def load(cls, path: Path) -> ComparisonModel:
        data, version = COMPARISON_ARTIFACT.read(path)
        config = ComparisonConfig(**data["config"])
        model = cls(config=config, difference_head=Head(config, **data["difference"]),
                    direction_head=Head(config, **data["direction"]), metadata=dict(data["metadata"]))
        model.metadata["version"] = version
        return model

    @property
    def version(self) -> str:
        return str(self.metadata.get("version", "untrained"))


COMPARISON_ARTIFACT = ArtifactKind("comparison", "train_comparison", ARTIFACT_FORMAT, ComparisonModelMissing)
_models: ArtifactCache[ComparisonModel] = ArtifactCache(ComparisonModel.load)


def load_comparison_model(path: Path | None = None) -> ComparisonModel:
    """The artifact at ``path`` (default ``search/stance_model/comparison.joblib``), loaded once per process
    and again only when the file changes."""
    return _models.get(COMPARISON_ARTIFACT.require(Path(path or DEFAULT_PATH)))


def difference(model: ComparisonModel, *, intervention: str, comparator: str, outcome: str | None,
               abstract: str) -> Difference:
    """Did the study in ``abstract`` find ``intervention`` different from ``comparator`` on ``outcome``?

    ``outcome`` None, empty or vague ("effective", "better", "safer") reads the conclusion
    sentences instead of the sentences reporting one outcome. An empty abstract gives
    ``p_difference`` 0.5, no direction and no sentence: nothing was read.
    """
    if not (abstract or "").strip():
        return Difference(p_difference=0.5, direction=None, sentence="", p_higher=None)
    return model.predict(model.selections([Prompt(intervention, comparator, outcome, abstract)]))[0]


def overall_difference(model: ComparisonModel, *, intervention: str, comparator: str, abstract: str) -> Difference:
    """``difference`` for a question that names only the two arms ("Is X more effective than Y?")."""
    return difference(model, intervention=intervention, comparator=comparator, outcome=None, abstract=abstract)
