"""How a medicine is given, as an arm of a comparison: "Does a sumatriptan injection work better than
sumatriptan tablets?", "Is the Imitrex nose spray as good as the injection?", "Does the oxybutynin skin
patch work as well as Detrol LA tablets?".

Read as ordinary concepts, the form words went astray: "injection" became the outcome and the condition
("migraine") the comparator, so every sumatriptan-versus-placebo trial "compared" the arms. A form is part
of its arm: the drug written next to it takes it, a comparator that names only a form ("the injection") is
the same drug in that form, and abstracts write a form their own way (an injection as "subcutaneous", a
tablet as "oral"), so each form carries the names studies use. When both arms are the same drug, only the
form names tell the arms apart (``arm_names``). Two different drugs are told apart by their names, whatever
their forms ("a fluticasone nose spray ... than loratadine tablets").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .state import Concept

# key -> (how a question writes it, how abstracts write it). Bare "nasal" is left out ("nasal congestion" is no
# form), and "regular" only where no activity follows ("regular exercise").
FORMS: dict[str, tuple[str, tuple[str, ...]]] = {
    "injection": (r"injections?|injectables?|jabs?|shots?|auto-?injectors?|self-injectors?|subcutaneous",
                  ("injection", "injections", "injectable", "injected", "subcutaneous", "subcutaneously",
                   "intramuscular", "intravenous", "autoinjector", "self-injector", "parenteral")),
    "tablet": (r"tablets?|pills?|capsules?|oral|by\s+mouth|syrup|liquid",
               ("tablet", "tablets", "oral", "orally", "capsule", "capsules", "pill", "pills")),
    "nasal spray": (r"nas(?:al)?\s+sprays?|nose\s+sprays?|intranasal",
                    ("nasal spray", "intranasal", "intranasally", "nose spray")),
    "patch": (r"(?:skin\s+)?patch(?:es)?|transdermal", ("patch", "patches", "transdermal", "skin patch")),
    "suppository": (r"suppositor(?:y|ies)|rectal", ("suppository", "suppositories", "rectal", "rectally")),
    "topical": (r"gels?|creams?|ointments?|topical", ("gel", "cream", "ointment", "topical", "topically")),
    "eye drops": (r"eye[\s-]?drops?|eyedrops?|ophthalmic\s+(?:solution|drops?)",
                  ("eye drops", "eyedrops", "ophthalmic", "topical", "topically")),
    "inhaler": (r"inhalers?|inhaled", ("inhaler", "inhaled", "inhalation")),
    "extended-release": (
        r"extended[\s-]release|slow[\s-]release|controlled[\s-]release|sustained[\s-]release|once[\s-]a[\s-]day"
        # The letters a brand adds for its long-acting version ("Ditropan XL", "Detrol LA", "Adalat retard"); not
        # "ER", which a question more often means as the emergency room.
        r"|once[\s-]daily|xl|xr|la|sr|cr|cd|retard|gits|oros",
        ("extended-release", "extended release", "controlled-release", "controlled release", "sustained-release",
         "sustained release", "slow-release", "once-daily", "once daily")),
    # "regular / ordinary Detrol" against its long-acting version: only ever a form beside another form of one drug
    # (``mark_forms``), where "regular" is no exercise.
    "immediate-release": (r"immediate[\s-]release|short[\s-]acting|conventional|standard\s+release|(?:regular|ordinary)"
                          r"(?!\s+(?:exercise|activit\w+|physical|basis|intervals?|use|users?|checks?|check-ups?|meals?"
                          r"|diet|sleep|care|practice|doctors?|gp|visits?|follow-up|monitoring|dose|doses))",
                          ("immediate-release", "immediate release", "short-acting", "conventional")),
    # How often and when a dose is taken, told apart the same way ("once-a-day ... than the twice-a-day tablet", "at
    # bedtime ... than in the morning").
    "twice-daily": (r"twice[\s-](?:a[\s-])?day|twice[\s-]daily|two\s+times\s+a\s+day|b\.?i\.?d\.?",
                    ("twice daily", "twice-daily", "twice a day", "twice-a-day", "b.i.d.", "bid")),
    "bedtime": (r"(?:at\s+)?bedtime|at\s+night|night[\s-]?time|in\s+the\s+evening",
                ("bedtime", "evening", "night-time", "nighttime", "at night")),
    "morning": (r"(?:in\s+the\s+)?mornings?", ("morning",)),
}
TIMINGS = frozenset({"bedtime", "morning"})
_PATTERNS = {key: re.compile(rf"(?<![\w-])(?:{pattern})(?![\w-])", re.I) for key, (pattern, _) in FORMS.items()}


@dataclass(frozen=True)
class FormMention:
    key: str
    start: int
    end: int
    surface: str


def mentions(question: str) -> list[FormMention]:
    """Every form written in ``question``, in order (a longer match wins where two overlap)."""
    found = [FormMention(key, m.start(), m.end(), m.group(0)) for key, p in _PATTERNS.items() for m in p.finditer(question)]
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    out: list[FormMention] = []
    for f in found:
        if not out or f.start >= out[-1].end:
            out.append(f)
    return out


def form_of(concept: Concept) -> str | None:
    """The form a concept names ("injection", "skin patch", "tablets"), or None for anything else."""
    return names_form(concept.text)


def names_form(text: str) -> str | None:
    """The form ``text`` names, all of it ("eye drops", "nasal spray"), or None."""
    text = " ".join(text.split())
    for key, pattern in _PATTERNS.items():
        m = pattern.fullmatch(text)
        if m:
            return key
    return None


# How abstracts write the forms that tell one drug's versions apart (its release, its route through the skin): the
# words of a study of one form against another.
VERSION_FORMS = ("extended-release", "immediate-release", "patch")
_WRITTEN_VERSIONS = {key: re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n).replace(r"\ ", r"[\s-]")
                                                                 for n in FORMS[key][1]) + r")(?![\w-])", re.I)
                     for key in VERSION_FORMS}


def versions_written(text: str) -> set[str]:
    """The release forms and routes written in ``text`` in an abstract's words ("controlled-release", "conventional",
    "transdermal"): two or more in an abstract make it a study of one drug's versions against each other."""
    return {key for key, pattern in _WRITTEN_VERSIONS.items() if pattern.search(text or "")}


def form_concept(mention: FormMention) -> Concept:
    """A concept for a form as written, searched by the names abstracts use for it."""
    names = FORMS[mention.key][1]
    return Concept(text=mention.surface, synonyms=list(dict.fromkeys([mention.surface.lower(), *names])), kind="term")


def mark_forms(question: str, concepts: list[Concept]) -> list[Concept]:
    """``concepts`` with every form word a concept of its form; forms the extractor left out are added.

    Only a comparison of one drug that names two forms ("X injection ... than X tablets", "the X patch ... as
    well as the pills") is changed: elsewhere a form word is ordinary wording ("oral hypoglycemics"), and two
    drugs are told apart by their names.
    """
    from .frame import question_kind

    found = mentions(question)
    if not TIMINGS <= {f.key for f in found}:
        # "during the morning at school" is when, not an arm: a time of day is an arm only set against the other one
        found = [f for f in found if f.key not in TIMINGS]
    drugs = {c.text.lower() for c in concepts if c.kind == "drug" and not form_of(c)}
    if len({f.key for f in found}) < 2 or len(drugs) != 1 or question_kind(question) != "comparison":
        return concepts
    out = [form_concept(_mention_of(found, c)) if form_of(c) and _mention_of(found, c) else c for c in concepts]
    covered = {form_of(c) for c in out if form_of(c)}
    for f in found:
        if f.key not in covered and not any(_overlaps(question, c, f) for c in out):
            out.append(form_concept(f))
            covered.add(f.key)
    return out


def _mention_of(found: list[FormMention], concept: Concept) -> FormMention | None:
    key = form_of(concept)
    return next((f for f in found if f.key == key), None)


def _overlaps(question: str, concept: Concept, mention: FormMention) -> bool:
    """Whether a concept is written over the form's words ("skin patch" inside "skin patch")."""
    low = question.lower()
    text = concept.text.lower()
    at = low.find(text) if text else -1
    return at >= 0 and at < mention.end and mention.start < at + len(text)


def arm_names(x_concepts: list[Concept], y_concepts: list[Concept]) -> tuple[list[str], list[str]] | None:
    """(x names, y names) when both arms are one drug in two forms: only the forms tell them apart.

    ``None`` otherwise (the drugs' own names tell the arms apart).
    """
    x_forms = [c for c in x_concepts if form_of(c)]
    y_forms = [c for c in y_concepts if form_of(c)]
    y_drugs = [c for c in y_concepts if not form_of(c)]
    if not x_forms or not y_forms or y_drugs:
        return None
    return ([n.lower() for c in x_forms for n in [c.text, *c.synonyms]],
            [n.lower() for c in y_forms for n in [c.text, *c.synonyms]])
