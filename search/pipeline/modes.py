"""The answer in two reading modes: lay (plain words, the default) and clinician (frame, designs, numbers).

Both are written from the same facts: the verdict, the bottom line and the frame; only the
words differ. The lay headline and explanation are kept short in short words on purpose: they
are measured (Flesch-Kincaid grade, ``readability``) over the labelled verdict questions by
``manage.py evaluate readability`` and must stay at grade 8 or below. Names from the question
(a drug, a disease) are used as the reader wrote them; everything else is everyday English.
"""
from __future__ import annotations

from search.design import DESIGNS

from .state import INDIRECT, MOSTLY_INDIRECT, BottomLine, Frame, ModeText, Verdict
from .verdict import MIN_STUDIES, unread

# Lay names of the study designs (DESIGNS holds the clinical ones): (one, several).
LAY_DESIGNS: dict[str, tuple[str, str]] = {
    "meta_analysis": ("review that pooled many studies", "reviews that pooled many studies"),
    "rct": ("fair test (people put in groups by chance)", "fair tests (people put in groups by chance)"),
    "non_randomised": ("test without groups chosen by chance", "tests without groups chosen by chance"),
    "cohort": ("study that followed people over time", "studies that followed people over time"),
    "case_control": ("study that looked back at people with and without the problem",
                     "studies that looked back at people with and without the problem"),
    "cross_sectional": ("one-time survey", "one-time surveys"),
    "case_series": ("report on a few patients", "reports on a few patients"),
    "narrative_review": ("overview", "overviews"),
    "guideline": ("guideline", "guidelines"),
    "animal_in_vitro": ("study in animals or cells", "studies in animals or cells"),
    "other": ("other study", "other studies"),
}


def lay_design(design: str, count: int) -> str:
    """'1 fair test (...)' / '13 fair tests (...)'."""
    one, several = LAY_DESIGNS.get(design, ("study", "studies"))
    return f"{count} {one if count == 1 else several}"


HOW_SURE = {"high": "Quite sure", "moderate": "Fairly sure", "low": "Not very sure"}


def reading_modes(verdict: Verdict, bottom: BottomLine, frame: Frame, *, clinician_headline: str,
                  papers_found: int) -> dict[str, ModeText]:
    """Both modes' text; ``clinician_headline`` is the verdict headline the answer already carries."""
    return {
        "lay": ModeText(
            headline=lay_headline(verdict, frame),
            explanation=lay_explanation(verdict, frame, indirect=_indirectness(bottom)),
            certainty=lay_certainty(verdict, bottom),
            bottom_line=lay_bottom_line(verdict, bottom, frame),
        ),
        "clinician": ModeText(
            headline=clinician_headline,
            explanation=clinician_explanation(verdict, frame, papers_found),
            certainty=f"Confidence: {verdict.confidence} ({verdict.studies_counted} studies counted).",
            bottom_line=clinician_bottom_line(verdict, bottom),
        ),
    }


def _x(frame: Frame) -> str:
    return frame.intervention or "this treatment"


def lay_headline(verdict: Verdict, frame: Frame) -> str:
    """One plain sentence: the verdict in everyday words."""
    x, label, kind = _x(frame), verdict.label, frame.kind
    y = frame.comparator or "the other choice"
    if unread(verdict):
        return "We could not tell what your question asks, so we give no answer."
    if label == "insufficient":
        if kind == "safety":
            return f"The studies can't tell us if {x} would be safe for you."
        return "There is not enough research here to answer this."
    if label == "mixed":
        return "The studies do not agree on this."
    if kind == "comparison":
        if label == "yes":
            return f"Probably yes. Studies found more benefit from {x} than from {y}."
        return f"Probably not. Studies found no clear edge for {x} over {y}."
    if kind == "harm":
        y = frame.outcome or "this"
        return f"Yes, {x} may cause {y}." if label == "yes" else f"On balance, the studies did not find {y} with {x}."
    if kind == "safety":
        return f"{x} may be safe for this." if label == "yes" else f"Studies found risks with {x} for this."
    # "On balance", not "most studies": the verdict weighs the studies closest to the question most (verdict rule 4).
    return f"Probably yes. On balance, the studies found a benefit from {x}." if label == "yes" else (
        f"Probably not. On balance, the studies found no benefit from {x}.")


def _indirectness(bottom: BottomLine) -> str | None:
    """INDIRECT / MOSTLY_INDIRECT when the bottom line says the answer rests (mostly) on studies of other problems or
    other people (verdict.indirectness), else None."""
    return next((u.code for u in bottom.uncertain if u.code in (INDIRECT, MOSTLY_INDIRECT)), None)


def lay_explanation(verdict: Verdict, frame: Frame, *, indirect: str | None = None) -> str:
    """What the verdict means for the reader, in a few short sentences (``indirect``: verdict.indirectness)."""
    x, label, kind = _x(frame), verdict.label, frame.kind
    ask = "Talk to your doctor before you start or stop a medicine."
    if indirect and label in ("yes", "no") and kind not in ("safety", "comparison"):
        found = "found a benefit" if label == "yes" and kind == "effect" else "point this way"
        few = "none" if indirect == INDIRECT else "only a few"
        return (f"Studies of {x} for other problems or in other people {found}, but {few} looked at just this. "
                f"So we can't be sure it holds here. {ask}")
    if kind == "safety":
        return (f"Whether {x} would be safe for you depends on your health and your other medicines. "
                "Ask your doctor or pharmacist first.")
    if unread(verdict):
        return "We could not tell which medicine and which effect you mean. Try asking: does this medicine help or cause this?"
    if label == "insufficient" and verdict.studies_counted >= MIN_STUDIES:
        # Enough studies, but too few take a clear side or they pull apart (the verdict's reason says which).
        return ("The studies we found do not give a clear answer to this. That does not mean it does not work. "
                "It means we can't tell yet.")
    if label == "insufficient":
        return "Too few studies in this library looked at this. That does not mean it does not work. It means we can't tell yet."
    if label == "mixed":
        return f"Some studies found a benefit from {x} and some did not. We can't say yet which is right. {ask}"
    if kind == "comparison":
        if label == "yes":
            return f"Studies that tested both found {x} did better. It may not be the best choice for everyone. {ask}"
        return f"Studies that tested both found they work about the same. Other things, like side effects, may matter more. {ask}"
    if kind == "harm":
        if label == "yes":
            return f"Studies found this more often in people who took {x}. Not everyone who takes it gets it. {ask}"
        return f"Studies did not find this more often in people who took {x}. Rare problems can still be missed. {ask}"
    if label == "yes":
        return f"This means it is likely to help many people. It may not help everyone. {ask}"
    return f"This means it is not likely to help with this. {ask}"


def lay_certainty(verdict: Verdict, bottom: BottomLine) -> str:
    """How sure, and why: how many studies, of what kind."""
    n = verdict.studies_counted
    studies = "1 study" if n == 1 else f"{n} studies"
    kinds = ", ".join(lay_design(d.design, d.count) for d in bottom.strongest)
    # An answer from studies of other problems or other people is not "on this question".
    on = {INDIRECT: "on related questions, none on exactly this one",
          MOSTLY_INDIRECT: "mostly on related questions, a few on exactly this one"}.get(_indirectness(bottom),
                                                                                        "on this question")
    why = f"We found {studies} {on}" + (f". The best of them: {kinds}." if kinds else ".")
    return f"{HOW_SURE.get(verdict.confidence, 'Not very sure')}. {why}"


def lay_bottom_line(verdict: Verdict, bottom: BottomLine, frame: Frame) -> str:
    parts = [lay_headline(verdict, frame)]
    if bottom.strongest:
        best = bottom.strongest[0]
        parts.append(f"Best evidence: {lay_design(best.design, best.count)}.")
    if bottom.uncertain:
        parts.append("Still unclear: " + "; ".join(u.lay for u in bottom.uncertain) + ".")
    return " ".join(parts)


def clinician_explanation(verdict: Verdict, frame: Frame, papers_found: int) -> str:
    """The frame (PICO) and how many of the studies found were counted."""
    pico = [("Population", frame.population), ("Intervention", frame.intervention),
            ("Comparator", frame.comparator), ("Outcome", frame.outcome)]
    shown = "; ".join(f"{name}: {value}" for name, value in pico if value)
    frame_text = f"Question read as {frame.kind}" + (f" ({shown})" if shown else "") + "."
    return f"{frame_text} {verdict.studies_counted} of {papers_found} studies found address it and were counted."


def clinician_bottom_line(verdict: Verdict, bottom: BottomLine) -> str:
    label = {"yes": "Yes", "no": "No", "mixed": "Mixed", "insufficient": "Insufficient evidence"}[verdict.label]
    parts = [f"{label} (confidence: {verdict.confidence}, {verdict.studies_counted} studies counted)."]
    if bottom.strongest:
        parts.append("Strongest designs: " + ", ".join(f"{d.name} ×{d.count}" for d in bottom.strongest) + ".")
    if bottom.uncertain:
        parts.append("Uncertain: " + "; ".join(u.clinician for u in bottom.uncertain) + ".")
    return " ".join(parts)


assert set(LAY_DESIGNS) == set(DESIGNS), "every design needs a lay name"
