"""What a comparison abstract says about one outcome: the sentences that report it, and their cues.

A trial abstract reports many outcomes; "did I differ from C on O?" is answered by the one or
two sentences that mention O (and the arms) next to a statistic, not by the abstract as a
whole. So the comparison model first picks those sentences by stem overlap with the outcome
and the arms, weighted towards sentences that state a result (p-values, "significant",
"difference", confidence intervals), then reads them:

* ``masked`` text: the arms' words replaced by ``xint`` (intervention) and ``xcmp``
  (comparator), negation-scoped, so n-grams such as "lower in xint" or "xcmp neg_differ"
  generalise across trials and carry the direction;
* cue counts: no-difference wording ("no significant difference", "similar", "comparable",
  "did not differ", "p > 0.05", "NS", "equivalent", "non-inferior"), difference wording
  ("significantly", "greater", "superior", "reduced"), parsed p-values below / above 0.05,
  confidence intervals that include or exclude 1 and 0, and up/down words signed by which
  arm is named first ("lower in the xint group than xcmp" -> I lower).

Pure Python and regular expressions: a few milliseconds per abstract, no parser, no model.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from search.sentences import split_sentences

from .negation import negation_scoped
from .text import conclusion_sentences

STEM = 5  # words match on their first letters: "reduced" ~ "reduction", "mortality" ~ "mortalities"
LONG_STEM = 8  # "hypertension" ~ "hypertensive", not "hypertrophy"
SELECTED_SENTENCES = 2
# Sentence score weights, chosen by how often the annotators' evidence sentence is among those picked
# (EI prompts with evidence in the abstract: 83 % first, 94 % in the top two, 97 % in the top three).
OUTCOME_WEIGHT, ARMS_WEIGHT, RESULT_WEIGHT = 2.0, 0.2, 1.5
# A second sentence is read only when it scores at least this share of the best one: a weaker
# runner-up (a methods sentence naming the outcome) diluted the answer (CV: 0.839 -> 0.852 on the 930).
FOLLOWER_SHARE = 0.85
INTERVENTION_TOKEN = "xint"
COMPARATOR_TOKEN = "xcmp"
OUTCOME_TOKEN = "xout"

_WORD = re.compile(r"[a-z0-9][a-z0-9\-']*")
_STOP = frozenset(
    """a an the of in on at to for with by from and or but is are was were be been being do does did has have had
    can could should would will may might there this that these those it its as than vs versus into among between
    what which who whom whose when where why how after before during per all any each both either no not group groups
    patients patient subjects participants study trial treatment treated therapy total mean rate rates level levels
    score scores number time day days week weeks month months year years compared comparison versus control
    change changes""".split()
)
# Outcome words that name no measurable outcome: a question such as "Is X more effective than Y?"
# has one of these, and then the conclusion speaks for the trial as a whole.
VAGUE_OUTCOME_WORDS = frozenset(
    """effective effectiveness efficacy efficacious better best good worse safe safer safety benefit benefits
    beneficial outcome outcomes result results works work working helpful useful superior inferior improve improves
    improvement treat treating more less most least equally well""".split()
)

# Result-reporting sentences: these answer "did O differ?", background and methods do not.
_RESULT = re.compile(
    r"\b(?:significan\w*|differ\w*|p\s*[<>=≤≥]|ci\b|confidence interval|compared|versus|vs\b|than|similar|"
    r"comparable|equivalent|reduc\w*|increas\w*|decreas\w*|higher|lower|improv\w*|greater|fewer|less|more|"
    r"odds ratio|relative risk|hazard ratio|risk ratio|no effect|not affect\w*|unchanged|superior|inferior)"
)

_NO_DIFFERENCE = re.compile(
    r"\b(?:no (?:statistically |clinically )?significant(?:ly)?|not (?:statistically )?significant(?:ly)?|"
    r"non-?significant(?:ly)?|insignificant(?:ly)?|no (?:significant |clear |major |relevant |important )?"
    r"(?:difference|differences|effect|effects|change|changes|benefit|advantage|improvement|reduction|increase)|"
    r"did not (?:significantly )?(?:differ|change|affect|improve|reduce|increase|decrease|alter|influence)|"
    r"does not (?:differ|change|affect)|were not (?:significantly )?different|was not (?:significantly )?different|"
    r"not (?:significantly )?different|similar(?:ly)?|comparable|equivalent|equivalence|non-?inferior\w*|"
    r"equally|same|unchanged|unaffected|irrespective|failed to|did not reach|not reach|no longer|"
    r"as (?:effective|efficacious|good|safe|well tolerated|potent|beneficial) as|no (?:better|worse)|"
    r"not (?:superior|inferior|better|worse)|"
    r"neither|nor|n\.s\.|ns)\b"
)
_DIFFERENCE = re.compile(
    r"\b(?:significant(?:ly)?|greater|superior|inferior|reduc\w+|increas\w+|decreas\w+|higher|lower|improv\w+|"
    r"more|less|fewer|better|worse|longer|shorter|faster|slower|larger|smaller|benefit\w*|prevent\w*|"
    r"marked(?:ly)?|substantial(?:ly)?|fold|twice|double\w*|halv\w*)\b"
)
_UP = re.compile(
    r"\b(?:higher|greater|more|increas\w+|improv\w+|longer|larger|elevat\w+|rais\w+|enhanc\w+|gain\w*|"
    r"better|superior|faster|exceed\w*|augment\w*|prolong\w*|boost\w*|rise|rose|risen|grew|doubl\w*)\b"
)
_DOWN = re.compile(
    r"\b(?:lower|less|fewer|reduc\w+|decreas\w+|declin\w+|shorter|smaller|attenuat\w+|diminish\w*|"
    r"inhibit\w*|suppress\w*|prevent\w*|drop\w*|fell|fall|lowered|worse|inferior|slower|halv\w*|"
    r"alleviat\w*|reliev\w*|lessen\w*|decline)\b"
)
# "p < 0.05", "P=0.003", "p = .21", "p>0.05", "P < 10-4"
_P_VALUE = re.compile(r"\bp\s*(?:value\s*)?(<|≤|<=|=|>|≥|>=)\s*(0?\.\d+|\d+(?:\.\d+)?)")
_NS = re.compile(r"\(\s*ns\s*\)|\bn\.s\b|\bns\b|not significant")
# "95% CI 0.82-1.31", "(95% CI, -0.4 to 2.1)", "95% confidence interval: 1.1, 2.3"
_CI = re.compile(
    r"(?:\bci\b|confidence interval)\)?[\s,:;=\[(]*(-?\d+(?:\.\d+)?)\s*%?\s*(?:-|–|—|to|,|;)\s*(-?\d+(?:\.\d+)?)"
)
# "(20 cmH2O vs 24 cmH2O", "12.3% versus 8.1%", "45 vs. 30": the first value belongs to the arm named first.
_NUMBERS_VS = re.compile(
    r"(-?\d+(?:\.\d+)?)\s*%?\s*[a-zµ/%0-9]{0,8}\s*(?:vs\.?|versus|compared with|and|to)\s*(-?\d+(?:\.\d+)?)"
)

CUE_NAMES: tuple[str, ...] = (
    "no_difference", "difference", "p_significant", "p_not_significant", "ns", "ci_includes_1", "ci_includes_0",
    "ci_excludes", "up", "down", "signed_direction", "numbers_direction", "interv_first", "both_arms",
    "outcome_overlap",
    "only_no_difference", "only_difference", "result_sentence", "nearest_arm_direction", "ci_direction",
)


def stems(text: str, *, long_prefixes: tuple[str, ...] = ()) -> set[str]:
    """Content-word stems of ``text`` (stop words and one-letter tokens dropped). A word that begins with one of
    ``long_prefixes`` keeps ``LONG_STEM`` letters: the first five of "hypertension" are those of "hypertrophy" and
    "hyperglycaemia". (The comparison model's features use the default, as it was trained.)"""
    return {w[:LONG_STEM] if long_prefixes and w.startswith(long_prefixes) else w[:STEM]
            for w in _WORD.findall(text.lower()) if w not in _STOP and len(w) > 1}


def is_vague_outcome(outcome: str | None) -> bool:
    """True when the outcome names nothing measurable ("effective", "better", empty)."""
    words = [w for w in _WORD.findall((outcome or "").lower()) if w not in _STOP]
    return not words or all(w in VAGUE_OUTCOME_WORDS for w in words)


@dataclass(frozen=True)
class Selection:
    """The sentences picked to answer one (I, C, O) prompt, best first, and what the rest of the model reads."""

    sentences: tuple[str, ...]
    masked: str  # negation-scoped, arms and outcome masked: the n-gram text
    window: str  # the masked words around the outcome's mentions in the best sentence
    cues: np.ndarray  # CUE_NAMES order, over the picked sentences
    best_cues: np.ndarray  # CUE_NAMES order, over the best sentence alone

    @property
    def best(self) -> str:
        return self.sentences[0] if self.sentences else ""

    @property
    def arms_named(self) -> bool:
        """Both arms are named in the picked sentences (so the direction can be tied to one of them)."""
        return INTERVENTION_TOKEN in self.masked and COMPARATOR_TOKEN in self.masked


def _overlap(words: set[str], sentence: set[str]) -> float:
    return len(words & sentence) / len(words) if words else 0.0


def select_sentences(
    abstract: str, *, intervention: str, comparator: str, outcome: str | None, k: int = SELECTED_SENTENCES
) -> list[str]:
    """Up to ``k`` abstract sentences most likely to report O for I vs C, best first.

    Score = 2 x share of the outcome's stems in the sentence + 0.2 x share of the arms' stems
    + 1.5 x how much it reads as a result (a statistic 1, result wording 0.5, methods or aims less);
    runners-up below FOLLOWER_SHARE of the best score are left out. Without a usable outcome the
    conclusion sentences (plus result sentences naming the arms) are scored on the arms alone.
    """
    sentences = split_sentences(abstract)
    if not sentences:
        return []
    arms = stems(intervention) | stems(comparator)
    vague = is_vague_outcome(outcome)
    o_stems = set() if vague else stems(outcome or "")
    if vague:
        conclusion = conclusion_sentences(abstract)
        pool = list(dict.fromkeys([*conclusion, *sentences]))
        bonus = {s: 0.6 for s in conclusion}
    else:
        pool, bonus = sentences, {}
    scored = []
    for position, sentence in enumerate(pool):
        words = stems(sentence)
        lower = sentence.lower()
        score = OUTCOME_WEIGHT * _overlap(o_stems, words) + ARMS_WEIGHT * _overlap(arms, words)
        score += RESULT_WEIGHT * _result_score(lower) + bonus.get(sentence, 0.0)
        score += 0.05 * (position / max(1, len(pool)))  # ties: later sentences report results
        scored.append((score, -position, sentence))
    scored.sort(reverse=True)
    best = scored[0][0]
    return [s for score, _, s in scored[:k] if score >= FOLLOWER_SHARE * best]


_STATISTIC = re.compile(r"\bp\s*(?:value\s*)?[<>=≤≥]|\bsignifican|\bci\b|confidence interval|\bns\b|n\.s\b")
_METHODS = re.compile(
    r"\b(?:was|were) (?:measured|assessed|recorded|calculated|obtained|evaluated|determined|compared|analy[sz]ed|"
    r"randomi[sz]ed|allocated|assigned|collected|performed|used|included|enrolled)|\bprimary (?:end ?point|outcome)|"
    r"\b(?:aim|purpose|objective) of\b|\bwe (?:aimed|sought|investigated|evaluated|assessed|compared|randomi[sz]ed)"
)


def _result_score(lower: str) -> float:
    """1 for a sentence stating a statistic, 0.5 for other result wording, less for methods and aims."""
    if _STATISTIC.search(lower):
        return 1.0
    score = 0.5 if _RESULT.search(lower) else 0.0
    return score - 0.5 * bool(_METHODS.search(lower))


def _mask(text: str, words: set[str], token: str, protect: set[str]) -> str:
    """Replace each word whose stem is in ``words`` (and not shared with ``protect``) by ``token``."""
    targets = words - protect
    if not targets:
        return text

    def swap(m: re.Match[str]) -> str:
        return token if m.group(0)[:STEM] in targets else m.group(0)

    return _WORD.sub(swap, text)


def masked_text(sentences: Sequence[str], *, intervention: str, comparator: str, outcome: str | None) -> str:
    """The sentences lower-cased with arm and outcome words masked, then negation-scoped."""
    i_stems, c_stems = stems(intervention), stems(comparator)
    o_stems = set() if is_vague_outcome(outcome) else stems(outcome or "")
    text = " . ".join(s.lower() for s in sentences)
    text = _mask(text, i_stems, INTERVENTION_TOKEN, c_stems)
    text = _mask(text, c_stems, COMPARATOR_TOKEN, i_stems)
    text = _mask(text, o_stems, OUTCOME_TOKEN, i_stems | c_stems)
    return negation_scoped(text)


WINDOW_WORDS = 6


def outcome_window(masked: str, *, width: int = WINDOW_WORDS) -> str:
    """The words within ``width`` of each outcome mention (``xout``): where a long sentence reports this outcome."""
    tokens = masked.split()
    keep: set[int] = set()
    for i, token in enumerate(tokens):
        if token.endswith(OUTCOME_TOKEN):
            keep.update(range(max(0, i - width), min(len(tokens), i + width + 1)))
    return " ".join(tokens[i] for i in sorted(keep))


def _p_values(text: str) -> tuple[int, int]:
    significant = not_significant = 0
    for op, value_s in _P_VALUE.findall(text):
        try:
            value = float(value_s)
        except ValueError:
            continue
        if op in ("<", "≤", "<="):
            significant += value <= 0.05
            not_significant += value > 0.05
        elif op in (">", "≥", ">="):
            not_significant += value >= 0.05
        else:
            significant += value < 0.05
            not_significant += value >= 0.05
    return significant, not_significant


def _intervals(text: str) -> tuple[int, int, int, float]:
    """Intervals including 1 (a ratio's no-effect value), including 0 (a difference's), excluding both;
    and their side: +1 above both (I higher), -1 below 0 or a ratio below 1 (I lower)."""
    includes_1 = includes_0 = excludes = 0
    side = 0.0
    for low_s, high_s in _CI.findall(text):
        try:
            low, high = float(low_s), float(high_s)
        except ValueError:
            continue
        if low > high:
            continue
        in_1, in_0 = low <= 1.0 <= high and low > 0, low <= 0.0 <= high
        includes_1 += in_1
        includes_0 += in_0
        excludes += not (in_1 or in_0)
        if not (in_1 or in_0):
            side += 1.0 if low > 1.0 else -1.0
    return includes_1, includes_0, excludes, side


def _nearest_arm_direction(masked: str) -> float:
    """Each up/down word signed by the arm named nearest to it: "lower in xint" -1, "higher in xcmp" -1."""
    tokens = masked.split()
    arms = [(i, 1.0 if t.endswith(INTERVENTION_TOKEN) else -1.0) for i, t in enumerate(tokens)
            if t.endswith(INTERVENTION_TOKEN) or t.endswith(COMPARATOR_TOKEN)]
    if not arms:
        return 0.0
    total = 0.0
    for i, token in enumerate(tokens):
        word = token.removeprefix("neg_")
        polarity = 1.0 if _UP.fullmatch(word) else -1.0 if _DOWN.fullmatch(word) else 0.0
        if polarity:
            _, arm = min(arms, key=lambda a: (abs(a[0] - i), a[0] < i))
            total += polarity * arm
    return total


def _numbers_direction(text: str) -> float:
    """+1 per "a vs b" with a > b, -1 with a < b: the first-named arm's value against the second's."""
    total = 0.0
    for a_s, b_s in _NUMBERS_VS.findall(text):
        try:
            a, b = float(a_s), float(b_s)
        except ValueError:
            continue
        total += (a > b) - (a < b)
    return total


def _arm_order(masked: str) -> float:
    """+1 when the intervention is named before the comparator, -1 after, 0 when one is missing."""
    i, c = masked.find(INTERVENTION_TOKEN), masked.find(COMPARATOR_TOKEN)
    if i < 0 or c < 0:
        return 0.0
    return 1.0 if i < c else -1.0


def states_no_difference(sentence: str) -> bool:
    """Whether a sentence words a null result at all: a no-difference cue, "NS" or a p-value above 0.05 -- the cues
    ``cue_counts`` gives the model as ``no_diff``, ``p_ns`` and ``ns``.

    The model's probability is low for any sentence without a stated difference, a survey's prescription shares
    ("44% were prescribed digoxin, 22% diltiazem") as much as a trial's "no significant difference"; only the latter
    says that the arms were alike."""
    text = sentence.lower()
    return bool(_NO_DIFFERENCE.search(text) or _NS.search(text) or _p_values(text)[1])


def cue_counts(sentences: Sequence[str], masked: str, outcome_stems: set[str]) -> np.ndarray:
    """The CUE_NAMES counts over ``sentences`` (raw text) and their masked form."""
    text = " ".join(s.lower() for s in sentences)
    no_diff = len(_NO_DIFFERENCE.findall(text))
    diff = len(_DIFFERENCE.findall(text))
    p_sig, p_ns = _p_values(text)
    in1, in0, excl, ci_side = _intervals(text)
    up, down = len(_UP.findall(text)), len(_DOWN.findall(text))
    order = _arm_order(masked)
    sign = order if order else 1.0  # one arm named: up/down is usually about the intervention
    values = [
        no_diff, diff, p_sig, p_ns, len(_NS.findall(text)), in1, in0, excl, up, down,
        sign * (up - down), order * _numbers_direction(text), order,
        float(INTERVENTION_TOKEN in masked and COMPARATOR_TOKEN in masked),
        _overlap(outcome_stems, stems(text)),
        float(no_diff > 0 and p_sig == 0), float(no_diff == 0 and diff > 0),
        float(bool(_RESULT.search(text))), _nearest_arm_direction(masked), ci_side,
    ]
    return np.asarray(values, dtype=np.float32)


# Cues whose sign says which arm came out higher: they flip when the arms are swapped.
ARM_SIGNED_CUES: tuple[str, ...] = ("signed_direction", "numbers_direction", "interv_first", "nearest_arm_direction")


def mirrored(selection: Selection) -> Selection | None:
    """The same sentences read with intervention and comparator swapped, when both arms are named in them.

    Trained with the opposite direction label, these teach the direction model that "xcmp
    reduced xout" is not "xint reduced xout" (without them it learned that the subject of a
    sentence is usually the intervention, and read a comparator-first sentence the wrong way).
    """
    if not selection.arms_named:
        return None
    placeholder = "\0"

    def swap(text: str) -> str:
        return text.replace(INTERVENTION_TOKEN, placeholder).replace(COMPARATOR_TOKEN, INTERVENTION_TOKEN).replace(
            placeholder, COMPARATOR_TOKEN)

    signed = [CUE_NAMES.index(name) for name in ARM_SIGNED_CUES]

    def flip(values: np.ndarray) -> np.ndarray:
        out = values.copy()
        out[signed] = -out[signed]
        return out

    return Selection(sentences=selection.sentences, masked=swap(selection.masked), window=swap(selection.window),
                     cues=flip(selection.cues), best_cues=flip(selection.best_cues))


def select(abstract: str, *, intervention: str, comparator: str, outcome: str | None,
           k: int = SELECTED_SENTENCES) -> Selection:
    """Pick the sentences for one prompt and compute everything the model reads from them."""
    picked = select_sentences(abstract, intervention=intervention, comparator=comparator, outcome=outcome, k=k)
    o_stems = set() if is_vague_outcome(outcome) else stems(outcome or "")
    masked = masked_text(picked, intervention=intervention, comparator=comparator, outcome=outcome)
    best_masked = masked_text(picked[:1], intervention=intervention, comparator=comparator, outcome=outcome)
    return Selection(
        sentences=tuple(picked),
        masked=masked,
        window=outcome_window(best_masked),
        cues=cue_counts(picked, masked, o_stems),
        best_cues=cue_counts(picked[:1], best_masked, o_stems),
    )
