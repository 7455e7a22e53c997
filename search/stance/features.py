"""Turn (question, abstract) pairs into features: embeddings, cues, and how the two relate.

Three kinds of evidence for a stance: what the conclusion says (cue counts, TF-IDF
n-grams, its embedding, whether its main verb is negated or hedged), how it relates to
the question (embedding product and difference, cosine, word overlap, cues in the sentence
closest to the question, question words under a negation), and what kind of question it
is (negated, comparative "A or B", "than", "similar?", "necessary?").
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from search.sentences import split_sentences

from . import cues
from .syntax import SYNTAX_NAMES, syntax_features
from .text import conclusion_sentences, content_words

Encoder = Callable[[list[str]], np.ndarray]

_AUX_START = re.compile(r"^\s*(?:is|are|was|were|does|do|did|can|could|should|has|have|will|would|may)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Pair:
    """One (question, abstract) with its conclusion worked out once."""

    question: str
    text: str
    conclusion: str
    parts: tuple[str, ...]  # the conclusion's sentences, split once here
    closest: str  # the conclusion sentence sharing most words with the question
    sentences: int  # sentences in the whole text


FULL_ABSTRACT_SENTENCES = 5


def is_full_abstract(pair: Pair) -> bool:
    """A whole abstract (what the product judges) rather than a short evidence passage."""
    return pair.sentences >= FULL_ABSTRACT_SENTENCES


def make_pair(question: str, text: str) -> Pair:
    sentences = conclusion_sentences(text) or [text]
    q_words = content_words(question)
    closest = max(sentences, key=lambda s: (len(q_words & content_words(s)), -sentences.index(s)))
    return Pair(question=question, text=text, conclusion=" ".join(sentences), parts=tuple(sentences), closest=closest,
                sentences=len(split_sentences(text)))


@dataclass(frozen=True)
class Encoded:
    question: np.ndarray
    conclusion: np.ndarray


def encode_pairs(pairs: Sequence[Pair], encoder: Encoder) -> Encoded:
    """Embed each distinct question and conclusion once (questions repeat across papers)."""
    unique = list(dict.fromkeys([p.question for p in pairs] + [p.conclusion for p in pairs]))
    vectors = encoder(unique)
    index = {t: i for i, t in enumerate(unique)}
    return Encoded(
        question=vectors[[index[p.question] for p in pairs]],
        conclusion=vectors[[index[p.conclusion] for p in pairs]],
    )


def _question_features(question: str) -> list[float]:
    q = question.lower()
    return [
        float(bool(cues.QUESTION_NEGATION.search(q))),
        float(bool(re.search(r"\bor\b", q))),
        float(bool(re.search(r"\b(?:than|versus|vs\.?|compared|better|worse|superior)\b", q))),
        float(bool(_AUX_START.search(q))),
        float(q.rstrip().endswith("?")),
        np.log1p(len(q.split())),
    ]


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a) if a else 0.0


def handcrafted(pair: Pair) -> np.ndarray:
    """Cue counts and question/conclusion overlap: a few dozen interpretable numbers."""
    conc = cues.count_cues(pair.conclusion).array()
    closest = cues.count_cues(pair.closest).array()
    whole = cues.count_cues(pair.text).array()
    q_feats = _question_features(pair.question)
    q_words = content_words(pair.question)
    q_neg = q_feats[0]
    n_sent = max(1, len(pair.parts))
    extra = [
        _overlap(q_words, content_words(pair.conclusion)),
        _overlap(q_words, content_words(pair.closest)),
        _overlap(q_words, content_words(pair.text)),
        np.log1p(len(pair.text.split())),
        np.log1p(n_sent),
        q_neg * float(closest[0] > 0),  # negated question x "no effect" conclusion
        q_neg * float(closest[2] > 0),
        float(closest[0] > 0 and closest[2] == 0),  # only no-effect cues
        float(closest[2] > 0 and closest[0] == 0),  # only effect cues
        float(closest[3] > 0),
    ]
    return np.concatenate(
        [np.log1p(conc), np.log1p(closest), np.log1p(whole), conc / n_sent, np.asarray(q_feats + extra, np.float32)]
    ).astype(np.float32)


def lexical_features(pairs: Sequence[Pair]) -> np.ndarray:
    """[handcrafted | syntax]: everything that needs no sentence embedding."""
    if not pairs:
        return np.zeros((0, lexical_size()), np.float32)
    hand = np.vstack([handcrafted(p) for p in pairs])
    syntax = syntax_features([p.question for p in pairs], [p.parts for p in pairs])
    return np.hstack([hand, syntax]).astype(np.float32)


def dense_features(pairs: Sequence[Pair], encoded: Encoded | None) -> np.ndarray:
    """[handcrafted | syntax | q*c | |q-c| | c | cosine] for each pair; only the first two blocks without ``encoded``."""
    hand = lexical_features(pairs)
    if encoded is None:
        return hand
    q, c = encoded.question, encoded.conclusion
    cosine = np.sum(q * c, axis=1, keepdims=True)
    return np.hstack([hand, q * c, np.abs(q - c), c, cosine]).astype(np.float32)


@lru_cache(maxsize=1)
def lexical_size() -> int:
    """Width of the embedding-free block at the start of every dense feature row."""
    return handcrafted(make_pair("Is it?", "It is.")).shape[0] + len(SYNTAX_NAMES)
