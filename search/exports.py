"""Take a result away: its studies as RIS, BibTeX or CSV, or the whole result document as JSON.

RIS and BibTeX are what Zotero, EndNote and Mendeley import (validated in the tests with ``rispy`` and
``bibtexparser``); each record carries MedSEBA's reading of the study in its note (stance with strength,
design, number of people, whether it addresses the question, evidence weight, the quoted sentence). The CSV's
columns derive from the paper's documented fields (``PaperSerializer``: nested fields flattened as
``stance.label``, lists joined with "; "), plus the authors and the evidence weight, so a field added to the
paper is exported without anyone touching this module. The JSON is the document as the API returns it, with
its provenance.

Pure functions of the document (and the authors, which the result document does not carry: the view looks
them up by PMID in the stored records).
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


def split_author(name: str) -> tuple[str, str] | None:
    """("Nazzaro", "P") from PubMed's "P Nazzaro"; None for a collective name ("SOLVD Investigators")."""
    first, _, rest = name.strip().partition(" ")
    if rest and re.fullmatch(r"[A-Z]{1,4}", first):
        return rest, first
    return None


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
        for name in authors.get(paper["pmid"], []):
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
    return f"{split[0]}, {split[1]}" if split else "{" + name + "}"  # a collective name stays one "last name"


def to_bibtex(doc: dict[str, Any], authors: Authors) -> str:
    """BibTeX ``@article`` entries keyed ``pmid<PMID>``, after an ``@comment`` saying where they come from."""
    prov = doc.get("provenance") or {}
    header = (f"MedSEBA export of \"{_one_line(doc.get('question'))}\"; source {prov.get('source') or doc.get('source')}; "
              f"code {prov.get('code_version') or 'unknown'}; retrieved {prov.get('retrieved_at') or 'unknown'}")
    entries = ["@comment{" + bibtex_escape(header) + "}"]
    for paper in _papers(doc):
        names = [_bibtex_author(bibtex_escape(n)) for n in authors.get(paper["pmid"], [])]
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
    """The CSV columns: the paper's documented fields (nested ones flattened), then authors and evidence weight."""
    from rest_framework import serializers

    from search.api.serializers import PaperSerializer

    columns: list[str] = []
    for name, field in PaperSerializer().fields.items():
        if isinstance(field, serializers.Serializer):
            columns.extend(f"{name}.{sub}" for sub in field.fields)
        else:
            columns.append(name)
    return columns + ["authors", "evidence_weight"]


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
                value: Any = authors.get(paper["pmid"], [])
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
