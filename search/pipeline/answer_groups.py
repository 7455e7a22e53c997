"""Group the ranked papers into 2-5 topics for the extractive answer, and name each topic.

Papers are clustered (Ward) on their document embeddings (rerank's vectors, read from
the embedding store it fills; only papers missing there are encoded) blended with their
topical MeSH headings. A group is named by the heading its papers share and the other
groups do not (MeSH first, in plain word order; else the most distinctive phrase of their
titles and abstracts), so the heading says what sets the group apart rather than
repeating the question.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

import numpy as np

from .state import RankedPaper

MAX_GROUPS = 5
MESH_WEIGHT = 0.3  # share of the similarity given to shared topical MeSH headings

# MeSH check tags and study-design headings: shared by most studies, they name no topic.
GENERIC_MESH = frozenset(
    h.lower()
    for h in (
        "Humans", "Animals", "Male", "Female", "Adult", "Middle Aged", "Aged", "Aged, 80 and over", "Adolescent",
        "Child", "Child, Preschool", "Infant", "Infant, Newborn", "Young Adult", "Pregnancy", "Rats", "Mice",
        "Double-Blind Method", "Single-Blind Method", "Treatment Outcome", "Prospective Studies",
        "Retrospective Studies", "Follow-Up Studies", "Cohort Studies", "Case-Control Studies",
        "Cross-Sectional Studies", "Longitudinal Studies", "Time Factors", "Dose-Response Relationship, Drug",
        "Drug Administration Schedule", "Cross-Over Studies", "Analysis of Variance", "Placebos",
        "Randomized Controlled Trials as Topic", "Clinical Trials as Topic", "Multicenter Studies as Topic",
        "Risk Factors", "Reproducibility of Results", "Severity of Illness Index", "Chronic Disease",
        "Questionnaires", "Surveys and Questionnaires", "Statistics as Topic", "Sensitivity and Specificity",
        "Predictive Value of Tests", "Research Design", "Patient Compliance", "Incidence", "Prevalence",
        "Age Factors", "Sex Factors", "Retrospective Studies", "Evaluation Studies as Topic", "Drug Evaluation",
        "Administration, Oral", "Injections, Intravenous", "Infusions, Intravenous", "Tablets", "Capsules",
        "Delayed-Action Preparations", "Prognosis", "Odds Ratio", "Logistic Models", "Regression Analysis",
        "Proportional Hazards Models", "Survival Analysis", "Kaplan-Meier Estimate", "United States",
        "Meta-Analysis as Topic", "Double-Blind Method", "Placebo Effect", "Outcome Assessment (Health Care)",
    )
)

# Words that describe how a study was done rather than what it is about.
_GENERIC_WORDS = frozenset(
    """a about above after again against all also although am among an and any are as at be because been before
    being below between both but by can could did do does doing down during each either few for from further
    had has have having he her here hers him his how however i if in into is it its itself just may might more
    most much must my no nor not now of off on once only or other our out over own same she should so some such
    than that the their them then there these they this those through to too under until up upon very via was
    we were what when where whether which while who whom why will with within without would yet you your
    study studies studied patient patients subject subjects participant participants group groups result results
    effect effects effective efficacy trial trials randomized randomised randomly double blind placebo controlled
    control controls significant significantly mg kg ml daily day days week weeks month months year years compared
    comparison compare using used use clinical therapy data analysis analyses total mean median baseline versus vs
    dose doses dosage received receiving conclusion conclusions method methods background objective objectives aim
    aims purpose increased increase decreased decrease reduced reduction higher lower respectively associated
    evaluated evaluate assessed assess investigated investigate findings observed showed shown demonstrated suggest
    suggests suggested found one two three four five first second less level levels rate rates risk p ci
    difference differences different similar treatment treatments treated period performed present evidence
    including included outcome outcomes measured measures measure score scores change changes time times well
    however hour hours h n number percent compared overall improve improved improvement reported review
    """.split()
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9'-]*[A-Za-z0-9]|[A-Za-z]")
_BREAK = re.compile(r"[.,;:!?()\[\]{}\"/]")


@dataclass
class PaperGroup:
    papers: list[RankedPaper]  # in rank order
    heading: str


def document_vectors(papers: list[RankedPaper]) -> np.ndarray:
    """Unit document vectors of ``papers`` in order, via rerank's cache (only papers it lacks are encoded)."""
    from .rerank import document_vectors as cached_document_vectors

    vectors = cached_document_vectors([p.record for p in papers])
    matrix = np.asarray([vectors[p.record.pmid] for p in papers], dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.where(norms == 0, 1.0, norms)


def topical_mesh(paper: RankedPaper) -> set[str]:
    return {h for h in paper.record.mesh if h and h.lower() not in GENERIC_MESH}


def features(papers: list[RankedPaper], vectors: np.ndarray) -> np.ndarray:
    """Rows whose dot product is (1 - w) * embedding cosine + w * MeSH cosine (papers without MeSH: embedding only)."""
    vocabulary = {h: i for i, h in enumerate(sorted({h for p in papers for h in topical_mesh(p)}))}
    mesh = np.zeros((len(papers), max(1, len(vocabulary))), dtype=np.float32)
    for row, paper in enumerate(papers):
        for heading in topical_mesh(paper):
            mesh[row, vocabulary[heading]] = 1.0
    norms = np.linalg.norm(mesh, axis=1, keepdims=True)
    mesh /= np.where(norms == 0, 1.0, norms)
    return np.hstack([np.sqrt(1 - MESH_WEIGHT) * vectors, np.sqrt(MESH_WEIGHT) * mesh])


def group_count_range(n: int) -> range:
    """How many groups to consider: 2-5, about three or more papers per group, never more groups than papers."""
    if n <= 3:
        return range(min(n, 2), min(n, 2) + 1)
    low = 3 if n >= 12 else 2
    return range(low, max(low, min(MAX_GROUPS, n // 3)) + 1)


def cluster(points: np.ndarray) -> list[int]:
    """Ward clustering; among the allowed group counts the partition with fewest one-paper groups, then best silhouette.

    Silhouette alone prefers two groups, one of them a lone outlier, which tells a reader
    nothing; a one-paper group is kept only when no partition avoids it.
    """
    n = points.shape[0]
    if n <= 2:
        return list(range(n))
    from sklearn.cluster import AgglomerativeClustering
    from sklearn.metrics import silhouette_score

    best: tuple[int, float] | None = None
    best_labels: list[int] = [0] * n
    for k in group_count_range(n):
        labels = AgglomerativeClustering(n_clusters=k, linkage="ward").fit_predict(points)
        if len(set(labels)) < 2:
            continue
        singletons = sum(1 for count in Counter(labels).values() if count == 1)
        key = (singletons, -float(silhouette_score(points, labels)))
        if best is None or key < best:
            best, best_labels = key, [int(x) for x in labels]
    return best_labels


def group_papers(papers: list[RankedPaper], *, question: str, vectors: np.ndarray) -> list[PaperGroup]:
    """Cluster ``papers`` into at most five named groups, ordered by their best-ranked paper."""
    if not papers:
        return []
    labels = cluster(features(papers, vectors))
    members: dict[int, list[RankedPaper]] = {}
    for label, paper in zip(labels, papers):
        members.setdefault(label, []).append(paper)
    ordered = sorted((sorted(g, key=lambda p: p.rank) for g in members.values()), key=lambda g: g[0].rank)
    headings = _headings(ordered, papers, question=question)
    return [PaperGroup(papers=g, heading=h) for g, h in zip(ordered, headings)]


def _headings(groups: list[list[RankedPaper]], papers: list[RankedPaper], *, question: str) -> list[str]:
    question_words = {w.lower() for w in _TOKEN.findall(question)}
    phrases = {p.record.pmid: _phrases(f"{p.record.title}. {p.record.abstract}") for p in papers}
    used: set[str] = set()
    result: list[str] = []
    for group in groups:
        in_group = {p.record.pmid for p in group}
        others = [p for p in papers if p.record.pmid not in in_group]
        candidates = _ranked_mesh(group, others) or []
        candidates += _ranked_phrases(group, others, phrases, question_words)
        heading = next((c for c in candidates if c.lower() not in used), None)
        if heading is None:
            heading = "Other studies" if len(groups) > 1 else "The studies found"
        used.add(heading.lower())
        result.append(heading)
    return result


def _contrast(inside: int, size: int, outside: int, other_size: int) -> float:
    return inside / size - (outside / other_size if other_size else 0.0)


def _ranked_mesh(group: list[RankedPaper], others: list[RankedPaper]) -> list[str]:
    inside = Counter(h for p in group for h in topical_mesh(p))
    outside = Counter(h for p in others for h in topical_mesh(p))
    need = 2 if len(group) > 1 else 1
    scored = [
        (_contrast(count, len(group), outside[h], len(others)), count, h)
        for h, count in inside.items()
        if count >= need
    ]
    return [readable_mesh(h) for score, _, h in sorted(scored, key=lambda t: (-t[0], -t[1], t[2])) if score > 0]


def readable_mesh(heading: str) -> str:
    """MeSH inverted order to plain order: "Pain, Postoperative" -> "Postoperative Pain"."""
    parts = [part.strip() for part in heading.split(",")]
    if len(parts) == 2 and parts[1] and len(parts[1].split()) <= 3:
        return f"{parts[1]} {parts[0]}"
    return heading


def _phrases(text: str) -> dict[str, str]:
    """Content n-grams (1-3 words, never across punctuation or function words): lowercase -> surface form."""
    found: dict[str, str] = {}
    for chunk in _BREAK.split(text):
        run: list[str] = []
        for token in _TOKEN.findall(chunk) + [""]:
            if token and token.lower() not in _GENERIC_WORDS and not token.isdigit():
                run.append(token)
                continue
            for n in range(1, 4):
                for i in range(len(run) - n + 1):
                    words = run[i:i + n]
                    found.setdefault(" ".join(words).lower(), " ".join(words))
            run = []
    return found


def _ranked_phrases(
    group: list[RankedPaper],
    others: list[RankedPaper],
    phrases: dict[str, dict[str, str]],
    question_words: set[str],
) -> list[str]:
    inside: Counter[str] = Counter()
    surface: dict[str, Counter[str]] = {}
    for p in group:
        for key, form in phrases[p.record.pmid].items():
            inside[key] += 1
            surface.setdefault(key, Counter())[form] += 1
    outside = Counter(key for p in others for key in phrases[p.record.pmid])
    titles = " " + " ".join(w.lower() for p in group for w in _TOKEN.findall(p.record.title)) + " "
    need = 2 if len(group) > 1 else 1
    scored = []
    for key, count in inside.items():
        words = key.split()
        if count < need or all(w in question_words for w in words) or len(key) < 4:
            continue
        score = _contrast(count, len(group), outside[key], len(others))
        # Prefer "heart failure" to "failure", and words a title uses (titles name topics).
        score += 0.15 * (len(words) - 1) + (0.1 if f" {key} " in titles else 0.0)
        if score > 0:
            scored.append((score, count, key))
    scored.sort(key=lambda t: (-t[0], -t[1], t[2]))
    return [_capitalise(surface[key].most_common(1)[0][0]) for _, _, key in scored]


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]
