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
from .verdict import MIN_STUDIES, elsewhere, one_study, unread

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
        # What "yes" found depends on what was claimed of X: "Is X as good as Y?" is answered yes by no difference,
        # and "Is X more likely than Y to cause weight gain?" by more of a harm, not "more benefit from X".
        said = _COMPARISON_FOUND.get((frame.claim or "better", label))
        if one_study(verdict):
            # One head-to-head study (verdict rule 3): "possibly", and never "the studies".
            return f"Possibly {'yes' if label == 'yes' else 'not'}. One study that tested {x} against {y} points to {label}."
        return f"Probably {'yes' if label == 'yes' else 'not'}. " + (
            said.format(x=x, y=y) if said else f"The studies that tested {x} against {y} point to {label}.")
    if kind == "harm":
        # "This harm", not the outcome as written: the frame keeps the question's words, not which way it asked them
        # to move, so "Yes, metoprolol may cause blood pressure / put on weight / drowsy" is what the outcome gave.
        return f"Probably yes. On balance, the studies found this harm with {x}." if label == "yes" else (
            f"Probably not. On balance, the studies did not find this harm with {x}.")
    if kind == "safety":
        return f"{x[:1].upper()}{x[1:]} may be safe for this." if label == "yes" else (
            f"Studies found risks with {x} for this.")
    if kind == "association":
        return "Probably yes. On balance, the studies found this link." if label == "yes" else (
            "Probably not. On balance, the studies found no such link.")
    if kind != "effect":
        return "Probably yes, on balance of the studies." if label == "yes" else "Probably not, on balance of the studies."
    # "On balance", not "most studies": the verdict weighs the studies closest to the question most (verdict rule 4).
    return f"Probably yes. On balance, the studies found a benefit from {x}." if label == "yes" else (
        f"Probably not. On balance, the studies found no benefit from {x}.")


def _indirectness(bottom: BottomLine) -> str | None:
    """INDIRECT / MOSTLY_INDIRECT when the bottom line says the answer rests (mostly) on studies of other problems or
    other people (verdict.indirectness), else None."""
    return next((u.code for u in bottom.uncertain if u.code in (INDIRECT, MOSTLY_INDIRECT)), None)


# What an unanswered question does not mean, and how split studies read, in the words of what was asked: "That does
# not mean it does not work" answered "Does X cause Y?" and "Is X better than Y?" with a claim about working, and "Some
# studies found a benefit" told a person asking about a harm that the harm is a benefit.
_NOT_SHOWN: dict[str, str] = {
    "effect": "That does not mean it does not work.",
    "comparison": "That does not mean they work the same, or that one is better.",
    "harm": "That does not mean it never causes this.",
    "safety": "That does not mean it is safe or unsafe for you.",
    "association": "That does not mean there is no link.",
    "other": "That does not mean the answer is no.",
}
_SPLIT: dict[str, str] = {
    "effect": "Some studies found a benefit from {x} and some did not.",
    "comparison": "Some studies found {x} did better and some did not.",
    "harm": "Some studies found this more often with {x} and some did not.",
    "safety": "Some studies found problems with {x} and some did not.",
    "association": "Some studies found a link and some did not.",
    "other": "The studies point different ways.",
}


# A comparison's answer in words, for the claims whose answer says which way the arms went.
_COMPARISON_FOUND: dict[tuple[str, str], str] = {
    ("as_good", "yes"): "Studies found {x} works about as well as {y}.",
    ("as_good", "no"): "Studies found a difference between {x} and {y}.",
    ("worse", "yes"): "Studies found {x} did less well than {y}.",
    ("worse", "no"): "Studies found {x} did no worse than {y}.",
}


# What a yes or a no means for the reader, by the kind of question (safety is told apart above them).
_ANSWERED: dict[tuple[str, str], str] = {
    ("effect", "yes"): "This means it is likely to help many people. It may not help everyone.",
    ("effect", "no"): "This means it is not likely to help with this.",
    ("comparison", "yes"): "The studies that tested both point to yes. It may not be the best choice for everyone.",
    ("comparison", "no"): "The studies that tested both point to no. Other things may matter more to you.",
    ("harm", "yes"): "Studies found this more often in people who took {x}. Not everyone who takes it gets it.",
    ("harm", "no"): "Studies did not find this more often in people who took {x}. Rare problems can still be missed.",
    ("association", "yes"): "Studies found this link. A link does not prove that one causes the other.",
    ("association", "no"): "Studies did not find this link. Small effects can still be missed.",
    ("other", "yes"): "The studies point to yes.",
    ("other", "no"): "The studies point to no.",
}


# A yes / no that rests on one study (verdict rule 3) says so, and its comparison sentence names one study.
_ONE_STUDY = "Only one study takes a clear side, so this could change as more studies come."
_ANSWERED_BY_ONE: dict[tuple[str, str], str] = {
    ("comparison", "yes"): "The study that tested both points to yes. It may not be the best choice for everyone.",
    ("comparison", "no"): "The study that tested both points to no. Other things may matter more to you.",
}


def lay_explanation(verdict: Verdict, frame: Frame, *, indirect: str | None = None) -> str:
    """What the verdict means for the reader, in a few short sentences (``indirect``: verdict.indirectness)."""
    x, label, kind = _x(frame), verdict.label, frame.kind
    ask = "Talk to your doctor before you start or stop a medicine."
    if indirect and label in ("yes", "no") and kind not in ("safety", "comparison"):
        found = "found a benefit" if label == "yes" and kind == "effect" else "point this way"
        few = "none" if indirect == INDIRECT else "only a few"
        return (f"Studies of {x} {elsewhere(frame)} {found}, but {few} looked at just this. "
                f"So we can't be sure it holds here. {ask}")
    if kind == "safety":
        return (f"Whether {x} would be safe for you depends on your health and your other medicines. "
                "Ask your doctor or pharmacist first.")
    if unread(verdict):
        return "We could not tell which medicine and which effect you mean. Try asking: does this medicine help or cause this?"
    if label == "insufficient" and verdict.studies_counted >= MIN_STUDIES:
        # Enough studies, but too few take a clear side or they pull apart (the verdict's reason says which).
        return f"The studies we found do not give a clear answer to this. {_NOT_SHOWN[kind]} It means we can't tell yet."
    if label == "insufficient":
        return f"Too few studies in this library looked at this. {_NOT_SHOWN[kind]} It means we can't tell yet."
    if label == "mixed":
        return f"{_SPLIT[kind].format(x=x)} We can't say yet which is right. {ask}"
    said = _ANSWERED.get((kind, label)) or _ANSWERED[("effect", label)]
    if one_study(verdict):
        said = f"{_ONE_STUDY} {_ANSWERED_BY_ONE.get((kind, label), said)}"
    return f"{said.format(x=x)} {ask}"


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
