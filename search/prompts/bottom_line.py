"""Prompt for phrasing the bottom line on the LLM path (issue 17 §4).

The model is given ONLY the bottom-line facts already decided in code (search/pipeline/bottom_line.py:
the verdict, how sure, how many studies, the strongest study types, what is still uncertain), never the
abstracts, and asked to phrase them for the reading mode. It may not decide anything: the output is
checked in code (search/pipeline/answer_llm.py, ``check_bottom_line``) and replaced by the offline text
when it drops the verdict phrase or says anything the facts do not.
"""
from __future__ import annotations

from search.pipeline.state import BottomLine, Verdict

from .escaping import as_data
from .schema import strict_object

SCHEMA_NAME = "medseba_bottom_line"
MAX_CHARS = 400

# The words that carry the verdict in each mode; the phrasing must begin with them, exactly.
VERDICT_PHRASES = {
    "lay": {"yes": "Probably yes", "no": "Probably not", "mixed": "The studies do not agree",
            "insufficient": "Not enough research"},
    "clinician": {"yes": "Yes", "no": "No", "mixed": "Mixed evidence", "insufficient": "Insufficient evidence"},
}

SYSTEM = """You phrase the "bottom line" box of a MedSEBA result: two or three short sentences at the top \
of the page. The user message lists FACTS that were already decided; you only put them into words.

Rules:
- Begin with the exact verdict phrase given, word for word.
- Use only the facts given. Do not add any finding, number, year, study type, benefit, harm, dose, \
advice or recommendation that is not in the facts. Do not change any number.
- Say which study types the verdict rests on, and say every point listed under "still uncertain".
- At most {max_chars} characters. Plain text: no URLs, no markdown, no references like [1].
Reply with JSON matching the schema: {{"bottom_line": "..."}}."""

MODE_INSTRUCTIONS = {
    "lay": "Write for a lay reader: everyday words, short sentences (grade 8 reading level or below), no jargon.",
    "clinician": "Write for a clinician: concise, precise clinical terms (study designs by their clinical names).",
}

SCHEMA: dict = strict_object({"bottom_line": {"type": "string"}})


def verdict_phrase(label: str, mode: str) -> str:
    if mode not in VERDICT_PHRASES:
        raise ValueError(f"unknown reading mode {mode!r}")
    return VERDICT_PHRASES[mode][label]


def system_for(mode: str) -> str:
    """The system message for one reading mode; an unknown mode is refused."""
    if mode not in MODE_INSTRUCTIONS:
        raise ValueError(f"unknown reading mode {mode!r}")
    return SYSTEM.format(max_chars=MAX_CHARS) + "\n" + MODE_INSTRUCTIONS[mode]


def facts_lines(verdict: Verdict, bottom: BottomLine, mode: str, *, topic: str = "") -> list[str]:
    """The facts, one per line, in the mode's words (also what the output is checked against)."""
    from search.pipeline.modes import lay_design

    lines = [f"Verdict phrase: {verdict_phrase(verdict.label, mode)}",
             f"How sure: {verdict.confidence}",
             f"Studies counted: {verdict.studies_counted}"]
    if topic:
        lines.append(f"Topic: {as_data(topic, 120)}")
    for d in bottom.strongest:
        lines.append(f"Strongest study type: {d.count} {d.name}" + (f" ({lay_design(d.design, d.count)})"
                                                                     if mode == "lay" else ""))
    if not bottom.strongest:
        lines.append("Strongest study type: none")
    for u in bottom.uncertain:
        lines.append(f"Still uncertain: {u.lay if mode == 'lay' else u.clinician}")
    if not bottom.uncertain:
        lines.append("Still uncertain: nothing listed")
    return lines


def user_message(verdict: Verdict, bottom: BottomLine, mode: str, *, topic: str = "") -> str:
    return ("FACTS\n" + "\n".join(facts_lines(verdict, bottom, mode, topic=topic))
            + "\n\nPhrase the bottom line from these facts only, in the JSON format described.")
