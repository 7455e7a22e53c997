"""One drug in two forms as the arms of a comparison (search/pipeline/formulations.py)."""
from __future__ import annotations

import pytest

from documents.sources.base import Record
from search.pipeline.addresses import addresses
from search.pipeline.class_examples import merge_examples
from search.pipeline.concepts import extract_concepts, load
from search.pipeline.formulations import form_of, mark_forms, mentions
from search.pipeline.judge_frame import _arm_names, _shared_drug_names, favoured_arm
from search.pipeline.state import Concept, Filters, RankedPaper
from search.pipeline.understand import understand


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


@pytest.mark.parametrize(
    "question, intervention, comparator, outcome",
    [
        ("Does a sumatriptan injection work better than sumatriptan tablets for a migraine?",
         "sumatriptan injection", "sumatriptan tablets", "migraine"),
        ("For a cluster headache attack, is the Imitrex (sumatriptan) nose spray as good as the injection?",
         "Imitrex nose spray", "Imitrex injection", "cluster headache, attack"),
        ("Is extended-release oxybutynin better than immediate-release oxybutynin?",
         "extended-release oxybutynin", "oxybutynin immediate-release", "overall benefit"),
        ("Is the estrogen patch safer than estrogen pills for blood clots?", "estrogen patch", "estrogen pills",
         "blood clots"),
    ],
)
def test_one_drug_in_two_forms_has_the_forms_as_its_arms(question, intervention, comparator, outcome):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator, frame.outcome) == (
        "comparison", intervention, comparator, outcome)


@pytest.mark.parametrize(
    "question, intervention, comparator",
    [
        # Two drugs are told apart by their names; the form is incidental.
        ("Does a steroid nose spray like fluticasone relieve hay fever better than loratadine tablets?",
         "steroid nose spray", "loratadine"),
        ("Does slow-release oxycodone control cancer pain better than slow-release morphine?", "oxycodone",
         "morphine"),
        ("Is tolterodine more effective than oxybutynin for overactive bladder?", "tolterodine", "oxybutynin"),
    ],
)
def test_two_drugs_keep_their_own_names(question, intervention, comparator):
    query = understand(question, Filters())
    assert (query.frame.intervention, query.frame.comparator) == (intervention, comparator)
    assert not any(form_of(c) and c.kind == "term" for c in query.concepts)  # no form concept added or required


@pytest.mark.parametrize("question", ["Can slow-release codeine tablets make you feel sick?",
                                      "Are oral hypoglycemics better than insulin injections for type 2 diabetes?"])
def test_a_form_word_outside_a_one_drug_comparison_is_ordinary_wording(question):
    concepts = merge_examples(question, extract_concepts(question).concepts)
    assert mark_forms(question, concepts) is concepts


def test_forms_are_found_the_way_questions_write_them():
    keys = [m.key for m in mentions("Is the nose spray as good as the shot or the skin patch or tablets?")]
    assert keys == ["nasal spray", "injection", "patch", "tablet"]
    assert [m.key for m in mentions("Does it help nasal congestion and regular exercise?")] == []
    assert form_of(Concept(text="skin patch")) == "patch" and form_of(Concept(text="migraine")) is None


QUESTION = "Does a sumatriptan injection work better than sumatriptan tablets for a migraine?"


@pytest.mark.parametrize(
    "abstract, label",
    [
        ("Subcutaneous sumatriptan was compared with oral sumatriptan in migraine.", "yes"),
        ("Oral sumatriptan 100 mg was better than placebo for migraine.", "partly"),
    ],
)
def test_a_study_addresses_a_form_comparison_only_when_it_studies_both_forms(abstract, label):
    query = understand(QUESTION, Filters())
    assert addresses(query, Record(pmid="1", title="Sumatriptan", abstract=abstract, year=2000)).label == label


def test_only_the_forms_tell_the_arms_apart_and_the_drug_is_no_third_drug():
    query = understand(QUESTION, Filters())
    paper = RankedPaper(rank=1, record=Record(pmid="1", title="t", abstract="a", year=2000), similarity=0.5)
    x_names, y_names = _arm_names(query, paper)
    assert "subcutaneous" in x_names and "oral" in y_names and "sumatriptan" not in x_names + y_names
    shared = _shared_drug_names(query)
    sentence = "Subcutaneous sumatriptan was significantly more effective than oral sumatriptan in relieving headache."
    assert favoured_arm(sentence, x_names, y_names, shared=shared) == "x"
    # Without the shared drug, "sumatriptan" before the comparative reads as a third drug: no finding.
    assert favoured_arm(sentence, x_names, y_names) is None
    assert favoured_arm("Oral sumatriptan was as effective as, and better tolerated than, the injection.",
                        x_names, y_names, shared=shared) is None


@pytest.mark.parametrize(
    "question, intervention, comparator",
    [
        # "regular / ordinary" against the long-acting version, how often, and when a dose is taken are arms too.
        ("Does once-daily Detrol LA work better than regular Detrol?", "once-daily Detrol", "Detrol regular"),
        ("Is the once-a-day tolterodine capsule better at stopping bladder leaks than the twice-a-day tolterodine "
         "tablet?", "once-a-day tolterodine", "tolterodine twice-a-day"),
        ("Is taking glyburide at bedtime better for blood sugar control than taking it in the morning?",
         "glyburide at bedtime", "glyburide in the morning"),
    ],
)
def test_a_regimen_of_one_drug_is_an_arm(question, intervention, comparator):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", intervention, comparator)


def test_a_time_of_day_is_an_arm_only_against_the_other_one():
    question = "Is Ritalin LA better than Concerta during the morning at school?"
    concepts = extract_concepts(question).concepts
    assert mark_forms(question, concepts) == concepts  # "during the morning" is when, not an arm
    assert {"bedtime", "morning"} <= {m.key for m in mentions("Is glyburide at bedtime better than in the morning?")}
