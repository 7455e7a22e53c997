"""Is someone in danger right now? The emergency half of the scope guard (``search.scope``).

A missed emergency is the worst failure this product can have, so this is built from what an
emergency *is*, not from remembered sentences. A question reads as an emergency when it has

1. **a sign** of one of the acute situations below, in lay words (``SIGNS``: chest pain or
   pressure, breathing trouble, stroke signs, anaphylaxis, poisoning or overdose, suicidal intent
   or self-harm, severe bleeding, seizure, unresponsiveness, severe burns, a sudden worst
   headache or meningitis signs, a head injury with red flags, major trauma, bleeding or pain in
   pregnancy, the worst pain of one's life), or two **warning symptoms** together
   (``WARNINGS``: short of breath and sweating, jaw ache and nausea, racing heart and about to
   black out), at least one of them a red flag;
2. and **someone in it now**: the asker, "my son", "someone here", "help!", an urgency or time
   word ("right now", "suddenly", "10 minutes ago"), or a message that is a bare description of
   symptoms rather than a research question.

Research phrasing is what stays searched: "Is chest pain a side effect of sumatriptan?" and
"Does naloxone work for people who stopped breathing?" have a sign but nobody in it: their
subject is patients or people in general, and they open like a research question. Reported
speech ("I read that chest pain ...") is removed before the person test. "he", "she", "they"
count as someone present only outside research phrasing ("Do patients recover when they
collapse?"); "I", "my", "we", family words and "someone" always count. When in doubt the rules
lean to emergency: a research question wrongly met with emergency numbers is a nuisance, a
person in danger sent to a list of studies is a disaster.

Input is ``search.scope``'s normalised text: lower case, apostrophes removed ("can't" → "cant").
"""
from __future__ import annotations

import re

# Emergency categories; "suicide" adds crisis lines to the message, "poisoning" a poison centre.
CATEGORIES = (
    "cardiac", "breathing", "stroke", "allergy", "poisoning", "suicide", "bleeding", "seizure", "unconscious",
    "burn", "headache", "head_injury", "trauma", "pregnancy", "diabetic", "severe_pain", "warning_signs",
)


def _any(words: str) -> str:
    """A word-bounded alternation of ``|``-separated words or phrases (regex allowed inside)."""
    return r"\b(?:" + words + r")\b"


def _near(a: str, b: str, gap: int = 40) -> str:
    """``a`` and ``b`` within ``gap`` characters of each other, in either order."""
    return rf"(?:{a}.{{0,{gap}}}{b}|{b}.{{0,{gap}}}{a})"


_POSSESSIVE = r"(?:my|his|her|their|our|your|the|a|an|this)"
_CANT = r"(?:cant|cannot|can not|unable to|couldnt|wont|will not|doesnt|does not|isnt able to|not able to)"
_KIN = (
    r"mom|mum|mommy|mummy|mother|dad|daddy|father|husband|wife|partner|brother|sister|son|daughter|child|kid|baby|"
    r"toddler|boy|girl|infant|grandma|grandpa|grandmother|grandfather|granny|nan|nana|grandson|granddaughter|friend|"
    r"boyfriend|girlfriend|bf|gf|roommate|flatmate|neighbou?r|colleague|coworker|uncle|aunt|cousin|niece|nephew|"
    r"fiance|fiancee|teen|teenager|newborn|little one"
)

# --- someone in it now -----------------------------------------------------------------------------

# Reported speech is about a claim, not a situation: "I read that chest pain is a side effect of X".
REPORTED = re.compile(
    r"\b(i (have |had |ve )?(read|heard|seen|saw|was told|wonder|was wondering|want to know|would like to know|"
    r"d like to know|am curious|m curious|came across)|(tell|show|give|let) me|"
    r"(my|a) (\w+ )?(friend|doctor|colleague|teacher|mother|mom|mum|dad|father)s? (says|said|told me|claims|thinks)|"
    r"i(m| am) (researching|studying|writing|doing|working on|reading about)|"
    r"for (my|a|an) (essay|thesis|class|assignment|paper|project|dissertation|course|exam))\b"
)
# Always someone present: the asker, their people, anyone at hand, a call for help.
_PRESENT_PERSON = re.compile(
    _any(r"i|im|ive|id|me|my|myself|mine|we|our|us|anyone here|someone here|pls|plz|please help|help me|"
         r"help us|someone help|sos") + r"|^\W*help\b|\bhelp\s*[!,.]|"
    r"\b(?:" + _KIN + r")\b"  # singular: "mothers", "teenagers" are populations
)
_IMMEDIATE = re.compile(
    _any(r"right now|now|just now|at the moment|this minute|as we speak|right away|suddenly|all of a sudden|"
         r"out of nowhere|(?:just|only) (?:now|started|happened)|tonight|this (?:morning|evening|afternoon)|"
         r"(?:for|in|over) the (?:last|past) (?:\d+ |few |couple of |half an |an? )?(?:minutes?|mins?|hours?|hrs?|hour)|"
         r"(?:\d+|a few|few|ten|twenty|thirty|an?|half an) (?:minutes?|mins?|hours?|hrs?) ago|"
         r"(?:for|since) (?:about |over |almost )?(?:\d+|ten|twenty|thirty|an?|half an) (?:minutes?|mins?|hours?)")
)
# A research question or topic, not a description of what is happening to somebody; a short leading phrase of when
# may come before the question proper ("After a stroke, does perindopril cut the chance of
# another one?"): only a phrase closed by a comma and followed by a research opener; "after taking 20 pills, he
# won't wake up" has no such opener after its comma.
_RESEARCH_OPENER = re.compile(
    r"^\W*(?:(?:after|before|during|following) (?:a |an |the )?[\w-]+(?: [\w-]+){0,3}, )?"
    r"(?:does|do|did|is|are|was|were|can|could|will|would|what|whats|which|how|hows|why|when|where|who|"
    r"in|among|for|compared|effect|effects|efficacy|risk|risks|rate|rates|incidence|prevalence|outcomes?|management|"
    r"treatment|treatments|diagnosis|causes|symptoms|signs|role|use|association|impact|prognosis|mortality|survival|"
    r"trends?|review|evidence|studies|guidelines?)\b"
)
# One person told about ("he", "she"), outside a question: "after taking sumatriptan he has crushing chest pain"
# describes somebody now although "after taking" is research wording.
_ONE_PERSON = re.compile(r"\b(he|hes|she|shes|him|her)\b")
_RESEARCH_WORDS = re.compile(
    _any(r"patients?|people|persons|adults|individuals|population|children who|users|women|men|elderly|"
         r"incidence|prevalence|trials?|study|studies|cohort|outcomes?|mortality|survival|risk|rates?|associated|"
         r"association|linked|link|efficacy|effective|effectiveness|versus|vs|compared|guidelines?|side effects?|"
         r"adverse|evidence|proportion|likelihood|common|frequent|frequency|how often|cause|causes|prevent|prevents|"
         r"reduce|reduces|improve|improves|treatment of|after taking|caused by|induced")
)


def someone_in_it_now(text: str) -> bool:
    """Whether the question is about a person in the situation now, not about people in general."""
    personal = REPORTED.sub(" ", text)
    if _PRESENT_PERSON.search(personal) or _IMMEDIATE.search(text):
        return True
    if _ONE_PERSON.search(personal) and not _RESEARCH_OPENER.search(text):
        return True  # "after taking a handful of pills she is not breathing": a telling, not a question
    research = bool(_RESEARCH_OPENER.search(text) or _RESEARCH_WORDS.search(text))
    return not research  # a bare description ("cant breathe", "blood everywhere") or "he/she/they" outside research


# --- the signs ---------------------------------------------------------------------------------------

# Swallowed (past: "took too many", never "what if I take too many", a question about a dose).
_SWALLOWED = r"took|taken|swallowed|popped|downed|ingested|necked|chugged|gulped|got into|overdid"
_ATE = r"ate|eaten|drank|drunk|had"  # these count only with a medicine or a poison named
_AMOUNT = (
    r"too many|too much|(?:a |the )?whole (?:bottle|pack|packet|box|strip|sheet|tub|jar|blister)|"
    r"entire (?:bottle|pack|packet|box)|full (?:bottle|pack)|all (?:of )?(?:my|his|her|their|the|them)|handful|"
    r"hand full|bunch of|lots of|loads of|a load of|way (?:more|too much|too many)|a lot more|much more than|"
    r"more than (?:i|he|she|they|we) (?:should|was supposed|were supposed)|extra (?:pills|doses|tablets)|"
    r"(?:\d{2,}|twenty|thirty|forty|fifty|sixty|a dozen|dozens|several|many) (?:\w+ )?(?:pills|tablets|tabs|capsules)"
)
# Poisonous at any amount, for anyone.
_POISONS = (
    r"bleach|button batter(?:y|ies)|batter(?:y|ies)|magnets|detergent|laundry (?:pods?|capsules?|tablets?)|"
    r"dishwasher (?:liquid|tablets?|pods?|soap|detergent)|washing (?:up )?(?:liquid|powder|tablets?|pods?)|"
    r"(?:drain|oven|toilet|floor) cleaner|cleaning (?:products?|fluid|spray)|disinfectant|antifreeze|anti freeze|"
    r"chemicals?|paint thinner|white spirit|turpentine|lighter fluid|gasoline|petrol|kerosene|lamp oil|weed ?killer|"
    r"rat poison|poison\w*|pesticides?|insecticides?|methanol|caustic|lye"
)
# Dangerous to a small child.
_CHILD_HAZARDS = (
    _POISONS + r"|mouthwash|hand sanitiz\w*|hand sanitis\w*|nail polish remover|acetone|essential oils?|e-?liquid|"
    r"vape (?:juice|liquid)|nicotine|cigarettes?|iron (?:tablets|pills)|mushrooms?|berries|alcohol|vodka|wine"
)
_MEDICINES = (
    r"pills?|tablets?|tabs|capsules?|medicines?|medications?|meds|drugs|vitamins|gummies|insulin|\w+ pills|"
    r"\w+ tablets|tylenol|paracetamol|acetaminophen|ibuprofen|advil|aspirin|xanax|valium|oxy\w*|opioids?|fentanyl"
)
_YOUNG = (
    r"(?:my|our|his|her|the) (?:\d+[- ]?(?:year|yr|month|week)s?[- ]?old|son|daughter|child|kid|baby|toddler|boy|girl|"
    r"infant|grandson|granddaughter|little one|little boy|little girl)|\d+[- ]?(?:year|yr|month)s?[- ]?old|"
    r"toddler|baby|kids?"
)
# "put" as in "put it in his mouth", never "put on weight" (a side effect asked about: "My son put on a lot of weight
# on clozapine. Would the diet pill ... help?").
_CHILD_GOT = (r"swallowed|ate|eaten|drank|drunk|chugged|got into|ingested|chewed|licked|sucked on|found|got hold of|"
              r"put(?! on (?:\w+ ){0,4}(?:weight|pounds|lbs|kilos?|kg|stones?)\b)")
_BLOOD = r"blood(?! ?(?:tests?|work|pressure|sugars?|type|donat\w*|counts?|levels?|thinners?|results?|cells?|clots?|" \
         r"vessels?|panel|draw|glucose|bank|orange|moon|brother|sister))"
_SEVERE = r"severe|terrible|unbearable|excruciating|agoni[sz]ing|intense|extreme|awful|horrible|worst|crushing"

# "chest" as the site of an operation or a test ("after my chest or stomach operation", "chest X-ray") is no feeling.
_CHEST = r"(?:chest|breastbone|sternum)(?! (?:or \w+ )?(?:operations?|surgery|x-?rays?|scans?|drains?|tubes?)\b)"
_CHEST_FEELING = (
    r"pain|pains|painful|hurts?|hurting|aches?|aching|pressure|tight|tightness|tightening|heavy|heaviness|crush\w*|"
    r"squeez\w*|band|vice|vise|elephant|sitting on|weight|burning|stabbing|sharp|clenched|gripping"
)
_FACE = r"face|mouth|smile|eyelids?|cheek|lip"
_FACE_SIGN = r"droop\w*|crooked|lopsided|uneven|sagg\w*|slack|fallen|dropped|twisted|paraly\w*|frozen"
_SPEECH = r"speech|speaking|talking|talk|speak|words|sentences?"
_SPEECH_SIGN = r"slurr\w*|drunk|garbled|gibberish|jumbled|nonsense|mumbl\w*|muddled|wrong words|not making sense"
_LIMB = r"arm|arms|leg|legs|hand|hands|foot|feet|fingers|face|side|half of (?:my|his|her|their) body"
_LIMB_SIGN = (
    r"weak|weakness|numb\w*|tingl\w*|dangl\w*|limp|dead|heavy|paraly\w*|floppy|useless|gave way|giving way|"
    + _CANT + r" (?:move|lift|raise|grip|hold|feel|use|work|stand)"
)
_SUDDEN_OR_ONE_SIDED = (
    r"(?:left|right|one) (?:side|arm|leg|hand|foot|half)|half (?:my|his|her|their|of)|side of (?:my|his|her|their) "
    r"(?:face|body)|suddenly|sudden|all of a sudden|out of nowhere|(?:\d+|ten|twenty|few) (?:minutes|mins) ago"
)
_NOW_WORDS = r"right now|just now|at the moment|this minute|as we speak"
_ACUTE_SYMPTOMS = (
    r"(?:" + _SEVERE + r") pain|bleed\w*|" + _CANT + r" breathe|swell\w*|swollen|numb\w*|faint\w*|confus\w*|vomit\w*|"
    r"seizure\w*|racing|pounding|palpitations|collaps\w*"
)


def _anywhere(words: str) -> str:
    """A lookahead from the start: ``words`` occur somewhere in the text (the pattern is then anchored at ^)."""
    return r"^(?=.*" + _any(words) + r")"


SIGNS: tuple[tuple[str, str], ...] = (
    # chest pain or pressure; a heart attack or cardiac arrest happening
    ("cardiac", _near(_any(_CHEST), _any(_CHEST_FEELING), 40)),
    ("cardiac", _any(r"my heart (?:hurts|is hurting|aches|is aching|feels (?:heavy|tight|like it))")),
    ("cardiac", _any(r"(?:having|have|had just|is this|this is|could this be|might be|may be|feels like|signs of|"
                     r"symptoms of|think (?:its|it is|this is|im having|hes having|shes having)) "
                     r"(?:a |an )?(?:\w+ )?(?:heart attack|cardiac arrest|mi)")),
    ("cardiac", _any(r"(?:in|going into|gone into) cardiac arrest|(?:no|cant find a|cant feel a) pulse|"
                     r"heart (?:has |just )?stopped|(?:doing|do|start|started|need|needs|give|giving) cpr")),
    # breathing
    ("breathing", _any(_CANT + r" (?:breath|breathe|breathing|get (?:any |enough )?air|catch (?:my|his|her|their) "
                       r"breath|get (?:my|his|her|their) breath)|(?:struggling|hard|trouble|difficulty|difficult|"
                       r"problems?|fighting|gasping|battling) (?:to |for |with |in )?(?:breath|breathe|breathing|air)")),
    ("breathing", _any(r"(?:not|isnt|stopped|stop|no longer|hasnt been|wasnt) breathing|choking|choked|"
                       r"turning (?:blue|grey|gray|purple)|gone (?:blue|grey|gray)|gasping|suffocating|"
                       r"breathing (?:strangely|weird\w*|funny|oddly|noisily|very fast|really fast|very slow\w*|"
                       r"shallow\w*|gurgl\w*|rattl\w*)")),
    ("breathing", _near(_any(r"lips?|fingers|fingernails"), _any(r"blue|grey|gray|purple|bluish|greyish"), 15)),
    ("breathing", _near(_any(r"wheez\w*"), _any(r"so (?:hard|bad|badly|much)|badly|severe\w*|cant (?:talk|speak|"
                                                r"finish|stop)|inhaler|getting worse|worse and worse"), 40)),
    ("breathing", _any(_CANT + r" (?:finish|complete|get out|say) (?:a |his |her |my )?(?:sentence|sentences|words)|"
                       r"inhaler (?:isnt|is not|not|doesnt|does not|hasnt|wont) (?:working|help\w*|work\w*)")),
    # stroke: face, arm, speech, sudden loss of vision or sudden confusion (FAST)
    ("stroke", _near(_any(_FACE), _any(_FACE_SIGN), 25)),
    ("stroke", _near(_any(_SPEECH), _any(_SPEECH_SIGN), 30)),
    ("stroke", _any(r"slurr\w*|talking gibberish|" + _CANT + r" (?:speak|talk|get (?:my|his|her|their|the) words "
                    r"out|find (?:my|his|her|their|the) words|understand (?:me|anyone|what))|"
                    r"words (?:wont|dont) come out")),
    ("stroke", _anywhere(_SUDDEN_OR_ONE_SIDED) + r".*" + _near(_any(_LIMB), _any(_LIMB_SIGN), 30)),
    ("stroke", _any(r"seeing double|double vision|lost (?:my |his |her |the )?(?:sight|vision)|went blind|gone blind|"
                    r"cant see (?:out of|anything)")),
    ("stroke", _any(r"(?:suddenly|all of a sudden|out of nowhere|very|really) (?:confused|disoriented|disorientated)|"
                    r"confused and (?:cant|cannot|weak|slurr\w*|drowsy|dizzy)|"
                    r"(?:having|just had|is this|think (?:its|it is|this is|im having|hes having|shes having)) "
                    r"(?:a |an )?(?:\w+ )?stroke|stroke symptoms|signs of (?:a )?stroke")),
    # anaphylaxis
    ("allergy", _near(_any(r"throat|airway|tongue"), _any(r"swell\w*|swollen|puff\w*|bigger|huge|balloon\w*|closing|"
                                                          r"closed|tight\w*|thick|itchy and"), 25)),
    ("allergy", _near(_any(r"lips?|face|mouth"), _any(r"swell\w*|swollen|puff\w*|getting (?:bigger|huge|fat)|huge|"
                                                      r"balloon\w*|blown up|blowing up"), 25)),
    ("allergy", _any(r"anaphyla\w*|allergic reaction|allergic shock|epi ?pen|epinephrine pen|adrenaline pen")),
    ("allergy", _near(_any(r"hives|welts|rash all over"), _any(r"breath\w*|throat|tongue|lips?|voice|hoarse|dizzy|"
                                                               r"faint|swell\w*|swollen|wheez\w*|covered"), 50)),
    ("allergy", _any(r"voice (?:sounds |is |has gone |went |getting )?(?:hoarse|strange|weird|croaky|raspy)")),
    # poisoning and overdose
    ("poisoning", _any(r"overdos(?:ed|ing|e on)|(?:took|taken|take|had|done) an overdose|od(?:ed|d|ing)|poisoned|"
                       r"(?:going to|gonna|want to|wanna|will|about to) (?:overdose|od)")),
    ("poisoning", _any(_SWALLOWED) + r".{0,60}" + _any(_AMOUNT)),
    ("poisoning", _any(_ATE) + r".{0,60}" + _any(_AMOUNT) + r".{0,40}" + _any(_MEDICINES)),
    ("poisoning", _any(r"took|taken|swallowed|ate|downed|popped") + r" (?:like |about |around |maybe |over |"
                  r"almost |at least )?\d{2,}\b(?! ?(?:mg|mcg|g|ml|milligrams|micrograms|units|iu|minutes|mins|hours|"
                  r"hrs|days|weeks|years|am|pm)\b)"),
    ("poisoning", r"(?:" + _YOUNG + r").{0,60}" + _any(_CHILD_GOT) + r".{0,60}" + _any(_MEDICINES + "|" + _CHILD_HAZARDS)),
    ("poisoning", _any(_SWALLOWED + "|" + _ATE + r"|chewed|licked") + r".{0,40}" + _any(_POISONS)),
    ("poisoning", _any(_POISONS) + r".{0,30}" + _any(r"in (?:his|her|their|my) (?:mouth|eyes?)|swallowed|splashed")),
    ("poisoning", _any(r"empty (?:pill |medicine |tablet )?(?:bottle|packet|pack|box)|(?:pills|tablets) (?:are |were )?"
                       r"(?:all )?(?:gone|missing)")),
    ("poisoning", _any(r"(?:co|carbon monoxide|gas) (?:alarm|detector)|carbon monoxide|gas leak|smell (?:of )?gas")),
    ("poisoning", _any(r"bitten by (?:a |an )?(?:snake|rattlesnake|adder|viper|spider|black widow|scorpion)|"
                       r"snake ?bite|(?:stung|bitten) by (?:a )?(?:jellyfish|scorpion)")),
    # suicidal intent and self-harm
    ("suicide", _any(r"(?:kill|hurt|harm|killing|hurting|harming|cutting|cut|hang|hanging|shoot|shooting|drown|"
                     r"poison|poisoning|starve|starving) (?:myself|my self|himself|herself|themselves|themself)")),
    ("suicide", _any(r"(?:end|ending|take|taking) (?:my|his|her|their) (?:own )?life|end(?:ing)? it all|"
                     r"(?:to|would|will|could|that would|gonna) kill me|suicid(?:e|al)|self[- ]?harm\w*|"
                     r"(?:slit|slash\w*|cut|cutting|sliced) (?:my|his|her|their) wrists?|"
                     r"(?:wants?|wanna|wanting|ready|plans?|planning|trying|tries|tried) to (?:die|be dead|jump|disappear forever)|"
                     r"going to (?:jump|end it|end my life)|better off dead|better off without me|"
                     r"(?:dont|do not|doesnt|does not|no longer) wants? to (?:live|be alive|be here|wake up|exist|go on|carry on)|"
                     r"no (?:reason|point) (?:in |to )?(?:living|live|going on|carrying on|being alive)|"
                     r"(?:dont|do not|cant|cannot) see (?:the |any )?point (?:in |of )?(?:going on|living|life|anything|"
                     r"carrying on|being here|anymore|any more)|"
                     r"cant (?:go on|do this|take it) (?:anymore|any more|like this)|"
                     r"(?:suicide|goodbye|farewell) (?:notes?|letters?|messages?)|"
                     r"(?:written|wrote|writing|left) (?:my |a |some )?(?:goodbye|farewell|last) (?:notes?|letters?)|"
                     r"(?:rope|noose|gun) (?:is )?(?:ready|tied)|(?:tie|tied|tying|made|got|have) (?:a |the )?noose|"
                     r"jump (?:off|from) (?:a |the |this )?(?:bridge|roof|building|balcony|cliff|window)|"
                     r"(?:jump|step|throw myself) in front of (?:a |the )?(?:train|bus|car|truck|lorry)|"
                     r"never wake up|wish (?:i|he|she) (?:was|were) dead|wish (?:i|he|she) (?:wasnt|was not|werent|"
                     r"had never been) (?:alive|here|born)|(?:want|wish) (?:it|everything|it all) (?:to be|was|were) over|"
                     r"sleep forever|(?:use|used|using) (?:it|a knife|the knife|a blade|the blade|a razor) on "
                     r"(?:myself|himself|herself)")),
    ("suicide", _near(_any(r"(?:end|ending|finish|finishing) (?:it|things|everything)"),
                      _any(r"tonight|today|now|soon|going to|gonna|want to|wanna|plan\w*|feel like|ready|about to|"
                           r"decided|rope|pills|goodbye|for good|forever|cant (?:go on|take)"), 40)),
    ("suicide", _near(_any(_SWALLOWED + r"|take|taking|swallow|" + _ATE),
                      _any(r"on purpose|to die|to end it|so i (?:dont|wont) wake up"), 60)),
    # severe bleeding
    ("bleeding", _near(_BLOOD, _any(r"pouring|gushing|spurting|squirting|pumping|everywhere|streaming|pooling|"
                                    r"soaking|soaked|wont stop|will not stop|so much|too much|a lot of|lots of|"
                                    r"loads of|pool of|dripping|coming out"), 30)),
    ("bleeding", _any(r"(?:wont|will not|cant|cannot|doesnt|does not|not|wouldnt) stop bleeding|"
                      r"cant stop the (?:bleeding|blood)|bleeding (?:heavily|a lot|badly|profusely|everywhere|non ?stop|"
                      r"so much|too much|like crazy|for (?:an|over an|\d+) hours?)|(?:heavy|severe|massive|uncontrolled|"
                      r"serious|lots of|a lot of|major) (?:bleeding|blood loss|bleed)|bleeding out|bled out")),
    ("bleeding", _near(_any(r"bleed\w*"), _any(r"wont stop|will not stop|hasnt stopped|has not stopped|not stopping|"
                                                r"keeps going|wont slow|isnt slowing|a lot|heavily|so much|loads|"
                                                r"profusely|like crazy"), 30)),
    ("bleeding", _any(r"bleed\w* (?:for|since) (?:over |more than |about |almost )?(?:an|\d+|two|three|half an) "
                      r"(?:hours?|hrs?)")),
    ("bleeding", _any(r"(?:vomiting|throwing up|threw up|coughing|coughed|puking|spitting)(?: up)?(?: \w+){0,2} "
                      r"blood|blood in (?:my|his|her|the) (?:vomit|sick)|black tarry|"
                      r"soak\w* (?:through )?(?:\w+ ){0,2}(?:pads?|tampons?)")),
    ("bleeding", _any(r"(?:sliced|slashed|split|cut|gashed|ripped|torn) (?:my|his|her|their) \w+ (?:wide )?open|"
                      r"gaping (?:cut|wound|gash)|deep (?:gash|stab)|(?:spurting|pulsing|squirting) (?:from|out)|"
                      r"(?:cut|chopped|sliced|ripped|torn) (?:my|his|her|their) (?:\w+ )?(?:finger|thumb|toe|hand|ear)s? "
                      r"off|severed|(?:just|accidentally|been|got|was|were|is|are) amputated(?! (?:last|in (?:19|20)\d\d|years?|months?))|"
                      r"amputated (?:by|in an? (?:accident|crash))")),
    # (A limb "being amputated" as an operation ahead, "having his leg amputated", is no injury happening now.)
    # seizure
    ("seizure", _any(r"(?:having|is having|keeps having|just had) (?:a |another )?(?:seizure|fit|convulsion)s?|"
                     r"seizing|convulsing|(?:is|been|started|keeps|kept|still|wont stop|hasnt stopped) fitting|"
                     r"(?:seizure|fit)s? (?:wont stop|for (?:over )?\d+|lasting|that (?:wont|will not) stop)|"
                     r"eyes (?:rolled|rolling|roll) (?:back|up)|foaming at the mouth|"
                     # shaking with cold or shivering on waking from an anaesthetic is no fit
                     r"(?<!woke up )(?:shaking|jerking|twitching) (?:all over|uncontrollably|violently|and jerking|"
                     r"and wont stop)(?!.{0,60}\b(?:with cold|shiver\w*))|"
                     r"(?:whole body|arms and legs) (?:is |are )?(?:shaking|jerking)")),
    # unconscious, unresponsive, collapsed
    ("unconscious", _any(r"unconscious|unresponsive|not responding|isnt responding|wont respond|doesnt respond|"
                         r"(?:cant|cannot|wont|can not|couldnt|unable to) (?:wake|rouse)|wont wake|not waking|"
                         r"(?:hard|impossible) to wake|passed out|collapsed|out cold|keeled over|"
                         r"(?:went|gone|is|going) (?:limp|floppy)|floppy|lifeless|not moving|isnt moving|"
                         r"knocked out|unrousable|wont open (?:his|her|their) eyes|"
                         r"(?:isnt|is not|not|wont|hasnt|isnt) (?:coming round|coming around|coming to)")),
    # severe burns
    ("burn", _near(_any(r"burn|burns|burned|burnt|scald\w*|boiling|hot (?:oil|water|fat|grease|coffee|tea)|fire|"
                        r"flames|acid|chemical"),
                   _any(r"skin (?:is |was )?(?:peeling|coming off|charred|black\w*|white|leathery|melt\w*|falling off)|"
                        r"peeling off|charred|blister\w* (?:all over|everywhere)|(?:third|3rd|second|2nd) degree|"
                        r"(?:whole|entire) (?:arm|leg|back|chest|face|body|hand)|all over (?:his|her|my|their) body"), 60)),
    ("burn", _near(_any(r"chemical|chemicals|acid|bleach|lye|caustic|oven cleaner"), _any(r"in (?:my|his|her|their) eyes?"), 40)),
    ("burn", _any(r"(?:severe|bad|serious|major|big|large|deep) burns?|on fire|caught fire|electrocuted|electric shock")),
    # headache red flags and meningitis signs
    ("headache", _any(r"worst headache|thunderclap|(?:sudden|explosive|exploding) (?:\w+ )?headache|"
                      r"headache (?:came|hit) (?:on )?(?:suddenly|out of nowhere|like)")),
    ("headache", _near(_any(r"headache|head"), _any(r"like (?:being |getting |i was |i got )?(?:hit|struck|kicked|"
                                                     r"shot)|exploding|exploded|about to explode"), 40)),
    ("headache", _near(_any(r"stiff neck|neck is stiff|neck (?:is )?(?:really |very )?stiff"),
                       _any(r"fever|headache|rash|temperature|vomit\w*|light"), 50)),
    ("headache", _any(r"(?:rash|spots) (?:that |which )?(?:doesnt|does not|dont|do not|wont|will not|isnt|is not) "
                      r"(?:fade|go away|disappear|blanch)|non[- ]?blanching|purple (?:rash|spots|blotches)")),
    # head injury with red flags
    ("head_injury", _near(_any(r"(?:hit|banged|bumped|knocked|smacked|struck|cracked) (?:my|his|her|their) head|"
                               r"head (?:injury|wound|trauma)|fell .{0,30}head|landed on (?:my|his|her|their) head"),
                          _any(r"confus\w*|vomit\w*|throw\w* up|threw up|passed out|knocked out|drowsy|sleepy|"
                               r"cant remember|doesnt remember|memory|seizure|unconscious|bleeding|blood|fluid|"
                               r"blurr\w*|slurr\w*|wont wake"), 80)),
    # major trauma
    ("trauma", _any(r"(?:been|got|was|just got|has been) (?:stabbed|shot|run over|hit by (?:a |an )?(?:car|bus|"
                    r"truck|train|lorry|van))|bones? (?:is |are )?(?:sticking|poking|coming) (?:out|through)|"
                    r"drowning(?! in (?:work|debt|paperwork|emails?|stress|sorrow))|drowned|"
                    r"pulled .{0,25}(?:out of|from) (?:the |a )?(?:water|pool|river|lake|sea|bath|bathtub|tub|pond)|"
                    r"face down in (?:the |a )?(?:water|pool|bath|bathtub|tub|pond)|"
                    r"(?:cant|cannot|can not) (?:feel|move) (?:my|his|her|their) (?:legs|arms|body|neck)|"
                    r"(?:broke|broken|snapped) (?:my|his|her|their) (?:neck|back|spine)|"
                    r"fell (?:off|from|out of) (?:a |the |his |her |my )?(?:roof|ladder|balcony|window|height|"
                    r"scaffold\w*|cliff|building)")),
    ("trauma", _near(_any(r"(?:car|motorbike|motorcycle|bike|bicycle) (?:crash|accident)|crashed"),
                     _any(r"bleeding|unconscious|trapped|cant move|not moving|badly hurt|hurt badly|injured|blood"), 60)),
    # pregnancy
    ("pregnancy", _near(_any(r"pregnant|weeks pregnant|pregnancy"),
                        _any(r"bleed\w*|" + _BLOOD + r"|severe (?:pain|cramp\w*|headache)|waters? (?:broke|broken|has "
                             r"broken)|(?:has |have )?(?:stopped|isnt|is not|not|hasnt been|hasnt|not been) "
                             r"(?:moving|kicking)|(?:less|fewer|reduced|no) (?:movements?|kicks|kicking)|seizure|"
                             r"blurr\w* vision"), 60)),
    # a diabetic emergency: a very low or very high blood sugar, in mg/dL or mmol/L
    ("diabetic", _any(r"(?:blood sugar|blood glucose|glucose|sugars?|bg|bs|levels?) (?:is |was |of |at |reading |reads |"
                      r"just |only |down to |up to )*(?:[1-4]\d|[6-9]\d\d|[1-9]\d{3}|[0-2](?:\.\d)?|3[.]\d|"
                      r"[3-9]\d(?:\.\d)? ?mmol)(?! ?(?:years|yrs|%|percent|mg of|units|kg|lbs?))|"
                      r"diabetic coma|(?:ketoacidosis|dka)|hypo and (?:confused|unconscious|cant|wont|not)")),
    # the worst pain of one's life; severe pain, or other acute symptoms, as they happen
    ("severe_pain", _any(r"worst pain (?:of|in) (?:my|his|her|their) life|in agony|screaming (?:in|with) pain|"
                         r"doubled over")),
    ("severe_pain", _anywhere(r"now|vomit\w*|throwing up|cant (?:stand|walk|move|breathe)|rigid|hard as|faint\w*|"
                              r"passing out|sweat\w*|suddenly|ago|fever|" + _BLOOD)
                    + r".*" + _any(r"(?:" + _SEVERE + r") (?:\w+ )?(?:pain|cramps?|agony)")),
    ("severe_pain", _near(_any(_NOW_WORDS), _any(_ACUTE_SYMPTOMS), 60)),
)

# Warning symptoms: two of these groups together, at least one a red flag, read as an emergency.
WARNINGS: tuple[tuple[str, bool, str], ...] = (
    ("breathless", True, _any(r"short of breath|shortness of breath|breathless|out of breath")),
    ("fainting", True, _any(r"(?:going to|about to|gonna|might|could) (?:faint|pass out|black out|collapse)|"
                            r"lightheaded|light headed|faint|fainting|blacking out|black out|passing out|"
                            r"vision (?:is )?(?:going|fading|dark\w*)")),
    ("radiating", True, _near(_any(r"jaw|left arm|shoulders?|between (?:my|his|her) shoulder blades|upper back"),
                              _any(r"aches?|aching|pain|pains|hurts?|hurting|tight\w*|pressure|heavy|numb"), 25)),
    ("racing", True, _any(r"(?:heart|pulse|heartbeat) .{0,15}(?:racing|pounding|beating (?:so |really |very )?fast|"
                          r"fluttering|skipping|irregular|all over the place|over \d{3}|\d{3})|palpitations|"
                          r"racing heart|heart racing")),
    ("confusion", True, _any(r"confus\w*|disorient\w*|not making sense|not (?:himself|herself)|seeing things|"
                             r"(?:doesnt|does not|dont) know where (?:he|she|they|i) (?:is|am|are)")),
    ("very_drowsy", True, _any(r"(?:very|really|so|extremely) (?:sleepy|drowsy)|hard to wake|cant stay awake")),
    ("blue_or_grey", True, _near(_any(r"lips|face|skin"), _any(r"grey|gray|blue|purple|ashen|mottled"), 15)),
    ("sweating", False, _any(r"sweat\w*|clammy|cold sweat|drenched")),
    ("nausea", False, _any(r"nause\w*|vomit\w*|throwing up|threw up|feel(?:ing)? sick|sick to (?:my|his|her) stomach")),
    ("dizzy", False, _any(r"dizz\w*|room (?:is )?spinning|unsteady")),
    ("shaky", False, _any(r"shak(?:y|ing)|trembl\w*|jittery")),
    ("fever", False, _any(r"high (?:fever|temperature)|fever of \d+|temperature of \d+|burning up")),
    ("pale", False, _any(r"(?:very |really )?pale|white as a sheet")),
)

_COMPILED_SIGNS = tuple((category, re.compile(pattern)) for category, pattern in SIGNS)
_COMPILED_WARNINGS = tuple((group, red_flag, re.compile(pattern)) for group, red_flag, pattern in WARNINGS)
assert {category for category, _ in SIGNS} | {"warning_signs"} == set(CATEGORIES)


def signs_in(text: str) -> list[str]:
    """The emergency categories whose signs the normalised ``text`` shows, whoever they happen to."""
    found = [category for category, pattern in _COMPILED_SIGNS if pattern.search(text)]
    groups = [red_flag for _, red_flag, pattern in _COMPILED_WARNINGS if pattern.search(text)]
    if len(groups) >= 2 and any(groups):
        found.append("warning_signs")
    return list(dict.fromkeys(found))


# Chest pain that is known and recurring, or already looked into: "I get chest pain on exercise but my arteries are
# clear (cardiac syndrome X)", "I keep getting chest pains but my heart tests came back clear", "my husband has stable
# angina and still gets chest pain on metoprolol", "sumatriptan gives me chest tightness". The person asks about a
# treatment for a pattern they live with, not for help with an attack now.
_SETTLED_CHEST = re.compile(_any(
    r"(?:arteries|heart|tests?|angiogram|ecg|scans?|checks?) (?:\w+ ){0,3}(?:clear|normal|fine|healthy)|"
    r"normal (?:heart |coronary )?arteries|(?:cardiac )?syndrome x|"
    r"(?:isnt|is not|not) (?:from|coming from|caused by) (?:my|his|her|the) heart|stable angina|"
    r"(?:keep|keeps|kept) getting|(?:still|often|sometimes|always|barely|hardly|rarely|only) (?:get|gets)|"
    r"(?:get|gets) (?:\w+ ){0,2}" + _CHEST + r" (?:\w+ ){0,2}(?:on|when|after|during|with|if|before)|"
    r"gives? (?:me|him|her|them) (?:\w+ )?" + _CHEST + "|on exercise|when (?:i|he|she) (?:walk|exercise|climb|run)"))
# ... unless it is bad, new or going on now.
_CHEST_NOW = re.compile(_any(
    _NOW_WORDS + "|" + _SEVERE + "|" + _SUDDEN_OR_ONE_SIDED + r"|wont (?:stop|go away|ease)|not (?:stopping|going away)|"
    r"getting worse|worse and worse|spreading|radiating|sweat\w*|clammy|(?:jaw|left arm)|short of breath|"
    r"(?:started|began|since) (?:\w+ ){0,2}(?:ago|this morning|tonight|last night|an hour)|for (?:\d+|an|half an) "
    r"(?:minutes?|mins|hours?)"))
# A what-if about somebody else ("If someone gets chest pain after using cocaine, does ...", "If the ambulance crew
# give metoprolol for a suspected heart attack, ..."): a question about what treats it, with nobody named in it.
_OTHERS_WHAT_IF = re.compile(r"^if (?![^,]*\b(?:i|im|me|my|he|hes|she|shes|him|her|his)\b)[^,]*,")


def emergency_reasons(text: str) -> list[str]:
    """Why the normalised ``text`` reads as an emergency happening now: its categories, or empty.

    Chest pain alone that is settled (``_SETTLED_CHEST``) and not bad or new now (``_CHEST_NOW``), or told in a
    what-if about nobody in particular, is no cardiac emergency; every other sign stays one.
    """
    found = signs_in(text)
    if found == ["cardiac"] and ((_SETTLED_CHEST.search(text) and not _CHEST_NOW.search(text))
                                 or _OTHERS_WHAT_IF.match(text)):
        found = []
    return found if found and someone_in_it_now(text) else []
