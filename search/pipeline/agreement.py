"""Does the quoted sentence agree with the study's stance label? If not, the label is shown as uncertain.

A card that says "Refutes 91 %" above a quote that plainly reports a benefit loses the reader's
trust in both. Judge and locate run side by side and read different parts of the abstract (the
classifier its conclusion, the scorer the sentence that best answers the question), so they can
disagree. When the quote clearly says "no difference" and the label says supports, or the quote
reports a significant effect and the label says no effect on an effect question, the label is
marked ``uncertain``: shown as such, and not counted as taking a side in the verdict.
"""
from __future__ import annotations

import re
from dataclasses import replace

from search.stance.cues import P_NONSIGNIFICANT, P_SIGNIFICANT

from .state import Frame, RankedPaper

_NO_DIFFERENCE = re.compile(
    r"\b(?:no\s+(?:statistically\s+)?significant|not\s+(?:statistically\s+)?significant(?:ly)?|non-?significant"
    r"|no\s+(?:clear\s+|clinically\s+(?:important\s+)?)?differences?|did\s+not\s+differ|similar(?:ly)?|comparable"
    r"|equivalent|as\s+effective\s+as|no\s+(?:benefit|effect|advantage))\b",
    re.I,
)
_SIGNIFICANT_EFFECT = re.compile(
    r"\bsignificant(?:ly)?\s+(?:\w+\s+){0,2}?(?:improve\w*|reduc\w*|lower\w*|decreas\w*|increas\w*|better|greater|superior"
    r"|more\s+effective|benefit\w*)",
    re.I,
)
NOTE = " The quoted sentence points the other way, so this label is uncertain."


def quote_reading(sentence: str) -> str | None:
    """'no_difference', 'effect' or None (says neither clearly)."""
    no_diff = bool(_NO_DIFFERENCE.search(sentence) or P_NONSIGNIFICANT.search(sentence.lower()))
    effect = bool(_SIGNIFICANT_EFFECT.search(sentence) or P_SIGNIFICANT.search(sentence.lower()))
    if no_diff and not effect:
        return "no_difference"
    if effect and not no_diff:
        return "effect"
    return None


def disagrees(paper: RankedPaper, frame: Frame) -> bool:
    """The label and the quote point different ways (only the readings that cannot both be true)."""
    stance, best = paper.stance, paper.best_sentence
    if stance is None or best is None or not best.text:
        return False
    from .judge_frame import TITLE_READING

    if stance.rationale.startswith(TITLE_READING):
        # Read from the title, which its rationale quotes ("Lack of analgesic effect of oral tramadol after orthopaedic
        # surgery"): the study's own headline outweighs a results sentence about another arm. Re-judged over the 2,256
        # seen questions: 2 more right answers, none lost.
        return False
    reading = quote_reading(best.text)
    # A comparison's or a named outcome's stance is read from a sentence its rationale quotes
    # (judge_frame), so only the classifier's labels (effect and open questions) are checked here.
    if stance.label == "supports" and reading == "no_difference" and frame.kind in ("effect", "other"):
        return True
    return stance.label == "refutes" and reading == "effect" and frame.kind in ("effect", "other")


def mark_disagreements(papers: list[RankedPaper], frame: Frame) -> int:
    """Mark the stance of every paper whose quote disagrees with it as uncertain; returns how many."""
    marked = 0
    for paper in papers:
        if paper.stance is not None and not paper.stance.uncertain and disagrees(paper, frame):
            paper.stance = replace(paper.stance, uncertain=True, rationale=(paper.stance.rationale + NOTE).strip())
            marked += 1
    return marked
