import datetime

import pytest

from medseba.api.errors import InvalidInput
from search.validation import clean_publication_types, clean_question, clean_years


@pytest.mark.parametrize("raw", ["", "   ", "\n\t ", None])
def test_empty_question_is_rejected(raw):
    with pytest.raises(InvalidInput) as exc:
        clean_question(raw)
    assert exc.value.field == "question"
    assert "empty" in exc.value.message


def test_whitespace_is_folded():
    assert clean_question("  Does   vitamin C\n prevent colds? ") == "Does vitamin C prevent colds?"


def test_over_long_question_names_the_limit():
    with pytest.raises(InvalidInput) as exc:
        clean_question("a" * 501)
    assert "501" in exc.value.message and "500" in exc.value.message
    assert clean_question("a" * 500) == "a" * 500


@pytest.mark.parametrize("raw", ["vitamin\x00c", "aspirin\x1b[31m", "dose\x7f"])
def test_control_characters_are_rejected(raw):
    with pytest.raises(InvalidInput, match="control characters"):
        clean_question(raw)


def test_publication_types_are_canonicalised_and_deduplicated():
    assert clean_publication_types(["review", "Randomized  Controlled Trial", "REVIEW"]) == [
        "Review",
        "Randomized Controlled Trial",
    ]


def test_unknown_publication_type_is_named():
    with pytest.raises(InvalidInput) as exc:
        clean_publication_types(["horoscope"])
    assert exc.value.field == "publication_types" and "horoscope" in exc.value.message


def test_year_rules():
    assert clean_years(1990, 2000) == (1990, 2000)
    assert clean_years(None, None) == (None, None)
    with pytest.raises(InvalidInput, match="after"):
        clean_years(2001, 2000)
    with pytest.raises(InvalidInput) as exc:
        clean_years(1700, None)
    assert exc.value.field == "from_year"
    with pytest.raises(InvalidInput):
        clean_years(None, datetime.date.today().year + 2)
