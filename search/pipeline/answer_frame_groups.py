"""Answer sections that follow the question's frame: what the studies that address it found, then the rest.

Groups made by embedding clusters were named after a shared MeSH heading or phrase, and a
reader saw headings such as "Isoenzymes" or "Held" that said nothing about the answer. When
the question has a frame and the judge said which studies address it, the sections instead
say what a reader wants to know, in order: which addressing studies found yes, which found
no, which were unclear, which only partly address the question, and which do not. The
headings are built from the frame's own words ("Found no clear advantage of tolterodine over
oxybutynin"), never from abstract fragments.
"""
from __future__ import annotations

from .answer_groups import PaperGroup
from .frame import in_whom
from .state import Frame, RankedPaper

MAX_SECTIONS = 5


def _key(paper: RankedPaper) -> str:
    addresses = paper.addresses.label if paper.addresses else "yes"
    if addresses != "yes":
        return addresses
    stance = paper.stance
    if stance is None or stance.uncertain or stance.label == "neutral":
        return "unclear"
    return stance.label


def _headings(frame: Frame, *, yes_no: bool) -> dict[str, str]:
    x = frame.intervention or "the treatment"
    y = frame.comparator or "the alternative"
    if frame.kind == "comparison":
        if y.startswith("another"):
            found_yes, found_no = f"Found a difference between one {x} and another", f"Found no clear difference between {x}s"
        elif frame.claim == "as_good":
            found_yes, found_no = f"Found {x} as good as {y} or better", f"Found {y} better than {x}"
        elif frame.claim == "worse":
            found_yes, found_no = f"Found {x} worse than {y}", f"Found {x} no worse than {y}"
        else:
            found_yes, found_no = f"Found an advantage for {x} over {y}", f"Found no clear advantage of {x} over {y}"
        partly = f"Studied {x}, but not against {y}"
    elif frame.kind == "safety":
        who = f" {in_whom(frame.population)}" if frame.population else ""
        found_yes, found_no = f"Found {x} safe{who}", f"Reported adverse effects or risks of {x}{who}"
        partly = f"Studied {x}, but not{who}" if who else f"Studied {x} only in part"
    else:
        answer = ("point to yes", "point to no") if yes_no else ("give a positive answer", "give a negative answer")
        found_yes, found_no = f"Findings that {answer[0]}", f"Findings that {answer[1]}"
        partly = f"Studied {x}, but not exactly what was asked"
    return {
        "supports": found_yes,
        "refutes": found_no,
        "unclear": "Unclear or uncertain findings",
        "partly": partly,
        "no": "Studies that do not address the question",
    }


def frame_groups(papers: list[RankedPaper], frame: Frame, *, yes_no: bool = True) -> list[PaperGroup]:
    """Papers grouped by whether they address the question and what they found, in that reading order."""
    order = ("supports", "refutes", "unclear", "partly", "no")
    buckets: dict[str, list[RankedPaper]] = {key: [] for key in order}
    for paper in sorted(papers, key=lambda p: p.rank):
        buckets[_key(paper)].append(paper)
    headings = _headings(frame, yes_no=yes_no)
    groups = [PaperGroup(papers=buckets[key], heading=headings[key]) for key in order if buckets[key]]
    return groups[:MAX_SECTIONS]


def has_frame(papers: list[RankedPaper]) -> bool:
    """Whether the judge marked the papers (otherwise the topic clusters are the only grouping there is)."""
    return any(p.addresses is not None for p in papers)
