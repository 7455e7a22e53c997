"""Reads for documents: one paper with what is cached about it (nothing about who searched it)."""
from __future__ import annotations

from typing import Any

from .models import Paper, PaperMetric
from .sources.base import Record

PMC_ARTICLE_URL = "https://pmc.ncbi.nlm.nih.gov/articles/{pmcid}/"


def paper_get(*, pmid: str) -> Paper | None:
    return Paper.objects.filter(pmid=pmid).first()


def paper_record(paper: Paper) -> dict[str, Any]:
    """The paper row as its PubMed record: ``Record``'s fields, in its order, lists copied."""
    return Record.from_row(paper).to_dict()


def paper_metrics(*, pmid: str) -> dict[str, PaperMetric]:
    return {m.source: m for m in PaperMetric.objects.filter(paper_id=pmid)}


def paper_pmcid(*, paper: Paper, metrics: dict[str, PaperMetric]) -> str:
    """The PMCID from the record, else from a cached PMC or Semantic Scholar answer; '' when none is known."""
    if paper.pmcid:
        return paper.pmcid
    for source in (PaperMetric.Source.PMC, PaperMetric.Source.SEMANTIC_SCHOLAR):
        m = metrics.get(source)
        if m is not None and m.found and (m.data or {}).get("pmcid"):
            return m.data["pmcid"]
    return ""


def document_detail(*, pmid: str) -> dict[str, Any] | None:
    """Metadata, abstract, MeSH, publication types, cached metrics (null = unavailable) and the full-text link."""
    paper = paper_get(pmid=pmid)
    if paper is None:
        return None
    metrics = paper_metrics(pmid=pmid)

    def value(source: str, key: str) -> Any:
        m = metrics.get(source)
        return (m.data or {}).get(key) if m is not None and m.found else None

    icite, s2, pmc = PaperMetric.Source.ICITE, PaperMetric.Source.SEMANTIC_SCHOLAR, PaperMetric.Source.PMC
    citation_count = value(icite, "citation_count")
    if citation_count is None:
        citation_count = value(s2, "citation_count")
    pmcid = paper_pmcid(paper=paper, metrics=metrics)
    open_access = value(pmc, "open_access")
    full_text_url = value(pmc, "pdf_url") or (PMC_ARTICLE_URL.format(pmcid=pmcid) if pmcid else None)
    return Record.from_row(paper).document() | {
        "pmcid": pmcid,
        "full_text_url": full_text_url,
        "open_access": open_access,
        "pdf_available": bool(open_access and value(pmc, "pdf_url")) if open_access is not None else None,
        "metrics": {
            "citation_count": citation_count,
            "relative_citation_ratio": value(icite, "relative_citation_ratio"),
            "influential_citation_count": value(s2, "influential_citation_count"),
            "venue": value(s2, "venue"),
            "tldr": value(s2, "tldr"),
            "is_clinical": value(icite, "is_clinical"),
        },
        "metric_sources": {
            source: {"found": m.found, "fetched_at": m.fetched_at.isoformat()} for source, m in sorted(metrics.items())
        },
    }
