"""Examples named in a question belong to the class they illustrate.

Lay questions name a drug class and then an example or two: "Do non-drowsy antihistamines
like loratadine or fexofenadine make you sleepy?", "COX-2 inhibitors like celecoxib ...
than ordinary NSAIDs such as naproxen or ibuprofen". Read as separate concepts, the examples
became outcomes (the question then looked for studies where loratadine was an *outcome*)
or extra required terms (a study had to name the class *and* every example). They are other
names of the class: searched OR'ed with it, matched as it, and never a role of their own.

The same holds for the other ways one treatment is written as several names: a name in brackets
after a drug ("Evista (raloxifene)", "lisinopril (Zestril)": brand and generic), a class word right
before a named drug ("the beta blocker bucindolol": the drug), a lay class after a named one ("ARB
blood pressure pills like telmisartan": the ARBs), and drugs joined as the subject of a harm question
("Can terfenadine and astemizole cause ...": either).
"""
from __future__ import annotations

import re
from dataclasses import replace

from .frame import question_kind
from .state import Concept

_INTRO = re.compile(r"\b(?:like|such\s+as|e\.?\s?g\.?|including|for\s+example|for\s+instance|especially)\b", re.I)
# What may sit between two examples: "loratadine or fexofenadine", "naproxen, ibuprofen and diclofenac".
_JOINER = re.compile(r"^[\s,]*(?:(?:or|and|/)\s+)?$", re.I)
MAX_GAP = 3  # characters of text allowed between the class and "like" ("antihistamines, like ...")


# A free-text phrase that says "a kind of medicine" ("stimulant medicines", "water pills", "blood thinners").
_CLASS_WORD = re.compile(r"\b(?:medicines?|medications?|drugs?|pills?|tablets?|painkillers?|thinners?|treatments?"
                         r"|inhalers?|sprays?|creams?|injections?)$", re.I)


def _names_a_class(concept: Concept) -> bool:
    return concept.kind == "phrase" and bool(_CLASS_WORD.search(concept.text.strip()))


def _span(question: str, concept: Concept) -> tuple[int, int] | None:
    low = question.lower()
    for text in [concept.text, *concept.synonyms]:
        t = " ".join(text.lower().split())
        if not t:
            continue
        m = re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", low)  # "epidural" is not in "spinal-epidural"
        if m:
            return m.span()
    return None


_THAN = re.compile(r"\b(?:than|versus|vs\.?|compared\s+(?:with|to))\b", re.I)
_OR = re.compile(r"^[\s,]*(?:or|/)\s+$", re.I)  # only "or": "X and Y" after "than" may be a combination


def _members_after(
    question: str, concepts: list[Concept], spans: list[tuple[int, int] | None], order: list[int], start: int,
    taken: set[int], joiner: re.Pattern[str],
) -> list[int]:
    """The drugs written one after another from ``start``, each separated from the last by ``joiner``."""
    members: list[int] = []
    end = start
    for i in order:
        if spans[i][0] < start or i in taken:
            continue
        if not joiner.match(question[end:spans[i][0]]) or concepts[i].kind != "drug":
            break
        members.append(i)
        end = spans[i][1]
    return members


def merge_examples(question: str, concepts: list[Concept]) -> list[Concept]:
    """``concepts`` with each "CLASS like A or B" folded into CLASS (A and B become its synonyms).

    Only drugs are folded, into a drug class written right before the cue: "pain like a
    migraine" keeps both concepts.
    """
    spans = [_span(question, c) for c in concepts]
    order = sorted((i for i, s in enumerate(spans) if s is not None), key=lambda i: spans[i][0])
    absorbed: dict[int, list[int]] = {}
    taken: set[int] = set()
    dropped: set[int] = set()
    for cue in _INTRO.finditer(question):
        head = next((i for i in reversed(order) if spans[i][1] <= cue.start()), None)
        if head is None or head in taken or not (concepts[head].kind == "drug" or _names_a_class(concepts[head])):
            continue
        if len(question[spans[head][1]:cue.start()].strip(" ,")) > MAX_GAP:
            continue
        members = _members_after(question, concepts, spans, order, cue.end(), taken, _JOINER)
        if members:
            named = _named_before(question, concepts, spans, order, head)
            if named is not None:
                # "ARB blood pressure pills like telmisartan": the examples are of the ARBs; the generic
                # words say what ARBs are for and are dropped, not searched as another name of them.
                dropped.add(head)
                head = named
            absorbed[head] = members
            taken.update(members)
    for pivot in _THAN.finditer(question):
        # "more than olanzapine or quetiapine": the alternatives are one comparator, searched OR'ed.
        head = next((i for i in order if spans[i][0] >= pivot.end()), None)
        if head is None or head in taken or concepts[head].kind != "drug" or question[pivot.end():spans[head][0]].strip():
            continue
        members = _members_after(question, concepts, spans, order, spans[head][1], taken | {head}, _OR)
        if members:
            absorbed[head] = members
            taken.update(members)
    member_of = {m: head for head, members in absorbed.items() for m in members}
    for head, other in _parenthesised(question, concepts, spans, order, set(absorbed) | dropped):
        if other in taken:
            continue
        if head in member_of:
            # "an ACE inhibitor like moexipril (Univasc)": the bracketed name is the example's, so the class's.
            head = member_of[head]
        elif _drug_class(concepts[head]) and _single_name(concepts[other]):
            # "an ACE inhibitor (spirapril)": the drug the class word describes, as "the beta blocker bucindolol".
            dropped.add(head)
            continue
        absorbed.setdefault(head, []).append(other)
        taken.add(other)
    dropped.update(_appositions(question, concepts, spans, order, taken | set(absorbed) | dropped))
    subject = _joined_subject(question, concepts, spans, order, taken | set(absorbed) | dropped)
    if subject:
        absorbed[subject[0]] = subject[1:]
        taken.update(subject[1:])
    if not absorbed and not dropped:
        return concepts
    out: list[Concept] = []
    for i, concept in enumerate(concepts):
        if i in taken or i in dropped:
            continue
        if i in absorbed:
            extra = [n for m in absorbed[i] for n in [concepts[m].text, *concepts[m].synonyms]]
            # "stimulant medicines like Ritalin": the free-text class is a treatment, named by its examples.
            concept = replace(concept, kind="drug", synonyms=list(dict.fromkeys([*concept.synonyms, *extra])))
            if subject and i == subject[0]:
                concept = replace(concept, text=" or ".join(concepts[m].text for m in subject))
        out.append(concept)
    return out


def _appositions(
    question: str, concepts: list[Concept], spans: list[tuple[int, int] | None], order: list[int], taken: set[int],
) -> set[int]:
    """Class words written right before a named drug ("the beta blocker bucindolol") say what the drug is:
    the drug is the treatment and the class is dropped (it would make every beta-blocker study match)."""
    out: set[int] = set()
    for a, b in zip(order, order[1:]):
        if a in taken or b in taken or concepts[a].kind != "drug" or concepts[b].kind != "drug":
            continue
        if not _single_name(concepts[b]):
            continue
        if _touching(question, spans, a, b) or (_set_off(question, spans, a, b) and _drug_class(concepts[a])):
            out.add(a)
    return out


def _single_name(concept: Concept) -> bool:
    """One drug's name ("bucindolol"), not a class ("beta blockers") nor a phrase."""
    name = concept.text.strip()
    return concept.kind == "drug" and " " not in name and not name.lower().endswith("s")


# What a drug class is called ("Angiotensin-Converting Enzyme Inhibitors", "Adrenergic beta-Antagonists"): a
# single drug ("Lisinopril") never is, so "lisinopril, enalapril, or captopril" stays a list.
_CLASS_NAME = re.compile(r"(?:inhibitors?|antagonists?|blockers?|agonists?|agents?|drugs?|antidepressants?"
                         r"|antipsychotics?|diuretics?|statins?|antihistamines?|steroids?|analgesics?)$", re.I)


def _drug_class(concept: Concept) -> bool:
    """Whether the concept is a drug class by its name or heading (``_CLASS_NAME``)."""
    return bool(_CLASS_NAME.search(concept.mesh_heading or concept.text))


def _set_off(question: str, spans: list[tuple[int, int] | None], a: int, b: int) -> bool:
    """Whether ``b`` is set off by commas right after ``a``: "another ACE inhibitor, imidapril, ..." names the
    drug the class word describes."""
    return bool(re.fullmatch(r"\s*,\s*", question[spans[a][1]:spans[b][0]])
                and re.match(r"\s*[,?)]", question[spans[b][1]:]))


_OPEN = re.compile(r"^\s*\(\s*$")
_CLOSE = re.compile(r"^\s*\)")


def _parenthesised(
    question: str, concepts: list[Concept], spans: list[tuple[int, int] | None], order: list[int], taken: set[int],
) -> list[tuple[int, int]]:
    """(drug, other name) for each "Evista (raloxifene)" / "lisinopril (Zestril)": the name in brackets
    right after a drug is the same drug (brand and generic), never an outcome or another arm."""
    out: list[tuple[int, int]] = []
    for a, b in zip(order, order[1:]):
        if a in taken or b in taken or concepts[a].kind != "drug" or concepts[b].kind != "drug":
            continue
        if _OPEN.match(question[spans[a][1]:spans[b][0]]) and _CLOSE.match(question[spans[b][1]:]):
            out.append((a, b))
    return out


def _named_before(
    question: str, concepts: list[Concept], spans: list[tuple[int, int] | None], order: list[int], head: int,
) -> int | None:
    """The drug written right before a lay class ("ARB" of "ARB blood pressure pills"), or None."""
    before = next((i for i in reversed(order) if spans[i][1] <= spans[head][0]), None)
    if before is None or concepts[before].kind != "drug" or not _touching(question, spans, before, head):
        return None
    return before


def _touching(question: str, spans: list[tuple[int, int] | None], a: int, b: int) -> bool:
    """Whether concept ``b`` is written right after concept ``a``, with only spaces between."""
    return not question[spans[a][1]:spans[b][0]].strip()


# "X and Y together", "X combined with Y": a combination is one treatment of two drugs, not either drug.
_COMBINED = re.compile(r"\b(?:together|combin\w*|plus|alongside|at\s+the\s+same\s+time)\b", re.I)


def _joined_subject(
    question: str, concepts: list[Concept], spans: list[tuple[int, int] | None], order: list[int], taken: set[int],
) -> list[int]:
    """[first, *others] when a harm or association question's subject is drugs joined by "and" / "or", or a
    comparison's first arm is drugs joined by "or".

    "Can terfenadine and astemizole cause heart rhythm problems?" asks the same of each drug: a
    study of either answers it, so they are one treatment searched OR'ed. Not for safety questions
    ("is it safe to take X and Y?" asks about taking both) nor combinations ("X and Y together").
    """
    kind = question_kind(question)
    if kind not in ("harm", "association", "comparison") or _COMBINED.search(question):
        return []
    first = next((i for i in order if concepts[i].kind == "drug"), None)
    if first is None or first in taken:
        return []
    if kind == "comparison":
        # "Do losartan or valsartan lower blood pressure more than atenolol?": either drug against the one after
        # "than" (only "or": "X and Y" may be given together), so a trial of either against it answers.
        than = _THAN.search(question, spans[first][1])
        members = _members_after(question, concepts, spans, order, spans[first][1], taken | {first}, _OR)
        return [first, *members] if members and than and spans[members[-1]][1] <= than.start() else []
    members = _members_after(question, concepts, spans, order, spans[first][1], taken | {first}, _CONJOINED)
    return [first, *members] if members else []


# Drugs joined as one subject: by "and", "or", a comma or a slash, never side by side ("ACE inhibitor blood pressure
# pills" is one treatment named twice).
# "lisinopril or other ACE inhibitors": the drug and its class, either.
_CONJOINED = re.compile(r"^\s*(?:,\s*(?:(?:or|and)\s+)?|(?:or|and)\s+(?:(?:any|some)\s+)?(?:other\s+)?|/\s*)$", re.I)
