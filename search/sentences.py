"""Split a biomedical abstract into sentences, dropping section labels.

A small rule-based splitter rather than a general one: abstracts are full of periods that
do not end a sentence ("et al.", "e.g.", "vs.", "Fig. 2", "U.S.", "approx. 20%") and of
section labels ("BACKGROUND:", "Methods and results:") that are not sentences. pysbd gets
most of these but splits "Approx. 20%" and keeps labels glued to sentences, and is ~50x slower.

Rules: a boundary is ``.``/``?``/``!`` (plus closing quotes/brackets), then whitespace, then
an upper-case letter, a digit or an opening bracket; never after a known abbreviation or a
dotted acronym (``U.S.``). A section label (all capitals, or a known title-case label) ending
in ``:`` at the start of a sentence, or an all-capital known label anywhere, starts a new
sentence and is removed from its text.
"""
from __future__ import annotations

import re

# Lower-cased tokens (without their final period) after which a period does not end a sentence.
ABBREVIATIONS = frozenset(
    """
    al e.g eg i.e ie vs v fig figs approx ca cf no nos dr mr mrs ms prof st jr sr inc ltd co corp dept univ
    vol eq ref refs resp sp spp var subsp ed eds et seq viz incl est
    jan feb mar apr jun jul aug sep sept oct nov dec
    """.split()
)

# Words that make up section labels, for labels found without a preceding sentence end
# ("... to assess X DESIGN: Randomised trial SETTING: ...").
LABEL_WORDS = frozenset(
    """
    abstract aim aims and authors background case clinical conclusion conclusions context data
    design discussion evidence findings funding hypothesis importance interpretation interventions
    intervention introduction level limitations main material materials measure measures measurements
    method methods methodology objective objectives of outcome outcomes participants patients presentation
    principal purpose rationale registration relevance report research results review search selection setting
    settings significance sources study summary synthesis trial acquisition extraction collection analysis
    analyses criteria primary secondary statement subjects population
    """.split()
)

_LABEL_WORD = r"[A-Z][A-Za-z'’]*"
# "BACKGROUND:" / "MATERIALS AND METHODS:" / "Methods and results:" / "AUTHORS' CONCLUSIONS:"
_LABEL_AT_START = re.compile(
    rf"^\s*((?:{_LABEL_WORD}|and|of|&)(?:[ ,/&-]+(?:{_LABEL_WORD}|and|of|&|[a-z]+)){{0,5}})\s*:\s*"
)
# "OBJECTIVE To assess ..." (a label without a colon, only when every word is a label word).
_CAPS_LABEL_NO_COLON = re.compile(r"^\s*([A-Z][A-Z'’]+(?:[ ,/&-]+[A-Z][A-Z'’]*){0,5})\s+(?=[A-Z][a-z])")
_CAPS_LABEL = re.compile(r"(?<![\w(])([A-Z][A-Z'’]+(?:[ ,/&-]+[A-Z][A-Z'’]*){0,5})\s*:\s+")

_BOUNDARY = re.compile(r"([.?!]+)([\"'”’)\]]*)(\s+)(?=[\"“(\[]?[A-Z0-9])")
_DOTTED_ACRONYM = re.compile(r"(?:\b[A-Za-z]\.){2,}$")


def _is_label(text: str) -> bool:
    words = [w for w in re.split(r"[ ,/&'’-]+", text.lower()) if w]
    if not words or len(words) > 6:
        return False
    if text.isupper() and sum(len(w) for w in words) >= 3:
        # All-capital labels: accept when any word is a label word ("OBJECTIVE", "MAIN OUTCOME MEASURES")
        # or the label is long enough not to be an acronym such as "HIV" or "CI".
        return any(w in LABEL_WORDS for w in words) or (len(words) == 1 and len(words[0]) >= 6)
    return all(w in LABEL_WORDS for w in words)


def strip_label(sentence: str) -> str:
    """Remove a leading section label ("RESULTS: ...") from one sentence."""
    return _strip_label_keeping(sentence)[0]


def _strip_label_keeping(sentence: str) -> tuple[str, str | None]:
    """The sentence without its leading label(s), and the last label removed (None when it had none)."""
    label: str | None = None
    while True:
        m = _LABEL_AT_START.match(sentence)
        if m and _is_label(m.group(1)):
            label = m.group(1)
            sentence = sentence[m.end():]
            continue
        m = _CAPS_LABEL_NO_COLON.match(sentence)
        if m and all(w in LABEL_WORDS for w in re.split(r"[ ,/&'’-]+", m.group(1).lower()) if w):
            label = m.group(1)
            sentence = sentence[m.end():]
            continue
        return sentence.strip(), label


def _split_before_labels(text: str) -> list[str]:
    """Cut before every all-capital label word sequence followed by ':' (labels inside running text)."""
    parts: list[str] = []
    start = 0
    for m in _CAPS_LABEL.finditer(text):
        label = m.group(1)
        if m.start() > start and _is_label(label) and any(w in LABEL_WORDS for w in label.lower().split()):
            parts.append(text[start:m.start()])
            start = m.start()
    parts.append(text[start:])
    return parts


def _ends_with_abbreviation(chunk: str) -> bool:
    token = chunk.rsplit(None, 1)[-1] if chunk.strip() else ""
    token = token.lstrip("([\"'“")
    if _DOTTED_ACRONYM.search(token):
        return True
    bare = token.rstrip(".").lower()
    return bare in ABBREVIATIONS or f"{bare}." in ABBREVIATIONS


def _split_block(block: str) -> list[str]:
    sentences: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(block):
        end = m.end(2)
        candidate = block[start:end]
        if m.group(1) == "." and not m.group(2) and _ends_with_abbreviation(candidate):
            continue
        sentences.append(candidate)
        start = m.end()
    sentences.append(block[start:])
    return sentences


# MEDLINE's marker on abstracts cut at 250/400 words: an editorial note, not the authors' text.
_TRUNCATION_MARKER = re.compile(r"\(?\s*ABSTRACT TRUNCATED(?: AT \d+ WORDS)?\s*\)?", re.IGNORECASE)


def split_sentences(abstract: str) -> list[str]:
    """The sentences of ``abstract`` in order, labels and MEDLINE truncation markers removed, empty pieces dropped."""
    return [sentence for sentence, _ in split_labelled(abstract)]


def split_labelled(abstract: str) -> list[tuple[str, str | None]]:
    """Each sentence of ``abstract`` (exactly as :func:`split_sentences` gives them) with its section label.

    The label is the one in force where the sentence stands ("RESULTS" for every sentence after
    "RESULTS:" until the next label), upper-cased; None where the abstract has no label before it.
    The best-sentence scorer uses it, when an abstract keeps its labels, to tell results from methods.
    """
    text = re.sub(r"\s+", " ", _TRUNCATION_MARKER.sub(" ", abstract or "")).strip()
    if not text:
        return []
    out: list[tuple[str, str | None]] = []
    current: str | None = None
    for block in _split_before_labels(text):
        for piece in _split_block(block):
            sentence, label = _strip_label_keeping(piece)
            if label is not None:
                current = re.sub(r"\s+", " ", label).upper()
            if re.search(r"\w", sentence):
                out.append((sentence, current))
    return out


def conclusion_sentences(abstract: str, *, label: re.Pattern[str], last: int) -> list[str]:
    """The sentences after the last match of ``label`` (a conclusion section's heading) when there are any,
    otherwise the last ``last`` sentences of the abstract.

    The one rule for "where an abstract concludes"; the stance features and the answer's per-study summary pass
    the heading patterns they were built with (they differ: see search/stance/text.py and answer_text.py).
    """
    matches = list(label.finditer(abstract or ""))
    if matches:
        sentences = split_sentences(abstract[matches[-1].end():])
        if sentences:
            return sentences
    return split_sentences(abstract or "")[-last:]
