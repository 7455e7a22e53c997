"""The abbreviations an abstract defines, found and written out, and quotes given back as written."""
from __future__ import annotations

from search.stance.abbreviations import defined_abbreviations, expand, relevant

ABSTRACT = ("Amitriptyline (AT) is a standard therapy for postherpetic neuralgia (PHN). A trial of AT versus "
            "nortriptyline (NT) was run. AT and NT appear to have a similar analgesic action in PHN.")


def test_definitions_are_found_by_their_letters():
    assert defined_abbreviations(ABSTRACT) == {"AT": "Amitriptyline", "PHN": "postherpetic neuralgia",
                                               "NT": "nortriptyline"}
    assert defined_abbreviations("C-reactive protein (CRP) rose.") == {"CRP": "C-reactive protein"}
    combination = "hydrocodone with ibuprofen (HC/IB) against oxycodone with acetaminophen (OX/AC)"
    assert defined_abbreviations(combination) == {"HC/IB": "hydrocodone with ibuprofen",
                                                  "OX/AC": "oxycodone with acetaminophen"}


def test_brackets_that_define_nothing_are_left_alone():
    assert defined_abbreviations("Doses were 5 mg (n = 40) and 10 mg (P < 0.05) in women (40%).") == {}
    assert defined_abbreviations("The trial (ACE) tested lisinopril.") == {}  # the letters are not in the words before
    assert defined_abbreviations("angiotensin-converting enzyme (ACE) inhibitor (ACE-I)") == {
        "ACE": "angiotensin-converting enzyme"}  # a long form never runs across a bracket


def test_uses_are_written_out_as_whole_words_in_their_case():
    definitions = relevant(defined_abbreviations(ABSTRACT), ["amitriptyline", "nortriptyline"])
    assert definitions == {"AT": "Amitriptyline", "NT": "nortriptyline"}
    expanded = expand(ABSTRACT + " Patients sat at rest; ATX is unrelated.", definitions)
    assert "Amitriptyline and nortriptyline appear to have a similar analgesic action in PHN." in expanded.text
    assert "Amitriptyline (AT)" in expanded.text and "nortriptyline (NT)" in expanded.text  # definitions as written
    assert "sat at rest; ATX is" in expanded.text


def test_a_quote_from_the_written_out_text_is_given_back_as_the_abstract_writes_it():
    expanded = expand(ABSTRACT, relevant(defined_abbreviations(ABSTRACT), ["amitriptyline", "nortriptyline"]))
    sentence = "Amitriptyline and nortriptyline appear to have a similar analgesic action in PHN."
    assert expanded.original(sentence) == "AT and NT appear to have a similar analgesic action in PHN."
    assert expanded.original("A trial of Amitriptyline versus nortriptyline (NT) was run.") == (
        "A trial of AT versus nortriptyline (NT) was run.")
    assert expanded.original("not in the text") == "not in the text"
    plain = expand("No abbreviations here.", {})
    assert plain.text == "No abbreviations here." and plain.original("here") == "here"
