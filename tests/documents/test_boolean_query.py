"""Parsing PubMed Boolean queries: left-to-right operators, tags, phrases, truncation, error positions."""
from __future__ import annotations

import pytest

from documents.boolean_query import Term, apply_filters, compile_query, parse, term_tsquery
from documents.sources.base import Filters, QuerySyntaxError


def shape(node) -> str:
    if isinstance(node, Term):
        return node.text + (f"[{node.field}]" if node.field != "all" else "")
    return f"({shape(node.left)} {node.op} {shape(node.right)})"


def test_operators_evaluate_left_to_right_without_precedence():
    assert shape(parse("a OR b AND c")) == "((a OR b) AND c)"
    assert shape(parse("a AND b OR c")) == "((a AND b) OR c)"
    assert shape(parse("a NOT b OR c")) == "((a NOT b) OR c)"
    assert shape(parse("a OR (b AND c)")) == "(a OR (b AND c))"


def test_adjacent_terms_are_anded_and_words_group_under_one_tag():
    node = parse('heart attack[tiab] "aspirin use"')
    assert shape(node) == "(heart attack[tiab] AND aspirin use)"
    assert node.right.phrase and not node.left.phrase


def test_lower_case_operators_are_words():
    assert shape(parse("salt and pepper")) == "salt and pepper"


@pytest.mark.parametrize(
    ("tag", "field"),
    [("tiab", "tiab"), ("Title/Abstract", "tiab"), ("ti", "ti"), ("ab", "ab"), ("MeSH Terms", "mh"), ("mh", "mh"),
     ("pt", "pt"), ("dp", "dp"), ("tw", "all"), ("All Fields", "all"), ("la", "la")],
)
def test_field_tags(tag, field):
    text = "2001" if field == "dp" else "x"
    assert parse(f"{text}[{tag}]").field == field


def test_date_ranges():
    assert parse("2000:2010[dp]").years == (2000, 2010)
    assert parse("2005[dp]").years == (2005, 2005)
    assert parse("2023/06[dp]").years == (2023, 2023)
    assert parse("2010 : 2000[dp]").years == (2000, 2010)


@pytest.mark.parametrize(
    ("query", "message", "position"),
    [
        ("(asthma OR copd AND steroid", "unbalanced parenthesis", 0),
        ("asthma OR copd) AND steroid", "unbalanced parenthesis", 14),
        ("(asthma OR copd) AND (steroid", "unbalanced parenthesis", 21),
        ("asthma[xyz]", "unknown field tag [xyz]", 6),
        ('asthma AND "inhaled steroid', "unterminated quote", 11),
        ("asthma AND", "expected a term after AND", 7),
        ("AND asthma", "operator AND needs a term before it", 0),
        ("asthma OR OR copd", "operator OR needs a term before it", 10),
        ("asthma AND ()", "empty parentheses", 11),
        ("asthma AND 20x0[dp]", "invalid publication date", 11),
        ("vac*[tiab]", "needs at least 4 characters", 0),
        ("va*ccine", "only allowed at the end", 0),
        ("asthma[tiab", "unterminated field tag", 6),
        ("", "empty query", 0),
    ],
)
def test_syntax_errors_name_the_position(query, message, position):
    with pytest.raises(QuerySyntaxError) as err:
        parse(query)
    assert message in err.value.message
    assert err.value.position == position
    assert str(err.value).endswith(f"at position {position}")


def test_filters_are_appended_pubmed_style():
    filters = Filters(from_year=2000, to_year=2010, publication_types=["Review", "Meta-Analysis"])
    query = apply_filters("a OR b", filters)
    assert query == '(a OR b) AND 2000:2010[dp] AND ("Review"[pt] OR "Meta-Analysis"[pt])'
    assert apply_filters("a", Filters(to_year=1999)) == "(a) AND 1000:1999[dp]"
    assert apply_filters("a", Filters()) == "(a)"


def fake_lexemes(words: list[str]) -> dict[str, str]:
    """Stand-in for PostgreSQL: lower-case, 'of' as the only stop word, two-part words as phrases."""
    out = {}
    for w in words:
        parts = [p for p in w.lower().split() if p != "of"]
        out[w] = " <-> ".join(f"'{p}'" for p in parts)
    return out


def test_tsquery_weights_phrases_and_prefixes():
    assert term_tsquery(parse('"quality of life"[ti]'), fake_lexemes(["quality", "of", "life"])) == \
        "('quality':A) <2> ('life':A)"
    assert term_tsquery(parse("vaccin* trial[tiab]"), fake_lexemes(["vaccin", "trial"])) == \
        "('vaccin':*AB) & ('trial':AB)"
    assert term_tsquery(parse("heart failure[mh]"), fake_lexemes(["heart", "failure"])) == \
        "('heart':C) <-> ('failure':C)"
    assert term_tsquery(parse("ACE-inhibitors"), fake_lexemes(["ACE inhibitors"])) == "('ace' <-> 'inhibitors')"


def test_compile_tracks_negation_for_publication_types_and_ranks_positive_terms():
    compiled = compile_query(parse("cough AND review[pt] NOT editorial[pt] NOT placebo"), fake_lexemes)
    assert "cardinality(publication_types) = 0 OR" in compiled.where  # review[pt]: unknown types kept
    assert compiled.where.count("cardinality") == 1  # editorial[pt] under NOT: unknown not excluded
    assert compiled.params == ["('cough')", "review", "editorial", "!(('placebo'))"]
    assert compiled.rank_query == "(('cough'))"


def test_text_conditions_merge_into_one_tsquery_so_each_row_is_matched_once():
    compiled = compile_query(parse("(cough OR wheeze) AND asthma NOT placebo"), fake_lexemes)
    assert compiled.where == "search_vector @@ %s::tsquery"
    assert compiled.params == ["(((('cough')) | (('wheeze'))) & (('asthma'))) & (!(('placebo')))"]


def test_stop_word_only_terms_are_ignored_and_all_stop_words_is_an_error():
    compiled = compile_query(parse("of AND cough"), fake_lexemes)
    assert compiled.params == ["('cough')"]
    with pytest.raises(QuerySyntaxError, match="no searchable terms"):
        compile_query(parse("of"), fake_lexemes)
