"""Emergency detection by category (search/emergency.py), in lay phrasings none of the labelled sets holds.

Each category is tested with several wordings of a person in it now (first person, "my child",
a bare description, urgency words) and, separately, research questions that use the same alarming
words about people in general: those must still be searched. The labelled sets in
search/evaluation/data are scored by ``manage.py evaluate scope``.
"""
from __future__ import annotations

import pytest

from search.emergency import CATEGORIES, emergency_reasons, signs_in, someone_in_it_now
from search.scope import CRISIS_MESSAGE, POISON_MESSAGE, _normalise, classify_scope

EMERGENCIES: dict[str, list[str]] = {
    "cardiac": [
        # known chest pain that is bad, new or going on now is still an emergency
        "I keep getting chest pain and now it's crushing and spreading to my left arm",
        "my heart tests were clear last year but I have chest pain right now",
        "I have stable angina and the chest pain won't go away after my spray",
        "If I have a heart attack at home, what should I do? I have chest pain",
        "my chest feels really heavy and it's spreading to my arm",
        "sharp stabbing pain in the middle of my chest",
        "dad says it feels like someone is squeezing his chest",
        "after taking sumatriptan he has crushing chest pain",
        "is this a heart attack? pain behind my breastbone",
        "I think my husband is having a heart attack",
        "pressure on my chest won't go away",
        "I had my chest operation last week and now I have crushing chest pain",
        "my mum has no pulse",
    ],
    "breathing": [
        "I can't get enough air",
        "my son is struggling to breathe",
        "baby is breathing really fast and her lips look blue",
        "he's choking and can't talk",
        "my asthma is really bad and my inhaler isn't helping",
        "can't catch my breath even sitting still",
        "she stopped breathing",
    ],
    "stroke": [
        "my dad's face looks lopsided",
        "my wife's words are coming out jumbled",
        "suddenly I can't lift my right arm",
        "her smile is uneven and she's confused",
        "my grandma is slurring her words",
        "I think my mom is having a stroke",
        "after taking her sleeping pills she suddenly can't lift her right arm",
        "all of a sudden the left side of my body is numb",
    ],
    "allergy": [
        "my throat is closing up after eating nuts",
        "my son's lips are swelling after a bee sting",
        "i think i'm going into anaphylactic shock",
        "do i use my epipen now?",
        "came out in hives and my throat feels tight",
    ],
    "poisoning": [
        "i downed a whole pack of paracetamol",
        "my toddler drank some bleach",
        "my 3 year old put a button battery in his mouth",
        "my toddler put some of grandmas pills in her mouth",
        "my daughter chewed a laundry pod",
        "I took 50 of my sertraline",
        "my son got into the vitamins and ate the whole bottle",
        "my husband took a load of pills with alcohol",
        "my baby swallowed a button battery",
        "I've been bitten by a snake",
    ],
    "suicide": [
        "i want to end my life",
        "im going to kill myself tonight",
        "I've been thinking about suicide a lot and I have pills saved up",
        "I don't want to be here anymore",
        "everyone would be better off without me",
        "I've been cutting myself",
        "my teenager says she wants to die",
        "i cant do this anymore, i wish i was dead",
    ],
    "bleeding": [
        "blood is gushing from my leg",
        "my son cut his arm and there's blood everywhere",
        "the bleeding won't stop after 20 minutes of pressure",
        "I'm vomiting blood",
        "i cut my finger off with a saw",
        "my toe got amputated in an accident",
        "I just amputated my thumb with a knife",
    ],
    "seizure": [
        "my daughter is having a fit",
        "he's convulsing on the floor",
        "my wife's whole body is jerking and she won't respond",
        "my son is shaking uncontrollably and his eyes rolled back",
        "she woke up and is shaking all over",
    ],
    "unconscious": [
        "my grandad collapsed and won't wake up",
        "she fainted and isn't coming round",
        "found my roommate unresponsive",
        "my baby is floppy and won't feed",
        # A leading "after ..." phrase with no research question after its comma is no research phrasing, and
        # "after taking" is no research wording when it tells of one person.
        "after taking the whole bottle of pills, he won't wake up",
        "after his tablets this morning he collapsed and won't wake up",
    ],
    "burn": [
        "my son pulled a pan of boiling water onto himself and his skin is coming off",
        "I splashed oven cleaner in my eyes",
        "my kitchen caught fire and my arm is badly burned",
    ],
    "headache": [
        "I have the worst headache I've ever had",
        "sudden severe headache and my neck is stiff",
        "my baby has a rash that doesn't fade when I press a glass on it",
    ],
    "head_injury": [
        "my son hit his head and now he's throwing up",
        "I banged my head on a shelf and I feel confused",
    ],
    "trauma": [
        "my friend has been stabbed",
        "just got hit by a car",
        "pulled my son out of the pool, is he ok",
    ],
    "pregnancy": [
        "I'm 34 weeks pregnant and my baby has stopped moving",
        "pregnant and bleeding, what do I do",
    ],
    "diabetic": [
        "my husband is diabetic and his blood sugar is 35, he is sweating",
        "blood glucose reads 2.1 and I feel strange",
        "my daughter's sugar is 650 and she's breathing fast",
    ],
    "severe_pain": [
        "worst stomach pain of my life and I can't stand up",
        "excruciating pain in my belly and it's rigid",
        "I'm in agony with my back",
    ],
    "warning_signs": [
        "short of breath and my jaw aches",
        "I'm sweaty and short of breath",
        "feel faint and my heart is pounding",
    ],
}

# The same alarming words about people in general, in research phrasing: searched. The first group
# holds words the guard reads as signs of an emergency; what keeps them searched is that nobody is in it now.
RESEARCH_WITH_SIGNS = [
    "Is chest pain a common side effect of triptans?",
    "How often do ACE inhibitors cause swelling of the lips and tongue?",
    "Can fluoxetine cause suicidal thoughts in children?",
    "Is heavy bleeding after surgery reduced by tranexamic acid?",
    "Does naloxone help when someone has overdosed on fentanyl?",
    "Do patients having a heart attack benefit from oxygen?",
    "I'm writing an essay on chest pain in young adults: how often is it cardiac?",
    "Does thrombolysis help patients whose face is drooping from a stroke?",
    # A short phrase of when before the question proper.
    "After a stroke, does blood pressure treatment with perindopril cut the chance of having another stroke?",
]
RESEARCH = RESEARCH_WITH_SIGNS + [
    "Does aspirin reduce mortality after myocardial infarction?",
    "What is the risk of seizures with tramadol?",
    "Is overdose more likely with long-acting opioids?",
    "Do antihistamines cause breathing problems in infants?",
    "Are people who collapse after sumatriptan more likely to have heart disease?",
    "Can paracetamol overdose in teenagers be treated with acetylcysteine?",
    "Are strokes more common in women taking estrogen?",
    "Is it dangerous to take too many antihistamines?",
]
# Personal questions with an alarming word in them, about the past or a plan: not emergencies.
NOT_NOW = [
    "My grandmother had a stroke last year; does aspirin prevent another?",
    "My dad had a heart attack 5 years ago, should he still take aspirin?",
    "What happens if I take too much ibuprofen?",
    "I had too much to drink last night, what helps a hangover?",
    "I had a seizure two years ago, can I take bupropion?",
    "my legs feel heavy after a long walk, is that normal?",
    "My blood sugar was 140 after lunch, is that high?",
    "I've had diabetes for 12 years, should my sugar be below 7?",
    "I ate too much pizza and my stomach hurts",
    # "put on weight" is a side effect asked about, not a child putting a pill in their mouth
    "My son put on a lot of weight on clozapine. Would the diet pill phenylpropanolamine help him lose it?",
    "My daughter has put on 10 pounds since starting Risperdal. Would metformin pills help?",
    # the chest as the site of an operation; shaking with cold on waking from an anaesthetic (shivering)
    "Will I have less pain after my chest or stomach operation if the painkillers are started before surgery?",
    "Last time I had surgery I woke up shaking uncontrollably. Can clonidine prevent that shivering?",
    "I woke up from my last operation shaking uncontrollably with cold. Can clonidine stop the shivering?",
    # chest pain that is known, recurring or already looked into; a what-if about nobody in particular
    "I get chest pain on exercise but my heart arteries are clear (cardiac syndrome X). Would an ACE inhibitor help?",
    "I keep getting chest pain but my arteries are clear on the angiogram. Can imipramine reduce the episodes?",
    "My husband has stable angina and still gets chest pain on metoprolol. Would adding trimetazidine help?",
    "Sumatriptan gives me chest tightness. Would almotriptan be easier to tolerate?",
    "If someone gets chest pain after using cocaine, does nitroglycerin relieve it better than diazepam?",
    # an amputation as the operation ahead, or long past: no limb being lost now
    "My father is having his leg amputated. Can an epidural started before the operation prevent phantom limb pain?",
    "His leg is going to be amputated next week. Will gabapentin prevent phantom pain?",
    "My dad had his leg amputated last year. Does mirror therapy help phantom pain?",
]


@pytest.mark.parametrize(
    ("category", "question"), [(category, q) for category, questions in EMERGENCIES.items() for q in questions]
)
def test_each_category_is_an_emergency_in_many_wordings(category, question):
    scope = classify_scope(question)
    assert scope.kind == "emergency", question
    assert category in emergency_reasons(_normalise(question)), (question, emergency_reasons(_normalise(question)))


def test_every_category_is_tested():
    assert set(EMERGENCIES) == set(CATEGORIES)


@pytest.mark.parametrize("question", RESEARCH)
def test_research_phrasing_with_alarming_words_is_searched(question):
    scope = classify_scope(question)
    assert scope.kind in ("in_scope", "borderline"), (question, scope.kind)


@pytest.mark.parametrize("question", RESEARCH_WITH_SIGNS)
def test_signs_without_a_person_in_them_now_are_not_an_emergency(question):
    text = _normalise(question)
    assert signs_in(text) and not someone_in_it_now(text) and not emergency_reasons(text)


@pytest.mark.parametrize("question", NOT_NOW)
def test_a_past_event_or_a_what_if_is_not_an_emergency(question):
    assert classify_scope(question).kind != "emergency", question


@pytest.mark.parametrize(
    ("text", "present"),
    [
        ("cant breathe", True),  # a bare description
        ("blood everywhere", True),
        ("my chest hurts", True),
        ("he collapsed", True),
        ("does naloxone help people who stopped breathing", False),
        ("is chest pain a side effect of sumatriptan", False),
        ("chest pain in the emergency department outcomes", False),
        ("i read that chest pain is a side effect of sumatriptan", False),
        ("chest pain for the last 20 minutes", True),
    ],
)
def test_someone_in_it_now(text, present):
    assert someone_in_it_now(text) is present


def test_two_warning_symptoms_need_a_red_flag():
    assert "warning_signs" in signs_in("short of breath and sweating")
    assert "warning_signs" not in signs_in("nauseous and dizzy")  # neither is a red flag on its own


def test_the_message_fits_the_category():
    assert CRISIS_MESSAGE in classify_scope("I don't see the point in living anymore").message
    poisoning = classify_scope("my toddler drank some bleach").message
    assert POISON_MESSAGE in poisoning and CRISIS_MESSAGE not in poisoning
    assert CRISIS_MESSAGE in classify_scope("I swallowed all my pills on purpose").message
