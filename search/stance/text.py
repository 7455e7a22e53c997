"""The conclusion of an abstract: where a study states its answer (split by the product's own splitter)."""
from __future__ import annotations

import re

from search.sentences import split_sentences

# Structured abstracts from live PubMed keep labels such as "CONCLUSIONS:".
_CONCLUSION_LABEL = re.compile(
    r"\b(?:CONCLUSIONS?|CONCLUSIONS? AND (?:RELEVANCE|IMPLICATIONS)|INTERPRETATION|IMPLICATIONS|"
    r"MAIN CONCLUSIONS?|AUTHORS'? CONCLUSIONS?)\s*[:.]\s*"
)
CONCLUSION_SENTENCES = 3


def conclusion_sentences(abstract: str, *, last: int = CONCLUSION_SENTENCES) -> list[str]:
    """The labelled conclusion section if there is one, otherwise the last ``last`` sentences."""
    matches = list(_CONCLUSION_LABEL.finditer(abstract or ""))
    if matches:
        tail = abstract[matches[-1].end():]
        sentences = split_sentences(tail)
        if sentences:
            return sentences
    return split_sentences(abstract or "")[-last:]
