"""Studies that take a harm of the treatment as known: a trial of something else to prevent or treat it.

"Does Zyprexa cause weight gain?" is answered by studies of olanzapine and weight. Some of them are trials of
*another* treatment for the harm: "Nizatidine for prevention of weight gain with olanzapine", "Attenuation of
olanzapine-induced weight gain with reboxetine", "Misoprostol for the prevention of NSAID-induced gastric ulcer",
"Losartan in patients with ACE inhibitor-induced cough". Their finding -- the added drug reduced the harm -- is
about the added drug; read as a finding about the treatment asked of, it says "weight gain reduced with Zyprexa"
and refutes the harm, the wrong way round. What such a study does say about the treatment asked of is written in
its title: the harm is "olanzapine-induced", "associated with" it, comes "during" it; the study exists because the
harm is known. So it supports "does X cause O?" (and refutes "is X linked to less O?" no more than any other
study: association questions read it the same way), at a modest strength.

Only the title is read: it names what the study is about, where the abstract's sentences name the arms.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

# The harm told as the treatment's: "olanzapine-induced weight gain", "NSAID-associated ulcers".
_CAUSED_AFTER = r"[\s-](?:induced|associated|related|provoked|caused|evoked|attributable|treated|exposed|using|users?)\b"
# The harm told first, then its cause: "weight gain induced by / associated with olanzapine". Weaker links ("weight
# gain during / with olanzapine treatment") also write a treatment *for* the condition ("Treatment of cluster headache
# with sumatriptan"), so there another drug must be named for the harm.
_CAUSED_BY = r"(?:induced\s+by|associated\s+with|caused\s+by|due\s+to|related\s+to|attributable\s+to)"
_WITH = r"(?:during|with|on|from|in\s+(?:patients|people|subjects|users|those)\s+(?:taking|treated\s+with|receiving|on|using))"
_COURSE = r"(?:(?:the\s+)?(?:long-term\s+|chronic\s+|continued\s+)?)"
# What the study does about the harm: prevents, treats, reverses, reduces it.
_ABOUT_THE_HARM = re.compile(
    r"\b(?:prevent\w*|prophyla\w*|treat(?:ment|ing)?\s+(?:of|for)|therapy\s+(?:of|for)|attenuat\w*|reduc\w*|revers\w*"
    r"|control(?:s|ling)?\b|manag\w*|counteract\w*|ameliorat\w*|alleviat\w*|reliev\w*|relief|heal(?:s|ing|ed)?\b|protect\w*|"
    r"antagoni[sz]\w*|effects?\s+of\s+\w+\s+on|for\s+(?:the\s+)?(?:treatment|prevention|management|relief))\b", re.I)
_COMPARED = re.compile(r"\b(?:versus|vs\.?|compared|comparison|comparing|comparative|or|and)\b", re.I)
_GAP = r"(?:[\w(),'/-]+\s+){0,4}?"


def _alternation(names: Sequence[str]) -> str:
    return "|".join(re.escape(n) for n in sorted({n.lower() for n in names if n.strip()}, key=len, reverse=True))


def treats_harm_of_treatment(title: str, x_names: Sequence[str], outcome_names: Sequence[str],
                             other_drug: Callable[[str], bool]) -> bool:
    """Whether a title is of a study that prevents or treats the outcome *as caused by* the treatment asked of.

    The title must tell the outcome as the treatment's ("X-induced O", "O during X", "O in patients taking X") and
    be about doing something to it with something else: another drug named, or a word of prevention or treatment
    beside a harm the treatment caused ("Effect of amantadine on weight gain during olanzapine treatment",
    "Treatment of weight gain with fluoxetine in olanzapine-treated outpatients"). A title that only tells the harm
    ("Olanzapine-induced weight gain in first-episode schizophrenia") is read as usual, from its sentences.
    """
    if not title or not x_names or not outcome_names:
        return False
    low = " ".join(title.lower().split())
    x, o = _alternation(x_names), _alternation(outcome_names)
    if not x or not o:
        return False
    caused = re.search(rf"(?<![\w-])(?:{x}){_CAUSED_AFTER}\s+{_GAP}(?:{o})(?![\w])", low) or re.search(
        rf"(?<![\w-])(?:{o})\s+{_GAP}{_CAUSED_BY}\s+{_COURSE}{_GAP}(?:{x})(?![\w])", low) or re.search(
        rf"(?<![\w-])(?:{o})\b.{{0,60}}?\bin\s+(?:{x})[\s-](?:treated|exposed)\b", low)
    during = None if caused else re.search(rf"(?<![\w-])(?:{o})\s+{_GAP}{_WITH}\s+{_COURSE}{_GAP}(?:{x})(?![\w])", low)
    if not (caused or during):
        return False
    # Another drug named in the title is one given for the harm, unless the title compares drugs ("Weight gain with
    # olanzapine versus risperidone" measures the harm of each: read as usual).
    given_for_it = other_drug(low) and not _COMPARED.search(low)
    if given_for_it or not caused:
        return given_for_it
    rest = low[:caused.start()] + " " + low[caused.end():]
    return bool(_ABOUT_THE_HARM.search(rest))
