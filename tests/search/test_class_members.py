"""A class arm is recognised by its members' naming stem and its abbreviations."""
from __future__ import annotations

from search.pipeline.class_members import class_names, stem_of


def test_the_stem_comes_from_the_class_names():
    assert stem_of(["angiotensin receptor blockers", "arb"]) == "sartan"
    assert stem_of(["angiotensin-converting enzyme inhibitors", "ace"]) == "pril"
    assert stem_of(["antihistamines"]) is None
    assert stem_of(["eletriptan"]) is None  # one triptan is not the class
    assert stem_of(["triptans"]) == "triptan"


def test_members_and_abbreviations_join_the_arm():
    names = class_names(["angiotensin-converting enzyme inhibitors"], ["lisinopril", "losartan", "enalapril"])
    assert {"lisinopril", "enalapril", "aceis"} <= set(names) and "losartan" not in names


def test_an_unknown_class_keeps_its_names():
    assert class_names(["antihistamines"], ["loratadine"]) == ["antihistamines"]
