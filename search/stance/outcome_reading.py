"""What a study says about one named outcome: did the treatment bring it on, not change it, or reduce it?

"Does ziprasidone cause weight gain?" is answered by the sentences that mention weight gain,
not by the abstract's tone. The general stance classifier reads "ziprasidone was shown to have
a very low liability for inducing weight gain" as a positive finding (it is positive: for
ziprasidone), which is the opposite of what the question asks. This reader looks only at the
clauses that name the outcome and asks of each, in the words scientific abstracts use:

* **none**: the outcome is negated or said to be absent, rare, low, neutral or no different
  ("not associated with weight gain", "no significant increase in", "weight-neutral",
  "low liability for", "similar to placebo", "infrequent effects include");
* **less**: the outcome went down ("reduced the incidence of", "fewer", "lower rates of");
* **more**: the outcome was brought on or went up ("associated with weight gain", "induced",
  "increased the risk of", "a common side effect", "significantly greater").

A clause that names another drug and not the one asked about speaks about that drug and is
skipped. For a comparison on a named outcome ("Does X cause less dry mouth than Y?") the arm a
comparative favours is read with ``favoured`` (supplied by the caller: the same "loser after
'than'" rule the head-to-head reading uses).

Rules, not a model, on purpose: they are general scientific-writing cues (not tuned to any
question set), run in microseconds, and each reading carries the clause it came from, which
the page shows as the study's reason. A study whose outcome clauses carry none of the cues
has no reading: "unclear", never a guess.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from search.sentences import split_labelled

from .comparison_features import stems
from .text import first_name_at

Reading = Literal["more", "less", "none"]

# Where one finding ends and the next begins inside a sentence.
_CLAUSE = re.compile(r";|,\s*(?:but|whereas|while|although|though|however)\b|\bwhereas\b|\bbut\b", re.I)
# Absence, rarity or no difference: only where it bears on the outcome (see ``_is_none``).
_NEGATION = re.compile(
    r"\b(?:no|not|without|neither|nor|none|never|free\s+of|absence\s+of|lack\s+of|failed\s+to|unlikely)\b|n't", re.I)
_LOW = re.compile(
    r"\b(?:(?:very\s+)?(?:low|minimal|negligible|little|rare|infrequent|uncommon|small|modest)\s+(?:\w+\s+){0,2}?"
    r"(?:liability|risk|incidence|rates?|potential|propensity|frequency|tendency|effects?|amounts?|degree|likelihood)"
    r"|rarely|infrequently|seldom|(?:weight|metabolically)[\s-]neutral)\b",
    re.I,
)
_NO_DIFFERENCE = re.compile(
    # "without any significant difference between the two drug treatments", "equally well controlled blood pressure"
    r"\b(?:(?:no|without)\s+(?:\w+\s+){0,2}?(?:difference|differences|increase|change|effect|association)|did\s+not\s+differ"
    r"|equally\s+(?:well\s+)?(?:effective|efficacious|potent|controlled|reduced|lowered|improved)|equally\s+well"
    r"|not\s+(?:statistically\s+)?(?:significantly\s+)?(?:different|increased|higher|more|associated|related|linked)"
    r"|similar|comparable|indistinguishable|unchanged|unaffected|unrelated"
    # "the incidence of these adverse events was too low to differentiate statistically"
    r"|too\s+(?:low|small|few|rare|infrequent)\s+to\s+(?:differentiate|distinguish|detect|reach|allow|permit|show))\b",
    re.I,
)
# "There is no clear evidence that X is related to depression", "did not show an increase": the whole
# finding is denied, however far the negation stands from the outcome.
_NO_EVIDENCE = re.compile(
    r"\b(?:no|little|insufficient|limited|not\s+enough|lack\s+of)\s+(?:\w+\s+){0,2}?evidence\b"
    r"|\b(?:did|does|do|could|have|has|had)\s+not\s+(?:find|found|show|shown|demonstrate|demonstrated|support"
    r"|supported|confirm|confirmed|reveal|revealed|produced|established|provided)\b"
    r"|\bfailed\s+to\s+(?:find|show|demonstrate|detect)\b"
    # "eprosartan does not have a high propensity to cause persistent cough"
    r"|\b(?:does|do|did|has|have|had)\s+not\s+(?:have|carry|possess|show)\s+(?:a\s+|any\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:propensity|tendency|liability|potential|risk)\b",
    re.I,
)
# Words that contain an outcome's name and mean something else: "ST-segment depression" on an ECG is
# not depression of mood, "respiratory depression" is slowed breathing, "stroke volume" is the blood one
# heartbeat pumps, not a stroke. Removed before a clause is asked whether it names the outcome.
_FALSE_FRIENDS = re.compile(
    r"\b(?:st|st[\s-]+segment|segment|respiratory|ventilatory|myocardial|marrow|cns|cardiac|t[\s-]+wave)[\s-]+"
    r"depressions?\b"
    r"|\bstroke[\s-]+(?:volumes?|index|indices|work)\b",
    re.I,
)
# "Abuse not previously reported", "a reaction not hitherto described": a negation of novelty, not of the outcome.
_NOVELTY = re.compile(r"not\s+(?:previously|hitherto|formerly)\b", re.I)  # "not yet seen" is an absence so far
# "(the patients) who did not develop cough", "the group without cough": a group, not a finding.
_GROUP = re.compile(r"\b(?:who|those|patients|subjects|group|groups|participants|cases)\s+(?:\w+\s+)?"
                    r"(?:did\s+not|without|with\s+no|free\s+of)\b", re.I)
_RELATION = re.compile(
    r"\b(?:occur\w*|develop\w*|increas\w*|caus\w*|induc\w*|associat\w*|relat\w*|link\w*|differ\w*|more|higher|greater"
    r"|appear\w*|produc\w*|lead|led|result\w*|report\w*|observ\w*|seen|found|show\w*|experienc\w*)\b", re.I)
NEAR_WORDS = 6  # a negation bears on the outcome when at most this many words lie between them
# "minimal sedation", "the risk of sedation was low": a small amount said right beside the outcome.
_SMALL = re.compile(r"\b(?:low|minimal|negligible|little|rare|slight|infrequent|uncommon)\b", re.I)
SMALL_AFTER_WORDS = 3
# "Lower-extremity edema", "lower limb swelling", "lower urinary tract symptoms": a place in the body, no comparative.
LOWER_PLACE = (r"(?![\s-]+(?:extremit\w*|limbs?|legs?|back|abdom\w*|urinary|respiratory|gastrointestinal|gi|airways?"
               r"|body|lobes?|oesophag\w*|esophag\w*|bowel|tract|quadrant|eyelids?|lip|jaw|molars?|pole)\b)")
_LESS = re.compile(
    r"\b(?:reduc\w+|decreas\w+|lower(?:ed|ing)?" + LOWER_PLACE
    + r"|less|fewer|prevent\w*|protect\w*|attenuat\w+|diminish\w*|lessen\w*|alleviat\w+|improv\w+|ameliorat\w+"
    # "Disappearance of erection problems ... was common in all groups": the outcome went away.
    r"|disappear\w*|resolv\w+|resolution|abolish\w*"
    # "The apparent favorable effect of alcohol on the risk of acute myocardial infarction": less of it.
    r"|(?:favou?rable|beneficial|protective)\s+(?:effects?|influence|impact)\b(?=[^.;]{0,40}\bon\b))\b",
    re.I,
)
_MORE = re.compile(
    r"\b(?:increas\w+|rais\w+|elevat\w+|higher|greater|more|excess\w*|caus\w+|induc\w+|provok\w+|precipitat\w+"
    r"|associated\s+with|linked\s+(?:to|with)|related\s+to|risk\s+factor|common(?:ly)?|frequent(?:ly)?"
    r"|(?:side|adverse)\s+effects?|adverse\s+(?:events?|reactions?)|complications?|led\s+to|leads?\s+to"
    r"|result(?:ed|s)?\s+in|develop(?:ed|s)?|occurred|emerg\w+|worsen\w*|exacerbat\w+|aggravat\w+"
    # "spinal neostigmine 10 microg produces severe nausea"
    r"|produc(?:e|es|ed|ing)"
    r"|significant(?:ly)?\s+(?:weight|gain|risk|incidence|rise))\b",
    re.I,
)
_PRESUPPOSED = re.compile(r"\b(?:induced|associated|related|caused)\b|-induced", re.I)
_COMPARED = re.compile(r"\b(?:than|compared\s+(?:with|to)|versus|vs\.?|relative\s+to)\b", re.I)
_SIGNIFICANT = re.compile(r"\bsignificant(?:ly)?\b|\bp\s*[<≤]\s*0?\.0[0-5]", re.I)
_NOT_SIGNIFICANT = re.compile(r"\b(?:no|not|non-?|without(?:\s+any)?)\s*(?:statistically\s+)?significant", re.I)
# Placebo or no treatment as the other arm: "more X than placebo" is a finding about X itself.
INERT_ARMS = ("placebo", "vehicle", "no treatment", "untreated", "control", "controls", "usual care", "sham")
# The same arms as written in a sentence; "control" only as an arm ("the control group", "than controls"), never as
# what a treatment does ("gives more efficient control of blood pressure", "glycaemic control").
INERT_ARM = re.compile(
    r"\b(?:placebo|vehicle|no\s+treatment|untreated|usual\s+care|sham)\b"
    r"|\bcontrols?\s+(?:group|groups|arm|arms|subjects|patients|participants|state|period|condition|treatment)\b"
    r"|\b(?:than|versus|vs\.?|with|to|and)\s+(?:the\s+|a\s+)?controls?\b(?!\s+(?:of|over)\b)", re.I)


@dataclass(frozen=True)
class OutcomeFinding:
    """One clause's reading of the outcome: ``reading`` is about the treatment asked about (arm 'x')."""

    reading: Reading
    clause: str
    significant: bool
    arm: str | None = None  # for comparisons: which arm had less of the outcome ('x' or 'y'), when said


# Prefixes shared by words of unrelated meaning ("hypertension", "hypertrophy", "hyperglycaemia"): words that begin
# with them are matched on more letters.
_LONG_PREFIXES = ("hyper", "hypo")


def names_in(text: str, names: Sequence[str]) -> bool:
    """Whether any of ``names`` occurs in ``text``: all content-word stems of a name, in any order
    (a false friend such as "ST-segment depression" does not name depression)."""
    have = stems(_FALSE_FRIENDS.sub(" ", text), long_prefixes=_LONG_PREFIXES)
    for name in names:
        want = stems(name, long_prefixes=_LONG_PREFIXES)
        if want and want <= have:
            return True
    return False


def _names_word(text: str, names: Sequence[str]) -> bool:
    return first_name_at(text.lower(), names) >= 0


def _words_between(text: str, start: int, end: int) -> int:
    return len(text[start:end].split())


def _is_none(clause: str, outcome_at: int) -> bool:
    """Whether the clause says the outcome was absent, rare or no different.

    A negation counts when it bears on the outcome: within a few words before it ("not
    associated with weight gain", "no ... apparent weight gain", "without cough"), or after it
    on the relation ("cough did not occur more often"). A no-difference phrase counts anywhere
    in a clause naming the outcome; a group described by an absence ("patients without cough")
    does not.
    """
    if _GROUP.search(clause):
        return False
    denied = _NO_EVIDENCE.search(clause)
    if denied and denied.start() < max(outcome_at, 1):
        return True
    if _NO_DIFFERENCE.search(clause) or _LOW.search(clause):
        return True
    for m in _SMALL.finditer(clause):
        if m.start() < outcome_at and _words_between(clause, m.end(), outcome_at) <= 2:
            return True
        if m.start() > outcome_at and _words_between(clause, outcome_at, m.start()) <= SMALL_AFTER_WORDS + 1:
            return True
    for m in _NEGATION.finditer(clause):
        if _NOVELTY.match(clause, m.start()):
            continue  # "patterns of carisoprodol abuse not previously reported": new, not absent
        if m.start() < outcome_at and _words_between(clause, m.end(), outcome_at) <= NEAR_WORDS:
            return True
        if m.start() > outcome_at and _RELATION.match(clause[m.end():].lstrip().split(" ", 1)[0] or ""):
            return True
        if m.start() > outcome_at and _RELATION.search(" ".join(clause[m.end():].split()[:3])):
            return True
    return False


def _outcome_at(clause: str, outcome_names: Sequence[str]) -> int:
    """Where the outcome is first written in the clause (its first matching word), or 0."""
    low = clause.lower()
    at = [low.find(w[:5]) for n in outcome_names for w in stems(n)]
    found = [a for a in at if a >= 0]
    return min(found) if found else 0


# A ratio with its confidence interval: "relative risk 1.25 (95% CI 0.91-1.72)". An interval across 1 is no
# difference found, whatever word ("associated", "increased") the sentence wraps it in.
_RATIO = re.compile(r"\b(?:rr|or|hr|irr|relative\s+risks?|odds\s+ratios?|hazard\s+ratios?|risk\s+ratios?|rate\s+ratios?)\b",
                    re.I)
_INTERVAL = re.compile(r"\b(?:ci|confidence\s+intervals?)\b[\s,:=]*\(?\s*(\d+(?:\.\d+)?)\s*(?:-|\u2013|to|,)\s*"
                       r"(\d+(?:\.\d+)?)", re.I)


def _interval_spans_one(clause: str) -> bool:
    """Whether the clause gives a ratio whose every confidence interval includes 1 (no difference shown)."""
    if not _RATIO.search(clause):
        return False
    bounds = [(float(low), float(high)) for low, high in _INTERVAL.findall(clause)]
    return bool(bounds) and all(low <= 1.0 <= high for low, high in bounds)


def read_clause(clause: str, outcome_names: Sequence[str] = ()) -> Reading | None:
    """none / less / more for a clause already known to name the outcome; None when it carries no cue.

    Absence comes first: "did not increase" and "no significant increase" are findings of no
    effect, whatever verb follows the negation; so is a ratio whose confidence interval includes 1.
    """
    if _is_none(clause, _outcome_at(clause, outcome_names)) or _interval_spans_one(clause):
        return "none"
    if _LESS.search(clause):
        return "less"
    if _MORE.search(clause):
        return "more"
    return None


def clauses_naming(abstract: str, outcome_names: Sequence[str]) -> list[str]:
    """The clauses of the abstract, in order, that name the outcome."""
    from search.quote.cues import role

    out: list[str] = []
    for sentence, label in split_labelled(abstract or ""):
        if not names_in(sentence, outcome_names) or role(sentence, label) in ("aim", "methods", "background"):
            continue
        if sentence.rstrip().endswith("?"):
            continue  # "Do antihypertensive drugs protect against cancer?": what the study asked, not what it found
        parts = [p for p in _CLAUSE.split(sentence) if p and p.strip()]
        named = [p.strip() for p in parts if names_in(p, outcome_names)]
        out.extend(named or [sentence.strip()])
    return out


def read_outcome(
    abstract: str,
    *,
    outcome_names: Sequence[str],
    x_names: Sequence[str],
    other_drug: Callable[[str], bool] = lambda clause: False,
) -> list[OutcomeFinding]:
    """The readings of every clause that names the outcome and speaks about the treatment asked about.

    ``other_drug(clause)`` says whether a clause names some other drug; such a clause is skipped
    unless it also names the treatment (then a comparative in it is read against that drug, and
    "less than another drug" is not "none": it is skipped too).
    """
    findings: list[OutcomeFinding] = []
    for clause in _own_findings(clauses_naming(abstract, outcome_names), outcome_names):
        names_x = _names_word(clause, x_names)
        if not names_x and (other_drug(clause) or _OTHER_CAUSES.search(clause)):
            continue  # "Other variables associated with arrhythmia included heart failure": not the treatment
        if _only_as_condition(clause, outcome_names):
            continue  # "two patients with chronic atrial fibrillation developed ...": who they were, not a finding
        if _DEFINES.search(clause) and not _RESULT.search(clause):
            continue  # "major adverse events included angina, myocardial infarction, stroke": what was counted
        reading = read_clause(clause, outcome_names)
        if reading is None:
            continue
        if names_x:
            reading = _said_of_treatment(clause, reading, x_names, other_drug)
        if reading == "less" and (not names_x or _PRESUPPOSED.search(clause)):
            continue  # "iron reduced ACE-inhibitor-induced cough": another treatment, and the harm is taken as given
        if names_x and other_drug(clause) and _COMPARED.search(clause) and not _against_inert(clause):
            continue  # "less weight gain than olanzapine" says nothing about weight gain against none
        if names_x and _between_own_names(clause, x_names):
            continue  # "less cough under imidapril than under enalapril", asked of ACE inhibitors: two of its own
        significant = bool(_SIGNIFICANT.search(clause)) and not _NOT_SIGNIFICANT.search(clause)
        findings.append(OutcomeFinding(reading, clause, significant))
    return findings


# "In contrast to enalapril, losartan does not cause dry cough": the other drug's lack of the outcome is the named
# drug's having it.
_SET_AGAINST = re.compile(r"\A\s*(?:in\s+contrast\s+(?:to|with)|unlike|as\s+opposed\s+to)\s+(?P<arm>[^,]{3,60}),\s*",
                          re.I)


def _removal(names: Sequence[str]) -> re.Pattern[str]:
    """"after enalapril had been stopped", "on withdrawal of enalapril", "stopping enalapril": the treatment taken
    away."""
    x = "(?:%s)" % "|".join(re.escape(n.lower()) for n in names if n)
    return re.compile(
        rf"\b(?:(?:after|on|upon|following|with|when)\s+(?:the\s+)?(?:stopping|withdrawal|withdrawing|discontinu\w+"
        rf"|cessation)\s+(?:of\s+)?(?:the\s+)?(?:treatment\s+with\s+)?{x}"
        rf"|{x}\s+(?:had\s+been|has\s+been|was|were|is|being)\s+(?:stopped|withdrawn|discontinued|ceased)"
        rf"|(?:stopping|withdrawing|discontinuing)\s+(?:the\s+)?{x})(?![\w-])")


def _said_of_treatment(clause: str, reading: Reading, x_names: Sequence[str],
                       other_drug: Callable[[str], bool]) -> Reading:
    """The clause's reading turned to what it says of the treatment asked about: the outcome falling once the
    treatment was stopped ("the rate of cough diminished after enalapril had been stopped") is the treatment bringing
    it on; another drug set against the treatment not bringing it on ("in contrast to enalapril, losartan does not
    cause dry cough") is the treatment bringing it on (and "unlike X, Y did not reduce O", X reducing it)."""
    low = clause.lower()
    if reading == "less" and _removal(x_names).search(low):
        return "more"
    against = _SET_AGAINST.match(low)
    if reading == "none" and against is not None and first_name_at(against.group("arm"), x_names) >= 0:
        rest = low[against.end():]
        if other_drug(rest) and first_name_at(rest, x_names) < 0:
            return "less" if _LESS.search(rest) else "more" if _MORE.search(rest) else reading
    return reading


# "side effects were similar between groups except that patients given neostigmine had more nausea": what follows
# "except" is the exception to the sameness said before it, a finding of its own.
_EXCEPT = re.compile(r",?\s*\bexcept(?:\s+(?:for|that|in))?\b", re.I)
# "cough was not related to age, sex, drug dosage or smoking", "no links with sex, past history or dose were found":
# what the outcome did not depend on among the people treated, not whether the treatment brought it on. Said as the
# clause's own predicate, the clause is no finding; set off by a comma after a finding, only the words from the
# denial on are left out. Weight is no such factor here (it is an outcome's word).
_FACTORS_DENIED = re.compile(
    r",?\s*\b(?:not|no|neither)\s+(?:\w+\s+){0,2}?(?:relat\w*|associat\w*|links?|linked|correlat\w*|connect\w*)"
    r"\s+(?:\w+\s+)?(?:to|with|between)\s+(?:the\s+)?(?:patients'?\s+|their\s+)?"
    r"(?:age|sex|gender|race|ethnicity|dose|doses|dosage|duration|smoking|severity|degree|intensity|type|history"
    r"|baseline|underlying)\b", re.I)


def _own_findings(clauses: Sequence[str], outcome_names: Sequence[str]) -> list[str]:
    """Each clause cut where its words stop being a finding about the outcome and the treatment: an exception to a
    sameness read on its own, a denial that the outcome depended on the people's traits left out."""
    out: list[str] = []
    for clause in clauses:
        parts = [p.strip() for p in _EXCEPT.split(clause) if p and p.strip()]
        for part in [p for p in parts if names_in(p, outcome_names)] if len(parts) > 1 else parts:
            kept = part
            denied = _FACTORS_DENIED.search(part)
            if denied is not None:
                # after a comma only the denial goes; as the clause's own predicate, the whole clause
                kept = part[:denied.start()].strip() if denied.group(0).startswith(",") else ""
            if kept and names_in(kept, outcome_names):
                out.append(kept)
    return out


def _between_own_names(clause: str, x_names: Sequence[str]) -> bool:
    """Whether a comparative sets two different names of the treatment asked about against each other, with no
    inert arm: two members of a class asked about, which says nothing of the class against none."""
    parts = _COMPARED.split(clause, maxsplit=1)
    if len(parts) < 2 or _against_inert(clause):
        return False

    def written(text: str) -> set[str]:
        return {n for n in x_names if n and re.search(rf"(?<![\w-]){re.escape(n.lower())}(?![\w-])", text.lower())}

    before, after = written(parts[0]), written(parts[1])
    return bool(before - after) and bool(after - before)


# What a study counted, written without what it found: "the combined endpoint of stroke and myocardial infarction",
# "major adverse events included angina, stroke and death", "defined as".
_DEFINES = re.compile(
    r"\b(?:end[\s-]?points?|(?:events?|outcomes?|measures?)\s+(?:included|comprised|consisted\s+of|were\s+defined)"
    r"|defined\s+as|composite\s+of)\b", re.I)
_RESULT = re.compile(
    r"\b(?:than|compared|versus|vs\.?|reduc\w+|increas\w+|decreas\w+|higher|lower|greater|fewer|less|more|differ\w*"
    r"|similar|significant\w*|risk\s+ratio|hazard|odds)\b|%|\bp\s*[<=>]", re.I)
# Other causes of the outcome named as such, and the outcome as the condition people already had.
_OTHER_CAUSES = re.compile(
    r"\b(?:other\s+(?:variables|factors|predictors|covariates|causes)|(?:risk|predictive)\s+factors?\s+(?:for|of)"
    r"|predictors?\s+of)\b"
    # "hypertension itself can cause sexual dysfunction": the condition treated, not the treatment
    r"|\b[\w-]+\s+itself\s+(?:can|may|might|could|is|was|does|often)\b", re.I)
# The nouns a study calls its people by ("patients", "women", ...): one list for every reading of who was studied.
_PEOPLE_NOUNS = "patients|people|persons|subjects|participants|individuals|women|men|children|adults"
# "patients ... with (chronic) O", "women having O": the outcome written as the condition people already had.
_CONDITION = re.compile(
    rf"\b(?:{_PEOPLE_NOUNS}|those|cases)\s+"
    r"(?:[\w-]+\s+){0,8}?(?:with|having|suffering\s+from)\s+(?:(?![\w-]+ed\b)[\w-]+\s+){0,2}\Z"
    # "in patients with a history of angiotensin-converting enzyme inhibitor-induced cough": what they once had
    r"|\bhistory\s+of\s+(?:[\w-]+\s+){0,4}\Z",
    re.I)


def _only_as_condition(clause: str, names: Sequence[str]) -> bool:
    """Whether every place the clause names the outcome is the condition of the people it describes."""
    low = clause.lower()
    spots = [m.start() for name in names if name
             for m in re.finditer(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", low)]
    return bool(spots) and all(_CONDITION.search(low[:at]) for at in spots)


# Who the people were, said by their condition: "in essential hypertensive patients", "patients with hypertension".
_PEOPLE = rf"(?:{_PEOPLE_NOUNS}|volunteers)"
# (Only the words right before the people's noun: "reduction of blood pressure in patients with ..." keeps its outcome.)
_PEOPLE_WORD = r"(?!(?:in|of|on|at|to|for|with|and|or|the|a|an|among|all|both|these|those|such)\b)[\w-]+"
_AS_PEOPLE = re.compile(rf"\b(?:{_PEOPLE_WORD}\s+){{1,2}}(?={_PEOPLE}\b)"
                        rf"|\b{_PEOPLE}\s+(?:with|having)\s+(?:[\w-]+\s+){{0,2}}[\w-]+", re.I)


def names_beyond_people(clause: str, names: Sequence[str]) -> bool:
    """Whether the clause names the outcome other than as the condition of the people it describes: "ramipril is more
    effective than atenolol in reversing left ventricular hypertrophy in essential hypertensive patients" says nothing
    of blood pressure."""
    return names_in(_AS_PEOPLE.sub(" ", clause), names)


def _against_inert(clause: str) -> bool:
    after = _COMPARED.split(clause, maxsplit=1)
    return len(after) > 1 and any(word in after[1].lower()[:40] for word in INERT_ARMS)


# Not "did not differ between the two cycles", "either period", "both sites": times or places, not the arms ("both
# doses of rofecoxib were comparable with ibuprofen" may still be about the arms).
_NOT_ARMS = (r"(?!\s+(?:cycles?|periods?|phases?|sessions?|visits?|occasions?|days?|weeks?|months?|years?|time\s+points?"
             r"|studies|trials|centres|centers|sites|hospitals|countries|methods|techniques|measurements|sides|eyes|legs"
             r"|seasons|sexes|genders)\b)")
BOTH_ARMS = re.compile(
    rf"\b(?:(?:both|the\s+two|either){_NOT_ARMS}|(?:between|among)\s+(?:them|(?:the\s+)?(?:groups|treatments|drugs|arms"
    r"|regimens|agents)))\b",
    re.I)


_DIFFERENCE_DENIED = re.compile(r"\bno\s+(?:statistically\s+)?(?:significant\s+)?differences?\b|\bdid\s+not\s+differ"
                                r"|\bnot\s+(?:statistically\s+)?(?:significantly\s+)?different\b", re.I)


def _of_both_arms(clause: str, x_names: Sequence[str], y_names: Sequence[str], *, arms_titled: bool = False) -> bool:
    """A "no difference" on the outcome speaks to the comparison only when it is said of both arms: their
    names, or one of them with "both / the two / between the groups" ("71% of adverse events were not related
    to X" and "rizatriptan showed similar tolerability" are not comparisons of X with Y). ``arms_titled``: the
    study's title names the two arms and no inert one ("A trial comparing piritramide and morphine"), so a clause
    that names no arm ("There was no difference in number of episodes of vomiting") is said of them."""
    has_x, has_y = _names_word(clause, x_names), _names_word(clause, y_names)
    if arms_titled and not has_x and not has_y:
        # only a difference denied in so many words: "similar factors ... in predicting greater weight gain" is none
        return bool(_DIFFERENCE_DENIED.search(clause))
    return (has_x and has_y) or ((has_x or has_y) and bool(BOTH_ARMS.search(clause)))


# A title that sets its two treatments against each other: "comparing X and Y", "X versus Y", "X or Y for ...".
_TITLE_SETS_AGAINST = re.compile(r"\b(?:versus|vs\.?|compar\w*|against|or)\b", re.I)


def arms_titled(title: str, x_names: Sequence[str], y_names: Sequence[str]) -> bool:
    """Whether a title sets the two arms against each other and names no inert one: a head-to-head study of the
    two, whose unattributed findings are comparisons of them ("Newer antihistamines: cetirizine and loratadine",
    a review of both, is not one)."""
    return (_names_word(title, x_names) and _names_word(title, y_names) and bool(_TITLE_SETS_AGAINST.search(title))
            and not INERT_ARM.search(title))


# A significance said against an inert arm: "(the reduction with X was similar to that with Y) and significantly superior
# to that with placebo".
_SIGNIFICANT_AGAINST_INERT = re.compile(
    rf"(?:{_SIGNIFICANT.pattern})[^;]{{0,60}}?\b(?:than|to|over|versus|vs\.?|compared\s+(?:with|to)|with)\s+"
    rf"(?:\w+\s+){{0,3}}?(?:{'|'.join(re.escape(a) for a in INERT_ARMS if not a.startswith('control'))}|controls?\b"
    rf"(?!\s+(?:of|over)\b))\b(?:\s*\([^()]*\))?", re.I)


def _significant_between_arms(clause: str) -> bool:
    """Whether the clause says a difference between the arms compared was significant: a significance said against
    placebo ("similar to that with enalapril and significantly superior to that with placebo") is not one."""
    rest = _SIGNIFICANT_AGAINST_INERT.sub(" ", clause)
    return bool(_SIGNIFICANT.search(rest)) and not _NOT_SIGNIFICANT.search(clause)


# "The incidence of 'swollen ankles' increased with amlodipine but not with losartan": a rise said of one arm and
# denied of the other in the same breath. (A rise said of one arm alone is its own change, often against placebo.)
_RISE = re.compile(r"\b(?:increas\w+|rose|risen|elevat\w+)\b", re.I)
_BUT_NOT = re.compile(r"\A[\s,]*but\s+not\s+(?:(?:with|in|on|after|during|for|by)\s+)?(?:the\s+)?", re.I)


def _one_arm_rise(clause: str, abstract: str, x_names: Sequence[str], y_names: Sequence[str]) -> str | None:
    """The arm with less of the outcome when the clause says it rose with one arm and the abstract goes on "but not
    with" the other; else None."""
    if not _RISE.search(clause) or INERT_ARM.search(clause) or _NEGATION.search(clause):
        return None
    has_x, has_y = _names_word(clause, x_names), _names_word(clause, y_names)
    at = abstract.find(clause)
    if has_x == has_y or at < 0:
        return None
    rest = abstract[at + len(clause):]
    denied = _BUT_NOT.match(rest)
    other = x_names if has_y else y_names
    if denied is None or first_name_at(rest[denied.end():denied.end() + 60].lower(), other) != 0:
        return None
    return "x" if has_y else "y"


_FALL = re.compile(r"\b(?:reduc\w+|decreas\w+|lower(?:ed|ing)?|fell|declin\w+)\b", re.I)
_NOT_ARM = re.compile(r"\Anot\s+(?:(?:with|in|on|after|during|for|by|of)\s+)?(?:the\s+)?", re.I)


def _named_first_change(
    clause: str, abstract: str, x_names: Sequence[str], y_names: Sequence[str]
) -> tuple[str, str] | None:
    """(arm with less of the outcome, the words from the first arm's name) when "X, but not Y, significantly reduced
    O" (or "increased O"): the change is the arm's named before "but not"; the clause split at "but" starts with
    "not Y". None when the clause is not so."""
    low = clause.lower()
    lead = _NOT_ARM.match(low)
    at = abstract.find(clause)
    if lead is None or at < 0 or INERT_ARM.search(clause):
        return None
    rest = low[lead.end():]
    second = "x" if first_name_at(rest, x_names) == 0 else "y" if first_name_at(rest, y_names) == 0 else None
    if second is None:
        return None
    before = abstract[:at].rstrip().lower()
    if not before.endswith("but"):
        return None
    before = before[:-3].rstrip(" ,")
    first_names = y_names if second == "x" else x_names
    named = re.search(r"(?:%s)\s*(?:\([^)]{0,20}\))?$" % "|".join(re.escape(n) for n in first_names), before)
    if named is None:
        return None
    change = rest[rest.find(",") + 1:] if "," in rest[:40] else rest
    if _NEGATION.search(change):
        return None
    fall, rise = _FALL.search(change), _RISE.search(change)
    if bool(fall) == bool(rise):
        return None
    first = "y" if second == "x" else "x"
    return first if fall else second, abstract[named.start(): at + len(clause)]


# A comparative written right before the outcome's name: "fewer adverse effects", "less dry mouth".
_COMPARED_ON = re.compile(r"\b(?:less|fewer|lower|more|greater|higher)\s+(?:[\w-]+\s+){0,2}$", re.I)


def compare_on_outcome(
    abstract: str,
    *,
    outcome_names: Sequence[str],
    x_names: Sequence[str],
    y_names: Sequence[str],
    favoured: Callable[[str, Sequence[str], Sequence[str]], str | None],
    title: str = "",
) -> list[OutcomeFinding]:
    """For "does X cause less / more O than Y?": per clause naming O, which arm had less O, or none.

    ``favoured(clause, x_names, y_names)`` returns the arm a comparative in the clause says had
    less of the outcome ('x' or 'y'), else None. ``title``: the study's, to tell a head-to-head study
    (``arms_titled``).
    """
    titled = arms_titled(title, x_names, y_names)
    findings: list[OutcomeFinding] = []
    for clause in clauses_naming(abstract, outcome_names):
        if not names_beyond_people(clause, outcome_names):
            continue
        significant = _significant_between_arms(clause)
        at = _outcome_at(clause, outcome_names)
        none = _is_none(clause, at) and not significant
        # "has a response rate similar to that of sumatriptan and may produce fewer adverse effects": the
        # no-difference is said of another measure; a comparative right on the outcome is read instead.
        arm = favoured(clause, x_names, y_names) if not none or _COMPARED_ON.search(clause[max(0, at - 40):at]) else None
        if arm is None and (change := _named_first_change(clause, abstract, x_names, y_names)) is not None:
            # "RSG, but not GLB, caused a significant reduction in O": its "not" denies Y the change, not the change
            (arm, clause), none = change, False
        if arm is None and not none:
            arm = _one_arm_rise(clause, abstract, x_names, y_names)
        if none and arm is None:
            if _of_both_arms(clause, x_names, y_names, arms_titled=titled):
                findings.append(OutcomeFinding("none", clause, False))
            continue
        if arm is not None:
            findings.append(OutcomeFinding("less" if arm == "x" else "more", clause, significant, arm=arm))
    return findings
