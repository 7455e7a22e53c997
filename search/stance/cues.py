"""Cue lexicons for how a study states its result: effect, no effect, hedging, statistics.

General scientific-writing cues (not tuned to any data set): a conclusion that says
"significantly reduced" supports an effect, "no significant difference" or a confidence
interval crossing 1 argues against it, "may" / "further studies are needed" is hedging,
"poor agreement" / "of little value" says a thing falls short.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np


def _rx(*phrases: str) -> re.Pattern[str]:
    # Lower-case patterns matched against lower-cased text: much faster than re.IGNORECASE.
    return re.compile(r"\b(?:" + "|".join(phrases) + r")\b")


NO_EFFECT = _rx(
    r"no (?:statistically )?significant(?:ly)?",
    r"not (?:statistically )?significant(?:ly)?",
    r"non-?significant(?:ly)?",
    r"no (?:clear |clinically )?(?:difference|differences|effect|effects|benefit|benefits|improvement|change|changes|"
    r"association|associations|correlation|relationship|impact|influence|advantage|role|increase|reduction|evidence)",
    r"did not|does not|do not|was not|were not|is not|are not|has not|have not|had not|could not|cannot|can not",
    r"didn't|doesn't|don't|wasn't|weren't|isn't|aren't|hasn't|haven't",
    r"failed to|fail to|fails to|unable to|neither|nor",
    r"not associated|not related|not correlated|not predictive|not effective|not superior|not improve[ds]?",
    r"ineffective|unrelated|independent of|unchanged|unaffected|similar|comparable|equivalent|"
    r"no longer|lack of|lacked|absence of|insufficient",
)
NEGATION = _rx(r"not|no|never|without|neither|nor|none|n't|cannot")
EFFECT = _rx(
    r"significant(?:ly)?",
    r"improve[sd]?|improvement|improving",
    r"increase[sd]?|increasing|decrease[sd]?|decreasing|reduce[sd]?|reducing|reduction|lower(?:ed)?|higher|"
    r"greater|better|worse|superior|inferior",
    r"effective(?:ly)?|efficacious|efficacy|beneficial|benefit|protective|prevent(?:s|ed)?|useful|valuable|"
    r"feasible|safe|reliable|accurate|sensitive|predictive|predicts?|predicted",
    r"associated with|correlated with|related to|linked to|risk factor|independent(?:ly)? predictor",
    r"demonstrate[sd]?|confirm(?:s|ed)?|show(?:s|ed|n)?|indicate[sd]?|support(?:s|ed)?|establish(?:es|ed)?",
)
HEDGE = _rx(
    r"may|might|could|possibly|possible|potential(?:ly)?|perhaps|probably|likely|unlikely",
    r"unclear|uncertain|uncertainty|unknown|controversial|conflicting|inconsistent|inconclusive|debatable",
    r"remains? (?:to be|unclear|uncertain|unknown|controversial)",
    r"further (?:studies|study|research|investigation|trials|evaluation|work)|larger (?:studies|trials)|"
    r"more research|warranted|needed|required to",
    r"suggest(?:s|ed|ive)?|appear(?:s|ed)?|seem(?:s|ed)?|trend|tendency|limited|preliminary|whether",
    r"in (?:some|selected|certain) (?:patients|cases)|depend(?:s|ing)? on|not always|only in|subgroup",
)
# Judgements that a thing falls short ("poor agreement", "little need", "of limited value")
# or measures up ("good accuracy", "is necessary"): how conclusions answer "is X adequate?"
# questions without any negation word.
DEFICIT = _rx(
    r"poor(?:ly)?|little|lack(?:s|ed|ing)?|unlikely|inadequate(?:ly)?|insufficient(?:ly)?|weak(?:ly)?|rarely|seldom|"
    r"few|misleading|unreliable|inaccurate|suboptimal|unnecessary",
    r"no (?:need|role|value|benefit|advantage)|should not|need not|"
    r"not (?:be )?(?:required|needed|necessary|recommended|justified|warranted)",
)
ADEQUATE = _rx(
    r"good|excellent|adequate(?:ly)?|sufficient(?:ly)?|reliabl[ey]|accurate(?:ly)?|useful|valuable|necessary|"
    r"should be|recommended|safe(?:ly)?|feasible|well tolerated",
)
P_SIGNIFICANT = re.compile(r"\bp\s*(?:<|≤|=\s*0?\.0[0-4]\d*|=\s*0?\.00)\s*0?\.?\d*")
P_NONSIGNIFICANT = re.compile(r"\bp\s*(?:>|≥|=\s*0?\.(?:[1-9]|0[5-9]))\s*0?\.?\d*|\bn\.s\.|\(ns\)")
# "95% CI 0.82-1.31", "(95% CI, 0.8 to 1.2)": the ratio's interval crosses 1 -> no clear effect.
CI = re.compile(r"CI\)?[,:;=\s]*\(?\s*(\d+(?:\.\d+)?)\s*(?:-|–|to|,)\s*(\d+(?:\.\d+)?)", re.IGNORECASE)
# Case-sensitive on the original text: "OR" is an odds ratio, "or" is not.
RATIO = re.compile(r"\b(?:a?OR|RR|a?HR|IRR|[Oo]dds ratios?|[Rr]elative risks?|[Hh]azard ratios?|[Rr]isk ratios?)\b")
QUESTION_NEGATION = _rx(r"not|no|without|n't|never|cannot")

CUE_NAMES: tuple[str, ...] = (
    "no_effect", "negation", "effect", "hedge", "p_sig", "p_ns", "ci_cross1", "ci_excl1", "ratio", "deficit", "adequate",
)


@dataclass(frozen=True)
class CueCounts:
    values: tuple[float, ...]

    def array(self) -> np.ndarray:
        return np.asarray(self.values, dtype=np.float32)


def _confidence_intervals(text: str) -> tuple[int, int]:
    crossing = excluding = 0
    for low_s, high_s in CI.findall(text):
        try:
            low, high = float(low_s), float(high_s)
        except ValueError:
            continue
        if not 0 < low <= high or high > 100:
            continue
        if low < 1.0 < high:
            crossing += 1
        elif high != 1.0 and low != 1.0:
            excluding += 1
    return crossing, excluding


def count_cues(text: str) -> CueCounts:
    """Counts of each cue class in ``text`` (see CUE_NAMES for the order)."""
    crossing, excluding = _confidence_intervals(text)
    lower = text.lower()
    return CueCounts(
        (
            len(NO_EFFECT.findall(lower)),
            len(NEGATION.findall(lower)),
            len(EFFECT.findall(lower)),
            len(HEDGE.findall(lower)),
            len(P_SIGNIFICANT.findall(lower)),
            len(P_NONSIGNIFICANT.findall(lower)),
            crossing,
            excluding,
            len(RATIO.findall(text)),
            len(DEFICIT.findall(lower)),
            len(ADEQUATE.findall(lower)),
        )
    )
