"""Sentences and the conclusion of an abstract: where a study states its answer."""
from __future__ import annotations

import re

# Split after . ! ? when the next sentence starts with a capital, digit or bracket;
# cheap and good enough for abstracts (no model loading on the request path).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\[])")
# Structured abstracts from live PubMed keep labels such as "CONCLUSIONS:".
_CONCLUSION_LABEL = re.compile(
    r"\b(?:CONCLUSIONS?|CONCLUSIONS? AND (?:RELEVANCE|IMPLICATIONS)|INTERPRETATION|IMPLICATIONS|"
    r"MAIN CONCLUSIONS?|AUTHORS'? CONCLUSIONS?)\s*[:.]\s*"
)
_ABBREVIATIONS = re.compile(r"\b(?:e\.g|i\.e|vs|et al|approx|Fig|no)\.\s+(?=[A-Z0-9])", re.IGNORECASE)

CONCLUSION_SENTENCES = 3


def split_sentences(text: str) -> list[str]:
    """Abstract -> sentences (keeps abbreviations like "vs." inside a sentence)."""
    text = " ".join(text.split())
    if not text:
        return []
    protected = _ABBREVIATIONS.sub(lambda m: m.group(0).replace(". ", ".\u00a0"), text)
    return [s.replace("\u00a0", " ").strip() for s in _SENTENCE_END.split(protected) if s.strip()]


def conclusion_sentences(abstract: str, *, last: int = CONCLUSION_SENTENCES) -> list[str]:
    """The labelled conclusion section if there is one, otherwise the last ``last`` sentences."""
    matches = list(_CONCLUSION_LABEL.finditer(abstract or ""))
    if matches:
        tail = abstract[matches[-1].end():]
        sentences = split_sentences(tail)
        if sentences:
            return sentences
    return split_sentences(abstract or "")[-last:]
