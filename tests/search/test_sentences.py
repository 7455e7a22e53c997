"""The abstract sentence splitter: biomedical abbreviations and numbers never split, section labels dropped."""
from __future__ import annotations

import json

import pytest

from search.sentences import split_sentences, strip_label
from tests.conftest import DATA


@pytest.mark.parametrize(
    "text",
    [
        "Smith et al. reported a benefit in adults.",
        "Benefits were seen, e.g. In older adults, and i.e. Those over 65.",
        "We compared drug A vs. Placebo in 40 patients.",
        "Survival improved (see Fig. 2) in both arms.",
        "Mortality fell (p < 0.05; OR 0.8, 95% CI 1.2-3.4) in the treated group.",
        "The study ran in the U.S. Veterans Affairs hospitals.",
        "Approx. 20% of patients improved.",
        "The mean dose was 3.5 mg per day.",
        "Patient No. 5 withdrew.",
    ],
)
def test_no_split_inside_a_sentence(text):
    assert split_sentences(text) == [text]


def test_splits_real_sentence_ends_including_digits_and_brackets():
    text = "Is it safe? Yes! The trial ended early. 12 patients died. (The rest recovered.) Follow-up was 2 years."
    assert split_sentences(text) == [
        "Is it safe?",
        "Yes!",
        "The trial ended early.",
        "12 patients died.",
        "(The rest recovered.)",
        "Follow-up was 2 years.",
    ]


def test_section_labels_are_not_sentences_and_are_stripped():
    text = (
        "BACKGROUND: Migraine is common. METHODS: We randomised 300 adults. RESULTS: Pain fell. "
        "CONCLUSIONS: Triptans work. Trial registration: NCT0001."
    )
    assert split_sentences(text) == [
        "Migraine is common.",
        "We randomised 300 adults.",
        "Pain fell.",
        "Triptans work.",
        "NCT0001.",
    ]


def test_labels_inside_running_text_and_without_colon():
    text = (
        "OBJECTIVE To assess sumatriptan DESIGN: Randomised trial SETTING: 12 hospitals. "
        "MATERIALS AND METHODS We did it."
    )
    assert split_sentences(text) == ["To assess sumatriptan", "Randomised trial", "12 hospitals.", "We did it."]


def test_acronyms_with_colons_are_not_labels():
    assert split_sentences("HIV: status was known (95% CI: 1-2).") == ["HIV: status was known (95% CI: 1-2)."]
    assert strip_label("Methods and results: We found X.") == "We found X."
    assert strip_label("The aim: to find X.") == "The aim: to find X."


def test_empty_and_whitespace():
    assert split_sentences("") == []
    assert split_sentences("   \n ") == []
    assert split_sentences("RESULTS:") == []


def test_a_real_pubmedqa_abstract_keeps_every_word_and_ends_with_its_conclusion():
    row = json.loads((DATA / "pubmedqa-labeled" / "dev.jsonl").open(encoding="utf-8").readline())
    abstract = " ".join(row["contexts"] + [row["long_answer"]])

    sentences = split_sentences(abstract)

    assert len(sentences) >= 8
    assert " ".join(sentences).split() == abstract.split()
    assert row["long_answer"].endswith(sentences[-1])


def test_medline_truncation_marker_is_not_part_of_a_sentence():
    from search.sentences import split_sentences

    assert split_sentences("Sumatriptan remains effective over several months.(ABSTRACT TRUNCATED AT 400 WORDS)") == [
        "Sumatriptan remains effective over several months."
    ]


def test_split_labelled_gives_the_same_sentences_with_the_label_in_force():
    from search.sentences import split_labelled

    abstract = (
        "Migraine is common. METHODS: We randomised 300 adults. RESULTS: Relief was 62% vs. 28% (p < 0.001). "
        "It was fast. Conclusions: Sumatriptan works."
    )
    labelled = split_labelled(abstract)

    assert [s for s, _ in labelled] == split_sentences(abstract)
    assert [label for _, label in labelled] == [None, "METHODS", "RESULTS", "RESULTS", "CONCLUSIONS"]
    assert split_labelled("") == []


def test_split_labelled_matches_split_sentences_on_real_labelled_abstracts():
    from search.sentences import split_labelled

    with (DATA / "evidence-inference-v2" / "abstracts.jsonl").open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:200]
    for row in rows:
        text = " ".join(f"{s['label']}: {s['text']}" if s["label"] else s["text"] for s in row["sections"])
        labelled = split_labelled(text)
        assert [s for s, _ in labelled] == split_sentences(text)
        common = {"RESULTS", "CONCLUSION", "CONCLUSIONS", "METHODS", "BACKGROUND"}
        wanted = {(s["label"] or "").upper() for s in row["sections"] if split_sentences(s["text"])} & common
        assert wanted <= {label for _, label in labelled}
