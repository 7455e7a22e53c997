"""The lay vocabulary for side effects and outcomes ("dizzy", "upset stomach", "hypos") in abbreviations.json → "terms"."""
from __future__ import annotations

import json
import re

import pytest

from search.pipeline.concepts import DATA_FILE, extract_concepts, load
from search.pipeline.frame import frame_question


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


# (question, intervention, outcome as written, expected heading, a synonym the abstracts use)
LAY_QUESTIONS = [
    ("Does ibuprofen make you dizzy?", "ibuprofen", "dizzy", "Dizziness", "vertigo"),
    ("Can naproxen give you an upset stomach?", "naproxen", "upset stomach", "Dyspepsia", "dyspepsia"),
    ("Does metformin cause stomach upset?", "metformin", "stomach upset", "Dyspepsia", "indigestion"),
    ("Does tramadol make you feel sick?", "tramadol", "feel sick", "Nausea", "nausea"),
    ("Does codeine make you throw up?", "codeine", "throw up", "Vomiting", "emesis"),
    ("Does aspirin cause stomach bleeding?", "aspirin", "stomach bleeding", "Gastrointestinal Hemorrhage",
     "gastrointestinal haemorrhage"),
    ("Can ibuprofen cause kidney damage?", "ibuprofen", "kidney damage", "Kidney Diseases", "nephrotoxicity"),
    ("Does gliclazide cause hypos?", "gliclazide", "hypos", "Hypoglycemia", "hypoglycaemia"),
    ("Does finasteride lower sex drive?", "finasteride", "sex drive", "Libido", "libido"),
    ("Can propranolol cause erection problems?", "propranolol", "erection problems", "Erectile Dysfunction",
     "erectile dysfunction"),
    ("Does paroxetine cause sexual problems?", "paroxetine", "sexual problems", "Sexual Dysfunction",
     "sexual dysfunction"),
    ("Does amitriptyline cause memory problems?", "amitriptyline", "memory problems", "Memory Disorders",
     "memory impairment"),
    ("Can diphenhydramine cause confusion in older people?", "diphenhydramine", "confusion", "Confusion", "delirium"),
    ("Does oxybutynin cause dry mouth?", "oxybutynin", "dry mouth", "Xerostomia", "xerostomia"),
    ("Does metformin cause diarrhoea?", "metformin", "diarrhoea", "Diarrhea", "diarrhea"),
    ("Does fluoxetine cause trouble sleeping?", "fluoxetine", "trouble sleeping",
     "Sleep Initiation and Maintenance Disorders", "insomnia"),
    ("Does atenolol cause tiredness?", "atenolol", "tiredness", "Fatigue", "fatigue"),
    ("Can codeine make your skin itchy?", "codeine", "itchy", "Pruritus", "pruritus"),
    ("Do statins cause muscle aches?", "statins", "muscle aches", "Myalgia", "myalgia"),
    ("Does salbutamol cause palpitations?", "salbutamol", "palpitations", "Tachycardia", "tachycardia"),
    ("Does doxazosin make you pass out?", "doxazosin", "pass out", "Syncope", "syncope"),
    ("Do sleeping pills cause falls in the elderly?", "sleeping pills", "falls", "Accidental Falls", "fall risk"),
    ("Can you get hooked on codeine?", "codeine", "hooked", "Substance-Related Disorders", "dependence"),
    ("Does isotretinoin cause suicidal thoughts?", "isotretinoin", "suicidal thoughts", "Suicidal Ideation",
     "suicidal ideation"),
    ("Does methylphenidate cause loss of appetite?", "methylphenidate", "loss of appetite", "Anorexia", "anorexia"),
    ("Can quinine cause ringing in the ears?", "quinine", "ringing in the ears", "Tinnitus", "tinnitus"),
    ("Does prednisolone cause bone thinning?", "prednisolone", "bone thinning", "Osteoporosis",
     "bone mineral density"),
    ("Can spironolactone cause raised potassium?", "spironolactone", "raised potassium", "Hyperkalemia", "hyperkalaemia"),
    ("Does sertraline cause low mood?", "sertraline", "low mood", "Depression", "depressive symptoms"),
    ("Does mirtazapine make you hungry?", "mirtazapine", "hungry", "Appetite", "appetite"),
    ("Does sertraline cause withdrawal when you stop?", "sertraline", "withdrawal", "Substance Withdrawal Syndrome",
     "discontinuation syndrome"),
    ("Does lithium make you shaky?", "lithium", "shaky", "Tremor", "tremor"),
    ("Does ibuprofen cause heart problems?", "ibuprofen", "heart problems", "Cardiovascular Diseases",
     "cardiovascular events"),
    ("Does tamoxifen cause hot flushes?", "tamoxifen", "hot flushes", "Hot Flashes", "hot flashes"),
    ("Does amlodipine increase your risk of dying?", "amlodipine", "risk of dying", "Mortality", "mortality"),
    ("Does nifedipine cause gum overgrowth?", "nifedipine", "gum overgrowth", "Gingival Overgrowth",
     "gingival hyperplasia"),
    ("Does olanzapine cause movement side effects?", "olanzapine", "movement side effects", "Basal Ganglia Diseases",
     "extrapyramidal"),
    # A measure that "drops too low" is the low state itself: searched and read as hypotension, not as "blood
    # pressure", "drop" and "low" (whose fall with the drug had read as the harm denied).
    ("Can captopril make your blood pressure drop too low?", "captopril", "blood pressure drop too low", "Hypotension",
     "hypotension"),
    ("Can glyburide make my blood sugar go too low?", "glyburide", "blood sugar go too low", "Hypoglycemia",
     "hypoglycemia"),
    ("Can an ACE inhibitor make my blood count drop too low?", "angiotensin-converting enzyme inhibitor",
     "blood count drop too low", "Anemia", "anaemia"),
    # Abstracts measure "breathing capacity" as the (forced) vital capacity.
    ("Can gabapentin improve breathing capacity in spinal muscular atrophy?", "gabapentin", "breathing capacity",
     "Vital Capacity", "vital capacity"),
    ("Does salbutamol improve lung function in children?", "salbutamol", "lung function",
     "Respiratory Function Tests", "vital capacity"),
]


def _outcome(question):
    concepts = extract_concepts(question).concepts
    framed = frame_question(question, concepts)
    return framed.frame, [concepts[i] for i in framed.outcome]


@pytest.mark.parametrize("question, intervention, outcome, heading, synonym", LAY_QUESTIONS)
def test_lay_outcome_maps_to_the_scientific_concept(question, intervention, outcome, heading, synonym):
    frame, outcomes = _outcome(question)
    assert frame.intervention == intervention
    concept = next(c for c in outcomes if outcome in c.text.lower())
    assert concept.kind == "term"
    assert (concept.mesh_heading or heading) == heading
    assert synonym in concept.synonyms


def test_table_is_large():
    assert len(LAY_QUESTIONS) >= 25


def _terms():
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))["terms"]


def test_every_term_has_a_heading_and_synonyms():
    for key, entry in _terms().items():
        assert isinstance(entry.get("heading"), str) and entry["heading"].strip(), key
        assert entry.get("synonyms") and all(isinstance(s, str) and s.strip() for s in entry["synonyms"]), key
        if "mesh_id" in entry:
            assert re.fullmatch(r"D\d{6}(\d{3})?", entry["mesh_id"]), key


def test_keys_are_lower_case_and_unique():
    pairs = json.loads(DATA_FILE.read_text(encoding="utf-8"), object_pairs_hook=list)
    terms = dict(pairs)["terms"]
    seen: dict[str, str] = {}
    for key, entry in terms:
        entry = dict(entry)
        assert key == key.lower().strip(), key
        assert key not in seen or seen[key] == entry["heading"], f"{key}: {seen.get(key)} vs {entry['heading']}"
        seen[key] = entry["heading"]
    assert len(seen) == len(terms), "duplicate keys"


def test_one_heading_one_mesh_id():
    ids: dict[str, set[str]] = {}
    for entry in _terms().values():
        ids.setdefault(entry["heading"], set()).add(entry.get("mesh_id") or "")
    conflicting = {h: i for h, i in ids.items() if len(i - {""}) > 1}
    assert not conflicting


@pytest.mark.parametrize(
    "question, wrong_heading",
    [
        # The lemmatiser turns "lower" into "low": "low blood sugar"/"low sodium" keys would make a treatment goal a harm.
        ("Does metformin lower blood sugar?", "Hypoglycemia"),
        ("Does insulin lower blood glucose?", "Hypoglycemia"),
        ("Does a low sodium diet lower blood pressure?", "Hyponatremia"),
        ("Does a high potassium diet lower blood pressure?", "Hyperkalemia"),
        ("Does furosemide lower potassium?", "Hypokalemia"),
        ("Does a low energy diet help weight loss?", "Fatigue"),
    ],
)
def test_lowering_is_not_read_as_a_low_level(question, wrong_heading):
    assert wrong_heading not in {c.mesh_heading for c in extract_concepts(question).concepts}


@pytest.mark.parametrize("question, treatment, heading", [
    ("Are water pills better than beta blockers for high blood pressure?", "water pills", "Diuretics"),
    ("Do blood thinners cause bleeding?", "blood thinners", "Anticoagulants"),
    ("Does blood pressure medicine cause dizziness?", "blood pressure medicine", "Antihypertensive Agents"),
    # Estradiol, which the drug dictionary does not know, is a treatment too.
    ("Does an estradiol vaginal ring help dryness?", "estradiol", "Estradiol"),
])
def test_a_lay_drug_class_is_the_treatment(question, treatment, heading):
    concepts = extract_concepts(question).concepts
    framed = frame_question(question, concepts)
    first = concepts[framed.intervention[0]]
    assert (first.text, first.kind) == (treatment, "drug")
    assert heading.lower() in first.synonyms  # searched by the class's own name


def test_estrogen_is_searched_and_matched_by_its_members():
    # Estrogen trials are written as estradiol, estrone or estriol: searched and matched as estrogen.
    [estrogen] = [c for c in extract_concepts("Do estrogen patches help hot flushes?").concepts if c.kind == "drug"]
    assert estrogen.mesh_heading == "Estrogens"
    assert {"estradiol", "estrone", "estriol"} <= set(estrogen.synonyms)
