"""A drug class named by its target and a medicine noun ("COX-2 selective painkillers") is the class."""
from __future__ import annotations

import pytest

from documents.sources.base import Filters
from search.pipeline.concepts import load
from search.pipeline.understand import understand


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


@pytest.mark.parametrize(
    "question",
    [
        "Are COX-2 selective painkillers gentler on the stomach than naproxen?",
        "Are selective COX-2 drugs gentler on the stomach than naproxen?",
    ],
)
def test_a_class_named_by_its_target_and_a_medicine_noun(question: str) -> None:
    query = understand(question, Filters())
    (arm,) = query.role_concepts("intervention")
    assert arm.kind == "drug"
    assert arm.mesh_heading == "Cyclooxygenase 2 Inhibitors"


def test_only_a_blocking_class_with_a_mesh_heading_is_read_so() -> None:
    # "Opioid painkillers" are no opioid antagonists; "acid pill" is no MeSH class.
    opioid = understand("Do opioid painkillers cause constipation after surgery?", Filters())
    assert all(c.mesh_heading != "Narcotic Antagonists" for c in opioid.concepts)
    acid = understand("Does my acid pill stop heartburn at night?", Filters())
    assert all(c.kind != "drug" or c.mesh_heading for c in acid.concepts if "acid pill" in c.text.lower())


@pytest.mark.parametrize(
    ("question", "heading"),
    [
        ("Can regular anti-inflammatory painkillers like naproxen damage the stomach or gut?",
         "Anti-Inflammatory Agents, Non-Steroidal"),
        ("Do opioid painkillers cause constipation after surgery?", "Analgesics, Opioid"),
    ],
)
def test_painkillers_named_by_what_they_are_are_that_kind_of_analgesic(question: str, heading: str) -> None:
    (arm,) = understand(question, Filters()).role_concepts("intervention")
    assert (arm.kind, arm.mesh_heading) == ("drug", heading)


def test_heart_rate_variability_is_one_measure() -> None:
    # Not "heart rate" and "variability": clauses on a slower heart rate say nothing of its variability.
    query = understand("Is beta blocker use linked to better heart rate variability in people with heart failure?",
                       Filters())
    assert [c.text for c in query.role_concepts("outcome")] == ["heart rate variability"]


def test_a_bare_person_word_is_no_concept_but_a_described_population_is() -> None:
    # "in people with heart failure": nothing to search for in "people"; "older people" names a population.
    bare = understand("Do diuretics help people with heart failure breathe better?", Filters())
    assert all(c.text.lower() != "people" for c in bare.concepts)
    assert "people[tiab]" not in bare.boolean
    older = understand("Do older people on diuretics fall more?", Filters())
    assert older.frame.population == "older people"


def test_ankles_that_swell_are_oedema() -> None:
    (outcome,) = understand("Will isradipine make my ankles swell?", Filters()).role_concepts("outcome")
    assert {"edema", "oedema"} <= {s.lower() for s in outcome.synonyms}
