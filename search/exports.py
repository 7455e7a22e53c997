"""Take a result away: its studies as RIS, BibTeX or CSV, or the whole result document as JSON.

RIS and BibTeX are what Zotero, EndNote and Mendeley import (validated in the tests with ``rispy`` and
``bibtexparser``); each record carries MedSEBA's reading of the study in its note (stance with strength,
design, number of people, whether it addresses the question, evidence weight, the quoted sentence). The CSV's
columns derive from the paper's documented fields (``PaperSerializer``: nested fields flattened as
``stance.label``, lists joined with "; "; the authors are one of them), plus the evidence weight, so a field
added to the paper is exported without anyone touching this module. The JSON is the document as the API returns it, with
its provenance.

Pure functions of the document. Each paper carries its authors as the source named them (stored with the search,
``SearchPaper.authors``); a study whose source named none is exported with no author rather than an invented one.
Only a document saved before papers carried authors (an anonymous result still in Redis from before) takes them
from ``authors``, the stored records by PMID, that the view passes.
"""
from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from typing import Any, Callable

PUBMED_URL = "https://pubmed.ncbi.nlm.nih.gov/{pmid}/"
Authors = dict[str, list[str]]


@dataclass(frozen=True)
class ExportFormat:
    """One download: how it is rendered, what it is called and what the browser is told it is."""

    render: Callable[[dict[str, Any], Authors], str]
    media_type: str
    extension: str


# --- what each format says about a study --------------------------------------------------------------------

def _one_line(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text or "")).strip()


def _evidence_weight(doc: dict[str, Any], pmid: str) -> float | None:
    weights = (doc.get("charts") or {}).get("evidence_weights") or {}
    found = weights.get(pmid)
    return found.get("value") if found else None


def study_note(doc: dict[str, Any], paper: dict[str, Any]) -> str:
    """MedSEBA's reading of one study in one line (the RIS N1 and BibTeX note)."""
    parts: list[str] = []
    stance = paper.get("stance")
    if stance:
        strength = stance.get(stance["label"], 0.0)
        unsure = ", uncertain" if stance.get("uncertain") else ""
        parts.append(f"stance {stance['label']} ({strength:.2f}{unsure})")
    if paper.get("design"):
        parts.append(f"design: {paper['design'].get('name') or paper['design'].get('label')}")
    if paper.get("sample_size"):
        parts.append(f"n = {paper['sample_size']['n']}")
    if paper.get("addresses"):
        parts.append(f"addresses the question: {paper['addresses']['label']}")
    weight = _evidence_weight(doc, paper["pmid"])
    if weight is not None:
        parts.append(f"evidence weight {weight:.2f}")
    if paper.get("retracted"):
        parts.append("RETRACTED")
    if paper.get("best_sentence"):
        parts.append(f"best sentence: “{_one_line(paper['best_sentence']['text'])}”")
    return f"MedSEBA ({_one_line(doc.get('question'))}): " + "; ".join(parts) if parts else ""


# Words that make a name a group's ("SOLVD Investigators", "FINNAKI Study Group"), never one person's.
_COLLECTIVE_WORDS = frozenset("""
    alliance association board centre center collaboration collaborative collaborators committee consortium council
    coordinators department foundation group groups institute investigators members network organisation
    organization panel program programme project research researchers society steering study team trial trialists
    unit working writing
""".split())
# Lower-case particles that belong to the surname ("P van der Berg", "Ana da Silva").
_PARTICLES = frozenset("al bin da das de del della der di dos du el la le st ten ter van von y".split())


def split_author(name: str) -> tuple[str, str] | None:
    """(surname, given names or initials) of one person, or None for a group.

    PubMed's "P Nazzaro" gives ("Nazzaro", "P") and the corpus's "Richard B Devereux" gives ("Devereux",
    "Richard B"); lower-case particles stay with the surname. A group ("SOLVD Investigators"), a single word,
    or anything with digits or punctuation a personal name never has is None: exported as one name, as given.
    """
    words = name.split()
    if len(words) < 2 or len(words) > 6 or re.search(r"[0-9().,:;&/]", name):
        return None
    if any(w.lower() in _COLLECTIVE_WORDS for w in words):
        return None
    if re.fullmatch(r"[A-Z]{1,4}", words[0]):  # PubMed's initials first
        return " ".join(words[1:]), words[0]
    start = len(words) - 1
    while start > 1 and words[start - 1] in _PARTICLES:
        start -= 1
    return " ".join(words[start:]), " ".join(words[:start])


def study_authors(paper: dict[str, Any], fallback: Authors) -> list[str]:
    """The study's authors as its record names them: the document's own (stored with the search), else, for a
    document saved before papers carried them, what ``fallback`` holds for its PMID. Empty = none known."""
    if "authors" in paper:
        return list(paper.get("authors") or [])
    return list(fallback.get(paper["pmid"], []))


def _papers(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted(doc.get("papers") or [], key=lambda p: p["rank"])


# --- RIS ----------------------------------------------------------------------------------------------------

def to_ris(doc: dict[str, Any], authors: Authors) -> str:
    """RIS (Research Information Systems) records, one per study, CRLF line ends as the format specifies."""
    lines: list[str] = []

    def tag(name: str, value: Any) -> None:
        text = _one_line(value)
        if text:
            lines.append(f"{name}  - {text}")

    for paper in _papers(doc):
        tag("TY", "JOUR")
        for name in study_authors(paper, authors):  # one AU per author, "Surname, Given"; none when unknown
            split = split_author(name)
            tag("AU", f"{split[0]}, {split[1]}" if split else name)
        tag("TI", paper.get("title"))
        tag("T2", paper.get("journal") or paper.get("venue"))
        tag("PY", paper.get("year"))
        tag("AB", paper.get("abstract"))
        tag("DO", paper.get("doi"))
        tag("AN", paper["pmid"])
        tag("UR", PUBMED_URL.format(pmid=paper["pmid"]))
        tag("DB", "PubMed")
        for heading in paper.get("mesh") or []:
            tag("KW", heading)
        tag("N1", study_note(doc, paper))
        lines.append("ER  - ")
        lines.append("")
    return "\r\n".join(lines)


# --- BibTeX -------------------------------------------------------------------------------------------------

_BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "&": r"\&", "%": r"\%", "$": r"\$",
                   "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
_BIBTEX_RE = re.compile("|".join(re.escape(c) for c in _BIBTEX_SPECIAL))


def bibtex_escape(text: Any) -> str:
    """A field value safe inside {...}: LaTeX specials escaped, so braces always balance."""
    return _BIBTEX_RE.sub(lambda m: _BIBTEX_SPECIAL[m.group(0)], _one_line(text))


def _bibtex_author(name: str) -> str:
    split = split_author(name)
    if split:
        return f"{bibtex_escape(split[0])}, {bibtex_escape(split[1])}"
    return "{" + bibtex_escape(name) + "}"  # a group's name stays one "last name" (its "and" is not a separator)


def to_bibtex(doc: dict[str, Any], authors: Authors) -> str:
    """BibTeX ``@article`` entries keyed ``pmid<PMID>``, after an ``@comment`` saying where they come from."""
    prov = doc.get("provenance") or {}
    header = (f"MedSEBA export of \"{_one_line(doc.get('question'))}\"; source {prov.get('source') or doc.get('source')}; "
              f"code {prov.get('code_version') or 'unknown'}; retrieved {prov.get('retrieved_at') or 'unknown'}")
    entries = ["@comment{" + bibtex_escape(header) + "}"]
    for paper in _papers(doc):
        names = [_bibtex_author(n) for n in study_authors(paper, authors)]
        fields = {
            "title": bibtex_escape(paper.get("title")),
            "author": " and ".join(names),
            "journal": bibtex_escape(paper.get("journal") or paper.get("venue")),
            "year": str(paper.get("year") or ""),
            "doi": bibtex_escape(paper.get("doi")),
            "pmid": paper["pmid"],
            "url": PUBMED_URL.format(pmid=paper["pmid"]),
            "abstract": bibtex_escape(paper.get("abstract")),
            "keywords": bibtex_escape(", ".join(paper.get("mesh") or [])),
            "note": bibtex_escape(study_note(doc, paper)),
        }
        body = ",\n".join(f"  {key} = {{{value}}}" for key, value in fields.items() if value)
        entries.append(f"@article{{pmid{paper['pmid']},\n{body}\n}}")
    return "\n\n".join(entries) + "\n"


# --- CSV ----------------------------------------------------------------------------------------------------

def paper_columns() -> list[str]:
    """The CSV columns: the paper's documented fields (nested ones flattened, authors among them), then the
    evidence weight."""
    from rest_framework import serializers

    from search.api.serializers import PaperSerializer

    columns: list[str] = []
    for name, field in PaperSerializer().fields.items():
        if isinstance(field, serializers.Serializer):
            columns.extend(f"{name}.{sub}" for sub in field.fields)
        else:
            columns.append(name)
    return columns + [c for c in ("authors", "evidence_weight") if c not in columns]


def _cell(value: Any) -> Any:
    if isinstance(value, list):
        return "; ".join(str(v) for v in value)
    if value is None:
        return ""
    return value


def to_csv(doc: dict[str, Any], authors: Authors) -> str:
    """One row per study in rank order; an empty cell is unknown or unavailable (never 0)."""
    columns = paper_columns()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for paper in _papers(doc):
        row = []
        for column in columns:
            if column == "authors":
                value: Any = study_authors(paper, authors)
            elif column == "evidence_weight":
                value = _evidence_weight(doc, paper["pmid"])
            elif "." in column:
                outer, inner = column.split(".", 1)
                value = (paper.get(outer) or {}).get(inner)
            else:
                value = paper.get(column)
            row.append(_cell(value))
        writer.writerow(row)
    return out.getvalue()


# --- JSON ---------------------------------------------------------------------------------------------------

def to_json(doc: dict[str, Any], authors: Authors) -> str:
    """The result document as the API returns it (provenance included), minus the live service status."""
    return json.dumps({k: v for k, v in doc.items() if k != "service"}, indent=2, ensure_ascii=False) + "\n"


FORMATS: dict[str, ExportFormat] = {
    "ris": ExportFormat(to_ris, "application/x-research-info-systems", "ris"),
    "bibtex": ExportFormat(to_bibtex, "application/x-bibtex", "bib"),
    "csv": ExportFormat(to_csv, "text/csv", "csv"),
    "json": ExportFormat(to_json, "application/json", "json"),
}


def export_filename(doc: dict[str, Any], extension: str) -> str:
    """A readable file name; an anonymous search's question never reaches the file name (downloads folder)."""
    if doc.get("anonymous"):
        return f"medseba-search.{extension}"
    slug = re.sub(r"[^a-z0-9]+", "-", (doc.get("question") or "").lower()).strip("-")[:60].strip("-") or "search"
    return f"medseba-{slug}-{str(doc.get('id', ''))[:8]}.{extension}"
