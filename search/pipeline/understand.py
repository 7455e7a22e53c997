"""Stage 1: question → concepts → Boolean PubMed query with progressively relaxed alternatives.

``retrieve`` tries ``boolean`` first, then each relaxation in order until it has enough
candidates. A question without a medical concept is still searched, on its content words;
a question without any content word gets an empty query and a message, never an error.
"""
from __future__ import annotations

import re

from documents.sources.base import Filters

from .class_examples import merge_examples
from .concepts import drug_heading, extract_concepts
from .formulations import mark_forms
from .frame import COMBINATION_JOIN, frame_question
from .query_builder import build_queries
from .state import Frame, UnderstoodQuery

NO_CONCEPTS = "could not find medical concepts in this question"
FREE_TEXT = NO_CONCEPTS + "; searching the words as free text"
# "Does Concerta work better than nothing?", "Is tramadol better than doing nothing for back pain?": a treatment
# against no treatment is what placebo-controlled trials test, so the inert arm is read as placebo (the word the
# vocabulary and the studies know); left as "nothing", the comparison had no second arm, or took the outcome for it.
_INERT_ARM = re.compile(
    r"\b(than|versus|vs\.?|compared\s+(?:with|to))\s+(?:doing\s+|taking\s+|having\s+|using\s+|giving\s+)?"
    r"(?:nothing(?:\s+at\s+all)?|no\s+(?:treatment|medicine|medication|drugs?|pills?|tablets?|therapy)(?:\s+at\s+all)?"
    r"|not\s+(?:taking|treating|using|giving)\s+(?:anything|it|them))\b",
    re.I,
)


def inert_arm_as_placebo(question: str) -> str:
    """The question with "than nothing" / "versus no treatment" written as "than placebo"."""
    return _INERT_ARM.sub(r"\1 placebo", question)


# "Will a higher dose of omeprazole clear my H. pylori better?", "Will doubling my PPI dose control the acid better?",
# "Would a longer course have cured it more reliably?": a dose or course asked against the one the person takes, but
# without "than", so the question was read as an effect of the drug (any trial of it answered yes). Its comparator is
# written out ("... better than the usual dose?"), as a person asking in full writes it, and the question is the dose
# comparison its trials answer (mostly "no difference").
_MORE_OF_IT = re.compile(
    r"\b(?:(?:higher|bigger|larger|double|increased|stronger)\s+(?:[\w-]+\s+){0,2}?doses?"
    r"|doubl(?:e|ing)\s+(?:my\s+|the\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,3}?doses?"
    r"|(?P<course>longer\s+(?:or\s+higher-dose\s+)?(?:[\w-]+\s+){0,3}?course))\b", re.I)
_BARE_BENEFIT = re.compile(r"\b(?:better|more\s+(?:reliably|effectively|often|quickly|completely))\b(?=[^?]*\?\s*\Z)", re.I)


# "Does a higher omeprazole dose improve the cure rate?", "Will a higher dose help me exercise more?": the benefit
# said with a verb, set against the usual dose at the end of the question.
_BENEFIT_VERB = re.compile(r"\b(?:improv|increas|rais|boost|help|cur|clear|heal)\w*\b[^?]*(?=\?\s*\Z)", re.I)
_COMPARED = re.compile(r"\b(?:than|compared|versus|vs\.?|rather)\b", re.I)


def implicit_dose_comparator(question: str) -> str:
    """The question with the dose or course a bare "better" (or a benefit verb) is set against written out
    (``_MORE_OF_IT``)."""
    more = _MORE_OF_IT.search(question)
    if more is None or _COMPARED.search(question):
        return question
    usual = "a shorter course" if more.group("course") else "the usual dose"
    at, joined = _BARE_BENEFIT.search(question, more.end()), " than "
    if at is None:
        at, joined = _BENEFIT_VERB.search(question, more.end()), " compared with "
    if at is None:
        return question
    return question[: at.end()] + joined + usual + question[at.end():]


# "Is it better to get the painkiller before the surgeon starts cutting instead of at the end of the operation?",
# "Does giving sufentanil before the incision reduce pain compared with giving it after?": the timing of one treatment,
# which trials call pre-emptive against postoperative (or post-incisional) analgesia. Read as asked, the frame found
# one treatment and no comparator (an effect question, any trial of the painkiller answered yes); written as the
# trials name the two arms, the question is the comparison they answer (mostly "no difference").
_TIMED = re.compile(
    r"\b(?:(?:are|is|was|were)\s+)?(?:started\s+|given\s+)?before\s+"
    r"(?:the\s+|my\s+|his\s+|her\s+|an?\s+)?(?:[\w'-]+\s+){0,3}?(?:surgery|operation|incision|cutting|op|procedure)"
    r"(?:\s+starts)?(?:\s*\([^)]*\))?\s+(?:[\w'-]+\s+){0,5}?"
    r"(?:rather\s+than|instead\s+of|than|compared\s+with)\s+(?:[\w'-]+\s+){0,3}?(?:at\s+the\s+end|after\b|afterwards)",
    re.I)
# Where the words naming the treatment begin: after a clause break or the verb of taking it.
_TREAT_FROM = re.compile(r"(?:^|[,.?!]|\b(?:if|when|to|take|taking|get|getting|give|giving|start|starting|have|having"
                         r"|use|using|receive|receiving|is|it))\s+", re.I)
_TREAT_LEAD = re.compile(r"^(?:(?:the|my|a|an|some|your)\s+)+", re.I)
_PAINKILLER = re.compile(r"^(?:painkillers?|pain\s*killers?|pain\s+relief|pain\s+medicine|analgesics?|analgesia)$", re.I)


def timing_as_preemptive(question: str) -> str:
    """The question rewritten as the comparison of pre-emptive with postoperative treatment when it asks whether a
    treatment works better before the operation than after it (``_TIMED``); else the question as asked."""
    m = _TIMED.search(question)
    if m is None:
        return question
    before = question[: m.start()]
    starts = [b.end() for b in _TREAT_FROM.finditer(before)]
    treat = _TREAT_LEAD.sub("", before[max(starts, default=0):].strip())
    treat = re.split(r"\s+or\s+", treat)[-1]  # "the painkiller or local anaesthetic": the one named last
    if not treat or len(treat.split()) > 4 or _PAINKILLER.match(treat):
        # A painkiller is given for the pain: the outcome, or the frame names none and the page calls the question
        # broad (written "... for pain" after the comparator, "postoperative" was read as an outcome).
        return "Does pre-emptive analgesia relieve pain better than postoperative analgesia?"
    if treat.lower() == "epidural":
        treat = "epidural analgesia"
    return f"Is pre-emptive {treat} better than postoperative {treat}?"


# "verapamil/trandolapril", "losartan/HCTZ", "Neoral/Sandimmun": drug names joined by slashes, read as one word
# the vocabulary does not know, so the arm of a comparison went unread ("is verapamil/trandolapril better than
# losartan/HCTZ?" took "type" of "type 2 diabetics" for the treatment) and was searched as a phrase no abstract has.
_SLASHED = re.compile(r"(?<![\w/])[A-Za-z][\w-]*[A-Za-z0-9](?:/[A-Za-z][\w-]*[A-Za-z0-9])+(?![\w/])")


def slashed_drugs_as_written_out(question: str) -> str:
    """The question with each slash-joined run of drug names written out: "A plus B" for a combination of
    different drugs, "A (B)" for two names of one drug (a brand and its generic). A run with any part that is not
    a drug the vocabulary knows ("back/leg pain", "water pills/beta-blockers") is left as written."""
    def written_out(match: re.Match[str]) -> str:
        parts = match.group(0).split("/")
        headings = [drug_heading(part) for part in parts]
        if not all(headings):
            return match.group(0)
        if len(set(headings)) == 1:
            return parts[0] + "".join(f" ({part})" for part in parts[1:])
        return COMBINATION_JOIN.join(parts)
    return _SLASHED.sub(written_out, question)


def understand(question: str, filters: Filters) -> UnderstoodQuery:
    """The concepts of ``question`` and the Boolean queries to try, strictest first."""
    question = slashed_drugs_as_written_out(
        implicit_dose_comparator(timing_as_preemptive(inert_arm_as_placebo(question))))
    extraction = extract_concepts(question)
    if not extraction.concepts:
        return UnderstoodQuery(boolean="", concepts=[], relaxations=[], message=NO_CONCEPTS,
                               frame=Frame(kind=frame_question(question, []).frame.kind))
    concepts = mark_forms(question, merge_examples(question, extraction.concepts))
    framed = frame_question(question, concepts)
    boolean, relaxations = build_queries(concepts, filters, required=framed.required, asked=framed.outcome)
    return UnderstoodQuery(
        boolean=boolean,
        concepts=concepts,
        relaxations=relaxations,
        message="" if extraction.medical else FREE_TEXT,
        frame=framed.frame,
        roles={
            "intervention": framed.intervention,
            "comparator": framed.comparator,
            "outcome": framed.outcome,
            "population": framed.population,
            "background": framed.background,
        },
    )
