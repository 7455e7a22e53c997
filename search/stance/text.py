"""Text helpers with no imports inside the package: an abstract's conclusion (where a study states its answer, split
by the product's own splitter) and the content words of a text."""
from __future__ import annotations

import re

from search.sentences import conclusion_sentences as conclusions

# Structured abstracts from live PubMed keep labels such as "CONCLUSIONS:".
_CONCLUSION_LABEL = re.compile(
    r"\b(?:CONCLUSIONS?|CONCLUSIONS? AND (?:RELEVANCE|IMPLICATIONS)|INTERPRETATION|IMPLICATIONS|"
    r"MAIN CONCLUSIONS?|AUTHORS'? CONCLUSIONS?)\s*[:.]\s*"
)
CONCLUSION_SENTENCES = 3

_WORD = re.compile(r"[a-z0-9][a-z0-9\-]+")
_STOP = frozenset(
    ["a", "an", "the", "of", "in", "on", "at", "to", "for", "with", "by", "from", "and", "or", "but", "is", "are", "was", "were", "be", "been", "being", "do", "does", "did", "has", "have", "had", "can", "could", "should", "would", "will", "may", "might", "there", "this", "that", "these", "those", "it", "its", "as", "than", "vs", "versus", "into", "among", "between", "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "patients", "patient", "study", "studies", "effect", "effects", "use", "using"]
)


def conclusion_sentences(abstract: str, *, last: int = CONCLUSION_SENTENCES) -> list[str]:
    """The labelled conclusion section if there is one, otherwise the last ``last`` sentences."""
    return conclusions(abstract, label=_CONCLUSION_LABEL, last=last)


def content_words(text: str) -> set[str]:
    """The lower-cased words of ``text`` that carry meaning (no function words, no "patients" / "study")."""
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


def _name_positions(text: str, names: list[str] | tuple[str, ...]):
    for name in names:
        if name:
            yield from (m.start() for m in re.finditer(rf"(?<![a-z0-9]){re.escape(name)}", text))


def first_name_at(text: str, names) -> int:
    """Where the first of ``names`` starts in lower-cased ``text`` as a whole word ("omeprazole" is not in
    "esomeprazole"), or -1."""
    return min(_name_positions(text, names), default=-1)


def last_name_at(text: str, names) -> int:
    """Where the last written of ``names`` starts in lower-cased ``text`` as a whole word, or -1."""
    return max(_name_positions(text, names), default=-1)
