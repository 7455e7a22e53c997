"""A conclusion that states the treatment's harm on the outcome in words whose direction needs no outcome.

The offline classifier reads whether a conclusion reports a finding, not which way it goes for the person: "Calcium
channel blocker use appears to be associated with an increased risk of death" read "supports" (0.83) for "Will a
calcium channel blocker help me survive after a heart attack?", and so did "a significantly higher incidence of
fatal and nonfatal myocardial infarction" with nisoldipine. Some words are bad whatever the outcome: a treatment is
"deleterious", "detrimental", "harmful", its harms "outweigh" its benefit, it "should be avoided"; and more deaths are
bad whatever was measured. The mirror of ``stated_benefit``: a conclusion sentence that names the treatment and the
outcome (or, when the question asks about survival, death) and says one of these words, with nothing that denies or
doubts it and no other drug named, answers a question that asks for a benefit "no".
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from search.stance.outcome_reading import names_in
from search.stance.text import first_name_at

from .stated_benefit import DOUBT_WORDS

_DEATH = r"(?:death|deaths|mortality|dying|fatal\w*)"
# Said of the treatment ("was harmful", "the deleterious effects of nifedipine"), not of what it blunted ("verapamil
# blunted potentially harmful stress-induced changes"); more deaths, not "a greater reduction in risk of death".
_BAD = r"(?:deleterious|detrimental|harmful|hazardous)"
_NO_FALL = r"(?!\w*\s*(?:reduc|decreas|lower|fall|declin|drop))"
_HARMED = re.compile(
    rf"\b(?:(?:is|was|are|were|be|been|proved|proven|appears?\s+to\s+be|seems?\s+to\s+be)\s+(?:\w+ly\s+)?{_BAD}"
    rf"|{_BAD}\s+(?:effects?|influence|impact)\s+(?:of|on)"
    rf"|(?<!\bat\s)(?<!\bat\sa\s)(?:increased|higher|greater|excess(?:ive)?)\s+{_NO_FALL}(?:\w+\s+{_NO_FALL}){{0,2}}?"
    rf"(?:risk\s+of\s+(?:\w+\s+){{0,2}}?)?{_DEATH}"
    rf"|{_DEATH}\s+(?:was|were|is|are)\s+(?:significantly\s+)?(?:increased|higher|greater)"
    r"|should\s+(?:\w+\s+)?be\s+avoided|outweighs?\s+(?:any\s+|the\s+)?(?:possible\s+|potential\s+)?benefits?"
    r"|(?:worse|poorer|reduced|shorter)\s+survival)\b", re.I)
# A sentence that denies, doubts or only supposes the harm: "not associated with an excess risk of death",
# "absence of a deleterious effect", "whether X is harmful", "an abrupt decrease in BP that may be potentially harmful".
# (Those "at increased risk of death" are who was treated, not what the treatment did.)
_NOT_STATED = re.compile(
    rf"\b(?:{DOUBT_WORDS}|absence|absent|without|may|might|could|potentially|unlikely|excluded|rather\s+than)\b|n't",
    re.I)
# What a question about living longer is answered by: deaths.
# ("Quality of life" is no survival.)
_SURVIVAL = re.compile(r"\b(?:surviv\w*|live\s+longer|living\s+longer|save\s+lives|mortality|death\w*|dying|die)\b", re.I)
_DEATH_NAMED = re.compile(rf"\b{_DEATH}\b", re.I)


def stated_harm(sentences: Sequence[str], x_names: Sequence[str], outcome_names: Sequence[str],
                other_drug: Callable[[str], bool], *, asked: str = "") -> str | None:
    """The last conclusion sentence that states the treatment's harm on the outcome asked about, or None.

    It must name the treatment and the outcome (death counts as naming survival or mortality, as the question
    ``asked`` it: "survive" is a word of the question, not a concept with names), say a harm word, and carry no
    denial or doubt, nor name another drug (whose harm it may be)."""
    survival = any(_SURVIVAL.search(name) for name in [*outcome_names, asked])
    for sentence in reversed(list(sentences)):
        if not _HARMED.search(sentence) or _NOT_STATED.search(sentence) or other_drug(sentence):
            continue
        named = names_in(sentence, outcome_names) or (survival and _DEATH_NAMED.search(sentence))
        if first_name_at(sentence.lower(), x_names) >= 0 and named:
            return sentence
    return None
