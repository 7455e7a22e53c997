"""What each study is: its design and its sample size, from PubMed's metadata or the abstract's text.

Researchers weigh a randomised trial of 2,000 people differently from a case report, so every paper gets a
design label and, where the abstract states it, the number of people studied with the sentence that says so.

Design, in order of trust:

1. PubMed publication types (``Randomized Controlled Trial``, ``Meta-Analysis``, ``Practice Guideline``,
   ``Case Reports`` ...): assigned by NLM indexers who read the full paper, so they win when they name a design.
   Vague types (``Clinical Trial``, ``Review``, ``Observational Study``) only narrow what the text decides.
2. MeSH check tags: ``Animals`` without ``Humans`` is an animal study; ``Case-Control Studies`` and
   ``Cross-Sectional Studies`` name the design when the text does not say it was randomised. With the learned
   model those two are its rule answer rather than the decision (indexers put ``Case-Control Studies`` on many
   exposure-defined cohorts and nested analyses), so the text's cohort cues can outweigh them.
3. Rules over the title and abstract (the demo corpus has no publication types, so this is what runs
   there): an ordered list of cues, from the most specific (a guideline, a meta-analysis) to the fallback
   (no sign of original data: a narrative review). Each rule records the words that fired it as evidence.
   The rules fit the labelled sets they were read on, so a learned model (``search.design_model``, trained by
   ``manage.py train_design``) takes their answer and every cue as inputs and decides; where it overrules the
   rules, its evidence names what outweighed them. ``classify_design(..., learned=False)`` is the rules alone.

Sample size: the number randomised if stated, else enrolled / included, else treated / analysed, read from
phrases that count people ("A total of 1,234 patients were randomized", "N = 120", "Forty-two patients",
arms "(n = 30) ... (n = 32)" summed when the sentence randomises or allocates them). Numbers that are
doses, years, ages, percentages or durations never count, and nothing is returned when no phrase counts
people (never a guess). Both functions are deterministic and take well under 5 ms per abstract.
"""
from __future__ import annotations

import itertools
import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from search.sentences import split_sentences

if TYPE_CHECKING:
    from search.design_model import DesignModel

logger = logging.getLogger(__name__)

# Machine label -> display name, in the order researchers read a hierarchy of evidence.
DESIGNS: dict[str, str] = {
    "meta_analysis": "Meta-analysis / systematic review",
    "rct": "Randomised controlled trial",
    "non_randomised": "Non-randomised controlled study",
    "cohort": "Cohort study",
    "case_control": "Case-control study",
    "cross_sectional": "Cross-sectional study",
    "case_series": "Case series / report",
    "narrative_review": "Narrative review",
    "guideline": "Guideline",
    "animal_in_vitro": "Animal / in vitro study",
    "other": "Other",
}
DesignSource = Literal["publication_type", "mesh", "text"]


@dataclass(frozen=True)
class DesignResult:
    """A design label, where it came from, and the words that decided it (shown to the reader)."""

    label: str
    source: DesignSource
    evidence: str


@dataclass(frozen=True)
class SampleSize:
    """The number of people a study randomised / enrolled / included, and the sentence that says so."""

    n: int
    sentence: str


# --------------------------------------------------------------------------------------------------
# Publication types and MeSH
# --------------------------------------------------------------------------------------------------

# PubMed publication types that name a design outright, strongest first.
_PUBLICATION_TYPES: tuple[tuple[str, str], ...] = (
    ("practice guideline", "guideline"),
    ("guideline", "guideline"),
    ("consensus development conference", "guideline"),
    ("consensus development conference, nih", "guideline"),
    ("meta-analysis", "meta_analysis"),
    ("systematic review", "meta_analysis"),
    ("network meta-analysis", "meta_analysis"),
    ("randomized controlled trial, veterinary", "animal_in_vitro"),
    ("randomized controlled trial", "rct"),
    ("case reports", "case_series"),
    ("editorial", "other"),
    ("comment", "other"),
    ("letter", "other"),
    ("news", "other"),
    ("interview", "other"),
    ("biography", "other"),
    ("historical article", "other"),
)
# Types that say "some kind of trial / review / observational study": the text picks within them.
_TRIAL_TYPES = frozenset({
    "clinical trial", "clinical trial, phase i", "clinical trial, phase ii", "clinical trial, phase iii",
    "clinical trial, phase iv", "controlled clinical trial", "pragmatic clinical trial", "equivalence trial",
    "adaptive clinical trial", "clinical trial, veterinary",
})
_REVIEW_TYPES = frozenset({"review", "scoping review"})
_OBSERVATIONAL_TYPES = frozenset({"observational study", "observational study, veterinary"})
_OBSERVATIONAL_DESIGNS = ("cohort", "case_control", "cross_sectional", "case_series")


def _from_publication_types(types: list[str], text: "_Text") -> DesignResult | None:
    lowered = {t.strip().lower(): t.strip() for t in types if t and t.strip()}
    for name, label in _PUBLICATION_TYPES:
        if name in lowered:
            if label == "other" and len(set(lowered) - {name, "journal article"}) > 1:
                continue  # a comment that is also a trial etc.: let the other types speak
            return DesignResult(label, "publication_type", lowered[name])
    trial = sorted(lowered.keys() & _TRIAL_TYPES)
    if trial:
        if "veterinary" in trial[0]:
            return DesignResult("animal_in_vitro", "publication_type", lowered[trial[0]])
        if text.randomised:
            return DesignResult("rct", "publication_type", f"{lowered[trial[0]]}; text: {text.randomised}")
        return DesignResult("non_randomised", "publication_type", lowered[trial[0]])
    observational = sorted(lowered.keys() & _OBSERVATIONAL_TYPES)
    if observational:
        decided = _classify_text(text)
        label = decided.label if decided.label in _OBSERVATIONAL_DESIGNS else "cohort"
        return DesignResult(label, "publication_type", f"{lowered[observational[0]]}; text: {decided.evidence}")
    review = sorted(lowered.keys() & _REVIEW_TYPES)
    if review:
        if text.meta:
            return DesignResult("meta_analysis", "publication_type", f"{lowered[review[0]]}; text: {text.meta}")
        return DesignResult("narrative_review", "publication_type", lowered[review[0]])
    return None


_HUMAN_TRIAL_HEADINGS = frozenset({"cross-over studies", "double-blind method", "single-blind method"})


def _from_mesh(mesh: list[str], text: "_Text") -> DesignResult | None:
    terms = {m.strip().lower() for m in mesh if m}
    if not terms:
        return None
    if "animals" in terms and "humans" not in terms and not _OWN_REVIEW.search(text.body) and not (
            # (not when a heading of a trial in people goes with it and the text randomises people, naming no
            # animal: "In a randomized, crossover study ..., twenty-four healthy volunteers took single oral doses",
            # indexed Animals, Cross-Over Studies, Mice)
            terms & _HUMAN_TRIAL_HEADINGS and text.randomised
            and not _ANIMAL_SENTENCE.search(f"{text.title}. {text.body}") and _PEOPLE_WORD.search(text.body)):
        return DesignResult("animal_in_vitro", "mesh", "Animals (no Humans)")
    if text.randomised or text.meta or text.guideline:
        return None  # the text names a stronger design than an observational MeSH heading
    if (_BLINDED_OWN.search(text.body) or _PLACEBO_GIVEN.search(text.body)) and not _own_open(text.body):
        return None  # "We present a prospective, double blind, ... placebo control study": a blinded trial of its own;
        # "10 were treated with placebo": a placebo arm the investigators gave
    if "case-control studies" in terms:
        followed = _followed_forward(f"{text.title}. {text.body}")
        if followed:
            return DesignResult("cohort", "mesh", f"Case-Control Studies, but followed forward: {followed}")
        if _measured_once(f"{text.title}. {text.body}"):
            return DesignResult("cross_sectional", "mesh", "Case-Control Studies, but measured once")
        return DesignResult("case_control", "mesh", "Case-Control Studies")
    if "cross-sectional studies" in terms:
        if terms & {"prospective studies", "cohort studies", "follow-up studies", "longitudinal studies"} and \
                not re.search(r"\bcross[- ]sectional\b", f"{text.title}. {text.body}", re.I):
            # (unless the paper calls itself cross-sectional: "a population-based cross-sectional survey")
            return DesignResult("cohort", "mesh", "Cross-Sectional Studies with a follow-up heading")
        return DesignResult("cross_sectional", "mesh", "Cross-Sectional Studies")
    return None


# --------------------------------------------------------------------------------------------------
# Text rules
# --------------------------------------------------------------------------------------------------


# The number words, written once: ``_number`` reads them, and every pattern that spells a few of them takes them from
# here (``_words``).
_UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
          "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
_WORD_OF = {value: word for word, value in (_UNITS | _TENS | _SCALES).items()}


def _words(*values: int) -> str:
    """The words of ``values`` as regex alternatives, in the order given ("two|three|four" for 2, 3, 4)."""
    return "|".join(_WORD_OF[value] for value in values)


_NUMBER_WORDS = rf"(\d+|{_words(*range(2, 21), 30, 40, 50)})"


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


# The paper's own case report: each wording written once, here. ``design``: it names the design (the cue
# ``own_case_report``); ``one``: it counts one patient (the sample size, ``_SINGLE_CASE``). ``_FEW_CASES`` and
# ``_CASE_OPENING`` (the sample size of a few cases) are built from the same parts.
_CASE_AUTHOR = (r"(?:we|(?-i:I)|the authors?|this (?:short |brief |clinical )?(?:note|report|paper|article|communication|study)"
                r"|(?:the present|our) (?:paper|report|article|communication|study))")
_CASE_VERB = r"(?:present|report|describe)s?"
_CASE_PERSON = r"(?:man|woman|male|female|boy|girl|patient|child|infant)"


def _to_report(counts: str, cases: str) -> str:
    """ "To report a case", "to describe two unusual cases": the paper's aim, its cases counted by ``counts``."""
    return rf"\bto (?:report|describe|present) (?:{counts}) (?:\w+ ){{0,2}}{cases}\b"


def _in_patients(counts: str, people: str) -> str:
    """ "We describe the use of X ... in a patient with Y" (not "in a patient population")."""
    return (rf"\b(?:we|this (?:paper|report|article|communication)) (?:now |here |also |further )?(?:describes?|reports?"
            rf"|presents?)\b[^.]{{0,150}}"
            rf"\bin (?:{counts}) (?:single )?(?:[\w-]+ ){{0,3}}?{people}\b(?! (?:population|group|sample|cohort)s?\b)")


_DESIGN, _ONE = frozenset({"design"}), frozenset({"one"})
_BOTH = _DESIGN | _ONE
_CASE_WORDINGS: tuple[tuple[str, frozenset[str]], ...] = (
    # "We report a rare case", "The authors present the first case", "We present this interesting case"
    (rf"\b{_CASE_AUTHOR} {_CASE_VERB} (?:(?:this|the|an?|one) (?:[\w-]+ ){{0,3}}?|(?:first|unique|rare|unusual) )case\b",
     _BOTH),
    (r"\bwe (?:describe|report|present) the first\b(?![^.]{0,40}\b(?:trials?|studies|study)\b)", _BOTH),
    # "The casuistic of a child suffering from late infantile neuronal ceroid lipofuscinosis ... aims to provide"
    (rf"\b(?:the|this) casuistics? of (?:an?|one) (?:[\w-]+ ){{0,2}}?{_CASE_PERSON}\b", _BOTH),
    (r"\bwe (?:present|report(?: on)?|describe) (?:a|an) \d+-year-old", _BOTH),
    # "The radiological approach of a child with ... is presented"
    (rf"(?:^|(?<=\. ))the (?:[\w-]+ ){{1,3}}of an? (?:[\w-]+ ){{0,2}}{_CASE_PERSON} with\b[^.]{{0,160}}\b(?:is|was) "
     r"(?:reported|described|presented)\b", _BOTH),
    # "We describe an individual with paraplegia who ..."
    # ... with the patient's initials in brackets ("Here we present a patient (BG) with genetically proven HD")
    (r"\b(?:we|to) (?:present|report|describe) (?:an?|one) (?:\w+ ){0,2}(?:patient|individual) (?:\([A-Z][\w.]{0,5}\) )?"
     r"(?:with|who)\b", _BOTH),
    # "This study reports two unusual cases", "This paper describes the first case of a patient"
    (rf"\b{_CASE_AUTHOR} {_CASE_VERB} (?:the |a |an )?(?:(?:first|{_words(1, 2, 3, 4, 5)}) )?([\w-]+ ){{0,2}}cases?\b",
     _DESIGN),
    (_to_report(f"a|an|the|{_words(1, 2, 3)}|[1-5]", "cases?"), _DESIGN),
    # the experiences of a few patients told ("This clinical report describes the experiences of three patients with
    # serious adverse effects")
    # ... or the patients themselves ("This article describes 2 patients who experienced this complication")
    (rf"\b{_CASE_AUTHOR} {_CASE_VERB} (?:{_words(*range(2, 11))}|[2-9]|10) (?:[\w-]+ ){{0,2}}?(?:patients|women|men"
     r"|children) (?:who|with)\b", _DESIGN),
    (rf"\b{_CASE_AUTHOR} {_CASE_VERB} the (?:clinical )?(?:experiences?|courses?|histories) of (?:{_words(*range(2, 11))}"
     r"|[2-9]|10) (?:[\w-]+ ){0,2}?(?:patients|cases|women|men|children)\b", _DESIGN),
    (_to_report("a|an|one", "case"), _ONE),
    # ... or its few patients ("To describe three female patients of one family with different phenotypes"; round 33)
    (_to_report(f"{_words(*range(2, 11))}|[2-9]|10", "(?:patients|women|men|children)"), _DESIGN),
    # a title that ends on its few patients ("Minocycline pneumonitis and eosinophilia. A report on eight patients.";
    # round 33)
    (rf"(?:^|(?<=\. )|(?<=: ))(?:a )?report (?:on|of) (?:{_words(*range(2, 11))}|[2-9]|10) (?:[\w-]+ )?(?:patients|cases)"
     r"\.(?:\s|$)", _DESIGN),
    # one person told by age alone and presented ("An 8 1/2-year-old with chronic but fluctuating unilateral facial
    # pain ... is presented")
    (r"(?:^|(?<=\. ))an? \d+(?: \d/\d)?[- ](?:year|month)[- ]old\b[^.;]{0,200}?\b(?:is|was) (?:presented|described"
     r"|reported)\b", _ONE),
    # "This report describes the effectiveness of X in seven patients", "We describe ... in a patient with tetanus"
    (_in_patients(f"a|an|{_words(*range(1, 11))}", rf"(?:patients?|{_CASE_PERSON})"), _DESIGN),
    (_in_patients("a|one", _CASE_PERSON), _ONE),
    # named as a case report ("Case report:", "This is a case report", "An original case report", "The case history
    # is presented", "a single case study")
    (r"^case report\b", _BOTH),
    (r"^case reports\b", _DESIGN),
    # a title that ends on it ("...: report of a case.")
    (r":\s*(?:a )?report of (?:a|one) case\.?$", _DESIGN),
    # ... or of a few ("...: report of two cases.")
    (rf":\s*(?:a )?report of (?:{_words(2, 3, 4, 5)}|[2-5]) cases\.?$", _DESIGN),
    (r"\b(?:this is a|this|a) case report\b", _BOTH),
    (r"\b(?:an|the|this) (?:original )?case (?:report|story|history)\b|\ba (?:original )?case (?:story|history)\b", _ONE),
    (r"\ban original case\b|\bcase report information", _DESIGN),
    # a title "...: case report and review of the literature": the paper's case, the review beside it
    (r"\bcase reports? and (?:a )?review of (?:the )?literature\b", _DESIGN),
    (r"\bcase (?:story|history|report) (?:is|was) (?:described|presented|reported)", _BOTH),
    (r"\bsingle case (?:report|study)\b", _BOTH),
    # "Two cases are described in which ...", "A case study report of ... is described"
    # ... with what they were cases of between ("Two cases of multiple sclerosis associated with X are reported")
    (rf"(?:^|(?<=\. ))(?:{_words(2, 3, 4, 5)}) cases (?:of [^.;]{{0,160}}? )?(?:are|were) (?:described|presented|reported)\b",
     _DESIGN),
    (r"\b(?:a|this) case[- ]study report\b", _BOTH),
    # the series told as presented, the verb first ("Presented is a case series of individuals with traumatic brain
    # injury who ..."; round 37)
    (r"(?:^|(?<=\. ))presented (?:here )?(?:is|are) (?:a|an|our) (?:[\w-]+ )?case (?:series|reports?|stud(?:y|ies))\b",
     _DESIGN),
    # a few told as case studies ("Three case studies are presented from a suburban family practice", a title "Report
    # of three case studies with olanzapine for chronic pain"; round 36)
    # (not in another part of a monograph, "Three case studies are presented in Part II")
    (rf"(?:^|(?<=\. ))(?:{_words(2, 3, 4, 5)}|[2-5]) case (?:studies|reports) (?:[^.;]{{0,40}}? )?(?:are|were) "
     r"(?:described|presented|reported)\b(?! in part\b)", _DESIGN),
    (rf"^(?:a )?report of (?:{_words(2, 3, 4, 5)}|[2-5]) case (?:studies|reports)\b", _DESIGN),
    # "as illustrated in this paper by two case histories", "Three case histories are presented"
    (rf"\b(?:{_words(2, 3, 4, 5)}|[2-5]) case histories\b", _DESIGN),
    (r"\bin this case study\b|\bthis case study (?:describes|reports|presents)\b", _ONE),
    # "Our report describes for the first time the continuous long-term intrathecal application of X in a patient with"
    (r"\b(?:our|this) (?:case )?(?:report|communication|note) describes\b[^.]{0,200}?\bin (?:a|one) (?:[\w-]+ ){0,2}"
     r"patient (?:with|who)\b", _ONE),
    (r"\bcase[- ]stud(?:y|ies)\b(?=[^.]{0,40}$)|:\s*an? case[- ]study\.?$", _DESIGN),
    # "A case of X is reported", "The case of a cerebrovascular patient is presented"
    (r"(?:^|(?<=\. ))(?:an?|the) (?:\w+ ){0,2}case of\b[^.]{0,160}\b(?:is|was) (?:reported|described|presented)\b",
     _BOTH),
    (r"\b(?:the following|this|the present|our) (?:\w+ ){0,2}case (?:describes|illustrates|shows)\b", _ONE),
    # ... the case told before what it is of ("A case is presented of a 35-yr-old woman with multiple sclerosis";
    # round 31)
    (r"(?:^|(?<=\. ))(?:an?|one) (?:\w+ )?case (?:is|was) (?:reported|described|presented) of an? \b", _BOTH),
    # "The following presentation concerns the description of the treatment strategy ... of a 22-year-old male"
    (r"\b(?:the following|this|the present|our) (?:presentation|report|paper|article) (?:concerns|describes)\b"
     rf"[^.]{{0,160}}?\bof an? \d+[- ](?:year|yr)[- ]old,? (?:[\w-]+ ){{0,2}}?{_CASE_PERSON}\b", _ONE),
    (r"\b(?:course|history|case(?:[- ]report)?) of an? \d+[- ](?:year|month)s?[- ]old\b", _ONE),
    (r"\b(?:described|reported|observed) in (?:one|a) (?:\w+ )?patient\b", _ONE),
    # the abstract opens with its patient ("A 35-year-old man ...", "A first-trimester primigravid patient presented")
    # ("A 24-yr-old, completely (T8) paraplegic male patient presenting with ...")
    # (also with months: "A 13-year, 6-month-old female was evaluated for ..."; round 37)
    (rf"^(?:\S+ ){{0,3}}an? \d+[- ](?:year|yr)(?:s?,? \d+[- ]months?)?[- ]old,? (?:[\w()-]+ ){{0,3}}{_CASE_PERSON}\b", _BOTH),
    # (not a topic told of "the patient": "An approach to the patient with heart failure is presented")
    (r"^an? (?:(?!to\b|of\b|the\b|for\b)[\w-]+ ){0,3}(?:patient|woman|man|boy|girl|child|infant) (?:presented|was|had"
     r"|suffering|developed|underwent)\b", _ONE),
    # ... what happened to her told after what she had ("A man with chronic relapsing multiple sclerosis developed")
    (r"^an? (?:(?!to\b|of\b|the\b|for\b)[\w-]+ ){0,3}(?:patient|woman|man|boy|girl|child|infant) with "
     r"[^.;]{0,100}?\b(?:presented|developed|underwent)\b", _ONE),
    # ... described, then told what befell her ("A thin, healthy, partial-vegetarian, white female, who was exposed to
    # three doses of lindane ..., developed a severe case of long-term lindane poisoning"; round 32)
    (rf"^an? (?:(?!to\b|of\b|the\b|for\b)[\w-]+,? ){{1,4}}{_CASE_PERSON},? who (?:was|had|has)\b[^.;]{{0,160}}?,? "
     r"(?:developed|presented|suffered|underwent)\b", _BOTH),
    # a series told as a descriptive case study ("A descriptive case study of calcium channel-blocking drug (CCB)
    # overdoses in the Hunter Region of NSW was performed"; round 32)
    (r"\b(?:an?|this|our) descriptive case (?:study|series)\b", _DESIGN),
    # the aim told of one person ("To assess the drug-behavior interaction effects with an 8-year-old boy wih attention
    # deficit hyperactivity disorder, ..."; round 32)
    (rf"^to (?:assess|evaluate|examine|investigate|study|determine|test|explore)\b[^.;]{{0,80}}?\b(?:with|in) an? "
     rf"\d+[- ](?:year|yr)[- ]old,? (?:[\w-]+ ){{0,2}}?{_CASE_PERSON}\b", _ONE),
    # a structured case report's subject, one person with an age ("Male patient aged 32 years with ...")
    (r"(?:^|(?<=\. ))(?:an? )?(?:male|female) (?:patient|subject),? aged \d+", _BOTH),
)
_CASE_REPORT_CUE = "|".join(wording for wording, uses in _CASE_WORDINGS if "design" in uses)

# A placebo arm the investigators gave ("10 were treated with placebo", "were given matching placebo"): a cue of the
# blinded / controlled comparison and, read alone, a reason to pass over an observational MeSH heading.
_PLACEBO_ARM = r"\b(were|was) (treated with|given|administered) (a |an |matching |identical )?placebo\b"

# The text cues, one pattern each (case-insensitive), compiled once into ``_CUES``; the rules below read them
# by name, so a cue is changed in one place.
_CUE_PATTERNS: dict[str, str] = {
    "guideline_title":
        r"\bguidelines?\b|(?<!no )(?<!lack of )(?<!toward )(?<!towards )(?<!search of )\bconsensus\b(?!\?| and controvers)"
        r"|position (statement|paper)|practice parameters?|\brecommendations? (of|by|from|for) the\b"
        r"|\brecommendation by\b|\bworking (party|group) report\b|\breport of the\b[^.]{0,60}\bworking (party|group)",
    # "related to the current guidelines", "adherence to guidelines": the title names guidelines as its topic.
    "guideline_mention": r"\b(to|with|following|implement(ing|ation of)|versus|vs\.?|putting|understanding"
        r"|applying|using)\s+(the\s+)?([\w/-]+\s+){0,3}$|\bof\s+(the\s+)?([\w/-]+\s+){0,2}$",
    "guideline_text": r"\b(this|these|the present|our) (guidelines?|consensus statement|position statement)\b"
        # "Recommendations in this paper are mainly based on ..."
        r"|\brecommendations (in|of) this (paper|article|document|statement)\b"
        r"|\bto provide (an? )?(evidence-based )?(practice )?guidelines?\b"
        # "to provide practicing health care providers with guidelines for prescribing exercise"
        r"|\bto provide\b[^.]{0,60}?\bwith (an? )?(evidence-based |practical )?guidelines?\b",
    "meta": r"meta-?analy|meta-?regression|systematic(ally)? review|systemic review|pooled analysis|cochrane (review|collaboration)",
    "meta_first_person":
        # (a bracket may name the review's kind: "This paper presents the main findings of a systematic (Cochrane)
        # review"; round 39)
        r"\b(we|this|our|present|the present)\b[^.]{0,60}\b(meta-?analy|meta-?regression|systematic(ally)? (\([^()]{1,30}\) )?review"
        r"|systemic review|pooled analys[ie]s)"
        rf"|\bmeta-?analysis of {_NUMBER_WORDS} |\bmeta-?analy\w* (was performed|techniques|methods|criteria)"
        r"|\bmeta-?regression (analys[ie]s )?(was|were) (performed|conducted|carried out|used)\b"
        r"|\bmeta-?analys[ie]s of\b[^.]{0,200}\b(was|were) (conducted|performed|carried out|undertaken)\b"
        r"|\bmeta-?analytic"
        r"|\bto systematically review\b[^.]{0,80}\b(trials|studies|literature|evidence)"
        r"|\breview of (the )?(medline|pubmed|embase|cochrane)\b"
        # "The Medline literature on the behavioral effects of caffeine in infants and children are reviewed"
        r"|\bthe (medline|pubmed|embase) literature\b[^.]{0,120}\b(is|are|was|were) reviewed\b"
        r"|\b(retrieved|identified|found|selected) (in|from|through|by searching) (the )?(medline|pubmed|embase)\b"
        r"|\b(literature|database|electronic|computeri[sz]ed) searches\b"
        # ... and one search told by how thorough it was or the database it ran on ("A comprehensive literature
        # search identified 81 ... articles", "a National Library of Medicine database search for 1975 through
        # 1997", "a literature search of osteoporosis medications using the MEDLINE database"; round 39), not a
        # search some inputs came from ("(from literature search with Medline, ...)")
        r"|(?<!from )\b((comprehensive|systematic|exhaustive|extensive|computeri[sz]ed|electronic) literature|database) "
        r"search\b|(?<!from )\bliterature search\b[^.]{0,80}\b(medline|pubmed|embase|cochrane)\b"
        r"|\bsearch(es)? of (the )?([\w-]+ )?(medline|pubmed|embase|cochrane|literature|databases?)"
        # "Studies were identified by using the Cochrane Library, MEDLINE, ..."
        r"|\b(studies|trials|articles|reports) were identified (by|using|through|from|in|via) (using |searching )?(the )?"
        r"(medline|pubmed|embase|cochrane)\b"
        rf"|\bdata (were|was) (analy[sz]ed|pooled|combined) from {_NUMBER_WORDS} [^.]{{0,80}}\b(studies|trials)\b"
        # "Retrospective analysis of data from five randomized ... trials", "Data from five randomized ... trials in
        # which ... were retrospectively analyzed": a pooled analysis of trials
        rf"|\b(retrospective|post[- ]hoc|pooled|combined) (subgroup )?analys[ie]s of (the )?(individual )?(patient )?data from "
        rf"(the )?{_NUMBER_WORDS} [^.]{{0,80}}\b(studies|trials)\b"
        # "This was a retrospective study of 8 double-blind clinical trials": the trials are its units
        rf"|\bretrospective (study|analysis|review) of {_NUMBER_WORDS} ([\w-]+,? ){{0,3}}(studies|trials)\b"
        # ... also "a post hoc analysis of eight double-blind prospective trials" (not "a post hoc analysis of 4102
        # participants from the Studies of Left Ventricular Dysfunction", one trial's people; round 37)
        rf"|\bpost[- ]hoc analys[ie]s of {_NUMBER_WORDS} ((?!from\b|of\b|in\b|participants\b|patients\b|subjects\b)"
        r"[\w-]+,? ){0,3}(studies|trials)\b"
        # a pooled analysis told by the trials it read ("An analysis of 5, 12-week, randomized, double blind ...
        # clinical trials was conducted"; "Three randomized, double-blind, placebo-controlled trials of almotriptan
        # ... were examined"), not the paper's own two trials told as run ("Two randomized trials were conducted")
        rf"|\ban? (pooled |combined )?analys[ie]s of {_NUMBER_WORDS},? ([\w-]+,? ){{0,10}}(studies|trials) (was|were) "
        r"(conducted|performed|carried out|undertaken)\b"
        # ... or of what was recorded in them ("A prespecified, combined analysis of investigator-reported GI AEs in all
        # 8 double-blind, randomized, phase 2b/3 osteoarthritis trials of rofecoxib was conducted"; round 38)
        rf"|\b(pooled|combined) analys[ie]s of [^.]{{0,80}}?\b(in|from|of) (all |the )?{_NUMBER_WORDS},? ([\w/-]+,? ){{0,8}}"
        r"(studies|trials)\b"
        # the trials the authors read, counted ("We reviewed 12 randomized clinical trials that evaluated ..."; round 38)
        rf"|\bwe (systematically )?reviewed (all |the )?{_NUMBER_WORDS} ([\w-]+,? ){{0,4}}(studies|trials)\b"
        rf"|(?:^|(?<=\. )){_NUMBER_WORDS} ([\w-]+,? ){{0,8}}(studies|trials) (of|with|in|comparing) [^.]{{0,80}}\b(were|was) "
        # (also "Three Phase II and III, placebo-controlled, randomized, double-blind studies of almotriptan ... were
        # included in the analysis"; round 34)
        r"(examined|pooled|combined|(re-?)?analy[sz]ed|included in (the|this|our) (pooled )?analysis)\b"
        rf"|\bdata from (the )?{_NUMBER_WORDS} [^.]{{0,80}}\b(studies|trials)\b(?:[^.]|\.\d){{0,300}}\b(were|was) (\w+ly )?(included|pooled"
        r"|combined|analy[sz]ed|considered)\b|\b(ovid|medline|pubmed|embase)[- ]based (literature )?(review|search)"
        r"|\b(medline|embase|cochrane)\b[^.]{0,80}\b(searched|search)\b|\bpooled (odds|relative|rate|risk|estimate)"
        # a rate pooled over the reports read ("with a pooled observed rate of 85%", "the pooled reported rate"), and
        # reports found in the literature up to a date ("Reports were identified from literature up to May 1997")
        r"|\bpooled (observed |reported |mean |overall )?(eradication |response |success )?rates?\b"
        r"|\b(studies|trials|articles|reports|publications) were (identified|retrieved|obtained) from (the )?"
        r"(published )?literature\b"
        r"|\b(studies|trials|articles) (met|fulfilled) (the |our )?(inclusion|meta-analytic|eligibility)"
        r"|\bliterature (was|were) searched|\b(?:complete|comprehensive|exhaustive) search(?:es)? (?:for|of)\b"
        # "MEDLINE (1966-1999), Embase (1980-1999), ... and CINAHL databases were searched"; "a literature review on
        # MEDLINE database", "We reviewed the literature (via MEDLINE)", "publications located via MEDLINE"
        r"|\bdatabases (were|was) searched\b"
        # "Reference lists in relevant papers were reviewed and MEDLINE searches conducted" (round 37)
        r"|\b(medline|pubmed|embase) searches (were )?(conducted|performed|carried out|undertaken|made)\b"
        # an analysis of several trials' data ("based on data from 3 multicenter, double-blind, randomized clinical
        # trials", "This retrospective analysis included 23 clinical trials", "analyses of data from comparative and
        # noncomparative trials"), the studies it included ("Efficacy data from all studies included in the
        # analysis"), the paper's own systematic review ("A systematic review of ... is presented", "A comprehensive
        # and systematic review of the literature ... was conducted") and its search ("search strategy")
        rf"|\b(we|this|our|the present)\b[^.]{{0,100}}\bbased on (the )?(pooled )?data from (the )?{_NUMBER_WORDS} "
        r"[^.]{0,80}\b(studies|trials)\b"
        rf"|\b(analys[ie]s|review) (included|comprised|combined|pooled) {_NUMBER_WORDS} [^.]{{0,40}}\b(studies|trials)\b"
        # (not "a combined analysis of data from both studies": the paper's own two trials)
        r"|\banalys[ie]s of (the )?(pooled )?data from (the )?(?!both )([\w-]+ ){0,4}(studies|trials)\b"
        r"|\b(studies|trials) included in the (meta-?)?analys[ie]s\b"
        # B1 a combined analysis told by the trials it combined ("In a combined analysis of 8 trials", "Prespecified
        # analysis of all 8 double-blind, randomized ... trials")
        rf"|\b(combined|integrated|pre-?specified) analys[ie]s of (all |the )?{_NUMBER_WORDS},? ([\w/-]+,? ){{0,8}}"
        r"(studies|trials)\b"
        # B2 ... or by the people it combined from several trials ("a combined analysis of 235 ... patients ... who
        # participated in two 24-month double-blind, randomised, placebo-controlled trials")
        rf"|\b(combined|pooled) analys[ie]s of [^.]{{0,150}}?\b(participated|enrolled|included|took part) in "
        rf"(the )?{_NUMBER_WORDS} ([\w/-]+,? ){{0,8}}(studies|trials)\b"
        # B3 people drawn from several trials ("a population of 2606 patients from three well-controlled prospective
        # clinical trials")
        rf"|\b(patients|subjects|participants) from {_NUMBER_WORDS} ([\w/-]+,? ){{0,5}}(studies|trials)\b"
        # the data of several trials used, or combined ("The study utilized data from two studies of digoxin
        # efficacy", "Combined data on efficacy were available from 12 double-blind short-term trials"; round 31)
        rf"|\b(utili[sz]ed?|used|uses|drew on|draws on) (the )?data from (the )?{_NUMBER_WORDS},? ([\w/-]+,? ){{0,5}}"
        r"(studies|trials)\b"
        # (not "the combined data from eight randomized controlled studies ... showed", a review's citation)
        rf"|\bcombined data\b[^.]{{0,60}}?\b(were|was) (available|obtained|drawn|taken) from (the )?{_NUMBER_WORDS},? "
        r"([\w/()-]+,? ){0,8}(studies|trials)\b"
        # the data of several trials told first, then pooled ("From three large, randomized, placebo-controlled,
        # secondary prevention trials ... data from a total of 1,325 ... patients ... were pooled"; round 32)
        rf"|(?:^|(?<=\. ))from (the )?{_NUMBER_WORDS},? ([\w/-]+,? ){{0,8}}(studies|trials)\b[^.]{{0,300}}?\b(were|was) pooled\b"
        # ... or summarised from their pooled data ("To summarize the efficacy and safety of tolterodine from the pooled
        # data of four multicenter, randomized, double-blind, ... Phase II studies"; round 35)
        rf"|\bfrom the pooled data of (the |all )?{_NUMBER_WORDS},? ([\w/-]+,? ){{0,10}}(studies|trials)\b"
        # B6 a database built from several trials ("A database of five randomized, double-blind, dose-ranging studies
        # was established")
        rf"|\b(database|data ?set) (of|from|pooling|combining) (the |all )?{_NUMBER_WORDS},? ([\w/-]+,? ){{0,6}}"
        r"(studies|trials)\b"
        # B5 all the studies of a drug taken into one analysis ("All clinical studies of at least 1 week's duration
        # with felodipine ... were included in a safety analysis")
        r"|\ball ([\w-]+ ){0,3}(studies|trials)\b[^.]{0,120}?\b(were|was) included in (an? |the )?([\w-]+ ){0,2}"
        r"analys[ie]s\b"
        r"|\bsystematic review\b[^.]{0,120}\b(is|was) (presented|conducted|performed|undertaken|carried out)\b"
        r"|\bsearch (strateg(y|ies)|terms)\b|\b(literature|publications|articles|reports) ([\w-]+ ){0,3}\(?"
        r"(via|on|using|through|located via|identified via) (the )?(medline|pubmed|embase)\b"
        r"|\bliterature (was|were) (examined|reviewed) for (all )?(randomi[sz]ed|controlled"
        r"|comparative|clinical) (trials|studies)|\bsearch-protocol"
        # a systematic review told by what it found ("A systematic review of the available literature identified 7
        # studies"), the literature gathered from named databases ("Published literature was gathered from Medline,
        # PsychLit, and searches of relevant journals"), and two bibliographic databases named together as the
        # sources ("The Cochrane Collaboration's database of controlled clinical trials and MEDLINE")
        rf"|\bsystematic review\b[^.]{{0,80}}\b(identified|included|yielded|located|retrieved) {_NUMBER_WORDS} "
        r"([\w-]+ ){0,3}(studies|trials|articles|reports|papers)\b"
        r"|\b(literature|studies|trials|articles|publications|reports|papers) (was|were) (gathered|obtained|collected"
        r"|retrieved|identified|located|sought|selected) (from|in|through|via) (the )?(medline|pubmed|embase|psychlit"
        r"|psycinfo|cinahl|cochrane)\b"
        r"|\b(medline|embase|psychlit|psycinfo|cinahl|cochrane [\w']+ (library|database))\b[^.]{0,80}(,|\band) (the )?"
        r"(medline|pubmed|embase|psychlit|psycinfo|cinahl)\b",
    "meta_others": r"\b(a|an|one|another|recent|previous|earlier|published)\s+(recent\s+)?meta-?analys[ie]s\b"
        r"(?!\s+(was|were) (performed|conducted|carried out|undertaken)\b)"
        r"|meta-?analys[ie]s of randomi[sz]ed[^.]{0,40}(have|has) (demonstrated|shown)",
    "other_design":
        r"decision[- ]analy(tic|sis)|markov model|cost-effectiveness analysis|expected[- ]cost"
        r"|economic (evaluation|model|assessment|comparison|analys[ie]s)|\bcost[- ](efficacy|utility|benefit|minimi[sz]ation) analys"
        r"|pharmacoeconomic (model|evaluation|analys)"
        # a title that opens as a cost analysis ("Cost analysis of continuous intrathecal baclofen versus ...
        # rhizotomy"; not a trial's "an acquisition cost analysis revealed")
        r"|^(an? )?cost analys[ie]s\b"
        # an economic study by its own name ("by developing a cost-effectiveness study", "Economic study of
        # carvedilol in heart failure")
        r"|\bcost[- ](effectiveness|utility|benefit|minimi[sz]ation) (study|evaluation|model)\b|\beconomic study\b"
        # a model of events or costs, not people studied ("A statistical model was set up and a random number generator
        # used", "A model calculation for Swiss health care"), and a prediction equation developed (a methods paper)
        r"|\b(statistical|simulation|mathematical|computer|decision) model (was|were) (set up|constructed|developed|built)\b"
        r"|\bmodel calculation\b|\brandom number generator\b|\bmonte[- ]carlo simulation"
        # a model run on data ("A model that relates clinical risk factors to subsequent mortality was used to
        # simulate", "We developed a model to explore the effect", "A mechanism-based pharmacokinetic/pharmacodynamic
        # model was used"), and a laboratory method ("method for the determination of clozapine ... in human plasma")
        r"|\bused to simulate\b"
        # a statistical method shown ("Here we demonstrate how to construct a continuous stopping boundary")
        r"|\bwe (?:show|demonstrate|describe|propose|explain) how to (?:construct|compute|calculate|derive|estimate|obtain)\b|\bwe developed a (?:[\w-]+ )?model to (?:explore|simulate|estimate|predict|project)\b"
        r"|\b(?:pharmacokinetic|pharmacodynamic)(?:/pharmacodynamic)? model was used\b"
        r"|\bmethod for the (?:determination|quantification|quantitation|measurement) of\b"
        # a measuring method shown ("We describe an improved method for producing and recording tooth pulp evoked
        # potentials"; not a treatment: "A new method for detoxifying opioid-dependent patients")
        r"|\b(?:new|improved|novel|simple|rapid|sensitive|modified) (?:\w+ )?method (?:for|of) (?:producing|recording|measuring"
        r"|determining|assessing|quantifying|detecting|estimating|analy[sz]ing|monitoring)\b"
        r"|\b(develop|derive)\w* (a |an )?(new )?([\w-]+ ){0,2}prediction equations?\b"
        r"|\bqualitative (study|research|interview)|focus groups?|critical incident technique|semi-structured interview"
        r"|\bcontent analysis (approach|method)|\bqualitative content analysis\b"
        # (also with words between: "the design of a large, simple randomized trial")
        r"|\b(design|rationale) (of|and rationale of) (a|the) ([\w-]+,? ){0,3}(prospective|randomi[sz]ed|multicent)"
        # the paper describes a study's design, or its design and baseline ("To describe the design of the HOPE
        # study", "Study design and baseline characteristics of the study to evaluate ...")
        r"|\bto describe the design of\b|^(study )?design and baseline (characteristics|data)\b"
        # ... or a title naming the study whose design it tells ("Design of the cardiac insufficiency bisoprolol
        # study II (CIBIS II)")
        r"|^design of (?:the|a|an) (?:[\w-]+ ){0,8}?(?:study|trial)\b"
        r"|\b(rationale and design|design and rationale|rationale, design)\b"
        # a trial's background paper, before its results ("The African-American Heart Failure Trial: background,
        # rationale and significance")
        r"|\bbackground,? (and )?rationale\b|\brationale and significance\b"
        r"|\bpsychometric propert|\b(factorial|construct|concurrent|convergent|discriminant) validity\b"
        r"|^(reliability|validity|validation)\b|\b(reliability|reproducibility), validity\b|\b(reliability|validity) (and|of) (the )?[A-Z]?[^.]{0,40}questionnaire"
        r"|\bcritical analysis of\b|\bdelphi\b"
        # a title that opens with the economic question; a trial told in the future tense (its protocol)
        r"|^cost[- ](effectiveness|utility|benefit|minimi[sz]ation)\b|\btrial design and protocol\b"
        # the paper is a study's protocol ("A sub-study protocol for the ASCOT trial", "The publication of this study
        # protocol is meant to be a statement of on-going research")
        r"|\b(an?|this|the present|our) (sub-?)?study protocol\b(?! (was|were|had|has) )"
        r"|\bthe aims? of this trial (is|are|will)\b"
        # the paper's own trial or study told in the future tense ("This 2 x 2 factorial randomised controlled trial
        # will recruit 10 000 adults"): its protocol
        r"|\b(this|the present|our) ([\w-]+,? ){0,7}(trial|study) will (recruit|enrol+|randomi[sz]e|include|examine"
        r"|test|compare)\b"
        # the people a trial means to take, told in the future tense ("Patients will be randomized to treatment with
        # either losartan or captopril", "Four hundred patients ... will be recruited", "The study population will
        # consist of 5,000 patients"), and a title naming the paper a trial's design or protocol ("the OPTIMAAL trial
        # design", "a protocol for a pragmatic, randomized trial")
        r"|\b(patients|participants|subjects|volunteers|individuals|people|adults|children|women|men) will be "
        r"(randomi[sz]ed|randomly (assigned|allocated)|recruited|enrol+ed|allocated)\b"
        r"|\bstudy (population|sample) will (consist of|comprise|include)\b"
        # (not "a protocol for the diagnosis and follow-up of arterial hypertension": a clinical protocol)
        r"|\btrial design[.:]|\ba protocol for an? ([\w-]+,? ){0,4}(trial|study)\b",
    "animal": r"\b(rats?|mice|mouse|murine|porcine|bovine|dogs?|canine|rabbits?|guinea[- ]pigs?|pigs|piglets?|swine|sheep|hamsters?"
        r"|monkeys?|primates?|baboons?|cats|feline|ferrets?|zebrafish|animal model|animals|xenografts?)\b",
    "in_vitro": r"\bin vitro\b|\bcell lines?\b|\bcultured\b|\bcell cultures?\b|\bisolated (?:rat|human|perfused)"
        r"|\bhuman isolated\b|\b(?:arterial|vascular|muscle) (?:segments|rings|strips)\b"
        r"|\bhomogenates?\b|\bmicrosomes?\b|\bex vivo\b|\bsubcultures?\b|\bcells were isolated\b"
        # tissue kept alive outside a person ("adherent state of AM organoids during culture", "tissue explants")
        r"|\b(tissue )?explants?\b|\borganoids?\b|\b(during|in) culture\b",
    "human": r"\b(patients?|volunteers?|participants?|subjects|women|men|children|adults|infants|neonates"
        r"|adolescents|individuals|persons|people|outpatients|inpatients|primigravidas|respondents)\b",
    # ("Forty-five consecutive critically ill patients ... were randomly separated into three groups": round 26)
    "random": r"\brandomi[sz](ed|ation|ing|e)\b|\brandomly (assigned|allocated|(sub)?divided|enrolled|distributed|compared"
        # ("Twenty four male hypertensive patients ... were randomly subdivided in two groups"; round 38)
        r"|separated)"
        r"|\bin (a )?random (order|sequence|fashion)\b|\brandom[- ](allocation|assignment)\b"
        r"|\bassignment was random|\b(?:allocated|given) at random|\bconsecutively randomi"
        r"|\b(allocated|assigned|divided|distributed|separated) randomly\b|\brandomly (treated|given|received)\b"
        # ("Fifty-six cirrhotics received randomly A (n = 28) or B (n = 28)", "Patients were randomly put on A or B")
        r"|\b(received|were given|were treated with) randomly\b|\brandomly (put|placed) on\b"
        # chosen at random for one of the treatments ("Thirty patients were randomly selected and underwent spinal
        # anaesthesia with either ... or ..."; not "randomly selected and interviewed": a sample drawn)
        r"|\brandomly selected and (underwent|received|were (given|treated))\b[^.]{0,80}\beither\b"
        # ... or chosen at random to receive one ("Fifty-two children ... were randomly selected to receive caudal
        # morphine, either 25 micrograms.kg-1 (Group A) or 50 micrograms.kg-1 (Group B)")
        # (not "randomly selected to receive a mailed survey": a sample drawn)
        r"|\brandomly (selected|chosen) to (receive|undergo|be (given|treated))\b"
        r"(?! (an? |the )?([\w-]+ )?(survey|questionnaire|interview|letter|invitation)s?\b)"
        # ... or to a treatment ("The patients were randomly selected to treatment with amlodipine or metoprolol")
        r"|\brandomly (selected|chosen) to (treatment|therapy) with\b"
        # the treatment each was given, chosen at random ("following the administration of the randomly selected drug")
        r"|\bthe randomly (selected|chosen|assigned|allocated) (drug|treatment|agent|regimen|medication|relaxant)s?\b",
    "random_negated": r"\bnon-?randomi[sz]|\bnot randomi[sz]|\bwithout randomi[sz]|\bquasi-randomi[sz]",
    "modal": r"\b(needed|warranted|required?|necessary|should|would|could|future|further|can only|are lacking"
        r"|needs?|recommended|planned|remain to)\b",
    "blinded_controlled": r"double[- ](blind|masked)|placebo[- ]controlled|double-dummy|sham[- ]controlled"
        r"|\b(versus|vs\.?|or|compared with|than) (a |matching |identical )?(placebo|sham)\b|\bplacebo (group|arm)s?\b"
        # placebo first among the arms ("Placebo or 1, 2 or 4 g/day of E-E was given", "fluoxetine 20 mg/day, placebo,
        # or pindolol 7.5 mg/day was added"; round 32)
        r"|\bplacebo,? or (?!placebo\b)[\w-]+"
        r"|\b(received|receiving|given) (a |an )?sham\b"
        # a placebo arm the investigators gave ("Nineteen patients received carvedilol ..., and 10 were treated with
        # placebo"): placebo-controlled (README: randomised unless the abstract says otherwise)
        rf"|{_PLACEBO_ARM}"
        # controls given placebo ("compared with the findings in controls (30 patients ...) who received placebo"), and
        # each took placebo and the drug in turn ("after 10 days each of placebo and amlodipine therapy")
        r"|\bcontrols?\b[^.]{0,120}?\bwho (received|were given|took) (a |matching |identical )?placebo\b"
        r"|\beach of (placebo and|[\w-]+ and placebo)\b"
        # the drug and placebo given in turn ("Ebastine 10 mg or 20 mg and placebo were given for 4 days in a
        # cross-over fashion"): a placebo-controlled crossover
        r"|\bplacebo (was|were) (given|administered|taken)\b[^.]{0,40}\bin a cross-?over (fashion|manner|order|way)\b",
    "open": r"\bopen[- ]label|\bopen (trial|study|prospective|pilot|design)"
        # "followed by an open 6-month active treatment period"
        r"|\bopen (\d+[- ](week|month)s?,? )?(active )?(treatment|therapy) (period|phase)\b|\bopen,|(?<!treatment was )(?<!treatments were )(?<!therapy was )\buncontrolled\b(?! (use|hypertension|diabetes|asthma|blood pressure|seizures|epilepsy|pain|disease|bleeding))|\bsingle[- ]arm"
        r"|\bnon-?comparative\b|\bopen gbp\b|\bphase (ii|2)\b|\bpilot (study|trial)|\bopen-label"
        # each person his own control, the treatments given in turn ("A repeated single-subject design was employed")
        r"|\bsingle[- ](subject|case) (experimental )?design",
    "review": r"\b(this|the present|our|a) (review|overview)\b"
        # (not a review of the events at the authors' own centre: "The authors present a review of sudden deaths that
        # occurred at Sha'ar Menashe Mental Health Center between January 1991 and August 1997": records reviewed)
        r"(?! of (?:all )?(?:[\w-]+ ){0,2}(?:deaths|cases|admissions|records|charts|events) (?:that|which) (?:occurred|were "
        r"(?:seen|treated|admitted|recorded))\b)|\bwe (review|summari[sz]e)\b"
        r"|\breview(s|ed)? (of )?the (literature|evidence|current|recent|available|data|clinical)"
        r"|\bthis (paper|article|chapter) (will )?(review|discuss|summari[sz]e|describe|set)"
        # (not "This paper summarizes preliminary experiences with transdermal histamine ... at the Tahoma Clinic":
        # the authors' own patients)
        r"(?!s? (?:(?:our|the|preliminary|initial|clinical|early|first) )+experiences?\b)|\bsets out to review"
        r"|\bthe review summari[sz]es|\b(data|literature|studies|trials|evidence) (were|was) reviewed"
        r"|\b(studies|trials|reports|articles|papers)\b[^.]{0,60}\b(have been|were) (\w+ and )?reviewed\b"
        r"|\bbased on (data|results) from \d+ [^.]{0,30}\b(trials|studies)"
        # cases published by others, gathered ("We reviewed 36 reported psychiatric patients who were treated with ...")
        r"|\bwe reviewed (\S+ )?(previously )?(reported|published) ([\w-]+ ){0,2}(cases|patients)\b"
        # the literature read, not searched ("In analyzing the available literature regarding pathophysiology ...,
        # we found")
        r"|\b(analy[sz]ing|reviewing|examining|surveying) the (available|published|current|existing|recent) literature\b",
    "review_weak": r"\bwe discuss\b|\bis (reviewed|discussed)\b|\bare (reviewed|discussed|summari[sz]ed)\b",
    "review_title": r"\breview\b|\boverview\b|\bupdate\b|\badvances in\b|\bcurrent (concepts|status|management|"
        r"perspectives)|\bperspective\b|\bapproach to\b|\bnew treatments\b|\bmanagement of\b"
        r"|\bwhat is the evidence|\bmythology\b|: is there a role",
    "record_review": r"\b(chart|record|retrospective|case[- ]note|database) review(?! of the (literature|evidence))"
        r"|\breviewed (the )?(medical |hospital )?"
        r"(records|charts|data)|\brecords of\b[^.]{0,40}\bwere reviewed"
        r"|\breview of (\d[\d,]* |all |the )?([\w-]+ )?(medical |hospital |clinical )?(records|charts|case notes)\b"
        r"|\breview of (our|\d+|the) (first |last |consecutive )?(\d+ )?([\w-]+ )?(patients|cases)\b"
        r"|\breview(s|ed)? (the |all (the )?)(\w+ )?(cases|patients) (of|with|who|treated|managed|seen|admitted)\b",
    "case_control": r"\bcase[- ]control(led)?\b|\bcases and \d[\d,]* (matched )?controls|\b(taken|served|used) as "
        r"(cases|controls)\b|\bwith\b[^.;]{0,80}\band \d+ [^.;]{0,50}\bwithout (this|the|a)\b"
        # a family-based association study: affected children's genotypes against what their parents transmitted
        r"|\btransmission disequilibrium\b|\bfamily-based association\b",
    # The paper's own case report, even when it also reviews or searches the literature.
    "own_case_report": _CASE_REPORT_CUE,
    # The paper's own series of patients, told beside a literature search ("our open-label case series (n = 6)",
    # "nine patients ... at our hospital were included for analysis. Another seven cases from the literature").
    "own_series": r"\bour ([\w-]+ ){0,2}case series\b|\bcase series\b[^.]{0,60}\b(is|are|was|were) (presented|described"
        r"|reported)\b|\bat our (hospital|institution|clinic|cent(er|re)|department|unit)\b|\bamong our \w+ patients\b",
    # Designs named in the plural, as the evidence a review or commentary cites.
    "cited_design": r"\b(case[- ]control(led)?|cohort|observational|prospective|retrospective) studies\b",
    "cross_sectional": r"\bcross[- ]sectional(?!ly)|(?<!longitudinal )\bsurvey\b"
        # institutions asked what they do ("Forensic clinics were asked about the number of treated patients")
        r"|\b(clinics|hospitals|institutions|cent(er|re)s|departments|practices|pharmacies|physicians) were (asked "
        r"(about|how|whether|which|what|if)|surveyed)\b|\bquestionnaire (was|were) (sent|mailed|distributed|"
        r"administered)|\b(administered|completed|sent|mailed) (a |an |the )?([\w-]+ ){0,3}questionnaires?\b"
        r"|\brespondents\b|\becological\b|\bstate-level\b",
    "diagnostic": r"\bsensitivity and specificity|\bdiagnostic (accuracy|value|sensitivity)|\bpredictive value"
        r"|\breceiver operat|\bpsychometric|\bvalidity\b"
        # a test's accuracy told as its figures ("yielding 98.5% sensitivity and 90.9% specificity")
        r"|\d(\.\d+)?\s?% sensitivity and \d+(\.\d+)?\s?% specificity\b"
        # ... or its specificity told with a share ("showed an overall specificity (dipyridamole, 97%; ...)")
        r"|\bspecificity\b[^.;%]{0,30}\d+(\.\d+)?\s?%",
    # The paper calls itself observational: the investigators did not give the treatment, whoever received it.
    "observational": r"\b(this|an|the|our|prospective|retrospective|present|in|using)\s+([\w-]+,?\s+){0,2}observational "
        r"(study|analysis|design|cohort|research)\b|^observational (study|analysis)\b|\bnon-?interventional\b"
        r"|(?:^|\. )(?:[\w-]+, ){1,2}observational (?:study|analysis)\b",
    "cohort": r"\bcohort\b|\bprospective(ly)? (study|follow|natural history|observational)|\bfollowed (up )?(for|over)"
        r"|\bprospective,? longitudinal (study|design)\b"
        # the paper called a follow-up study in its title ("Chronic pain after thoracic surgery: a follow-up study";
        # not of a treatment it gave: "... patients treated with risperidone: a 3-month follow-up study")
        r"|^(?![^:.]*\b(?:treated|treatment|therapy)\b)[^:.]*:\s+an? ([\w-]+ )?follow-up study\b"
        r"|\bretrospective(ly)?\b|\bdata (from|of) the [A-Z]|\bwere analy[sz]ed retrospectively|\bdatabase\b"
        r"|\bregistry\b|\bmedical records\b|\bchart review|\bclaims (data|database)\b"
        r"|\b(medical|pharmacy|insurance|administrative) claims\b|\blinked\b[^.]{0,20}\banalysis"
        r"|\b(treated|operated|admitted|seen|diagnosed|performed|referred)\b[^.]{0,80}\b(between|from) (\w+ )?"
        r"(\d+, )?(19|20)\d\d (and|to|through|until) ",
    "cohort_time": r"follow(ed)?[- ]?up|\bfollowed\b|prospective|retrospective|incidence|\bover (a |the )?\d|subsequent"
        r"|\brisk of\b|hazard|survival|mortality|years? later|natural history"
        r"|\b(treated|observed|monitored) (for|over) (\d+|\w+) (weeks|months|years)\b"
        rf"|\bat baseline,? (and )?(at )?(\d+|{_words(1, 2, 3, 6, 12)}) (weeks?|months?|years?)\b",
    "comparison": r"\bcompared (with|to)\b|\bcompar(e|ed|ing|ison)\b|\bversus\b|\bvs\.?\b|\bhazard ratio|\bodds ratio"
        r"|\brelative risk|\bpredictors?\b|\bprognostic\b|\bmultivariat|\bassociated with\b|\brisk factors?"
        r"|\bwho did and did not\b|\bpaired\b|\bmatched\b|\bregression\b|\bcontrols\b|\bcontrol "
        r"(subjects|group)|\bdiffer(ed|ence)?\b|\barms? [AB]\b|\bbetween (the )?(two )?groups"
        # a rate in one group told as a multiple of another's ("The sudden death rate was 3.8 times higher for CTPs
        # than for non-CTPs")
        r"|\b(rates?|risk|incidence)\b[^.]{0,40}\b\d+(\.\d+)? times (higher|lower|greater)\b[^.]{0,40}\bthan\b",
    # (not others' case reports cited: "There have been isolated case reports suggesting", "two previous case reports")
    "case_report": r"(?<!previous )(?<!isolated )(?<!prior )(?<!published )(?<!earlier )(?<!several )(?<!numerous )"
        r"(?<!sporadic )\bcase reports?\b|\bwe (report|describe|present)\b[^.]{0,40}\b(case|cases|patients?|man|woman"
        r"|boy|girl|child|infant)\b|\b\d+-year-old (man|woman|male|female|boy|girl|patient)"
        r"|\bdescribed in one patient|\bour (series|experience)\b|\bconsecutive cases\b"
        r"|\bthree clinical cases|\b(preliminary|initial) experiences? (with|of|in)\b"
        # one rare event of the authors' ("We report on the occurrence of a rare and as yet unforeseeable adverse
        # reaction"), a casuistic ("The casuistic of a child suffering from ...")
        r"|\bwe (report|describe|present)( on)? (the (occurrence|development) of )?an? (rare|unusual|unique|fatal)\b"
        r"|\b(the|this) casuistics?\b",
    # (not "This issue, however, has received little attention in the scientific literature")
    "intervention": r"\b(were|was) (treated|given|administered|switched|converted|dosed)\b"
        r"|\breceived\b(?! (little|less|much|more|considerable|scant|limited|increasing|growing|no|some|wide|widespread)"
        r" (\w+ )?(attention|interest|consideration|study|scrutiny)\b)"
        # (nor a test they were given: "Forty-seven patients with MS and 19 demographic controls received the
        # comprehension portion of the Aprosodia Battery", "Patients also received tests of hearing"; round 32)
        r"(?! (the |a |an )?([\w-]+ ){0,6}?(battery|batteries|tests?(?! doses?\b)|questionnaires?|interviews?"
        r"|neuropsychological|cognitive)\b)"
        # measured before a treatment's start and after it ("recorded prior to the onset of beta-blocker therapy and
        # after 3 months"), or with and without a drug given ("with and without prior administration of propranolol")
        r"|\b(?:prior to|before) (?:the )?(?:onset|start|initiation|beginning) of (?:[\w-]+ ){0,2}(?:therapy|treatment)\b"
        r"[^.]{0,40}\band after\b|\bwith and without (?:prior )?(?:administration|pretreatment|pre-treatment) (?:of|with)\b"
        r"|\btreatment with\b|\bbefore and (after|during)\b|\bwe treated \d+ (such |[\w-]+ )?patients with\b|\bunderwent\b[^.]{0,60}\b(before|after|during)"
        r"\b|\bchallenge\b|\bpharmacokinetics?\b|\bwere studied on\b|\bcrossover\b|\bcross-over\b"
        # a dose the investigators gave ("followed by injection of 85 to 300 U of botulinum-A toxin")
        r"|\b(injections?|infusions?) of \d[\d.,]*( to \d[\d.,]*)? ?(mg|u|units|iu|ml|µg|mcg|ug|g)\b"
        # measured before the investigators started a treatment ("before beginning of olanzapine treatment, after 6
        # weeks of treatment"), a regimen they tested ("We tested a 10-day b.d. quadruple therapy")
        r"|\bbefore (the )?(beginning|start|initiation) of ([\w-]+ ){0,2}(treatment|therapy)\b"
        r"|\bwe tested an? ([\w.-]+ ){0,4}(therapy|regimen|treatment)\b"
        # measured after the investigators started or stopped a drug ("before and both 1 week and 6 weeks after
        # captopril initiation", "after administration of the long-acting ACE inhibitor ramipril", "after clozapine
        # 200 mg/day was abruptly withdrawn", "during withdrawal of and re-exposure to antihypertensive therapy")
        r"|\b(after|before|following) ([\w-]+ )?(?!treatment |therapy |drug )[\w-]+ (initiation|introduction)\b"
        r"|\b(after|following) (the )?(oral |intravenous |single |repeated )?administration of\b"
        r"|\b(was|were) (abruptly |gradually |then )?(withdrawn|reintroduced)\b|\bre-?exposure to\b"
        # doses stepped up in the same people ("consecutive 2-week trials of placebo and D-cycloserine at 5, 15, 50,
        # and 250 mg/day")
        r"|\bat \d+(\.\d+)?(, \d+(\.\d+)?)+,? and \d+(\.\d+)? ?(mg|µg|mcg|ug|g)\b"
        # a drug by its route, its efficacy or tolerability studied ("The efficacy, safety, and tolerability of
        # subcutaneous sumatriptan in the acute treatment of cluster headache were investigated")
        r"|\b(efficacy|tolerability)\b[^.]{0,40}\bof (subcutaneous|oral|intravenous|intranasal|transdermal|intramuscular"
        r"|sublingual) \w+",
    # Design vocabulary the rules do not decide on; the learned model weighs each (title and abstract apart).
    # Followed over time (cohort): a group watched for outcomes after a starting point.
    "followed_over_time": r"\b(were|was) followed(-| )?(up )?(for|over|until|prospectively|annually|during|at)\b"
        # ("A total of 147 clinic-referred hyperactive children were followed approximately 13 years into adulthood",
        # "A 13-year prospective study")
        r"|\b(were|was) followed (up )?(approximately |about |nearly |some |almost )?\d+ (years|months)\b"
        r"|\b\d+-year prospective (study|follow)"
        r"|\blongitudinal(ly)?\b|\bprospective(ly)? (cohort|follow)|\bfollow-up (period|study|of \d)"
        r"|\bincidence (of|rate)|\bat (baseline|entry) and (after|at|every)\b",
    # Measured once (cross-sectional): prevalence, a survey, one point in time.
    "one_point_in_time": r"\bprevalence\b|\bat (one|a single) (point|time)|\bsingle (time[- ]point|visit|occasion"
        r"|assessment)|\bon (a single|one) occasion|\b(were|was) surveyed\b|\bat the time of (the )?(study|survey"
        r"|interview|examination|visit)",
    # Chosen by outcome and compared for what came before (case-control).
    "cases_and_controls": r"\bcases and (\w+ ){0,2}controls\b|\bcontrols? (were |was )?(individually )?matched\b"
        r"|\bodds ratios?\b|\bcontrols? (subjects )?without\b",
    "past_exposure": r"\bhistory of\b|\b(prior|previous|past|ever) (use|exposure)|\bexposure to\b|\bexposed\b"
        r"|\bpolymorphisms?\b|\balleles?\b|\bgenotyp",
    # What a case-control study asks of its groups: a risk, a use, an association (absent when patients and
    # controls are only measured side by side).
    "risk_or_use": r"\brisks?\b|\busers?\b|\buse of\b|\bassociat(ed|ion)\b|\bexposures?\b|\bfactors?\b",
    # Patients measured beside people without the condition (cross-sectional unless exposures are asked).
    "healthy_controls": r"\bhealthy (controls?|volunteers|subjects|individuals)|\bnormal (controls?|subjects"
        r"|volunteers|individuals)|\b(age|sex)[- ](and (sex|age)[- ])?matched (healthy |normal )?(controls|subjects)",
    # The investigators' own treatment compared without randomisation (non-randomised).
    "non_random_comparison": r"\bhistorical(ly)? (controls?|cohort|comparison|group)|\bconcurrent (controls?|comparison)"
        r"|\bpre- and post-?|\b(before|prior to) and (after|following)\b|\bpre-?treatment (and|versus|vs\.?) "
        r"post-?treatment|\bbaseline and (after|at the end)|\bsequential(ly)? (treated|allocated|assigned)"
        r"|\bself-controlled",
    # The paper names itself a cohort study ("Multicenter cohort study derived from a randomized, controlled trial",
    # "a retrospective cohort study"): its own design, whatever trial its people came from.
    "own_cohort": r"\b(a|this|our|the present|prospective|retrospective|population-based|multi-?cent(er|re)|historical"
        r"|community-based|hospital-based|longitudinal|nationwide|observational) cohort (analytic )?(study|analysis"
        r"|design)\b|(?:^|(?<=\. ))cohort (analytic )?(study|analysis)\b"
        # ... or told with the authors' verb ("We performed an epidemiologic cohort study of patients who had ...")
        r"|\bwe (performed|conducted|undertook|carried out|designed) an? ([\w-]+ ){0,2}cohort (study|analysis)\b",
    # The aim is a share or a frequency at one time ("to estimate the proportion of interventions ..."): measured once.
    # an aim, not what something else "helps to determine" ("... helps to determine the extent of the work-up")
    "aim_proportion": r"(?<!\bhelps )(?<!\bhelp )(?<!\bhelping )\bto (?:(?:more|better|\w+ly) ){0,2}(estimate|determine|assess|describe|examine|evaluate|investigate|establish|quantify"
        # (also "the true frequency", "the actual prevalence")
        r"|document|identify) the ((?:true|actual|real|overall|exact) )?(proportion|prevalence|frequency|extent|patterns?)\b",
    # A span of years after the start, told as the result ("Ten-year outcome after", "10-year follow-up results").
    "years_after": rf"\b(\d+|{_words(*range(1, 11), 15, 20)})[- ]years? (follow-?up"
        r"|outcomes?|survival|results)\b",
    # Claims and prescription records of insurers: exposures and outcomes read from records (cohort or survey).
    "claims_data": r"\b(medical|pharmacy|insurance|administrative|medicaid|medicare|prescription) claims\b"
        r"|\bclaims (data|database|records)\b",
    # How a drug is used or prescribed, or care audited (drug utilisation, audits: usually one time, a survey of use).
    "drug_utilisation": r"\b(drug|prescription|prescribing) (utili[sz]ation|patterns?)|\bpatterns of (use|prescribing"
        r"|prescription)|\bprescribing (practices|habits|behaviou?r)|\butili[sz]ation (of|review)\b"
        r"|\baudit(ed|s)?\b|\b(were|was) (currently )?(using|taking)\b",
    # People who took part in a trial, analysed for something the trial did not randomise (genotype, a marker ...).
    "within_trial": r"\b(enrolled|participating|participants?|included|taking part) in (the |a |an |two |three |several )?"
        r"([\w-]+,? ){0,6}trials?\b|\b(participating|participants?) in (the |a |an |two |three |several )?([\w-]+,? ){0,3}"
        r"(double-blind|randomi[sz]ed|controlled|clinical) studies\b|\b(results|data|derived) from (a|the|two) "
        r"([\w-]+,? ){0,4}trials?\b|\bat randomi[sz]ation\b",
    # The paper names itself cross-sectional ("participated in this cross-sectional, quality-of-life study").
    "own_cross_sectional": r"\b(a|this|our|the present|the|prospective|multi-?cent(er|re)|population-based"
        r"|descriptive|observational) cross[- ]sectional\b(?!ly)",
    # A count of patients told in the title ("Drug-induced hypoglycemic coma in 102 diabetic patients"): a series.
    "count_in_title": rf"\b(in|of) (\d+|{_words(*range(2, 13))}) ([\w-]+ ){{0,2}}"
        r"(patients|cases|children|women|men|subjects|infants)\b",
    "original_data": r"\b(we|this study|the study|the present study)\b[^.]{0,40}\b(studied|enrolled|recruited|examined"
        r"|investigated|measured|assessed|evaluated|compared|analy[sz]ed|performed|conducted|included"
        r"|determined|quantif)|\b(were|was) ((then|subsequently|later|thereafter|each) )?(randomi[sz]ed|enrolled|recruited|included|studied|"
        r"measured|examined)\b|\bp\s*[<=>]|\b95% (ci|confidence)"
        # people told as taking part in the study ("ADHD children participated in a double-blind placebo-controlled
        # study in which the effects of ... were determined")
        r"|\b(participated|took part) in (a|an|this|the present) ([\w-]+,? ){0,5}(study|trial)\b"
        # the paper's own randomised or blinded study, told with what was done in it ("In a randomized double blind
        # study, the arterial changes produced either by A or by B were investigated", "The effects of A versus B were
        # investigated in a multicenter, double-blind trial", "A double-blind protocol was used")
        r"|\b(in|using) an? ([\w-]+,? ){0,3}?(randomi[sz]ed|double[- ]blind)\b[^.]{0,40}\b(study|trial)\b,[^.]{0,200}"
        r"\b(were|was) (investigated|evaluated|assessed|compared)\b"
        r"|\b(were|was) (investigated|evaluated|assessed|compared) in an? ([\w-]+,? ){0,3}?(randomi[sz]ed|double[- ]blind)"
        r"\b[^.]{0,40}\b(study|trial)\b|^an? (randomi[sz]ed|double[- ]blind) (protocol|design) was used\b"
        # "A double-blind, randomised, parallel-group trial was conducted in patients with essential hypertension"
        r"|\b(trial|study) (was|were) (conducted|carried out|performed|undertaken) (in|on|among)\b"
        # the paper's design told as its own ("Study design was a 3-month, randomized, blinded, group comparison with
        # eight subjects per group"; round 38)
        r"|\b(the )?(study )?design was an? ([\w-]+,? ){0,4}?(randomi[sz]ed|double[- ]blind(ed)?|placebo[- ]controlled"
        r"|crossover|cross-over)\b"
        # "A randomised, double-blind study has been carried out to attempt to answer the question": the paper's own
        # study, told with its design (not "No study has been carried out to ...")
        # (or two of them: "Two double-blind, randomised studies were conducted to compare ...")
        r"|\b(a|an|this|the present|our) ([\w-]+,? ){0,3}?(randomi[sz]ed|controlled|double-blind|blinded|prospective)\b"
        r"[^.]{0,40}\b(trial|study) (has been|was) "
        r"(conducted|carried out|performed|undertaken) to\b"
        r"|\b(two|three|2|3) ([\w-]+,? ){0,3}?(randomi[sz]ed|controlled|double-blind|blinded)\b"
        r"[^.]{0,40}\b(trials|studies) (have been|were) "
        # (or where: "Two double-blind clinical pharmacology studies were performed in healthy volunteers")
        r"(conducted|carried out|performed|undertaken) (to|in|on|among)\b"
        # a trial's people analysed again by the paper ("A subgroup analysis was performed in black patients who
        # participated in the ... Randomized Intervention trial"; round 26)
        r"|\b(subgroup|post[- ]hoc|secondary) analys[ie]s (was|were) (performed|conducted|carried out|undertaken)\b"
        # a structured abstract's design line, a sentence of its own ("Randomized, nonblinded trial.", "Prospective,
        # placebo-controlled, randomized, single-blind study.", "Randomized, double-blind, placebo-controlled clinical
        # trial of 2 years' duration at 12 hospital-based diabetes centers."): the paper's own study (not "Randomized
        # trials are needed.", "A randomized trial is warranted.": no article, no verb)
        r"|(?:^|(?<=\. ))((prospective|open|multicent(er|re)|single[- ]cent(er|re)),? (and )?)*"
        r"(randomi[sz]ed|double[- ]blind(ed)?|single[- ]blind(ed)?|placebo[- ]controlled)(,? (and )?[\w-]+){0,5} "
        r"(clinical )?(trial|study)( (of|in|at|with|comparing) "
        r"((?!\b(is|are|was|were|has|have|had|showed?|shows|demonstrated|found|suggest\w*|needed|warranted)\b)[^.]){0,100})?\.",
}
_CUES: dict[str, re.Pattern[str]] = {name: _rx(pattern) for name, pattern in _CUE_PATTERNS.items()}


@dataclass(frozen=True)
class _Text:
    """The cues found in one title + abstract (each the matched words, or "" when absent)."""

    title: str
    body: str
    randomised: str
    meta: str
    guideline: str


# The people answered the paper's own survey or questionnaire ("663 patients ... completed an office-based survey").
# (not "completed a baseline questionnaire", the start of a follow-up; round 32)
_OWN_SURVEY = re.compile(r"\b(completed|answered|filled (in|out)) (an? |the |their )?(?!(?:[\w-]+ )?baseline\b)([\w-]+ ){0,2}"
                         r"(survey|questionnaire)s?\b"
                         # people interviewed once ("Interviews were conducted with 265 orthopedic and chronic pain
                         # patients, using a structured diagnostic instrument")
                         r"|\binterviews were (conducted|carried out|performed|held) with\b", re.I)
_AGAIN = re.compile(r"\bagain\b|\brepeated(ly)?\b", re.I)
# Research other than the paper's, told as background ("most existing research has been ... cross-sectional").
_EARLIER_RESEARCH = re.compile(r"\b(existing|previous|prior|earlier|most|past|published) (research|studies|work"
                               r"|literature)\b|\bresearch (has|have) been\b", re.I)
# Measured before something and again months or years after ("before causal periodontal treatment and after 1 year").
_BEFORE_AND_YEARS_AFTER = re.compile(r"\bbefore [^.]{0,80}\band after (?:\d+|one|two|three|six) (?:years?|months)\b",
                                     re.I)
# Measured before and after an operation ("post-operative bilirubin ... normal pre-operative levels").
_PRE_OPERATIVE = re.compile(r"\bpre-?operative(ly)?\b", re.I)
_POST_OPERATIVE = re.compile(r"\bpost-?operative(ly)?\b", re.I)
# The most people a cohort is never made of: fewer followed are a case series.
_FEWEST_NOT_COHORT = 5
# The fewest people a case series is never told of: more are a population studied (cohort or cross-sectional).
_NO_SERIES = 1000
# Time at risk counted ("With 30345 person-years of observation", "per 1000 patient-years"): people followed.
_PERSON_TIME = re.compile(r"\b(person|patient)[- ]years?\b", re.I)


# A follow-up of stated length ("The average follow-up was 18.1 months", "on long-term follow-up").
_FOLLOW_UP_LENGTH = re.compile(r"\b(mean|median|average) (duration of )?follow-up\b|\blong-term follow-up\b", re.I)


def _followed_forward(text: str) -> str:
    """The words saying a "case-control" comparison followed its groups forward ("" when it looked back).

    Case-control studies choose people by outcome and compare what came before (exposures, history, genotype,
    odds ratios); groups chosen by what they had and then followed for outcomes are a cohort (README labelling
    rules), which indexers and authors often call case-control."""
    time_at_risk = _PERSON_TIME.search(text)
    if time_at_risk:  # incidence per person-years: people followed from their exposure, whatever odds are told
        return time_at_risk.group(0)
    if _PRE_OPERATIVE.search(text) and _POST_OPERATIVE.search(text):
        # levels before and after an operation the groups underwent: each group followed through it
        return "pre- and post-operative"
    if later := _BEFORE_AND_YEARS_AFTER.search(text):
        # each group measured before a treatment and again months or years after it ("Biopsies were taken ... before
        # causal periodontal treatment and after 1 year"): followed through it
        return later.group(0)
    followed = _first(_CUES["followed_over_time"], text) or _first(_FOLLOW_UP_LENGTH, text)
    if not followed or _CUES["past_exposure"].search(text) or _CUES["cases_and_controls"].search(text):
        return ""
    return followed


def _measured_once(text: str) -> bool:
    """Whether a "case-control" comparison only measured patients beside controls (cross-sectional, README).

    True when nothing is asked of the groups' past: no exposure, history, genotype, risk, use or association,
    and no "cases and controls" / odds ratios, and the groups are not followed forward."""
    return not any(_CUES[name].search(text) for name in ("past_exposure", "cases_and_controls", "risk_or_use",
                                                         "followed_over_time"))


# An open, uncontrolled or blinded design named in the plural ("Four open-label studies have reported", "Some case
# series and uncontrolled data suggest", "well-controlled double-blind studies ... have not been published"): the
# evidence the paper starts from, not its own design (unless those studies "were conducted" here, or the sentence
# counts the people in them: "Fifty-five males received ... in four double- and single-blind ... studies").
_CITED_PLURAL = re.compile(r"(?:[\s,-]+[\w-]+){0,2}?\s+(?:studies|trials|data|reports|observations)\b"
                           r"(?![^.]{0,40}\b(?:were|was) (?:conducted|performed|carried out|undertaken|done)\b)", re.I)


# An earlier study named just before a design cue ("In a previous pilot study", "an earlier open trial").
_EARLIER_ONE = re.compile(r"\b(?:previous|prior|earlier|preceding|former)\s+(?:[\w-]+\s+)?$", re.I)


def _own_cue(pattern: re.Pattern[str], text: str) -> str:
    """The first match of a design cue that names the paper's own design ("" when every one is others' work)."""
    for m in pattern.finditer(text):
        if _EARLIER_ONE.search(text, max(0, m.start() - 30), m.start()):
            continue  # "In a previous pilot study of quadriplegic patients, we found ...": an earlier study's design
        if not _CITED_PLURAL.match(text, m.end()):
            return m.group(0)
        start, end = text.rfind(". ", 0, m.start()) + 1, text.find(". ", m.end())
        if _COUNT.search(text[start:end if end >= 0 else len(text)]):
            return m.group(0)  # the people of those studies are counted: the paper's own
    return ""


def _own_open(text: str) -> str:
    """The first open / uncontrolled cue of the paper's own design."""
    return _own_cue(_CUES["open"], text)


# An open cue that does not make a blinded study open: the blinded study called a pilot ("a double-blind pilot
# study"), or an open extension after the blinded one ("This was followed by an elective open-label extension"; not
# any open phase: "Twenty-seven subsequently received an 8-week open trial of clozapine" splits the labels).
_BLINDED_PILOT = re.compile(r"\b(?:double[- ](?:blind|masked)|placebo[- ]controll?ed|single[- ]blind)[,\s]+(?:[\w-]+\s+)?$",
                            re.I)
_PHASE_AFTER = re.compile(r"\s*(?:extension|continuation)\b", re.I)
# Those who finished the blinded study, told right before the open one they entered next.
_BLINDED_DONE = re.compile(r"\b(?:completed|finished) the (?:[\w-]+ )?(?:double[- ]blind|blinded)\b[^.]{0,80}$", re.I)


def _open_after_blinded(text: str, blinded: str) -> bool:
    """Whether every own open cue is a blinded pilot or an open extension told after the paper's blinded study."""
    first_blinded = text.find(blinded) if blinded else -1
    if first_blinded < 0:
        return False
    seen = False
    for m in _CUES["open"].finditer(text):
        if _EARLIER_ONE.search(text, max(0, m.start() - 30), m.start()) or _CITED_PLURAL.match(text, m.end()):
            continue
        seen = True
        if m.group(0).lower().startswith("pilot") and _BLINDED_PILOT.search(text, max(0, m.start() - 40), m.start()):
            continue
        if m.start() > first_blinded and _PHASE_AFTER.match(text, m.end()):
            continue
        if m.start() > first_blinded and _BLINDED_DONE.search(text, max(0, m.start() - 120), m.start()):
            continue  # "Patients who completed the double-blind study were then entered into a 1-year open-label study"
        return False
    return seen


# The paper's own blinded comparison ("We present a prospective, double blind, cross, placebo control study").
_BLINDED_OWN = re.compile(r"\b(?:we|this|the present|our)\b[^.]{0,60}\b(?:double[- ](?:blind|masked)|placebo[- ]controll?e?d?)"
                          r"\b[^.]{0,60}\b(?:study|trial)\b", re.I)


_PLACEBO_GIVEN = re.compile(_PLACEBO_ARM, re.I)
# What a study asked, told after "whether" ("investigated whether antihypertensive drug treatment ... would be suitable
# for maintaining long-term blood pressure control"): its question, not a study called for.
_WHETHER = re.compile(r"\bwhether\b.*", re.I)


# A study that says its own allocation was not random, or that compares its treated people with past ones.
_NON_RANDOMISED_OWN = re.compile(r"\b(non-?randomi[sz]ed|quasi-randomi[sz]ed),? ((open|controlled|prospective|comparative"
                                 r"|clinical|parallel|open-label)[, ]+){0,2}(trial|study|comparison|intervention study)\b"
                                 r"|\bhistorical(ly)? (controls?|control group|comparison)\b", re.I)
# A trial's design told before its results ("Goals and design of the SOPAT Study", "1000 patients to be recruited"),
# a paper presenting a technique of its own (a methods paper): other. Read only where a plain word test finds their
# words (``_OTHER_PAPER_WORDS``: cheaper than searching every abstract).
_OTHER_PAPER = re.compile(r"\b(goals?|aims?|objectives?) and design of\b|\b(patients|subjects|participants) to be "
                          r"(recruited|enrolled)\b|\b(this|the present) (article|paper) (presents|introduces|proposes) "
                          r"an? (new |novel )?(technique|method|methodology)\b", re.I)
_OTHER_PAPER_WORDS = ("design of", "to be recruited", "to be enrolled", "presents a", "introduces a", "proposes a")
# People who completed a randomised study and went on to open treatment ("patients who had completed 12 weeks'
# treatment in a randomised, double-blind study", "an open-label extension").
_EXTENSION = re.compile(rf"\bopen[- ]label extension\b|\b(?:completed|completing)\b[^.]{{0,80}}?\b(?:in|of) (?:a|an|the|{_words(1, 2, 3)})"
                        r"\b[^.]{0,40}?\brandomi[sz]ed\b[^.]{0,80}\b(?:study|trial|studies|trials)\b", re.I)
# The authors' own earlier work reviewed (not "summarizes our experience with", the authors' own patients).
_OWN_WORK_REVIEWED = re.compile(r"\bthis (?:article|paper|chapter|review) (?:reviews|summari[sz]es) our (?:own )?"
                                r"(?:(?:previous|earlier|published|recent) )?(?:work|studies|research|findings)\b", re.I)
# The paper told as an open extension of earlier trials, at a sentence's start or as "this" study.
_OWN_EXTENSION = re.compile(
    rf"(?:^|(?<=\. ))(?:an? )?(?:[\w-]+,? ){{0,2}}open[- ]label extension (?:study |trial )?of (?:the |a |an |all |{_NUMBER_WORDS},? )"
    r"(?:[\w/-]+,? ){0,8}(?:studies|trials|study|trial)\b"
    r"|\bin this (?:[\w-]+,? ){0,3}open[- ]label extension (?:study|trial)\b", re.I)
# The investigators changed a drug and measured before and after ("The medication of 39 patients was changed from").
_SWITCHED = re.compile(r"\b(was|were) (changed|switched|converted|crossed over) (from|to)\b|\btherapeutic substitution\b"
                       r"|\bwe crossed over\b", re.I)
# The investigators allocating people to a treatment without saying it was at random ("were assigned to receive X
# or not", "were allocated to treatment with"); read only where no randomisation is told.
# ... or saying it was not ("were arbitrarily assigned to extended release oxybutynin, immediate release tolterodine").
_ASSIGNED_NOT_RANDOM = re.compile(r"\b(were|was) (assigned|allocated) to (receive|be given|be treated|treatment with)\b"
                                  r"|\b(were|was) (arbitrarily|alternately|non-?randomly|not randomly) (assigned|allocated)"
                                  r" to\b", re.I)
# People of a trial compared with the eligible people who did not take part (the comparison is not randomised).
_NON_PARTICIPANTS = re.compile(r"\bnon-?participants\b|\beligible but not (randomi[sz]ed|enrolled|included)\b"
                               # ... or everyone screened for a trial, analysed for what the trial did not allocate
                               # ("6676 consecutive patients ... screened in 27 centres for inclusion into the TRACE
                               # study", "11,575 patients screened for the BIP study"); read where nothing is randomised
                               r"|\bscreened\b[^.;]{0,60}?\bfor (?:(?:inclusion|entry|participation|enrol+ment) (?:in|into|to) )?"
                               r"the [^.;]{0,60}?\b(?:study|trial)\b", re.I)
# Deaths or survival some time after a treatment ("30 day and 1 year mortality", "the risk of death after CABG"):
# a receiver-operator curve for them predicts a later outcome (a cohort), it does not measure a test's accuracy.
# A later incidence or risk told of a prospective study's people ("relative hazard, 0.91", "a 28 percent higher
# risk of subsequent diabetes").
_RISK_OVER_TIME = re.compile(r"\brelative (hazard|risk)s?\b|\bhazard ratios?\b|\bhigher risk of subsequent\b"
                             r"|\bincidence of new\b", re.I)
_PROGNOSTIC = re.compile(r"\b(\d+[- ](day|week|month|year)|long-term|in-hospital|late) (mortality|survival|death)\b"
                         r"|\b(mortality|survival|death) after\b"
                         # "Long-term outcome of migraine therapy: predictive value of ...", "prognostic factors for
                         # long-term outcome after withdrawal": what happened to them later
                         r"|\blong-term outcomes?\b"
                         # a value for what comes later ("has predictive value for subsequent neutropenia")
                         r"|\b(?:predict\w*|predictive value)\b[^.]{0,30}\bsubsequent\b"
                         # a value told as a predictor of later deaths ("receiver operative curve ... was generated for
                         # BD as a predictor of mortality and unfavorable outcome")
                         r"|\bpredictors? of (?:in-hospital |later |subsequent |early |late )?(?:mortality|death|survival)\b", re.I)
# The people who did not take the treatment, told as a group ("516 patients who did not receive beta-blocking agents").
_UNTREATED = re.compile(r"\b(?:who|that) did not (?:receive|take|use|get)\b", re.I)
_PREVALENCE = re.compile(r"\bprevalence\b", re.I)
# A regimen the investigators gave, with its dose and schedule ("100 consecutive patients ... received omeprazole 20
# mg twice daily ...", "All patients were treated for seven days with either omeprazole 20 mg twice daily").
_REGIMEN_GIVEN = re.compile(r"\b(?:received|(?:were|was) (?:\w+ )?(?:treated|given))\b[^.;]{0,80}?\b\d+(?:\.\d+)? ?"
                            r"(?:mg|g|µg|mcg)\b[^.;]{0,30}?(?:\b(?:once|twice|three times|four times) (?:a )?dai?ly\b"
                            # ... or its schedule abbreviated ("lansoprazole 30 mg b.d.")
                            r"|\s(?:b\.?i?\.?d|t\.?i\.?d|q\.?i\.?d)\.?(?!\w))", re.I)
# A factor tested against an outcome ("was negatively affected by lymph node metastases (P = .017)").
_FACTOR_TESTED = re.compile(r"\b(?:affected|influenced|predicted|determined) by\b[^.]{0,80}\bp\s*[<=>]"
                            r"|\b(?:prognostic|independent) (?:factors?|predictors?)\b", re.I)
# Outcomes over time of groups compared (survival, hazards, a follow-up of a stated length).
# (not a drug's "survival benefit" told as background: "derive little survival benefit from beta-blockers")
# People followed for a stated time ("were followed up for 15 years"; round 26).
_FOLLOWED_FOR = re.compile(r"\b(were|was) followed( up)? for (a mean of |a median of |up to |an average of )?"
                           r"(\d+|[a-z]+)(\.\d+)? (years|months)\b", re.I)
_OUTCOME_OVER_TIME = re.compile(r"\bsurvival\b(?! benefits?\b)|\bhazards?\b|\bfollowed (up )?(for|over|until)\b|\bcumulative incidence\b"
                                r"|\bfollow-?up (of|period|was|for)\b|\byears? (follow-?up|outcomes?)\b"
                                # counted people studied for a stretch of time each ("we studied 12,339 typical
                                # migraineurs for up to 12 months each"; round 26)
                                r"|\bwe (studied|observed|monitored) [\d,]+ [^.]{0,60}?\bfor (up to |a mean of |an average of )?"
                                r"\d+ (weeks|months|years) each\b", re.I)


# A paper of a study's baseline data (the title's "baseline data from the ... Study", "Baseline characteristics of the
# diabetic participants in ..."; the text's "We analyzed baseline data from", "this article summarizes baseline data").
# (round 31: the title's "Baseline demographics of the Valsartan Heart Failure Trial")
_BASELINE_DATA = re.compile(r"\bbaseline (?:data|characteristics|findings|demographics)\b(?! (?:and|of the (?:design|first)))",
                            re.I)
_BASELINE_ANALYSED = re.compile(r"\b(?:we|this (?:article|paper|report|analysis))\s+(?:\w+ly\s+)?(?:analy[sz]ed|analy[sz]es|"
                                r"summari[sz]es|summari[sz]ed|reports?|reported|describes?|described|presents?|presented)\s+"
                                r"(?:the\s+)?baseline (?:data|characteristics|findings)\b"
                                # (or a structured abstract's design told as such, "Cross-sectional data from the
                                # randomization period of the European Trial ..."; round 36)
                                r"|(?:^|(?<=\. ))cross-sectional (?:data|analys[ie]s) (?:from|of)\b", re.I)


# Outcomes modelled against several factors ("Cox proportional hazards model", "risk ratio 3.2", "an independent
# predictor of subsequent LV remodeling"): groups compared as they were, not as the investigators treated them.
_FACTOR_MODEL = re.compile(r"\bcox(?:'s)? (?:proportional|regression|model|analysis)|\b(?:risk|hazard) ratios?\b"
                           r"|\brelative risks?\b|\bindependent (?:risk factors?|predictors?)\b", re.I)


# ... unless the investigators gave everyone a course of the drug ("After a 3-week placebo period, patients were treated
# for 16 weeks with trandolapril"): a trial of theirs, its predictors of response asked after.
_COURSE_GIVEN = re.compile(r"\b(?:were|was) (?:then )?treated for (?:\d+|[a-z]+)[- ](?:days?|weeks?|months?)\b"
                           r"|\bplacebo (?:run-in|period|washout)\b|\brun-in\b", re.I)


# A prospective study of a treatment's effect ("A prospective evaluation of the metabolic effects of Celiprolol", "To
# examine in a prospective manner the long-term safety and efficacy of chronic intrathecal morphine").
_PROSPECTIVE_TREATMENT = re.compile(r"\bprospective(?:ly)?\b[^.]{0,80}?\b(?:efficacy|effectiveness|safety|tolerability"
                                    r"|(?:metabolic |clinical |therapeutic |analgesic )?effects?) (?:and [\w-]+ )?of\b", re.I)


# A genetic association told against controls counted (or the genotype's frequency in them).
_GENETIC_CONTROLS = re.compile(r"\b(?:alleles?|allelic|genotypes?|polymorphisms?|variants?)\b[^.]{0,200}?\b\d[\d,]*\s+(?:[\w-]+\s+){0,3}?"
                               r"(?:controls|control (?:subjects|individuals|persons|participants))\b"
                               r"|\b(?:alleles?|allelic|genotypes?)\b(?: [\w-]+)?\s+(?:frequenc\w+|distributions?)\b[^.]{0,120}?"
                               r"\b(?:controls|control (?:subjects|individuals|persons|participants))\b", re.I)


def _first(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    return match.group(0) if match else ""


# What earlier trials found or lack, told as background (not this paper's allocation).
_PRIOR_TRIALS = re.compile(r"\b(have|has) (been )?(\w+ly )?(shown|demonstrated|established|suggested|proven|proved|reported"
                           r"|documented|confirmed)\b|\bconcluded\b|\b(are|is|were|was) (still )?not (yet )?available\b"
                           r"|\bhave not (yet )?been\b", re.I)


# What "randomised" may qualify that is not an allocation of people: a test or an exposure of tissue.
_RANDOM_THING = re.compile(r"\s+([\w-]+\s+){0,2}(tests?|testing|exposures?)\b", re.I)

# Tests or measurements done in random order on everyone ("Performance of these three tests in random order").
_RANDOM_ORDER_TESTS = re.compile(r"\b(?:tests|examinations|measurements|recordings|scans|procedures|tasks)\s+$", re.I)

# A study called for right after its design word ("a randomised study would be needed", "randomized trials are
# warranted").
_CALLED_FOR = re.compile(r"[^.;,]{0,40}?\b(?:would|should|will|are|is|must) (?:\w+ )?(?:be )?(?:needed|required|warranted"
                         r"|necessary)\b", re.I)

# A randomisation told as earlier than this study ("that had previously been randomized to treatment with atenolol").
_EARLIER_ALLOCATION = re.compile(r"\b(?:had|have) (?:previously|originally|earlier) been $"
                                 r"|\b(?:that|who) had been $", re.I)
# ... or told before it ("These observations merit confirmation in randomised, controlled trials").
_CALLED_BEFORE = re.compile(r"\b(?:merits?|deserves?|warrants?|requires?|needs?|awaits?)\s+(?:further\s+)?(?:confirmation"
                            r"|evaluation|investigation|study|testing|assessment)\s+(?:in|by|with|through)\s+"
                            r"(?:[\w-]+,?\s+){0,3}$", re.I)


def _randomised_cue(sentences: list[str]) -> str:
    """The first phrase saying this study allocated at random (not "randomised trials are needed")."""
    for sentence in sentences:
        match = _CUES["random"].search(sentence)
        if not match or _CUES["random_negated"].search(sentence):
            continue
        if _RANDOM_ORDER_TESTS.search(sentence, max(0, match.start() - 40), match.start()):
            continue  # "Performance of these three tests in random order": the order of tests, not people allocated
        if _RANDOM_THING.match(sentence, match.end()):
            continue  # "a randomized acid infusion test", "randomised first exposure to": a test, not people allocated
        if _CUES["modal"].search(sentence) and not re.search(r"\b(were|was|we)\b", sentence, re.I):
            continue
        if _EARLIER_ALLOCATION.search(sentence, max(0, match.start() - 40), match.start()):
            continue  # "patients that had previously been randomized to atenolol were crossed over to": an earlier trial's
        if _CALLED_FOR.match(sentence, match.end()) or _CALLED_BEFORE.search(sentence, max(0, match.start() - 80),
                                                                             match.start()):
            continue  # "..., a randomised study would be needed to demonstrate ...": a trial called for, not done
        if re.search(r"\b(trials|studies)\b", sentence[max(0, match.start() - 40):match.end() + 40], re.I) and \
                re.search(r"\b(meta-?analy|review|literature|published|reported|evidence|data from \d)",
                          sentence, re.I):
            continue  # randomised trials that a review talks about
        if re.search(r"\b(trials?|studies)\b", sentence, re.I) and _PRIOR_TRIALS.search(sentence) and \
                not re.search(r"\b(we|our|this|present)\b", sentence, re.I):
            continue  # "Randomized trials have shown ...", "The 10-year results of randomized trials ... are not available"
        return match.group(0)
    return ""


# A title that counts the studies it reviews ("Safety of amisulpride: a review of 11 clinical studies"): their data
# pooled, not a narrative review.
_REVIEW_OF_COUNTED = re.compile(rf"\breview of {_NUMBER_WORDS} (?:[\w-]+ ){{0,2}}?(?:trials|studies)\b", re.I)


# A title naming two trials read together after the fact ("... : post hoc subset analysis of the multicenter
# diltiazem postinfarction trial and the second danish verapamil infarction trial studies"): a pooled analysis.
_TWO_TRIALS_TITLE = re.compile(r"\b(?:post[- ]hoc|retrospective|pooled|combined) (?:[\w-]+ ){0,2}?analys[ie]s of the "
                               r"(?:[\w-]+ ){1,6}?trial (?:and|with) the (?:[\w-]+ ){1,6}?trials?\b", re.I)


def _meta_cue(title: str, body: str) -> str:
    if _CUES["meta"].search(title):
        return _first(_CUES["meta"], title)
    if counted := _REVIEW_OF_COUNTED.search(title) or _TWO_TRIALS_TITLE.search(title):
        return counted.group(0)
    first_person = _CUES["meta_first_person"].search(body)
    cited = _CUES["meta_others"].search(body)
    # A cited meta-analysis ("a recent meta-analysis showed") cancels a meta-analysis phrase, not a search.
    # ... and so does a meta-analysis told as done here ("A meta-analysis of randomized trials ... was conducted")
    searched = first_person and re.search(r"search|medline|pubmed|embase|retrieved|\bof\b.*\b(was|were) (conducted"
                                          r"|performed|carried out|undertaken)\b$", first_person.group(0), re.I)
    if first_person and (searched or not (cited and not _OWN_WORK.search(first_person.group(0)))):
        return first_person.group(0)
    return ""


# The paper's own work ("we", "our", "this study / review / meta-analysis"): not "This finding, together with the
# results of a meta-analysis", which cites one.
_OWN_WORK = re.compile(r"\b(we|our)\b|\b(this|the present|present) (\w+ )?(study|paper|article|review|report|work"
                       r"|analysis|meta-?analys[ie]s|overview|survey)\b", re.I)


# The paper calls itself a review ("This review summarizes current knowledge of ..."): a review, whatever animals
# or cells the work it reviews was done on.
_OWN_REVIEW = re.compile(r"\b(this|the present|our) review (summari[sz]es|describes|discusses|focuses|examines|covers"
                         r"|highlights|considers|presents|provides|outlines)\b", re.I)


def _guideline_title(title: str) -> str:
    """The title's words that present the paper as a guideline ("" when it only names guidelines as a topic)."""
    for match in _CUES["guideline_title"].finditer(title):
        if match.group(0).isupper():
            continue  # an acronym ("the CONSENSUS II study"), not what the paper is
        if not (_CUES["guideline_mention"].search(title[:match.start()])
                or re.match(r"-(discordant|concordant|based)", title[match.end():], re.I)):
            return match.group(0)
    return ""


def _analyse(title: str, abstract: str) -> _Text:
    sentences = split_sentences(abstract)
    title = title or ""
    guideline = _guideline_title(title) or _first(_CUES["guideline_text"], abstract)
    return _Text(title=title, body=abstract, randomised=_randomised_cue([title, *sentences]),
                 meta=_meta_cue(title, abstract), guideline=guideline)


# A title that names the paper a study's design ("The cardiac insufficiency ... study (CITAS) study design.",
# "... Treatment Study of Children with ADHD (the MTA). Design challenges and choices."): the trial's design paper,
# before its results (round 38). Read in the title alone: an abstract's "Study design:" heading opens its design line.
_DESIGN_PAPER_TITLE = re.compile(r"\b(?:study|trial)(?:'s)? design\W*$|(?:^|(?<=[.:] ))design (?:challenges|issues|choices)\b",
                                 re.I)


# A title naming one patient ("Allodynia after acute intrathecal morphine administration in a patient with
# neuropathic pain", "... in a hypertensive diabetic patient with ..."): the paper's own case.
_TITLE_CASE = re.compile(r"\bin an? (?:[\w-]+ ){0,2}(?:patient|woman|man|boy|girl|child|infant) (?:with|after|treated"
                         r"|receiving)\b", re.I)


_OWN_RECOMMENDATIONS = re.compile(r"\brecommendations (?:in|of) this\b", re.I)
_ECONOMIC = re.compile(r"cost|economic|markov|decision[- ]analy", re.I)
# A dose, or a drug given, read only where no other design cue was found.
_TREATMENT_GIVEN = re.compile(r"\b\d+(\.\d+)? ?(mg|micrograms?|µg|mcg|IU|units?)\b(?! ?(/ ?ml|per ml|ml-1|/l\b|/dl))"
                              r"|\b(was|were) (given|administered|infused|injected|prescribed)\b"
                              r"|\b(after|following) ([\w-]+ ){0,2}(injection|administration|infusion|ingestion) of\b",
                              re.I)
_METHOD_TITLE = re.compile(r"\b(technique|method|methods|methodology|model|assay)\b", re.I)
# Figures taken from a meta-analysis, not one made here ("derived from the metaanalysis of 15 major clinical trials").
_META_DRAWN_ON = re.compile(r"\b(derived|taken|obtained|drawn|estimated) from (the|a|an|published) ([\w-]+ ){0,2}"
                            r"meta-?analys[ie]s\b", re.I)
_RANDOMISED_TITLE = re.compile(r"\b(?:a|an)\s+(?:[\w-]+,?\s+){0,2}?randomi[sz]ed,?\s+(?:[\w-]+,?\s+){0,3}?(?:study|trial)\b", re.I)
_REVIEW_OF_TITLE = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+)?(?:review|overview)\s+of\b(?![^.:]{0,60}\b(?:cases|patients|records|charts)\b)",
                              re.I)


# A treatment's efficacy told as assessed in counted people.
_EFFICACY_ASSESSED = re.compile(rf"\b(?:efficacy|effectiveness)\b[^.]{{0,200}}?\b(?:has|have) been (?:assessed|evaluated"
                                rf"|studied|investigated|examined|tested) in {_NUMBER_WORDS} ", re.I)


# A later analysis of the people of a trial, and an aim to find what predicts an outcome.
_ANALYSIS_IN_TRIAL = re.compile(r"\b(?:post[- ]hoc|secondary|retrospective) analys[ie]s of [^.]{0,60}?\b(?:participants"
                                r"|patients|subjects)\b[^.]{0,20}?\b(?:from|in|enrolled in) (?:the |a )?[^.]{0,100}?\btrial\b"
                                # (round 32) a survival analysis of a named trial's data ("We performed proportional
                                # hazards analyses of data from the Systolic Hypertension in the Elderly Program, a
                                # double-blind, randomized, placebo-controlled trial"), or its people told as the
                                # trial's ("in 4,632 participants in the Systolic Hypertension in the Elderly Program, a
                                # 5-year randomized, placebo-controlled clinical trial")
                                r"|\b(?:proportional[- ]hazards?|cox|survival) (?:regression )?analys[ie]s of (?:the )?data "
                                r"from the [^.]{0,100}?, an? (?:[\w-]+,? ){0,8}trial\b"
                                r"|\b(?:participants|patients|subjects|persons|men|women)\b[^.]{0,80}?\b(?:in|enrolled in) the "
                                r"[^.,]{0,100}?, an? (?:[\w-]+,? ){0,8}trial\b",
                                re.I)
_PROGNOSTIC_AIM = re.compile(r"\b(?:independent )?prognostic (?:value|significance|information|importance)\b"
                             r"|\bpredictors? of (?:the )?(?:subsequent|later|future)\b"
                             # (round 32) "to determine risk factors for stroke", "pulse pressure as a predictor of
                             # cardiovascular outcomes", "if low body mass ... confers an increased risk of death"
                             r"|\brisk factors? for\b|\bas an? (?:useful |independent )?predictor of\b"
                             r"|\bconfers? an? (?:increased|higher|greater) risk\b", re.I)


# Interviews of a qualitative study, and a survey that counts how common something is.
_QUALITATIVE_WORDS = re.compile(r"semi-structured interviews?|focus groups?", re.I)
_PREVALENCE_SURVEY = re.compile(r"\bprevalence\b[^.]{0,200}\bsurvey\b|\bsurvey\b[^.]{0,200}\bprevalence\b", re.I)


def _classify_text(text: _Text) -> DesignResult:
    """The ordered text rules; the first that fires decides."""
    title, body = text.title, text.body
    both = f"{title}. {body}"

    def result(label: str, evidence: str) -> DesignResult:
        if label == "cohort" and (few := _sample_size(body)) is not None and few.n <= _FEWEST_NOT_COHORT:
            # a handful of people followed ("We performed celiac plexus block in three such patients ... followed up
            # for 2, 8, and 11 months"): described one by one, a case series, not groups compared
            return DesignResult("case_series", "text", f"{evidence}; {few.n} people")
        return DesignResult(label, "text", evidence)

    if text.guideline and not (text.randomised and not _guideline_title(title)
                               and not _OWN_RECOMMENDATIONS.search(text.guideline)):
        # (the paper's own recommendations, "based on the results of randomized controlled trials", are a guideline
        # beside the trials they cite)
        return result("guideline", text.guideline)
    own_case = _CUES["own_case_report"].search(title) or _CUES["own_case_report"].search(body) \
        or _TITLE_CASE.search(title)
    if own_case:  # "We report a case ... and review the literature": the case is the paper's own data
        return result("case_series", own_case.group(0))
    own_series = _first(_CUES["own_series"], both) if text.meta and "our" in both.lower() else ""
    if own_series and not re.search(r"meta-?analy|systematic(ally)? review", both, re.I):
        # the paper's own patients beside the cases it searched for: a case series that reviews the literature
        return result("case_series", own_series)
    other = _first(_CUES["other_design"], both) or _first(_DESIGN_PAPER_TITLE, title)
    if text.meta and other and _ECONOMIC.search(other) and _META_DRAWN_ON.search(both):
        # an economic analysis that takes its figures from a meta-analysis ("a cost-minimization analysis based on
        # numbers-needed-to-treat (NNT) derived from the metaanalysis of 15 major clinical trials"): others' pooling
        return result("other", other)
    if text.meta:
        return result("meta_analysis", text.meta)
    named_first = _RANDOMISED_TITLE.search(title) or _REVIEW_OF_TITLE.search(title)
    economic_title = _ECONOMIC.search(title)
    if other and _ECONOMIC.search(other) and named_first and (not economic_title
                                                              or named_first.start() < economic_title.start()):
        # costs counted beside the paper's own randomised trial, the trial named first ("A randomised controlled study
        # on ...: effects on dose-escalation and a pharmacoeconomic analysis"), or the economic studies a review reads
        # ("...: a review of pharmacoeconomic studies"): the trial or the review is the design (not "Cost-effectiveness
        # analysis of 2 strategies ...: results of a prospective and randomized study", an economic evaluation)
        other = ""
    if not other and any(word in both.lower() for word in _OTHER_PAPER_WORDS):
        other = _first(_OTHER_PAPER, both)
    if other and _QUALITATIVE_WORDS.fullmatch(other) and (survey := _PREVALENCE_SURVEY.search(both)):
        # interviews inside a survey that counts a prevalence ("A two-phase, international survey ... to assess the
        # prevalence of migraine ...; Semi-structured interviews"): one measurement of counted people
        return result("cross_sectional", survey.group(0))
    if other:
        return result("other", other)
    own_review = _OWN_REVIEW.search(body)
    if own_review and not _CUES["original_data"].search(body):
        # "This review summarizes the published literature on ... in animals and humans": a review of animal work
        return result("narrative_review", own_review.group(0))
    own_work = _OWN_WORK_REVIEWED.search(body)
    if own_work:
        # "This article reviews our work on the effects of different classes of antihypertensive agents": a review of
        # the authors' earlier studies, their trials told as reviewed (round 32)
        return result("narrative_review", own_work.group(0))
    animal = _CUES["animal"].findall(both)
    in_vitro = _CUES["in_vitro"].findall(both)
    human = _CUES["human"].findall(both)
    if (len(animal) >= 2 and len(animal) > len(human)) or (len(in_vitro) >= 2 and len(in_vitro) > len(human)) \
            or (_CUES["animal"].search(title) and not _CUES["human"].search(title) and len(animal) > len(human) / 2):
        cue = (animal or in_vitro)[0] if (animal or in_vitro) else _first(_CUES["animal"], title)
        return result("animal_in_vitro", cue)
    size = _sample_size(body)
    original = bool(_CUES["original_data"].search(body)) or size is not None
    record_review = _CUES["record_review"].search(both)
    # a title naming the paper a comment or an editorial ("Comment--Val-HeFT and angiotensin-receptor blockers in
    # perspective"): the trials it discusses are others'
    # (not "Fifteen year review": the years of a follow-up reviewed)
    # (a drug's update after a colon, "Rabeprazole: an update of its use in acid-related disorders", is a review too)
    title_review = re.search(r"(?<!\byear )(?<!\byears )(?<!-year )\breview\b|\boverview\b|^(?:comment(?:ary)?|editorial)\b"
                             r"|:\s*(?:an? )?update (?:of its use|on)\b|^spotlight on\b", title, re.I) and not record_review
    # "Possible pathophysiological mechanisms are discussed" after "We report the unusual observation of a patient
    # who presented with ...": the authors' own case discussed, not a review
    own_case = re.match(r"we\b", _first(_CUES["case_report"], both), re.I)
    review = _first(_CUES["review"], body) or (_first(_CUES["review_weak"], body) if size is None and not own_case else "")
    if (review and not record_review and not text.randomised) or title_review:
        return result("narrative_review", review or "review (title)")
    # an abstract that opens on others' trial, newly reported ("Recently the 'Hypertension optimal treatment' (HOT) study
    # was reported. In this study 18,790 patients ... were randomly assigned"): a comment on it (round 36)
    others_reported = re.match(r"\s*(?:recently,? (?:the|a|an) [^.;]{0,120}?\b(?:study|trial) (?:was|has been)"
                               r"|(?:the|a|an) [^.;]{0,120}?\b(?:study|trial) (?:was|has been) recently)"
                               r" (?:reported|published)\b", body, re.I)
    if others_reported:
        return result("narrative_review", others_reported.group(0).strip())
    # a drug profile: the title only the drug's name, the abstract what it is indicated for ("Dexmethylphenidate." /
    # "... is indicated for the treatment of patients aged > or =6 years with ADHD. In a 4-week, double-blind trial in
    # 132 children ..."): the trials it tells are others' (round 36)
    profile = re.search(r"\b(?:is|are) (?:indicated|approved) (?:for|in)\b", body) \
        if re.fullmatch(r"[A-Z][\w-]{5,}\.?", title.strip()) else None
    if profile:
        return result("narrative_review", f"drug profile: {profile.group(0)}")
    # ... or a title that calls itself one ("The clinical profile of sumatriptan: cluster headache"; round 37)
    # (not "Safety profile of X as used in general practice: results of prescription-event monitoring", a cohort)
    if titled := re.match(r"\s*(?:the )?(?:clinical|pharmacological) profile of\b", title, re.I):
        return result("narrative_review", f"drug profile: {titled.group(0).strip()}")
    baseline = _BASELINE_DATA.search(title) or _BASELINE_ANALYSED.search(body)
    if baseline and original:
        # the baseline data of a trial's or a cohort's people, analysed on their own ("baseline data from the European
        # Lacidipine Study", "We analyzed baseline data from a randomized, double-blind study"): measured once
        return result("cross_sectional", baseline.group(0))
    own_cohort = _first(_CUES["own_cohort"], both)
    if own_cohort and original and not _CUES["cited_design"].search(own_cohort):
        # The paper calls itself a cohort study: groups followed for outcomes, even inside a randomised trial
        return result("cohort", own_cohort)
    non_participants = _NON_PARTICIPANTS.search(body)
    if non_participants and non_participants.group(0).lower().startswith("screened") and text.randomised:
        non_participants = None  # "Of 500 patients screened for the trial, 200 were randomised": the trial itself
    if non_participants and original:  # who took part in a trial against who did not: nobody allocated them
        return result("cohort" if _CUES["cohort_time"].search(body) else "cross_sectional", non_participants.group(0))
    own_extension = _OWN_EXTENSION.search(body) if text.randomised and original else None
    if own_extension:
        # the paper is an open extension of earlier trials ("Twelve-month open-label extension of 4 randomised,
        # placebo-controlled, double-blind ... trials", "In this 52-week, open-label extension study"): everyone
        # given the drug openly after the randomised studies, whose blinding is theirs (round 32)
        return result("non_randomised", own_extension.group(0))
    extension = _EXTENSION.search(body) if text.randomised and original else None
    if extension and _CUES["open"].search(body) and not _CUES["blinded_controlled"].search(
            body[:extension.start()] + body[extension.end():]):
        # open treatment of people who had completed a randomised study: the randomisation was the earlier study's
        return result("non_randomised", extension.group(0))
    genetic = _GENETIC_CONTROLS.search(both) if original else None
    if genetic:
        # genotypes or alleles of patients against counted controls ("A G to A polymorphism ... was studied in 119
        # schizophrenic patients and 106 healthy control subjects", "frequency of the FokI alleles between 268 white
        # hypertensives ... and a matched group of 231 control subjects"): chosen by the disease, compared for the gene
        return result("case_control", genetic.group(0))
    in_trial = _ANALYSIS_IN_TRIAL.search(body) if text.randomised and original else None
    if in_trial and (prognostic := _PROGNOSTIC_AIM.search(both)):
        # a later analysis of a trial's people for what predicts an outcome ("We performed a post hoc analysis of 4102
        # participants from the SOLVD prevention trial ... the independent prognostic value of a third heart sound"):
        # factors in a defined group followed, a cohort; the trial's own randomisation is not compared
        return result("cohort", f"{in_trial.group(0)}; {prognostic.group(0)}")
    if text.randomised and original:
        return result("rct", text.randomised)
    case_control = _first(_CUES["case_control"], both)
    if case_control and size is None and _CUES["cited_design"].search(both):
        case_control = ""  # "case-control studies have suggested ...": designs a review cites, not its own
    if case_control:
        followed = _followed_forward(both)
        if followed:  # groups followed forward from what they had: a cohort, whatever the paper calls it
            return result("cohort", f"{case_control}; {followed}")
        if _measured_once(both):
            return result("cross_sectional", f"{case_control}; measured once, no exposure asked")
        return result("case_control", case_control)
    blinded = _own_cue(_CUES["blinded_controlled"], both)
    if blinded and _CUES["modal"].search(both):
        # "A large, randomized, placebo-controlled clinical trial needs to be performed": a trial called for
        blinded = next((m.group(0) for sentence in split_sentences(both) if (m := _CUES["blinded_controlled"].search(sentence))
                        and not (_CUES["modal"].search(_WHETHER.sub("", sentence))
                                 and not re.search(r"\b(were|was|we)\b", sentence, re.I))), "")
    opened = _own_open(both)
    if opened and blinded and _open_after_blinded(both, blinded):
        opened = ""  # the blinded study is the paper's; its open part came after it, or it was a blinded pilot
    if blinded and not opened and (size is not None or _CUES["original_data"].search(body) or re.search(
            r"\b(present|this) study\b|\bwe\b|\bthe authors (conducted|performed|carried out|undertook)\b", body, re.I)):
        return result("rct", blinded)
    cross = _first(_CUES["cross_sectional"], both)
    if re.search(r"cross[- ]sectional(?!ly)", both, re.I) and any(
            re.search(r"cross[- ]sectional(?!ly)", sentence, re.I) and not _EARLIER_RESEARCH.search(sentence)
            for sentence in split_sentences(both)):
        # not "as most existing research has been retrospective or cross-sectional in design": others' designs
        return result("cross_sectional", cross)
    diagnostic = _first(_CUES["diagnostic"], both)
    if diagnostic and original and not _PROGNOSTIC.search(both) and not _FOLLOWED_FOR.search(body):
        # (not a marker's curve for later deaths, nor a predictor in people followed for years: "686 middle-aged
        # hypertensive men ... were followed up for 15 years ... to be of positive predictive value")
        return result("cross_sectional", diagnostic)
    observational = _first(_CUES["observational"], body)
    factor_model = _FACTOR_MODEL.search(body) if original and not _COURSE_GIVEN.search(body) else None
    if opened and original and not observational and not factor_model:
        return result("non_randomised", opened)
    aim_proportion = _first(_CUES["aim_proportion"], body)
    if aim_proportion and not _CUES["followed_over_time"].search(both) and not (
            record_review and re.search(r"\bassociat", body, re.I)):
        # a share or frequency measured at one time; not a record review that also asks what was associated with
        # it ("Retrospective review of medical records ... to identify associated clinical factors": a cohort)
        return result("cross_sectional", aim_proportion)
    # The investigators' treatment, told as not randomised: a "non-randomized trial / intervention study", or a
    # group treated now against past patients ("a historical control group"), whatever else the paper says
    not_random = _NON_RANDOMISED_OWN.search(both)
    if not_random and original and (_CUES["intervention"].search(body) or "historical" not in not_random.group(0).lower()):
        return result("non_randomised", not_random.group(0))
    assigned = _ASSIGNED_NOT_RANDOM.search(body) if not text.randomised else None
    if assigned and original and not observational:
        # "were assigned to receive beta-blockers (n = 33) or not (n = 32)": the investigators gave it, not at random
        return result("non_randomised", assigned.group(0))
    switched = _SWITCHED.search(body)
    if switched and original and _CUES["non_random_comparison"].search(body) and not observational:
        return result("non_randomised", switched.group(0))  # the investigators changed everyone's drug
    case_report = _first(_CUES["case_report"], both)
    if case_report and not _CUES["comparison"].search(body):
        return result("case_series", case_report)
    own_survey = _OWN_SURVEY.search(body)
    if own_survey and original and not _CUES["followed_over_time"].search(both) and not _AGAIN.search(body):
        # "663 patients ... completed an office-based survey": answered once, even of what they took before (not
        # "asked to complete the questionnaire again")
        return result("cross_sectional", own_survey.group(0))
    cohort = _first(_CUES["cohort"], both)
    if cohort and size is None and _CUES["cited_design"].search(both) and not record_review:
        cohort = ""
    if "claims" in cohort.lower() or (cohort.lower() == "database" and size is not None):
        if not _CUES["cohort_time"].search(body):
            cohort = ""  # claims or a database of counted people read once: no time, no cohort
    regimen = _REGIMEN_GIVEN.search(body) if cohort.lower().startswith("prospective") else None
    if regimen and original and not observational and not record_review and not re.search(
            r"\bcohort\b(?! (?-i:[A-D])\b)|\bretrospective", both, re.I):
        # "In a prospective study ..., 100 consecutive patients ... received omeprazole 20 mg twice daily": a
        # regimen with its dose and schedule given to everyone is the investigators' treatment, not an exposure (arms
        # named "cohort A" and "cohort B" are still the investigators' arms)
        return result("non_randomised", f"{cohort}; {regimen.group(0)}")
    named_cohort = re.search(r"\bcohort\b", both, re.I) and _CUES["cohort_time"].search(both)
    # (those who took a drug against those who did not, followed: "were followed for a mean of 18.0 months ... 653
    # patients who received beta-blocking agents ... 516 patients who did not receive beta-blocking agents")
    untreated = _UNTREATED.search(body) and _CUES["followed_over_time"].search(body)
    if cohort and (_CUES["comparison"].search(body) or named_cohort or untreated) and (cohort.lower() != "cohort"
                                                                                      or named_cohort):
        return result("cohort", cohort)
    if cross:
        return result("cross_sectional", cross)
    prevalence = _first(_PREVALENCE, body)
    if prevalence and size is not None and _CUES["comparison"].search(body) and not _CUES["cohort_time"].search(both):
        # groups compared for a prevalence, with nothing over time ("A cohort of 135 renal transplant recipients ...
        # affected the prevalence of gingival overgrowth"): measured once, whatever the group is called
        return result("cross_sectional", prevalence)
    if case_report:
        return result("case_series", case_report)
    prospective_treatment = _PROSPECTIVE_TREATMENT.search(both) if cohort.lower().startswith("prospective") else None
    if prospective_treatment and original and not observational and not record_review and not re.search(
            r"\bcohort\b|\bretrospective|\bexposure|\bexposed\b", both, re.I):
        # one group given a treatment and followed for what it does ("A prospective study was undertaken to evaluate
        # the efficacy of spinal cord stimulation"): the investigators' treatment, without a comparison
        return result("non_randomised", prospective_treatment.group(0))
    risk_over_time = _RISK_OVER_TIME.search(body) if cohort.lower().startswith("prospective") else None
    if risk_over_time and original and size is not None:
        # a prospective study of counted people for a later incidence or risk ("We conducted a prospective study of
        # 12,550 adults ... subjects with hypertension who were taking beta-blockers had a 28 percent higher risk of
        # subsequent diabetes"): followed for what happened to them, a cohort
        return result("cohort", f"{cohort}; {risk_over_time.group(0)}")
    if cohort or record_review:
        return result("case_series", cohort or record_review.group(0))
    intervention = _first(_CUES["intervention"], body)
    if observational and size is not None:  # treated, but not by the investigators: groups followed or measured
        return result("cohort" if _CUES["cohort_time"].search(body) else "cross_sectional",
                      observational.lstrip(". "))
    if intervention and size is not None:
        if factor_model:
            # treated people whose outcomes are modelled against their factors, the treatment one of them ("The Cox
            # regression model showed that significant independent predictors of new coronary events were age ...
            # and use of beta blockers"): followed as they were treated, a cohort
            return result("cohort", f"{intervention}; {factor_model.group(0)}")
        return result("non_randomised", intervention)
    if size is not None and _CUES["comparison"].search(body):
        followed = _first(_OUTCOME_OVER_TIME, body) or _first(_PROGNOSTIC, body)
        if followed:  # groups compared for what happened to them later (deaths a year after): a cohort
            return result("cohort", f"{size.n} compared; {followed}")
        return result("cross_sectional", f"{size.n} compared")
    followed = _first(_OUTCOME_OVER_TIME, body) if size is not None else ""
    if followed and _FACTOR_TESTED.search(body):
        # one group followed for outcomes, with factors tested against them ("Mean follow-up was 32.1 months ...
        # Overall survival was negatively affected by lymph node metastases (P = .017)"): prognostic factors in a
        # defined group followed (a cohort), not patients only described
        return result("cohort", f"{size.n} followed; {followed}")
    if size is not None and size.n >= _NO_SERIES:
        # thousands of people counted and nothing else said of them ("There were 15,268 patients identified", "Drug
        # use data were collected from 1601 elderly persons"): a population followed or measured, not a series
        return result("cohort" if _CUES["cohort_time"].search(body) else "cross_sectional", f"{size.n} counted")
    efficacy = _EFFICACY_ASSESSED.search(body) if size is not None else None
    if efficacy:
        # a treatment's efficacy assessed in the counted people ("The efficacy, safety ... of the combination of oral
        # enalapril ... has been assessed in 12 Nigerians with severe hypertension"): the investigators' treatment,
        # not patients described
        return result("non_randomised", efficacy.group(0))
    if size is not None:
        return result("case_series", f"{size.n} described")
    if text.randomised and not review:
        if own := _OWN_STUDY_DONE.search(body):
            # the paper tells its own randomised study, with no count of people ("This double-blind, parallel-group
            # study was performed ... using a randomized double-blind code", "A pilot clinical trial ... was
            # performed ... All patients randomly assigned into four groups"): a trial, not trials discussed
            return result("rct", f"{text.randomised}; {own.group(0)}")
        return result("narrative_review", f"trials discussed ({text.randomised}), no own data")
    if _CUES["review_title"].search(title) or not original:
        return result("narrative_review", _first(_CUES["review_title"], title) or "no sign of original data")
    given = _TREATMENT_GIVEN.search(both)
    if given and not _METHOD_TITLE.search(title):
        # original data with no design word and no count, but a dose or a drug given ("Sublingual captopril (25 mg),
        # nifedipine (10 mg) and prazosin (2 mg) were prescribed", "after epidural injection of lignocaine with or
        # without clonidine"): the investigators' treatment, not at random (README), not a paper of another kind
        # (not a technique or method named by the title: a methods paper)
        return result("non_randomised", f"no design cue; {given.group(0)}")
    return result("other", "no design cue")


def classify_design(*, title: str, abstract: str, publication_types: list[str], mesh: list[str],
                    learned: bool = True, model: "DesignModel | None" = None) -> DesignResult:
    """The study design of one paper: publication types, then MeSH, then the title and abstract's text.

    The text is decided by the learned model (``search.design_model``: a logistic regression over the text rules'
    answer, their cues, the MeSH headings and design words): ``model`` when given, else the shipped artifact;
    ``learned=False`` (or no artifact) gives the ordered text rules alone. Publication types and the MeSH animal
    rule decide first either way; the MeSH case-control / cross-sectional rules decide for the rules alone, and
    with a model they are the rule answer it weighs (the answer it was trained on: ``design_model.view_of``).
    """
    text = _analyse(title or "", abstract or "")
    decided = _from_publication_types(publication_types or [], text)
    if decided is not None:
        return decided
    if learned and model is None:
        model = _learned_model()
    mesh_rule = _from_mesh(mesh or [], text)
    if mesh_rule is not None and (model is None or not learned or mesh_rule.label == "animal_in_vitro"):
        return mesh_rule
    rule = mesh_rule or _classify_text(text)
    if not learned or model is None:
        return rule
    from search.design_model import view_of

    return model.decide(view_of(text, tuple(m for m in mesh or [] if m), rule))


_MODEL_STATE: dict[str, bool] = {"warned": False}


def _learned_model() -> "DesignModel | None":
    """The shipped design model, or None (the text rules decide) when its artifact is missing or unreadable."""
    from search.design_model import DesignModelMissing, load_design_model

    try:
        return load_design_model()
    except DesignModelMissing as exc:
        if not _MODEL_STATE["warned"]:
            _MODEL_STATE["warned"] = True
            logger.warning("design: %s; the text rules decide alone", exc)
        return None


# --------------------------------------------------------------------------------------------------
# Sample size
# --------------------------------------------------------------------------------------------------


# ("two hundreds newborns": the plural scale some authors write for the number)
# (also "fourty", a common misspelling: "Fourty-five migraine without aura patients underwent"; round 33)
_WORD = rf"(?:{_words(*_UNITS.values(), *_TENS.values(), *_SCALES.values())}|fourty)(?:(?<=hundred)s|(?<=thousand)s)?"
# Thousands may be set off by a comma and a space ("26, 521 individuals", "n = 16, 806"), but not in a list of
# numbers ("at 50, 100 and 200 mg").
_NUMBER = (rf"(?:\d{{1,3}}(?:,\d{{3}})+|(?<!\d, )\d{{1,3}}(?:, \d{{3}})+(?![\d.]\d|,\s*\d|\s+(?:and|or|to)\s+\d)"
           rf"|\d{{1,3}}(?:[ \u2009]\d{{3}})+(?![\d.,]\d)|\d+"
           rf"|(?!{'|'.join(_SCALES)}){_WORD}(?:[\s-]+(?:and[\s-]+)?{_WORD})*)")
# People, and the units a study of people counts ("cases" only where the sentence counts them: see _count_role).
_PEOPLE = (r"(?:patients?|subjects?|participants?|volunteers?|individuals?|persons?|people|women|men|males?|females?"
           r"|children|boys|girls|adults|adolescents|infants|neonates|newborns|babies|elderly|outpatients|inpatients"
           r"|out-patients|in-patients|in- and out-patients|residents|respondents|veterans|smokers|users|primigravidas"
           r"|mothers|pregnant women|cases|controls|students|(?-i:youths?)|physicians|nurses|doctors|workers|athletes|employees"
           r"|hypertensives|diabetics|migraineurs|schizophrenics|asthmatics|epileptics|alcoholics|acromegalics|members|recipients|beneficiaries|seniors|survivors|nigerians|couples"
           r"|primiparas|twins|donors|caregivers|consumers|(?<!posttreatment )(?<!post-treatment )(?<!posttest )(?<!post-test )(?<!isolate )pairs|trainees|providers|experts|pharmacists|dentists"
           r"|surgeons|clinicians|practitioners|professionals|parents|pregnancies|non-?responders|drivers|cleaners|families"
           r"|case notes|staff|parturients|sufferers|(?:poor |extensive |slow |fast |rapid |intermediate )metaboli[sz]ers|carriers|addicts|abusers|snorers|drinkers|atopics|pts|(?-i:GPs)"
           r"|(?<=\d\d )woman|(?<=\d\d )adult(?= who\b))")
_UNIT_WORDS = (r"(?:%|percent|per\b|-year|-month|-week|-day|-hour|years?\b|yrs?\b|months?\b|weeks?\b|days?\b|hours?\b"
               r"|hrs?\b|(?-i:h)\b|min\b|minutes?\b|msec\b|(?-i:ms)\b|sec\b|seconds?\b|s\b|mg\b|g\b|kg\b|µg\b|mcg\b|ug\b|ml\b|l\b"
               r"|mm\b|cm\b|mmhg\b|mmol\b|nmol\b|hz\b|khz\b|db\b|iu\b|units?\b|times\b|fold\b|x\b|centers\b|centres\b"
               r"|sites\b|countries\b|hospitals\b|studies\b|trials\b|doses\b|cycles\b|episodes\b|attacks\b|visits\b"
               r"|million\b|billion\b)")
# Time words between a count and a word for people end the count ("within the first six post operative hours,
# the patients were included": six hours, not six patients).
_TIME = r"(?:hours|days|weeks|months|years|minutes|nights|periods)"
# An age written between a count and its people ("Sixty-three 6- to-12-year-old children", "40 65-year-old men").
_AGE = r"(?:\d+-?\s*(?:to-?\s*)?)?\d+[- ](?:year|yr|month|week)s?[- ]old"
# A stage or code written between a count and its people ("Eight pT2-3bN0-1M0 patients", "14 type-2-diabetic
# patients"), and an aside in brackets
# after a word ("300 young (<35 years) persons", "Two-thousand-...-ninety-five (2395) patients"; not a share "(5%)").
_CODE = r"[A-Za-z]+-?\d[\w\-/+]*"
# School grades or years between a count and its people ("1687 6th-, 7th-, and 8th-grade students").
_ORDINAL = r"\d+(?:st|nd|rd|th)(?:-[A-Za-z-]*)?"
# A severity span between a count and its people ("One hundred and seven mild to moderate hypertensive patients").
_SEVERITY = r"(?:mild(?:ly)?|moderate(?:ly)?)\s+to\s+(?:moderate(?:ly)?|severe(?:ly)?)"
# A disease type written between a count and its people ("84 Type 2 diabetic patients").
_DIABETES_TYPE = r"type\s+(?:[12]|I{1,2})(?![\w-])"
_WORD_ASIDE = (r"(?<=[A-Za-z] )\((?![^()]*%)[^()]{1,60}\)"
               # ... or right after the count, its make-up by sex ("in 29 (4 female) subjects")
               r"|(?<=\d )\(\s*\d+\s+(?:women|men|males?|females?|female|male|boys|girls)\s*\)"
               # ... the bracket going on after it ("101 (62 men; age range, 34-72 years) hypertensives"; round 33)
               r"|(?<=\d )\(\s*\d+\s+(?:women|men|males?|females?|boys|girls)\s*[;,][^()%]{1,60}\)"
               # ... in square brackets ("Twenty-eight overweight mild to moderate [diastolic blood pressure (DBP) >90
               # and <110 mm Hg] hypertensives"), or holding one bracket of its own ("ten non obese (body mass index
               # 22.3 +/- 0.5 (+/- SE)kg.m-2) Type 2 diabetic patients")
               r"|(?<=[A-Za-z] )\[(?![^\[\]]*%)[^\[\]]{1,80}\]|(?<=[A-Za-z] )\((?![^()]*%)[^()]{1,60}\([^()]{1,20}\)[^()]{0,20}\)")
# An anaesthetic risk class between a count and its people ("226 ASA physical status I and II laboring patients").
_ASA = (r"ASA(?:\s+(?:physical\s+status|grade|class|status))?\s+(?:IV|I{1,3}|[1-4])"
        r"(?:\s*(?:-|–|/|,|and|or|to)\s*(?:IV|I{1,3}|[1-4]))*(?![\w-])")
# A verb after a plural noun ("One hundred twenty community pharmacies recruited patients", "Six providers performed
# ..."): the count is of whoever did it, not of the people after the verb (but "Seven consecutive referred patients").
_AGENT_VERB = r"(?<=[a-z][a-z][^ius\s]s )(?:recruited|enrolled|performed|treated|identified|referred|selected|invited|interviewed)\s"
# A number, up to five plain words (no digit but an age, no linking verb; a comma only between words: "118 healthy,
# white women"), then a word for people. No number word between them ("2 Fourteen healthy volunteers": a paragraph number
# before the count), no plural time word ("six post operative hours, the patients"), and no hyphen after the people
# ("1,282,996 person-years", "patient-days": time, not people).
_COUNT = re.compile(
    # (after a heading joined by a double dash, "METHODS--Seventy five patients", the count starts at the heading's end)
    # (not one group's size told as a product, "after inclusion of 2 x 12 patients" (README: "10 in each" is null),
    # nor a number estimated, "an estimated 25,630 persons would have OA"; round 39)
    rf"(?<![\w.,/])(?<![^-]-)(?<!^-)(?<!\d:)(?<!\d [x\u00d7] )(?<!\bestimated )(?P<num>{_NUMBER})(?![\w%]|[.,]\d|:\d|\s*{_UNIT_WORDS})"
    rf"(?P<between>(?:\s+(?!(?:of|in|to|per|from|at|on|for|among|had|have|has|were|was|who|did|is|are|than|each"
    rf"|although|though|but"
    rf"|whereas|while|because|since|however)\b|{_WORD}\b|{_TIME}\b|{_AGENT_VERB})"
    rf"(?:{_AGE}|{_SEVERITY}|{_ASA}|{_DIABETES_TYPE}|{_ORDINAL}|[A-Z]\.(?=\s+[a-z])|[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff()\-/']+|{_CODE}|{_WORD_ASIDE})(?:(?<!\)),(?=\s+(?:[a-z]|\d+(?:st|nd|rd|th)\b)))?){{0,5}}?"
    # (a word between may have an accented letter, "to 122 opiate-naïve patients"; round 36)
    # (a disease's acronym in brackets may close a sixth word: "Twelve attention deficit with hyperactivity disorder
    # (ADHD) children"; round 33)
    rf"(?:\s+\((?-i:[A-Z]{{2,8}})\))?)\s+"
    rf"(?P<noun>{_PEOPLE})\b(?!-\w)"
    # (not an institution named for its people, "in 15 US Veterans Affairs medical centers"; round 36)
    rf"(?!\s+(?:Affairs|Administration)\b)"
    rf"(?!\s+(?:studies|study|trials?|groups?|each\s+(?:in|into|to|per|for)\b)\b)"
    # (nor one group's size told of two, "28 patients each of migraine and tension headache"; round 35)
    rf"(?!\s+each\s+of\s+[^.;,()]{{1,40}}?\s+and\s)"
    # (not the members of a family of molecules, "Three members of the opioid receptor family were cloned"; round 34)
    rf"(?!\s+of\s+(?:the|a|an|this)\s+(?:[\w-]+\s+){{0,3}}?(?:receptors?|genes?|proteins?|enzymes?|channels?|peptides?"
    rf"|kinases?|transporters?|cytokines?|molecules?|drugs?|compounds?)\s+(?:super|sub)?famil(?:y|ies)\b)", re.I)
# (nor samples, "in blood samples (n = 107) received from renal transplant recipients"; round 35)
# "n = 30" (also "n = 16, 806)"; not "n = 30 per group" nor "(each group n = 30)", nor a count of trials or body
# parts).
# (also "n" and a bare number inside brackets, "(group C, n 20)", "(n 100)": no "=" printed; round 26)
# (not the centres or countries of a multicentre study, "multicenter (n = 30), multinational (n = 10)", nor a share's
# count of the people, "38% (N = 11) of the patients", a part; round 32)
_N_EQUALS = re.compile(r"(?:(?<!% \()(?<!%\()|(?![nN]\s*=\s*[\d, ]+\)\s+of\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?"
                       + _PEOPLE + r"\b))"
                       r"\b[nN](?<!\beach [nN])(?<!\beach group [nN])(?<!\beach arm [nN])"
                       r"(?<!multicenter \([nN])(?<!multicentre \([nN])(?<!multicentric \([nN])"
                       r"(?<!multinational \([nN])(?<!samples \([nN])(?<!specimens \([nN])"
                       r"(?:\s*=\s*|(?<=\([nN]) (?=\d+\s*[),;])|(?<=[,;] [nN]) (?=\d+\s*[),;]))(?P<num>\d{1,3}(?:,\d{3})+|\d{1,3}(?:, \d{3})+(?=\s*\))|\d{1,3}(?:[ \u2009]\d{3})+(?=\s*[);])|\d+)(?![\d.,]?\d)"
                       # not the start of a range ("in large (n = 309 to 1746) well designed trials")
                       r"(?!\s*(?:to|-|–)\s*\d)(?!\s*,?\s*(?:per|in each|each)\b)(?!\s*(?:clinical )?(?:trials|studies"
                       r"|articles|papers|eyes|teeth|samples|ears|limbs|knees|hips|feet|lesions|procedures))")
_TOTAL_NUMBER = re.compile(rf"(?<!mean )(?<!median )(?<!average )\b(?:total )?number of (?:(?!per\b)[\w-]+\s+)?"
                           rf"{_PEOPLE}\s+(?:\w+\s+){{0,4}}?(?:was|were|is|totall?ed|amounted to)\s+(?P<num>{_NUMBER})\b"
                           r"(?![.,]\d|\s*(?:%|per\b))", re.I)
_TOTAL = re.compile(rf"\b(?:a )?total of (?P<num>{_NUMBER})\b", re.I)
# The paper's aim told as its few cases ("To report three cases illustrating that ...").
_AIM_CASES = re.compile(rf"\bto (?:report|describe|present) (?P<k>{_words(*range(2, 10))}|[2-9]) (?:[\w-]+ ){{0,2}}?cases\b",
                        re.I)
# ... or told as the few case studies presented ("Three case studies are presented from a suburban family practice";
# round 36)
_CASES_TOLD = re.compile(rf"^(?P<k>{_words(*range(2, 10))}|[2-9]) case (?:studies|reports) (?:[^.;]{{0,40}}? )?(?:are|were) "
                         r"(?:described|presented|reported)\b(?! in part\b)", re.I)
# An arm's people told in brackets with the arm's name ("(nine patients, group 1)"; round 36).
_ARM_IN_BRACKETS = re.compile(rf"\(\s*(?P<num>{_NUMBER})\s+{_PEOPLE},\s*(?:group|arm)\s+(?:[A-D]|[1-4]|I{{1,3}})\s*\)", re.I)
# Each arm told only as the whole of a share ("angina pectoris was reported in 11% of 869 patients randomized to
# verapamil and in 12% of 888 randomized to placebo"): the arms together (round 36).
_SHARES_OF_ARMS = re.compile(
    rf"\d+(?:\.\d+)?\s*%\s+of\s+(?:the\s+)?(?P<a>{_NUMBER})\s+(?:{_PEOPLE}\s+)?randomi[sz]ed\s+to\s+[^.;%]{{1,60}}?,?\s+and\s+"
    rf"(?:in\s+)?\d+(?:\.\d+)?\s*%\s+of\s+(?:the\s+)?(?P<b>{_NUMBER})\s+(?:{_PEOPLE}\s+)?randomi[sz]ed\s+to\b", re.I)
# A structured abstract's participants, their total a capital N ("Patients (N=22) in a vegetative state (VS; n=10)").
_PEOPLE_N = re.compile(rf"^(?:(?!of\b|percent\b|per\b)[A-Za-z-]+\s+){{0,2}}?{_PEOPLE}\s*\(\s*(?-i:N)\s*=\s*(?P<num>\d{{1,3}}(?:,\d{{3}})+|\d+)\s*[);,]",
                       re.I)
# A sentence that is only the sample's size ("N = 56."), as a structured abstract states it.
_N_ALONE = re.compile(r"^\s*N\s*=\s*(?P<num>\d{1,3}(?:,\d{3})+|\d+)\s*\.?\s*$")
_OF_WHICH = re.compile(rf"\b(?:of (?:which|whom|these|them),?\s+)(?P<num>{_NUMBER})\s+(?:\w+\s+){{0,2}}?"
                       rf"(?:were|was|met)"
                       rf"\s+(?:eligible|included|enrolled|randomi[sz]ed|analy[sz]ed|evaluable)"
                       # "Of these patients, 1749 (67%) were randomly assigned to receive ...": the people named, a share
                       rf"|\bof (?:these|those|them) (?:[\w-]+ )?{_PEOPLE},\s+(?P<num2>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?"
                       r"(?:were|was)\s+(?:\w+ly\s+)?(?:eligible|included|enrolled|randomi[sz]ed|assigned|allocated"
                       r"|analy[sz]ed|evaluable)\b", re.I)
# "77 of them were included", "Eleven of the 12 were prospectively studied": the sample, not the number before it.
_N_OF_THEM = re.compile(rf"\b(?P<num>{_NUMBER})\s+of\s+(?:them|these|whom"
                        rf"|(?:the|these)\s+{_NUMBER}(?=\s+(?:were|was)\b))"
                        rf"\s+(?:\([^)]*\)\s+)?(?:were|was)\s+(?:\w+ly\s+)?"
                        rf"(?:eligible|included|enrolled|randomi[sz]ed|analy[sz]ed|evaluable|studied|recruited)", re.I)
# "Of the 453 patients screened, 265 were allocated": the second number is the sample, the first those screened.
_SCREENED_THEN = re.compile(
    rf"\bof (?:the |all |these )?(?P<total>{_NUMBER})\s+(?:[A-Za-z-]+\s+){{0,4}}?(?:screened|assessed|approached"
    rf"|identified|evaluated|invited|contacted|considered|referred|admitted|eligible|(?:who )?complet(?:ed|ing)"
    # those treated in an open phase before a randomised one ("Of 231 initially treated patients, 223 were healed
    # (no erosive esophagitis) and entered the maintenance study")
    rf"|(?:initially|first|openly) treated)\b[^,.;]{{0,40}},"
    rf"\s*(?:a total of\s+)?(?P<num>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?"
    rf"(?:[A-Za-z-]+\s+){{0,3}}?(?:(?:were|was|met|agreed)\s+(?:\w+\s+)?(?:\([^()]{{1,40}}\)\s+)?(?:and\s+)?(?:eligible|included|enrolled|randomi[sz]ed"
    rf"|allocated|assigned|recruited|entered|consented|analy[sz]ed)|presented with|fulfil+ed"
    rf"|(?:chose|elected|agreed|opted) to (?:continue|enter|participate)|entered|continued (?:in|into|with))", re.I)
# "A total of 1,959 patients were screened by ambulatory ECG monitoring; 982 (49%) had asymptomatic ischemia, and 618
# (65%) were enrolled in the study": those screened told first, then those enrolled (round 37).
_SCREENED_THEN_CLAUSE = re.compile(
    rf"(?<![\w.,\-/])(?P<total>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:were|was)\s+(?:\w+ly\s+)?screened\b"
    rf"[^.]{{0,200}}?[;,]\s*(?:and\s+)?(?:a total of\s+)?(?P<num>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?"
    r"(?:were|was)\s+(?:\w+ly\s+)?(?:enrolled|randomi[sz]ed|included|recruited)\b", re.I)
# "We screened 1635 men with a history of hypertension and randomized 1292 with untreated diastolic blood pressure
# ...": the authors' screening and randomisation told by one subject, those randomised second (round 38).
_SCREENED_AND_RANDOMISED = re.compile(
    rf"\b(?:we|they|investigators)\s+screened\s+(?:a total of\s+)?(?P<total>{_NUMBER})\s+[^.;]{{0,120}}?\band\s+"
    rf"(?:then\s+|subsequently\s+|later\s+)?(?:randomi[sz]ed|randomly (?:assigned|allocated)|enrolled)\s+"
    rf"(?:a total of\s+)?(?P<num>{_NUMBER})\b(?!\s*%)", re.I)
# "Of the 554 patients who were enrolled, 400 entered the double-blind study": those randomised (or entering the
# randomised phase) after a run-in are the sample, not all who were enrolled.
_ENROLLED_THEN = re.compile(
    rf"\bof (?:the |all |these )?(?P<total>{_NUMBER})\s+(?:[A-Za-z-]+\s+){{0,4}}?(?:enrolled|recruited)\b[^,.;]{{0,40}},"
    rf"\s*(?:a total of\s+)?(?P<num>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?(?:[A-Za-z-]+\s+){{0,3}}?"
    r"(?:(?:were|was)\s+(?:\w+\s+)?(?:randomi[sz]ed|allocated|assigned)|entered (?:the |a )?(?:[\w-]+ ){0,3}?"
    r"(?:double-blind|randomi[sz]ed|controlled|treatment|maintenance) (?:study|trial|phase|period))", re.I)
# "Of 63 consecutive men undergoing prostate biopsy 50 who qualified were enrolled": those who qualified are the
# sample, the first number those considered (told without a comma).
_QUALIFIED_THEN = re.compile(
    rf"\bof (?:the |all |these )?(?P<total>{_NUMBER})\s+[^,.;]{{0,80}}?,?\s+(?P<num>{_NUMBER})\s+(?:[A-Za-z-]+\s+){{0,2}}?"
    r"(?:who|that) (?:qualified|were eligible|met (?:the )?(?:[\w-]+ )?criteria)\s+(?:were|was)\s+(?:\w+ly\s+)?"
    r"(?:enrolled|included|randomi[sz]ed|recruited|studied|entered)\b", re.I)
# "Of 220 patients in whom H. pylori was eradicated, 165 were eligible at 12 months to follow-up": the people
# described by what was done to them before the study, then those of them eligible (round 34).
_DESCRIBED_THEN_ELIGIBLE = re.compile(
    # (also told by what they have before "who": "Of 24 patients with refractory affective disorders ... who were
    # consecutively included into an open trial with ..., 16 were eligible for this study"; round 36)
    rf"\bof (?:the |all )?(?P<total>{_NUMBER})\s+(?:[A-Za-z-]+\s+){{0,2}}?{_PEOPLE}\s+(?:with\s+[^,;()]{{1,80}}?\s+)?"
    rf"(?:in whom|who|whose)\b[^,;()]{{0,80}},"
    rf"\s*(?P<num>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?(?:were|was)\s+(?:\w+ly\s+)?eligible\b", re.I)
# "Of the 4894 eligible participants of the WHI study, 4532 (92.6%) postmenopausal women free of probable dementia,
# aged 65 years or older, and recruited from 39 of 40 WHI clinical centers were enrolled in the WHIMS": those eligible
# told first, then those of them enrolled, described at length before their verb (round 39).
_ELIGIBLE_THEN_DESCRIBED = re.compile(
    rf"\bof (?:the |all )?(?P<total>{_NUMBER})\s+(?:[A-Za-z-]+\s+){{0,2}}?eligible\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b"
    rf"[^,.;]{{0,60}},\s*(?P<num>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b"
    r"[^.;]{0,200}?\b(?:were|was)\s+(?:enrolled|randomi[sz]ed|included)\b", re.I)
# "Forty of 47 cancer patients completed the study": those who completed are a part of the people counted after "of".
_OF_COMPLETED = re.compile(rf"(?<![\w.,\-/]){_NUMBER}\s+(?:\(\S+\)\s+)?of\s+(?:the\s+)?(?P<num>{_NUMBER})\s+"
                           rf"(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:who\s+)?(?:\w+ly\s+)?completed (?:the|this) (?:[\w-]+ )?(?:study|trial)\b", re.I)
# "Seventy-four of the original 127 patients treated with atenolol met the criteria for entry": those who met the
# entry criteria are the sample, the number after "of" those considered.
_OF_QUALIFIED = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+of\s+(?:the\s+)?(?:original\s+|initial\s+)?{_NUMBER}\s+"
                           r"[^.;]{0,80}?\bmet (?:the |all )?(?:(?:entry|inclusion|eligibility) criteria|criteria for "
                           r"(?:entry|inclusion|enrol+ment|randomi[sz]ation))\b"
                           # ... or those of an earlier study studied again ("65 of the original 149 patients ...
                           # included in the short-term studies were reexamined after treatment for 2 to 3 years")
                           rf"|(?<![\w.,\-/])(?P<num2>{_NUMBER})\s+of\s+(?:the\s+)?(?:original|initial)\s+{_NUMBER}\s+"
                           r"[^.;]{0,100}?\b(?:were|was) (?:re-?examined|re-?evaluated|re-?studied|re-?assessed"
                           r"|re-?investigated|followed up|available for follow-up)\b", re.I)
# One arm counted and "the remaining N" given the other ("six women received 17 beta-estradiol ... and the remaining
# six wore a placebo skin patch"): the two arms together.
_THE_REMAINING = re.compile(rf"(?<![\w.,\-/])(?P<a>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:received|were given"
                            rf"|were treated with|took)\b(?:[^.;]|\.(?=\d)){{0,120}}?\b(?:and the remaining (?P<b>{_NUMBER})\b"
                            # ... or "another 15" / "a further 12" who received the other treatment
                            rf"|(?:and|whereas|while) (?:another|a further) (?P<b2>{_NUMBER})\s+(?:(?:[\w-]+\s+){{0,2}}?"
                            rf"{_PEOPLE}\s+)?(?:received|were given|were treated|took)\b)", re.I)
# A survey's sample is the people who answered it ("157 (23%) of eligible physicians responded", "283 (47.2%)
# surveys were returned", "138 women ... completed a survey"), not the number it was mailed to; read only in an
# abstract that describes a survey or questionnaire (elsewhere "10 patients responded" is a treatment response).
_SURVEY = re.compile(r"\bsurveys?\b|\bquestionnaires?\b", re.I)
_RESPONDED = re.compile(
    rf"(?<![\w.,\-/])(?P<num>{_NUMBER})(?!\s*(?:%|percent\b|per cent\b)|\s*{_UNIT_WORDS})(?:\s*/\s*\d[\d,]*)?(?:\s*\(\s*\d+(?:\.\d+)?\s*%\s*\))?\s+"
    rf"(?:of\s+(?:the\s+)?(?:[A-Za-z-]+\s+){{0,3}}?)?(?:[A-Za-z-]+\s+){{0,4}}?"
    rf"(?:(?:responded|replied)(?!\s+(?:well|poorly|favou?rably|rapidly|best|least|to (?:the )?(?:treatment|therapy"
    rf"|drug|medication|antineuralgic|antimalarial)))"
    rf"|returned (?:the |their |a )?(?:completed )?(?:questionnaires?|surveys?)"
    rf"|(?:questionnaires?|surveys?) (?:were|was) (?:returned|completed)"
    rf"|completed (?:the |a |an |their )?(?:[\w-]+ )?(?:questionnaires?|surveys?))", re.I)
# "21 (60%) of 35 randomised patients received ...": the part is told of a count named as randomised or enrolled,
# which is the sample.
_OF_RANDOMISED = re.compile(rf"(?<![\w.,\-/]){_NUMBER}\s+(?:\(\S+\)\s+)?of\s+(?:the\s+|all\s+)?(?P<num>{_NUMBER})\s+"
                            rf"(?P<role>randomi[sz]ed|enrol+ed|recruited)\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b"
                            # ... or the role told after the people ("5477 of 54 234 patients (10.1%) randomised to
                            # beta blockers or control died")
                            rf"|(?<![\w.,\-/]){_NUMBER}\s+of\s+(?:the\s+|all\s+)?(?P<num2>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?"
                            rf"{_PEOPLE}\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?(?:who\s+were\s+)?(?P<role2>randomi[sz]ed|enrol+ed)"
                            r"\s+(?:to|in|into)\b"
                            # ... or the people "who underwent randomization" after "Of"
                            rf"|\bof\s+(?:the\s+|all\s+)?(?P<num3>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+who\s+"
                            r"(?P<role3>underwent randomi[sz]ation)\b", re.I)
# The people pooled by a meta-analysis ("Eighteen randomised ... trials with 3453 patients", "12 studies involving a
# total of 2,430 participants"): the sample the labels count for it.
_POOLED = re.compile(rf"\b(?:trials|studies)\s+(?:with|involving|including|enrolling|comprising|of)\s+(?:a total of\s+)?"
                     rf"(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b", re.I)
# "Among 7766 patients, 1291 (16.6%) were taking ...": a clause that opens on a count and then tells its parts
# introduces the sample (elsewhere "among" makes the count after it a part).
_AMONG_BASE = re.compile(r"\s*among\s+", re.I)
# ... and "among" before people told as enrolled ("We analyzed the rate ... among 8102 patients with CHF enrolled at
# 133 cardiology centers"): the sample itself.
_ENROLLED_AFTER = re.compile(r"\s+(?:[\w-]+\s+){0,4}?(?:enrol+ed|recruited|registered)\b", re.I)
_NEXT_PART = re.compile(rf"[^,;()]{{0,60}}?,\s*(?:\d|{_WORD}\b)", re.I)
_X_OF_N = re.compile(rf"\b(?:based on|analy[sz]ed|included|studied|comprised|reviewed|examined|evaluated|enrolled"
                     rf"|recruited)\s+(?P<num>{_NUMBER})\s+of\s+(?:the\s+)?"
                     rf"(?:\d[\d,]*|{_WORD})\b", re.I)
_CASES_AND_CONTROLS = re.compile(r"\bcases\b[^.;]{0,60}?\b(?:and|with|to|versus|vs\.?)\s+(?:up to )?\d[\d,]* "
                                 r"(?:[\w-]+ ){0,2}(?:controls|control (?:subjects|patients|women|men|individuals))\b", re.I)
_CLINICIANS = re.compile(r"physicians|nurses|doctors|surgeons|clinicians|practitioners|providers|pharmacists|(?-i:GPs)"
                         r"|dentists|trainees|staff", re.I)
# The people studied divided into groups, each counted ("were divided into two groups ... (n = 77) ... (n = 126)").
_DIVIDED = re.compile(r"\b(?:were|was) (?:\w+ )?(?:divided|separated|split|classified|categori[sz]ed) into (?:two|three|four"
                      r"|\d) (?:[\w-]+ )?groups\b", re.I)
# One group's count in a sentence of its own ("In the enalapril group (n = 21) baseline ABP was ...").
# ... or one subgroup of people, its count closing the bracket of its description ("In diet-controlled subjects (FPG,
# 117 +/- 16 mg/dl; n = 6), ...", "Only in NIDDM subjects with pancreatic exhaustion (...; n = 8), ...").
_GROUP_N = re.compile(r"^(?:in )?(?:the (?:[\w-]+ ){1,3}?|one )group\s*\(\s*(?:[A-Za-z][\w-]*,\s*)?n\s*=\s*(?P<num>\d+)\s*\)"
                      rf"|^(?:only )?in (?:the )?(?:[\w-]+ ){{0,4}}?{_PEOPLE}\b[^()]{{0,60}}\([^()]*?\bn\s*=\s*(?P<num2>\d+)\s*\)",
                      re.I)
# A control group counted only as "(n = 50)" ("a matched healthy control group (n = 50)").
_CONTROL_GROUP_N = re.compile(r"\b(?:controls|control (?:group|subjects))\s*\(\s*n\s*=\s*(?P<num3>\d+)\s*\)", re.I)
# ... or "a healthy control (n = 30)", read where the clause has no other "n =" (else "A (n = 40) or control (n = 38)"
# are two arms, summed as such).
_CONTROL_N = re.compile(r"\b(?:controls?|control (?:group|subjects))\s*\(\s*n\s*=\s*(?P<num3>\d+)\s*\)", re.I)
# A control group counted on its own ("Fifty-one infants who did not have pyloric stenosis served as controls",
# "There were also 51 controls studied", "normal controls (n = 30)").
_CONTROLS_ALONE = re.compile(
    rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\)?\s+(?:(?:[\w-]+,?\s+){{0,8}}?|(?:[\w-]+\s+){{0,3}}?{_PEOPLE},?\s+"
    rf"(?:[\w-]+,?\s+){{0,10}}?)(?:served|acted|(?:were|was) (?:used|tested|studied|examined|included|recruited"
    rf"|enrolled)) as (?:\w+ )?(?:controls|control (?:subjects|group))\b"
    # "We also studied 13 age- and sex-matched control subjects": the controls told after the patients
    rf"|\bwe also (?:studied|examined|included|recruited|enrolled|investigated)\s+(?P<num4>{_NUMBER})\s+(?:[\w-]+\s+){{0,4}}?"
    rf"(?:controls|control (?:subjects|individuals|persons|volunteers))\b"
    rf"|(?<![\w.,\-/])(?P<num2>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?(?:controls|control subjects)\s+(?:\w+\s+){{0,8}}?"
    rf"(?:were\s+)?(?:studied|included|recruited|enrolled|matched)\b"
    rf"|{_CONTROL_N.pattern}"
    # "The control subjects were 12 healthy subjects matched for age and sex", "Age- and gender-matched 20 healthy
    # subjects (9 males, 11 females; ...) comprised the control group"
    rf"|^the control (?:subjects|group|individuals) (?:were|was|consisted of|comprised) (?P<num5>{_NUMBER})\s"
    rf"|(?<![\w.,\-/])(?P<num6>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s*(?:\([^()]*\)\s*)?(?:comprised|formed"
    rf"|constituted|made up) (?:the|a) (?:[\w-]+ )?control group\b", re.I)
# Arms told one after another after a randomised count, the first with or without its people ("112 patients had
# been randomized to A, 117 to B", "1161 were randomized to eradication therapy and 1163 to placebo").
_RANDOMISED_TO = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+)?"
                            r"(?:had been |were |was )?(?:then |subsequently )?"
                            r"(?:(?:randomi[sz]ed|randomly assigned|randomly allocated|assigned|allocated)\s+to\b"
                            r"|assigned(?=\s+[\w-]+(?:\s+[\w-]+)?\s+and\s+\d[\d,]*\s+assigned\b))", re.I)
# Arms of a randomisation told as counts in brackets after each treatment ("randomized to either 25 mg A (40
# patients), 120 mg B (30 patients), or 2 mg C (30 patients)"): a bracket holding only a count of people, or the
# arm's name and its count ("band ligation alone (control group, 40 patients) or ... (propranolol group, 37 patients)").
_RANDOMISED_INTO = re.compile(r"\b(?:randomi[sz]ed|randomly assigned|randomly allocated|assigned|allocated)\b", re.I)
_BRACKET_ARM = re.compile(rf"\(\s*(?:(?:[\w-]+\s+){{0,2}}?(?:group|arm)\s*[,:]\s*)?(?P<num>{_NUMBER})\s+"
                          rf"(?:[A-Za-z-]+\s+){{0,2}}?{_PEOPLE}\s*\)", re.I)
# A second group as many as the first ("298 hypertensive patients and an equal number of age-matched normotensive
# controls"): both counted.
_EQUAL_NUMBER = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:[^.;()]{{0,60}}?\s)?"
                           rf"and (?:an? )?(?:equal|same|similar) number of (?:[\w-]+\s+){{0,4}}?{_PEOPLE}\b", re.I)
# A sentence that opens with a bare count randomised ("Seventy accepted and were randomized.").
_BARE_RANDOMISED = re.compile(rf"^(?P<num>{_NUMBER})\s+(?:(?!of\b|in\b|to\b|per\b)[a-z]+\s+){{0,3}}?(?:were|was|had been) "
                              r"(?:\w+ly )?randomi[sz]ed\b", re.I)
# The people randomised told after those enrolled, without their noun ("Before entry 188 patients were enrolled, and
# 160 were randomized to ..."; or after a semicolon, "57 adult outpatients ... were enrolled; 47 were randomized",
# round 31), or after those considered, with what selected them ("Of 138 patients with ..., 25 had
# asymptomatic progressive LV dilation and were randomized"): those randomised are the sample.
_ENROLLED_AND_RANDOMISED = re.compile(
    rf"(?<![\w.,\-/]){_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:[^.;()]{{0,120}}?\s)?(?:were|had been)\s+"
    rf"(?:enrol+ed|recruited|included|screened|selected)\b(?:[^.;]{{0,40}}?,?\s+and|\s*;)\s+(?P<num>{_NUMBER})\s+"
    r"(?:were|had been)\s+(?:\w+ly\s+)?randomi[sz]ed\b", re.I)
# ... or after those considered, the part randomised told without its noun ("Among 239 patients admitted for acute
# variceal bleeding, 85 with cirrhosis were randomized"): those randomised.
_AMONG_THEN_RANDOMISED = re.compile(
    rf"\bamong (?:the |all |these )?{_NUMBER}\s+[^,.;()]{{0,80}},\s*(?P<num>{_NUMBER})\s+"
    r"(?:(?!of\b|in\b|to\b|per\b)[\w-]+\s+){0,3}?(?:were|was) (?:\w+ly )?randomi[sz]ed\b", re.I)
_OF_THEN_RANDOMISED = re.compile(
    rf"\bof (?:the |all |these )?{_NUMBER}\s+[^,.;]{{0,80}},\s*(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?"
    r"(?:had|have|were|showed|met)\b[^.;,]{0,80}?\band (?:were|was) (?:\w+ly )?randomi[sz]ed\b"
    # ... or the part randomised told first, out of the people selected ("Three hundred thirty-four of 369 selected
    # outpatients with a diagnosis of GAD ... were randomized before entering the double-blind period"; round 26)
    rf"|^(?P<num2>{_NUMBER})\s+of\s+(?:the\s+)?{_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b[^.;]{{0,200}}?"
    r"\b(?:were|was) (?:\w+ly )?randomi[sz]ed\b", re.I)
# Those who took part out of the people a clinic saw, told without their count ("Of the hypertensive NIDDM patients
# attending the outpatient's clinic of the University, 44 participated in the present study").
_OF_PEOPLE_PARTICIPATED = re.compile(
    rf"\bof (?:the |all |these )(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b[^.;()]{{0,120}}?,\s*(?P<num>{_NUMBER})\s+"
    r"(?:participated|took part|were (?:enrol+ed|included|studied|recruited)|entered)\b", re.I)
# Those enrolled out of a larger number told without a comma ("Of 57 patients with urgent hypertension 53 patients
# were enrolled"): those enrolled, not both numbers together.
_OF_THEN_ENROLLED = re.compile(
    rf"\bof (?:the |all |these )?{_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+[^,.;:()]{{0,80}}?\s(?P<num>{_NUMBER})\s+"
    rf"(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:were|was)\s+(?:\w+ly\s+)?(?:enrol+ed|included|recruited|entered)\b", re.I)
_NEXT_ARM = re.compile(rf"(?:,|;|\band\b|\bor\b)\s+(?:and\s+|or\s+)?(?P<num>{_NUMBER})\s+(?:{_PEOPLE}\s+)?"
                       r"(?:were\s+|was\s+)?(?:(?:randomi[sz]ed\s+|assigned\s+|allocated\s+)?to\b|assigned\b)", re.I)
# The last arm told with its number and treatment alone ("32 patients received intravenous ritodrine and 29 oral
# nifedipine", "900 were randomized to receive aspirin and 905 placebo"): a number, up to three words that are
# neither people, units, a verb of a result nor a share, then the clause ends.
_BARE_ARM = re.compile(
    rf"^[^.;()]{{0,80}}?\s(?:and|or|while|whereas)\s+(?P<num>{_NUMBER})\s+(?!{_UNIT_WORDS}|{_PEOPLE}\b|of\b|\()"
    r"(?:(?:received|were given|took)\s+)?(?:(?!(?:were|was|had|have|did|developed|completed|withdrew|died|showed"
    r"|experienced|reported|responded|required|achieved|in|at|with|after|for|during)\b)[A-Za-z][\w-]*\s*){1,3}"
    r"(?=[.;,)]|$)", re.I)
# A count of people who received one treatment, then the other arm as a bare number (``_BARE_ARM``); the verb is
# looked for first, which is cheaper than reading every number.
_RECEIVED_VERBS = ("received", "given", "treated with", "took")
# ... or the last arm with its people but no verb ("70 patients being given terfenadine 120 mg, and 72 patients
# cetirizine 10 mg"): the treatment's name right after the people.
_PEOPLE_ARM = re.compile(
    rf"^[^.;()]{{0,80}}?,\s+and\s+(?P<num>{_NUMBER})\s+{_PEOPLE}\s+(?!(?:were|was|had|have|did|developed|completed"
    r"|withdrew|died|showed|experienced|reported|responded|required|achieved|in|at|with|after|for|during|who|of|and)\b)"
    r"[a-z][\w-]*\b", re.I)
# ... or "25 patients were started on A and 25 patients on placebo": the second arm's people "on" its treatment
_PEOPLE_ON_ARM = re.compile(rf"^[^.;()]{{0,80}}?\s+and\s+(?P<num>{_NUMBER})\s+{_PEOPLE}\s+on\s+"
                            r"(?:(?!(?:were|was|had|have|did|developed|completed|withdrew|died|showed|experienced"
                            r"|reported|responded|required|achieved|in|at|with|after|for|during)\b)[A-Za-z][\w-]*\s*){1,3}"
                            r"(?=[.;,)]|$)", re.I)
# ... or the last arm with its people and the same verb ("22 patients were given captopril i.v., while 24 patients
# were given placebo", "Twenty-five parturients received A and twenty-five parturients received B").
_PEOPLE_RECEIVED_ARM = re.compile(
    rf"^(?:[^.;()]|\.(?!\s)){{0,100}}?,?\s+(?:and|while|whereas)\s+(?P<num>{_NUMBER})\s+"
    rf"(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+"
    rf"(?:were\s+|being\s+)?(?:{'|'.join(map(re.escape, _RECEIVED_VERBS))})\b", re.I)
_STARTED_ON = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+were\s+started\s+on\b",
                         re.I)
_AFTER_RANDOMISATION = re.compile(r"^(?:[^.;]{0,20}\b)?(?:after|following|at) randomi[sz]ation\b", re.I)
_RECEIVED = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:were\s+|being\s+)?"
                       rf"(?:{'|'.join(map(re.escape, _RECEIVED_VERBS))})\b", re.I)


def _more_arms(rest: str) -> list[int | None]:
    """The arms told after a first one: "..., 117 to B and 118 to C", or a last bare one ("... and 905 placebo")."""
    more = [_number(m.group("num")) for m in _NEXT_ARM.finditer(rest)]
    if not more and (bare := _BARE_ARM.match(rest)):
        more = [_number(bare.group("num"))]
    return more


# Groups told in one sentence with the people named once: "190 recipients in the FTR group and 245 in the control
# group", "35 study and 64 control patients".
_IN_GROUP = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:were\s+)?"
                       r"(?:in|into|on)\s+the\s+[^,.;()]{1,40}?\b(?:group|arm)\b", re.I)
_NEXT_IN_GROUP = re.compile(rf"^\s*(?:,|;|\band\b)\s+(?:and\s+)?(?P<num>{_NUMBER})\s+(?:{_PEOPLE}\s+)?(?:were\s+)?"
                            r"(?:in|into|on)\s+the\s+[^,.;()]{1,40}?\b(?:group|arm)\b", re.I)
# ... each group's word may carry an aside ("300 elderly (>60 years) and 300 young (<35 years) persons"), or the two
# numbers may share the people ("Totals of 245 and 210 patients were recruited into the two studies"); the first
# group may be told by two words ("Ten hospitalized schizophrenic and 10 schizoaffective patients"; round 39).
_ASIDE = r"(?:\([^()]{1,30}\)\s+)?"
_PAIRED_GROUPS = re.compile(rf"(?<![\w.,\-/])(?P<a>{_NUMBER})\s+(?:(?!{_UNIT_WORDS}|{_PEOPLE}\b|{_WORD}\b|and\b|or\b)"
                            rf"[A-Za-z-]+\s+{_ASIDE}){{0,2}}"
                            rf"(?:and|or|vs\.?|versus)\s+(?P<b>{_NUMBER})\s+(?!{_UNIT_WORDS})"
                            rf"(?:[A-Za-z-]+\s+{_ASIDE}){{0,2}}?"
                            rf"{_PEOPLE}\b(?!-\w)", re.I)
# ... or the people named once after the second of two groups told by "in" ("Baclofen was administered orally in 14
# and intrathecally in 8 patients").
_IN_AND_IN = re.compile(rf"\bin (?P<a>{_NUMBER}) and (?:[\w-]+ ){{0,2}}in (?P<b>{_NUMBER}) (?:[\w-]+ ){{0,2}}?{_PEOPLE}\b"
                        r"(?!-\w)", re.I)
_ARMS_OF = re.compile(rf"(?:\b\d[\d,]*|(?<![\w-]){_WORD}(?:-{_WORD})?)\s+(?:\(\S+\)\s+)?of\s+(?:the\s+)?(?P<a>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+"
                      rf"(?:who\s+(?:were\s+)?)?(?:treated|receiving|given|taking|randomi[sz]ed|assigned|allocated|on|in the"
                      rf"|in (?:group|arm)\b)\b"
                      rf"[^;]{{0,80}}?\band\s+(?:in\s+)?\d[\d,]*\s+(?:\(\S+\)\s+)?of\s+(?:the\s+)?(?P<b>{_NUMBER})\s+"
                      rf"(?:(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:who\s+(?:were\s+)?)?(?:treated|receiving|given|taking"
                      rf"|randomi[sz]ed|assigned|allocated|on|in the)\b|in (?:group|arm)\b)", re.I)
# The singular words of ``_PEOPLE``: after a number above one they qualify another noun ("2 patient situations").
_SINGULAR_PEOPLE = frozenset({"patient", "subject", "participant", "volunteer", "individual", "person"})
# ... but the study they size is the sample ("A 335 patient double-blind parallel-group study comparing ...").
_SIZED_STUDY = re.compile(r"\s+(?:[\w-]+\s+){0,3}?(?:study|trial)\b", re.I)
_PEOPLE_WORD = re.compile(rf"\b{_PEOPLE}\b", re.I)
_SINGLE_CASE = re.compile("|".join(wording for wording, uses in _CASE_WORDINGS if "one" in uses), re.I)
# One patient told of as "the patient" doing or undergoing something, read only in an abstract that names no people
# in the plural (``_MANY_PEOPLE``): a single case told without a case word.
_THE_PATIENT = re.compile(r"\bthe patient (?:had|has|was|developed|underwent|received|recovered|remained|died|is now"
                          r"|became)\b", re.I)
_MANY_PEOPLE = re.compile(r"\b(?:patients|subjects|children|volunteers|participants|people|women|men|individuals)\b",
                          re.I)
# "particularly in a woman with an intact uterus": one patient only where the sentence tells what happened to her
_IN_ONE_PERSON = re.compile(r"\bin (?:an?|one) (?:[\w-]+ ){0,3}(?:man|woman|boy|girl|child|infant) (?:with|who)\b", re.I)
_TOLD_OF_ONE = re.compile(r"\b(?:was|were|had|has been|have been|developed|presented|received|underwent|showed"
                          r"|improved|resolved|occurred|appeared|died|recovered|reported|described|observed"
                          # ("Ketamine oral rinse provided effective palliation of ... pain in a 32-year-old woman with")
                          r"|provided|produced|relieved"
                          # ("Insertion of an intrathecal baclofen pump in a 13-year-old boy with severe spasticity ...
                          # resulted in an estimated 30 to 40% decrease in his spasticity")
                          r"|resulted in"
                          # the authors tell of their one patient ("We report our experience of pain management in an
                          # 11-year-old boy with ...")
                          r"|we (?:report|describe|present))\b", re.I)
# The paper's own few cases ("This study reports two unusual cases of acquired HO", "We describe three cases").
# ... or a few-case series ("We present a four-case series").
_FEW_CASES = re.compile(rf"\b{_CASE_AUTHOR} {_CASE_VERB} (?P<k>{_words(2, 3, 4, 5)}|[2-5]) (?:[\w-]+ ){{0,2}}?cases\b"
                        rf"|\b{_CASE_AUTHOR} {_CASE_VERB} an? (?P<k2>{_words(2, 3, 4, 5)}|[2-5])-case series\b"
                        rf"|(?:^|(?<=\. ))(?P<k3>{_words(2, 3, 4, 5)}|[2-5]) cases (?:of [^.;]{{0,160}}? )?(?:are|were)"
                        r" (?:described|presented"
                        r"|reported)\b"
                        # "as illustrated in this paper by two case histories"
                        rf"|\b(?P<k4>{_words(2, 3, 4, 5)}|[2-5]) case histories\b", re.I)
# A sentence that opens a case ("A 57-year-old man developed ..."); two or more are as many patients.
_CASE_OPENING = re.compile(rf"^(?:(?:in|case|patient) \d+[:,.]?\s+)?an? \d+[- ](?:year|month)s?[- ]old (?:[\w-]+ ){{0,3}}?"
                           rf"{_CASE_PERSON}\b", re.I)
_ANIMAL_SENTENCE = re.compile(r"\b(rats?|mice|dogs?|rabbits?|guinea[- ]pigs?|pigs|piglets|sheep|monkeys?|hamsters?"
                              r"|cats|animals)\b", re.I)
# A count of animals ("27 blood-perfused rabbit hearts", "Twenty-eight female Sprague Dawley rats").
_ANIMAL_COUNT = re.compile(rf"(?<![\w.,\-/]){_NUMBER}\s+(?:[\w-]+\s+){{0,3}}?(?:rats?|mice|dogs?|rabbits?|guinea[- ]pigs?"
                           r"|pigs|piglets|sheep|monkeys?|hamsters?|cats|animals)\b", re.I)
# A sex or age word qualifying animals ("female Sprague Dawley rats", "age-matched virgin female spiny mice"): no people.
_ANIMAL_SEX = re.compile(r"\b(?:males?|females?)\s+(?:[\w-]+\s+){0,3}?(?:rats?|mice|dogs?|rabbits?|guinea[- ]pigs?|pigs"
                         r"|piglets|sheep|monkeys?|hamsters?|cats|animals)\b", re.I)
# What a clause does with the people it counts: randomised > enrolled / included > treated / analysed.
# What a whole sample completes ("completed the California Verbal Learning Test", "completed a questionnaire"): a
# test or form, after up to four words naming it. Completing one is what everyone studied did (role 3), not the
# part that stayed (``_SUBSET_AFTER``).
# (or by its acronym: "One hundred thirty-four patients completed the MBQ", "completed the SF-36"; round 38)
_INSTRUMENT = (r"(?:(?:[\w-]+ ){0,4}?(?:tests?|questionnaires?|scales?|inventory|battery|tasks?)\b"
               r"|(?-i:[A-Z]{2,}[A-Z0-9]*(?:-\d+)?)(?![\w-]))")
_ROLE: tuple[tuple[int, re.Pattern[str]], ...] = (
    (5, re.compile(r"\brandomi[sz](?!ation\b)|(?<!\bat )(?<!\bat treatment )(?<!\bafter )(?<!\bsince )"
                   r"(?<!\buntil )\brandomi[sz]ation\b|\brandomly (?!selected|chosen|sampled)|\bassignment was random"
                   r"|\brandom (order|allocation|assignment|fashion|manner)|\ballocated\b|\bassigned\b", re.I)),
    # (not people who "comprised Group A", one of the groups: "Twenty patients treated with fosinopril ... comprised
    # Group A and 20 treated with atenolol ... Group B", after all counted; round 34)
    (4, re.compile(r"\benrol+(ed|ment|ing)?\b|\brecruited\b|\bentered\b|\bentering\b|\bparticipated\b|\bincluded\b"
                   r"|\bincluding\b|(?<!\bresponded )\b(?:met|fulfil+ed) (our |the )?(inclusion|criteria)|\beligible\b|\bstudy population\b"
                   r"|\bconsisted of\b|\bcomprised\b(?!\s+(?:the\s+)?(?:groups?|arms?)\s+(?:[A-D]|[IV]{1,3}|[1-4]|one|two)\b)|\bwe studied\b|\bwere studied\b|\bstudy (of|in|involving)\b"
                   r"|\bsample\b|\bsurvey\b|\binvolving\b|\binvolved in (?:the |this |our )?(?:present )?(?:study|trial)\b|\bcohort of\b|\btotal of\b|\bparticipants?\b"
                   r"|\bsubjects (were|was)\b|\bmatched (with|to)\b"
                   # the authors' series, counted as they tell it ("We describe five patients with markedly severe
                   # dystonia"), above the few of them a later sentence finds something in
                   rf"|\bwe (?:now |here )?(?:describe|report|present) {_NUMBER} (?:[\w-]+ )?(?:patients|children|women|men)\b", re.I)),
    (3, re.compile(r"\btreated\b|\breceived\b|\bcompleted (?:the |an? )" + _INSTRUMENT + r"|\breceiving\b|\bunderwent\b|\bundergoing\b|\boperated on\b"
                   r"|\b(were|was) (\w+ly )?(evaluated|examined|assessed|reviewed|analy[sz]ed|identified|investigated|tested"
                   r"|followed|compared|selected|given|administered|measured|interviewed|screened|genotyped|referred)\b"
                   r"|\bwe (evaluated|examined|assessed|reviewed|analy[sz]ed|identified|investigated|tested|followed"
                   r"|report|describe|present|measured|compared|interviewed|retrospectively)\b|\bstudied\b"
                   r"|\bvolunteer(s|ed)\b|\bundergo\b|\bin \S+ (patients|subjects)\b|\b(was|were) (performed|carried out|conducted) (on|in)\b|\b(was|were) (performed|carried out|conducted|undertaken) among\b|\breviewing\b|\bretrospectively reviewed\b", re.I)),
)
# The sample's make-up given as a share right after its count ("809 patients (31% females)"): not a subset.
_MAKE_UP = r"(?:women|men|males?|females?|boys|girls|white|black|caucasians?|african[- ]americans?|hispanics?)"
# Words right after a count that make it a part of the sample, not the sample ("12 patients withdrew"), or a number
# that was only planned ("50 patients had been planned ... terminated after 32 had been enrolled"); "N patients
# (who received X) developed Y" is a result in some of them, "who had developed" selects them. "Completed a
# test / an exercise" ("completed the California Verbal Learning Test") is what the whole sample did, not the part
# that stayed; "An additional five patients did not undergo laparotomy" tells a part ("who did not" selects them).
_SUBSET_AFTER = re.compile(r"^\s+additional (?:patients?|persons?|subjects?) who would\b"
                           # one person against the next, a variation told ("Pain varies tremendously from one patient
                           # to the next"), not a count
                           r"|^\s+(?:[\w-]+\s+){0,2}?to (?:the next|another)\b"
                           # an opinion told of some of them ("Four physicians stated that the visit influenced their
                           # prescribing")
                           # (not all who entered: "A total of 37 participants entered and completed the study,
                           # including 10 healthy volunteers, ..."; round 34)
                           r"|^\s+(?:[\w-]+\s+){0,2}?(?:stated|said|felt|believed|thought|agreed) that\b|^[^.;:]{0,60}?\b((?<!self-)(?<!who had )(?<!who have )(?<!entered and )(?<!enrolled and )completed(?! an?\b)(?! the " + _INSTRUMENT + r")|withdrew|(?<!study was )(?<!trial was )discontinued|dropped out|lost to follow|(?<!who )died"
                           r"|were excluded|(?<!who )responded|remitted|re-bled|relapsed|evaluable|still (?:on|receiving|taking)|had to be excluded|(?<!who )(?<!had )developed|(?<!who )(?:did|could) not (?:undergo|receive|complete"
                           r"|continue|return|attend|participate|respond|tolerate|agree|consent|meet)"
                           r"|(?:had been|has been|have been|were|was|are|is) (?:originally )?(?:planned|intended|needed)|would be needed"
                           # a part told by how little of the treatment it took ("two patients took less than 50% of
                           # the drugs")
                           r"|(?:took|received|used|consumed) (?:less|fewer) than"
                           # a part told by what it reported ("Forty-two patients reported adverse events")
                           r"|(?:reported|experienced|had) (?:\w+ )?(?:adverse (?:events?|effects?|reactions?|experiences?)|side[- ]effects?))\b"
                           r"|^[^.;:]{0,40}?\b(per|to|for) (each|every) (case|patient|subject)\b"
                           # a country's or the world's people ("About 350,000 persons in the United States have
                           # multiple sclerosis"): a burden told, not people studied
                           r"|^[^.;:]{0,30}?\b(?:in the (?:United States|US|USA|UK|United Kingdom|world)|worldwide)\s+"
                           r"(?:each year\s+|annually\s+)?(?:have|has|suffer|are affected|live with|die)\b"
                           # one arm ("stopped after 26 patients have been assigned to this group")
                           r"|^[^.;:]{0,30}?\b(?:assigned|allocated|randomi[sz]ed) to this (?:group|arm)\b"
                           r"|^[^.;:\d]{0,40}?\b(?:per|in each|in every|for each|into each|to each) (?:[\w-]+ )?(?:group|arm)\b"
                           # a count per unit ("10 patient records per hospital"), per case ("matched to 2 controls
                           # each")
                           r"|^[^.;:\d]{0,30}?\bper (?:hospital|cent(?:re|er)|site|practice|ward|clinic|physician|doctor"
                           r"|practitioner|case)\b|^\s+(?:[\w-]+\s+)?controls? each\b"
                           # ... told "at each" ("The case notes of 100 women at each department were examined")
                           r"|^[^.;:\d]{0,30}?\b(?:at|in|from) (?:each|every) (?:of the )?(?:[\w-]+ )?(?:hospital|cent(?:re|er)"
                           r"|site|practice|ward|clinic|department|unit|institution|school)s?\b"
                           r"|^[^.;:]{0,40}?\b(?:will|is to|are to|to) be (?:\w+ )?(?:randomi[sz]ed|enrol+ed|recruited"
                           r"|included|assigned|allocated|studied|treated)\b"
                           # (a share in words too, "117 patients (57 percent) continued their assigned treatment";
                           # round 34)
                           rf"|^\s*\w*\s*(\([^)]*\)\s*)?\(\s*\d+(\.\d+)?\s*(?:%|percent\b|per cent\b)(?!\s*(?:were\s+)?{_MAKE_UP}\b)"
                           # (not the share taken of those screened: "4736 persons (1.06%) selected from 447,921")
                           # (nor the share found of a larger series: "Fourteen patients (5%) with an intermediate
                           # septal accessory pathway were identified among 283 consecutive patients")
                           r"(?![^()]*\)\s+(?:selected|drawn|sampled|chosen) from\b|[^()]*\)[^.;]{0,80}?\bwere identified among\b"
                           # (nor the share of those eligible who were recruited: "158 patients (82% of 194 possible
                           # cases) were recruited")
                           r"|\s+of\s+[^()]*\)\s+(?:were|was)\s+(?:recruited|enrol+ed|included|randomi[sz]ed)\b)"
                           # (not a drug's strength after it was given: "Twenty-six patients received bupivacaine
                           # (0.1%) and 29 patients received placebo")
                           r"|^(?![^.;:]{0,40}?\b(?:received|receiving|given)\s+[\w-]+\s+\(\s*\d+(?:\.\d+)?\s*%\))"
                           r"[^.;:]{0,40}?\(\s*\d+(\.\d+)?\s*(?:%|percent|per cent)\)(?!\s+(?:selected|drawn|sampled|chosen) from\b"
                           r"|[^.;]{0,80}?\bwere identified among\b)", re.I)
# A number the study means to reach, told before it ("aims to randomise", "are seeking to enroll a total of").
_PLANNED_BEFORE = (r"(?:\b(?:aims?|aiming|seeks?|seeking|plans?|planning|intends?|intending|intended|expects?|expecting|hopes?)"
                   r" to (?:enrol+|randomi[sz]e|recruit|include|study|treat)"
                   # "By the end of enrollment the authors anticipate a total of 500 patients"
                   r"|\b(?:anticipates?|anticipating|expects?|expecting))\s+(?:a total of\s+)?(?:approximately |about "
                   r"|around |some |up to |over |at least )?")
# Words right before a count that make it a part ("12 of 40", "among", "of which" ...); "in which" is not one ("a
# trial in which 15 patients were randomized" introduces the sample).
_SUBSET_BEFORE = re.compile(rf"(?:\b{_NUMBER}\s+(?:\(\S+\)\s+)?of\s+(?:the\s+)?|\baffect(?:s|ing)\s+(?:between\s+[\d,]+\s+and\s+|about\s+|approximately\s+|an estimated\s+|some\s+|over\s+|more than\s+)?|\b(?<!questionnaire )(?<!survey )(?<!study )(?<!trial )(?<!carried out )(?<!conducted )(?<!performed )(?<!undertaken )(?:among|per|than|whom|(?<!\bin )which|up to)"
                            rf"\s+|\b(?:for|per) (?:every|each) \w+,?\s+|%\s+of\s+|\d\s*\(\s*|\b{_PEOPLE}\s*\(\s*"
                            rf"|[<>≤≥±/]\s*|\b(?:occurred|observed|found|seen|noted|detected|required|developed|documented|recorded|withdrawn)\s+in\s+"
                            # a per-group count ("2 groups of 19"), a bound ("included at least 100 patients"),
                            # a planned one ("a trial that will include 10000 adults"), money ("$Can 2 patient
                            # copayment", "US$ 40"), the first or last few ("The first 21 volunteers randomized")
                            # (a part of one group, "From group B only 8 patients participated in a second ...";
                            # round 35)
                            rf"|\bgroups of\s+|^from (?:the )?(?!each |every |all )(?:[\w-]+ )?group(?: [A-D]| [1-4]| I{{1,3}})?,?\s+(?:only\s+)?|\b(?:at least|at most|a (?:minimum|maximum) of)\s+"
                            # a part measured ("Sufentanil plasma levels were measured in a subset of eight patients")
                            rf"|\bin a (?:random )?(?:sub-?set|subgroup|sub-?sample) of\s+"
                            # others' earlier report ("Tonic seizures ..., first reported in 4 patients with multiple
                            # sclerosis"), not the paper's people
                            rf"|\b(?:first|previously|originally|initially|earlier) (?:been )?(?:reported|described) in\s+"
                            # an average ("with a mean cohort size of 10 979 patients"), not a count of people
                            rf"|\b(?:mean|median|average) (?:[\w-]+ )?(?:size|number) of\s+"
                            # a number the study means to reach ("The study aims to randomise 400 patients", "are
                            # seeking to enroll a total of 1,500 persons"), a rate ("for every 1000 patients treated")
                            rf"|{_PLANNED_BEFORE}|\bfor every\s+|\ball but\s+"
                            # a rate told as one in so many ("Almost one in 50 women suffering eclamptic seizures die")
                            # (not a unit's exponent: "0.75 microg.ml-1 in 42 women", "micrograms.kg-1.h-1 in 32
                            # healthy young adults"; round 32)
                            rf"|(?<![\w.\-/^])(?:one|1) in\s+"
                            # each group's size after the groups ("were randomized to two groups, each with 37 patients")
                            rf"|\beach (?:with|containing|comprising|consisting of)\s+"
                            # the end of a range ("95 to 140 fewer patients"): no one number
                            rf"|(?<![\w.,])\d[\d,]*\s+to\s+"
                            # a number aimed at, not reached ("to exceed the target of 10 000 randomised subjects",
                            # "a planned sample size of 300 patients")
                            rf"|\b(?:target|goal|planned|projected|intended|anticipated)\s+(?:sample\s+|enrol+ment\s+"
                            rf"|recruitment\s+)?(?:size\s+)?(?:of|was|is|:)?\s*(?:approximately |about |around |some |over "
                            rf"|at least )?"
                            rf"|\b(?:will|shall) (?:\w+ )?(?:include|enrol+|recruit|randomi[sz]e|involve|study"
                            rf"|treat|follow)\s+(?:approximately |about |around |some |up to |over |at least )?"
                            rf"|[$£€¥]\s*(?:[A-Z][A-Za-z]{{1,2}}\s+)?|\b(?:US|Can|CAN|AU|NZ|HK)\$\s*"
                            rf"|\b(?:USD|EUR|GBP|CAD|AUD|CHF|SEK|DKK|NOK|FF|DM|INR|Rs)\.?\s*"
                            # the second of two types, classes or grades ("type 1 and 2 diabetics", "social class 1
                            # and 2"): a code, not a count
                            rf"|\b(?:types?|grades?|stages?|class(?:es)?|phases?)\s+(?:\d|I{{1,3}}|IV)\s*(?:,|and|or|&)\s*"
                            rf"|(?<!evaluated )(?<!studied )(?<!included )(?<!enrolled )(?<!reviewed )(?<!analyzed )"
                            rf"(?<!analysed )(?<!treated )(?<!examined )\bthe (?:first|last)\s+"
                            rf"|\b(?:type|grade|stage|class|phase|asa|nyha"
                            rf"|level|day|week|month|year|visit|table|figure|fig|step|cycle|score|version|no|aged?|ages"
                            rf"|(?<!compared )(?<!comparison )between|over|under|approximately)\.?\s+)$", re.I)
# A span of years before a number that is itself a year (its end, not a count of people).
_YEAR_SPAN = re.compile(r"\b(?:19|20)\d\d\s*(?:to|through|until|-|–)\s*$", re.I)
# ... or told as planned after it ("Recruitment of a total of 1500 patients (750 per treatment group) has been planned").
_PLANNED_AFTER = re.compile(r"^[^.;:]{0,60}?\b(?:has|have|had) been (?:planned|intended)\b", re.I)
# A count told as planned ("will be randomized", "are to be enrolled").
_TO_BE_VERB = (r"\b(?:will|is to|are to|shall|(?:is|are) (?:planned|expected|intended) to) be (?:\w+ )?(?:randomi[sz]ed|enrol+ed|recruited|included|assigned|allocated"
               r"|studied|treated)\b")
_TO_BE = re.compile(r"^[^.;:]{0,60}?" + _TO_BE_VERB, re.I)
# ... in the count's own clause, however far the verb ("an ethnically diverse population of 480 men and women with
# essential hypertension and increased LV mass of screening echocardiography will be enrolled").
_TO_BE_LATER = re.compile(r"[^.;:]{0,160}?" + _TO_BE_VERB, re.I)
# Where the words after a count start to tell of another count ("25 entered but 19 completed", "Of 26 men who
# entered the study, 23 completed", "3,100 patients, of whom 136 (4%) were children", "Out of 201 patients entering
# the study 156 completed", "110 were enrolled (92 completed, 18 discontinued)"): a subset word after it is that
# count's, not this one's.
_NEXT_COUNT = re.compile(rf"(?:\b(?:but|whereas|while|and)|,)\s+(?={_NUMBER}\b)"
                         rf"|,?\s*\b(?:of|among) (?:whom|which|these|them|those)\b,?\s*"
                         rf"|(?:\s|\()(?={_NUMBER}\s+(?:\(\s*\d[^)]*\)\s+)?(?:[A-Za-z-]+\s+){{0,2}}?(?:completed|withdrew"
                         rf"|discontinued|dropped out|died|responded|evaluable)\b)", re.I)
# A count of those who completed the study, read only when the abstract counts nobody else.
# (also with a few words between the people and "completed", and "this study": "Forty duodenal ulcer patients in
# asymptomatic remission completed this randomized open two-way crossover study"; round 26)
# (up to six words: "Thirteen patients with mild to moderate essential hypertension completed this randomized,
# double-blinded, placebo-controlled, crossover study"; round 34)
_COMPLETED = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:(?!of\b)\w+\s+){{0,6}}?"
                        # (the words may be set off by commas, "completed this single-dose, three-phase sequential
                        # crossover study", and a titration is a phase: "who completed the 18-week titration"; round 32)
                        r"completed\s+(?:the |their |all |both |this |our )?(?:[\w-]+,?\s+){0,5}?(?:study|studies|trial|treatment"
                        r"|therapy|protocol|titration"
                        r"|course|programme|program|period|follow-up|phases?|visits?)\b"
                        # ... or of those evaluable or analysed ("Data from 313 patients were evaluable for efficacy")
                        rf"|(?<![\w.,\-/])(?P<num2>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:were|was)\s+"
                        r"(?:\w+ly\s+)?(?:evaluable|analy[sz]ed)\b", re.I)
# A later sentence that adds a group to the people counted before ("Next, we treated another group of 8 patients",
# "Another 34 outpatients were also treated", "The same protocol was followed in 10 patients with CAD and in 13
# controls", "Their efficacy was also compared in 23 patients"): its count joins the earlier one.
# A finding told in a count of people ("was found in 2 patients").
_FOUND_IN_COUNT = re.compile(rf"\b(?:found|seen|observed|present|noted|documented) in {_NUMBER} (?:[\w-]+ ){{0,2}}?{_PEOPLE}\b",
                             re.I)


_FURTHER_GROUP = re.compile(
    rf"\b(?:another|a (?:second|third|further|separate|new|parallel)|an additional) (?:group|sample|cohort|series|set) of\s+"
    rf"(?={_NUMBER}\s)|\b(?:another|a further|an additional)\s+(?={_NUMBER}\s)"
    # a second study of the paper's own ("In a second 12-week, open-label, short-term pilot study, 25 postmenopausal
    # women were treated"): its people join those of the first, randomised or not (two trials are summed)
    rf"|\bin a (?:second|further|separate) (?:[\w-]+,?\s+){{0,6}}?(?:study|trial),\s+(?={_NUMBER}\s)"
    # "Additionally, 10 healthy female volunteers underwent the same test"
    rf"|^additionally,?\s+(?={_NUMBER}\s)"
    # "A total of 25 other subjects received lisinopril as the active control", after the 22 given the study drug: a
    # group treated beside them (round 31; not "Six other patients developed a rash", a finding)
    rf"|^(?:a total of\s+)?(?={_NUMBER}\s+other\s+(?:[\w-]+\s+)?{_PEOPLE}\s+(?:received|were (?:given|treated|studied"
    r"|enrol+ed|included)|served as)\b)"
    r"|\b(?:the same|an identical|a similar) (?:protocol|procedure|study|design|tests?|examinations?|investigations?"
    r"|measurements?|experiments?|assessments?) (?:was|were) (?:also )?(?:\w+ )?(?:followed|performed|carried out"
    r"|repeated|applied|used|conducted|done|undertaken|made)\s+(?:also\s+)?in\s+(?=\d|[A-Za-z]+\s)"
    r"|\b(?:was|were) also (?:\w+ed) in\s+(?=\d|[A-Za-z]+\s)"
    # "Four patients with AA and one hypertensive patient treated with captopril were also studied"
    rf"|^(?=(?:a total of )?{_NUMBER}\s[^.;]{{0,120}}?\b(?:were|was) also (?:studied|examined|investigated|included"
    r"|tested)\b)"
    # "Initial results were compared with 17 healthy age-matched subjects and eight patients suffering from ..."
    r"|\b(?:(?:initial|baseline|these|the) )?(?:results|values|findings|measurements) (?:were|was) (?:then |also )?"
    r"compared with\s+(?=\d|[A-Za-z]+\s)"
    # "These patients were compared, with respect to pain, with 258 patients that received placebo"
    rf"|\b(?:(?:these|those|the|all) (?:[\w-]+ ){{0,2}}?{_PEOPLE}|they) (?:were|was) (?:then |also )?compared\b[^.;]{{0,80}}?"
    r"\bwith\s+(?=\d|[A-Za-z]+\s)", re.I)
# The paper reports two or three studies of its own ("was studied in two multicenter trials", "assessed in 2
# separate studies that recruited ...", "Two double-blind studies were carried out"): each study's count is the
# best count of the next sentences that count people, one sentence each, and the sample is their sum.
_SEVERAL_STUDIES = re.compile(
    rf"\b(?:in|from|during)\s+(?:the\s+)?(?P<k>{_words(2, 3)}|2|3)\s+"
    r"(?:(?!previous|earlier|prior|published|other)[\w-]+,?\s+){0,6}?(?:trials|studies|experiments)\b"
    r"(?![^.]{0,40}\b(?:have|has) (?:shown|reported|found))"
    rf"|^(?P<k2>{_words(2, 3)}|2|3)\s+(?:[\w-]+,?\s+){{0,6}}?(?:trials|studies|experiments)\s+(?:were|was)\s+(?:\w+\s+)?"
    r"(?:carried out|conducted|performed|undertaken|done)\b", re.I)
# Words without which neither of the two patterns above can match (looked for first: cheaper).
_FURTHER_WORDS = ("another", "second", "third", "further", "separate", "new", "additional", "same", "identical",
                  "additionally", "other",
                  "similar", "also", "parallel", "compared")
_STUDIES_WORDS = ("trials", "studies", "experiments")
# A group labelled as the controls after its description ("36 patients ... without PIPE (control group)").
_CONTROL_LABEL = re.compile(r"[^.;()]{0,100}?\((?:the |a )?control(?:s| group| subjects)?\)", re.I)
# A count, its people and a colon, then the next count ("176 patients with chronic renal failure: 120 hemodialysis
# and 56 nondialysis patients"): what follows the colon is its breakdown.
_COLON_PARTS = re.compile(rf"{_NUMBER}\s+[^.;:()]{{0,80}}:[^.;:]*", re.I)
# Words after a count that open its breakdown: the counts that follow are parts of it, not more people.
_BREAKDOWN = re.compile(r"\b(?:including|consisting of|comprising|composed of|made up of|stratified|divided into"
                        r"|subdivided into|split into)\b", re.I)
# A study told in the future tense before its count ("ASCOT will test ... in 18,000 hypertensive patients").
_PLANNED = re.compile(r"\b(?:will|shall)\s+(?:\w+\s+)?(?:test|compare|include|enrol+|recruit|randomi[sz]e|study"
                      r"|consist of|comprise"
                      r"|examine|evaluate|assess|investigate|involve|follow|determine)\b[^.;]{0,120}$", re.I)
# Units counted in people ("312 pregnancies in 223 women", "36 attacks in 20 patients"): the people are the sample.
_UNITS_IN_PEOPLE = re.compile(rf"\s+in\s+{_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b", re.I)
# "N patients each" after the groups they make up ("three groups consisting of 18 patients each").
_EACH_AFTER = re.compile(r"\s+each\b", re.I)
_GROUPS_BEFORE = re.compile(r"\b(?:groups?|arms?)\b", re.I)
# Controls per case ("Each case was matched for sex and age with two normoalbuminuric control subjects").
_EACH_CASE = re.compile(r"\beach (?:case|patient|subject)\b[^.;]{0,60}\bmatched\b", re.I)
# Clinicians named as the agents of the study's work ("extracted independently by two doctors", "data on patients
# were collected from 20 general practitioners"): they did the work, the people studied are others.
_AGENT_BEFORE = re.compile(r"\b(?:extracted|abstracted|reviewed|read|rated|scored|graded|coded|interpreted|classified"
                           r"|judged|checked|validated|verified|collected|obtained|gathered|supplied|provided)"
                           r"\s+(?:\w+ly\s+)?(?:by|from)\s+$", re.I)
# (also the trial the analysed people were drawn from: "examined 573 patients receiving olanzapine and 103 patients
# receiving haloperidol ... from a study of 1,996 patients randomly assigned 2:1"; round 38)
_BASE_BEFORE = re.compile(r"\b(population|base|pool|catchment|registry|database) of\s+$|\bout of\s+$"
                          r"|\bfrom (?:a|the) (?:[\w-]+ ){0,2}?(?:study|trial) of\s+$", re.I)
_COMPLEMENT = re.compile(r"\b(remaining|the other|while|whereas|and|or|with|versus|vs\.?|compared|plus|paired"
                         r"|matched (to|with))\b", re.I)


def _number(text: str) -> int | None:
    """An integer from digits ("1,234") or words ("One hundred and fifty-four")."""
    text = text.strip().lower()
    if re.fullmatch(r"\d{1,3}(,\s?\d{3}|[\s\u2009]\d{3})+|\d+", text):
        return int(re.sub(r"[,\s\u2009]", "", text))
    total = current = 0
    seen = False
    for word in re.split(r"[\s-]+", text):
        if word == "and" or not word:
            continue
        if word in _UNITS:
            current += _UNITS[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "fourty":  # a common misspelling of forty (round 33)
            current += 40
        elif word in ("hundred", "hundreds"):
            current = max(current, 1) * 100
        elif word in ("thousand", "thousands"):
            total += max(current, 1) * 1000
            current = 0
        else:
            return None
        seen = True
    return total + current if seen else None


def _role(text: str) -> int:
    for priority, pattern in _ROLE:
        if pattern.search(text):
            return priority
    return 1


# (a comma inside an aside does not end the clause: "Fifty-three consecutive untreated hypertensive patients (mean
# +/- SD age 55 +/- 10 years, 42 male) were investigated")
_CLAUSE_END = re.compile(rf"[;:](?![^()]*\))|(?<![\s(][A-Z])\. |, (?!aged? )(?=\w+ \d)(?![^()]*\))"
                         rf"|, (?=\d[\d,]*\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b)(?![^()]*\))", re.I)


# A count told only as those screened ("71 patients were screened", "were screened for eligibility").
# ... or right after the people ("recruited from 11914 persons screened in their communities": the pool)
_SCREENED = re.compile(r"^(?:[^.;]{0,20}?\b(?:were|was|had been|have been|has been) (?:\w+ly )?|\s*)"
                       r"(?:screened|assessed for eligibility)\b"
                       r"(?![^.;]{0,40}\b(?:and|then) (?:were |was )?(?:enrol+ed|included|randomi[sz]ed))", re.I)


# "those assigned to X" names an arm to tell its result ("Of the 25 patients who still ..., those assigned to
# ramipril had a better prognosis"): it does not randomise the count beside it.
_ARM_REFERENCE = re.compile(r"\bthose (?:who (?:were|had been) )?(?:randomi[sz]ed|randomly assigned|assigned"
                            r"|allocated)\b", re.I)


# A bracket right after the people, with one bracket inside ("Sixteen patients (11 women, mean age 46 (3) years) with
# persistent heartburn ..., were included"): their make-up, no further count (round 33).
_BRACKET_AFTER = re.compile(r"^\s*\((?:[^()]|\([^()]*\))*\)")
# The main verb of a sentence that opens with its count, told beyond the clause window ``_clause_role`` reads.
_FAR_VERB = re.compile(r"[^;]{100,400}?(?<!who )(?<!that )(?<!which )\b(?P<verb>(?:were|was)\s+(?:\w+ly\s+)?"
                       r"(?:randomi[sz]ed|randomly (?:assigned|allocated|divided)|allocated|assigned|enrol+ed|included"
                       r"|recruited|studied|investigated|evaluated|examined|treated))\b", re.I)


def _clause_role(sentence: str, start: int, end: int) -> int:
    """The role of the clause around one count: up to 60 characters before it and the rest of its clause after it."""
    before = re.split(r"[;:]", sentence[max(0, start - 60):start])[-1]
    after = _CLAUSE_END.split(sentence[end:end + 140])[0]
    if _SCREENED.match(after):
        return 2  # "A total of 71 patients were screened; 48 were excluded": those screened, not the sample (README)
    text = before + sentence[start:end] + after
    return _role(_ARM_REFERENCE.sub(" ", text) if "those" in text.lower() else text)


# The intention-to-treat and per-protocol populations of one trial ("intention-to-treat population n=110 ...;
# per-protocol population n=98"): the same people counted twice, never arms to sum; the sample is the first.
_PER_PROTOCOL = re.compile(r"\bper[- ]protocol\b|\bPP\b", re.I)
_INTENTION_TO_TREAT = re.compile(r"\bintention[- ]to[- ]treat\b|\bITT\b", re.I)
_ITT_BEFORE = re.compile(r"\bintent(?:ion)?[- ]to[- ]treat (?:population|sample|group|cohort|analysis)\s*\(\s*$", re.I)


def _two_populations(sentence: str) -> bool:
    """Whether a sentence counts a trial's intention-to-treat and its per-protocol population."""
    return bool(_PER_PROTOCOL.search(sentence) and _INTENTION_TO_TREAT.search(sentence))


# An "n =" in the brackets after a database or registry counts those the study was drawn from.
_BASE_N = re.compile(r"\b(?:database|registry|register|records)\s*\([^()]*$", re.I)
# Counts of units, not people, split by treatment in brackets ("589 evaluable migraine attacks (sumatriptan, n = 135;
# naratriptan, n = 90 ...)"): the "n =" there count the attacks.
_UNITS_SPLIT = re.compile(r"(?<![\w.,])\d[\d,]*\s+(?:[\w-]+\s+){0,3}?(?:attacks|episodes|lesions|procedures|eyes|teeth"
                          r"|samples|specimens|cycles|visits|admissions|consultations|prescriptions|infusions)\s*\("
                          # (not "1400 eyes (n = 700)": the people the eyes are of)
                          r"(?!\s*n\s*=\s*\d+\s*\))[^()]*\bn\s*=", re.I)


# People allocated to the arms that follow ("were randomized to receive A (n=193) or B (n=190)": ``_size_reading``).
_ALLOCATED_TO_ARMS = re.compile(r"\b(?:were|was) (?:randomi[sz]ed|randomly (?:assigned|allocated)) to (?:receive )?", re.I)


# Drugs stopped, not people who left ("all antihypertensive drugs except beta-blockers were withdrawn and either
# felodipine (...; n = 13) or ramipril (...; n = 15) was added"; round 33).
_DRUGS_WITHDRAWN = re.compile(r"\b(?:drugs?|medications?|treatments?|therap(?:y|ies)|agents?|medicines?)\b[^.;()]{0,40}?"
                              r"\b(?:were|was) withdrawn\b(?![^.;]{0,40}\b(?:patients?|subjects?)\b)", re.I)


def _arms(sentence: str) -> int | None:
    """The sum of "(n = 30) ... (n = 32)" in a sentence that allocates or compares groups, else None.

    A placebo named beside the counts is a compared arm too ("treatment n=69, placebo n=59")."""
    # (not the groups of earlier papers it is compared with: "was compared with previously reported data from A
    # (n = 10); B (n = 6)")
    earlier = re.search(r"\b(?:previously|earlier) (?:reported|published)\b", sentence, re.I)
    values = [_number(m.group("num")) or 0 for m in _N_EQUALS.finditer(sentence)
              if not earlier or m.start() < earlier.start()]
    if len(values) < 2 or _UNITS_SPLIT.search(sentence) or (re.search(r"\bnot included\b|\bexcluded\b|\bwithdr[ae]w(?!al)", sentence, re.I)
                                                          and not _DRUGS_WITHDRAWN.search(sentence)) \
            or _two_populations(sentence):
        return None
    if len(values) > 2 and values[0] == sum(values[1:]):
        return values[0]  # the total stated first, then its arms
    for i in range(1, len(values) - 2):
        if values[i] == sum(values[i + 1:]):
            # a later group, then its own arms, the last counts ("The first group (N = 52) was treated with CBT,
            # whereas the second group (N = 23) received ... either fluoxetine (N = 10) or bupropion (N = 13)"): the
            # arms are parts of it (round 32)
            return sum(values[:i + 1])
    spots = [m.span() for m in _N_EQUALS.finditer(sentence)]
    if len(values) > 2 and len(spots) == len(values) and \
            (split := _SPLIT_AFTER_COUNT.match(sentence, spots[0][1])) and \
            len(values) > (k := _number(split.group("k")) or 0) >= 2 and split.end() <= spots[1][0]:
        # the people counted first, then split into groups told by their own counts ("Amphetamine users (n = 19) were
        # divided into two groups, high dependence (n = 10) and low dependence (n = 10), ... and compared to an
        # age-matched control group (n = 9)"): the groups are parts of the first count, whatever their sum; a group
        # told after them is more people (round 32)
        return values[0] + sum(values[1 + k:])
    if re.search(r"\band/or\b", sentence[spots[0][1]:spots[-1][0]], re.I):
        # groups that overlap ("infants (n=30) met the entry criteria of acid exposure >5% (n=22) and/or abnormal
        # histology (n=15)"): parts of the first count, never arms to sum
        return values[0] if values[0] >= max(values[1:]) else None
    if re.search(r"\brandomi[sz]|\brandomly\b|\ballocated\b|\bassigned\b|\bgroups?\b|\b(received|receiving|"
                 # ("v." for versus: "for haloperidol (n = 522) v. olanzapine (n = 1192)"; round 39)
                 r"treated)\b|\b(or|and|vs\.?|versus|than|compared|controls?|placebo)\b|(?<![\w.])(?-i:v)\.(?=\s)",
                 sentence, re.I):
        return sum(values)
    return None


def _depth(text: str, at: int) -> int:
    """How many brackets are open at ``at``."""
    return text.count("(", 0, at) - text.count(")", 0, at)


# What lies between two counts of one list of groups (brackets removed): a few words describing the first group, then
# a comma or "and" ("nine bipolar patients with migraine, nine ...", "232 patients with NIDDM (...) and 830 ..."); no
# verb of its own, so the second group shares the first one's.
_LIST_GAP = re.compile(r"^(?:\s*(?!(?:were|was|had|have|has|who|whom|which|that|did|are|is|been|being|of|than|but|while"
                       r"|whereas)\b)[\w'-]+){0,6}?\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$", re.I)


_COMPARED_GAP = re.compile(r"^(?:\s*(?!(?:were|was|had|have|has|who|whom|which|that|did|are|is|been|being|of|than"
                           r"|but|while|whereas)\b)[\w'-]+){0,6}?\s*,?\s+(?:as\s+)?(?:compared (?:with|to)|versus|vs\.?)"
                           r"\s+(?:the\s+)?$", re.I)


_SPLIT_AFTER_COUNT = re.compile(rf"\s*\)?\s*(?:were|was) (?:\w+ )?(?:divided|subdivided|split|separated) into "
                                rf"(?P<k>{_words(2, 3, 4)}|[2-4]) (?:[\w-]+ )?(?:sub-?)?groups\b", re.I)
# People split into groups, the groups told after a colon ("were randomised in 2 groups: Group A included 27").
_INTO_GROUPS = re.compile(rf"\b(?:in|into) (?:{_words(2, 3, 4)}|[2-4]) (?:[\w-]+ )?groups\s*:", re.I)


def _clause_candidates(clause: str, offset: int) -> list[tuple[int, int, int, int]]:
    """(priority, is_sum, -position, n) for the counts of people in one clause (its groups summed)."""
    found: list[tuple[int, int, int, int]] = []
    counts: list[tuple[int, int, int, bool, bool]] = []  # (value, role, position, summable, a control group)
    inside: list[tuple[int, int]] = []  # "(9 men and 13 women)" right after a count: its breakdown, not more people
    clinicians: list[bool] = []  # whether each count counts clinicians (physicians, nurses ...)
    dropped = False  # a count in this clause was a part of the sample (a subset), so what it includes is too
    planned = "will " in clause or "shall " in clause
    last_end = 0  # where the last count kept ends (its people word)
    planned_end = 0  # where the last count planned, not reached, ends
    for match in _COUNT.finditer(clause):
        value = _number(match.group("num"))
        if not value or any(start <= match.start() < end for start, end in inside):
            continue
        if counts and _depth(clause, counts[0][2] - offset) == 0 and _depth(clause, match.start()) > 0 and \
                not re.search(r"\btotal\b[^()]*$", clause[:match.start()], re.I):
            continue  # inside brackets after a count of the clause: its breakdown ("16 female patients, mostly with a
            # first episode (seven pre- and nine postmenopausal subjects)"), not more people
        opening = re.match(r"\s*\(", clause[match.end():])
        if opening:
            close = clause.find(")", match.end())
            inside.append((match.end(), close if close > 0 else len(clause)))
        before = clause[max(0, match.start() - 40):match.start()]
        if planned_end and _LIST_GAP.match(re.sub(r"\([^()]*\)", " ", clause[planned_end:match.start()])):
            planned_end = match.end()
            continue  # the next group of a list the study means to reach ("anticipate a total of 500 patients with
            # disc herniation, 370 patients with spinal stenosis, and 300 patients with ...")
        if _SUBSET_BEFORE.search(before) and not (_AMONG_BASE.fullmatch(clause[:match.start()])
                                                   and _NEXT_PART.match(clause, match.end())) and not (
                before.endswith(("among ", "Among ")) and _ENROLLED_AFTER.match(clause, match.end())
                and not _AMONG_BASE.fullmatch(clause[:match.start()])):
            dropped = True
            if re.search(rf"(?:{_PLANNED_BEFORE})$", before, re.I):
                planned_end = match.end()
            continue  # "12 of 40 patients", "type 2 diabetic women", "aged 45 patients", "per 1,000 patients"
        if 1900 <= value <= 2030 and _YEAR_SPAN.search(before):
            continue  # the end of a span of years ("during 1996 to 1999 examined patients"), not a count
        if planned and _PLANNED.search(clause[:match.start()]):
            dropped = True
            continue  # "ASCOT will test the hypothesis ... in 18,000 hypertensive patients": a planned number
        if planned and _TO_BE_LATER.match(clause, match.end()):
            dropped = True
            continue  # "a population of 480 men and women with ... will be enrolled at clinical centers": planned
        if _UNITS_IN_PEOPLE.match(clause, match.end()):
            continue  # "312 pregnancies in 223 women": the people are the second count
        if (_EACH_AFTER.match(clause, match.end()) and _GROUPS_BEFORE.search(clause[:match.start()])) or (
                _EACH_CASE.search(clause[:match.start()])
                and re.search(r"\bcontrols?\b", f"{match.group('between')} {match.group('noun')}", re.I)):
            dropped = True
            continue  # "in three groups consisting of 18 patients each": one group's size, not the sample
        if _CLINICIANS.fullmatch(match.group("noun")) and _AGENT_BEFORE.search(before):
            continue  # "Articles were extracted independently by two doctors", "Data on patients ... were
            # collected from 20 general practitioners": those who did the study's work, not the people studied
        if (counts and (_BREAKDOWN.search(clause[counts[-1][2] - offset:match.start()])
                        or _COLON_PARTS.fullmatch(clause[counts[-1][2] - offset:match.start()]))) or (
                dropped and re.search(r"\bincluding\s+$", before)):
            continue  # "613 children, including 97 neonates"; "308 participants ..., consisting of 84 migraineurs and
            # 224 controls"; "seen in 28 patients, including 6 patients who ..."
        if value > 1 and match.group("noun").lower() in _SINGULAR_PEOPLE and \
                not re.match(r"\s+(?:records|charts|notes|files)\b", clause[match.end():], re.I) and \
                not _SIZED_STUDY.match(clause, match.end()):
            continue  # "in 2 patient situations", "as many as 3 patient reminders": a word for people used as an
            # adjective (but "Seventy-two patient records were included" counts the patients, a record each)
        role = _clause_role(clause, match.start(), match.end())
        if role < 3 and offset == 0 and not clause[:match.start()].strip() and \
                (far := _FAR_VERB.match(clause, match.end())) and not _COUNT.search(
                    _BRACKET_AFTER.sub(" ", clause[match.end():far.start("verb")], count=1)):
            # the sentence opens with its count and tells what was done with them past a long description ("Eighteen
            # patients with NIDDM, who were newly diagnosed or had ... for more than 3 months, were studied")
            role = max(role, _role(far.group("verb")))
        if counts and _LIST_GAP.match(re.sub(r"\([^()]*\)", " ", clause[last_end:match.start()])):
            # the next item of a list of groups told with one verb ("We studied nine bipolar patients with
            # migraine, nine ... without it, seven migraine patients, and nine matched normal controls"): the
            # verb before the first item is this one's too, however far back
            role = max(role, counts[-1][1])
        elif counts and _COMPARED_GAP.match(re.sub(r"\([^()]*\)", " ", clause[last_end:match.start()])):
            # the group the one just counted is compared with, told with the same verb ("were studied in 15
            # hypertensive patients with uncomplicated diabetes mellitus as compared with 15 patients with essential
            # hypertension"; round 38)
            role = max(role, counts[-1][1])
        if match.group("noun").lower() == "cases" and role < 3 and not _CASES_AND_CONTROLS.search(clause):
            continue  # "cases" counts people only where the clause counts them, or pairs them with controls
        after = _CLAUSE_END.split(clause[match.end("num"):])[0]
        after = _NEXT_COUNT.split(after, maxsplit=1)[0]
        subset = _SUBSET_AFTER.search(after) is not None
        base = _BASE_BEFORE.search(before) is not None
        if subset:
            dropped = True
            continue  # "Ten patients (18.5%) developed ...", "12 patients withdrew": a part, never the sample
        if base:
            role = min(role, 2)
        control = bool(re.search(r"\bcontrols?\b", before[-25:] + match.group("between") + " " + match.group("noun"),
                                 re.I)) or bool(_CONTROL_LABEL.match(clause[match.end():]))
        counts.append((value, role, offset + match.start(), not base, control))
        clinicians.append(bool(_CLINICIANS.fullmatch(match.group("noun"))))
        last_end = match.end()
    single_n = len(_N_EQUALS.findall(clause)) == 1  # a bare "control (n = 30)" is a group only when not an arm
    arms = [_number(m.group("num")) or 0 for m in _N_EQUALS.finditer(clause)]
    # "Eighty-six patients were randomly divided into two groups: treatment group (n = 44) and control group
    # (n = 42)": groups that add up to a count told before them are its parts, the controls among them
    split = len(arms) >= 2 and any(value == sum(arms) for value, _, _, _, _ in counts)
    for match in (_CONTROL_GROUP_N if not single_n else _CONTROL_N).finditer(clause) if not split else ():
        if counts and not any(offset + match.start() <= position for _, _, position, _, _ in counts) and not (
                counts[-1][0] == int(match.group("num3")) and offset + match.start() - counts[-1][2] <= 60):
            # (not the last count told again: "101 healthy pregnant controls (N = 101)")
            # "809 patients (31% females) and a matched healthy control group (n = 50)": the controls join them
            counts.append((int(match.group("num3")), 2, offset + match.start(), True, True))
            clinicians.append(False)
    if any(clinicians) and not all(clinicians):
        # "103 physicians and 175 patients were involved", "6 174 doctors enrolled 33 147 patients": the
        # clinicians who enrol or treat are not the sample when the patients are counted beside them
        counts = [count for count, clinician in zip(counts, clinicians) if not clinician]
    summable = [(v, r, p, c) for v, r, p, ok, c in counts if ok]
    top = max((r for _, r, _, _ in summable), default=0)
    if top >= 4:  # "384 randomized patients ... 193 women treated": the randomised / enrolled groups only,
        # with the controls they are compared to ("600 outpatients ... and 6,000 community controls")
        enrolled = [(v, r, p, c) for v, r, p, c in summable if r >= 4 or c]
        if all(c for _, r, _, c in enrolled if r >= 4):
            # only the control group was named with the enrolling verb ("were studied in a control group of 20
            # subjects and in 31 patients"): the patients it is compared with, treated / studied, count too
            enrolled = [(v, r, p, c) for v, r, p, c in summable if r >= 3 or c]
        summable = enrolled
    groups = _INTO_GROUPS.search(clause) if len(summable) >= 2 else None
    if groups and summable[0][2] - offset < groups.start():
        # "Fifty five patients ... were randomised in 2 groups: Group A included 27 patients ...": the groups told
        # after the colon are parts of the people counted before it, not more of them
        summable = [count for count in summable if count[2] - offset < groups.start()]
    if len(summable) >= 2 and _COMPLEMENT.search(clause):
        values = [v for v, _, _, _ in summable]
        largest = max(values)
        # the total told first, then its parts ("4736 men and women ..., 583 diabetic and 4149 nondiabetic
        # patients (4 additional patients not so classifiable ...)"): the parts may leave a few unclassified
        total = largest if len(values) > 2 and 0.9 * largest <= sum(values) - largest <= largest else sum(values)
        priority: float = max(r for _, r, _, _ in summable)
        if priority >= 3 and _CASES_AND_CONTROLS.search(clause) and any(c for _, _, _, c in summable):
            # cases and their controls together are a case-control study's sample, above the cohort or
            # registry they were drawn from ("1268 incident cases in the cohort, matched to 7598 control subjects");
            # only where the clause studies / includes them, not a result ("in the analysis of 13 cases and 77 ...")
            priority = max(priority, 4.5)
        found.append((priority, 1, -summable[0][2], total))
    found.extend((role, 0, -position, value) for value, role, position, _, _ in counts)
    return found


# People told by the sexes they are made of, in brackets after their word ("inpatients (700 women and 1295 men)").
_SEXES_IN_BRACKETS = re.compile(rf"\b{_PEOPLE}\s*\(\s*(?P<a>{_NUMBER})\s+(?:women|men|males?|females?|boys|girls)\s*"
                                rf"(?:,|and|&)\s+(?P<b>{_NUMBER})\s+(?:women|men|males?|females?|boys|girls)\s*\)", re.I)


# One comparison's people, told in its own clause ("...: 74.7% vs. 76%, OR 0.91 ... in a total of 1085 patients; for
# omeprazole and rabeprazole: ... in a total of 825 patients; ..."): three or more clauses of one sentence that each
# count their own people "in N" are separate samples, not one study's (README: null).
_COMPARISON_COUNT = re.compile(rf"\bin (?:a total of )?{_NUMBER} (?:[\w-]+ ){{0,2}}?{_PEOPLE}\b", re.I)


# Two groups that together make the whole ("Two hundred twenty-four patients (68%) were young and 105 (32%) were
# elderly"): their shares add up to 100%, so the two counts are everyone studied.
_WHOLE_SHARES = re.compile(rf"(?<![\w.,\-/])(?P<a>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+\((?P<p>\d+(?:\.\d+)?)\s*%\)"
                           rf"\s+(?:were|was|had)\b[^.;()]{{0,60}}?\band\s+(?P<b>{_NUMBER})\s+(?:(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+)?"
                           r"\((?P<q>\d+(?:\.\d+)?)\s*%\)", re.I)


# The people whose records were abstracted ("We abstracted records from 2943 Medicare beneficiaries"): those the
# study was drawn from, below any count of the people it then studied ("There were 621 patients aged 65 years or
# older with LVSD"); still the sample when no other count is told.
_RECORDS_FROM = re.compile(rf"\b(?:abstracted|extracted)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:records|charts)\s+(?:from|of)\s+"
                           rf"(?:all\s+)?(?P<num>{_NUMBER})\s", re.I)


# A year naming a group, not a count of it ("In comparison with the 1981 population, more patients in 1996 had ...").
_YEAR_NAMED = re.compile(r"\bthe ((?:19|20)\d\d) (?:population|cohort|sample|survey|census)\b", re.I)
# The people told as a product with their total in brackets ("Overall, 4 x 16 (total 64) young, healthy male
# volunteers were included"): the total.
_TOTAL_BRACKET = re.compile(rf"\(\s*(?:in )?total:?\s*(?:n\s*=\s*)?(?P<num>\d[\d,]*)\s*\)\s+(?:[\w-]+,?\s+){{0,4}}?{_PEOPLE}\b",
                            re.I)


# People of one sex and one more of the other ("Eleven men and one woman (age 36-64 yrs)").
_AND_ONE_MORE = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?(?:men|women|males|females|boys|girls)"
                           r"\s+and\s+(?:one|a single|1)\s+(?:[\w-]+\s+){0,2}?(?:woman|man|female|male|girl|boy)\b", re.I)


# Groups of one size ("Two cohorts, each of 60 patients suffering from ..., were treated").
_EACH_OF = re.compile(rf"\b(?P<k>two|three|four|five|2|3|4|5) (?:[\w-]+ )?(?:groups|cohorts|arms),? each (?:of|with|"
                      rf"comprising|consisting of) (?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b", re.I)


# The paper's own study told as done ("This double-blind, parallel-group study was performed", "A randomized,
# single-centre, open-label, two-period crossover pharmacokinetic study ... was conducted").
# (also "An open prospective and randomised pilot study was therefore undertaken in mild to moderate hypertensives";
# round 34)
_OWN_STUDY_DONE = re.compile(r"\b(?:this|the present|an?|our)\s+(?:[\w,-]+\s+){0,6}?(?:study|trial)\b[^.;]{0,120}?\b"
                             r"(?:was|were) (?:(?:therefore|thus|hence|then)\s+)?(?:performed|conducted|carried out|undertaken)\b"
                             # ... or what was found in it, told impersonally ("In a randomized, double-blind,
                             # placebo-controlled study beginning 4 weeks after ..., it was established that"; round 34)
                             r"|(?:^|(?<=\. ))In an? (?:[\w,-]+\s+){0,6}?(?:study|trial)\b[^.;]{0,150}?,\s+it was "
                             r"(?:established|found|shown|demonstrated|observed) that\b", re.I)
# Those analysed told with the randomised in brackets ("235 intent-to-treat patients (out of 257 randomized
# patients)"): the people randomised.
_OUT_OF_RANDOMISED = re.compile(rf"(?<![\w.,\-/]){_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+\(\s*(?:out\s+)?of\s+"
                                rf"(?:the\s+|all\s+)?(?P<num>{_NUMBER})\s+(?P<role>randomi[sz]ed|enrol+ed)\s+"
                                rf"(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s*\)", re.I)
# Two studies' people told together in one bracket ("in two randomized ... studies (n = 409 and 436)"): summed.
_TWO_STUDIES_N = re.compile(r"\btwo\b[^.;()]{0,120}?\b(?:studies|trials)\s*\(\s*n\s*=\s*(?P<a>\d[\d,]*)\s+and\s+"
                            r"(?P<b>\d[\d,]*)\s*\)", re.I)
# One arm's count told as the same for each arm ("(n=20 of each)"): not the sample.
_N_OF_EACH = re.compile(r"\(\s*n\s*=\s*(?P<k>\d+)\s+(?:of\s+|in\s+)?each\s*\)", re.I)


# Arms told by their counts alone, each with "received", the first opening the sentence ("Two hundred and thirty-five
# received placebo, 231 received 1 mg ondansetron, 228 received 8 mg ondansetron and 229 received 16 mg ondansetron";
# round 38): the arms together, as those treated.
_ARMS_RECEIVED = re.compile(rf"(?:^|,\s*(?:and\s+)?|\s+and\s+)(?P<num>{_NUMBER})\s+received\b", re.I)


def _candidates(sentence: str) -> list[tuple[int, int, int, int]]:
    """(priority, is_sum, -position, n) for the counts of people in one sentence."""
    found = _sentence_candidates(sentence)
    if not found and " received " in sentence:
        arms = list(_ARMS_RECEIVED.finditer(sentence))
        values = [_number(m.group("num")) for m in arms]
        if len(arms) >= 2 and arms[0].start() == 0 and all(values):
            found.append((3, 1, 0, sum(v or 0 for v in values)))
    if found and "before" in sentence and "randomi" in sentence:
        for match in _WITHDRAWN_BEFORE.finditer(sentence):
            # "Nine patients were withdrawn from the study before randomization": those left out before it, not
            # those randomised (round 33)
            found = [c for c in found if -c[2] != match.start("num")]
    if "series of" in sentence or "population" in sentence:
        for pattern, floor in ((_SERIES_OF, 4), (_STUDY_POPULATION, 4.5)):
            for match in pattern.finditer(sentence):
                # "A series of 33 patients with ... was gathered": the paper's series; "to comprise a study
                # population of 1266 diabetic-hypertensive patients": the sample told as such (round 33)
                value = _number(match.group("num"))
                if value and not _AND_ANOTHER.match(sentence, match.end("num")):
                    found = [c for c in found if -c[2] != match.start("num")]
                    found.append((floor, 0, -match.start("num"), value))
    if found and " with " in sentence:
        for match in _WITH_AND_WITH.finditer(sentence):
            # "in a group of 18 patients with pollinosis and 22 with atopic asthma", "in 10 healthy volunteers with
            # genotype II and 10 with genotype DD": two groups, the people named once (round 33)
            a, b = _number(match.group("a")), _number(match.group("b"))
            first = [c for c in found if -c[2] == match.start("a")]
            if a and b and first:
                found.append((first[0][0], 1, -match.start("a"), a + b))
    if len(found) > 1:
        single = {(c[3], c[2]) for c in found if not c[1]}
        larger = [c for c in found if c[1]]
        # the arms of a count told in brackets after it ("24 patients having a diagnosis of schizophrenia (n = 16) or
        # schizoaffective disorder (n = 8) and 19 age-matched healthy controls"): the count again, no rival of the
        # larger sum that opens on it (round 33)
        found = [c for c in found if not (c[1] and any(
            d[3] > c[3] and d[0] >= c[0] and (c[3], d[2]) in single for d in larger))]
    if "first" in sentence or "First" in sentence:
        for match in _FIRST_CONSECUTIVE.finditer(sentence):
            # "The first 100 consecutive patients at our center receiving subcutaneous sumatriptan were evaluated":
            # a consecutive series from its start, the sample (not "the first 21 volunteers randomized", a part;
            # round 32)
            value = _number(match.group("num"))
            if re.search(r"\b(?:each|every|per) (?:year|month)\b", sentence[:match.start()], re.I):
                continue  # (not a series taken again each year: "Each year ..., the first 1,000 consecutive patients")
            if value and not any(-c[2] == match.start("num") for c in found):
                found.append((max(3, _clause_role(sentence, match.start(), match.end())), 0, -match.start("num"), value))
    if found and " or " in sentence:
        for match in _OR_MORE.finditer(sentence):
            # "trials ... with 50 or more patients were considered": a bound of an inclusion criterion, no count
            # (round 32; "at least 100 patients" is one too, in ``_SUBSET_BEFORE``)
            value = _number(match.group("num"))
            found = [c for c in found if not (c[3] == value and match.start() <= -c[2] <= match.end())]
    if sentence[:6].lower() == "out of" and ("obtained" in sentence or "available" in sentence):
        for match in _MEASURED_OUT_OF.finditer(sentence):
            # "Out of 809 patients with stable angina pectoris, lipid variables were obtained in 786 patients": those
            # measured are a part of the people the sentence opens on, who are the sample (round 32)
            value = _number(match.group("num"))
            if value:
                found.append((4, 1, -match.start("num"), value))
    if "(" in sentence and not found:
        for match in _ONE_SEX_BRACKET.finditer(sentence):
            # "healthy, young, Japanese volunteers (16 males, 20-28 yrs.)": people told by one sex and their ages in
            # a bracket, all of them (round 32; the two sexes: ``_SEXES_IN_BRACKETS``)
            value = _number(match.group("num"))
            if value:
                found.append((_clause_role(sentence, match.start(), match.end()), 0, -match.start("num"), value))
    if found and (years := {int(m.group(1)) for m in _YEAR_NAMED.finditer(sentence)}):
        found = [candidate for candidate in found if candidate[3] not in years]
    if found and "ment of" in sentence and not _TRIAL_STOPPED.search(sentence):
        for match in _ENROLMENT_POINT.finditer(sentence):
            # "This dose was increased to 150 mg per day after the enrollment of 411 patients": a point in the
            # trial's course, not the people it took (round 31; but a trial stopped there took them: "Recruitment
            # was stopped after enrolment of 24 patients")
            value = _number(match.group("num"))
            found = [c for c in found if not (c[3] == value and match.start() <= -c[2] <= match.end())]
    if "(" in sentence:
        for match in _SEXES_OPEN_BRACKET.finditer(sentence):
            # "diabetic patients without complications (9 men, 6 women, 48 +/- 6 years old)": the people told by
            # their sexes alone, together (round 31); the two parts are no count of their own
            a, b = _number(match.group("a") or match.group("b2")), _number(match.group("b") or match.group("a2"))
            if a and b and not _COUNTED_BEFORE.search(sentence, 0, match.start()):
                # (not after a count of the same people: "the 24 evaluable subjects (12 men, 12 women)")
                found = [c for c in found if not (match.start() <= -c[2] <= match.end() and c[3] in {a, b})]
                found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), a + b))
    if "group" in sentence:
        labelled = [(m, _number(m.group("num"))) for m in _LABELLED_GROUP.finditer(sentence)]
        told = _K_GROUPS.search(sentence)
        if told and len(labelled) >= 2 and len(labelled) == _number(told.group("k")) and all(n for _, n in labelled):
            # "three groups of patients (group I: 10 patients receiving placebo, group II: 23 patients receiving 75 mg
            # ..., and group III: 23 patients receiving 300 mg ...)": as many labelled groups as told, together
            # (round 31)
            first = labelled[0][0]
            found.append((_clause_role(sentence, first.start(), labelled[-1][0].end()), 1, -first.start(),
                          sum(n or 0 for _, n in labelled)))
    if " and " in sentence:
        for match in _AND_ONE_MORE.finditer(sentence):
            # "Eleven men and one woman": the one told in the singular is counted too
            value = _number(match.group("num"))
            if value:
                found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), value + 1))
    if "each of" in sentence:
        for match in _EACH_OF.finditer(sentence):
            # "Two cohorts, each of 60 patients ...": the groups together
            groups, value = _number(match.group("k")), _number(match.group("num"))
            if groups and value:
                found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), groups * value))
    if "total" in sentence:
        for match in _TOTAL_BRACKET.finditer(sentence):
            value = _number(match.group("num"))
            if value:
                found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), value))
    sources = {_number(m.group("num")) for m in _RECORDS_FROM.finditer(sentence)} if "records" in sentence \
        or "charts" in sentence else set()
    if sources:
        found = [(0.5 if value in sources and not is_sum else priority, is_sum, position, value)
                 for priority, is_sum, position, value in found]
    if "of" in sentence:
        for match in _OUT_OF_RANDOMISED.finditer(sentence):
            value = _number(match.group("num"))
            if value:
                # beats those analysed told just before it, in the same role or a lower one
                found.append((5 if "random" in match.group("role").lower() else 4, 1, -match.start("num"), value))
    if "two" in sentence.lower():
        for match in _TWO_STUDIES_N.finditer(sentence):
            a, b = _number(match.group("a")), _number(match.group("b"))
            if a and b:
                found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start("a"), a + b))
    if "each" in sentence:
        for match in _N_OF_EACH.finditer(sentence):
            each = _number(match.group("k")) or 0
            arm = [c for c in found if c[3] == each and match.start() <= -c[2] <= match.end()]
            whole = [c for c in found if c[3] > each and each and c[3] % each == 0 and -c[2] < match.start()]
            if arm and whole:
                # "Sixty hypertensive patients ... received, in a randomized, double-blind manner, A, B or C (n=20 of
                # each)": the people counted before, in the arm's role
                top = max(c[0] for c in arm)
                found = [c for c in found if c not in arm]
                found = [(max(top, c[0]) if c in whole else c[0], *c[1:]) for c in found]
    if "(" in sentence and "random" in sentence:
        for match in _RANDOMISED_BARE.finditer(sentence):
            # a bare count randomised, then its arms by "(n = )" that add up to it ("A total of 80 ... patients ...
            # were considered, 28 were excluded due to contraindications and 52 were randomly assigned to receive
            # nadolol (n=25) or IsMn (n=27)"): those randomised (round 39)
            value = _number(match.group("num"))
            arms = [_number(m.group("num")) or 0 for m in _N_EQUALS.finditer(sentence, match.end())]
            if value and len(arms) >= 2 and sum(arms) == value and not any(c[3] == value for c in found):
                found.append((5, 1, -match.start("num"), value))
    if any(c[1] for c in found):
        found = _whole_with_parts(sentence, found)
        if "at least one" in sentence:
            for match in _AND_AT_LEAST_ONE_DOSE.finditer(sentence):
                # "A total of 345 patients were randomized ..., and 337 patients received at least one dose of study
                # drug": those dosed are a part of the count before them, not a group to add to it
                part = _number(match.group("num")) or 0
                before = {c[3] for c in found if not c[1] and -c[2] < match.start()}
                found = [c for c in found if not (c[1] and c[3] - part in before and c[3] - part >= part)]
    return found


_RANDOMISED_BARE = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:were|was)\s+(?:randomly\s+(?:assigned|allocated)"
                              r"|randomi[sz]ed)\b", re.I)
_WITHDRAWN_BEFORE = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:were|was)\s+"
                               r"(?:withdrawn|excluded|dropped)\b[^.;,]{0,60}?\bbefore (?:the )?(?:randomi[sz]ation"
                               r"|being randomi[sz]ed)\b", re.I)
_SERIES_OF = re.compile(rf"\b(?:a|this|our) (?:consecutive |retrospective |prospective )?series of (?P<num>{_NUMBER})\s+"
                        rf"(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b", re.I)
_STUDY_POPULATION = re.compile(rf"\bstudy population (?:of|was|comprised|consisted of|included) (?:a total of )?"
                               rf"(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b", re.I)
# ... not the first of groups told together ("The study population consisted of 70 men and 76 women")
_AND_ANOTHER = re.compile(rf"[^.;]{{0,80}}?\band\s+{_NUMBER}\s", re.I)
_WITH_AND_WITH = re.compile(rf"(?<![\w.,\-/])(?P<a>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+with\s+"
                            rf"[^,;.()]{{1,60}}?\s+and\s+(?P<b>{_NUMBER})\s+with\b", re.I)
_OR_MORE = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+or\s+(?:more|fewer|less|greater)\s+(?:[\w-]+\s+){{0,2}}?"
                      rf"{_PEOPLE}\b", re.I)
_MEASURED_OUT_OF = re.compile(
    rf"^out of (?:the |all )?(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b[^.;]{{0,120}}?,\s*(?:[\w-]+\s+){{0,3}}?"
    r"(?:data|variables|measurements|values|samples|recordings)\s+(?:were|was)\s+(?:obtained|available|collected"
    rf"|recorded|measured)\s+(?:in|from|for)\s+{_NUMBER}\b", re.I)
_FIRST_CONSECUTIVE = re.compile(rf"\bthe first (?P<num>{_NUMBER})\s+consecutive\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\b", re.I)
_ONE_SEX_BRACKET = re.compile(rf"\b{_PEOPLE}\s*\(\s*(?P<num>{_NUMBER})\s+(?:men|males?|women|females?|boys|girls)\s*[,;]\s*"
                              r"(?:aged?\s+|age\s+)?\d+(?:\.\d+)?\s*(?:-|–|to)\s*\d+(?:\.\d+)?\s*(?:years?|yrs?)\b", re.I)


# People told by their sexes in a bracket that goes on (``_SEXES_IN_BRACKETS`` reads one that closes on them), the
# bracket after a few words about them ("diabetic patients without complications (9 men, 6 women, 48 +/- 6 years
# old)"; round 31).
_SEXES_OPEN_BRACKET = re.compile(
    rf"(?<![\d,])(?<!\d )\b(?:(?!{_WORD}\b)[a-z][\w-]*\s+)?{_PEOPLE}(?:\s+(?:with|without)(?:\s+[\w-]+){{1,2}})?\s*\(\s*"
    rf"(?:(?P<a>{_NUMBER})\s+(?:men|males?|boys)\s*(?:,|and|/)\s*"
    rf"(?P<b>{_NUMBER})\s+(?:women|females?|girls)|(?P<a2>{_NUMBER})\s+(?:women|females?|girls)\s*(?:,|and|/)\s*"
    rf"(?P<b2>{_NUMBER})\s+(?:men|males?|boys))\b", re.I)
_LABELLED_GROUP = re.compile(rf"\b[Gg]roup\s+(?:[IVX]{{1,4}}|[A-D]|[1-6])\s*[:=,]\s*(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?"
                            rf"{_PEOPLE}\b")
_K_GROUPS = re.compile(rf"\b(?P<k>{_words(2, 3, 4, 5, 6)}|[2-6]) (?:[\w-]+ )?groups\b", re.I)
_COUNTED_BEFORE = re.compile(rf"(?:\d[\d,]*|\b{_WORD})\s+(?:[\w-]+\s+){{0,3}}$", re.I)
_ENROLMENT_POINT = re.compile(rf"\b(?:after|until|before|following|upon|once) (?:the )?(?:enrol+ment|recruitment)"
                              rf" of (?:the (?:first )?)?(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}", re.I)
_TRIAL_STOPPED = re.compile(r"\b(?:stopped|terminated|halted|ended|closed|discontinued|interrupted|suspended)\b", re.I)
_AND_AT_LEAST_ONE_DOSE = re.compile(rf"(?:,|\band)\s+(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+(?:\w+\s+)?"
                                    r"(?:received|took|were given|had) at least one (?:dose|injection|infusion)\b", re.I)


# A count of people in a sentence, then its parts ("A total of 238 patients were randomized to treatment, 115 to
# irbesartan and 123 to enalapril"); a number in a range, a product or with a unit ("21 to 29", "1 x 1", "20 mg") is
# not a part.
_PART_NUMBER = re.compile(rf"(?<![\w.,\-/])(?<!\d to )(?<!\d or )(?<![x×] )(?P<num>{_NUMBER})(?!\w)(?![\d.,]*\d)"
                          r"(?!\s*(?:to|-|–|or|x|×)\s*\d)"
                          r"(?!\s*(?:%|mg|mm|kg|ml|years?|months?|weeks?|days?|hours?|h\b|min))", re.I)


def _whole_with_parts(sentence: str, found: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """A count told with its parts right after it (the next two to four numbers add up to it: "A total of 305
    patients were randomized to treatment: 121 received rofecoxib, 121 received diclofenac sodium, and 63 received
    placebo") is the whole: a sum of that count with some of those parts (368, 476) is dropped, the count keeping
    the sum's role (not when the rest of the sum is told elsewhere, a second group as large: "in 7 patients (6
    women and 1 man) with A and 7 patients (5 women and 2 men) with B")."""
    numbers = [(m.start(), _number(m.group("num"))) for m in _PART_NUMBER.finditer(sentence)]
    numbers = [(at, value) for at, value in numbers if value]
    counts = {c[3] for c in found if not c[1]}
    for index, (_, whole) in enumerate(numbers):
        if whole not in counts or whole < 4:
            continue
        for k in (2, 3, 4):
            parts = [value for _, value in numbers[index + 1:index + 1 + k]]
            if len(parts) == k and sum(parts) == whole:
                break
        else:
            continue
        told_apart = {value for at, (_, value) in enumerate(numbers) if not index <= at <= index + k}
        added = {whole + sum(some) for j in range(1, k + 1) for some in itertools.combinations(parts, j)}
        sums = [c for c in found if c[1] and c[3] in added and c[3] - whole not in told_apart]
        if not sums:
            continue
        top = max(c[0] for c in sums)
        found = [c for c in found if c not in sums]
        return [(max(top, c[0]) if c[3] == whole and not c[1] else c[0], *c[1:]) for c in found]
    return found


# People of a model, not of a study ("In a Markov model, a hypothetical cohort of 5000 patients was followed").
_HYPOTHETICAL = re.compile(r"\b(?:hypothetical|simulated|virtual) (?:[\w-]+ )?(?:cohorts?|populations?|patients|subjects"
                           r"|individuals|persons|people)\b", re.I)


def _sentence_candidates(sentence: str) -> list[tuple[int, int, int, int]]:
    if _HYPOTHETICAL.search(sentence):
        return []
    if _ANIMAL_SENTENCE.search(sentence) and not _PEOPLE_WORD.search(_ANIMAL_SEX.sub(" ", sentence)):
        return []  # animals are not a study's sample of people ("Twenty-eight female Sprague Dawley rats" neither)
    if sentence.count(";") >= 2 and sum(bool(_COMPARISON_COUNT.search(clause.rstrip(" ;.")))
                                        for clause in sentence.split(";")) >= 3:
        return []  # a count per comparison, in three or more clauses: separate samples
    found: list[tuple[int, int, int, int]] = []
    offset = 0
    for clause in re.split(r"(?<=;)(?![^()]*\))", sentence):
        found.extend(_clause_candidates(clause, offset))
        offset += len(clause)
    for match in _TOTAL.finditer(sentence):
        value = _number(match.group("num"))
        tail = sentence[match.end():match.end() + 60]
        # (not "a total of 1,684,091 person-years of observation": time, as in ``_COUNT``)
        if value and re.match(rf"\s+(?:[\w\-()]+\s+){{0,4}}?{_PEOPLE}\b(?!-\w)", tail, re.I):
            role = _clause_role(sentence, match.start(), match.end())
            after = _CLAUSE_END.split(sentence[match.end("num"):match.end("num") + 140])[0]
            if _SCREENED.match(re.sub(rf"^\s+(?:[\w\-()]+\s+){{0,4}}?{_PEOPLE}\b", "", after, flags=re.I)):
                continue  # "A total of 71 patients were screened": those screened are not the sample
            if _role(after) < 4 and _SUBSET_AFTER.search(after):
                continue  # "A total of 177 patients (3.2%) had proteinuria": a part, unless enrolled / included
            if _TO_BE.search(after) or _PLANNED_AFTER.match(after) or re.search(rf"(?:{_PLANNED_BEFORE})$", sentence[max(0, match.start() - 60):
                                                                                      match.start()], re.I):
                continue  # "A total of 27,000 CAD patients ... will be randomized", "seeking to enroll a total of
                # 1,500 persons": a number planned, not reached
            found.append((max(4, role), 0, -match.start(), value))
    for match in _SEXES_IN_BRACKETS.finditer(sentence) if "(" in sentence else ():
        # "DSM-III-R schizophrenia inpatients (700 women and 1295 men) were randomly assigned": people told only by
        # their make-up in brackets are as many as its two parts (not after a count of their own: "21 patients (8
        # women and 13 men)" is 21)
        if not re.search(rf"(?<![\w.,\-/]){_NUMBER}\s+(?:[\w-]+\s+){{0,3}}$", sentence[:match.start()], re.I):
            a, b = _number(match.group("a")), _number(match.group("b"))
            if a and b:
                found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), a + b))
    if aim := _AIM_CASES.search(sentence):
        found.append((4, 0, -aim.start(), _number(aim.group("k")) or 0))  # "To report three cases illustrating ..."
    if told_cases := _CASES_TOLD.match(sentence):
        found.append((4, 0, 0, _number(told_cases.group("k")) or 0))  # "Three case studies are presented"
    arms_told = list(_ARM_IN_BRACKETS.finditer(sentence)) if "(" in sentence else []
    if len(arms_told) >= 2 and all(_number(m.group("num")) for m in arms_told):
        # each arm's people in brackets with its name ("either enalapril (10-20 mg) (nine patients, group 1) or
        # enalapril (10-20 mg) and verapamil (120-240 mg) (nine patients, group 2)"): the arms together (round 36)
        role = max(_clause_role(sentence, m.start(), m.end()) for m in arms_told)
        found.append((role, 1, -arms_told[0].start(), sum(_number(m.group("num")) or 0 for m in arms_told)))
    for match in _SHARES_OF_ARMS.finditer(sentence) if "%" in sentence else ():
        a, b = _number(match.group("a")), _number(match.group("b"))
        if a and b:
            found.append((5, 1, -match.start(), a + b))  # "in 11% of 869 patients randomized to A and in 12% of 888 ..."
    if told := _PEOPLE_N.match(sentence):
        found.append((4.5, 0, 0, _number(told.group("num")) or 0))  # "Patients (N=22) in a vegetative state ..."
    if alone := _N_ALONE.match(sentence):
        found.append((4.5, 0, 0, _number(alone.group("num")) or 0))  # "N = 56.": the sample, told on its own
    for match in _WHOLE_SHARES.finditer(sentence) if "%" in sentence else ():
        a, b = _number(match.group("a")), _number(match.group("b"))
        if a and b and abs(float(match.group("p")) + float(match.group("q")) - 100) <= 0.5:
            found.append((3, 1, -match.start(), a + b))
    for match in _OF_RANDOMISED.finditer(sentence) if " of " in sentence or "Of " in sentence else ():
        which = "num" if match.group("num") else "num2" if match.group("num2") else "num3"
        value = _number(match.group(which))
        if value:
            role = match.group("role") or match.group("role2") or match.group("role3")
            found.append((5 if "random" in role.lower() else 4, 0, -match.start(which), value))
    for match in _POOLED.finditer(sentence) if "with" in sentence or "of" in sentence or "ing" in sentence else ():
        value = _number(match.group("num"))
        if value:
            found.append((3, 0, -match.start("num"), value))  # as those analysed: below a study's own enrolled
    for match in _TOTAL_NUMBER.finditer(sentence):
        value = _number(match.group("num"))
        if value:
            # "The total number of patients was 3566" states the sample: 4.5, one of the steps the picker does
            # not weigh against counts of lower roles (search.design_model.size_contenders)
            found.append((4.5, 0, -match.start(), value))
    low = sentence.lower()
    enrolled_then = _ENROLLED_THEN.finditer(sentence) if "enrolled" in low or "recruited" in low else ()
    qualified_then = _QUALIFIED_THEN.finditer(sentence) if "who" in low or "that" in low else ()
    described_then = [*_DESCRIBED_THEN_ELIGIBLE.finditer(sentence), *_ELIGIBLE_THEN_DESCRIBED.finditer(sentence)] \
        if "eligible" in low else []
    screened_then = [*_SCREENED_THEN_CLAUSE.finditer(sentence), *_SCREENED_AND_RANDOMISED.finditer(sentence)] \
        if "screened" in low else []
    for match in [*_SCREENED_THEN.finditer(sentence), *enrolled_then, *qualified_then, *described_then,
                  *screened_then]:
        value = _number(match.group("num"))
        if value:
            more = _more_arms(sentence[match.end():]) \
                if re.search(r"randomi[sz]ed|allocated|assigned", match.group(0), re.I) else []
            if more and all(more):
                value += sum(more)  # "Of 5000 screened, 900 were randomized to A and 905 to B": both arms
            found.append((max(4, _role(match.group(0))), 1, -match.start(), value))  # beats those screened
    for match in _THE_REMAINING.finditer(sentence) if any(w in low for w in ("remaining", "another", "further")) else ():
        a, b = _number(match.group("a")), _number(match.group("b") or match.group("b2"))
        if a and b:
            found.append((max(4, _clause_role(sentence, match.start(), match.end())), 1, -match.start(), a + b))
    for match in _OF_QUALIFIED.finditer(sentence) if "criteria" in low or "original" in low or "initial" in low else ():
        value = _number(match.group("num") or match.group("num2"))
        if value:
            found.append((4, 1, -match.start(), value))  # those who met the entry criteria (or were studied
            # again), not those considered
    for match in _OF_COMPLETED.finditer(sentence) if "completed" in low else ():
        value = _number(match.group("num"))
        if value:
            found.append((4, 1, -match.start("num"), value))  # the people counted after "of", not those completing
    for pattern in (_OF_WHICH, _X_OF_N, _N_OF_THEM):
        if pattern is _N_OF_THEM and not re.search(r"\bof (?:them|these|whom|the \w+ were)\b", sentence, re.I):
            continue
        for match in pattern.finditer(sentence):
            value = _number(match.group("num") or match.groupdict().get("num2") or "")
            if value:
                found.append((max(4, _role(match.group(0))), 1, -match.start(), value))  # beats its total
    for pattern in (_ENROLLED_AND_RANDOMISED, _OF_THEN_RANDOMISED, _AMONG_THEN_RANDOMISED) if "randomi" in low else ():
        for match in pattern.finditer(sentence):
            group = "num" if match.groupdict().get("num") else "num2"
            value = _number(match.group(group) or "")
            if value:
                found.append((5, 1, -match.start(group), value))  # those randomised, not those enrolled / considered
    for match in _OF_PEOPLE_PARTICIPATED.finditer(sentence) if low.startswith("of ") or " of " in low else ():
        value = _number(match.group("num"))
        if value:
            found.append((4, 1, -match.start("num"), value))  # the people who took part, their pool uncounted
    for match in _OF_THEN_ENROLLED.finditer(sentence) if low.startswith("of ") or " of " in low else ():
        value = _number(match.group("num"))
        if value:
            found.append((max(4, _role(match.group(0))), 1, -match.start(), value))  # beats the pair of counts
    bare = _BARE_RANDOMISED.match(sentence)
    if bare and _number(bare.group("num")):
        found.append((5, 0, 0, _number(bare.group("num")) or 0))  # "Seventy accepted and were randomized."
    if (into := _RANDOMISED_INTO.search(sentence)) and "(" in sentence:
        # the arms in brackets after the randomisation, summed (not a part: "(30 patients, 13 with peptic ulcer)"
        # holds more than a count and is no such bracket)
        bracketed = [m for m in _BRACKET_ARM.finditer(sentence, into.end()) if _depth(sentence, m.start()) == 0]
        values = [_number(m.group("num")) or 0 for m in bracketed]
        if len(values) >= 2 and all(values) and not _SUBSET_BEFORE.search(sentence[max(0, into.start() - 40):into.start()]):
            found.append((5, 1, -bracketed[0].start(), sum(values)))
    for match in _EQUAL_NUMBER.finditer(sentence) if "number of" in low else ():
        value = _number(match.group("num"))
        if value:
            found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), 2 * value))
    for match in _RANDOMISED_TO.finditer(sentence):
        # "112 patients had been randomized to A, 117 to B and 118 to C": the arms told one after another
        value, rest = _number(match.group("num")), sentence[match.end():]
        more = _more_arms(rest)
        if value and more and all(more) and not _SUBSET_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
            # (not arms told by an event in them: "Peripheral oedema occurred in 49 patients assigned to X and two
            # assigned to placebo")
            found.append((5, 1, -match.start(), value + sum(more)))
    for match in _RECEIVED.finditer(sentence) if any(verb in low for verb in _RECEIVED_VERBS) else ():
        # "32 patients received intravenous ritodrine and 29 oral nifedipine": the second arm without its people
        value = _number(match.group("num"))
        bare = _BARE_ARM.match(sentence[match.end():]) or _PEOPLE_ARM.match(sentence[match.end():]) \
            or _PEOPLE_RECEIVED_ARM.match(sentence[match.end():])
        if value and bare and _number(bare.group("num")) and \
                not _SUBSET_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
            found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(),
                          value + (_number(bare.group("num")) or 0)))
    for match in _STARTED_ON.finditer(sentence) if "started on" in low else ():
        # "After randomization, 25 patients were started on captopril and 25 patients on placebo": both arms
        value, bare = _number(match.group("num")), _PEOPLE_ON_ARM.match(sentence[match.end():])
        if value and bare and _number(bare.group("num")) and \
                not _SUBSET_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
            role = _clause_role(sentence, match.start(), match.end())
            if _AFTER_RANDOMISATION.search(sentence, 0, match.start()):
                role = max(role, 5)
            found.append((role, 1, -match.start(), value + (_number(bare.group("num")) or 0)))
    for match in _IN_GROUP.finditer(sentence):
        value, rest = _number(match.group("num")), sentence[match.end():]
        total = value or 0
        while value and (more := _NEXT_IN_GROUP.match(rest)):
            total += _number(more.group("num")) or 0
            rest = rest[more.end():]
        if value and total > value and not re.match(r"[^.;]{0,40}?\b(returned|remained)\b|\s*\(", rest) \
                and not _SUBSET_AFTER.search(rest):
            found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), total))
    for match in _ARMS_OF.finditer(sentence) if " of " in sentence else ():
        # "in 44 of 650 patients treated without beta-blockers (6.8%) and in 13 of 432 patients treated with
        # metoprolol": two arms told by their events, their people summed
        a, b = _number(match.group("a")), _number(match.group("b"))
        if a and b:
            found.append((3, 1, -match.start(), a + b))
    for match in [*_PAIRED_GROUPS.finditer(sentence), *(_IN_AND_IN.finditer(sentence) if " and " in low else ())]:
        a, b = _number(match.group("a")), _number(match.group("b"))
        if a and b and not _SUBSET_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
            found.append((_clause_role(sentence, match.start(), match.end()), 1, -match.start(), a + b))
    arms = _arms(sentence)
    if arms:
        role = max(_clause_role(sentence, m.start(), m.end()) for m in _N_EQUALS.finditer(sentence))
        if _DIVIDED.search(sentence):
            role = max(role, 3.5)  # "Patients were divided into two groups: ... (n = 77) and ... (n = 126)": those
            # analysed, after the exclusions told before
        first = next(_N_EQUALS.finditer(sentence)).start()
        if len(_N_EQUALS.findall(sentence)) >= 3 and _ROLE[0][1].search(sentence[:first]) \
                and not _COUNT.search(sentence[:first]):
            role = max(role, 5)  # "Patients were randomly assigned to receive A, 400 mg ... (...; n = 3987); B ...
            # (n = 1985); or C ... (n = 1996)": three or more arms of the randomisation the sentence opens with,
            # however far from it (two arms told so are often those analysed, after a randomised count told before:
            # ``_size_reading`` lifts two only where no count came before)
        values = [_number(m.group("num")) or 0 for m in _N_EQUALS.finditer(sentence)]
        if not any(not is_sum and -position < first and (value > arms or value == max(values)) and priority >= role
                   and not re.search(r"\b(?:of|from)\s+(?:the\s+|all\s+|these\s+)?$", sentence[:-position], re.I)
                   for priority, is_sum, position, value in found):
            # unless a larger count of people, with the same role, comes before them: the arms are then a part of
            # it ("2065 consecutive patients, all experienced in intake of A (n = 631) or B (n = 620), were enrolled");
            # not a count they were drawn from ("Of 2365 patients operated on, 967 were randomized to A (n = 480) ...")
            # nor groups that overlap, one of them all the people counted before ("Twenty-one patients ... with
            # hyperalgesia (n = 21) and allodynia (n = 7)")
            last = max(m.end() for m in _N_EQUALS.finditer(sentence))
            stated = [value for _, is_sum, position, value in found
                      if not is_sum and -position > last and value > arms
                      and re.search(r"\bin\s+(?:a total of\s+|all\s+)?$", sentence[:-position], re.I)]
            # the arms, or the study's total told after them ("A (n = 17) vs. B (n = 17) vs. C (n = 15) ... in 51
            # patients"): the arms may leave out those not analysed
            found.append((role, 1, 0, stated[0] if stated else arms))
    else:
        two_populations = _two_populations(sentence)
        units = _UNITS_SPLIT.search(sentence)
        for match in _N_EQUALS.finditer(sentence) if units is None else ():
            if two_populations and _PER_PROTOCOL.search(sentence[max(0, match.start() - 40):match.start()]):
                continue  # the per-protocol population is a part of the intention-to-treat one
            role = max(_clause_role(sentence, match.start(), match.end()), _role(sentence), 2)
            if _BASE_N.search(sentence, 0, match.start()):
                role = 2  # "our patient database (1998-2003, n=313) identified 60 patients": those it was drawn from
            # (also a subgroup told by what it has, "In a subgroup with left ventricular ejection fraction < 45% (n = 49
            # patients; ...)", and the women of a share, "2935 subjects (53% women, n=1547)"; round 35)
            if re.search(r"\bsub-?(?:sample|set|group)\s*\(\s*$", sentence[max(0, match.start() - 30):match.start()], re.I) \
                    or re.search(r"\b[Ii]n an? sub-?(?:sample|set|group) (?:with|of|in)\b[^.;()]{0,80}\(\s*$",
                                 sentence[max(0, match.start() - 120):match.start()]) \
                    or re.search(rf"\(\s*\d+(?:\.\d+)?\s*%\s*{_MAKE_UP},\s*$", sentence[max(0, match.start() - 40):match.start()],
                                 re.I):
                role = 1  # "was studied in a subsample (n=471)": a part of the people counted before
            elif re.search(r"\b(?:non-?)?responders\s*\(\s*$", sentence[max(0, match.start() - 30):match.start()], re.I):
                role = 1  # "In first-dose responders (n = 21) ...": those who responded, a part (round 34)
            elif re.search(r"\b(?:with the exception of|except(?: for)?) (?:the |a )?(?:few |[\w-]+ )?\(\s*$",
                           sentence[max(0, match.start() - 40):match.start()], re.I):
                role = 1  # "with the exception of the few (n = 116) treated with bepridil": a part (round 36)
            elif _ITT_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
                role = max(role, 4)  # "In the intent-to-treat population (n = 92)": all who were randomised, above
                # the evaluable or per-protocol ones told before it
            found.append((role, 0, -match.start(), _number(match.group("num")) or 0))
    return found


# The people who answered, told after the questionnaire ("was sent to 78 and returned by 70 consecutive patients",
# "returned the answered questionnaire (107/165)").
_RETURNED_BY = re.compile(rf"\b(?:questionnaires?|surveys?)\b[^.;]{{0,80}}?\b(?:returned|completed|answered|filled (?:in|out)) by\s+(?:a total of\s+)?(?P<num>{_NUMBER})\s+"
                          rf"(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b"
                          r"|\breturned (?:the |their )?(?:[\w-]+ )?(?:questionnaires?|surveys?)\s*\(\s*(?P<num2>\d+)\s*/\s*\d+\s*\)",
                          re.I)


def _respondents(sentence: str) -> list[tuple[float, int, int, int]]:
    """The people who answered a survey, ranked above those it was sent to (priority 4.5) and below randomised."""
    found: list[tuple[float, int, int, int]] = []
    for match in _RETURNED_BY.finditer(sentence) if "returned" in sentence or " by " in sentence else ():
        value = _number(match.group("num") or match.group("num2"))
        if value:
            found.append((4.5, 1, -match.start("num" if match.group("num") else "num2"), value))
    for match in _RESPONDED.finditer(sentence):
        value = _number(match.group("num"))
        if value and not _SUBSET_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
            found.append((4.5, 1, -match.start(), value))
    return found


def sample_size(abstract: str, *, learned: bool = True, model: "DesignModel | None" = None) -> SampleSize | None:
    """How many people the study randomised / enrolled / included, with the sentence; None when not stated.

    The rules find every count of people and rank them (randomised > enrolled / included > treated / analysed);
    with the shipped design model (or ``model``), its learned ranker chooses among the same counts from their
    roles, sums and places in the abstract (``search.design_model.SizeRanker``). It never adds a number the
    rules did not find and never returns one where they found none. ``learned=False`` is the rules alone.
    Cached per abstract text: the design rules ask for it too, and a search asks both for the same 20 papers.
    """
    abstract = abstract or ""
    if not learned:
        return _sample_size(abstract)
    if model is None:
        model = _learned_model()
    if model is None or model.size_ranker is None:
        return _sample_size(abstract)
    return model.size_ranker.choose(_size_reading(abstract))


def _sample_size(abstract: str) -> SampleSize | None:
    """How many people the study randomised / enrolled / included, with the sentence; None when not stated.

    The highest role wins (randomised > enrolled / included > treated / analysed > a bare count); among equal
    roles the earliest sentence, within a sentence a sum of its groups over any one group, then the first count.
    """
    return _size_reading(abstract).choice


# A sentence that opens on one arm's randomised people ("Thirty-five patients were randomized to the treatment arm").
_ARM_SENTENCE = re.compile(rf"^(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}\s+were\s+(?:randomi[sz]ed|randomly"
                           r" (?:assigned|allocated))\s+to\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,2}?(?:arm|group)\b", re.I)


# A sentence opening on a count of people after "In" ("In 8 subjects (all with heartburn) GER morbidity was present").
# A structured abstract's participants, a sentence of their own with no verb ("Ninety-two patients with
# insulin-dependent diabetes mellitus and persistent microalbuminuria but no hypertension.", "225 consecutive patients
# with TTP-HUS, 1989-2000."): the people the study took, above a later result in some of them ("Twelve patients
# receiving placebo ... progressed"; round 26).
_PARTICIPANTS_LINE = re.compile(rf"^{_NUMBER}\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:\([^()]*\)\s+)?(?:with|aged|without"
                                r"|scheduled|undergoing|admitted|referred|attending|hospitali[sz]ed"
                                # (or told by their age, "219 patients under 45 years old presenting with dyspepsia";
                                # round 36)
                                r"|(?:under|over|older than|younger than) \d+ years(?: old| of age)?,? presenting)\b", re.I)
# ... a verb after its opening words makes it a sentence that tells a result ("... tolerated tramadol")
_FINITE_VERB = re.compile(r"\b(?:were|was|is|are|had|has|have|did|does|do|been|could|would|may|might|\w{3,}ed"
                          r"|underwent|took|gave|met|became|began|went|saw|felt|kept|held|grew|fell|rose)\b", re.I)
_IN_PART = re.compile(rf"^in\s+(?:the\s+)?(?P<num>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b", re.I)


@dataclass(frozen=True)
class _SizeReading:
    """Every count of people the rules found in one abstract, and the one they chose (``choice``).

    ``counts`` holds ((priority, -sentence, is_sum, -position), n) for each count; ``sentences`` the abstract's
    sentences (the key's second item indexes them, negated)."""

    choice: SampleSize | None
    counts: tuple[tuple[tuple[float, int, int, int], int], ...]
    sentences: tuple[str, ...]


# The people of a further group, as told after its count ("14 patients with anastomotic leakage and 58 ...").
_GROUP_WORDS = re.compile(rf"^\s*{_NUMBER}\s+((?:[\w-]+\s+){{0,3}}?{_PEOPLE}\s+(?:with|without|who|on|after)\s+[\w-]+"
                          r"(?:\s+[\w-]+)?)", re.I)


def _told_before(rest: str, earlier: list[str]) -> bool:
    """Whether the group a further-group sentence counts was already described, with the same words, before it.

    "Additionally, 14 patients with anastomotic leakage and 58 patients with uneventful recovery underwent anorectal
    manometry", after "22 patients with a clinically relevant anastomotic leakage ... and 128 patients with
    uneventful recovery": some of the people counted before, measured again, not more people.
    """
    words = _GROUP_WORDS.match(rest)
    if words is None:
        return False
    tail = re.sub(r"\s+", " ", words.group(1)).lower().split(" ")[-2:]
    return any(" ".join(tail) in sentence.lower() for sentence in earlier)


# A share told with its count of a group ("4.7% (4 of 85) of omeprazole-treated patients", "68% (6167 of 9061) of
# the former patients"), and words that compare two groups.
_SHARE_OF = re.compile(rf"(?:\d(?:\.\d+)?\s*%|\b[\w.-]+\s*per\s?cent)\s*\(\s*\d[\d,]*\s+of\s+(\d{{1,3}}(?:,\d{{3}})+|\d{{1,3}}(?:[ \u2009]\d{{3}})+|\d+)\s*\)"
                       rf"\s+(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,3}}?(?:{_PEOPLE}\b|former\b|latter\b)", re.I)
# A whole told with its part, or the people among whom something was measured, read only when nobody else is counted.
_ONLY_WHOLE = re.compile(
    rf"(?<![\w.,\-/]){_NUMBER}\s+of\s+(?:the\s+|all\s+)?(?P<num>{_NUMBER})\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?"
    rf"(?:[\w-]+\s+){{0,2}}?(?!non-?responders\b|responders\b){_PEOPLE}\b"
    rf"|\bamong (?:the |all |a total of )?(?P<num2>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE}\b", re.I)
_NOT_THE_WHOLE = re.compile(r"\breview\b|\bsuggests?\b|\bcase-control\b", re.I)
# ... but the part is the sample where the paper says it studied the part ("we examined 30-day and 1-year mortality
# ... among 1,830 of 3,000 patients with acute myocardial infarction"; round 37)
_STUDIED_PART = re.compile(rf"\bwe\s+(?:\w+ly\s+)?(?:examined|studied|analy[sz]ed|evaluated|assessed)\b[^.;]{{0,160}}?"
                           rf"\b(?:among|in)\s+(?P<num>{_NUMBER})\s+of\s+(?:the\s+)?{_NUMBER}\s+(?:[\w-]+\s+){{0,2}}?"
                           rf"{_PEOPLE}\b", re.I)
_AGAIN_WITH_CONTROLS = re.compile(
    rf"\bthe (?P<a>{_NUMBER})\s+(?:[\w-]+\s+){{0,3}}?{_PEOPLE},?\s+(?:when\s+|as\s+)?compared (?:with|to)\s+(?:the\s+)?"
    rf"(?P<b>{_NUMBER})\s+(?:[\w-]+\s+){{0,2}}?(?:controls|control (?:subjects|participants|individuals|volunteers"
    r"|persons|people))\b", re.I)
_COMPARED_ARMS = re.compile(r"\bcompared (?:with|to)\b|\bversus\b|\bvs\.?|\band\b", re.I)
# A part of the people studied, told between them and the controls ("Twenty-four patients ... were studied.", "Thirteen
# of these patients ... were treated with X.", "Eleven patients who were not treated with X served as controls"): when
# it and the controls make up those studied, the controls are among them (round 38).
_PART_BETWEEN = re.compile(rf"(?<![\w.,\-/])(?P<num>{_NUMBER})\s+of\s+(?:these|them|the|whom)\b", re.I)


# A sentence glued to the one before it, no space after the period ("... in a double-blind study.Sixty-two patients
# were randomly assigned"): two sentences (round 34).
_GLUED_SENTENCE = re.compile(r"(?<=[a-z]{3})\.(?=[A-Z][a-z]+\b)")


# A dose told before an arm's "(n = 15)" ("One hundred milligrams of acebutolol twice daily (n = 15)"; round 35).
_DOSE_BEFORE = re.compile(r"\b(?:mg|milligrams?|micrograms?|µg|mcg|(?:once|twice|three times) (?:a )?daily)\b", re.I)


@lru_cache(maxsize=1024)
def _size_reading(abstract: str) -> _SizeReading:
    best: tuple[tuple[int, int, int, int], int, str] | None = None  # ((priority, -sentence, is_sum, -pos), n, s)
    others: dict[int, tuple[tuple[int, int, int, int], int]] = {}  # the best count of each sentence
    counts: list[tuple[tuple[float, int, int, int], int]] = []
    lines: set[int] = set()  # the sentences that are a structured abstract's participants (_PARTICIPANTS_LINE)
    sentences = split_sentences(_GLUED_SENTENCE.sub(". ", abstract or ""))
    survey = _SURVEY.search(abstract) is not None
    # an abstract that counts animals and no people ("27 blood-perfused rabbit hearts ... (1) control (n = 7)"): its
    # bare "n =" counts, in sentences naming no people, are of the animals
    animals = bool(_ANIMAL_COUNT.search(abstract)) and not _COUNT.search(abstract)
    controls = [(index, _number(m.group("num") or m.group("num2") or m.group("num3") or m.group("num4")
                                or m.group("num5") or m.group("num6"))) for index, sentence in enumerate(sentences)
                for m in _CONTROLS_ALONE.finditer(sentence)
                # a bare "control (n = 20)" among other "n =" is an arm, not a control group of its own
                if not (re.match(r"control\s*\(", m.group(0), re.I) and len(_N_EQUALS.findall(sentence)) > 1)]
    for index, sentence in enumerate(sentences):
        candidates = _candidates(sentence) if not (animals and not _PEOPLE_WORD.search(sentence)) else []
        if candidates and counts and (part := _IN_PART.match(sentence)) and \
                any(value > (_number(part.group("num")) or 0) for _, value in counts):
            # a sentence that opens on fewer people than counted before tells a result in a part of them ("In 4
            # patients with hypertriglyceridemia, the serum triglyceride decreased"), not the sample
            candidates = [(min(priority, 1), is_sum, position, value) for priority, is_sum, position, value in candidates]
        if candidates and (line := _PARTICIPANTS_LINE.match(sentence)) and not _FINITE_VERB.search(sentence[line.end():]):
            lines.add(index)  # (the whole sample: a later "Fifty-two additional patients served as controls" is in it)
            candidates = [(max(priority, 4) if position == 0 else priority, is_sum, position, value)
                          for priority, is_sum, position, value in candidates]
        if candidates and not counts and len(_N_EQUALS.findall(sentence)) == 2:
            first = next(_N_EQUALS.finditer(sentence)).start()
            if _ALLOCATED_TO_ARMS.search(sentence[:first]) and not _COUNT.search(sentence[:first]) \
                    and (arms := _arms(sentence)):
                # the first count of people is two arms the people "were randomized to" ("patients ... were randomized
                # to receive one tablet of perindopril 2 mg/indapamide 0.625 mg (Per/ Ind) (n=193) or placebo
                # (n=190)"), however far the arms are from the verb: those randomised (not after a count told
                # before, "We studied 251 patients ...": the arms may then be those analysed)
                candidates = [(max(priority, 5) if is_sum and value == arms else priority, is_sum, position, value)
                              for priority, is_sum, position, value in candidates]
        if survey:
            candidates.extend(_respondents(sentence))
        low = sentence.lower()
        further = _FURTHER_GROUP.search(sentence) if any(word in low for word in _FURTHER_WORDS) else None
        if further and _FOUND_IN_COUNT.search(sentence, 0, further.start()):
            # "another N" after findings told in counts of the people ("Isolated X was found in 2 patients,
            # hydrocephalus in 3 children and another 3 children had ventriculomegaly"): one more finding, not a group
            further = None
        earlier = max(others.values(), default=None) if further else None
        added = max(((priority, value) for priority, is_sum, position, value in candidates
                     if -position >= further.start() and 1 <= value <= 5_000_000), default=None) if further else None
        # (not a group that with the arm told just before makes up the people counted earlier: "Twenty-six patients
        # received epidural analgesia ... Twelve patients received A ... Another 14 patients received B")
        parts = earlier is not None and added is not None and index - 1 in others and \
            others[index - 1] != earlier and others[index - 1][1] + added[1] == earlier[1]
        second_study = further is not None and re.search(r"\b(?:study|trial),", further.group(0)) is not None
        # (or the control arm of the same comparison: "A total of 25 other subjects received lisinopril as the active
        # control"; round 31)
        second_study = second_study or (further is not None and re.search(
            r"\bother\b[^.;]{0,120}?\bas (?:the |an? )?(?:active |placebo )?control\b", sentence[further.end():], re.I)
            is not None)
        if earlier is not None and added is not None and earlier[0][0] >= 3 and added[0] >= 3 and not parts and \
                -earlier[0][1] not in lines and \
                (earlier[0][0] < 5 or added[0] >= 5 or second_study) and \
                not _told_before(sentence[further.end():], sentences[:index]):
            # a group studied or treated in a later sentence joins the people counted before (a randomised count
            # only with more randomised people); it is counted where they were
            (priority, where, _, position), value = earlier
            key = (max(priority, added[0]), where, 2, position)
            counts.append((key, value + added[1]))
            others[-where] = (key, value + added[1])
            if best is None or key > best[0]:
                best = (key, value + added[1], sentences[-where])
        for priority, is_sum, position, value in candidates:
            if value < 1 or value > 5_000_000:
                continue
            key = (priority, -index, is_sum, position)
            counts.append((key, value))
            # (two sums read from the same place, "27 were randomised to A, 23 to B, and 26 to C" as two arms or
            # three: the one with more arms)
            if best is None or key > best[0] or (is_sum and key == best[0] and value > best[1]):
                best = (key, value, sentence)
            if index not in others or key > others[index][0] or (is_sum and key == others[index][0]
                                                                  and value > others[index][1]):
                others[index] = (key, value)

    stated = next(((index, m) for index, sentence in enumerate(sentences)
                   if any(word in sentence.lower() for word in _STUDIES_WORDS)
                   and (m := _SEVERAL_STUDIES.search(sentence))), None)
    if stated is not None:
        k = _number(stated[1].group("k") or stated[1].group("k2")) or 0
        studies = [(index, others[index]) for index in sorted(others) if index > stated[0]][:k]
        if len(studies) == k and all(key[2] < 2 for _, (key, _) in studies):
            # two studies reported in one abstract: their samples together (a group already added is left alone)
            (first, ((_, where, _, position), _)) = studies[0]
            key = (max(key[0] for _, (key, _) in studies), where, 2, position)
            value = sum(value for _, (_, value) in studies)
            counts.append((key, value))
            if best is None or key > best[0]:
                best = (key, value, sentences[first])

    def reading(choice: SampleSize | None) -> _SizeReading:
        return _SizeReading(choice=choice, counts=tuple(counts), sentences=tuple(sentences))

    groups = [(index, int(m.group("num") or m.group("num2"))) for index, sentence in enumerate(sentences)
              if len(_N_EQUALS.findall(sentence)) == 1 and (m := _GROUP_N.search(sentence))]
    if len(groups) >= 2 and (best is None or best[0][0] <= 2
                             or (best[0][0] <= 3 and best[1] in {n for _, n in groups})):
        # each group told in its own sentence ("In the enalapril group (n = 21) ... In the mibefradil group (n = 22)")
        # and nobody counted more strongly (or only one of these groups, as treated / studied): the groups together
        key = (2.5, -groups[0][0], 2, 0)
        counts.append((key, sum(n for _, n in groups)))
        best = (key, sum(n for _, n in groups), sentences[groups[0][0]])

    # each arm told by its treatment in a sentence of its own, one after the other, its people only as "(n = 15)"
    # ("One hundred milligrams of acebutolol twice daily (n = 15) is effective ... Twenty milligrams of slow-release
    # nifedipine twice daily (n = 14) produced ... Captopril (12.5 mg) twice daily (n = 15) produced"), nobody counted
    # more strongly: the arms together (round 35)
    lone = [(index, _number(m.group("num")) or 0) for index, sentence in enumerate(sentences)
            if len(_N_EQUALS.findall(sentence)) == 1 and not _COUNT.search(sentence)
            and (m := _N_EQUALS.search(sentence)) and _DOSE_BEFORE.search(sentence, 0, m.start())]
    run = [lone[0]] if lone else []
    for item in lone[1:]:
        run = run + [item] if item[0] == run[-1][0] + 1 else (run if len(run) >= 2 else [item])
    if len(run) >= 2 and all(n for _, n in run) and best is not None and best[0][0] <= 2 and -best[0][1] == run[0][0] and best[1] == run[0][1]:
        key = (best[0][0], best[0][1], 2, best[0][3])
        counts.append((key, sum(n for _, n in run)))
        best = (key, sum(n for _, n in run), sentences[run[0][0]])

    # ... or by the drug a sentence before named as one of those randomised to ("hypertensive patients were randomized
    # to amlodipine 5 mg once daily or diltiazem 90 mg twice daily ... Active therapy by amlodipine (n = 20) lowered
    # ... Diltiazem (n = 14) lowered"), each drug once: the arms together (round 36)
    randomised_to = next((m.group(1).lower() for sentence in sentences
                          if (m := re.search(r"\brandomi[sz]ed to ([^.;]{3,200})", sentence, re.I))), "")
    named = [(index, word.lower(), _number(m.group("num")) or 0) for index, sentence in enumerate(sentences)
             if randomised_to and len(_N_EQUALS.findall(sentence)) == 1 and not _COUNT.search(sentence)
             and (m := _N_EQUALS.search(sentence))
             and (word := (re.search(r"([A-Za-z][\w-]{3,})\s*\(\s*$", sentence[:m.start()]) or [None, ""])[1])
             and re.search(rf"\b{re.escape(word.lower())}\b", randomised_to)]
    if len(named) >= 2 and len({word for _, word, _ in named}) == len(named) and all(n for _, _, n in named) \
            and best is not None and best[0][0] <= 2 and -best[0][1] == named[0][0] and best[1] == named[0][2]:
        key = (best[0][0], best[0][1], 2, best[0][3])
        counts.append((key, sum(n for _, _, n in named)))
        best = (key, sum(n for _, _, n in named), sentences[named[0][0]])

    arms = [(index, _number(m.group("num"))) for index, sentence in enumerate(sentences)
            if (m := _ARM_SENTENCE.match(sentence))]
    if len(arms) >= 2 and best is not None and -best[0][1] == arms[0][0] and best[1] == arms[0][1] and \
            all(later == first + 1 for (first, _), (later, _) in zip(arms, arms[1:])) and all(n for _, n in arms):
        # each arm randomised in a sentence of its own, one after the other ("Thirty-five patients were randomized to
        # a control arm and received ... Thirty-five patients were randomized to the treatment arm"): the arms together
        key = (best[0][0], best[0][1], 2, best[0][3])
        counts.append((key, sum(n for _, n in arms)))
        best = (key, sum(n for _, n in arms), sentences[arms[0][0]])

    if best is not None and len(controls) == 1 and controls[0][1] and best[0][0] < 5:
        # the control group counted in a sentence of its own ("Fifty-one infants ... served as controls"): the
        # sample is the group it is compared with plus these controls
        where, n_controls = controls[0]
        studied = max(((key, value) for index, (key, value) in others.items() if index != where), default=None)
        told = sentences[-studied[0][1]] if studied is not None else ""
        # (the studied group may be told without a role verb when the strongest count is the controls' own:
        # "Patients with COPD (n = 100) were defined ...", then "The control group (n = 51) consisted of ...")
        floor = 2 if -best[0][1] == where and best[1] == n_controls else 3
        # (not a control arm among groups told each in its own sentence that make up the people studied: "We
        # studied 20 children", "In the first group (n = 10) ...", "In the control group (n = 10) ..."; round 33)
        arm = len(groups) >= 2 and where in {index for index, _ in groups} and studied is not None and \
            sum(n for _, n in groups) == studied[1]
        arm = arm or (studied is not None and any(
            (_number(m.group("num")) or 0) + n_controls == studied[1]
            for between in sentences[-studied[0][1] + 1:where] for m in _PART_BETWEEN.finditer(between)))
        if studied is not None and not arm and studied[0][0] >= floor and -studied[0][1] not in lines \
                and not re.search(r"\bcontrols?\b", told, re.I) and not (
                studied[0][2] >= 1 and re.search(rf"(?<![\d.,]){n_controls}\s+(?:[\w-]+\s+){{0,2}}?{_PEOPLE}", told, re.I)):
            # (not when the studied count already sums them: "44 patients with PID and 44 healthy women were
            # included", then "The control group consisted of 44 women")
            return reading(SampleSize(n=studied[1] + n_controls, sentence=sentences[-studied[0][1]]))
    if best is not None and best[0][0] < 5:
        for sentence in sentences[-best[0][1] + 1:]:
            # the people counted told again, against controls counted beside them ("in 11 patients with NIDDM", then
            # "higher in the 11 NIDDM patients, when compared with 8 control subjects without diabetes"): both groups
            # (round 32)
            again = _AGAIN_WITH_CONTROLS.search(sentence) if "compared" in sentence else None
            if again and _number(again.group("a")) == best[1] and (n_controls := _number(again.group("b"))):
                key = (best[0][0], best[0][1], 2, best[0][3])
                counts.append((key, best[1] + n_controls))
                return reading(SampleSize(n=best[1] + n_controls, sentence=best[2]))
    if best is not None:
        return reading(SampleSize(n=best[1], sentence=best[2]))
    for sentence in sentences:
        # nobody counted but by the shares of two compared groups ("4.7% (4 of 85) of omeprazole-treated patients
        # ..., compared with 16.7% (15 of 90) of patients treated with placebo"): the two groups' people
        shares = _SHARE_OF.findall(sentence)
        if len(shares) == 2 and _COMPARED_ARMS.search(sentence):
            value = sum(_number(n) or 0 for n in shares)
            return reading(SampleSize(n=value, sentence=sentence))
    for sentence in sentences:
        # the only count is of those who completed ("A total of 178 patients completed the study"): the people
        # analysed, the last step of the labelling rule
        for match in _COMPLETED.finditer(sentence):
            value = _number(match.group("num") or match.group("num2"))
            if value and not _SUBSET_BEFORE.search(sentence[max(0, match.start() - 40):match.start()]):
                return reading(SampleSize(n=value, sentence=sentence))
    for sentence in sentences:
        # the only people counted are the whole of a part told ("Fifteen of 25 (60%) patients responded", "in six of
        # 20 PD patients on selegiline") or told as those among whom something was measured ("mortality among 1,130
        # patients with left ventricular EF <30%"): the whole, the people studied (round 32)
        # (not a cited finding, "In a review of prospective studies ..., only 3 of 123 patients", "Preliminary data
        # among 16 patients ... suggest", nor a nested case-control study's base, "63 of 494 children developed MA
        # ... and were designated as cases for a nested case-control study")
        if _NOT_THE_WHOLE.search(sentence):
            continue
        if (studied := _STUDIED_PART.search(sentence)) and (value := _number(studied.group("num"))):
            return reading(SampleSize(n=value, sentence=sentence))
        wholes = [(match, _number(match.group("num") or match.group("num2"))) for match in _ONLY_WHOLE.finditer(sentence)]
        parts = [value for match, value in wholes if match.group("num") and value]
        if len(parts) >= 2:
            # two groups told by their parts ("222 of 865 patients ..., compared to 279 of 862 patients", "in 5 of 10
            # desipramine-treated patients, but only 1 of 9 bupropion-treated patients"): both wholes
            return reading(SampleSize(n=sum(parts), sentence=sentence))
        for match, value in wholes:
            if value:
                return reading(SampleSize(n=value, sentence=sentence))
    opening = [sentence for sentence in sentences if _CASE_OPENING.match(sentence)]
    if len(opening) >= 2:
        # each case told from its own opening ("A 105-year-old woman developed ... A 57-year-old man developed"):
        # one patient per case
        return reading(SampleSize(n=len(opening), sentence=opening[0]))
    for sentence in sentences:
        if few := _FEW_CASES.search(sentence):
            return reading(SampleSize(n=_number(few.group("k") or few.group("k2") or few.group("k3")
                                                or few.group("k4")) or 0, sentence=sentence))
        if _SINGLE_CASE.search(sentence) or (_IN_ONE_PERSON.search(sentence) and _TOLD_OF_ONE.search(sentence)):
            return reading(SampleSize(n=1, sentence=sentence))
    if not _MANY_PEOPLE.search(abstract or ""):
        for sentence in sentences:
            if _THE_PATIENT.search(sentence):
                # one patient told of as "the patient", with no people counted or named in the plural anywhere ("The
                # patient had been in pain for 9 years ... The patient has now been painless for 18 months"): a case
                return reading(SampleSize(n=1, sentence=sentence))
    return reading(None)
