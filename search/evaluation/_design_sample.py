"""How the study-design label sets were drawn from the demo corpus (run once; kept so the draw can be repeated).

``python -m search.evaluation._design_sample CORPUS`` prints ``pmid<TAB>stratum<TAB>set`` lines. The draw is
stratified so that every drug-class topic and the PubMedQA records are represented and so that the designs
that are rare in a 1990s drug-trial corpus (cohort, case-control, cross-sectional, case reports, animal and
in-vitro work, guidelines, reviews, meta-analyses, open-label trials) appear often enough to be scored:
random records per topic and from PubMedQA, plus records whose title or abstract matches a keyword of a
rare design (a *candidate* only: the label is given by reading the abstract, never by the keyword). One
fixed seed; the holdout set is drawn after the main set from what is left, with the same strata.
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from search.stance.data import iter_jsonl

SEED = 15
TOPICS = ("ACEInhibitors", "ADHD", "Antihistamines", "AtypicalAntipsychotics", "BetaBlockers",
          "CalciumChannelBlockers", "Estrogens", "NSAIDS", "Opiods", "OralHypoglycemics",
          "ProtonPumpInhibitors", "SkeletalMuscleRelaxants", "Triptans", "UrinaryIncontinence")
RARE_CANDIDATES: dict[str, str] = {
    "cohort": r"\bcohort\b|retrospective(ly)? (analysis|review|study)|database",
    "case_control": r"case-control|case control|matched controls",
    "cross_sectional": r"cross-sectional|\bsurvey\b|questionnaire study|prevalence",
    "case_report": r"\bcase report|we (report|describe|present) (a|an|two|three|four|the case)\b",
    "animal": r"\b(rats?|mice|dogs|rabbits|guinea pigs?|in vitro|cultured)\b",
    "guideline": r"\bguidelines?\b|consensus statement|position statement|recommendations",
    "review": r"\breview\b",
    "meta_analysis": r"meta-analy|systematic review|pooled analysis",
    "non_randomised": r"open-label|open label|non-randomi[sz]ed|historical control|uncontrolled",
}
# The rarest designs again, matched on the title (a stricter cue), after a first draw gave only 2 guidelines,
# 4 case-control studies and 5 animal studies among 167 records.
TITLE_CANDIDATES: dict[str, str] = {
    "guideline": r"guideline|consensus|recommendation|position statement|position paper",
    "case_control": r"case-control|case control",
    "animal": r"\b(rats?|mice|mouse|dogs?|rabbits?|pigs?|in vitro|cells?)\b",
}
SIZES = {"main": {"topic": 7, "pubmedqa": 24, "rare": 5, "title": 6},
         "holdout": {"topic": 2, "pubmedqa": 6, "rare": 2, "title": 2}}


def draw(corpus: Path) -> list[tuple[str, str, str]]:
    """(pmid, stratum, set) for the main set, then the holdout set, without repeats."""
    records = list(iter_jsonl(corpus))
    rng = random.Random(SEED)
    taken: set[str] = set()
    out: list[tuple[str, str, str]] = []

    def pick(pool: list[dict], k: int, stratum: str, which: str) -> None:
        pool = [r for r in pool if r["pmid"] not in taken]
        for record in rng.sample(pool, min(k, len(pool))):
            taken.add(record["pmid"])
            out.append((record["pmid"], stratum, which))

    for which, size in SIZES.items():
        for topic in TOPICS:
            in_topic = [r for r in records if r["reviews"] and r["reviews"][0]["topic"] == topic]
            pick(in_topic, size["topic"], topic, which)
        pick([r for r in records if r["source"] == "pubmedqa-pqal"], size["pubmedqa"], "pubmedqa", which)
        for name, pattern in RARE_CANDIDATES.items():
            rx = re.compile(pattern, re.I)
            pool = [r for r in records if rx.search(f"{r['title'] or ''} {r['abstract']}")]
            pick(pool, size["rare"], f"candidate:{name}", which)
        for name, pattern in TITLE_CANDIDATES.items():
            rx = re.compile(pattern, re.I)
            pick([r for r in records if rx.search(r["title"] or "")], size["title"], f"title:{name}", which)
    return out


if __name__ == "__main__":
    for pmid, stratum, which in draw(Path(sys.argv[1])):
        print(f"{pmid}\t{stratum}\t{which}")
