"""Issue 17 §4: on the LLM path the bottom line is phrased by the LLM from its facts only, in the reading mode.

The OpenAI client is mocked at the HTTP transport (respx) with the real Structured Outputs body
(openai/chat_completion_structured_output_json_schema.json) whose ``message.content`` is CONSTRUCTED;
the error body is the recorded 400. A phrasing that drops the verdict phrase or adds a claim (a number,
a study type, advice, a link) is rejected and the offline sentence stays, with the reason listed.
"""
from __future__ import annotations

import json
import re

import pytest
import respx

from search.pipeline.answer_llm import BottomLineRejected, check_bottom_line
from search.pipeline.modes import clinician_bottom_line, lay_bottom_line
from search.pipeline.state import Frame
from search.pipeline.synthesise import synthesise
from search.prompts import bottom_line as prompt
from search.prompts import prompt_version

from .llm_helpers import COMPLETIONS
from .test_answer_llm import QUESTION, answering, papers, recorded
from .test_answer_llm_modes import CONTENT


pytestmark = pytest.mark.usefixtures("answer_llm")  # tests/search/llm_helpers.py


def phrase_of(facts: str) -> str:
    return re.search(r"^Verdict phrase: (.+)$", facts, re.MULTILINE).group(1)


def counted(facts: str) -> str:
    return re.search(r"^Studies counted: (\d+)$", facts, re.MULTILINE).group(1)


def offline_bottom_lines(answer) -> dict[str, str]:
    frame = Frame()
    return {"lay": lay_bottom_line(answer.verdict, answer.bottom_line, frame),
            "clinician": clinician_bottom_line(answer.verdict, answer.bottom_line)}


@pytest.mark.parametrize("mode", ["lay", "clinician"])
@respx.mock
def test_the_llm_phrases_the_bottom_line_of_the_asked_mode_from_the_facts_only(mode):
    def good(facts: str) -> str:
        return f"{phrase_of(facts)}: {counted(facts)} studies looked at this."

    route = respx.post(COMPLETIONS).mock(side_effect=answering(CONTENT, good))
    result = synthesise(QUESTION, papers(), query=None, mode=mode)
    answer = result.answer
    assert result.failures == [] and route.call_count == 2
    n = answer.verdict.studies_counted
    expected_phrase = prompt.verdict_phrase(answer.verdict.label, mode)
    assert answer.modes[mode].bottom_line == f"{expected_phrase}: {n} studies looked at this."
    other = "clinician" if mode == "lay" else "lay"
    assert answer.modes[other].bottom_line == offline_bottom_lines(answer)[other]  # the other mode stays offline
    # The prompt is versioned with the others (the version hashes every prompt module) and recorded.
    assert result.prompt_version == prompt_version()

    sent = json.loads(route.calls[1].request.content)
    assert sent["response_format"]["json_schema"]["name"] == prompt.SCHEMA_NAME
    system, user = sent["messages"][0]["content"], sent["messages"][1]["content"]
    assert prompt.MODE_INSTRUCTIONS[mode] in system
    assert prompt.MODE_INSTRUCTIONS[other] not in system
    # Given only the facts: no study, no abstract, no question.
    assert "<study" not in user and QUESTION not in user
    assert all(p.record.title not in user for p in papers())
    assert f"Verdict phrase: {expected_phrase}" in user and f"Studies counted: {n}" in user
    for u in answer.bottom_line.uncertain:
        assert (u.lay if mode == "lay" else u.clinician) in user


BAD = {
    "drops the verdict": lambda facts: f"Triptans: {counted(facts)} studies looked at this.",
    "contradicts the verdict": lambda facts: f"{phrase_of(facts)}, or rather the studies do not agree; probably not.",
    "adds a number": lambda facts: f"{phrase_of(facts)}: triptans help 73% of people.",
    "adds a study type": lambda facts: f"{phrase_of(facts)}, according to a large cohort study.",
    "adds advice": lambda facts: f"{phrase_of(facts)}. You should ask for a prescription.",
    "adds a link": lambda facts: f"{phrase_of(facts)}. See https://example.org/triptans",
    "adds a reference": lambda facts: f"{phrase_of(facts)} [1].",
    "is too long": lambda facts: f"{phrase_of(facts)}. " + "Studies looked at this. " * 30,
    "is empty": lambda facts: "  ",
    "fails over HTTP": lambda facts: recorded("error_400_invalid_request.json", 400),
    "breaks the schema": lambda facts: recorded("chat_completion_structured_output_refusal.json"),
}


@pytest.mark.parametrize("case", list(BAD))
@pytest.mark.parametrize("mode", ["lay", "clinician"])
@respx.mock
def test_a_phrasing_that_drops_the_verdict_or_adds_a_claim_falls_back_to_the_offline_text(mode, case):
    if case == "contradicts the verdict" and mode == "clinician":
        # Clinician phrases "Yes"/"No" are single words, checked at the start only; the lay wording is not one of them.
        pytest.skip("not a clinician verdict phrase")
    respx.post(COMPLETIONS).mock(side_effect=answering(CONTENT, BAD[case]))
    result = synthesise(QUESTION, papers(), query=None, mode=mode)
    answer = result.answer
    assert answer.kind == "llm"  # the answer itself is the LLM's; only the bottom line fell back
    assert answer.modes[mode].bottom_line == offline_bottom_lines(answer)[mode]
    assert [(f.stage, f.source) for f in result.failures] == [("synthesise", "llm")]
    assert result.failures[0].error.startswith("bottom line: ")
    assert "showing the offline bottom line instead" in result.failures[0].error


@pytest.mark.slow  # loads a model (the fast lane, --fast, leaves it out)
@respx.mock
def test_without_an_answer_from_the_llm_no_bottom_line_call_is_made():
    route = respx.post(COMPLETIONS).mock(return_value=recorded("error_400_invalid_request.json", 400))
    result = synthesise(QUESTION, papers(), query=None, mode="lay")
    assert route.call_count == 1 and result.answer.kind == "extractive"
    assert result.answer.modes["lay"].bottom_line == offline_bottom_lines(result.answer)["lay"]


def test_the_check_keeps_what_the_facts_say_and_rejects_what_they_do_not():
    facts = ("FACTS\nVerdict phrase: Probably yes\nHow sure: moderate\nStudies counted: 6\n"
             "Strongest study type: 4 Randomised controlled trial (4 fair tests (people put in groups by chance))\n"
             "Still uncertain: most studies are from before 2005")
    ok = "Probably yes. Six studies, mostly 4 fair tests, looked at this; most are from before 2005."
    assert check_bottom_line(f" “{ok}” ", facts=facts, phrase="Probably yes", mode="lay") == ok
    for bad in ("Probably yes. A meta-analysis of 6 trials agrees.",  # a study type the facts do not have
                "Probably yes. Most studies are from before 2010.",  # a changed number
                "Probably yes, and it is safe.",  # a finding the facts do not hold
                "Yes, probably."):  # the verdict phrase is not where it must be
        with pytest.raises(BottomLineRejected):
            check_bottom_line(bad, facts=facts, phrase="Probably yes", mode="lay")
    with pytest.raises(ValueError):
        prompt.system_for("expert")
