"""The abbreviations an abstract defines for itself, written out where it uses them.

Abstracts name their arms once and then by letters: "Amitriptyline (AT) ... nortriptyline (NT) ... AT and NT
appear to have a similar analgesic action", "hydrocodone with ibuprofen (HC/IB)". The readers of a finding look
for the question's names in lower-cased text, so "AT" is invisible to them (and could never be added as a name:
lower-cased it is the word "at"). Writing the long form in place of each later use lets every reader see the arm.

A definition is "<long form> (<ABBR>)" where ABBR has a capital letter and 2–10 characters, and the long form is
found as Schwartz & Hearst (2003) do: the shortest run of words just before the bracket in which the letters of
ABBR occur in order, the first one starting a word. Uses are replaced only as whole words, in the case defined.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from collections.abc import Iterable

from .text import first_name_at

_DEFINITION = re.compile(r"\(\s*(?P<abbr>[A-Za-z][A-Za-z0-9/\-]{1,9})\s*\)")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\-]*")
MAX_EXTRA_WORDS = 5  # Schwartz & Hearst: at most min(len(ABBR) + 5, 2 * len(ABBR)) words in the long form


def _long_form(before: str, abbr: str) -> str | None:
    """The shortest run of trailing words of ``before`` that spells ``abbr`` (letters in order, first at a word start)."""
    letters = [c.lower() for c in abbr if c.isalnum()]
    if not letters or not letters[0].isalpha():
        return None
    words = list(_WORD.finditer(before))
    limit = min(len(letters) + MAX_EXTRA_WORDS, 2 * len(letters))
    for count in range(1, min(limit, len(words)) + 1):
        start = words[-count].start()
        candidate = before[start:].rstrip(" ,;:")
        if candidate and _spells(candidate.lower(), letters):
            return candidate
    return None


def _spells(text: str, letters: list[str]) -> bool:
    """Whether the letters occur in ``text`` in order from its end backwards, the first at a word start."""
    at = len(text) - 1
    for i in range(len(letters) - 1, -1, -1):
        letter = letters[i]
        while at >= 0 and (text[at] != letter or (i == 0 and at > 0 and text[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return False
        at -= 1
    return True


def defined_abbreviations(text: str) -> dict[str, str]:
    """ABBR -> long form for each "<long form> (ABBR)" in ``text`` (the first definition of an ABBR wins)."""
    found: dict[str, str] = {}
    for m in _DEFINITION.finditer(text or ""):
        abbr = m.group("abbr")
        if abbr in found or not any(c.isupper() for c in abbr) or abbr.isdigit():
            continue
        sentence_start = max(text.rfind(". ", 0, m.start()), text.rfind("(", 0, m.start()), -1) + 1
        long_form = _long_form(text[sentence_start: m.start()], abbr)
        if (long_form and long_form.lower() != abbr.lower() and len(long_form) > len(abbr)
                and not any(c in long_form for c in "()[]")):
            found[abbr] = long_form
    return found


def relevant(definitions: dict[str, str], names: Iterable[str]) -> dict[str, str]:
    """The definitions whose long form contains one of ``names`` (lower-cased, as whole words): only the
    abbreviations of what the question is about are written out, so nothing else in the text changes."""
    wanted = [n for n in names if n]
    return {abbr: long for abbr, long in definitions.items() if first_name_at(long.lower(), wanted) >= 0}


@dataclass(frozen=True)
class Expansion:
    """A text with its defined abbreviations written out, and the way back to the words as written.

    ``spans`` holds, for each use written out, (start, end) in ``text`` and (start, end) in ``source``."""

    source: str
    text: str
    spans: tuple[tuple[int, int, int, int], ...] = ()

    def original(self, fragment: str | None) -> str:
        """The words of ``source`` a fragment of ``text`` was made from (a quote must be what the abstract says);
        a fragment not found in ``text`` is returned as it is."""
        if not fragment or not self.spans:
            return fragment or ""
        start = self.text.find(fragment)
        if start < 0:
            return fragment
        return self.source[self._back(start, end=False): self._back(start + len(fragment), end=True)]

    def _back(self, at: int, *, end: bool) -> int:
        shift = 0
        for t_start, t_end, s_start, s_end in self.spans:
            if at <= t_start if end else at < t_start:
                break
            if at < t_end or (end and at == t_end):
                return s_end if end else s_start  # inside a written-out use: the whole abbreviation
            shift = s_end - t_end
        return at + shift


def expand(text: str, definitions: dict[str, str]) -> Expansion:
    """``text`` with each use of a defined ABBR (whole word, same case) written as its long form; the
    definitions themselves ("long form (ABBR)") are left as written."""
    text = text or ""
    if not definitions or not text:
        return Expansion(text, text)
    pattern = re.compile(r"(?<![A-Za-z0-9(/\-])(?:" + "|".join(
        re.escape(a) for a in sorted(definitions, key=len, reverse=True)) + r")(?![A-Za-z0-9\-)]|/[A-Za-z])")
    parts: list[str] = []
    spans: list[tuple[int, int, int, int]] = []
    last, length = 0, 0
    for m in pattern.finditer(text):
        parts.append(text[last: m.start()])
        length += m.start() - last
        long_form = definitions[m.group(0)]
        spans.append((length, length + len(long_form), m.start(), m.end()))
        parts.append(long_form)
        length += len(long_form)
        last = m.end()
    parts.append(text[last:])
    return Expansion(text, "".join(parts), tuple(spans))
