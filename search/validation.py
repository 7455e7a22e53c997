"""Input rules shared by the ``ask`` command and the API, so both reject the same things with the same words."""
from __future__ import annotations

import datetime as _dt

from medseba.api.errors import InvalidInput
from medseba.text import has_control_characters

MAX_QUESTION_CHARS = 500
MIN_YEAR = 1800
# PubMed publication types a user may filter on (the [pt] values), lower-case.
PUBLICATION_TYPES = {
    "journal article": "Journal Article",
    "review": "Review",
    "systematic review": "Systematic Review",
    "meta-analysis": "Meta-Analysis",
    "randomized controlled trial": "Randomized Controlled Trial",
    "clinical trial": "Clinical Trial",
    "controlled clinical trial": "Controlled Clinical Trial",
    "observational study": "Observational Study",
    "comparative study": "Comparative Study",
    "case reports": "Case Reports",
    "practice guideline": "Practice Guideline",
    "guideline": "Guideline",
    "multicenter study": "Multicenter Study",
}


def clean_question(raw: str | None) -> str:
    """Return the question with whitespace folded, or raise InvalidInput saying why it cannot be asked."""
    if raw is None or not raw.strip():
        raise InvalidInput("question", "Please type a question; it is empty.")
    if has_control_characters(raw):
        raise InvalidInput("question", "The question contains control characters; please type plain text.")
    question = " ".join(raw.split())
    if len(question) > MAX_QUESTION_CHARS:
        raise InvalidInput(
            "question", f"The question is {len(question)} characters long; the limit is {MAX_QUESTION_CHARS}."
        )
    return question


def clean_publication_types(values: list[str] | None) -> list[str]:
    """Canonical PubMed names for the requested publication types; unknown names are an error."""
    out: list[str] = []
    for value in values or []:
        key = " ".join(str(value).lower().split())
        if key not in PUBLICATION_TYPES:
            known = ", ".join(sorted(PUBLICATION_TYPES.values()))
            raise InvalidInput("publication_types", f"Unknown publication type {value!r}. Known types: {known}.")
        if PUBLICATION_TYPES[key] not in out:
            out.append(PUBLICATION_TYPES[key])
    return out


def latest_year() -> int:
    """The last publication year a filter may name (next year: PubMed lists articles ahead of print)."""
    return _dt.date.today().year + 1


def input_limits() -> dict[str, int]:
    """The limits above, for clients that check input before sending it (GET /api/searches/limits/)."""
    return {"question_max_chars": MAX_QUESTION_CHARS, "min_year": MIN_YEAR, "max_year": latest_year()}


_YEAR_NAMES = {"from_year": "start year", "to_year": "end year"}


def clean_years(from_year: int | None, to_year: int | None) -> tuple[int | None, int | None]:
    """The year filters, or InvalidInput in the words of the form ("The end year must be 2027 or earlier.")."""
    latest = latest_year()
    for name, year in (("from_year", from_year), ("to_year", to_year)):
        if year is not None and year < MIN_YEAR:
            raise InvalidInput(name, f"The {_YEAR_NAMES[name]} must be {MIN_YEAR} or later.")
        if year is not None and year > latest:
            raise InvalidInput(name, f"The {_YEAR_NAMES[name]} must be {latest} or earlier.")
    if from_year is not None and to_year is not None and from_year > to_year:
        raise InvalidInput("from_year", f"The start year ({from_year}) is after the end year ({to_year}).")
    return from_year, to_year
