"""Boolean building and relaxation: PubMed-safe syntax, OR'ed publication types, year ranges, ordered relaxations."""
from __future__ import annotations

import datetime as dt
import re

import pytest

from documents.boolean_query import parse
from documents.sources.base import Filters
from search.pipeline.query_builder import build_queries, clean_term, concept_group, term, truncated
from search.pipeline.state import Concept

VITAMIN_C = Concept(
    text="vitamin C", synonyms=["vitamin c", "ascorbic acid"], mesh_heading="Ascorbic Acid", mesh_id="D001205",
    kind="drug",
)
COLD = Concept(
    text="colds", synonyms=["colds", "common cold", "coryza"], mesh_heading="Common Cold", mesh_id="D003139",
    kind="term",
)
LACE = Concept(text="lace plant leaves", synonyms=["lace plant leaves", "lace plant leaf"], kind="phrase")
SITTING = Concept(text="sitting", synonyms=["sitting", "sit"], kind="phrase")


def _balanced(query: str) -> bool:
    depth = 0
    for ch in re.sub(r'"[^"]*"', "", query):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0 and query.count('"') % 2 == 0


def test_strict_query_ors_synonyms_and_ands_concepts():
    strict, _ = build_queries([VITAMIN_C, COLD], Filters())
    assert strict == (
        '("ascorbic acid"[mh] OR "vitamin c"[tiab] OR "ascorbic acid"[tiab]) AND '
        '("common cold"[mh] OR colds[tiab] OR "common cold"[tiab] OR coryza[tiab]) AND '
        '("journal article"[pt] OR review[pt])'
    )


def test_user_publication_types_are_ored_not_anded_and_replace_the_default():
    filters = Filters(publication_types=["Randomized Controlled Trial", "Meta-Analysis"])
    strict, relaxations = build_queries([VITAMIN_C], filters)
    assert strict.endswith('("randomized controlled trial"[pt] OR "meta-analysis"[pt])')
    assert "journal article" not in strict
    # the user's choice is kept in every relaxation, and no "default filter dropped" step exists
    assert all('"randomized controlled trial"[pt] OR "meta-analysis"[pt]' in b for b, _ in relaxations)
    assert not any("publication-type" in note for _, note in relaxations)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (Filters(from_year=2000, to_year=2010), "2000:2010[dp]"),
        (Filters(from_year=2015), f"2015:{dt.date.today().year + 1}[dp]"),
        (Filters(to_year=1999), "1800:1999[dp]"),
    ],
)
def test_year_range_with_open_ends(filters, expected):
    strict, relaxations = build_queries([VITAMIN_C, COLD], filters)
    assert strict.endswith(" AND " + expected)
    assert all(b.endswith(expected) for b, _ in relaxations)


def test_relaxations_in_order_and_the_last_is_broad():
    strict, relaxations = build_queries([VITAMIN_C, COLD, SITTING], Filters())
    notes = [note for _, note in relaxations]
    assert notes[0] == "synonyms widened to free text with truncation"
    assert notes[1] == "default publication-type filter dropped"
    assert notes[2] == "any 2 of the 3 concepts"
    assert notes[-1] == "broad: any concept as free text"
    broad = relaxations[-1][0]
    assert " AND " not in broad and "cold*[tiab]" in broad and "sitting[tiab]" in broad
    assert len({b for b, _ in relaxations} | {strict}) == len(relaxations) + 1  # no repeats


def test_two_concepts_drop_the_least_specific():
    _, relaxations = build_queries([SITTING, VITAMIN_C], Filters())
    dropped = [(b, n) for b, n in relaxations if n.startswith("least specific concept dropped")]
    assert dropped and dropped[0][1].endswith("sitting")
    assert "sitting" not in dropped[0][0] and "vitamin c" in dropped[0][0]


def test_every_emitted_query_parses_in_the_local_corpus_parser():
    concepts = [VITAMIN_C, COLD, SITTING, LACE]
    strict, relaxations = build_queries(concepts, Filters(from_year=1990, publication_types=["Review"]))
    for boolean in [strict] + [b for b, _ in relaxations]:
        assert _balanced(boolean), boolean
        assert "()" not in boolean and "( " not in boolean
        parse(boolean)  # raises QuerySyntaxError on anything the local corpus would reject


def test_user_text_cannot_inject_syntax():
    nasty = Concept(text='heart" OR [mh] (x*', synonyms=['heart" OR [mh] (x*', "a"], kind="phrase")
    group = concept_group(nasty)
    assert "[mh]" not in group and "*" not in group
    assert term('he said "x" [y]', "tiab") == '"he said x y"[tiab]'
    assert term("and", "tiab") == '"and"[tiab]'  # a Boolean word is quoted, never an operator
    assert term('"[]"', "tiab") == "" and clean_term("()") == ""


def test_truncation_needs_four_characters_before_the_star():
    assert truncated("fractures") == "fractur*[tiab]"
    assert truncated("uses") == ""  # "use*" would be too short
    assert truncated("heart") == ""  # nothing stripped: no truncation, no "heartburn"


def test_free_text_phrase_needs_all_its_words_not_the_exact_phrase():
    group = concept_group(LACE)
    assert group == "(lace[tiab] AND plant[tiab] AND (leaves[tiab] OR leaf[tiab]))"


def test_no_concepts_no_query():
    assert build_queries([], Filters(from_year=2000)) == ("", [])


def test_the_outcome_asked_about_is_dropped_after_the_other_optional_concepts():
    """"Since starting nifedipine for my blood pressure my gums have got swollen": with nothing found for all of them,
    the blood pressure the drug is taken for goes before the gums asked about (which are less "specific" by kind)."""
    nifedipine = Concept(text="nifedipine", synonyms=["nifedipine"], mesh_heading="Nifedipine", mesh_id="D009543",
                         kind="drug")
    pressure = Concept(text="blood pressure", synonyms=["blood pressure"], mesh_heading="Blood Pressure",
                       mesh_id="D001794", kind="term")
    gums = Concept(text="gums", synonyms=["gums", "gingival overgrowth"], mesh_heading="Gingiva", kind="term")
    concepts = [nifedipine, pressure, gums]
    _, relaxations = build_queries(concepts, Filters(), required=[0], asked=[2])
    first_drop = next(n for _, n in relaxations if n.startswith("optional concepts dropped"))
    assert first_drop.endswith(": blood pressure")
    # Without an asked outcome, the least specific goes first, as before.
    _, relaxations = build_queries(concepts, Filters(), required=[0])
    first_drop = next(n for _, n in relaxations if n.startswith("optional concepts dropped"))
    assert first_drop.endswith(": gums")
