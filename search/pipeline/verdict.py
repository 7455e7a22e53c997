"""The verdict: yes / no / mixed / insufficient, from the studies that address the question.

The rule (also in the README):

1. Only studies that address the question count (``addresses`` yes; for effect, harm and
   association questions "partly" counts too, at a quarter weight, because a study of X that words
   the outcome differently still speaks to it -- but only while fewer than ``MIN_SIDED`` studies
   that fully address it take a side: a partly-addressing study's stance is read from findings
   on other outcomes, so once the studies of the outcome itself can decide, they do; for
   comparisons and safety questions only "yes": X against placebo says nothing about X against
   Y, and a study of X in other people says nothing about X in people with Y).
2. A study takes a side when its stance is supports or refutes and not ``uncertain`` (the
   classifier's strength for its label is below ``CONFIDENT``); the others are counted but
   take no side.
3. Fewer than ``MIN_STUDIES`` counted studies, or fewer than ``MIN_SIDED`` taking a side:
   **insufficient** ("The studies found don't settle this"), saying which -- except that
   ``MIN_AGREEING`` studies that fully address the question and take the same side, with none
   taking the other, are a (low-confidence) answer: head-to-head trials and studies of a named
   harm are few, and two that agree while the rest say nothing clear are what the evidence says
   (for a safety question only ever a "no": rule 6). For a comparison's "yes" one such study is
   enough (``MIN_AGREEING_YES``), and the answer says that it rests on one study. A comparison that only
   ``MIN_STUDIES_AGREEING`` (2) studies address, both taking the same side, is answered too, and says how few.
4. Otherwise the weighted share of "yes" among the sided: ≥ ``LEAN`` is **yes**, ≤ 1 − ``LEAN``
   is **no**, anything between is **mixed** -- except that a yes / no resting on the partly-addressing
   fallback (rule 1) against which the fully-addressing studies lean (their supports minus refutes, weighted
   by relevance, uncertain ones included) is **insufficient**: studies of other outcomes fill in, never
   outvote. Each sided study's weight (rule 1) is multiplied by its
   relevance: exp((similarity / best similarity − 1) / ``RELEVANCE_SCALE``), from the question-to-study
   similarity the ranking used (a ratio, so any backend's scale will do), so the studies closest to
   the question (its population, its outcome, its situation) count most: with MiniLM's cosines (best
   about 0.7) a study 0.1 below the best counts about a quarter as much.
   When the partly-addressing fallback is in use and the answer is yes or no, it says how few of the studies that take
   a side look at exactly the question, at low confidence. When no counted study addresses the question fully (all
   "partly": the treatment studied for other problems or in other people), the answer says so ("No study found looks
   at diltiazem and narrowing exactly ... That is indirect evidence.") and its confidence is low. (Withholding the
   verdict instead was measured on 264 labelled effect questions and not kept: 6 right answers lost for 1 wrong one
   avoided.)
   Words decide ``addresses``; the similarity grades what words cannot ("after having my tonsils
   out" is met by a tonsillectomy trial, not by the treatment's other trials).
5. Confidence: high only with ≥ 8 sided studies and ≥ 85 % on one side, moderate with ≥ 5 and
   ≥ 70 %, otherwise low; the offline classifier is right about 7 times in 10, so an offline
   verdict is never "high".
6. Safety questions: a "yes" is never given offline (the studies found cannot show that a
   medicine is safe for one person); it becomes insufficient, and every safety verdict carries
   a caution to ask a clinician or pharmacist. Offline a "no" needs at least ``SAFETY_HARM_SHARE``
   of the studies that address the question to report adverse effects or risks: only harms can be
   read offline, never reassurance, so "no" from a minority while the rest say nothing readable
   would be a guess; that is insufficient too, with the harms reported still named.
   A harm question asked as "is it dangerous / risky to ...?" (frame claim ``DANGER``) is never answered "no"
   offline, for the same reason, and carries the same caution: "no" would tell a person it is not dangerous.
7. Offline, a question whose frame kind is "other" (its treatment and outcome could not be read)
   is **insufficient** whatever the studies' tone (``UNREAD_FRAME``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .frame import in_whom
from .state import DANGER, INDIRECT, MOSTLY_INDIRECT, Frame, RankedPaper, Verdict

MIN_STUDIES = 3
MIN_SIDED = 3
MIN_AGREEING = 2
# A comparison's "yes" may rest on fewer: one head-to-head study that fully addresses the question and finds for the
# arm asked about, with none against, is a low-confidence yes. A "no" still needs ``MIN_AGREEING``: a single trial
# that found a difference is evidence of one, while a single trial that found none is often too small to show it,
# and the readings of "no difference" are the noisier ones. Nor an effect question's "yes": its one study's side is
# the offline classifier's reading of the abstract's tone, where a comparison's is a difference stated between the
# two arms named. Re-judged over 2,473 dumped seen effect and comparison questions (README "2026-12-07, thirteenth
# session"): a comparison's "yes" on one study (kept) made 30 more answers right and 6 more wrong-way; a "yes" of any
# kind, 34 and 8; over the first 594 of them (mostly comparisons), one study for either side, 54 and 29 (the "no"
# ones 24 and 23).
MIN_AGREEING_YES = 1
# Fewer than MIN_STUDIES counted studies may still answer a comparison when at least this many address it and all
# of them take the same side (``_few_all_agreeing``): two head-to-head trials that agree, nothing else in the library.
# Replayed over the dumps of holdouts 46-55 (600 questions, README "2026-12-07, fourteenth session"): 2 more right
# answers (both "no"), none lost, no wrong-way one. Low confidence, and the reason says how few they are.
MIN_STUDIES_AGREEING = 2
FEW_STUDIES = "a first indication, not a settled finding."
ONE_STUDY = " The answer rests on that one study: a first indication, not a settled finding."
LEAN = 0.7
# 0.55, not 0.6, together with RELEVANCE_SCALE 0.10, since measured on the 2,638 seen labelled questions (45 sets,
# verdict_replay --rejudge over dumps at 5d47786, README "2026-12-06, ninth session"): 68 more right answers and 21
# fewer, 21 more wrong-way ones and 22 fewer, 26 sets better and 3 worse (either alone gained less).
CONFIDENT = 0.55
# A partly-addressing study's weight in rule 1's fallback: a quarter, not a half, since measured on the 1,481 seen
# labelled questions (evaluate verdict_replay over their dumps, README "2026-12-05"): 8 more right answers and 1 more
# wrong-way one, 9 sets better and 2 worse; the studies of the outcome itself decide more of the answer.
PARTLY_WEIGHT = 0.25
# Offline, a safety question is answered "no" only when at least this share of the studies that address it report
# adverse effects or risks (rule 6).
SAFETY_HARM_SHARE = 0.5
_SAFETY_MINORITY = "Most say nothing clear either way, so they don't settle it; none shows that it is safe for you."
# A study this fraction less similar than the best weighs 1/e as much. 0.12 since measured on the 2,256 seen labelled
# questions (verdict_replay over dumps at 1bd08be, README "2026-12-06, seventh session"): against 0.15, 23 more right
# answers and 4 fewer, 5 more wrong-way ones and 7 fewer; 0.10 gained more (+41/-8) but added 15 wrong-way answers
# then. 0.10 since the ninth session, beside CONFIDENT 0.55 (see there): with it, wrong-way answers do not grow
# (21 more, 22 fewer).
RELEVANCE_SCALE = 0.10
SAFETY_CAUTION = (
    "Whether a medicine is safe for you depends on your health and your other medicines: "
    "ask your doctor or pharmacist before taking it, and read the patient leaflet."
)


@dataclass(frozen=True)
class Counted:
    paper: RankedPaper
    weight: float


def is_uncertain(supports: float, refutes: float, neutral: float, label: str) -> bool:
    """Too weak to show as a finding: the label's own strength is below CONFIDENT."""
    return {"supports": supports, "refutes": refutes, "neutral": neutral}.get(label, 0.0) < CONFIDENT


def weight(paper: RankedPaper, frame: Frame, *, partly: float = PARTLY_WEIGHT) -> float:
    """How much a study counts towards the verdict (rule 1); 0 for a retracted one, which is shown, never counted."""
    if paper.record.retracted:
        return 0.0
    label = paper.addresses.label if paper.addresses else "yes"
    if label == "yes":
        return 1.0
    if label == "partly" and frame.kind not in ("comparison", "safety"):
        return partly
    return 0.0


def _takes_side(paper: RankedPaper) -> bool:
    return paper.stance is not None and paper.stance.label in ("supports", "refutes") and not paper.stance.uncertain


def verdict_weights(papers: list[RankedPaper], frame: Frame) -> dict[str, float]:
    """Each study's weight in this verdict: partly-addressing studies count only as a fallback (rule 1).

    The charts' "counted" view reads this too, so it shows exactly the studies the verdict weighed.
    """
    full = sum(1 for p in papers if _takes_side(p) and weight(p, frame, partly=0.0) == 1.0)
    partly = 0.0 if full >= MIN_SIDED else PARTLY_WEIGHT
    return {p.record.pmid: weight(p, frame, partly=partly) for p in papers}


def _agree(sided: list[Counted], frame: Frame) -> bool:
    """Rule 3's exception: at least ``MIN_AGREEING`` fully-addressing studies on one side (``MIN_AGREEING_YES`` for
    a comparison's "yes"), none on the other."""
    labels = {c.paper.stance.label for c in sided}
    needed = MIN_AGREEING_YES if labels == {"supports"} and frame.kind == "comparison" else MIN_AGREEING
    return len(sided) >= max(needed, 1) and all(c.weight == 1.0 for c in sided) and len(labels) == 1


def _few_all_agreeing(sided: list[Counted], n: int, frame: Frame) -> bool:
    """Rule 3's exception below ``MIN_STUDIES``: a comparison that at least ``MIN_STUDIES_AGREEING`` head-to-head
    studies address, every one of which takes the same side (``_agree``)."""
    return frame.kind == "comparison" and n >= MIN_STUDIES_AGREEING and len(sided) == n and _agree(sided, frame) \
        and len(sided) >= MIN_AGREEING


def counted_papers(papers: list[RankedPaper], frame: Frame) -> list[Counted]:
    """The judged studies the verdict uses, with their weights."""
    weights = verdict_weights(papers, frame)
    return [Counted(p, weights[p.record.pmid]) for p in papers if p.stance is not None and weights[p.record.pmid] > 0]


def indirectness(counted: list[Counted]) -> str | None:
    """How far the verdict rests on studies of other problems or other people (rule 4), as the bottom line's code:
    ``INDIRECT`` when no counted study addresses the question fully (all "partly"), ``MOSTLY_INDIRECT`` when some do
    but rule 1's fallback is in use and some of the studies taking a side only partly address it, else None."""
    if counted and not any(c.weight == 1.0 for c in counted):
        return INDIRECT
    if any(c.weight < 1.0 for c in counted if _takes_side(c.paper)):
        return MOSTLY_INDIRECT
    return None


def decide(
    papers: list[RankedPaper], frame: Frame, *, offline: bool, yes_no: bool = True, frame_read: bool = True
) -> Verdict:
    """The verdict for ``papers`` (already judged and marked with ``addresses``) under ``frame``.

    ``frame_read`` False: no question was read at all (a caller that tests the answer's writing without a
    query); rule 7, which is about a question read and not understood, then does not apply.
    """
    counted = counted_papers(papers, frame)
    caution = SAFETY_CAUTION if frame.kind == "safety" or frame.claim == DANGER else None
    n = len(counted)
    sided = [c for c in counted if _takes_side(c.paper)]
    n_yes = sum(1 for c in sided if c.paper.stance.label == "supports")
    n_no = len(sided) - n_yes
    if n < MIN_STUDIES and not _few_all_agreeing(sided, n, frame):
        return Verdict("insufficient", "low", n, _too_few(n, frame, papers), caution)
    if offline and frame_read and frame.kind == "other":
        return Verdict("insufficient", "low", n, UNREAD_FRAME, caution)
    if len(sided) < MIN_SIDED and not _agree(sided, frame):
        return Verdict(
            "insufficient", "low", n,
            f"Of the {_studies(n)} that address the question, {_took_side(len(sided))} clearly"
            f"{_few_lean(n_yes, n_no, yes_no=yes_no)}; "
            "the rest are unclear or the classifier is not confident about them.",
            caution,
        )
    best = max(p.similarity for p in papers)
    yes = sum(c.weight * relevance(c.paper, best) for c in sided if c.paper.stance.label == "supports")
    no = sum(c.weight * relevance(c.paper, best) for c in sided if c.paper.stance.label == "refutes")
    share = yes / (yes + no)
    split = _split(n_yes, n_no, yes_no=yes_no)
    label = _lean(share)
    overruled_by = _fallback_overruled(counted, label, best) if label in ("yes", "no") else 0
    if overruled_by:
        one = overruled_by == 1
        return Verdict("insufficient", "low", n, _FALLBACK_OVERRULED.format(
            full=f"the {_studies(overruled_by)} that {'looks' if one else 'look'} at exactly this "
                 f"{'leans' if one else 'lean'}"), caution)
    confidence = _confidence(len(sided), max(share, 1 - share), offline=offline)
    reason = f"Of the {_studies(n)} that address the question, {split}{_rest(n - len(sided))}."
    x = frame.intervention or "the treatment"
    indirect = indirectness(counted)
    if indirect == INDIRECT:
        confidence = "low"
        reason = (f"No study found {_what(frame, one=True)} exactly; of the {_studies(n)} of {x} {elsewhere(frame)}, "
                  f"{split}{_rest(n - len(sided))}. That is indirect evidence.")
    elif label in ("yes", "no") and indirect == MOSTLY_INDIRECT:
        # Rule 1's fallback decided: most of the studies that take a side are about other problems or other people.
        confidence = "low"
        direct = sum(1 for c in sided if c.weight == 1.0)
        few = "None" if direct == 0 else f"Only {direct}"
        reason += (f" {few} of the {len(sided)} that take a side {'looks' if direct <= 1 else 'look'} at exactly "
                   f"this; the others are studies of {x} {elsewhere(frame)}.")
    if label != _lean(n_yes / (n_yes + n_no)):
        # The counts alone would say otherwise: say why the answer follows the closest studies.
        reason += (f" The studies that match your question most closely count most, and "
                   f"{round(100 * share)}% of their weight points to {'yes' if yes_no else 'a positive answer'}.")
    if frame.kind == "comparison" and label == "no":
        reason += " " + _COMPARISON_NO[frame.claim or "better"].format(y=frame.comparator or "the alternative")
    if frame.kind == "safety" and label in ("no", "mixed"):
        harms = (f"Of the {_studies(n)} that address the question, {n_no} report adverse effects or risks"
                 f"{_rest(n - n_no)}")
        if offline and n_no < SAFETY_HARM_SHARE * n:
            # Offline only harms can be read, never reassurance: a minority of studies reporting harms while the
            # rest say nothing readable is no "not safe" (rule 6).
            return Verdict("insufficient", "low", n, f"{harms}. {_SAFETY_MINORITY}", caution)
        reason = f"{harms}; none shows that it is safe for you."
    if frame.kind == "safety" and label == "yes" and offline:
        return Verdict(
            "insufficient", "low", n,
            reason + " Studies like these cannot show that a medicine is safe for you.",
            caution,
        )
    if frame.claim == DANGER and label == "no" and offline:
        # Rule 6 for "is it dangerous?": its "no" is the reassurance "is it safe?" never gets offline.
        return Verdict(
            "insufficient", "low", n,
            reason + " Studies like these cannot show that it is not dangerous for you.",
            caution,
        )
    if n < MIN_STUDIES and len(sided) > 1:
        reason += f" Only {_studies(n)} in this library {_what(frame)}, both the same way: {FEW_STUDIES}"
    if len(sided) == 1:
        reason += ONE_STUDY  # last, so that ``one_study`` reads it whatever was said before
    return Verdict(label, confidence, n, reason, caution)


# Rule 4's exception: the partly-addressing fallback may not answer against the studies of the question itself.
_FALLBACK_OVERRULED = (
    "Too few studies of exactly this question take a clear side, and {full} the other way from the studies of "
    "the treatment on other outcomes; together they don't settle it."
)


def _fallback_overruled(counted: list[Counted], label: str, best: float) -> int:
    """How many fully-addressing studies overrule a yes / no that rests on the partly-addressing fallback (rule 1):
    the studies that fully address the question, read with their strengths even where too weak to take a side,
    lean the other way. 0 when the verdict stands.

    The fallback counts studies of the treatment that never name the outcome, whose stance is read from findings
    on other outcomes ("Can naproxen slow Alzheimer's disease?" answered yes by trials of its stomach effects while
    the one trial of Alzheimer's disease leans no). They may fill in for missing evidence, never outvote it: when
    the fully-addressing studies' relevance-weighted lean (supports minus refutes) points the other way, no answer
    is given. On the labelled sets (12 sets, 658 questions, a replay of the verdict) this turned 4 wrong-way answers
    into no answer and cost 1 right one."""
    if all(c.weight == 1.0 for c in counted):
        return 0  # no partly-addressing study counted: the verdict rests on the studies of the question itself
    full = [c.paper for c in counted if c.weight == 1.0]
    lean = sum(relevance(p, best) * (p.stance.supports - p.stance.refutes) for p in full)
    return len(full) if (lean < 0 if label == "yes" else lean > 0) else 0


def relevance(paper: RankedPaper, best: float) -> float:
    """Rule 4's relevance factor: 1 for the study closest to the question, less the further a study is from it."""
    if best <= 0:
        return 1.0
    return math.exp(min(0.0, paper.similarity / best - 1.0) / RELEVANCE_SCALE)


def _lean(share: float) -> str:
    """Rule 4: the label for a share of the (weighted) sided evidence pointing to yes."""
    if share >= LEAN:
        return "yes"
    if share <= 1 - LEAN:
        return "no"
    return "mixed"


# Rule 7: offline, a question whose frame could not be read gets no verdict. The offline classifier reads
# whether a study's conclusion is positive; without the question's treatment and outcome it cannot tell
# whether that answers what was asked (on the labelled sets such verdicts were wrong four times in five).
UNREAD_FRAME = (
    "We could not tell exactly which treatment and which outcome your question is about, so the studies "
    "below are listed without a verdict; asking it as \u201cDoes [treatment] [help / cause] [outcome]?\u201d helps."
)


def unread(verdict: Verdict) -> bool:
    """Whether the verdict was withheld because the question's frame was not read (rule 7), not for want of studies."""
    return verdict.label == "insufficient" and verdict.reason == UNREAD_FRAME


def one_study(verdict: Verdict) -> bool:
    """Whether a yes / no rests on a single study (rule 3, ``MIN_AGREEING_YES``): its sentences then say "one study",
    never "the studies ... mostly"."""
    return verdict.label in ("yes", "no") and verdict.reason.endswith(ONE_STUDY)


# Why a comparison's answer is "no", by what it claimed of its first arm (state.COMPARISON_CLAIMS).
_COMPARISON_NO = {
    "better": "Head-to-head studies mostly found no clear advantage.",
    "as_good": "Head-to-head studies mostly found {y} better.",
    "worse": "Head-to-head studies mostly found it no worse.",
}


def _split(n_yes: int, n_no: int, *, yes_no: bool) -> str:
    """'5 point to yes and 1 to no' (or 'give a positive / a negative answer' for an open question)."""
    verb = "points" if n_yes == 1 else "point"
    if yes_no:
        return f"{n_yes} {verb} to yes and {n_no} to no"
    give = "gives" if n_yes == 1 else "give"
    return f"{n_yes} {give} a positive answer and {n_no} a negative one"


def _few_lean(n_yes: int, n_no: int, *, yes_no: bool) -> str:
    """Which way the few studies that take a side point, too few to answer: " (it points to yes)", " (1 points to
    yes and 1 to no)"; "" when none does. The reader should see them even without a verdict."""
    if n_yes + n_no == 0:
        return ""
    if n_yes + n_no == 1:
        if yes_no:
            return f" (it points to {'yes' if n_yes else 'no'})"
        return f" (it gives a {'positive' if n_yes else 'negative'} answer)"
    return f" ({_split(n_yes, n_no, yes_no=yes_no)})"


def _confidence(sided: int, share: float, *, offline: bool) -> str:
    if sided >= 8 and share >= 0.85 and not offline:
        return "high"
    if sided >= 5 and share >= 0.7:
        return "moderate"
    return "low"


def _studies(n: int) -> str:
    return f"{n} study" if n == 1 else f"{n} studies"


def _took_side(n: int) -> str:
    return "none takes a side" if n == 0 else ("only 1 takes a side" if n == 1 else f"only {n} take a side")


def _rest(n: int) -> str:
    if n == 0:
        return ""
    return f"; {n} {'is' if n == 1 else 'are'} unclear"


def elsewhere(frame: Frame) -> str:
    """Where the studies that only partly address the question looked instead: "for other problems or in other
    people", and for an added treatment also "not added to an ACE inhibitor" (the trials of the drug alone)."""
    if frame.background:
        return f"not added to {frame.background}, for other problems or in other people"
    return "for other problems or in other people"


def _what(frame: Frame, *, one: bool = False) -> str:
    """What studies must do to address the question: "look at diltiazem and narrowing", "compare X with Y directly"
    (``one``: what one study must do, "looks at", "compares")."""
    x = frame.intervention or "the treatment asked about"
    look, compare = ("looks", "compares") if one else ("look", "compare")
    if frame.kind == "comparison":
        return f"{compare} {x} with {frame.comparator or 'the alternative'} directly"
    if frame.kind == "safety" and frame.population:
        return f"{look} at {x} {in_whom(frame.population)}"
    if frame.background:
        x = f"{x} added to {frame.background}"
    if frame.outcome:
        return f"{look} at {x} and {frame.outcome}"
    return f"{look} at {x}"


def _too_few(n: int, frame: Frame, papers: list[RankedPaper]) -> str:
    """Why nothing can be said, in the question's own terms."""
    if not frame.intervention:
        return "No studies were found for this question." if not papers else (
            f"Only {_studies(n)} address the question; that is too few to settle it.")
    if n == 0:
        return f"No studies in this library {_what(frame)}."
    verb = _what(frame, one=n == 1)
    return f"Only {_studies(n)} in this library {verb}; that is too few to settle it."


HEADLINES = {
    "yes": "The studies that address this mostly point to yes",
    "no": "The studies that address this mostly point to no",
    "mixed": "The studies that address this disagree",
    "insufficient": "The studies found don't settle this",
}


ONE_STUDY_HEADLINES = {
    "yes": "The one study that takes a clear side points to yes",
    "no": "The one study that takes a clear side points to no",
}
OPEN_ONE_STUDY_HEADLINES = {
    "yes": "The one study that takes a clear side gives a positive answer",
    "no": "The one study that takes a clear side gives a negative answer",
}


OPEN_HEADLINES = {
    "yes": "The studies that address this mostly give a positive answer",
    "no": "The studies that address this mostly give a negative answer",
}


def headline(verdict: Verdict, frame: Frame, *, yes_no: bool = True) -> str:
    """The answer's first sentence, which follows from the verdict and never sounds surer than it.

    An open question ("Which triptan works best?") is not answered with "yes" or "no".
    """
    base = HEADLINES[verdict.label] if yes_no else OPEN_HEADLINES.get(verdict.label, HEADLINES[verdict.label])
    if one_study(verdict):
        base = ONE_STUDY_HEADLINES[verdict.label] if yes_no else OPEN_ONE_STUDY_HEADLINES[verdict.label]
    if verdict.label == "no" and frame.kind == "comparison" and (frame.claim or "better") == "better":
        base = "The studies that compare them mostly found no clear advantage"
    if verdict.label in ("yes", "no", "mixed"):
        base += f" (certainty: {verdict.confidence})"
    return f"{base}. {verdict.reason}"
