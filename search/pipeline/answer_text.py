"""Text helpers for the answer: conclusion sentences and cleaning (sentences split as locate splits them).

Abstract text and LLM output are both untrusted for display: links and markdown are
removed so nothing an abstract (or an LLM misled by one) says can put a link on the page,
and bracketed numbers in quoted abstract text are turned into parentheses so they are
never mistaken for our own ``[n]`` references.
"""
from __future__ import annotations

import re

from search.sentences import conclusion_sentences

# Its own headings (title case too, no AUTHORS' / AND RELEVANCE forms): the stance classifier was trained on
# search.stance.text's set, so the two stay as they are; the rule that applies them is one function.
_CONCLUSION_LABEL = re.compile(r"\b(?:CONCLUSIONS?|INTERPRETATIONS?|Conclusions?|Interpretations?)\s*[:.]\s+")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\(\s*[^)]*\)")
_URL = re.compile(r"(?:\b(?:https?|ftp)://|\bwww\.)[^\s<>\"')\]]+[^\s<>\"')\].,;:!?]?", re.IGNORECASE)
_MD_MARKUP = re.compile(r"(\*\*|__|`+|^#+\s*|^>\s*)", re.MULTILINE)
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]{0,200}>")
_BRACKET_NUMBERS = re.compile(r"\[(\s*\d+(?:\s*[-–,;]\s*\d+)*\s*)\]")
_SPACES = re.compile(r"\s+")


def conclusion_sentence(abstract: str) -> str | None:
    """The abstract's conclusion: first sentence of its CONCLUSION(S) section, else its last sentence.

    Used for per-study summaries; the title is never used (it states the topic, not the finding).
    """
    if not abstract or not abstract.strip():
        return None
    sentences = conclusion_sentences(abstract, label=_CONCLUSION_LABEL, last=1)  # stripped, never empty
    return sentences[0] if sentences else None


def strip_links(text: str) -> str:
    """Remove markdown links (keeping their words), bare URLs, HTML tags and markdown emphasis."""
    text = _MD_LINK.sub(lambda m: m.group(1), text or "")
    text = _URL.sub("", text)
    text = _HTML_TAG.sub("", text)
    text = _MD_MARKUP.sub("", text)
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    return _SPACES.sub(" ", text).strip()


def clean_quote(text: str, *, limit: int | None = 350) -> str:
    """Abstract text made safe to quote: no links, its own ``[12]`` citations as ``(12)``, bounded length (None: whole)."""
    text = strip_links(text)
    text = _BRACKET_NUMBERS.sub(lambda m: f"({m.group(1).strip()})", text)
    text = text.replace("“", '"').replace("”", '"')
    if limit is not None and len(text) > limit:
        cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
        text = cut + " …"
    return text
