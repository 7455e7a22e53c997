"""Best sentence with the real model: from the abstract only, cached per (model, PMID), index into the cached list."""
from __future__ import annotations

import json
from collections.abc import Callable
from itertools import islice
from typing import Any

import numpy as np
import pytest

from documents.models import SentenceEmbedding
from documents.sources.base import Record
from search import embeddings
from search.pipeline.locate import (
    FINDING_BONUS,
    candidate_mask,
    choose_quote,
    finding_bonus,
    locate,
    locate_ranked,
    pick,
    sentence_model_key,
)
from search.pipeline.state import Frame
from search.sentences import split_sentences
from tests.conftest import DATA


def with_the_model(test: Callable[..., None]) -> Callable[..., None]:
    """Marks a test that loads the real sentence model and caches its sentences in the database.

    One place for the pair of marks (``slow``: the fast lane, --fast, leaves it out; ``django_db``: the cache).
    """
    return pytest.mark.slow(pytest.mark.django_db(test))


ABSTRACT = (
    "BACKGROUND: Migraine is a common and disabling headache disorder. "
    "METHODS: We randomised 300 adults with migraine to sumatriptan or placebo. "
    "RESULTS: Headache relief at two hours was reported by 62% with sumatriptan vs. 28% with placebo (p < 0.001). "
    "CONCLUSIONS: Sumatriptan relieves migraine headache."
)


@with_the_model
def test_picks_the_answering_sentence_never_the_title():
    title = "Does sumatriptan relieve migraine headache?"
    record = Record(pmid="900001", title=title, abstract=ABSTRACT)

    best = locate("Does sumatriptan relieve migraine headache?", [record])["900001"]

    sentences = split_sentences(ABSTRACT)
    assert best.text in sentences[2:]  # a finding, not the background or the methods
    assert sentences[best.index] == best.text
    assert best.text != title and not best.text.startswith(("RESULTS", "CONCLUSIONS"))
    assert round(best.score, 4) == best.score


@with_the_model
def test_sentences_are_cached_and_embedded_once(count_encoded):
    record = Record(pmid="900002", title="", abstract=ABSTRACT)
    first = locate("Does sumatriptan work?", [record])
    count_encoded.clear()

    second = locate("Does sumatriptan work?", [record])

    assert count_encoded == [["Does sumatriptan work?"]]
    assert second == first
    row = SentenceEmbedding.objects.get(model=sentence_model_key(), pmid="900002")
    assert row.sentences == split_sentences(ABSTRACT)
    assert len(row.vectors) == len(row.sentences) and len(row.vectors[0]) == embeddings.dimension()


@with_the_model
def test_real_pubmedqa_abstracts_each_get_a_sentence_of_their_own_abstract():
    with (DATA / "pubmedqa-labeled" / "dev.jsonl").open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in islice(f, 5)]
    records = [Record(pmid=r["pmid"], title="", abstract=" ".join(r["contexts"] + [r["long_answer"]])) for r in rows]
    empty = Record(pmid="900003", title="A title only", abstract="")

    best = locate(rows[0]["question"], records + [empty])

    assert set(best) == {r.pmid for r in records}
    for record in records:
        assert best[record.pmid].text in split_sentences(record.abstract)


def test_the_finding_bonus_breaks_near_ties_towards_findings():
    sentences = ["Migraine is common.", "Sumatriptan significantly reduced pain."]
    vectors = np.eye(2, dtype=np.float32)
    question = np.array([1.0, 1.0 - FINDING_BONUS / 2], dtype=np.float32)

    assert pick(question, sentences, vectors, bonus=0.0).index == 0
    assert pick(question, sentences, vectors).index == 1
    assert list(finding_bonus(sentences)) == [0.0, pytest.approx(FINDING_BONUS)]
    assert pick(question, [], np.zeros((0, 2), dtype=np.float32)) is None


def test_empty_question_is_refused():
    with pytest.raises(ValueError, match="non-empty question"):
        locate("", [Record(pmid="1", title="", abstract=ABSTRACT)])


def test_aim_sentences_are_penalised_and_findings_preferred():
    from search.pipeline.locate import FINDING_BONUS, finding_bonus

    adjust = finding_bonus(
        [
            "To compare the effectiveness of esomeprazole with omeprazole in healing reflux oesophagitis.",
            "This randomized study was designed to determine whether lansoprazole prevents relapse.",
            "Lansoprazole significantly reduced relapse compared with placebo.",
            "Patients were randomised to two arms.",
        ]
    )
    assert list(adjust) == pytest.approx([-FINDING_BONUS, -FINDING_BONUS, FINDING_BONUS, 0.0])


# --- the learned scorer and the quoting rules, through locate with the real model ---

TRIAL = (
    "To compare the efficacy and tolerability of tolterodine with that of oxybutynin in patients with an overactive "
    "bladder. Patients were randomised to tolterodine 2 mg twice daily or oxybutynin 5 mg three times daily for "
    "12 weeks. Micturition frequency fell by 20% with tolterodine (p < 0.001). Tolterodine and oxybutynin were "
    "equally effective in reducing micturitions, and dry mouth was less frequent with tolterodine than with "
    "oxybutynin (p < 0.001). Tolterodine is as effective as oxybutynin and better tolerated."
)
TOLTERODINE = Frame(kind="comparison", intervention="tolterodine", comparator="oxybutynin", outcome="micturitions")
TOLTERODINE_QUESTION = "Is tolterodine better than oxybutynin for overactive bladder?"


def _ask_the_trial(find: Callable[..., dict[str, Any]], pmid: str, title: str = "", **options: Any) -> Any:
    """``find`` (locate or locate_ranked) asked the tolterodine-vs-oxybutynin question over TRIAL alone, under ``pmid``.

    The comparison tests differ only in what they ask of the answer, so the question, frame and record are built once.
    """
    record = Record(pmid=pmid, title=title, abstract=TRIAL)
    return find(TOLTERODINE_QUESTION, [record], frame=TOLTERODINE, **options)[pmid]


@with_the_model
def test_the_quote_is_a_whole_finding_sentence_never_the_aim():
    ranked = _ask_the_trial(locate_ranked, "900010", title="Tolterodine versus oxybutynin")

    sentences = split_sentences(TRIAL)
    assert [b.index for b in ranked][:1] != [0] and ranked[0].text in sentences
    assert sorted(b.index for b in ranked) == list(range(len(sentences)))  # every sentence, whole, once
    aim, methods = sentences[0], sentences[1]
    assert {aim, methods} == {ranked[-2].text, ranked[-1].text}  # set-up sentences come last
    assert all(0.0 <= b.score <= 1.0 for b in ranked)


@with_the_model
def test_a_comparison_quotes_the_sentence_naming_both_arms():
    best = _ask_the_trial(locate, "900011")

    assert "tolterodine" in best.text.lower() and "oxybutynin" in best.text.lower()


@with_the_model
def test_the_quote_avoids_the_summary_line_and_stays_deterministic():
    first = _ask_the_trial(locate, "900012")

    other = _ask_the_trial(locate, "900012", avoid={"900012": first.text})
    again = _ask_the_trial(locate, "900012")

    assert other.text != first.text and other == choose_quote(_ask_the_trial(locate_ranked, "900012"), avoid=first.text)
    assert again == first


@with_the_model
def test_a_labelled_abstract_never_quotes_its_methods_or_its_title():
    abstract = (
        "Sumatriptan for migraine. BACKGROUND: Sumatriptan relieves migraine headache in many adults. "
        "METHODS: Sumatriptan relieved migraine headache at two hours in the protocol's definition. "
        "RESULTS: Headache relief at two hours was 62% with sumatriptan and 28% with placebo. "
        "CONCLUSIONS: Most adults had relief."
    )
    record = Record(pmid="900013", title="Sumatriptan for migraine.", abstract=abstract)

    ranked = locate_ranked("Does sumatriptan relieve migraine headache?", [record])["900013"]

    assert ranked[0].text.startswith(("Headache relief", "Most adults"))
    assert ranked[-1].text == "Sumatriptan for migraine."  # the title's copy in the abstract comes last


def test_only_the_quotable_candidates_are_candidates():
    sentences = split_sentences(ABSTRACT)
    labels = [None] * len(sentences)

    mask = candidate_mask(sentences, labels, title="Migraine is a common and disabling headache disorder.")

    # background and methods are never quoted before a finding, nor a copy of the title
    assert mask.tolist() == [False, False, True, True]
    # an abstract with no candidate at all keeps every sentence (they are all that can be quoted)
    assert candidate_mask(["We randomised 300 adults.", "Short one"]).tolist() == [True, True]
    assert candidate_mask([]).tolist() == []


@with_the_model
def test_locate_embeds_only_the_candidates_and_quotes_the_same(count_encoded, settings):
    record = Record(pmid="900014", title="", abstract=ABSTRACT)
    sentences = split_sentences(ABSTRACT)
    question = "Does sumatriptan relieve migraine headache?"
    settings.MEDSEBA_LOCATE_EMBED = "all"
    every = locate(question, [record])["900014"]
    count_encoded.clear()
    settings.MEDSEBA_LOCATE_EMBED = "candidates"

    best = locate(question, [record])["900014"]

    assert sorted(count_encoded[0]) == sorted(sentences[2:])  # the sentences first, then the question
    assert best.text == every.text
    row = SentenceEmbedding.objects.get(model=sentence_model_key(), pmid="900014")
    assert row.sentences == sentences and len(row.vectors) == len(sentences)
    assert not any(row.vectors[0]) and any(row.vectors[2])  # the methods sentence is stored as a zero vector
