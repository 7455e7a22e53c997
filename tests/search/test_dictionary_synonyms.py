"""The drug dictionary's scraped markup ("title=dapril", "website=publisher=drugsite trust") never becomes a synonym."""
from __future__ import annotations

import pytest

from search.pipeline.concepts import _dictionaries, extract_concepts, is_markup_residue, load, pick_synonyms

JUNK = ["title=dapril", "website=publisher=drugsite trust", '&lt;ref name=&quot;daprildrugs&quot;&gt;{{cite web']


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


def test_the_shipped_dictionary_really_holds_the_junk_the_filter_removes():
    drugs, _ = _dictionaries()
    raw = drugs.variants_of[drugs.lookup("lisinopril")["canonical"]]
    assert set(JUNK) <= set(raw)  # the package data as shipped (if it is ever cleaned, this test says so)


def test_lisinopril_synonyms_keep_real_names_and_drop_markup():
    drugs, _ = _dictionaries()
    synonyms = drugs.lookup("lisinopril")["synonyms"]
    assert "lisinopril" in synonyms and "lysinopril" in synonyms
    assert not set(JUNK) & set(synonyms)
    assert not [s for s in synonyms if is_markup_residue(s)]


def test_no_dictionary_entry_gives_a_synonym_with_markup():
    for dictionary in _dictionaries():
        for canonical in list(dictionary.variants_of)[:: max(1, len(dictionary.variants_of) // 3000)] + ["lisinopril"]:
            entry = dictionary.lookup(canonical) if canonical in dictionary.variant_to_canonical else None
            if entry:
                assert not [s for s in entry["synonyms"] if is_markup_residue(s)], canonical


def test_question_about_lisinopril_searches_only_real_names():
    concept = next(c for c in extract_concepts("Does lisinopril lower blood pressure?").concepts if c.text == "lisinopril")
    assert concept.synonyms and not [s for s in concept.synonyms if "=" in s or "&" in s or "{" in s]


@pytest.mark.parametrize("text", JUNK + ["vauthors = nordegren t", "tradename \t= camoquin", "work=mint"])
def test_pick_synonyms_refuses_markup_even_when_offered(text):
    assert pick_synonyms(["lisinopril"], [text]) == ["lisinopril"]


@pytest.mark.parametrize("text", ["ace inhibitor", "lisinopril", "vitamin b12", "co-trimoxazole", "st. john's wort"])
def test_real_names_are_not_markup(text):
    assert not is_markup_residue(text)
