"""The scope guard: emergencies, personal questions, off-topic and nonsense are not searched; research questions are.

The table below is phrasings written while developing the guard (lay wording, typos, lower case,
and in-scope questions full of alarming words). The labelled sets in search/evaluation/data are
scored by ``manage.py evaluate scope``; these tests pin the behaviour and the contract shape.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from search.evaluation import scope as scope_evaluation
from search.scope import (
    CORPUS_TOPICS,
    EMERGENCY_NUMBERS,
    EXAMPLES_FILE,
    NOT_SEARCHED,
    SCOPE_KINDS,
    Scope,
    classify_scope,
    example_questions,
)

FRONTEND_EXAMPLES = Path(__file__).resolve().parents[2] / "frontend" / "src" / "features" / "search" / "examples.ts"

TABLE = [
    # emergencies: someone in danger now
    ("I have chest pain right now, should I take aspirin?", "emergency"),
    ("my heart is racing and i feel like i'm going to pass out right now", "emergency"),
    ("I swallowed a bunch of sleeping tablets an hour ago", "emergency"),
    ("my daughter ate rat poison", "emergency"),
    ("I'm suicidal", "emergency"),
    ("I don't want to be alive anymore", "emergency"),
    ("bf took like 40 advil", "emergency"),
    ("dad's speech is slurred and his arm went limp", "emergency"),
    ("im bleeding a lot from my head", "emergency"),
    ("my kid got into the medicine cabinet and ate some pills", "emergency"),
    ("severe chest pain radiating to my jaw", "emergency"),
    ("my lips and tongue are swelling up after a new antibiotic", "emergency"),
    ("my toddler is choking on a grape", "emergency"),
    ("Someone near me collapsed in the street", "emergency"),
    ("i think i'm overdosing", "emergency"),
    ("my brother is having a seizure and wont stop shaking", "emergency"),
    ("I have a plan to end my life tonight", "emergency"),
    # research questions with alarming words: searched
    ("Does aspirin prevent heart attacks?", "in_scope"),
    ("Is chest pain a side effect of sumatriptan?", "in_scope"),
    ("Do opioids cause overdose deaths?", "in_scope"),
    ("Does ibuprofen dosing in children affect fever?", "in_scope"),
    ("Does low-dose aspirin reduce heart attack risk in people with diabetes?", "in_scope"),
    ("Can antihistamines cause seizures in children?", "in_scope"),
    ("is naproxen safer than diclofenac for the heart", "in_scope"),
    ("Do opioid overdoses increase after prescription limits?", "in_scope"),
    ("Does paracetamol overdose damage the liver?", "in_scope"),
    ("Is there evidence that triptans cause strokes?", "in_scope"),
    ("Do ace inhibitors cause cough", "in_scope"),
    ("Is oxycodone more addictive than morphine?", "in_scope"),
    ("Do women on HRT have more strokes?", "in_scope"),
    ("Can suicidal behaviour be prevented by lithium?", "in_scope"),
    ("Is chest pain in mothers taking triptans common?", "in_scope"),
    ("Does naloxone work for people who are not breathing after an opioid overdose?", "in_scope"),
    ("Is there a link between antidepressants and suicidal thoughts in young adults?", "in_scope"),
    ("Do antipsychotics cause slurred speech?", "in_scope"),
    ("Can swallowing button batteries cause death in toddlers?", "in_scope"),
    ("Do beta blockers help people who had a heart attack?", "in_scope"),
    ("Is heavy bleeding a side effect of warfarin?", "in_scope"),
    ("I heard metformin causes B12 deficiency", "in_scope"),
    ("My friend says statins cause memory loss, is that true?", "in_scope"),
    ("does hrt cause blood clots", "in_scope"),
    # an abbreviation written in capitals is read as one, though word lists carry "hrt" as a word
    ("Would HRT make me less likely to break a wrist?", "borderline"),
    ("Does HRT lower the risk of a broken wrist?", "in_scope"),
    ("How often do patients collapse after starting alpha blockers?", "in_scope"),
    # personal dose, diagnosis or medication decision
    ("How much ibuprofen can I give my 3-year-old?", "personal"),
    ("Do I have diabetes?", "personal"),
    ("should I stop my metformin?", "personal"),
    ("Can my 10 year old take adult cetirizine?", "personal"),
    ("What is the max amount of Advil I can take?", "personal"),
    ("I'm pregnant, is it safe for me to take paracetamol?", "personal"),
    ("do i have a stomach ulcer", "personal"),
    ("should my mom keep taking her statin at 85?", "personal"),
    ("Is 40mg of omeprazole too much for me?", "personal"),
    ("could i be allergic to penicillin", "personal"),
    ("I missed a dose of my birth control pill, what should I do?", "personal"),
    ("how many melatonin gummies can i give my 4 yr old", "personal"),
    # not about health
    ("Who won the 1998 World Cup?", "off_topic"),
    ("What's the best way to learn guitar?", "off_topic"),
    ("how tall is the eiffel tower", "off_topic"),
    ("Can you help me with my homework?", "off_topic"),
    ("hi", "off_topic"),
    ("how to bake bread", "off_topic"),
    ("Which stocks should I buy in 2025?", "off_topic"),
    ("Tell me a joke", "off_topic"),
    # nothing readable
    ("asdf qwerty", "nonsense"),
    ("fdsjkl", "nonsense"),
    ("zzzzzz zzz", "nonsense"),
    ("My car's battery keeps dying overnight", "off_topic"),  # "dying" alone is no medical word
    ("!!!!!", "nonsense"),
    ("ghjk ghjk", "nonsense"),
    ("", "nonsense"),
    # about health, but partly personal or vague: searched with a caution
    ("is coffee bad?", "borderline"),
    ("Is milk good for you?", "borderline"),
    ("what helps with a sore throat", "borderline"),
    ("I'm always tired, what supplement should I try?", "borderline"),
    ("how to get rid of acne", "borderline"),
    ("is fasting healthy", "borderline"),
]


@pytest.mark.parametrize(("question", "kind"), TABLE)
def test_phrasings_get_their_kind(question, kind):
    scope = classify_scope(question)
    assert scope.kind == kind
    assert scope.searched is (kind not in NOT_SEARCHED)


def test_the_table_covers_every_kind():
    assert len(TABLE) >= 60
    assert {kind for _, kind in TABLE} == set(SCOPE_KINDS)


def test_to_dict_is_the_contract_shape_and_round_trips():
    questions = ("I can't breathe", "Do I have diabetes?", "asdf qwerty", "is coffee bad?",
                 "Does sumatriptan relieve migraine?")
    for question in questions:
        scope = classify_scope(question)
        data = scope.to_dict()
        assert list(data) == ["kind", "message", "searched", "suggestion", "emergency_numbers", "examples", "covers"]
        assert json.loads(json.dumps(data)) == data
        assert Scope.from_dict(data) == scope


def test_an_emergency_gives_numbers_and_no_search():
    data = classify_scope("my dad collapsed and isn't breathing").to_dict()
    assert data["searched"] is False and data["examples"] == [] and data["covers"] == [] and data["suggestion"] is None
    assert "emergency number" in data["message"]
    assert {"region": "United States and Canada", "number": "911"} in data["emergency_numbers"]
    assert {"region": "European Union", "number": "112"} in data["emergency_numbers"]
    assert len(data["emergency_numbers"]) == len(EMERGENCY_NUMBERS)
    assert "988" not in data["message"]  # the crisis line is for suicidal thoughts


def test_suicidal_thoughts_add_a_crisis_line():
    message = classify_scope("i keep thinking about ending my life").message
    assert "988" in message and "crisis line" in message


def test_a_personal_question_suggests_the_research_question_behind_it():
    scope = classify_scope("How much ibuprofen can I give my 3-year-old?")
    assert scope.searched is False and scope.emergency_numbers == ()
    assert "pharmacist" in scope.message and "label" in scope.message
    assert scope.suggestion == "Is ibuprofen effective and safe in young children?"
    assert classify_scope("Should I switch from lisinopril to losartan?").suggestion == (
        "How does lisinopril compare with losartan?"
    )
    assert classify_scope("Do I have diabetes?").suggestion == "How is diabetes diagnosed?"


@pytest.mark.parametrize(
    "question",
    ["should I stop my metformin?", "Can I take ibuprofen with my lisinopril?", "Could my headaches be a brain tumor?",
     "how much benadryl for my 6 month old baby", "is my blood pressure of 150/95 too high?"],
)
def test_a_suggestion_is_searchable_and_uses_the_question_words(question):
    suggestion = classify_scope(question).suggestion
    assert suggestion and classify_scope(suggestion).searched
    content = {w for w in question.lower().replace("?", "").split() if len(w) > 5}
    assert content & set(suggestion.lower().replace("?", "").split())


def test_off_topic_and_nonsense_offer_the_examples_and_what_the_corpus_covers():
    for question in ("What is the capital of Australia?", "jjjjjjjjjj"):
        scope = classify_scope(question)
        assert scope.searched is False
        assert scope.examples == example_questions()
        assert scope.covers == CORPUS_TOPICS and len(CORPUS_TOPICS) == 14


def test_every_example_question_of_the_ask_page_is_in_scope():
    questions = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))["questions"]
    assert questions and list(example_questions()) == questions
    for question in questions:
        assert classify_scope(question).kind == "in_scope", question
    # the ask page shows this same file, not a copy
    assert "search/data/example_questions.json" in FRONTEND_EXAMPLES.read_text(encoding="utf-8")


def test_in_scope_has_an_empty_message_and_borderline_a_caution():
    assert classify_scope("Do proton pump inhibitors heal reflux esophagitis?").message == ""
    assert "broad" in classify_scope("are carbs bad").message
    assert "cannot say what is best for you" in classify_scope("which painkiller is best for me").message


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "maybe", "message": "", "searched": True, "suggestion": None, "emergency_numbers": [],
          "examples": [], "covers": []}, "scope kind must be one of"),
        ({"kind": "emergency", "message": "x", "searched": True, "suggestion": None, "emergency_numbers": [],
          "examples": [], "covers": []}, "emergency question is not searched"),
        ({"kind": "in_scope", "message": ""}, "exactly the fields"),
        ({"kind": "emergency", "message": "x", "searched": False, "suggestion": None, "emergency_numbers": [{"x": 1}],
          "examples": [], "covers": []}, "region and a number"),
        ({"kind": "in_scope", "message": "", "searched": "yes", "suggestion": None, "emergency_numbers": [],
          "examples": [], "covers": []}, "searched is a boolean"),
    ],
)
def test_from_dict_refuses_a_malformed_scope(data, message):
    with pytest.raises(ValueError, match=message):
        Scope.from_dict(data)


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_the_evaluation_scores_a_small_labelled_file(tmp_path):
    path = _write(tmp_path / "scope.jsonl", [
        {"question": "I can't breathe", "kind": "emergency", "note": "n"},
        {"question": "Does sumatriptan relieve migraine?", "kind": "in_scope"},
        {"question": "Who won the 1998 World Cup?", "kind": "off_topic"},
        {"question": "Do I have diabetes?", "kind": "personal"},
        {"question": "Is chest pain a side effect of sumatriptan?", "kind": "emergency", "note": "deliberately wrong"},
    ])
    result = scope_evaluation.run(path, {})
    assert result["n"] == 5 and result["accuracy"] == 0.8
    assert result["emergency_recall"] == 0.5
    assert result["out_of_scope_precision"] == 1.0 and result["out_of_scope_recall"] == 0.75
    assert result["per_kind"]["in_scope"] == {"n": 1, "precision": 0.5, "recall": 1.0}
    assert result["confusion"]["emergency"]["in_scope"] == 1
    assert result["misclassified"] == [{"question": "Is chest pain a side effect of sumatriptan?", "gold": "emergency",
                                        "predicted": "in_scope", "note": "deliberately wrong"}]
    assert result["examples_refused"] == 0
    assert result["targets_met"]["emergency_recall"] is False


def test_the_evaluate_command_prints_the_figures_as_json(tmp_path, capsys):
    path = _write(tmp_path / "scope.jsonl", [{"question": "asdf qwerty", "kind": "nonsense"},
                                              {"question": "Does aspirin prevent heart attacks?", "kind": "in_scope"}])
    call_command("evaluate", "scope", "--data", str(path), "--json")
    printed = json.loads(capsys.readouterr().out)
    assert printed["n"] == 2 and printed["accuracy"] == 1.0 and printed["misclassified"] == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"question": "x", "kind": "urgent"}\n', "line 1 has kind 'urgent'; use one of in_scope, borderline"),
        ('{"question": "x", "kind": "in_scope"}\nnot json\n', "line 2 is not JSON"),
        ('{"kind": "in_scope"}\n', "line 1 needs a text 'question' and a 'kind'"),
        ("\n", "holds no labelled question"),
    ],
)
def test_the_evaluate_command_refuses_unusable_data_with_a_sentence(tmp_path, content, message):
    path = tmp_path / "scope.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match="^evaluate scope: .*" + message.replace("(", r"\(")):
        call_command("evaluate", "scope", "--data", str(path))


def test_a_folder_is_refused_with_a_sentence(tmp_path):
    with pytest.raises(CommandError, match="is a folder; pass a JSON Lines file"):
        call_command("evaluate", "scope", "--data", str(tmp_path))


@pytest.mark.parametrize(
    ("question", "suggestion"),
    [
        ("I have COPD. Is it safe for me to take a heart-selective beta blocker like metoprolol or atenolol?",
         "Is metoprolol safe for people with COPD?"),
        ("I have heart disease. Is it safe for me to use Zyban (bupropion) to help me quit smoking?",
         "Is bupropion safe for people with heart disease?"),
        ("My child has epilepsy. Is it safe for him to take methylphenidate?",
         "Is methylphenidate safe in children with epilepsy?"),
        ("I'm on erythromycin for a chest infection. Is it safe for me to keep taking Clarinex (desloratadine)?",
         "Is it safe to take desloratadine together with erythromycin?"),
    ],
)
def test_a_personal_safety_question_suggests_the_drug_asked_about_beside_what_the_person_has(question, suggestion):
    # The class word, the brand name and the person's condition are not read as further drugs to compare.
    scope = classify_scope(question)
    assert scope.kind == "personal" and scope.suggestion == suggestion
    assert classify_scope(suggestion).searched


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        # The measurement is the asker's situation; what a medicine does to it is the question (searched).
        ("My blood pressure is still high on an ACE inhibitor. Would adding an ARB like valsartan or candesartan "
         "bring it down further?", "borderline"),
        ("I'm on the top dose of glyburide and my sugars are still high. Would adding Rezulin (troglitazone) bring "
         "them down?", "borderline"),
        # What the number means, or a number with no medicine asked about, stays a personal question.
        ("my blood pressure is 150/95 what does that mean", "personal"),
        ("My cholesterol is 240 and I take atorvastatin, is that bad?", "personal"),
        ("my A1c is 6.9, am I diabetic?", "personal"),
        # "for my blood pressure." names what a medicine is for; the next sentence's "Is" is no reading of it.
        ("I'm a man starting enalapril for my blood pressure. Is it likely to cause erection problems?", "borderline"),
        # A dose one is already on is the situation told, not a dose asked for.
        ("I'm already on the maximum dose of my sulfonylurea and my sugars are still too high. Would adding "
         "metformin help?", "borderline"),
        ("What is the maximum dose of ibuprofen I can take?", "personal"),
    ],
)
def test_a_measurement_followed_by_what_a_medicine_does_to_it_is_searched(question, kind):
    assert classify_scope(question).kind == kind


@pytest.mark.parametrize(("question", "searched"), [
    # Childbirth and operations are health topics the dictionaries do not know as words.
    ("Does an epidural during labour slow the birth down?", True),
    ("Are varicose veins in the legs worse after a caesarean?", True),
    ("Would a spinal cord stimulator help blocked leg arteries?", True),
    # The heart's tracing names a health question whatever drug the dictionaries lack.
    ("Does artemether-lumefantrine (Riamet) on its own prolong the QT interval?", True),
    ("Would a new tablet from abroad change my ECG tracing?", True),
    # Their everyday senses stay off topic: one ambiguous word alone is not health.
    ("Is the labour party ahead in the polls?", False),
    ("Will my parcel delivery arrive before the birthday party?", False),
    ("Which bypass road avoids the town centre?", False),
])
def test_childbirth_and_operation_words_make_a_health_question(question, searched):
    scope = classify_scope(question)
    assert scope.searched is searched and scope.kind != "personal"


@pytest.mark.parametrize("question, kind", [
    ("If I take my glipizide XL and then go for a long walk before breakfast, am I more likely to have a hypo?",
     "borderline"),
    ("Am I at higher risk of breast cancer on HRT?", "borderline"),
    ("Am I pregnant?", "personal"),
    ("Am I diabetic if my blood sugar is 7?", "personal"),
])
def test_am_i_more_likely_asks_about_a_risk_not_a_diagnosis(question, kind):
    """"Am I more likely to have a hypo if ...?" asks what research knows of a risk; "Am I pregnant?" asks for a
    diagnosis no paper can give."""
    assert classify_scope(question).kind == kind


@pytest.mark.parametrize("question, kind", [
    # The situation first, then a research question about what a treatment does for the condition: searched.
    ("I have osteoporosis and my doctor suggested Evista (raloxifene). Does it also lower the risk of breast cancer?",
     "borderline"),
    ("I'm on methadone and badly constipated. Can drugs that block opioids in the gut, like methylnaltrexone, fix it?",
     "borderline"),
    ("My GP started me on lisinopril last month. Will it protect my kidneys?", "borderline"),
    # "bring blood pressure down": what is brought down may take several words.
    ("My doctor suggested Ziac, a low-dose bisoprolol plus water pill combination. Does it bring blood pressure "
     "down better than enalapril?", "borderline"),
    # The asking sentence decides for the person, names the prescriber, or asks about harm to them: personal.
    ("My doctor prescribed omeprazole, should I take it?", "personal"),
    ("My doctor wants to start me on metformin. Is it a good idea?", "personal"),
    ("I'm on sertraline. Can I drink alcohol tonight?", "personal"),
    ("My doctor suggested Estratest for my menopause symptoms. Will it damage my liver?", "personal"),
    ("I take lisinopril. Is it safe for me to take Celebrex?", "personal"),
    ("My doctor suggested Evista. My doctor says it helps, does it?", "personal"),
])
def test_a_research_question_after_the_persons_situation_is_searched(question, kind):
    """"My doctor suggested Evista. Does it also lower the risk of breast cancer?" asks what studies know; only
    what the asking sentence itself asks can make the question a personal decision."""
    assert classify_scope(question).kind == kind


@pytest.mark.parametrize("question, kind", [
    ("Am I likely to have a hypo on glipizide if I skip lunch?", "borderline"),
    ("Am I depressed?", "personal"),
])
def test_am_i_likely_asks_about_a_risk(question, kind):
    assert classify_scope(question).kind == kind


@pytest.mark.parametrize("question, kind", [
    ("If I get a dose of tramadol during my operation, will I need less painkiller the next day?", "borderline"),
    ("Will he need fewer puffs of his inhaler on montelukast?", "in_scope"),
    ("I'm on atorvastatin. Do I still need it after my heart attack?", "personal"),
])
def test_needing_less_asks_what_a_treatment_changes_not_a_decision(question, kind):
    assert classify_scope(question).kind == kind


@pytest.mark.parametrize("question, kind", [
    # A situation told ("This is my first pregnancy and I've developed high blood pressure") is no asking of a
    # reading; what the two medicines do is the question.
    ("This is my first pregnancy and I've developed high blood pressure. Does labetalol control it better than "
     "methyldopa (Aldomet)?", "borderline"),
    # "if my blood pressure is treated with labetalol" says what is done to it, not what it reads.
    ("I have severe pre-eclampsia and the baby may come very early. Will my baby do better if my blood pressure is "
     "treated with labetalol rather than hydralazine?", "borderline"),
    # The asking of a reading stays personal.
    ("Is my blood pressure too high?", "personal"),
    ("Is my cholesterol of 240 bad?", "personal"),
    ("My blood pressure is 150/95, is that too high?", "personal"),
    # After a comma, "is adding Y better" opens a question about a treatment; "is it high?" still asks the reading.
    ("If an ACE inhibitor alone isn't controlling my blood pressure, is adding hydrochlorothiazide better than "
     "staying on the ACE inhibitor alone?", "borderline"),
    ("my blood pressure, is it high?", "personal"),
    # What an added medicine does to the reading, asked a long way after "will".
    ("My blood pressure is still very high on hydrochlorothiazide. Will adding an angiotensin receptor blocker like "
     "candesartan or telmisartan bring it down further?", "borderline"),
])
def test_a_situation_told_is_not_a_reading_asked(question, kind):
    assert classify_scope(question).kind == kind


@pytest.mark.parametrize(
    "question, suggestion",
    [
        # The condition a medicine is taken for is no second thing to combine it with; dialysis is who takes it.
        ("my husband is on dialysis, is it safe for him to take enalapril for his blood pressure?",
         "Is enalapril effective and safe for blood pressure in people on dialysis?"),
        ("I am on warfarin, can I drink alcohol with it?", "Is it safe to combine warfarin and alcohol?"),
    ],
)
def test_a_personal_safety_suggestion_keeps_what_the_medicine_is_taken_for(question, suggestion):
    assert classify_scope(question).suggestion == suggestion


@pytest.mark.parametrize("question", [
    "Does maca root actually increase sexual desire in men?",
    "Does exercise improve libido?",
])
def test_sexual_health_is_health(question):
    assert classify_scope(question).kind in ("in_scope", "borderline")


@pytest.mark.parametrize("question, searched", [
    # A joint, a ligament or a knee is a body, not a topic of its own: these were refused as off topic.
    ("Is having a naturally loose (lax) other knee linked to worse results after ACL reconstruction?", True),
    ("Does arthroscopic surgery help a torn meniscus?", True),
    ("Does a cortisone shot help a painful shoulder?", True),
    # One ambiguous word alone stays what it usually is.
    ("How do I set up an ACL on my router?", False),
    ("Which hip-hop album sold most in 2020?", False),
])
def test_joints_and_ligaments_make_a_health_question(question, searched):
    assert classify_scope(question).searched is searched
