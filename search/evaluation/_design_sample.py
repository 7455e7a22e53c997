"""How the study-design label sets were drawn from the demo corpus (run once; kept so the draw can be repeated).

``python -m search.evaluation._design_sample CORPUS`` prints ``pmid<TAB>stratum<TAB>set`` lines. The draw is
stratified so that every drug-class topic and the PubMedQA records are represented and so that the designs
that are rare in a 1990s drug-trial corpus (cohort, case-control, cross-sectional, case reports, animal and
in-vitro work, guidelines, reviews, meta-analyses, open-label trials) appear often enough to be scored:
random records per topic and from PubMedQA, plus records whose title or abstract matches a keyword of a
rare design (a *candidate* only: the label is given by reading the abstract, never by the keyword). One
fixed seed; the holdout set is drawn after the main set from what is left, with the same strata.

Later blind sets: ``python -m search.evaluation._design_sample CORPUS --seed 20021 --exclude
'search/evaluation/data/design_labels*.jsonl' --total 150`` draws one set (``set`` column ``blind``) with that
seed from the records whose PMID no file matching ``--exclude`` holds, with the strata of ``BLIND_SIZES`` (3 per
topic, 25 PubMedQA, 7 per rare-design keyword, 6 per title cue, the case-control and guideline keywords widened by
``WIDE_CANDIDATES`` since the narrow ones are nearly used up; a title stratum with no title left takes its places
from the same design's keyword pool), then random records from what is left (stratum ``fill``) up to ``--total``.
Run it before the new set's own file exists (or the glob would leave its PMIDs out). Without ``--seed`` the original draw is printed unchanged.
"""
from __future__ import annotations

import random
import re
import argparse
import glob
import json
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

# For the later blind sets: the narrow case-control and guideline keywords above are nearly used up.
WIDE_CANDIDATES: dict[str, str] = {
    "case_control": r"case-control|case control|matched controls|\bcases\b.{0,80}\bcontrols\b|odds ratios?",
    "guideline": r"\bguidelines?\b|consensus|position (statement|paper)|recommendations|task force|expert panel"
                 r"|practice parameter|working (party|group)",
}
BLIND_SIZES = {"topic": 3, "pubmedqa": 25, "rare": 7, "title": 6}


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


def labelled_pmids(pattern: str) -> set[str]:
    """The PMIDs of every JSON Lines file matching ``pattern``."""
    out: set[str] = set()
    for path in sorted(glob.glob(pattern)):
        with open(path, encoding="utf-8") as fh:
            out.update(json.loads(line)["pmid"] for line in fh if line.strip())
    return out


def draw_blind(corpus: Path, seed: int, exclude: set[str], total: int) -> list[tuple[str, str, str]]:
    """(pmid, stratum, "blind") for one later blind set: ``BLIND_SIZES`` strata over the records not in
    ``exclude``, then random records from what is left (stratum ``fill``) up to ``total``."""
    records = [r for r in iter_jsonl(corpus) if r["pmid"] not in exclude]
    rng = random.Random(seed)
    taken: set[str] = set()
    out: list[tuple[str, str, str]] = []

    def pick(pool: list[dict], k: int, stratum: str) -> None:
        pool = [r for r in pool if r["pmid"] not in taken]
        for record in rng.sample(pool, min(k, len(pool))):
            taken.add(record["pmid"])
            out.append((record["pmid"], stratum, "blind"))

    for topic in TOPICS:
        pick([r for r in records if r["reviews"] and r["reviews"][0]["topic"] == topic], BLIND_SIZES["topic"], topic)
    pick([r for r in records if r["source"] == "pubmedqa-pqal"], BLIND_SIZES["pubmedqa"], "pubmedqa")
    body = {**RARE_CANDIDATES, **WIDE_CANDIDATES}
    for name, pattern in body.items():
        rx = re.compile(pattern, re.I)
        pick([r for r in records if rx.search(f"{r['title'] or ''} {r['abstract']}")], BLIND_SIZES["rare"],
             f"candidate:{name}")
    for name, pattern in TITLE_CANDIDATES.items():
        rx = re.compile(pattern, re.I)
        before = len(out)
        pick([r for r in records if rx.search(r["title"] or "")], BLIND_SIZES["title"], f"title:{name}")
        short = BLIND_SIZES["title"] - (len(out) - before)
        if short:  # no title left with the cue: more records whose title or abstract has the (widened) keyword
            rx = re.compile(body[name], re.I)
            pick([r for r in records if rx.search(f"{r['title'] or ''} {r['abstract']}")], short,
                 f"candidate:{name}")
    if len(out) < total:
        pick(records, total - len(out), "fill")
    return out[:total]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--seed", type=int, help="draw one later blind set with this seed")
    parser.add_argument("--exclude", default="", help="glob of label files whose PMIDs are left out")
    parser.add_argument("--total", type=int, default=150)
    args = parser.parse_args()
    if args.seed is None:
        rows = draw(args.corpus)
    else:
        rows = draw_blind(args.corpus, args.seed, labelled_pmids(args.exclude) if args.exclude else set(), args.total)
    for pmid, stratum, which in rows:
        print(f"{pmid}\t{stratum}\t{which}")
