"""The question's frame: kind and roles for the ways people ask (one row per phrasing, 60+)."""
from __future__ import annotations

import pytest

from search.pipeline.concepts import extract_concepts, load
from search.pipeline.frame import comparison_claim, frame_question, question_kind
from search.pipeline.state import Filters
from search.pipeline.understand import understand


@pytest.fixture(scope="module", autouse=True)
def _loaded():
    load()


# (question, kind, intervention, comparator, outcome, population)
FRAMES = [
    ('Is tolterodine more effective than oxybutynin for overactive bladder?', 'comparison', 'tolterodine', 'oxybutynin', 'overactive bladder', None),
    ('Is one long-acting opioid more effective than another for chronic pain?', 'comparison', 'long-acting opioid', 'another long-acting opioid', 'chronic pain', None),
    ('Do COX-2 inhibitors relieve arthritis pain better than older NSAIDs?', 'comparison', 'COX-2 inhibitors', 'NSAIDs', 'arthritis, pain', None),
    ('Is it safe to take sumatriptan if you have coronary heart disease?', 'safety', 'sumatriptan', None, None, 'coronary heart disease'),
    ('Does metformin lower blood sugar in type 2 diabetes?', 'effect', 'metformin', None, 'blood sugar, type 2 diabetes', None),
    ('Do ACE inhibitors cause cough?', 'harm', 'angiotensin-converting enzyme inhibitors', None, 'cough', None),
    ('Do proton pump inhibitors heal reflux esophagitis?', 'effect', 'proton pump inhibitors', None, 'heal, reflux esophagitis', None),
    ('Is esomeprazole better than omeprazole for healing erosive esophagitis?', 'comparison', 'esomeprazole', 'omeprazole', 'healing, erosive, esophagitis', None),
    ('Does hormone replacement therapy increase the risk of breast cancer?', 'harm', 'hormone replacement therapy', None, 'breast cancer', None),
    ('Are beta blockers safe for people with asthma?', 'safety', 'beta blockers', None, None, 'asthma'),
    ('Is there a difference between atenolol and metoprolol for blood pressure?', 'comparison', 'atenolol', 'metoprolol', 'blood pressure', None),
    ('Which triptan works best for migraine?', 'comparison', 'triptan', 'another triptan', 'migraine', None),
    ('Does methylphenidate improve attention in children with ADHD?', 'effect', 'methylphenidate', None, 'attention', 'children, attention deficit hyperactivity disorder'),
    ('Do antihistamines cause drowsiness?', 'harm', 'antihistamines', None, 'drowsiness', None),
    ('Is celecoxib safer for the stomach than naproxen?', 'comparison', 'celecoxib', 'naproxen', 'stomach', None),
    ('Does rizatriptan work faster than sumatriptan?', 'comparison', 'rizatriptan', 'sumatriptan', 'effectiveness', None),
    ('Is oxycodone stronger than morphine for cancer pain?', 'comparison', 'oxycodone', 'morphine', 'cancer pain', None),
    ('Does amlodipine lower blood pressure?', 'effect', 'amlodipine', None, 'blood pressure', None),
    ('Can estrogen prevent osteoporosis?', 'effect', 'estrogen', None, 'osteoporosis', None),
    ('Does risperidone cause weight gain?', 'harm', 'risperidone', None, 'weight gain', None),
    ('Is olanzapine better than haloperidol for schizophrenia?', 'comparison', 'olanzapine', 'haloperidol', 'schizophrenia', None),
    ('Is lansoprazole as effective as omeprazole for ulcers?', 'comparison', 'lansoprazole', 'omeprazole', 'ulcers', None),
    ('Does cetirizine relieve hay fever symptoms?', 'effect', 'cetirizine', None, 'hay fever, symptoms', None),
    ('Is loratadine less sedating than diphenhydramine?', 'comparison', 'loratadine', 'diphenhydramine', 'sedating', None),
    ('Do calcium channel blockers increase the risk of heart attack?', 'harm', 'calcium channel blockers', None, 'heart attack', None),
    ('Is nifedipine safe during pregnancy?', 'safety', 'nifedipine', None, None, 'pregnancy'),
    ('Does glipizide cause low blood sugar?', 'harm', 'glipizide', None, 'low blood sugar', None),
    ('Is pioglitazone associated with heart failure?', 'association', 'pioglitazone', None, 'heart failure', None),
    ('Does tizanidine help muscle spasticity?', 'effect', 'tizanidine', None, 'muscle spasticity', None),
    # Better than placebo is what the treatment does (an effect); more harm than placebo stays a comparison.
    ('Is cyclobenzaprine more effective than placebo for back pain?', 'effect', 'cyclobenzaprine', 'placebo', 'back pain', None),
    ('Does Prevacid cause more side effects than a placebo?', 'comparison', 'Prevacid', 'placebo', 'side effects', None),
    ('Does atomoxetine work as well as methylphenidate for ADHD?', 'comparison', 'atomoxetine', 'methylphenidate', 'attention deficit hyperactivity disorder', None),
    ('Are ACE inhibitors better than beta blockers for high blood pressure?', 'comparison', 'angiotensin-converting enzyme inhibitors', 'beta blockers', 'high blood pressure', None),
    ('Does carvedilol reduce mortality in heart failure?', 'effect', 'carvedilol', None, 'mortality, heart failure', None),
    ('Is it safe to take ibuprofen with high blood pressure?', 'safety', 'ibuprofen', None, None, 'high blood pressure'),
    ('Do opioids cause constipation?', 'harm', 'opioids', None, 'constipation', None),
    ('Does tramadol lead to addiction?', 'harm', 'tramadol', None, 'addiction', None),
    ('Is quetiapine linked to diabetes?', 'association', 'quetiapine', None, 'diabetes', None),
    ('Do SSRIs help hot flashes?', 'effect', 'selective serotonin reuptake inhibitors', None, 'hot flashes', None),
    ('Does darifenacin improve urinary incontinence?', 'effect', 'darifenacin', None, 'urinary incontinence', None),
    ('Is solifenacin better than tolterodine for overactive bladder?', 'comparison', 'solifenacin', 'tolterodine', 'overactive bladder', None),
    ('Does enalapril protect the kidneys in diabetes?', 'effect', 'enalapril', None, 'kidneys, diabetes', None),
    ('Can beta blockers prevent migraine?', 'effect', 'beta blockers', None, 'migraine', None),
    ('Is naproxen safer than diclofenac for the heart?', 'comparison', 'naproxen', 'diclofenac', 'heart', None),
    ('Do estrogen patches cause blood clots?', 'harm', 'estrogen', None, 'blood clots', None),
    ('Does risperidone raise prolactin levels more than olanzapine and quetiapine?', 'comparison', 'risperidone',
     'olanzapine', 'prolactin levels', None),
    ('Does hormone replacement therapy help older women keep their memory?', 'effect',
     'hormone replacement therapy', None, 'memory', 'older women'),
    ('Can the diabetes drug acarbose cause bloating?', 'harm', 'acarbose', None, 'bloating', None),
    ('Can misoprostol, taken to protect the stomach from NSAIDs, cause diarrhoea?', 'harm', 'misoprostol', None,
     'diarrhoea', None),
    ('Does rosiglitazone increase the risk of heart attack?', 'harm', 'rosiglitazone', None, 'heart attack', None),
    ('Are second-generation antihistamines safe for pilots?', 'safety', 'second-generation antihistamines', None, None, 'pilots'),
    ('Does fexofenadine cause drowsiness?', 'harm', 'fexofenadine', None, 'drowsiness', None),
    ('Is zolmitriptan effective for cluster headache?', 'effect', 'zolmitriptan', None, 'cluster headache', None),
    ('Does baclofen reduce spasticity in multiple sclerosis?', 'effect', 'baclofen', None, 'spasticity, multiple sclerosis', None),
    ('Is hydrocodone or oxycodone better for acute pain?', 'comparison', 'hydrocodone', 'oxycodone', 'acute pain', None),
    ('Does omeprazole prevent ulcers in people taking NSAIDs?', 'effect', 'omeprazole', None, 'ulcers', 'NSAIDs'),
    ('Is there a link between HRT and dementia?', 'association', 'hormone replacement therapy', None, 'dementia', None),
    ('Does long-term PPI use cause fractures?', 'harm', 'proton pump inhibitors', None, 'fractures', None),
    ('Is aripiprazole safe for elderly people with dementia?', 'safety', 'aripiprazole', None, None, 'elderly people, dementia'),
    ('Does lisinopril reduce proteinuria?', 'effect', 'lisinopril', None, 'proteinuria', None),
    ('Are triptans safe in pregnancy?', 'safety', 'triptans', None, None, 'pregnancy'),
    ('Is modafinil as good as amphetamine for ADHD?', 'comparison', 'modafinil', 'amphetamine', 'attention deficit hyperactivity disorder', None),
    ('What is the best treatment for migraine in children?', 'other', 'treatment', None, 'migraine', 'children'),
    ('How does metformin work?', 'effect', 'metformin', None, None, None),
    ('Do NSAIDs raise blood pressure?', 'harm', 'NSAIDs', None, 'blood pressure', None),
    ('Does acarbose reduce weight?', 'effect', 'acarbose', None, 'weight', None),
    ('Is verapamil more effective than diltiazem for angina?', 'comparison', 'verapamil', 'diltiazem', 'angina', None),
    ('Do antihistamines make you sleepy?', 'harm', 'antihistamines', None, 'sleepy', None),
    ('Does methylphenidate make tics worse?', 'harm', 'methylphenidate', None, 'tics', None),
    ('Does metformin make people put on weight?', 'harm', 'metformin', None, 'put on weight', None),
    ('Does metformin make people with diabetes put on weight?', 'harm', 'metformin', None, 'put on weight', 'diabetes'),
    # What it worsens may take more words; a measure of one's own that "suffers" is a harm asked about.
    ('Will metformin make my cholesterol and blood fats worse?', 'harm', 'metformin', None, 'cholesterol, blood fats',
     None),
    ('If I take ibuprofen for my knees, will my blood pressure control suffer?', 'harm', 'ibuprofen', None,
     'blood pressure, control, suffer', None),
    # The treatment added is the one asked about; the one it is added to is neither treatment nor outcome.
    ("If lithium alone isn't controlling a manic episode, does adding an antipsychotic help?", 'effect',
     'antipsychotic', None, 'controlling, manic episode', None),
    ('My metformin is not enough. Does adding nateglinide help?', 'effect', 'nateglinide', None, None, None),
    ('Would adding a little risperidone to my SSRI antidepressant help my OCD?', 'effect', 'risperidone', None,
     'OCD', None),
    ('If I take fexofenadine on top of my steroid cream, will it ease the itch?', 'effect', 'fexofenadine', None,
     'itch', None),
    # "Is it OK to add X?" asks whether it is safe, as "is it safe to add X?" does.
    ('Is it OK to add mibefradil to my beta blocker for angina?', 'safety', 'mibefradil', None, 'angina',
     'beta blocker'),
    # "less likely to do that": the harm the treatment was told to bring on is what the arms are compared on.
    ('Lisinopril gives me a cough. Is losartan less likely to do that?', 'comparison', 'losartan', 'Lisinopril',
     'cough', None),
    ('Lisinopril gives me a cough. Is losartan better for blood pressure?', 'comparison', 'losartan', 'Lisinopril',
     'blood pressure', 'cough'),
]


@pytest.mark.parametrize("question, kind, intervention, comparator, outcome, population", FRAMES)
def test_frame(question, kind, intervention, comparator, outcome, population):
    frame = frame_question(question, extract_concepts(question).concepts).frame
    assert (frame.kind, frame.intervention, frame.comparator, frame.outcome, frame.population) == (
        kind, intervention, comparator, outcome, population)


def test_table_is_large_and_covers_every_kind():
    assert len(FRAMES) >= 60
    assert {row[1] for row in FRAMES} >= {"effect", "comparison", "safety", "harm", "association", "other"}


@pytest.mark.parametrize(
    "question, kind",
    [
        ("is x better than y", "comparison"),
        ("does x work as well as y", "comparison"),
        ("does x work as well as y to reduce bleeding", "comparison"),
        # "as well as" joining two treatments given together, the question's verb after the second
        ("does giving tranexamic acid as well as desmopressin reduce bleeding", "effect"),
        ("x versus y for pain", "comparison"),
        ("is it safe to use x while pregnant", "safety"),
        ("can x cause liver damage", "harm"),
        ("is x linked to cancer", "association"),
        ("does x reduce pain", "effect"),
        ("tell me about x", "other"),
        # A hyphenated word inside "fewer ... than", and comparatives of time or length, still compare.
        ("does x cause fewer night-time hypos than y", "comparison"),
        ("does a high dose of x help people live longer than a low dose", "comparison"),
        ("is x quicker than y", "comparison"),
        ("does x help people live longer", "effect"),
    ],
)
def test_kind_from_wording_alone(question, kind):
    assert question_kind(question) == kind


def test_required_concepts_are_intervention_and_comparator():
    question = "Is tolterodine more effective than oxybutynin for overactive bladder?"
    concepts = extract_concepts(question).concepts
    framed = frame_question(question, concepts)
    assert [concepts[i].text for i in framed.required] == ["tolterodine", "oxybutynin"]


def test_two_drugs_of_one_class_stay_two_concepts():
    # The drug dictionary gives atenolol and metoprolol the same (class) MeSH id.
    concepts = extract_concepts("Is atenolol better than metoprolol?").concepts
    assert [c.text for c in concepts] == ["atenolol", "metoprolol"]


@pytest.mark.parametrize(
    "question, claim",
    [
        ("Is tolterodine more effective than oxybutynin for overactive bladder?", "better"),
        ("Does celecoxib work as well as older anti-inflammatories like naproxen for arthritis pain?", "as_good"),
        ("Is lansoprazole as effective as omeprazole for ulcers?", "as_good"),
        ("Are generic and brand-name statins equally effective?", "as_good"),
        ("Is amlodipine no worse than lisinopril at preventing strokes?", "as_good"),
        ("Is tolterodine less effective than oxybutynin?", "worse"),
        ("Does ranitidine work worse than omeprazole for heartburn?", "worse"),
        ("Is loratadine less sedating than diphenhydramine?", "better"),
    ],
)
def test_comparison_claim(question, claim):
    assert comparison_claim(question) == claim


def test_claim_is_set_for_comparisons_only():
    comparison = "Does celecoxib work as well as naproxen for arthritis pain?"
    assert frame_question(comparison, extract_concepts(comparison).concepts).frame.claim == "as_good"
    effect = "Does celecoxib relieve arthritis pain?"
    assert frame_question(effect, extract_concepts(effect).concepts).frame.claim is None


@pytest.mark.parametrize(
    "question, kind",
    [
        ("can terfenadine cause dangerous heart rhythm problems", "harm"),
        ("does x lead to dangerously low blood pressure", "harm"),
        # Said of taking the medicine, it asks whether harm comes of it: a harm question whose "no" is never given
        # offline (frame claim "danger", verdict rule 6), not "is it safe?", whose "no" read as "not dangerous".
        ("is it dangerous to take x with alcohol", "harm"),
        ("is x dangerous for people with asthma", "harm"),
    ],
)
def test_dangerous_describing_the_harm_is_not_a_safety_question(question, kind):
    assert question_kind(question) == kind


def test_a_longer_comparative_is_still_a_comparison():
    question = "Do newer antipsychotics like risperidone or olanzapine cause less stiffness and shaking than haloperidol?"
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "antipsychotics", "haloperidol")
    assert frame.outcome == "stiffness and shaking"  # "newer" says which antipsychotics, it is not measured


def test_drugs_joined_in_a_harm_question_are_one_treatment():
    frame = understand("Can terfenadine and astemizole cause heart rhythm problems?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("harm", "terfenadine or astemizole", "heart rhythm problems")


def test_a_drug_or_other_members_of_its_class_are_one_treatment():
    """"lisinopril or other ACE inhibitors": either; read as lisinopril alone, the class's studies were left out."""
    frame = understand("Can lisinopril or other ACE inhibitors cause swelling of the face or throat (angioedema)?",
                       Filters()).frame
    assert (frame.kind, frame.intervention) == ("harm", "lisinopril or angiotensin-converting enzyme inhibitors")


@pytest.mark.parametrize("question", [
    "Is it safe to take sildenafil and nitrates?",  # about taking both
    "Do metformin and glipizide together cause low blood sugar?",  # a combination
])
def test_combinations_are_not_folded(question):
    assert " or " not in (understand(question, Filters()).frame.intervention or "")


def test_what_sits_inside_more_than_is_measured_and_the_comparator_follows_than():
    frame = understand("Does celecoxib cause more stomach ulcers or stomach upset than a dummy pill?", Filters()).frame
    assert (frame.intervention, frame.comparator, frame.outcome) == (
        "celecoxib", "dummy pill", "stomach ulcers, stomach upset")


def test_people_over_70_is_not_the_comparison():
    question = "For people over 70, is atenolol better than amlodipine for high blood pressure?"
    frame = frame_question(question, extract_concepts(question).concepts).frame
    assert (frame.intervention, frame.comparator) == ("atenolol", "amlodipine")


def test_examples_after_a_lay_class_that_describes_a_named_class_join_the_named_one():
    frame = understand("Do ARB blood pressure pills like telmisartan or candesartan cause less cough than ACE "
                       "inhibitors?", Filters()).frame
    assert (frame.intervention, frame.comparator, frame.outcome) == (
        "angiotensin receptor blockers", "angiotensin-converting enzyme inhibitors", "cough")


@pytest.mark.parametrize("question, kind", [
    ("does ritalin bring on seizures", "harm"),
    # A lowering said with a phrasal verb, after a clause that tells the situation.
    ("if amlodipine alone isnt enough, can adding doxazosin bring blood pressure down further", "effect"),
    # What the swelling is caused by is no harm asked: "calm" asks for a benefit.
    ("will cetirizine calm skin swelling caused by bradykinin, not just histamine", "effect"),
    ("does enalapril cause swelling", "harm"),
    # Breathing slowed is a harm, though "slow" and "stop" ask for a benefit elsewhere.
    ("does tramadol slow or stop your breathing the way strong opioids can", "harm"),
    ("does morphine depress breathing", "harm"),
    ("can x set off an asthma attack", "harm"),
    ("will taking enalapril make me feel worse day to day", "harm"),  # "worse ... to" is no comparison
    ("is the first dose of quinapril likely to make my pressure drop so much i feel faint", "harm"),
    ("is esomeprazole superior to omeprazole", "comparison"),
])
def test_more_harm_verbs_and_comparatives(question, kind):
    assert question_kind(question) == kind


def test_a_class_word_before_a_named_drug_says_what_the_drug_is():
    frame = understand("Does the beta blocker bucindolol help people with heart failure live longer?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("effect", "bucindolol", "live longer")
    frame = understand("Is an ACE inhibitor better than the beta blocker atenolol for kidney function?", Filters()).frame
    assert frame.comparator == "atenolol"


def test_a_leading_setting_clause_is_the_population():
    question = "After heart bypass surgery, does metoprolol prevent heart attacks?"
    frame = understand(question, Filters()).frame
    assert (frame.intervention, frame.outcome, frame.population) == ("metoprolol", "heart attacks",
                                                                     "heart bypass surgery")


@pytest.mark.parametrize("question, kind", [
    # What a medicine does to the body or to another medicine, asked without a benefit verb, is a harm question.
    ("Can Zomig affect my ability to think or concentrate?", "harm"),
    ("Can Geodon change the heart tracing by lengthening the QT interval?", "harm"),
    ("Will giving my child a late-afternoon dose of Ritalin keep him awake at night?", "harm"),
    ("Will taking a daily low-dose aspirin stop my blood pressure pills from working?", "harm"),
    ("Will Celebrex stop the aspirin protecting my heart?", "harm"),
    ("Do triptans make the birth control pill less effective?", "harm"),
    ("Does modafinil raise blood pressure or heart rate?", "harm"),
    ("Can felodipine make your face flush?", "harm"),
    # ... and a benefit verb still asks for a benefit.
    ("Does metformin lower blood sugar in type 2 diabetes?", "effect"),
    ("Does estrogen increase bone density?", "effect"),
    ("Does aspirin stop heart attacks?", "effect"),
    ("Will omeprazole make her less irritable?", "effect"),
    # "dangerous" before a noun names the outcome; said of taking the medicine it asks whether harm comes of it.
    ("For heart failure, does enalapril reduce dangerous extra heartbeats?", "effect"),
    ("Is it dangerous to take ibuprofen with warfarin?", "harm"),
    ("Is clozapine dangerous?", "harm"),
    ("Could taking Imitrex make my obsessive-compulsive symptoms worse?", "harm"),
    ("Are older people who take bladder medicines like oxybutynin more likely to have dangerous heart rhythms?",
     "association"),
    # What the medicine makes people more likely to do is what it brings on.
    ("Do calcium channel blockers make people more likely to get depressed?", "harm"),
    ("Does Ritalin make children more likely to abuse drugs later?", "harm"),
    ("Is Maxalt more likely than Zomig to leave you pain-free?", "comparison"),
    # A comparative may sit several words before its "than".
    ("Is diclofenac plus omeprazole better at preventing another bleed than Celebrex on its own?", "comparison"),
])
def test_effects_on_the_body_or_on_another_medicine_are_harm_questions(question, kind):
    assert question_kind(question) == kind


def test_lay_words_for_thinking_and_flushing_name_the_outcome():
    frame = understand("Can Zomig (zolmitriptan) affect my ability to think or concentrate?", Filters()).frame
    assert (frame.kind, frame.outcome) == ("harm", "ability to think")
    query = understand("Can felodipine make your face flush?", Filters())
    [outcome] = query.role_concepts("outcome")
    assert "flushing" in outcome.synonyms and "concentration" not in " ".join(outcome.synonyms)


def test_a_condition_standing_in_for_the_treatment_is_an_unread_frame():
    frame = understand("I had breast cancer. Will soy milk ease my hot flushes?", Filters()).frame
    assert frame.kind == "other"
    assert understand("Does metformin lower blood sugar in type 2 diabetes?", Filters()).frame.kind == "effect"
    assert understand("Is migraine linked to stroke?", Filters()).frame.kind == "association"


def test_add_to_means_increase_and_adds_no_treatment():
    """"Does aspirin add to the effect of warfarin?": the first drug stays the one asked about."""
    question = "Does aspirin add to the effect of warfarin?"
    assert frame_question(question, extract_concepts(question).concepts).frame.intervention == "aspirin"
    added = "Does adding warfarin to aspirin help?"
    assert frame_question(added, extract_concepts(added).concepts).frame.intervention == "warfarin"


def test_a_comparisons_arms_are_those_of_the_sentence_that_compares():
    question = ("I have type 2 diabetes and I'm adding bedtime insulin to my tablets. Does Lantus (glargine) cause "
                "fewer night-time hypos than NPH insulin?")
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "Lantus", "NPH insulin")
    assert "insulin" not in (frame.outcome or "").split(", ")
    # With no treatment before the comparative in its own sentence ("it"), the treatment told of is the arm.
    frame = understand("I take metformin. Is it better than insulin for my diabetes?", Filters()).frame
    assert (frame.intervention, frame.comparator) == ("metformin", "insulin")


def test_a_comparison_of_people_is_not_a_comparison_of_treatments():
    frame = understand("Are Black patients more likely than others to get angioedema from ACE inhibitors?",
                       Filters()).frame
    assert frame.kind == "other"


@pytest.mark.parametrize(
    ("question", "intervention", "comparator"),
    [
        ("Does adding Fosamax to HRT build more bone than HRT alone?", "Fosamax added to hormone replacement therapy",
         "hormone replacement therapy alone"),
        ("For reflux damage in the oesophagus, does adding cisapride to pantoprazole heal it better than "
         "pantoprazole alone?", "cisapride added to pantoprazole", "pantoprazole alone"),
        ("After a heart attack with heart failure, does taking valsartan (Diovan) together with captopril help "
         "people live longer than captopril alone?", "valsartan added to captopril", "captopril alone"),
        ("Does taking a progestin with the estrogen protect the womb lining better than estrogen alone?",
         "progestin added to estrogen", "estrogen alone"),
    ],
)
def test_an_add_on_against_its_part_alone_compares_the_regimen_with_and_without_it(question, intervention, comparator):
    """"X added to Y, better than Y alone?": the arms are Y with X and Y alone, never X against Y, and Y is no
    outcome."""
    understood = understand(question, Filters())
    frame = understood.frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", intervention, comparator)
    added, alone = (understood.concepts[understood.roles[r][0]].text for r in ("intervention", "comparator"))
    assert intervention.startswith(added) and comparator.startswith(alone)
    assert alone not in (frame.outcome or "")


def test_a_combination_against_either_part_asks_what_the_combination_does():
    frame = understand("Does Lotrel lower blood pressure more than either of its drugs alone?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("effect", "Lotrel", "blood pressure")


@pytest.mark.parametrize("question", [
    # The part "alone" is not part of the first regimen: two regimens compared head to head.
    "After a bleeding stomach ulcer, is taking diclofenac plus omeprazole better than celecoxib alone at preventing "
    "another bleed?",
    "Is naproxen better than ibuprofen alone?",
])
def test_a_regimen_against_another_drug_alone_stays_a_comparison(question):
    assert understand(question, Filters()).frame.kind == "comparison"


def test_the_sentence_that_asks_holds_the_question_and_the_telling_says_who():
    """What the person tells first is who they are, not the treatment asked about nor what it should do."""
    frame = understand("I have polycystic kidney disease. Will lisinopril slow the loss of kidney function?",
                       Filters()).frame
    assert (frame.kind, frame.intervention) == ("effect", "lisinopril")
    assert frame.population == "polycystic kidney disease"
    assert "polycystic kidney disease" not in (frame.outcome or "")
    # A treatment already taken is neither the one asked about nor an outcome; for safety it is who they are.
    frame = understand("I take warfarin for my heart rhythm. Is it safe to take ibuprofen for my knee?",
                       Filters()).frame
    assert (frame.kind, frame.intervention) == ("safety", "ibuprofen")
    assert "warfarin" in (frame.population or "")


def test_a_condition_told_first_is_what_a_vague_help_asks_about():
    frame = understand("My hay fever has flared up again. Do nasal sprays like fluticasone actually help?",
                       Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("effect", "nasal sprays", "hay fever")


def test_without_a_treatment_in_the_asking_sentence_the_whole_text_is_read():
    frame = understand("I take naproxen every day. Is it safe?", Filters()).frame
    assert (frame.kind, frame.intervention) == ("safety", "naproxen")


def test_an_initial_is_no_sentence_end():
    """"H. pylori" does not end a sentence: the question is read whole, as one sentence."""
    question = "If a stomach ulcer comes from H. pylori, does omeprazole heal it?"
    assert understand(question, Filters()).frame.intervention == "omeprazole"
    from search.pipeline.frame import SENTENCE_END
    assert not SENTENCE_END.search("caused by h. pylori, does it help?")
    assert SENTENCE_END.search("i have copd. is it safe?")


def test_the_relative_asked_for_is_no_concept():
    concepts = [c.text.lower() for c in extract_concepts(
        "My husband has Parkinson's disease and dozes off all day. Can modafinil help him?").concepts]
    assert "husband" not in concepts and "modafinil" in concepts


def test_better_with_no_than_compares_with_the_treatment_already_taken():
    frame = understand("My mum takes atenolol for her blood pressure. Would metoprolol control it better?",
                       Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "metoprolol", "atenolol")
    # "Feel better" is what is hoped for, and an add-on is no switch: neither is this comparison.
    for question in ("I take atenolol for my blood pressure. Would metoprolol make me feel better?",
                     "I take atenolol for my blood pressure. Would adding amlodipine control it better?"):
        assert understand(question, Filters()).frame.kind != "comparison"


def test_an_alternative_to_the_treatment_is_no_outcome():
    frame = understand("Can cimetidine or ranitidine heal a stomach ulcer?", Filters()).frame
    assert frame.intervention == "cimetidine"
    assert "ranitidine" not in (frame.outcome or "") and "ulcer" in (frame.outcome or "")


def test_a_comparison_with_nothing_named_before_the_comparative_compares_people():
    frame = understand("My aunt has severe asthma. Is she more likely than people with mild asthma to wheeze on "
                       "propranolol?", Filters()).frame
    assert frame.kind == "other"


def test_a_group_of_people_told_first_narrows_the_population():
    frame = understand("My teenager has epilepsy. Can lamotrigine stop the seizures?", Filters()).frame
    assert "teenager" in (frame.population or "")


def test_a_treatment_that_is_not_a_drug_is_what_the_question_asks_about():
    """A nerve block, a drip, talking therapy, supplements: treatments given, read as the intervention."""
    frame = understand("I had breast cancer and can't take HRT. Will soy isoflavone supplements or a soy drink ease "
                       "my hot flushes?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("effect", "isoflavone supplements", "hot flushes")
    frame = understand("My father has heart bypass surgery coming up. Would a magnesium drip around the operation "
                       "stop him getting atrial fibrillation afterwards?", Filters()).frame
    assert (frame.intervention, frame.outcome) == ("magnesium drip", "atrial fibrillation")
    frame = understand("For older women with urge incontinence, are bladder training exercises better than "
                       "oxybutynin tablets?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "bladder training exercises",
                                                                  "oxybutynin")
    # A named treatment wins over a bare head word; the operation a person is having is no treatment asked about.
    frame = understand("Does the pine bark supplement Pycnogenol help adults with ADHD concentrate?", Filters()).frame
    assert frame.intervention == "Pycnogenol"


def test_a_leading_clause_says_when_and_mean_less_asks_about_an_effect():
    """"After major abdominal surgery, does adding ketamine mean less morphine is needed?" is an effect question."""
    frame = understand("After major abdominal surgery, does adding a small dose of ketamine to the morphine mean "
                       "less morphine is needed?", Filters()).frame
    assert (frame.kind, frame.intervention) == ("effect", "ketamine")
    frame = understand("Before an operation under general anaesthetic, does taking an acid-reducing medicine like "
                       "omeprazole make the stomach contents less acidic?", Filters()).frame
    assert frame.kind == "effect" and frame.intervention != "general anaesthetic"
    frame = understand("For a labour epidural, does ropivacaine give better pain relief than bupivacaine?",
                       Filters()).frame
    assert (frame.intervention, frame.comparator) == ("ropivacaine", "bupivacaine")
    frame = understand("I'm having a hysterectomy. Will putting local anaesthetic into my belly during the operation "
                       "mean less pain afterwards?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("effect", "local anaesthetic", "pain")


def test_a_drug_product_name_is_searched_as_the_drug_and_its_form_is_no_outcome():
    """"timolol eye drops" is the drug timolol given as eye drops: searched as timolol, never as an outcome."""
    query = understand("Do timolol eye drops for glaucoma slow your heart rate?", Filters())
    assert (query.frame.intervention, query.frame.outcome) == ("timolol", "heart rate")
    assert "timolol eye drops" not in query.boolean
    frame = understand("Does the oxybutynin skin patch work as well as Detrol LA (tolterodine) tablets for leaking "
                       "urine?", Filters()).frame
    assert frame.outcome == "leaking urine"
    # "Isosorbide mononitrate" is a drug's name, not a drug and a form.
    frame = understand("My dad has just had a heart attack. Will taking isosorbide mononitrate tablets help him "
                       "survive?", Filters()).frame
    assert frame.intervention.startswith("isosorbide mononitrate")


def test_eye_pressure_is_searched_as_intraocular_pressure():
    query = understand("Does Alphagan (brimonidine) lower eye pressure more than timolol for glaucoma?", Filters())
    [outcome] = [c for c in query.role_concepts("outcome") if c.text == "eye pressure"]
    assert "intraocular pressure" in outcome.synonyms


def test_am_i_more_likely_to_get_something_asks_about_a_harm():
    frame = understand("This is my first baby. If I have an epidural for labour pain, am I more likely to end up with "
                       "a caesarean?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("harm", "epidural", "caesarean")


def test_a_name_inside_a_hyphenated_one_is_not_written_there():
    """"a combined spinal-epidural ... than an ordinary epidural": the epidural is the comparator written after
    "than", not the end of "spinal-epidural" (nor an example folded into it)."""
    frame = understand("Does a combined spinal-epidural relieve labour pain faster than an ordinary epidural?",
                       Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "combined spinal-epidural", "epidural")


def test_pain_relief_procedures_are_searched_by_their_clinical_names():
    """A morphine pump is patient-controlled analgesia; a nerve block and an epidural are treatments with MeSH names."""
    query = understand("My 75-year-old father is having major stomach surgery. Would an epidural control his pain "
                       "better than a morphine pump?", Filters())
    assert (query.frame.intervention, query.frame.comparator) == ("epidural", "morphine pump")
    [pump] = query.role_concepts("comparator")
    assert "patient-controlled analgesia" in pump.synonyms
    frame = understand("My father has pain from pancreatic cancer. Would a nerve block (coeliac plexus block) mean he "
                       "needs fewer painkillers?", Filters()).frame
    assert (frame.kind, frame.intervention) == ("effect", "nerve block")


def test_a_brands_long_acting_letters_are_its_form_not_an_outcome():
    """"Ditropan XL", "Ritalin LA": the letters say the long-acting version; "How we read your question" must not show
    "Outcome: XL"."""
    frame = understand("Oxybutynin dries my mouth out terribly. Is the once-a-day Ditropan XL any better for dry mouth?",
                       Filters()).frame
    assert frame.outcome == "dry mouth"
    frame = understand("Does Ritalin LA control my child's ADHD better than Concerta during the morning at school?",
                       Filters()).frame
    assert "LA" not in (frame.outcome or "").split(", ")


def test_a_treatment_told_and_then_asked_about_stands_where_the_asking_sentence_names_it():
    """"... mentioned switching captopril to losartan. Would losartan keep her alive longer than captopril?": both
    drugs are first written in the telling; the question is the sentence that asks, so losartan is the treatment and
    captopril its comparator, not "captopril" with losartan as an outcome."""
    frame = understand("My mum has heart failure and her cardiologist mentioned switching captopril to losartan. Would "
                       "losartan keep her alive longer than captopril?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "losartan", "captopril")
    frame = understand("I take glyburide (glibenclamide) for diabetes and have just been started on rifampicin for TB. "
                       "Could the rifampicin send my blood sugar up?", Filters()).frame
    assert (frame.kind, frame.intervention) == ("harm", "rifampicin")
    # Its own words only: the brand is no second mention of the generic told before it.
    frame = understand("Our 8-year-old needs bladder medicine but ordinary oxybutynin gave her a dry mouth. Is the "
                       "once-a-day Ditropan XL safe for children?", Filters()).frame
    assert frame.intervention == "Ditropan"


def test_less_likely_to_with_a_treatment_told_before_compares_with_it():
    """"My mum had bad low-sugar spells on glyburide. Is glimepiride less likely to cause hypos?" sets glimepiride
    against the glyburide told of, like a bare "better"."""
    frame = understand("My mum is 74 and had bad low-sugar spells on glyburide. Is glimepiride (Amaryl) less likely to "
                       "cause hypos?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator, frame.outcome) == (
        "comparison", "glimepiride", "glyburide", "hypos")


def test_a_steroid_nose_spray_is_one_treatment_searched_by_its_clinical_names():
    """Lay people ask about "a steroid nose spray"; abstracts write intranasal corticosteroids. Split into "steroid",
    "nose" and "spray", the spray was the treatment and the steroid an outcome."""
    query = understand("For hay fever, does a steroid nose spray like Flonase work better than an antihistamine "
                       "tablet like Claritin?", Filters())
    assert (query.frame.kind, query.frame.intervention, query.frame.comparator) == (
        "comparison", "steroid nose spray", "antihistamine")
    [spray] = query.role_concepts("intervention")
    assert {"intranasal corticosteroid", "fluticasone"} <= set(spray.synonyms)


def test_what_a_treatment_is_taken_for_is_no_harm_asked_about():
    """"Since starting nifedipine for my blood pressure my gums have got swollen": the blood pressure is what the
    drug is for (who takes it); the harm is the gums."""
    frame = understand("Since starting nifedipine for my blood pressure my gums have got swollen and puffy. Could the "
                       "tablets be causing it?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.population) == ("harm", "nifedipine", "blood pressure")
    assert frame.outcome.split(", ")[0] == "gums"
    # An effect question keeps its condition as the outcome.
    frame = understand("Does nifedipine for high blood pressure lower it as well as atenolol?", Filters()).frame
    assert "blood pressure" not in (frame.population or "")


@pytest.mark.parametrize("question, intervention, comparator", [
    ("I take tolterodine for an overactive bladder. Would doing bladder training as well work better than the pills "
     "alone?", "bladder training added to tolterodine", "tolterodine alone"),
    ("My son takes Ritalin for ADHD. Would adding behaviour therapy control his ADHD symptoms better than the medicine "
     "alone?", "therapy added to Ritalin", "Ritalin alone"),
])
def test_the_pills_alone_are_the_treatment_told_of(question, intervention, comparator):
    """"Than the pills alone" names the medicine the person said they take: the add-on is set against it."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", intervention, comparator)


def test_switching_to_a_treatment_compares_it_with_the_one_told_of():
    """"She takes captopril. Would switching her to losartan help her live longer?" asks whether losartan does better
    than the captopril she takes (trials found no difference), not whether losartan helps at all; "switching" names
    nothing to search."""
    query = understand("My grandmother has heart failure and takes captopril. Would switching her to losartan help "
                       "her live longer?", Filters())
    assert (query.frame.kind, query.frame.intervention, query.frame.comparator) == (
        "comparison", "losartan", "captopril")
    assert "switching" not in [c.text for c in query.concepts]


def test_a_question_that_refers_to_the_treatment_told_asks_about_it():
    """"Is it going to give me ...?" names no treatment: "it" is the one told of, and the question is that sentence."""
    frame = understand("I'm 52 and just started a beta blocker for blood pressure. Is it going to give me erection "
                       "problems?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("harm", "beta blocker", "erection problems")
    frame = understand("My gums have got puffy since I started nifedipine. Is there a link?", Filters()).frame
    assert (frame.kind, frame.intervention) == ("association", "nifedipine")
    # The treatment given up is not what "it" refers to; "better" then compares with it.
    frame = understand("My doctor suggested Prandin instead of glyburide. Will it control my sugars better overall?",
                       Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "Prandin", "glyburide")


def test_a_comparator_written_by_another_name_of_a_treatment_told_is_the_comparator():
    frame = understand("I use Imitrex for my migraines but it feels slow. Is Maxalt more effective than sumatriptan?",
                       Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "Maxalt", "Imitrex")


def test_more_after_a_switch_told_compares_with_the_treatment_replaced():
    frame = understand("I have heart failure and my doctor may switch my enalapril to losartan. Will losartan let me "
                       "exercise more?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "losartan", "enalapril")
    # Without a switch told, "more" is what the treatment should bring.
    assert understand("I have heart failure. Will losartan let me exercise more?", Filters()).frame.kind == "effect"


@pytest.mark.parametrize("question, kind", [
    ("Can lisinopril give me a dry cough?", "harm"),
    ("Will an ARB like candesartan give me the same cough?", "harm"),
    ("Will the first dose make me faint?", "harm"),
    ("Will ibuprofen give me some relief from the pain?", "effect"),
    ("Is there a link?", "association"),
    ("Could it be the tablets?", "association"),
    ("If I inject sumatriptan as soon as the aura starts, will it stop the headache?", "effect"),
])
def test_what_a_medicine_gives_you_is_a_harm_and_as_soon_as_is_no_comparison(question, kind):
    assert question_kind(question) == kind


def test_an_age_and_the_telling_words_are_no_concepts():
    concepts = [c.text.lower() for c in extract_concepts(
        "I'm 66 and my doctor suggests atenolol. I started it last week.").concepts]
    assert not {"66", "doctor", "suggests", "started"} & set(concepts) and "atenolol" in concepts
    assert "10 mg" in [c.text.lower() for c in extract_concepts(
        "Does 5 mg of Flexeril work as well as 10 mg for a muscle spasm?").concepts]


def test_a_drug_named_with_a_like_it_suffix_is_the_drug_and_comparatives_are_no_outcome():
    frame = understand("Are Celebrex-type drugs less likely to cause ulcers than ibuprofen?", Filters()).frame
    assert (frame.intervention, frame.comparator, frame.outcome) == ("Celebrex", "ibuprofen", "ulcers")
    frame = understand("Is Allegra stronger than Zyrtec for allergic rhinitis?", Filters()).frame
    assert frame.outcome == "allergic rhinitis"
    # Only a drug loses the suffix: "tension-type" stays what it says.
    assert "tension-type" in (understand("Will sumatriptan help tension-type headaches?", Filters()).frame.outcome or "")


def test_the_same_harm_again_compares_with_the_treatment_told():
    """"I had to stop lisinopril because of a cough. Would an ARB give me the same cough?" asks whether the ARB
    causes it as lisinopril did: a comparison whose "no difference" answers yes, and the cough is its outcome."""
    frame = understand("I had to stop lisinopril because of a nagging dry cough. Would an ARB like candesartan give me "
                       "the same cough?", Filters()).frame
    assert (frame.kind, frame.comparator, frame.outcome, frame.claim) == ("comparison", "lisinopril", "cough", "as_good")
    assert question_kind("Is Vioxx gentler on the bowel than ibuprofen?") == "comparison"


def test_a_comparative_in_the_telling_splits_no_arms():
    frame = understand("Oxybutynin leaves my mouth as dry as sandpaper. Is Detrol (tolterodine) less likely to give me a "
                       "dry mouth?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "Detrol", "Oxybutynin")


def test_a_condition_told_and_written_again_in_the_question_is_its_outcome():
    """"My father had a heart attack. Would ramipril lower his chances of another heart attack?": the heart attack
    told is also what is asked about; one word ("heart") is not enough to say so, and in a safety question the
    condition written again is who is asked about."""
    frame = understand("My father has diabetes and had a heart attack two years ago. Would ramipril lower his chances "
                       "of another heart attack or a stroke?", Filters()).frame
    assert (frame.outcome, frame.population) == ("heart attack, stroke", "diabetes")
    frame = understand("I have high blood pressure. Will starting HRT push my blood pressure up?", Filters()).frame
    assert "blood pressure" in (frame.outcome or "")
    frame = understand("My father has severe heart failure and also needs something for his angina. Is it safe for "
                       "someone with heart failure to take amlodipine?", Filters()).frame
    assert frame.kind == "safety" and "heart failure" in (frame.population or "")


@pytest.mark.parametrize("question, intervention, comparator, outcome", [
    ("Is tramadol better than doing nothing for back pain?", "tramadol", "placebo", "back pain"),
    ("My 8 year old has ADHD. Does once-a-day Concerta actually work better than nothing?", "Concerta", "placebo",
     "attention deficit hyperactivity disorder"),
    ("I've had low back pain for years. Is tramadol any better than a placebo for it?", "tramadol", "placebo",
     "low back pain"),
    ("Does sumatriptan stop a migraine better than a dummy treatment?", "sumatriptan", "dummy treatment", "migraine"),
])
def test_better_than_no_treatment_asks_what_the_treatment_does(question, intervention, comparator, outcome):
    """"Better than nothing" is what placebo-controlled trials test: an effect question with placebo as the other arm.
    Read as "nothing", the comparison had no second arm (no study could address it) or took the outcome for one;
    read as a head-to-head comparison, the trials' active-comparator arms ("no difference from IR methylphenidate")
    answered it "no"."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator, frame.outcome) == (
        "effect", intervention, comparator, outcome)


@pytest.mark.parametrize("question, kind, intervention, comparator", [
    # "rather than" / "instead of" a treatment sets the two against each other.
    ("I have severe pre-eclampsia and the baby may come very early. Will my baby do better if my blood pressure is "
     "treated with labetalol rather than hydralazine?", "comparison", "labetalol", "hydralazine"),
    # Not a time ("rather than after"): the same treatment's timing, pre-emptive against postoperative
    # (``understand.timing_as_preemptive``).
    ("I'm getting my wisdom teeth out. Does taking painkillers before the surgery rather than after mean less pain "
     "afterwards?", "comparison", "pre-emptive analgesia", "postoperative analgesia"),
    # "longer-lasting ... than" is a comparative.
    ("My mum is having a hip replacement. Does a spinal injection of nalbuphine give longer-lasting pain relief than "
     "spinal morphine?", "comparison", "nalbuphine", "morphine"),
    # The class word set off by commas describes the drug named: the drug is the arm.
    ("The enalapril for my blood pressure gave me a nagging cough. Is another ACE inhibitor, imidapril, less likely "
     "to make me cough?", "comparison", "imidapril", "enalapril"),
    # A class with its example is the class; the example is no outcome.
    ("I have mild heart failure. Will an ACE inhibitor like captopril make me feel better in my daily life?",
     "effect", "angiotensin-converting enzyme inhibitor", None),
    # A named treatment ("the radiofrequency treatment") is what is asked about, not the words of the telling.
    ("I'm fed up with needing acid pills every day for my reflux. Can the radiofrequency treatment to the lower "
     "oesophagus (Stretta) reduce the reflux?", "effect", "radiofrequency treatment", None),
])
def test_arms_written_in_other_ways(question, kind, intervention, comparator):
    frame = understand(question, Filters()).frame
    assert frame.kind == kind
    if intervention:
        assert (frame.intervention, frame.comparator) == (intervention, comparator)
    assert "captopril" not in (frame.outcome or "")


def test_a_drug_in_brackets_after_its_class_is_the_drug():
    """"an ACE inhibitor (spirapril)" names spirapril; "an ACE inhibitor like moexipril (Univasc)" keeps the brand
    with its example, never as an outcome."""
    frame = understand("My mum just started an ACE inhibitor (spirapril). Can it make her pressure dip too low at "
                       "night?", Filters()).frame
    assert frame.intervention == "spirapril"
    frame = understand("Is it safe to take an ACE inhibitor like moexipril (Univasc) with HRT?", Filters()).frame
    assert "Univasc" not in (frame.outcome or "") and "moexipril" not in (frame.outcome or "")


def test_two_names_side_by_side_are_not_two_subjects():
    """"ACE inhibitor blood pressure pills" is one treatment named twice, not "X or Y"."""
    frame = understand("Are ACE inhibitor blood pressure pills linked to a higher risk of cancer?", Filters()).frame
    assert " or " not in frame.intervention


@pytest.mark.parametrize("question, comparator", [
    ("Is amlodipine more likely to make my ankles swell than candesartan?", "candesartan"),
    ("Does Toprol XL (metoprolol) cause fewer side effects like tiredness and poor sleep than atenolol?", "atenolol"),
])
def test_a_long_comparative_still_names_its_comparator(question, comparator):
    """Six or seven words between "more / fewer" and "than" (the harm compared) still make a comparison; the
    comparator had been read as one more outcome."""
    frame = understand(question, Filters()).frame
    assert frame.kind == "comparison" and frame.comparator == comparator


def test_a_condition_that_raises_the_risk_of_a_harm_is_an_association():
    frame = understand("Does treated hypothyroidism increase the risk of pregnancy complications?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome) == ("association", "hypothyroidism", "pregnancy complications")
    # a condition asked about with no risk word is still not read
    assert understand("Does hypothyroidism help pregnancy complications?", Filters()).frame.kind == "other"


def test_a_feeding_tube_is_the_treatment_not_the_condition_told_before_it():
    frame = understand("my mom has advanced dementia and stopped eating, will a feeding tube help her live longer?",
                       Filters()).frame
    assert (frame.kind, frame.intervention) == ("effect", "feeding tube")


@pytest.mark.parametrize(
    "question, intervention, background",
    [
        ("I'm already on a maximum dose ACE inhibitor for kidney disease. Would adding losartan bring my proteinuria "
         "down?", "losartan", ["angiotensin-converting enzyme inhibitor"]),
        ("My brother is detoxing from heroin on methadone. Would adding guanfacine make the withdrawal symptoms "
         "easier?", "guanfacine", ["heroin", "methadone"]),
        # An alternative to the added drug is added too, not what it is added to.
        ("I'm having shoulder surgery under an arm nerve block. Will adding fentanyl or morphine to the block give me "
         "better pain relief?", "fentanyl", ["nerve block"]),
        # Nothing is added: no background.
        ("I take lisinopril for my blood pressure. Will losartan lower my proteinuria?", "losartan", []),
        ("Does adding nateglinide help?", "nateglinide", []),
    ],
)
def test_what_an_added_treatment_is_added_to_is_its_background(question, intervention, background):
    query = understand(question, Filters())
    assert query.frame.intervention == intervention
    assert [c.text for c in query.role_concepts("background")] == background
    # The frame names it too, as the page shows it ("Added to"); None when nothing is added.
    assert query.frame.background == (", ".join(background) or None)


@pytest.mark.parametrize("question, kind", [
    # Whether a medicine is well tolerated asks whether it is safe to take: offline never answered "yes".
    ("Are once-daily long-acting calcium channel blockers like diltiazem XR or nifedipine GITS well tolerated for high "
     "blood pressure?", "safety"),
    ("Is a one-week quadruple therapy for H. pylori well tolerated?", "safety"),
    ("Is lamotrigine tolerable in elderly people?", "safety"),
    # "ok for" people, "ok to also take", "easy on the stomach" ask the same.
    ("Is Tarka (verapamil/trandolapril) ok for elderly people with high blood pressure?", "safety"),
    ("I take Provigil (modafinil) for narcolepsy. Is it OK to also take Ritalin in the afternoon?", "safety"),
    ("I have rheumatoid arthritis. Is meloxicam easy on the stomach even at the higher doses?", "safety"),
    ("My 15 year old has epilepsy that's well controlled. Is it ok for him to play contact sports like football, or "
     "will it bring on seizures?", "safety"),
    # Better tolerated or easier on the stomach than another stays a comparison.
    ("Is losartan better tolerated than enalapril?", "comparison"),
    ("Is celecoxib easier on the stomach than naproxen?", "comparison"),
])
def test_tolerated_asks_about_safety(question, kind):
    assert question_kind(question) == kind


@pytest.mark.parametrize("population, words", [
    ("heart failure", "in people with heart failure"),
    ("arthroscopy", "after arthroscopy"),
    ("heart bypass surgery", "after heart bypass surgery"),
    ("elderly people, high blood pressure", "in elderly people with high blood pressure"),
    ("older women", "in older women"),
])
def test_the_people_of_a_population_are_named_once(population, words):
    from search.pipeline.frame import in_whom

    assert in_whom(population) == words


@pytest.mark.parametrize(
    "question, kind, intervention, outcome, population",
    [
        # A spaced dash before the asking word ends what is told: the telling's condition is who is asking.
        ("My 80-year-old mother has heart failure - will a beta-blocker let her walk or exercise further?",
         "effect", "beta-blocker", "walk, exercise", "heart failure"),
        ("I have kidney disease with protein in my urine \u2013 will an ACE inhibitor reduce the protein in my urine?",
         "effect", "angiotensin-converting enzyme inhibitor", "protein in my urine", "kidney disease"),
    ],
)
def test_a_dash_before_the_asking_word_ends_the_telling(question, kind, intervention, outcome, population):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.outcome, frame.population) == (kind, intervention, outcome, population)


def test_a_dash_after_a_telling_that_already_compares_splits_nothing():
    """"X vs Y for Z - does X do better?" is one question: read whole, X stays the intervention."""
    frame = understand("glibenclamide vs acarbose for newly treated type 2 diabetes - does glibenclamide control "
                       "blood sugar better?", Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", "glibenclamide", "acarbose")


def test_the_one_word_outcome_told_and_referred_to_again_is_the_outcome():
    """"... at cutting the protein?" refers back to the protein told; "after the operation" only says when."""
    frame = understand("I'm diabetic with protein leaking into my urine. Is an ACE inhibitor better than a calcium "
                       "channel blocker at cutting the protein?", Filters()).frame
    assert (frame.kind, frame.outcome, frame.population) == ("comparison", "protein", "diabetic")
    frame = understand("I have chronic pancreatitis and constant pain. Would allopurinol help the pain?", Filters()).frame
    assert (frame.outcome, frame.population) == ("pain", "chronic pancreatitis")
    frame = understand("My dad just had a TURP operation on his prostate and is bothered by urgency and going very "
                       "often. Will oxybutynin help in the first days after the operation?", Filters()).frame
    assert frame.outcome == "urgency"


@pytest.mark.parametrize(
    "question, kind, intervention, comparator",
    [
        # Drug names joined by a slash are a combination, never one unknown word ("type" of "type 2" stood in).
        ("In type 2 diabetics with albuminuria, is verapamil/trandolapril better than losartan/HCTZ at cutting "
         "albuminuria?", "comparison", "verapamil plus trandolapril", "losartan plus HCTZ"),
        ("Is the delapril plus indapamide combination better than fosinopril plus hydrochlorothiazide for high blood "
         "pressure?", "comparison", "delapril plus indapamide", "fosinopril plus hydrochlorothiazide"),
        ("Does the fosinopril plus hydrochlorothiazide combo actually bring blood pressure down?", "effect",
         "fosinopril plus hydrochlorothiazide", None),
        ("Is tramadol stronger than aspirin with codeine for pain after surgery?", "comparison", "tramadol",
         "aspirin plus codeine"),
        # "than olanzapine and quetiapine" names two arms, not one regimen.
        ("Is risperidone better than olanzapine and quetiapine for schizophrenia?", "comparison", "risperidone",
         "olanzapine"),
    ],
)
def test_a_combination_of_drugs_is_one_arm(question, kind, intervention, comparator):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == (kind, intervention, comparator)
    assert "plus" not in (frame.outcome or "") and "trandolapril" not in (frame.outcome or "")


def test_a_combinations_further_drugs_may_be_dropped_by_retrieval_but_not_its_first():
    """A corpus may name the combination by its first drug or a brand: only the first drug of each arm is required."""
    from search.pipeline.concepts import extract_concepts as extract
    question = "Is verapamil plus trandolapril better than atenolol plus chlorthalidone for my blood sugar?"
    framed = frame_question(question, extract(question).concepts)
    names = {framed_concept.text for framed_concept in [extract(question).concepts[i] for i in framed.required]}
    assert names == {"verapamil", "atenolol"}


@pytest.mark.parametrize("question, expected", [
    ("Is Tarka (verapamil/trandolapril) ok?", "Is Tarka (verapamil plus trandolapril) ok?"),
    ("Could cyclosporin (Neoral/Sandimmun) clear my hives?", "Could cyclosporin (Neoral (Sandimmun)) clear my hives?"),
    # Not every part a drug: left as written.
    ("Does it cause back/leg pain?", "Does it cause back/leg pain?"),
    ("Are water pills/beta-blockers better?", "Are water pills/beta-blockers better?"),
    ("Will acetaminophen/aspirin/caffeine help?", "Will acetaminophen/aspirin/caffeine help?"),
])
def test_slash_joined_drug_names_are_written_out(question, expected):
    from search.pipeline.understand import slashed_drugs_as_written_out
    assert slashed_drugs_as_written_out(question) == expected


@pytest.mark.parametrize("question, intervention, comparator", [
    ("Which suppresses stomach acid more, lansoprazole 30 mg or pantoprazole 40 mg?", "lansoprazole", "pantoprazole"),
    ("Which works better for a migraine attack, a sumatriptan injection or a DHE (dihydroergotamine) nasal spray?",
     "sumatriptan", "DHE"),
    # The first arm written inside the comparative, after "with".
    ("For colonoscopy sedation, do you recover faster with patient-controlled propofol/alfentanil than with "
     "diazemuls?", "propofol plus alfentanil", "diazemuls"),
    ("Do kids vomit less after tonsillectomy with tenoxicam than with morphine?", "tenoxicam", "morphine"),
])
def test_which_of_two_and_faster_with_x_than_with_y_are_comparisons(question, intervention, comparator):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", intervention, comparator)


@pytest.mark.parametrize("question, comparator", [
    ("Will a higher dose of omeprazole with amoxicillin clear my H. pylori better?", "usual dose"),
    ("Will doubling my proton pump inhibitor dose control stomach acid better?", "usual dose"),
    ("The doctor gave me one week of H. pylori treatment. Would a longer course have cured it more reliably?",
     "shorter course"),
    # the benefit said with a verb
    ("In one-week triple therapy for H. pylori, does a higher omeprazole dose improve the cure rate?", "usual dose"),
    ("Does a higher metronidazole dose in omeprazole-amoxicillin-metronidazole therapy cure more H. pylori?",
     "usual dose"),
])
def test_a_higher_dose_or_longer_course_asked_with_a_bare_better_is_compared_with_the_usual_one(question, comparator):
    """Read as an effect question, any trial of the drug answered "yes"; the dose trials mostly found no difference."""
    from search.pipeline.understand import implicit_dose_comparator

    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.comparator, frame.claim) == ("comparison", comparator, "better")
    # a harm of the higher dose, or a comparator already written, is left as asked
    harm = "Does a higher dose of spinal morphine make itching and nausea more likely?"
    assert implicit_dose_comparator(harm) == harm
    written = "Does a higher dose of omeprazole clear H. pylori better than the usual dose?"
    assert implicit_dose_comparator(written) == written
    rather = "Will a higher dose of my ACE inhibitor (imidapril 10 mg rather than 2.5 mg) help me exercise more?"
    assert implicit_dose_comparator(rather) == rather


@pytest.mark.parametrize("question, intervention", [
    ("Does it matter which acid-reducing drug is paired with the antibiotics to treat H. pylori?",
     "acid-reducing drug"),
    ("Does it matter which acid pill (omeprazole, lansoprazole or pantoprazole) is used in H. pylori triple therapy?",
     "acid pill"),
])
def test_does_it_matter_which_compares_one_of_a_class_with_another(question, intervention):
    """Whether one X does better than another, not whether X works (read as an effect question, any trial praising
    the antibiotics answered it yes)."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", intervention, f"another {intervention}")
    # the shortest first word of "one long-acting opioid ... than another" is not the class: the treatment is
    frame = understand("Is one long-acting opioid more effective than another for chronic pain?", Filters()).frame
    assert (frame.intervention, frame.comparator) == ("long-acting opioid", "another long-acting opioid")


@pytest.mark.parametrize("question, kind, outcome, population", [
    # "Mess up / mess with" asks about a harm; the word names nothing to search.
    ("Will lisinopril mess up my blood sugar or cholesterol?", "harm", "blood sugar, cholesterol", None),
    # What the person tells after the question is who asks, not what is asked about.
    ("Will amlodipine mess up my diabetes control or lipids? I'm diabetic with high blood pressure", "harm",
     "diabetes control, lipids", "diabetic, high blood pressure"),
    ("will metoprolol make my blood sugar control worse? I have type 2 diabetes and high blood pressure", "harm",
     "blood sugar control", "type 2 diabetes, high blood pressure"),
    # What the medicine asked about may hurt is a harm; a hurt the person tells is not what is asked.
    ("Will blood pressure pills hurt my memory or thinking?", "harm", "hurt, memory, thinking", None),
    ("I've hurt my lower back. Will ibuprofen ease the pain?", "effect", "pain", None),
])
def test_mess_up_is_a_harm_and_a_telling_after_the_question_is_who_asks(question, kind, outcome, population):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.outcome, frame.population) == (kind, outcome, population)


def test_what_a_person_says_they_are_is_the_population():
    """"I'm a CYP2D6 poor metabolizer": codeine's effect in such people, not in everyone; never the outcome."""
    frame = understand("I'm a CYP2D6 poor metabolizer - will codeine still relieve my pain?", Filters()).frame
    assert (frame.intervention, frame.outcome, frame.population) == ("codeine", "pain", "CYP2D6, poor metabolizer")
    frame = understand("I'm a combat veteran with PTSD and constant irritability. Can a low dose of Risperdal added "
                       "to my meds help?", Filters()).frame
    assert (frame.outcome, frame.population) == ("PTSD", "combat veteran")


@pytest.mark.parametrize("question, outcome", [
    ("Do newer antipsychotics like risperidone or olanzapine cause fewer movement side effects (stiffness, "
     "restlessness) than haloperidol?", "movement side effects, stiffness restlessness"),
    ("Does risperidone cause less shaking and stiffness (movement side effects) than haloperidol?",
     "shaking and stiffness, movement side effects"),
])
def test_a_parenthesis_inside_fewer_than_keeps_the_comparison(question, outcome):
    """The bracketed lay words explain the outcome; read as a harm question, haloperidol became an outcome."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.comparator, frame.outcome) == ("comparison", "haloperidol", outcome)


@pytest.mark.parametrize("question, intervention, comparator", [
    ("Do losartan or valsartan lower blood pressure more than atenolol?", "losartan or valsartan", "atenolol"),
    ("Is losartan or valsartan better than atenolol at bringing blood pressure down?", "losartan or valsartan",
     "atenolol"),
    ("Do trospium or propiverine control bladder leaks better than oxybutynin?", "trospium or propiverine",
     "oxybutynin"),
])
def test_either_of_two_drugs_against_a_third_is_one_arm(question, intervention, comparator):
    """"X or Y ... than Z" sets either against Z: neither an outcome nor X against Y."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator) == ("comparison", intervention, comparator)
    assert "valsartan" not in (frame.outcome or "") and "propiverine" not in (frame.outcome or "")


def test_which_of_two_without_a_third_still_compares_the_two():
    frame = understand("Is losartan or valsartan better for blood pressure?", Filters()).frame
    assert (frame.intervention, frame.comparator) == ("losartan", "valsartan")


@pytest.mark.parametrize("question, outcome, population", [
    ("Does a morphine injection into the knee joint after arthroscopy help with pain?", "pain", "arthroscopy"),
    ("Does numbing the wound with local anaesthetic reduce pain after surgery?", "pain", "surgery"),
    ("Does tramadol cause more nausea than morphine after surgery?", "nausea", "surgery"),
    ("Does metoprolol or carvedilol stop arteries re-narrowing after angioplasty?", "arteries, re-narrowing",
     "angioplasty"),
])
def test_the_operation_a_question_follows_is_who_it_is_about(question, outcome, population):
    """Written after the treatment, as written before it ("After arthroscopy, ..."): as an outcome, any study naming
    surgery addressed the question; left out, any study of morphine for pain did."""
    frame = understand(question, Filters()).frame
    assert (frame.outcome, frame.population) == (outcome, population)



@pytest.mark.parametrize("question", [
    "Will amlodipine make my heart rate go up?",
    "Would taking Celebrex for my arthritis make my INR go up?",
    "Does nortriptyline speed up the heart?",
])
def test_a_change_the_person_fears_said_as_go_up_is_a_harm(question):
    assert understand(question, Filters()).frame.kind == "harm"


@pytest.mark.parametrize("question, treatment", [
    ("Does giving fentanyl before the incision reduce pain compared with giving it after?", "fentanyl"),
    ("Does giving sufentanil before the hysterectomy incision (pre-emptive) reduce pain afterwards compared with giving "
     "it after?", "sufentanil"),
    ("For knee replacement, is starting the epidural before surgery better than starting it at the end?",
     "epidural analgesia"),
    ("Is it better to give the painkiller or local anaesthetic before the operation starts rather than at the end?",
     "local anaesthetic"),
])
def test_a_treatment_before_rather_than_after_the_operation_is_pre_emptive_against_postoperative(question, treatment):
    """Read as asked, the frame found one treatment and no comparator, and any trial of the painkiller answered yes;
    the trials compare pre-emptive with postoperative analgesia."""
    from search.pipeline.understand import timing_as_preemptive

    assert timing_as_preemptive(question) == f"Is pre-emptive {treatment} better than postoperative {treatment}?"
    frame = understand(question, Filters()).frame
    assert frame.kind == "comparison" and frame.claim == "better"


@pytest.mark.parametrize("question", [
    "Is it better to get the painkiller before the surgeon starts cutting instead of at the end of the operation?",
    "I'm getting my wisdom teeth out. Does taking painkillers before the surgery rather than after mean less pain "
    "afterwards?",
])
def test_a_painkiller_before_rather_than_after_the_operation_is_compared_on_pain(question):
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.intervention, frame.comparator, frame.outcome) == (
        "comparison", "pre-emptive analgesia", "postoperative analgesia", "pain")


@pytest.mark.parametrize("question", [
    "Does taking rofecoxib before sinus surgery reduce pain afterwards?",  # no second timing: an effect question
    "Before my bypass operation, is sotalol better than metoprolol at stopping atrial fibrillation afterwards?",
])
def test_a_treatment_before_surgery_without_an_after_arm_is_left_as_asked(question):
    from search.pipeline.understand import timing_as_preemptive

    assert timing_as_preemptive(question) == question


def test_a_heart_that_races_is_a_harm_and_searched_as_tachycardia():
    query = understand("Do long-acting calcium channel blockers like amlodipine make your heart race?", Filters())
    assert query.frame.kind == "harm"
    assert "tachycardia" in query.boolean and "palpitations" in query.boolean


@pytest.mark.parametrize("question, word", [
    ("Does adding a bit of testosterone to estrogen after menopause do more for sex drive than estrogen alone?", "bit"),
    ("Is ordinary diltiazem taken 3 or 4 times a day better for angina than a slow-release version?", "times"),
    ("Is tibolone better than normal combined HRT for your sex life after menopause?", "normal"),
    ("Has bucindolol been shown to reduce deaths after a heart attack?", "shown"),
])
def test_how_much_how_often_and_what_was_shown_are_not_searched(question, word):
    """"A bit of", "times a day", "normal", "shown": words that shape the question; searched, they were ANDed into
    the query ("bit"[tiab]) and shown as its outcome."""
    query = understand(question, Filters())
    assert f"{word}[tiab]" not in query.boolean
    assert word not in (query.frame.outcome or "").split(", ")


@pytest.mark.parametrize("question, word", [
    ("Is having a lot of protein in the urine linked to kidney disease getting worse faster?", "lot"),
    ("Do tramadol drops ease a child's pain after having lots of teeth pulled?", "lots"),
])
def test_a_lot_of_is_how_much_not_what(question, word):
    """"A lot of protein in the urine": as a concept "lot" was taken for the exposure of an association question."""
    query = understand(question, Filters())
    assert f"{word}[tiab]" not in query.boolean
    assert word not in {query.frame.intervention, *(query.frame.outcome or "").split(", ")}


def test_protein_in_the_urine_is_proteinuria():
    query = understand("Is having a lot of protein in the urine linked to kidney disease getting worse faster?",
                       Filters())
    assert (query.frame.kind, query.frame.intervention) == ("association", "protein in the urine")
    assert "proteinuria" in query.boolean.lower()


@pytest.mark.parametrize("question, kind", [
    ("if I take my glibenclamide and then go for a bike ride, will my blood sugar drop more than usual?", "other"),
    ("After H. pylori is cured, does omeprazole raise stomach pH less than before?", "effect"),
])
def test_more_than_usual_or_before_is_the_persons_baseline_not_a_comparator(question, kind):
    """"More than usual", "less than before": a change against the person's own baseline, no second arm."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.comparator) == (kind, None)


def test_than_usual_before_a_noun_still_compares():
    frame = understand("I broke some ribs in a car crash. Would numbing medicine run through a tube into the chest "
                       "lining (intrapleural analgesia) help the pain more than usual painkillers?", Filters()).frame
    assert (frame.kind, frame.comparator) == ("comparison", "usual painkillers")


@pytest.mark.parametrize("question", [
    "For H. pylori, does it make much difference which standard one-week triple therapy combination you get?",
    "Does it make any difference which triple therapy combination you get for H. pylori?",
])
def test_does_it_make_a_difference_which_asks_whether_one_beats_another(question):
    frame = understand(question, Filters()).frame
    assert frame.kind == "comparison"
    assert frame.comparator.startswith("another ") and "triple therapy combination" in frame.intervention


@pytest.mark.parametrize("question", [
    "Is it safe to keep taking Vioxx right up until a knee replacement, or will it make me bleed more during surgery?",
    "Is it safe to keep taking aspirin before my operation, or will I bleed more?",
])
def test_an_or_that_opens_a_second_question_is_no_choice_between_arms(question):
    """Read as "is X or Y better", the safety question became a comparison of Vioxx against "bleed" and could be
    answered yes -- the one answer a safety question never gets offline."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.comparator) == ("safety", None)


def test_is_x_or_y_better_still_asks_which_of_the_two():
    frame = understand("Is lisinopril or losartan better for high blood pressure?", Filters()).frame
    assert frame.kind == "comparison"


@pytest.mark.parametrize("question", [
    "Can rizatriptan push up blood pressure?",
    "does glibenclamide (glyburide) push blood pressure up in type 2 diabetes?",
])
def test_push_up_carries_the_harm_and_is_not_searched(question):
    """"Push up" says which way the outcome is feared to go, like "mess up"; searched, push[tiab] was ANDed into the
    query and shown as the outcome ("push, blood pressure")."""
    query = understand(question, Filters())
    assert query.frame.kind == "harm"
    assert "push[tiab]" not in query.boolean
    assert "push" not in (query.frame.outcome or "").split(", ")


@pytest.mark.parametrize("question, word", [
    ("Is TENS worth using for pain after heart bypass surgery?", "worth"),
    ("Does celecoxib damage the stomach lining the way ibuprofen does?", "way"),
    ("Does bismuth-based triple therapy get rid of H. pylori?", "rid"),
    ("Do genes predict who will respond to clozapine for schizophrenia?", "respond"),
    ("I had a bleeding stomach ulcer and tested positive for H pylori. Will getting rid of the bug stop the ulcer "
     "bleeding again?", "positive"),
])
def test_worth_the_way_and_get_rid_of_name_nothing(question, word):
    """Searched, they were ANDed into the query (rid[tiab]) and shown as the outcome ("triple therapy, rid, H.
    pylori")."""
    query = understand(question, Filters())
    assert f"{word}[tiab]" not in query.boolean
    assert word not in (query.frame.outcome or "").split(", ")


@pytest.mark.parametrize("question, outcome, population", [
    ("does glibenclamide (glyburide) push blood pressure up in type 2 diabetes?", "blood pressure", "type 2 diabetes"),
    ("Does adding isosorbide mononitrate to nadolol harm the kidneys in cirrhosis?", "kidneys", "cirrhosis"),
])
def test_a_condition_ending_a_harm_question_is_who_takes_the_treatment(question, outcome, population):
    """Read as a harm, "type 2 diabetes" made "equally effective in the management of type 2 diabetes" a finding that
    the harm asked about was no more common."""
    frame = understand(question, Filters()).frame
    assert (frame.kind, frame.outcome, frame.population) == ("harm", outcome, population)


@pytest.mark.parametrize("question, outcome", [
    ("Can I treat my asthma with antihistamine allergy pills?", "asthma"),
    ("Can the epilepsy drug topiramate cut down my migraines?", "migraines"),
    ("Is the blood pressure pill atenolol more likely than losartan to bring on diabetes?", "diabetes"),
    ("Do newer acid pills like pantoprazole heal ulcers any better than omeprazole?", "heal, ulcers"),
])
def test_what_a_medicine_is_for_as_its_name_is_no_outcome(question, outcome):
    """"allergy pills", "the epilepsy drug": read as outcomes, every allergy study addressed a question about asthma
    (and its praise of antihistamines for hay fever answered "can I treat my asthma with them?" yes)."""
    assert understand(question, Filters()).frame.outcome == outcome


@pytest.mark.parametrize("question, outcome, population", [
    ("Does Ritalin make children more likely to abuse drugs later?", "abuse, drugs", "children"),
    ("my neurologist wants to add gabapentin to my seizure meds - is it safe?", "neurologist, meds", "seizure"),
    ("Is the blood pressure pill atenolol effective?", "blood pressure", None),
])
def test_a_medicine_named_by_its_use_stays_where_nothing_else_is_asked(question, outcome, population):
    """Drugs abused are no medicine named by its use; in a safety question what the medicine is for is who takes it;
    and with no other outcome the name's words are all the question says."""
    frame = understand(question, Filters()).frame
    assert (frame.outcome, frame.population) == (outcome, population)


@pytest.mark.parametrize("question, word", [
    ("Does bepridil prolong the QT interval?", "prolong"),
    ("Can Bextra upset my heart rhythm by lengthening the QT interval?", "lengthening"),
    ("Can a nitroglycerin patch boost the effect of morphine for pain?", "boost"),
    ("Can atenolol shorten how far I can walk with claudication?", "shorten"),
])
def test_prolong_lengthen_shorten_and_boost_say_which_way_not_what(question, word):
    """As an outcome, "prolong" made "Duration of effort was significantly prolonged" a finding on the QT interval
    (read "no more often with bepridil"), and prolong[tiab] was ANDed into the query."""
    query = understand(question, Filters())
    assert f"{word}[tiab]" not in query.boolean
    assert word not in (query.frame.outcome or "").split(", ")


@pytest.mark.parametrize("question, outcome", [
    ("Does Vicoprofen (hydrocodone with ibuprofen) work better than Percocet for low back pain?", "low back pain"),
    ("Do calcium channel blockers (isradipine, verapamil, diltiazem) lower blood pressure more than atenolol?",
     "blood pressure"),
])
def test_drugs_in_brackets_after_an_arm_name_the_arm_not_the_outcome(question, outcome):
    """Shown as "Outcome: hydrocodone, ibuprofen" and searched as outcomes, the arm's own drugs made every study of
    them address the question."""
    assert understand(question, Filters()).frame.outcome == outcome
