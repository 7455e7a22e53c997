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
    r"\b(?:superior|more\s+(?:effective|efficacious|potent)|better|greater\s+(?:improvement|reduction|efficacy|benefit|relief)"
    r"|significantly\s+(?:more|greater|better|higher)|fewer\s+(?:adverse|side)|better\s+tolerated|safer)\b",
    re.I,
)
_INFERIOR = re.compile(r"\b(?:inferior|less\s+(?:effective|efficacious|potent)|worse|more\s+(?:adverse|side))\b", re.I)
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


def favoured_arm(sentence: str, x_names: list[str], y_names: list[str]) -> str | None:
    """'x', 'y' or None: which arm a sentence says did better ("X was superior to Y", "Y was less effective")."""
    low = sentence.lower()
    for cue, flips in ((_SUPERIOR, False), (_INFERIOR, True)):
        m = cue.search(low)
        if not m:
            continue
        before = low[: m.start()]
        last_x = max((before.rfind(n) for n in x_names), default=-1)
        last_y = max((before.rfind(n) for n in y_names), default=-1)
        if last_x < 0 and last_y < 0:
            after = low[m.end():]
            # "greater improvement with X than with Y": the first arm named after the cue
            first_x = min((i for i in (after.find(n) for n in x_names) if i >= 0), default=-1)
            first_y = min((i for i in (after.find(n) for n in y_names) if i >= 0), default=-1)
            if first_x < 0 and first_y < 0:
                continue
            subject = "x" if first_y < 0 or 0 <= first_x < first_y else "y"
        else:
            subject = "x" if last_x > last_y else "y"
        if flips:
            subject = "y" if subject == "x" else "x"
        return subject
    return None


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


def comparison_stance(query: UnderstoodQuery, paper: RankedPaper, model) -> Stance:
    """Stance of a head-to-head study towards "X is better than Y" (or "one X is better than another")."""
    from search.stance.comparison import overall_difference

    frame = query.frame
    # The frame's "outcome" of a comparison is usually the condition ("for overactive bladder"), not a
    # measured outcome, so the model reads the conclusion sentences: what the study says overall.
    result = overall_difference(
        model, intervention=frame.intervention or "", comparator=frame.comparator or "", abstract=paper.record.abstract
    )
    p = float(result.p_difference)
    quote = " ".join((result.sentence or "").split())[:200]
    if (frame.comparator or "").startswith("another"):
        # "Is one X better than another?": any difference between members says yes.
        return _stance(p, 1.0 - p, 0.0, f"comparison model: difference found with probability {p:.2f}: \u201c{quote}\u201d")
    arm = favoured_arm(result.sentence or "", _concept_names(query, "intervention", frame.intervention),
                       _concept_names(query, "comparator", frame.comparator))
    if arm == "x":
        return _stance(p, 1.0 - p, 0.0, f"finds an advantage for {frame.intervention}: \u201c{quote}\u201d")
    if arm == "y":
        return _stance(0.0, 1.0, 0.0, f"finds an advantage for {frame.comparator}: \u201c{quote}\u201d")
    # A difference without a clear winner is unclear; no difference refutes "X is better".
    return _stance(0.0, 1.0 - p, p, f"comparison model: difference found with probability {p:.2f}: \u201c{quote}\u201d")


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
    query: UnderstoodQuery | None, papers: list[RankedPaper], stances: dict[str, Stance], *, offline: bool = True
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
            out[pmid] = comparison_stance(query, paper, model)
        elif offline and frame.kind == "safety" and addressed and paper.record.abstract.strip():
            out[pmid] = safety_stance(paper)
        elif stance is not None:
            out[pmid] = replace(stance, uncertain=is_uncertain(stance.supports, stance.refutes, stance.neutral, stance.label))
    return out
