"""Which of a study's drugs belong to a drug class the question names, by the class's naming stem.

"Are ARBs better than ACE inhibitors?" is answered by trials of losartan against lisinopril: the
abstract never writes the class names, so each arm must be recognised by its members. International
non-proprietary names share a stem per class (the WHO / USAN stems: -sartan, -pril, -olol, ...), and
abstracts abbreviate the classes ("ACEIs", "ARBs"). This table holds both for the classes lay people
compare; a class it does not know keeps only its own names.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

# stem → (words that name the class in a question or its synonyms, abbreviations abstracts use)
CLASS_STEMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "sartan": (("angiotensin receptor", "angiotensin ii receptor", "angiotensin ii antagonist", "arb"),
               ("arb", "arbs", "aiia", "aiira", "angiotensin ii antagonists")),
    "pril": (("angiotensin-converting enzyme", "angiotensin converting enzyme", "ace inhibitor"),
             ("acei", "aceis", "ace inhibitor", "ace inhibitors", "ace-inhibitor", "ace-inhibitors")),
    "olol": (("beta blocker", "beta-blocker", "adrenergic beta", "beta-adrenergic", "beta-adrenoceptor"),
             ("beta-blocker", "beta-blockers", "beta blocker", "beta blockers")),
    "dipine": (("calcium channel", "calcium antagonist", "calcium-channel", "dihydropyridine"),
               ("ccb", "ccbs", "calcium antagonist", "calcium antagonists", "dihydropyridine", "dihydropyridines")),
    "prazole": (("proton pump", "proton-pump"), ("ppi", "ppis", "proton pump inhibitor", "proton pump inhibitors")),
    "triptan": (("triptan", "tryptamines", "5-ht1"), ("triptan", "triptans")),
    "glitazone": (("thiazolidinedione", "glitazone"), ("tzd", "tzds", "thiazolidinedione", "thiazolidinediones")),
    "tidine": (("h2 antagonist", "h2 blocker", "histamine h2", "h2-receptor", "h2 receptor"),
               ("h2ra", "h2ras", "h2 blocker", "h2 blockers", "h2-receptor antagonists")),
    "statin": (("statin", "hmg-coa", "hydroxymethylglutaryl"), ("statin", "statins")),
    # Organic nitrates: isosorbide mononitrate / dinitrate, glyceryl trinitrate; "nitroglycerin" carries no stem.
    "nitrate": (("nitrate",), ("nitrates", "isosorbide", "nitroglycerin", "nitroglycerine", "gtn")),
}


def stem_of(names: Iterable[str]) -> str | None:
    """The naming stem of the class among ``names`` (a class arm's names, lower case), or None."""
    text = " ".join(names)
    # Whole words only: "eletriptan" is one triptan, not the class "triptan".
    return next((stem for stem, (words, _) in CLASS_STEMS.items()
                 if any(re.search(rf"(?<![\w-]){re.escape(w)}", text) for w in words)), None)


def class_names(names: list[str], drugs: Iterable[str]) -> list[str]:
    """``names`` plus the abbreviations of its class and the study's ``drugs`` that carry its stem."""
    stem = stem_of(names)
    if stem is None:
        return names
    members = [d for d in drugs if d.endswith(stem) and d != stem]
    return list(dict.fromkeys([*names, *CLASS_STEMS[stem][1], *members]))
