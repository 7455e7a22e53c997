"""Wording cues of abstract sentences: findings language and the section role of a sentence.

A question is answered by what a study found, not by its aim, methods or background, which
repeat the question's words without answering it. PubMed abstracts often keep their section
labels ("RESULTS:"); the demo corpus and Evidence Inference have them removed, so the role is
also read from the wording: "To compare ...", "We randomized ...", "Patients were ...".
Each cue is a boolean or a small count; the scorer learns how much each one weighs.
"""
from __future__ import annotations

import re
from functools import lru_cache

# Sentences remembered per process: a worker sees the same abstracts again (about 80 searches' worth).
CACHED_SENTENCES = 20_000
ROLES = ("background", "aim", "methods", "results", "conclusion")

# What the sentence reports: a result or a conclusion (kept under this name: answer_offline imports it via locate).
FINDING_CUES = re.compile(
    r"\b(conclu\w*|suggest\w*|indicat\w*|demonstrat\w*|show(?:s|ed|n)?|found|find(?:ing)?s?|"
    r"significant\w*|associated|effective\w*|improv\w*|reduc\w*|increas\w*|decreas\w*|"
    r"no (?:significant )?difference|did not|was not|were not|may|support\w*|"
    r"p\s*[<=>]|odds ratio|hazard ratio|relative risk|95%)",
    re.IGNORECASE,
)

# Sentences that state what a study set out to do.
AIM_CUES = re.compile(
    r"^\s*(?:to (?:evaluate|compare|assess|determine|investigate|examine|study|test|explore|describe|establish|"
    r"identify|analy[sz]e|measure|clarify|characteri[sz]e|review|report)\b|"
    r"(?:the|our|this|its) (?:main |primary |principal )?(?:aim|purpose|objective|goal)s?\b|objectives?\b|"
    r"(?:we|this study|this trial|the present study|this report|this paper|the study|the trial|this analysis|"
    r"the present analysis|this investigation|the present investigation) "
    r"(?:aimed|aims|sought|seeks|compared|compares|evaluated|evaluates|investigated|investigates|examined|examines|"
    r"assessed|assesses|studied|tested|tests|explored|explores|hypothesi[sz]ed|was designed|were designed|"
    r"is designed|was undertaken|was conducted to|was performed to)\b)"
    r"|\b(?:was|were|is) designed to\b|\bwe hypothesi[sz]ed\b|\bthe (?:aim|purpose|objective) of\b"
    r"|\bwas (?:to|undertaken to) (?:evaluate|compare|assess|determine|investigate|examine)\b",
    re.IGNORECASE,
)

# How the study was done: allocation, participants, procedures, measurements.
METHODS_CUES = re.compile(
    r"\b(?:were|was) (?:randomi[sz]ed|randomly (?:assigned|allocated)|assigned|allocated|enrolled|recruited|included|"
    r"excluded|screened|stratified|selected|instructed|asked|given|administered|treated with|followed(?: up)?|"
    r"measured|assessed|evaluated|recorded|obtained|collected|performed|calculated|analy[sz]ed|defined|"
    r"determined|monitored|examined|interviewed|scored|studied)\b"
    r"|\b(?:we|investigators) (?:randomi[sz]ed|randomly|enrolled|recruited|included|conducted|performed|"
    r"measured|assessed|analy[sz]ed|used|studied|reviewed|searched|identified|retrospectively)\b"
    r"|\b(?:double|single|triple)[- ](?:blind|masked)\b|\bplacebo[- ]controlled\b"
    r"|\bcross-?over (?:design|study|trial)\b"
    r"|\b(?:primary|secondary|main) (?:interests?|end ?points?|outcomes?|efficacy (?:variables?|measures?)|"
    r"outcome measures?|parameters?|variables?) (?:was|were|included|consisted)\b"
    r"|\boutcome measures? (?:was|were|included)\b|\bthe trial was registered\b"
    r"|\b(?:inclusion|exclusion) criteria\b|\bdata were\b|\bstatistical analysis\b",
    re.IGNORECASE,
)
METHODS_START = re.compile(
    r"^\s*(?:(?:a total of )?(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred)\b[^.]{0,80}?\b(?:patients|subjects|participants|women|men|"
    r"children|adults|volunteers|individuals)\b[^.]{0,60}?\b(?:were|was|received|underwent|entered|completed)\b|"
    r"(?:patients|subjects|participants|women|men|children|adults|volunteers)(?: [a-z-]+){0,6} (?:were|received|"
    r"underwent|with)\b|"
    r"(?:in )?(?:a|this|the) (?:randomi[sz]ed|double-blind|prospective|retrospective|multicent(?:er|re)|"
    r"open|crossover|cross-over|parallel|controlled|cohort|case-control|observational)\b|"
    r"(?:methods?|design|setting|participants|interventions?)\b)",
    re.IGNORECASE,
)

# General statements that set the scene.
BACKGROUND_CUES = re.compile(
    r"\b(?:is|are) (?:a |an )?(?:common|major|leading|frequent|important|serious|widely|often|frequently|"
    r"increasingly|well known|recogni[sz]ed|characteri[sz]ed)\b|\blittle is known\b|\bremains? (?:unclear|unknown|"
    r"controversial|uncertain|a)\b|\bhas (?:been|not been) (?:shown|reported|suggested|established|studied)\b|"
    r"\bhave (?:been|not been) (?:shown|reported|suggested|established|studied)\b|\bprevious (?:studies|reports|"
    r"trials)\b|\bthere is (?:little|limited|no|growing|increasing)\b|\bis (?:unknown|unclear|not known)\b|"
    # What others found before this study: "Some studies have suggested ...", "Recent publications have raised
    # concerns ...", "Recent findings suggest ...", "it has been hypothesised that ...".
    r"\b(?:some|several|many|other|earlier|prior|recent|previous)\s+(?:\w+\s+){0,2}?(?:studies|reports|trials|"
    r"findings|publications|papers|analyses|investigators|authors|data)\s+(?:have\s+|has\s+)?(?:suggest|report|show|"
    r"rais|indicat|contend|propos|claim|link|implicat)\w*\b|\b(?:raised|raising) (?:the )?(?:concerns?|question|"
    r"possibility)\b|\bit has been (?:hypothesi[sz]ed|suggested|proposed|postulated|claimed|speculated)\b",
    re.IGNORECASE,
)

# The authors' conclusion.
CONCLUSION_CUES = re.compile(
    r"^\s*(?:in conclusion|in summary|to conclude|overall|taken together|thus|therefore|hence|collectively)\b"
    r"|\b(?:we|the authors) conclude\b|\bconclusions?\b|\b(?:these|our|the) (?:results|findings|data|observations)"
    r" (?:suggest|indicate|show|demonstrate|support|confirm|provide)\b|\b(?:should|could) be (?:considered|used|"
    r"recommended)\b|\b(?:is|are|was|were|seems?|appears?) to be (?:an? )?(?:effective|safe|useful|superior|"
    r"well tolerated|beneficial)\b|\bfurther (?:studies|research|trials) (?:are|is)\b",
    re.IGNORECASE,
)

# Findings language, one cue each.
NUMBER_UNIT = re.compile(
    r"\d(?:[\d.,]*)\s*(?:%|mg|g|kg|ml|mmhg|mmol|µg|mcg|ug|iu|units?|hours?|h|days?|weeks?|months?|years?|"
    r"points?|patients|cm|mm|min|minutes|beats|bpm|l|dl|ng|pg|µmol|nmol|mg/dl|mmol/l)\b",
    re.IGNORECASE,
)
P_VALUE = re.compile(
    r"\bp\s*(?:[<=>≤≥]|value)|\bp\s*=\s*0?\.\d|\bnot (?:statistically )?significant\b|\bns\b", re.IGNORECASE
)
CONFIDENCE = re.compile(
    r"\b(?:95|90|99)\s*%\s*(?:ci|confidence)|\bconfidence interval|\bci\b|\b(?:odds|hazard|risk) ratio\b|"
    r"\b(?:rr|or|hr)\s*[=,:]?\s*\d",
    re.IGNORECASE,
)
SIGNIFICANT = re.compile(r"\bsignificant(?:ly)?\b|\bstatistically\b", re.IGNORECASE)
NO_DIFFERENCE = re.compile(
    r"\bno (?:statistically )?(?:significant )?(?:difference|differences|change|effect|benefit|improvement)\b|"
    r"\bdid not (?:differ|improve|reduce|change|increase|decrease|affect|show)\b|\bnot (?:significantly )?different\b|"
    r"\bsimilar (?:in|between|to|across)\b|\bcomparable\b|\bequivalent\b|\bnon-?inferior\b",
    re.IGNORECASE,
)
COMPARISON = re.compile(
    r"\bcompared (?:with|to)\b|\bin comparison (?:with|to)\b|\bas (?:effective|efficacious|safe|good|well) as\b|"
    r"\b(?:than|versus|vs\.?)\s|\b(?:superior|inferior) to\b|\b(?:more|less) (?:effective|efficacious)\b|"
    r"\b(?:higher|lower|greater|fewer|better|worse|larger|smaller)\b",
    re.IGNORECASE,
)
CHANGE_VERBS = re.compile(
    r"\b(?:improv|reduc|increas|decreas|lower|rais|prevent|relie|alleviat|shorten|prolong|worsen|heal)\w*\b",
    re.IGNORECASE,
)
NUMBER = re.compile(r"(?<![A-Za-z])\d+(?:[.,]\d+)?")
# Result evidence besides p-values and intervals.
RESULT_EVIDENCE = re.compile(
    r"\bsignificant(?:ly)?\b|\bstatistically\b|\bno (?:statistically )?(?:significant )?(?:difference|differences)\b|"
    r"\bdid not (?:differ|improve|reduce|change|increase|decrease|affect)\b|\bnot (?:significantly )?different\b|"
    r"\b(?:better|worse|higher|lower|greater|fewer|more|less|shorter|longer)\b[^.;]{0,60}?\bthan\b|"
    r"\boutperform\w*|\b(?:superior|inferior) to\b|\bas (?:effective|efficacious|safe) as\b",
    re.IGNORECASE,
)
# Wording that reports what was found (stricter than FINDING_CUES: "migraine-associated" or "may" alone do not count).
FINDING_WORDS = re.compile(
    r"(?<![-\w])(?:show(?:s|ed|n)?|found|demonstrat\w*|indicat\w*|suggest\w*|reveal\w*|confirm\w*|"
    r"(?:reduc|improv|increas|decreas|lower|prevent|alleviat|shorten|prolong|worsen|heal)\w*|"
    r"superior|inferior|equivalent|comparable|(?:as|more|less|equally) (?:effective|efficacious)|well tolerated|"
    r"(?:more|less|higher|lower|greater|fewer|better|worse) (?:than|in|with|among|for)|did not|was not|were not|"
    r"no (?:significant )?(?:difference|effect|change|benefit|improvement))\b",
    re.IGNORECASE,
)


def label_role(label: str | None) -> str | None:
    """The role a section label stands for ("MATERIALS AND METHODS" -> methods); None when unknown or absent."""
    if not label:
        return None
    text = label.lower()
    for role, words in (
        ("conclusion", ("conclu", "interpretation", "implication", "summary")),
        ("results", ("result", "finding", "outcome")),
        ("methods", ("method", "design", "setting", "participant", "patient", "subject", "intervention",
                     "procedure", "measure", "material", "population", "selection", "data", "search")),
        ("aim", ("aim", "objective", "purpose", "goal", "hypothes", "question")),
        ("background", ("background", "introduction", "context", "rationale", "importance")),
    ):
        if any(w in text for w in words):
            return role
    return None


@lru_cache(maxsize=CACHED_SENTENCES)
def wording_role(sentence: str) -> str | None:
    """The role the wording gives away, or None when it gives none away.

    Order matters: an aim cue wins ("To compare ... significantly" is still an aim), then a
    conclusion cue, then result evidence (p-values, intervals, "significantly", "no difference",
    "X was higher than Y"), and only without any of these a methods or background cue.
    """
    if AIM_CUES.search(sentence):
        return "aim"
    if CONCLUSION_CUES.search(sentence):
        return "conclusion"
    if RESULT_EVIDENCE.search(sentence) or P_VALUE.search(sentence) or CONFIDENCE.search(sentence):
        return "results"
    if METHODS_CUES.search(sentence) or METHODS_START.search(sentence):
        return "methods"
    if BACKGROUND_CUES.search(sentence):
        return "background"
    return None


def role(sentence: str, label: str | None = None) -> str | None:
    """The sentence's role: from its section label when it has a known one, else from its wording."""
    return label_role(label) or wording_role(sentence)


def is_setup(sentence: str, label: str | None = None) -> bool:
    """Whether the sentence is known to state the aim, the methods or the background (never quoted before a finding)."""
    return role(sentence, label) in ("aim", "methods", "background")


@lru_cache(maxsize=CACHED_SENTENCES)
def is_finding(sentence: str, label: str | None = None) -> bool:
    """Whether a sentence reports a result or a conclusion (what a quote should be) rather than aim/methods/background.

    A section label decides when the abstract has one; otherwise the wording: findings language
    and no aim or methods cue.
    """
    role = label_role(label)
    if role is not None:
        return role in ("results", "conclusion")
    worded = wording_role(sentence)
    if worded in ("aim", "methods", "background"):
        return False
    return worded in ("results", "conclusion") or bool(FINDING_WORDS.search(sentence))
