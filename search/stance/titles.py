"""Weakly labelled stance questions from statement titles, for a check on the product's own corpus.

PubMedQA's automatically labelled part (PQA-A, Jin et al. 2019) turned statement titles into
yes/no questions: "Lisinopril improves endothelial function in smokers." becomes "Does
lisinopril improve endothelial function in smokers?" with the answer yes, and a negated
title ("Carvedilol does not alter insulin sensitivity ...") answers no. The abstract under
the title then says the same thing. The same recipe on the demo corpus (drug trials of the
1990s, unlike PubMedQA) measures how the stance classifier transfers to what the product
searches. Labels come from the title, never from the classifier's cues, and there is no
"maybe": hedged titles are skipped.

The same reading of a title's main clause serves the pipeline too: ``title_claim`` gives what a title says its
subject does or does not do, which ``search.pipeline.judge_frame.title_reading`` weighs against the question.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .examples import Example, iter_jsonl
from .syntax import parser

TITLES = "titles"
# Main verbs that state a finding; a noun-phrase title the tagger misreads ("Discontinuation
# rates of ...") rarely has one of these as its root.
CLAIM_VERBS = frozenset(
    """improve reduce increase decrease prevent attenuate enhance inhibit cause induce affect alter lower relieve
    restore block protect predict modify influence impair normalize suppress stimulate accelerate delay potentiate
    augment ameliorate provide produce elevate raise worsen benefit preserve lead result correlate interact interfere
    change regress diminish abolish counteract antagonize decline reverse blunt shorten prolong promote facilitate
    limit control modulate mediate exacerbate aggravate predispose confer offer achieve maintain""".split()
)
_HEDGED = re.compile(r"\b(?:may|might|could|possibly|potential|suggests?|whether)\b|\?", re.IGNORECASE)
_MIN_WORDS = 4


def _lower_first(text: str) -> str:
    """Sentence case to mid-sentence: "Lisinopril" -> "lisinopril", but "ACE inhibition" stays."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _join(tokens: list[Any], *, base_form_of: int = -1) -> str:
    """The tokens' text with their own spacing; the token at index ``base_form_of`` in its base form."""
    text = "".join((t.lemma_ if t.i == base_form_of else t.text) + t.whitespace_ for t in tokens).strip()
    return re.sub(r"\s+", " ", text)


def _statement(title: str | None) -> str | None:
    """The title's main clause (before any colon), unless it is hedged, a question or too short."""
    statement = (title or "").strip().rstrip(".").split(":")[0].strip()
    if _HEDGED.search(title or "") or len(statement.split()) < _MIN_WORDS:
        return None
    return statement


def title_question(title: str) -> tuple[str, str] | None:
    """(question, "supports" | "refutes") for a statement title, or None if it states no plain finding."""
    statement = _statement(title)
    return _question(parser()(statement)) if statement else None


def _main_clause(doc: Any) -> tuple[Any, int, set[int]] | None:
    """(root verb, index after its subject, indices of the negations on it) when the title opens with the subject of a
    verb; None for a noun-phrase title ("Effect of X on Y")."""
    root = next(iter(doc.sents)).root
    subjects = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    if root.pos_ not in ("VERB", "AUX") or not subjects or subjects[0].left_edge.i != 0:
        return None
    return root, subjects[0].right_edge.i + 1, {c.i for c in root.children if c.dep_ == "neg"}


def _failed_verb(root: Any) -> Any | None:
    """The verb of "X fails to <verb> Y" (the root "fail"'s bare-infinitive complement), or None."""
    verbs = [c for c in root.children if c.dep_ == "xcomp" and c.tag_ == "VB"]
    return verbs[0] if verbs else None


def _question(doc: Any) -> tuple[str, str] | None:
    """Move the auxiliary (or add do/does) in front of the subject; a negation on the main verb answers no."""
    clause = _main_clause(doc)
    if clause is None:
        return None
    root, subject_end, negations = clause
    subject = _lower_first(doc[:subject_end].text)
    label = "refutes" if negations else "supports"
    auxiliaries = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.i >= subject_end]
    after = [t for t in doc[subject_end:] if t.i not in negations]

    if root.lemma_ == "fail" and not negations:  # "X fails to improve Y" -> "Does X improve Y?" (no)
        verb = _failed_verb(root)
        if verb is None or root.tag_ not in ("VBZ", "VBP"):
            return None
        skip = {root.i} | {c.i for c in verb.children if c.dep_ == "aux"}
        auxiliary, rest, label = ("Does" if root.tag_ == "VBZ" else "Do"), [t for t in after if t.i not in skip], "refutes"
    elif root.lemma_ == "be" and not auxiliaries:  # copula: "X is effective" -> "Is X effective?"
        auxiliary, rest = root.text.capitalize(), [t for t in after if t.i != root.i]
    elif auxiliaries:  # "X is associated with Y", "X does not reduce Y", "X can prevent Y"
        first = auxiliaries[0]
        if first.lower_ in ("does", "do", "did") and not negations:
            return None  # emphatic "X does reduce Y" is too rare to trust the parse
        auxiliary, rest = first.text.capitalize(), [t for t in after if t.i != first.i]
    elif root.lemma_ in CLAIM_VERBS and root.tag_ in ("VBZ", "VBP"):  # "X reduces Y" -> "Does X reduce Y?"
        auxiliary = "Does" if root.tag_ == "VBZ" else "Do"
        return f"{auxiliary} {subject} {_join(after, base_form_of=root.i)}?", label
    else:
        return None
    return f"{auxiliary} {subject} {_join(rest)}?", label


# "X is not effective / beneficial in Y" denies a benefit, "X is effective in Y" states one: read as the verb "help".
_BENEFIT_ADJECTIVES = frozenset({"effective", "efficacious", "beneficial", "useful", "helpful"})
_NO_BENEFIT_ADJECTIVES = frozenset({"ineffective", "inefficacious", "useless"})
# Where the object of a title's claim ends and the people or the setting begin ("... in postmenopausal women",
# "... during anorectal procedures"); "symptoms in obsessive compulsive disorder" keeps its disease.
_SETTING = re.compile(
    r"\s(?:in|among|during|after|following|undergoing|receiving)\s(?=(?:[\w'-]+\s){0,3}?(?:patients?|subjects?|"
    r"volunteers?|women|men|children|adults|adolescents|infants|neonates|people|persons|individuals|elderly|users|"
    r"smokers|rats?|mice|dogs|animals|surgery|procedures?|operations?|anaesthesia|anesthesia|labou?r|pregnancy)\b)")
# Which way "is associated with ..." points: "with a lower risk of X" lowers it, "with X" alone raises it.
_LOWER = re.compile(r"\b(?:lower|reduced|decreased|less|fewer|smaller)\b")
_HIGHER = re.compile(r"\b(?:higher|increased|greater|more|elevated)\b")


@dataclass(frozen=True)
class TitleClaim:
    """What a statement title says its subject does, or does not do: "Topical lidocaine does not limit autonomic
    dysreflexia during anorectal procedures" -> subject "topical lidocaine", verb "limit", object "autonomic
    dysreflexia", denied. The texts are lower-cased; the object stops before the people or setting it names."""

    subject: str
    verb: str  # the claim's verb lemma ("fails to improve" -> "improve"; "is (not) effective" -> "help")
    object: str
    denied: bool


# Titles that deny an effect without a verb: "Relative lack of cognitive effects of methylphenidate in elderly male
# volunteers", "No effect of X on Y", "Failure of tolterodine to treat clozapine-induced nocturnal enuresis".
_NO_EFFECT = re.compile(
    r"^(?:(?:the\s+)?(?:relative|apparent|complete|general)\s+)?(?:lack|absence|no)\s+of\s+(?:an?\s+|any\s+)?"
    r"(?P<what>(?:[\w-]+\s+){0,2}?)effects?\s+of\s+(?P<subject>.+?)(?:\s+(?:on|upon)\s+(?P<object>.+))?$"
    r"|^no\s+(?P<what2>(?:[\w-]+\s+){0,2}?)effects?\s+of\s+(?P<subject2>.+?)\s+(?:on|upon)\s+(?P<object2>.+)$",
    re.IGNORECASE,
)
_FAILURE_TO = re.compile(r"^(?:the\s+)?failure\s+of\s+(?P<subject>.+?)\s+to\s+(?P<verb>[a-z]+)\s+(?P<object>.+)$",
                         re.IGNORECASE)


def _nominal_claim(statement: str) -> TitleClaim | None:
    """The denied claim of a verbless title ("Lack of effect of X on Y", "Failure of X to treat Y"), else None."""
    failed = _FAILURE_TO.match(statement)
    if failed and failed["verb"].lower() in CLAIM_VERBS | {"treat", "help", "heal"}:
        return TitleClaim(failed["subject"].lower(), failed["verb"].lower(), _object(failed["object"]), True)
    lack = _NO_EFFECT.match(statement)
    if not lack:
        return None
    subject = lack["subject"] or lack["subject2"]
    what = (lack["what"] or lack["what2"] or "").strip()
    obj = lack["object"] or lack["object2"]
    if obj is None:
        # "... of methylphenidate in elderly male volunteers": the people or setting end the subject.
        subject = _object(subject)
    return TitleClaim(subject.lower(), "affect", _object(f"{what} {obj or ''}"), True)


def _object(text: str) -> str:
    """A claim's object: lower case, stopped before the people or the setting it names."""
    return _SETTING.split(" " + text.lower().strip() + " ")[0].strip()


@lru_cache(maxsize=4096)
def title_claim(title: str | None) -> TitleClaim | None:
    """The claim of the title's main clause, if it plainly states or denies one (never a hedged title or a question)."""
    statement = _statement(title)
    if not statement:
        return None
    nominal = _nominal_claim(statement)
    if nominal is not None:
        return nominal
    doc = parser()(statement)
    clause = _main_clause(doc)
    if clause is None:
        return None
    root, subject_end, negations = clause
    subject = doc[:subject_end].text.lower()
    negated = bool(negations)

    def claim(verb: str, after: int, denied: bool) -> TitleClaim:
        return TitleClaim(subject, verb, _object(doc[after:].text), denied)

    if root.lemma_ == "fail" and not negated:
        verb = _failed_verb(root)
        return claim(verb.lemma_.lower(), verb.i + 1, True) if verb is not None else None
    if root.lemma_ == "be":
        adjectives = [c for c in root.children if c.dep_ == "acomp" and c.lemma_.lower() in _BENEFIT_ADJECTIVES]
        if adjectives:
            return claim("help", adjectives[0].i + 1, negated)
        # "Sumatriptan is ineffective in cluster headache prophylaxis." (When the small parser misreads the title, as
        # it does "Preemptive intravenous morphine-6-glucuronide is ineffective for ...", nothing is claimed.)
        denials = [c for c in root.children if c.dep_ == "acomp" and c.lemma_.lower() in _NO_BENEFIT_ADJECTIVES]
        return claim("help", denials[0].i + 1, not negated) if denials else None
    if root.lemma_ in ("have", "exert", "show", "produce") and not negated:
        # "Celecoxib, a specific COX-2 inhibitor, has no significant effect on methotrexate pharmacokinetics".
        effect = next((c for c in root.children if c.dep_ == "dobj" and c.lemma_.lower() == "effect"
                       and any(d.lower_ == "no" for d in c.children)), None)
        on = next((c for c in effect.children if c.dep_ == "prep" and c.lower_ == "on"), None) if effect else None
        return claim("affect", on.i + 1, True) if on is not None else None
    emphatic = any(c.dep_ == "aux" and c.lower_ in ("does", "do", "did") for c in root.children)
    if negated:
        return claim(root.lemma_.lower(), root.i + 1, True)
    if emphatic or root.lemma_ not in CLAIM_VERBS | {"associate"} or root.tag_ not in ("VBZ", "VBP", "VBD", "VBN"):
        return None  # "X does reduce Y" is too rare to trust the parse; other verbs state no effect
    found = claim(root.lemma_.lower(), root.i + 1, False)
    if found.verb == "associate":
        lower, higher = _LOWER.search(found.object), _HIGHER.search(found.object)
        verb = "reduce" if lower and not higher else "increase" if higher and not lower else found.verb
        found = TitleClaim(found.subject, verb, found.object, False)
    return found


def load_title_claims(path: Path, *, limit: int | None = None) -> list[Example]:
    """Examples from a corpus file (the demo corpus' JSON Lines): statement titles with their abstracts."""
    rows = [(row, statement) for row in iter_jsonl(Path(path))
            if row.get("abstract") and (statement := _statement(row.get("title")))]
    out: list[Example] = []
    for (row, _), doc in zip(rows, parser().pipe((statement for _, statement in rows), batch_size=256)):
        converted = _question(doc)
        if converted:
            question, label = converted
            out.append(Example(question, row["abstract"], label, TITLES, str(row["pmid"])))
            if limit and len(out) >= limit:
                break
    return out
