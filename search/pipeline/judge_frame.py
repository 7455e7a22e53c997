"""Stance relative to the frame: what a study's finding means for *this* question.

The offline classifier answers "does this abstract report a positive finding for the
question?". That is the right reading for "does X improve Y", and the wrong one for:

- **comparisons** ("is X better than Y?", "is one X better than another?"): a head-to-head
  trial that found no difference refutes the claim however positive its wording ("both were
  effective and well tolerated"). For studies that address the comparison, the stance comes
  from the comparison model (``search.stance.comparison``: did the trial find a difference?)
  and, when it did, from which arm the finding sentence favours;
- **safety** ("is X safe for people with Y?"): a study that reports adverse effects refutes
  it; a study that reports none does not show safety for one person, so offline it is
  neutral, never "supports".

Every stance also gets ``uncertain`` (its label's strength below the verdict's threshold),
so the page can say "uncertain" instead of showing a weak label as a finding.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .state import Frame, RankedPaper, Stance, UnderstoodQuery
from .verdict import is_uncertain

_SUPERIOR = re.compile(
    r"\b(?:superior|more\s+(?:effective|efficacious|potent)|(?<!tolerated\s)better(?!\s+tolerated)"
    r"|greater\s+(?:improvement|reduction|efficacy|benefit|relief)|significantly\s+(?:more|greater|better|higher))\b",
    re.I,
)
_INFERIOR = re.compile(r"\b(?:inferior|less\s+(?:effective|efficacious|potent)|worse)\b", re.I)
# Tolerability advantages answer "is X safer / gentler than Y?", not "is X more effective than Y?".
_SAFER = re.compile(r"\b(?:fewer\s+(?:adverse|side)|better\s+tolerated|safer|lower\s+incidence\s+of\s+(?:adverse|side))\b",
                    re.I)
_LESS_SAFE = re.compile(r"\b(?:more\s+(?:adverse|side)|less\s+well\s+tolerated|higher\s+incidence\s+of\s+(?:adverse|side))\b",
                        re.I)
_ASKS_SAFETY = re.compile(r"\b(?:safe|safer|safety|side[\s-]?effects?|tolerat\w*|adverse|gentler)\b", re.I)
_HARM = re.compile(
    r"\b(?:adverse\s+(?:events?|effects?|reactions?)|side\s+effects?|contraindicat\w*|ischa?emi\w*|infarction|"
    r"vasospasm|vasoconstrict\w*|chest\s+(?:pain|tightness|pressure|symptoms)|arrhythmi\w*|toxicity|death[s]?|"
    r"serious\s+adverse\w*)\b",
    re.I,
)
# A sentence that names harms only to say there were none, or no more than with the comparator.
_REASSURING = re.compile(
    r"\b(?:no|not|none|without|similar|comparable|did\s+not\s+differ|well[\s-]tolerated|no\s+more|rare(?:ly)?)\b", re.I
)


def _names(texts: list[str]) -> list[str]:
    return [t.lower() for t in texts if t and len(t) >= 3]


_LOSER = re.compile(r"\b(?:than|to|over|versus|vs\.?|compared\s+(?:with|to)|relative\s+to)\s+(?:\w+\s+){0,3}?", re.I)
_SIGNIFICANT = re.compile(r"\b(?:significant(?:ly)?|superior|p\s*[<=≤]\s*0?\.0[0-5]|p\s*<\s*0?\.001)", re.I)


def _first_at(text: str, names: list[str]) -> int:
    found = [i for i in (text.find(n) for n in names) if i >= 0]
    return min(found) if found else -1


def favoured_arm(sentence: str, x_names: list[str], y_names: list[str], *, safety: bool = False) -> str | None:
    """'x', 'y' or None: which arm a sentence says did better ("X was superior to Y", "Y was less effective").

    The arm named right after "than / to / over / compared with" is the one that did worse, whether
    or not the winner is named by the question's word (a class such as "proton pump inhibitors"
    is written as "lansoprazole"); otherwise the arm named last before the cue is its subject.
    """
    low = sentence.lower()
    cues = ((_SAFER, False), (_LESS_SAFE, True)) if safety else ((_SUPERIOR, False), (_INFERIOR, True))
    for cue, flips in cues:
        m = cue.search(low)
        if not m:
            continue
        after = low[m.end():]
        loser = _LOSER.match(after.lstrip())
        if loser is None:
            trail = re.search(r"\b(?:than|to|over|versus|compared\s+(?:with|to))\b", after[:80])
            rest = after[trail.end():] if trail else ""
        else:
            rest = after.lstrip()[loser.start():]
        window = rest[:60]
        lost_x, lost_y = _first_at(window, x_names), _first_at(window, y_names)
        if lost_x >= 0 or lost_y >= 0:
            loser_arm = "x" if lost_y < 0 or 0 <= lost_x < lost_y else "y"
            subject = "y" if loser_arm == "x" else "x"
        else:
            before = low[: m.start()]
            last_x = max((before.rfind(n) for n in x_names), default=-1)
            last_y = max((before.rfind(n) for n in y_names), default=-1)
            if last_x < 0 and last_y < 0:
                first_x, first_y = _first_at(after, x_names), _first_at(after, y_names)
                if first_x < 0 and first_y < 0:
                    continue
                subject = "x" if first_y < 0 or 0 <= first_x < first_y else "y"
            else:
                subject = "x" if last_x > last_y else "y"
        if flips:
            subject = "y" if subject == "x" else "x"
        return subject
    return None


def _finding(
    abstract: str, first: str, x_names: list[str], y_names: list[str], *, safety: bool = False
) -> tuple[str | None, str, bool]:
    """The first sentence (the model's, then the conclusion's last three) that names a winner: (arm, sentence, significant)."""
    from search.sentences import split_sentences

    sentences = [first] + list(reversed(split_sentences(abstract or "")[-3:]))
    for sentence in sentences:
        arm = favoured_arm(sentence or "", x_names, y_names, safety=safety)
        if arm is not None:
            return arm, sentence, bool(_SIGNIFICANT.search(sentence))
    return None, first, False


# "Does X cause less dry mouth than Y?": the outcome is what the comparative names, and which way is better.
_NAMED_OUTCOME = re.compile(
    r"\b(?P<way>less|fewer|lower|more|higher|greater)\s+(?!effective|efficacious|likely|often|than|potent|safe)"
    r"(?P<outcome>[a-z][a-z\s-]{2,40}?)\s+(?:than|compared|versus|vs)\b",
    re.I,
)


def named_outcome(question: str) -> tuple[str, str] | None:
    """(outcome, wanted direction 'lower'|'higher') when the question compares the arms on a named outcome."""
    m = _NAMED_OUTCOME.search(question)
    if not m:
        return None
    way = "lower" if m.group("way").lower() in ("less", "fewer", "lower") else "higher"
    return m.group("outcome").strip(), way


def _stance(supports: float, refutes: float, neutral: float, rationale: str) -> Stance:
    total = supports + refutes + neutral or 1.0
    values = [round(v / total, 4) for v in (supports, refutes, neutral)]
    values[2] = round(1.0 - values[0] - values[1], 4)
    labels = ("supports", "refutes", "neutral")
    label = labels[max(range(3), key=lambda i: values[i])]
    return Stance(label, values[0], values[1], values[2], rationale,
                  uncertain=is_uncertain(values[0], values[1], values[2], label))


def _concept_names(query: UnderstoodQuery, role: str, fallback: str | None) -> list[str]:
    names = [n for c in query.role_concepts(role) for n in [c.text, *c.synonyms]]
    if not names and fallback:
        names = [fallback]
    return _names(names)


def comparison_stance(query: UnderstoodQuery, paper: RankedPaper, model, question: str = "") -> Stance:
    """Stance of a head-to-head study towards "X is better than Y" (or "one X is better than another").

    No difference found refutes "X is better"; a difference in X's favour supports it, in Y's favour
    refutes it, and a difference whose winner the text does not name is unclear. A sentence that
    names the winner and says the difference was significant is taken as a difference whatever
    the model's probability (the model reads one outcome's wording; that sentence states it).
    """
    from search.stance.comparison import difference

    frame = query.frame
    named = named_outcome(question)
    # The frame's "outcome" of a comparison is usually the condition ("for overactive bladder"), not a
    # measured outcome, so without a named outcome the model reads the conclusion sentences.
    result = difference(
        model, intervention=frame.intervention or "", comparator=frame.comparator or "",
        outcome=named[0] if named else None, abstract=paper.record.abstract,
    )
    p = float(result.p_difference)
    if (frame.comparator or "").startswith("another"):
        quote = _short(result.sentence)
        return _stance(p, 1.0 - p, 0.0, f"comparison model: difference found with probability {p:.2f}: \u201c{quote}\u201d")
    x_names = _concept_names(query, "intervention", frame.intervention)
    y_names = _concept_names(query, "comparator", frame.comparator)
    if named:
        arm, sentence, significant = None, result.sentence, False
        if result.direction is not None:
            arm = "x" if result.direction == named[1] else "y"
    else:
        arm, sentence, significant = _finding(paper.record.abstract, result.sentence, x_names, y_names,
                                              safety=bool(_ASKS_SAFETY.search(question)))
        if significant:
            p = max(p, STATED_DIFFERENCE)
    quote = _short(sentence)
    if arm == "x":
        return _stance(p, 1.0 - p, 0.0, f"finds an advantage for {frame.intervention}: \u201c{quote}\u201d")
    if arm == "y":
        return _stance(0.0, 1.0, 0.0, f"finds an advantage for {frame.comparator}: \u201c{quote}\u201d")
    return _stance(0.0, 1.0 - p, p, f"comparison model: difference found with probability {p:.2f}: \u201c{quote}\u201d")


STATED_DIFFERENCE = 0.75


def _short(sentence: str | None) -> str:
    return " ".join((sentence or "").split())[:200]


def safety_stance(paper: RankedPaper) -> Stance:
    """Adverse findings refute "X is safe"; their absence shows nothing offline (neutral, never supports)."""
    from search.sentences import split_sentences

    harms = sorted({
        m.group(0).lower()
        for sentence in split_sentences(paper.record.abstract or "")
        if not _REASSURING.search(sentence)
        for m in _HARM.finditer(sentence)
    })
    if harms:
        return _stance(0.0, 0.75, 0.25, f"reports {', '.join(harms[:4])}")
    return _stance(0.0, 0.0, 1.0, "reports no adverse findings; that does not show safety for one person")


def reframe(
    query: UnderstoodQuery | None, papers: list[RankedPaper], stances: dict[str, Stance], *, offline: bool = True,
    question: str = "",
) -> dict[str, Stance]:
    """The offline classifier's stances re-read relative to the frame; every stance gets ``uncertain``.

    An LLM judge reads the question itself (its prompt carries the frame), so its stances are kept.
    """
    frame = query.frame if query else Frame()
    model = None
    if not offline:
        frame = Frame()  # keep every LLM stance as it is, only mark the weak ones
    if query is not None and frame.kind == "comparison":
        from search.stance.comparison import load_comparison_model

        model = load_comparison_model()
    out: dict[str, Stance] = {}
    for paper in papers:
        pmid = paper.record.pmid
        stance = stances.get(pmid)
        addressed = paper.addresses is not None and paper.addresses.label == "yes"
        if query is not None and model is not None and addressed and paper.record.abstract.strip():
            out[pmid] = comparison_stance(query, paper, model, question)
        elif offline and frame.kind == "safety" and addressed and paper.record.abstract.strip():
            out[pmid] = safety_stance(paper)
        elif stance is not None:
            out[pmid] = replace(stance, uncertain=is_uncertain(stance.supports, stance.refutes, stance.neutral, stance.label))
    return out
