"""A conclusion that states the treatment's benefit on the outcome in words whose direction needs no outcome.

``effect_stance`` leaves a finding of an effect to the offline classifier because "reduced" or "increased" is good or
bad depending on the outcome (blood pressure should fall, memory rise). Some words are good whatever the outcome:
a treatment "is effective for", "improves", "relieves", "alleviates" it, people "benefit from" it. The classifier
reads such plain conclusions weakly or the wrong way round ("Selected patients with myotonic dystrophy and excess
daytime sleepiness may benefit from modafinil": neutral 0.39; "modafinil improves daytime sleepiness": refutes
0.40). A conclusion sentence that names the treatment and the outcome and says one of these words, with nothing
that denies, doubts or compares it with another drug, is read as supporting.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from search.stance.outcome_reading import names_in
from search.stance.text import first_name_at

_BENEFIT = re.compile(
    r"\b(?:(?:is|was|are|were|be|been|proved|proven|appears?\s+to\s+be|seems?\s+to\s+be|remains?)\s+(?:an?\s+)?"
    r"(?:highly\s+|very\s+|clinically\s+|significantly\s+|an?\s+)?(?:effective|efficacious|beneficial|useful|successful)"
    r"|effective\s+(?:treatment|therapy|option|agent|drug|in|for|at)"
    r"|benefit(?:ed|s|ted)?\s+from"
    r"|(?:significantly\s+)?(?:improve[sd]?|improving|relieve[sd]?|relieving|alleviate[sd]?|alleviating|ameliorate[sd]?)"
    r")\b", re.I)
# Words with which a conclusion denies or doubts what it tells ("did not", "whether", "inconclusive"): shared with
# ``stated_harm``, each adding its own.
DOUBT_WORDS = (r"not|no|neither|nor|failed|fail|fails|unable|lack\w*|whether|if|unclear|uncertain|unknown|questionable"
               r"|controversial|conflicting|inconclusive|insufficient")
# A sentence that denies, doubts or only plans the benefit: "did not improve", "whether X is effective", "needed".
_NOT_STATED = re.compile(
    rf"\b(?:{DOUBT_WORDS}|ineffective|needed|warranted|remains?\s+to\s+be"
    r"|than|versus|vs|compared|comparable|similar|equally|as\s+effective\s+as)\b|n't", re.I)


# Less of an outcome nobody wants is a benefit whatever the treatment: "ketorolac decreases the subjective perception of
# pain", "X reduced mortality". The outcome asked about must be such a one (pain, not blood pressure, whose fall may
# be good or bad), so the direction needs no knowledge of the outcome beyond its name.
_LESSENED = re.compile(
    r"\b(?:reduce[sd]?|reducing|decrease[sd]?|decreasing|lower(?:s|ed)?|prevent(?:s|ed)?|attenuate[sd]?|attenuating"
    r"|diminish(?:es|ed)?|suppress(?:es|ed)?|eases?|eased|lessen(?:s|ed)?|abolish(?:es|ed)?)\b", re.I)
_UNWANTED = re.compile(
    r"\b(?:pain\w*|aches?|symptoms?|nausea|vomiting|emesis|itch\w*|prurit\w+|mortality|deaths?|dying|bleed\w*"
    r"|ha?emorrhag\w+|relapses?|recurren\w+|withdrawal|craving\w*|anxiety|shivering|headaches?|migraines?|seizures?"
    r"|fractures?|hospitali[sz]ations?|complications?|morbidity|infections?|ulcers?|diarrh\w+|constipation"
    r"|insomnia|agitation|spasms?|cramps?|discomfort|dyspepsia|heartburn|hot\s+flush\w*|hot\s+flash\w*)\b", re.I)


def stated_benefit(sentences: Sequence[str], x_names: Sequence[str], outcome_names: Sequence[str],
                   other_drug: Callable[[str], bool], *, asks_benefit: bool = False) -> str | None:
    """The last conclusion sentence that states the treatment's benefit on the outcome, or None.

    It must name the treatment and the outcome, say a benefit word, and carry no denial, doubt, plan or comparison
    ("as effective as", "than"), nor name another drug (whose benefit it may be). ``asks_benefit`` (the question asks
    whether X helps, eases, prevents ...): less of an unwanted outcome asked about ("decreases ... pain") is a benefit
    word too; without it a fall may be what the question fears (a harm question read as an effect)."""
    unwanted = [name for name in outcome_names if _UNWANTED.search(name)] if asks_benefit else []
    for sentence in reversed(list(sentences)):
        said = _BENEFIT.search(sentence) or (unwanted and _LESSENED.search(sentence) and names_in(sentence, unwanted))
        if not said or _NOT_STATED.search(sentence) or other_drug(sentence):
            continue
        # Named as the outcome readings name them: the treatment as a whole word, the outcome by its words' stems.
        if first_name_at(sentence.lower(), x_names) >= 0 and names_in(sentence, outcome_names):
            return sentence
    return None
