"""The bottom line, the two reading modes' words, the glossary, and the API's ``mode`` parameter."""
from __future__ import annotations

import pytest
import textstat
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from documents.sources.base import Record
from search.design import DesignResult, SampleSize
from search.glossary import glossary_for
from search.pipeline.bottom_line import build_bottom_line
from search.pipeline.modes import LAY_DESIGNS, reading_modes
from search.pipeline.state import (
    Addresses, Answer, Frame, ModeText, RankedPaper, SearchState, Verdict,
)
from search.pipeline.verdict import decide, headline
from search.reading_mode import document_in_mode
from search.design import DESIGNS
from tests.search.answer_papers import stance


def _paper(i: int, *, label: str = "supports", design: str = "rct", year: int = 2010, n: int | None = 300,
           addresses: str = "yes") -> RankedPaper:
    record = Record(pmid=str(1000 + i), title=f"Study {i}", abstract="", year=year)
    paper = RankedPaper(rank=i + 1, record=record, similarity=0.5, stance=stance(label),
                        addresses=Addresses(addresses, "named"))
    paper.design = DesignResult(design, "text", "randomised")
    paper.sample_size = SampleSize(n, f"{n} patients") if n else None
    return paper


def test_strongest_designs_in_evidence_order_with_counts():
    papers = [_paper(0, design="cohort"), _paper(1, design="rct"), _paper(2, design="meta_analysis"),
              _paper(3, design="rct"), _paper(4, design="rct")]
    frame = Frame(kind="effect", intervention="aspirin")
    bottom = build_bottom_line(decide(papers, frame, offline=True), papers, frame)
    assert [(d.design, d.count) for d in bottom.strongest] == [("meta_analysis", 1), ("rct", 3)]
    assert bottom.uncertain == [] and bottom.verdict == "yes"


def test_uncertainties_come_from_the_facts():
    # A comparison with only placebo-controlled studies ("partly"), old, small, observational: each said once.
    papers = [_paper(i, design="cohort", year=1995, n=40, addresses="partly") for i in range(6)]
    frame = Frame(kind="comparison", intervention="eletriptan", comparator="sumatriptan")
    verdict = decide(papers, frame, offline=True)
    codes = [u.code for u in build_bottom_line(verdict, papers, frame).uncertain]
    assert codes == ["no_head_to_head"]  # nothing counted for a comparison: only the missing head-to-head is said
    effect = Frame(kind="effect", intervention="aspirin")
    verdict = decide(papers, effect, offline=True)
    bottom = build_bottom_line(verdict, papers, effect)
    # Every counted study addresses it only partly: the answer rests on indirect evidence, said first.
    assert [u.code for u in bottom.uncertain] == ["indirect", "no_trials", "old_studies", "small_studies"]
    assert "median 40 participants" in bottom.uncertain[3].clinician
    mixed = [_paper(i, label="supports" if i < 3 else "refutes", year=2015) for i in range(4)]
    safety = Frame(kind="safety", intervention="sumatriptan", population="coronary heart disease")
    codes = [u.code for u in build_bottom_line(Verdict("mixed", "low", 4, "r"), mixed, safety).uncertain]
    assert codes == ["few_studies", "disagree", "not_safety"]


def _modes(label: str, kind: str) -> dict[str, ModeText]:
    frame = Frame(kind=kind, intervention="proton pump inhibitors", comparator="ranitidine" if kind == "comparison" else None,
                  outcome="weight gain" if kind == "harm" else None,
                  population="coronary heart disease" if kind == "safety" else None)
    papers = [_paper(i) for i in range(6)]
    verdict = Verdict(label, "moderate", 6, "Of the 6 studies that address the question, 5 point to yes and 1 to no.")
    bottom = build_bottom_line(verdict, papers, frame)
    return reading_modes(verdict, bottom, frame, clinician_headline=headline(verdict, frame), papers_found=20)


KINDS = ("effect", "comparison", "harm", "safety", "association", "other")


@pytest.mark.parametrize("label", ["yes", "no", "mixed", "insufficient"])
@pytest.mark.parametrize("kind", KINDS)
def test_lay_words_differ_from_the_clinicians_and_read_at_grade_8_or_below(label, kind):
    modes = _modes(label, kind)
    lay, clinician = modes["lay"], modes["clinician"]
    assert lay.headline != clinician.headline and lay.explanation != clinician.explanation
    text = f"{lay.headline} {lay.explanation}"
    assert textstat.flesch_kincaid_grade(text) <= 8, text
    assert "(certainty:" not in lay.headline and "Confidence" not in lay.certainty
    assert "studies" in lay.certainty or "study" in lay.certainty


def test_clinician_words_carry_the_frame_designs_and_counts():
    clinician = _modes("yes", "comparison")["clinician"]
    assert "Intervention: proton pump inhibitors" in clinician.explanation
    assert "Comparator: ranitidine" in clinician.explanation
    assert "6 of 20 studies" in clinician.explanation
    assert "Randomised controlled trial ×6" in clinician.bottom_line
    lay = _modes("yes", "comparison")["lay"]
    assert "6 fair tests" in lay.bottom_line and "Randomised" not in lay.bottom_line


def test_every_design_has_a_lay_name():
    assert set(LAY_DESIGNS) == set(DESIGNS)


def test_glossary_finds_terms_once_as_written_and_prefers_longer_terms():
    entries = glossary_for(["A double-blind, placebo-controlled RCT; the placebo effect was large (95% CI 1.1 to 2).",
                            "Another randomized controlled trial. ci is not an abbreviation here; dose-finding."])
    terms = [e.term for e in entries]
    assert terms == ["double-blind", "placebo-controlled", "RCT", "placebo effect", "95% CI"]
    assert all(e.definition and e.source == "curated" for e in entries)
    assert glossary_for(["Nothing medical at all."]) == []


def _state_with_modes() -> SearchState:
    state = SearchState(question="Do PPIs heal reflux esophagitis?")
    verdict = Verdict("yes", "moderate", 6, "reason")
    modes = _modes("yes", "effect")
    state.answer = Answer(text="headline", verdict=verdict, modes=modes)
    return state


def test_document_in_mode_keeps_only_that_modes_words_and_leaves_the_stored_one_alone():
    doc = _state_with_modes().to_document()
    lay = document_in_mode(doc, "lay")
    assert lay["mode"] == "lay" and list(lay["answer"]["modes"]) == ["lay"]
    assert set(doc["answer"]["modes"]) == {"lay", "clinician"}
    assert document_in_mode({"answer": None}, "clinician") == {"answer": None, "mode": "clinician"}
    with pytest.raises(ValueError):
        document_in_mode(doc, "expert")


def test_state_round_trips_bottom_line_modes_and_glossary():
    state = _state_with_modes()
    papers = [_paper(i) for i in range(3)]
    state.answer.bottom_line = build_bottom_line(state.answer.verdict, papers, Frame(kind="effect"))
    state.answer.glossary = glossary_for(["a placebo"])
    again = SearchState.from_document(state.to_document())
    assert again.answer == state.answer


@pytest.fixture
def finished_search(db):
    from search.store import PostgresSearchStore

    state = _state_with_modes()
    store = PostgresSearchStore()
    store.create(state, fingerprint="")
    for stage in ("understand", "retrieve", "rerank"):
        store.save_stage(state, stage=stage)
    for stage in ("synthesise", "chart"):
        store.save_stage(state, stage=stage)
    return state


@pytest.mark.django_db
def test_api_mode_parameter_changes_the_text_and_bad_values_are_400(finished_search):
    client = APIClient()
    url = f"/api/searches/{finished_search.id}/"
    lay = client.get(url).json()
    assert lay["mode"] == "lay" and list(lay["answer"]["modes"]) == ["lay"]
    clinician = client.get(url, {"mode": "clinician"}).json()
    assert clinician["mode"] == "clinician" and list(clinician["answer"]["modes"]) == ["clinician"]
    assert clinician["answer"]["modes"]["clinician"]["headline"] != lay["answer"]["modes"]["lay"]["headline"]
    bad = client.get(url, {"mode": "expert"})
    assert bad.status_code == 400 and "mode" in bad.json()["error"]["fields"]


@pytest.mark.django_db
def test_a_signed_in_readers_remembered_mode_is_the_default(finished_search):
    user = get_user_model().objects.create_user(username="reader", password="long enough pw 123")
    client = APIClient(enforce_csrf_checks=False)
    client.force_authenticate(user)
    url = f"/api/searches/{finished_search.id}/"
    assert client.get("/api/accounts/preferences/").json() == {"reading_mode": "lay"}
    response = client.put("/api/accounts/preferences/", {"reading_mode": "clinician"}, format="json")
    assert response.status_code == 200 and response.json() == {"reading_mode": "clinician"}
    assert client.get(url).json()["mode"] == "clinician"
    assert client.get(url, {"mode": "lay"}).json()["mode"] == "lay"  # the parameter wins
    bad = client.put("/api/accounts/preferences/", {"reading_mode": "expert"}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["fields"] == {"reading_mode": ["Choose one of: lay, clinician."]}


@pytest.mark.django_db
def test_signed_out_visitors_have_no_server_side_preference():
    client = APIClient()
    assert client.get("/api/accounts/preferences/").json() == {"reading_mode": None}
    response = client.put("/api/accounts/preferences/", {"reading_mode": "clinician"}, format="json")
    assert response.status_code in (401, 403)
    from accounts.models import Preference

    assert Preference.objects.count() == 0


@pytest.mark.django_db
def test_submit_records_the_mode_for_the_llm(monkeypatch):
    from search import services
    from search.models import Search

    monkeypatch.setattr(services, "_schedule", lambda ref, stage: None)
    client = APIClient()
    response = client.post("/api/searches/", {"question": "Do PPIs heal reflux?", "mode": "clinician"}, format="json")
    assert response.status_code == 202
    assert Search.objects.get(pk=response.json()["id"]).models["mode"] == "clinician"
    bad = client.post("/api/searches/", {"question": "Do PPIs heal reflux?", "mode": "x"}, format="json")
    assert bad.status_code == 400 and "mode" in bad.json()["error"]["fields"]


def test_an_unread_question_is_not_told_the_library_has_too_few_studies():
    papers = [_paper(i) for i in range(6)]
    frame = Frame(kind="other", intervention="metoprolol")
    verdict = decide(papers, frame, offline=True)
    modes = reading_modes(verdict, build_bottom_line(verdict, papers, frame), frame,
                          clinician_headline=headline(verdict, frame), papers_found=6)
    lay = modes["lay"]
    assert verdict.label == "insufficient" and "could not tell" in lay.headline
    assert "Too few studies" not in lay.explanation and "could not tell" in lay.explanation
    assert textstat.flesch_kincaid_grade(f"{lay.headline} {lay.explanation}") <= 8


def test_the_lay_headline_never_counts_studies_the_weighted_verdict_did_not():
    from dataclasses import replace

    # Two close trials found no benefit; three distant studies are positive: the verdict is "no" by weight, so
    # the headline may not say that most studies found no benefit (most did not).
    papers = [replace(_paper(i, label="refutes"), similarity=0.75) for i in range(2)]
    papers += [replace(_paper(2 + i, label="supports"), similarity=0.5) for i in range(3)]
    frame = Frame(kind="effect", intervention="vitamin E", outcome="heart attack")
    verdict = decide(papers, frame, offline=True)
    words = reading_modes(verdict, build_bottom_line(verdict, papers, frame), frame,
                          clinician_headline=headline(verdict, frame), papers_found=len(papers))
    assert verdict.label == "no"
    assert "Most studies" not in words["lay"].headline and "On balance" in words["lay"].headline


def test_enough_studies_that_take_no_clear_side_are_not_called_too_few():
    # Six studies address the question but none takes a side: there are studies, they don't settle it.
    papers = [_paper(i, label="neutral") for i in range(6)]
    frame = Frame(kind="effect", intervention="meloxicam", outcome="pain")
    verdict = decide(papers, frame, offline=True)
    lay = reading_modes(verdict, build_bottom_line(verdict, papers, frame), frame,
                        clinician_headline=headline(verdict, frame), papers_found=6)["lay"]
    assert verdict.label == "insufficient" and verdict.studies_counted >= 3
    assert "Too few studies" not in lay.explanation and "do not give a clear answer" in lay.explanation
    assert textstat.flesch_kincaid_grade(lay.explanation) <= 8
    # Two studies are too few, and the words say so.
    verdict = decide(papers[:2], frame, offline=True)
    lay = reading_modes(verdict, build_bottom_line(verdict, papers[:2], frame), frame,
                        clinician_headline=headline(verdict, frame), papers_found=2)["lay"]
    assert verdict.label == "insufficient" and "Too few studies" in lay.explanation


def test_an_answer_from_studies_of_other_problems_says_so_in_both_modes():
    """Six aspirin trials that never name the outcome asked about: the bottom line leads with "no study looked at
    just this", and the lay certainty says the studies were on related questions, not on this one."""
    frame = Frame(kind="effect", intervention="aspirin", outcome="restenosis")
    partly = [_paper(i, addresses="partly") for i in range(6)]
    verdict = decide(partly, frame, offline=True)
    bottom = build_bottom_line(verdict, partly, frame)
    assert bottom.uncertain[0].code == "indirect"
    modes = reading_modes(verdict, bottom, frame, clinician_headline=headline(verdict, frame), papers_found=6)
    assert "on related questions, none on exactly this one" in modes["lay"].certainty
    assert "none looked at just this" in modes["lay"].explanation and "likely to help" not in modes["lay"].explanation
    assert "no study looked at just this" in modes["lay"].bottom_line
    assert "indirect evidence" in modes["clinician"].bottom_line
    direct = [_paper(i) for i in range(6)]
    verdict = decide(direct, frame, offline=True)
    bottom = build_bottom_line(verdict, direct, frame)
    assert "indirect" not in [u.code for u in bottom.uncertain]
    assert "on this question" in reading_modes(verdict, bottom, frame, clinician_headline="h",
                                               papers_found=6)["lay"].certainty


def test_every_uncertainty_the_bottom_line_writes_is_declared() -> None:
    """Each code ``bottom_line`` can write is one of ``state.UNCERTAINTY_CODES`` (the front end names them)."""
    import inspect
    import re

    from search.pipeline import bottom_line
    from search.pipeline.state import UNCERTAINTY_CODES

    written = set(re.findall(r'Uncertainty\(\s*"(\w+)"', inspect.getsource(bottom_line)))
    assert written and written <= set(UNCERTAINTY_CODES)


def test_an_answer_mostly_from_studies_of_other_problems_says_only_a_few_looked_at_just_this():
    """One bedwetting trial and five trials of oxybutynin for adults' bladders: the answer stands, at low confidence,
    and the bottom line and the lay words say that only a few studies looked at just this."""
    frame = Frame(kind="effect", intervention="oxybutynin", outcome="bedwetting")
    papers = [_paper(0)] + [_paper(i, addresses="partly") for i in range(1, 6)]
    verdict = decide(papers, frame, offline=True)
    bottom = build_bottom_line(verdict, papers, frame)
    assert (verdict.label, verdict.confidence) == ("yes", "low")
    assert bottom.uncertain[0].code == "mostly_indirect"
    lay = reading_modes(verdict, bottom, frame, clinician_headline=headline(verdict, frame), papers_found=6)["lay"]
    assert "only a few looked at just this" in lay.explanation and "likely to help" not in lay.explanation
    assert "most studies with a clear answer were studies of oxybutynin for other problems" in lay.bottom_line
    assert "mostly on related questions" in lay.certainty
    assert textstat.flesch_kincaid_grade(lay.explanation) <= 8
    # An added treatment: the studies of it alone are named as such, in the bottom line and the explanation.
    added = Frame(kind="effect", intervention="losartan", outcome="proteinuria", background="an ACE inhibitor")
    verdict = decide(papers, added, offline=True)
    bottom = build_bottom_line(verdict, papers, added)
    lay = reading_modes(verdict, bottom, added, clinician_headline=headline(verdict, added), papers_found=6)["lay"]
    assert "were studies of losartan not added to an ACE inhibitor" in lay.bottom_line
    assert lay.explanation.startswith("Studies of losartan not added to an ACE inhibitor")


@pytest.mark.parametrize("kind", ["comparison", "harm", "association", "other"])
@pytest.mark.parametrize("label", ["mixed", "insufficient"])
def test_an_unsettled_answer_is_told_in_the_words_of_what_was_asked(kind, label):
    """"That does not mean it does not work" and "some studies found a benefit" are about a treatment working: told
    to "Does X cause Y?" or "Is X better than Y?" they answered another question (a harm read as a benefit)."""
    lay = _modes(label, kind)["lay"]
    assert "does not mean it does not work" not in lay.explanation
    assert "found a benefit" not in lay.explanation


@pytest.mark.parametrize("claim, label, said", [
    ("as_good", "yes", "works about as well as ranitidine"),
    ("as_good", "no", "found a difference"),
    ("better", "yes", "point to yes"),
])
def test_a_comparisons_headline_follows_what_was_claimed(claim, label, said):
    """"Is X as good as Y?" answered yes had read "Studies found more benefit from X than from Y"; "Is X more likely
    than Y to cause weight gain?" answered yes is no benefit from X at all."""
    frame = Frame(kind="comparison", intervention="proton pump inhibitors", comparator="ranitidine", claim=claim)
    verdict = Verdict(label, "moderate", 6, "Of the 6 studies that address the question, 5 point one way.")
    lay = reading_modes(verdict, build_bottom_line(verdict, [_paper(i) for i in range(6)], frame), frame,
                        clinician_headline=headline(verdict, frame), papers_found=20)["lay"]
    assert said in lay.headline and "more benefit" not in lay.headline


@pytest.mark.parametrize("outcome", ["put on weight", "blood pressure", "drowsy", "damage, liver", "heart attack"])
@pytest.mark.parametrize("label", ["supports", "refutes"])
def test_a_harm_headline_reads_whatever_words_the_outcome_was_asked_in(outcome, label):
    """The frame keeps a harm as written ("make me put on weight", "push blood pressure up"), not which way it was
    asked to move: "Yes, metoprolol may cause blood pressure" / "may cause put on weight" is what pasting it gave."""
    papers = [_paper(i, label=label) for i in range(6)]
    frame = Frame(kind="harm", intervention="metoprolol", outcome=outcome)
    verdict = decide(papers, frame, offline=True)
    lay = reading_modes(verdict, build_bottom_line(verdict, papers, frame), frame,
                        clinician_headline=headline(verdict, frame), papers_found=6)["lay"]
    assert verdict.label == ("yes" if label == "supports" else "no")
    assert outcome not in lay.headline and "metoprolol" in lay.headline
    assert lay.headline.startswith("Probably yes." if verdict.label == "yes" else "Probably not.")
    assert textstat.flesch_kincaid_grade(lay.headline) <= 8
