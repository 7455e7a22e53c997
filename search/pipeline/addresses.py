"""Does a study address the question? yes / partly / no, with a short reason.

Read relative to the frame (``search.pipeline.frame``): for "is X better than Y" only a study
that names both X and Y (a head-to-head comparison) addresses it, and X against placebo is
"partly"; for "is X safe for people with Y" a study of X that never mentions Y is "partly";
for "does X improve Y" a study of X that never mentions Y (nor the population) is "partly".
A study that does not mention the intervention at all does not address the question.

Matching is on words, not meaning: the title, abstract and MeSH headings are searched for
every name of a concept (its synonyms and MeSH heading, as the query used them), with a crude
stem so "esophagitis" meets "oesophagitis"-free plural forms. That is what retrieval matched
on, so it is never stricter than the query, and its mistakes are visible in the reason.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from documents.sources.base import Record

from .concepts import DROP_WORDS, _lookup_drug, entry_heading, is_condition
from .query_builder import GENERIC_WORDS
from .formulations import form_of
from .frame import in_whom, is_add_on, is_combination
from .state import Addresses, Concept, Frame, UnderstoodQuery

STEM = 5  # characters of a word compared ("healing" ~ "healed", "inhibitors" ~ "inhibitor")
_WORD = re.compile(r"[a-z0-9]+")
_COMPARES = re.compile(r"\b(?:versus|vs\.?|compared|comparison|comparing|than|head-to-head|crossover|cross-over)\b", re.I)
_PLACEBO = re.compile(r"\bplacebo", re.I)
# An arm without the added treatment: "amlodipine or placebo added to atenolol", "metformin alone", "dual therapy",
# "with or without", "monotherapy". Every study of a triple regimen names the proton pump inhibitor it is built on;
# only one of these words says that the trial also gave the base treatment without the addition.
_WITHOUT_ADDITION = re.compile(
    r"\b(?:alone|monotherapy|mono-therapy|by\s+itself|single[\s-](?:drug|agent)|dual|placebo|with\s+or\s+without"
    r"|add(?:ed|ing)?[\s-]on|addition\s+of|adding|added\s+to)\b", re.I)
_STOP = frozenset("the of and or in on for with to a an by at from as is are be".split())


def _stems(text: str) -> set[str]:
    return {w[:STEM] for w in _WORD.findall(text.lower()) if w not in _STOP}


def _names(concept: Concept) -> list[str]:
    names = [concept.text, *(concept.synonyms or [])]
    if concept.mesh_heading:
        names.append(concept.mesh_heading)
    return [n for n in dict.fromkeys(n.lower() for n in names) if n.strip()]


# How much of a measure a person asks about ("a wide pulse pressure", "high triglycerides", "low HDL"): the studies
# of it name the measure, and say "wide" or "high" in their own words ("pulse pressure is a predictor").
_DEGREE = frozenset("wide widened high higher low lower raised elevated increased reduced big large small".split())


def mentions(concept: Concept, text_stems: set[str], *, degree: bool = True) -> bool:
    """Whether any name of ``concept`` occurs in a text (all of a name's content words, by stem); ``degree`` False:
    a word saying how much of a measure (``_DEGREE``) is not needed when two words or more of the name remain."""
    for name in _names(concept):
        words = [w for w in _WORD.findall(name) if w not in _STOP and w not in DROP_WORDS and w not in GENERIC_WORDS]
        if not degree and len([w for w in words if w not in _DEGREE]) >= 2:
            words = [w for w in words if w not in _DEGREE]
        if words and all(w[:STEM] in text_stems for w in words):
            return True
    return False


def _paper_stems(record: Record) -> set[str]:
    return _stems(" ".join([record.title or "", record.abstract or "", " ".join(record.mesh or [])]))


def _drug_entry(word: str) -> dict[str, Any] | None:
    """The drug dictionary's entry for a single word, looked up from five letters on: the one length rule both
    ``is_drug_word`` and ``is_class_word`` read words by."""
    return _lookup_drug(word) if len(word) >= 5 else None


@lru_cache(maxsize=4096)
def is_drug_word(word: str) -> bool:
    """A single word the drug dictionary knows ("enalapril", "ziprasidone")."""
    return _drug_entry(word) is not None


# A dictionary heading that names a class of drugs: "Antipsychotic Agents", "Analgesics, Opioid", "Benzodiazepines".
_CLASS_HEADING = re.compile(r"(?:^|[\s,])[A-Za-z-]{4,}s(?:$|[\s,])")


def is_class_word(word: str) -> bool:
    """A single word the drug dictionary files under a class heading ("neuroleptic": Antipsychotic Agents), not
    under one drug ("haloperidol": Haloperidol)."""
    entry = _drug_entry(word)
    return entry is not None and bool(_CLASS_HEADING.search(entry_heading(entry)))


def distinct_drugs(record: Record) -> set[str]:
    """Drug names the abstract mentions (dictionary words), to tell a within-class head-to-head trial."""
    return clause_drugs(f"{record.title or ''} {record.abstract or ''}")


def clause_drugs(text: str) -> set[str]:
    """Drug names (dictionary words) written in a piece of text."""
    words = set(_WORD.findall(text.lower()))
    return {w for w in words if w not in _STOP and is_drug_word(w)} - {"placebo"}


def other_drugs(text: str, names: list[str]) -> set[str]:
    """The drugs written in ``text`` that are none of ``names`` (the arm or treatment asked about), word by word as
    ``clause_drugs`` reads them, so "tolterodine-la" is tolterodine and "ace inhibitors" no other drug."""
    own = {w for n in names for w in _WORD.findall(n.lower())}
    return clause_drugs(text) - own


def _list(names: list[str]) -> str:
    return " and ".join(names)


def _added_arm_missing(frame: Frame, record: Record) -> bool:
    """Whether an add-on comparison ("X added to Y" against "Y alone") meets a study that never gives Y without X."""
    if not is_add_on(frame):
        return False
    return not _WITHOUT_ADDITION.search(f"{record.title or ''} {record.abstract or ''}")


def addresses(query: UnderstoodQuery, record: Record) -> Addresses:
    """Whether ``record`` addresses the question framed in ``query``."""
    frame = query.frame
    stems = _paper_stems(record)
    intervention = query.role_concepts("intervention")
    comparator = query.role_concepts("comparator")
    qualifiers = query.role_concepts("population") or []
    outcome = query.role_concepts("outcome")
    x = frame.intervention or "the treatment asked about"
    named = [c for c in intervention if c.kind == "drug"] or intervention  # "long-acting opioid": the drug word
    has_x = any(mentions(c, stems) for c in named) if named else True
    if not has_x and frame.kind == "association":
        # "Is a wide pulse pressure linked to more heart problems?": the exposure is a measure, named by the studies
        # without the person's "wide".
        has_x = any(mentions(c, stems, degree=False) for c in named)
    within_class = frame.kind == "comparison" and (frame.comparator or "").startswith("another")
    if not has_x and within_class:
        # A class ("opioid") is often written only as its members ("oxycodone", "morphine").
        has_x = bool(distinct_drugs(record))
    if not has_x:
        return Addresses("no", f"does not study {x}")
    if is_combination(frame.intervention):
        # "Does the fosinopril plus hydrochlorothiazide combo bring blood pressure down?": a study of fosinopril
        # alone tests another regimen.
        unstudied = [c.text for c in named if not mentions(c, stems)]
        if unstudied:
            studied = [c.text for c in named if c.text not in unstudied]
            return Addresses("partly", f"studies {_list(studied)}, but not with {_list(unstudied)}")

    if frame.kind == "comparison":
        unnamed_form = [c.text for c in intervention if form_of(c) and not mentions(c, stems)]
        if unnamed_form:
            # "sumatriptan injection ... than sumatriptan tablets": a study of the tablets alone is not about both.
            return Addresses("partly", f"studies {named[0].text if named else x}, but not as {unnamed_form[0]}")
        if comparator:
            y = frame.comparator or _list([c.text for c in comparator])
            if any(mentions(c, stems) for c in comparator):
                if _added_arm_missing(frame, record):
                    # "Is triple therapy (a PPI plus two antibiotics) better than a PPI plus amoxicillin alone?":
                    # trials of one triple regimen against another name the PPI too, and their "no difference"
                    # answered the add-on question "no".
                    return Addresses("partly", f"studies {x}, but not against {y}")
                return Addresses("yes", f"compares {x} with {y} directly")
            versus = "placebo" if _PLACEBO.search(record.abstract or "") else "something else"
            return Addresses("partly", f"studies {x} against {versus}, not against {y}")
        if frame.comparator and frame.comparator.startswith("another"):
            drugs = distinct_drugs(record)
            if len(drugs) >= 2 and _COMPARES.search(record.abstract or ""):
                return Addresses("yes", f"compares {x} head to head ({', '.join(sorted(drugs)[:3])})")
            return Addresses("partly", f"studies {x}, but not one against another")
        return Addresses("partly", f"studies {x}; the comparison asked about is unclear")

    if frame.kind == "safety":
        if not qualifiers:
            return Addresses("yes", f"studies {x}")
        who = frame.population or _list([c.text for c in qualifiers])
        if any(mentions(c, stems) for c in qualifiers):
            return Addresses("yes", f"studies {x} {in_whom(who)}")
        return Addresses("partly", f"studies {x}, but not {in_whom(who)}")

    # "I'm already on an ACE inhibitor. Would adding losartan lower my proteinuria?": a trial of losartan alone answers
    # another question; only trials of it added to (or beside) the background treatment answer this one.
    background = query.role_concepts("background")
    unadded = bool(background) and not any(mentions(c, stems) for c in background)
    not_added = Addresses("partly", f"studies {x}, but not added to {_list([c.text for c in background])}")
    targets = outcome + qualifiers
    if not targets:
        return not_added if unadded else Addresses("yes", f"studies {x}")
    found = [c.text for c in targets if mentions(c, stems)]
    on_outcome = bool(outcome) and any(mentions(c, stems) for c in outcome)
    conditions = [c for c in outcome if is_condition(c)]
    if on_outcome and conditions and len(conditions) < len(outcome) and not any(mentions(c, stems) for c in conditions):
        # "I'm paralysed after a spinal cord injury and have constant pain. Will amitriptyline ease it?": the pain of
        # another condition (tension headache, jaw pain) is not the pain asked about; the condition must be named.
        # It does not address the question ("Will Claritin stop the sneezing of a common cold?" is not answered by
        # trials in hay fever), so it is left out of the verdict, not counted as a study of the treatment.
        return Addresses("no", f"studies {x} and {_list(found)}, but not in {_list([c.text for c in conditions])}")
    in_population = not qualifiers or any(mentions(c, stems) for c in qualifiers)
    if len(found) == len(targets) or (on_outcome and in_population):
        return not_added if unadded else Addresses("yes", f"studies {x} and {_list(found)}")
    if on_outcome:
        # "After bypass surgery, does metoprolol prevent heart attacks?": a trial after a heart attack
        # measures the outcome in other people, so it only partly answers.
        who = frame.population or _list([c.text for c in qualifiers])
        return Addresses("partly", f"studies {x} and {_list(found)}, but not {in_whom(who)}")
    missing = [c.text for c in targets if c.text not in found]
    return Addresses("partly", f"studies {x}, but not {_list(missing)}")
