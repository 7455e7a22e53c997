"""A trial of another treatment for a harm the treatment asked of causes takes that harm as known (presupposed_harm)."""
from __future__ import annotations

import pytest

from documents.sources.base import Filters, Record
from search.pipeline.concepts import load
from search.pipeline.presupposed_harm import treats_harm_of_treatment
from search.pipeline.state import Addresses, RankedPaper, Stance
from search.pipeline.understand import understand


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


def _other_drug(*drugs: str):
    return lambda text: any(d in text for d in drugs)


OLANZAPINE = ["olanzapine", "zyprexa"]
WEIGHT = ["weight gain"]


@pytest.mark.parametrize(
    "title",
    [
        "Nizatidine for prevention of weight gain with olanzapine: a double-blind placebo-controlled trial.",
        "Attenuation of olanzapine-induced weight gain with reboxetine in patients with schizophrenia.",
        "H(2) antagonist nizatidine may control olanzapine-associated weight gain in schizophrenic patients.",
        "Effect of amantadine on weight gain during olanzapine treatment.",
        "Treatment of weight gain with fluoxetine in olanzapine-treated schizophrenic outpatients.",
        "Olanzapine-induced weight gain in patients with first-episode schizophrenia: a double-blind, "
        "placebo-controlled study of fluoxetine addition.",
    ],
)
def test_a_trial_against_the_harm_the_treatment_causes_is_recognised(title):
    assert treats_harm_of_treatment(title, OLANZAPINE, WEIGHT, _other_drug("nizatidine", "reboxetine", "fluoxetine",
                                                                           "amantadine"))


@pytest.mark.parametrize(
    "title",
    [
        # The harm told, no other treatment for it: read from the sentences, as before.
        "Olanzapine-induced weight gain in patients with first-episode schizophrenia.",
        "Long-term olanzapine treatment: weight change and weight-related health factors in schizophrenia.",
        # Two drugs' harms compared: each arm's harm is measured.
        "Weight gain with olanzapine versus risperidone in adolescents.",
        "Weight gain with olanzapine and risperidone in adolescents.",
        # The harm of another drug.
        "Attenuation of clozapine-induced weight gain with reboxetine.",
        # A trial of the treatment itself, "placebo-controlled" is not a control of the harm.
        "Olanzapine in schizophrenia: a placebo-controlled trial of weight and health.",
    ],
)
def test_other_titles_are_read_as_usual(title):
    assert not treats_harm_of_treatment(title, OLANZAPINE, WEIGHT, _other_drug("risperidone", "reboxetine",
                                                                               "clozapine"))


def test_a_harm_question_reads_such_a_trial_as_support_not_as_the_harm_reduced():
    from search.pipeline.judge_frame import reframe

    question = "Does Zyprexa cause weight gain?"
    query = understand(question, Filters())
    tone = Stance("supports", 0.8, 0.1, 0.1)
    abstract = ("Patients starting olanzapine were randomised to nizatidine or placebo. Significantly less weight gain "
                "was observed with olanzapine plus nizatidine than with olanzapine plus placebo.")
    paper = RankedPaper(rank=1, record=Record(pmid="1", title="Nizatidine for prevention of weight gain with olanzapine",
                                              abstract=abstract, year=2002),
                        similarity=0.6, stance=tone, addresses=Addresses("yes", "test"))
    stance = reframe(query, [paper], {"1": tone}, question=question)["1"]
    assert stance.label == "supports" and not stance.uncertain
    assert "takes it as known" in stance.rationale
    # The same abstract under a title about olanzapine's own weight effect is read from its sentences.
    plain = RankedPaper(rank=1, record=Record(pmid="2", title="Weight change on olanzapine", abstract=abstract,
                                              year=2002),
                        similarity=0.6, stance=tone, addresses=Addresses("yes", "test"))
    assert "takes it as known" not in reframe(query, [plain], {"2": tone}, question=question)["2"].rationale


def test_a_treatment_of_the_condition_with_the_drug_itself_is_no_trial_against_its_harm():
    # "cluster headache with sumatriptan" is the drug treating the headache, not a headache the drug caused.
    assert not treats_harm_of_treatment("Treatment of acute cluster headache with 20 mg sumatriptan nasal spray",
                                        ["sumatriptan", "imitrex"], ["cluster headache"], _other_drug("oxygen"))
    assert not treats_harm_of_treatment("Acute therapy for cluster headache with sumatriptan: a one-year study",
                                        ["sumatriptan"], ["cluster headache"], _other_drug("oxygen"))
