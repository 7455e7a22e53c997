"""Parse PubMed ``PubmedArticleSet`` XML (efetch responses and baseline/update files) into Records.

Shared by the E-utilities client and ``load_corpus`` so both sources see identical records.
Parsing goes through defusedxml (the XML comes from the network or from downloaded files).

Choices worth knowing:

* Abstract: every ``AbstractText`` in order, each prefixed by its ``Label`` (or its
  ``NlmCategory`` when unlabelled and not ``UNASSIGNED``) as ``"LABEL: text"``, joined by
  one space; inline markup (``<i>``, ``<sup>``, MathML ...) keeps its text.
* Year: the earlier of the print date (``PubDate``: Year, Year+Season, or the first
  4-digit year of ``MedlineDate`` such as "1998 Dec-1999 Jan") and the electronic
  ``ArticleDate`` -- the date a reader could first see it, as PubMed's ``[dp]`` matches both.
* MeSH: descriptor names only (qualifiers dropped), the same shape as the demo corpus, so
  ``[mh]`` behaves identically on both sources.
* Retracted: PublicationType "Retracted Publication" or a ``CommentsCorrections`` with
  ``RefType="RetractionIn"`` (a retraction *notice* is not itself retracted).
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from typing import IO, Iterator
from xml.etree.ElementTree import Element

from defusedxml import ElementTree as SafeET

from .base import Record

_YEAR = re.compile(r"(1[5-9]\d\d|20\d\d)")
_SPACE = re.compile(r"\s+")
RETRACTED_TYPE = "retracted publication"


class PubMedXMLError(ValueError):
    """The document is not a PubmedArticleSet (or not XML at all)."""


@dataclass
class ParseStats:
    """What a parse saw besides the records it yielded."""

    articles: int = 0
    book_articles: int = 0
    deleted: list[str] = field(default_factory=list)


def text_of(elem: Element | None) -> str:
    """All text inside ``elem`` (inline markup kept as text), whitespace collapsed."""
    if elem is None:
        return ""
    return _SPACE.sub(" ", "".join(elem.itertext())).strip()


def _year_from(elem: Element | None) -> int | None:
    if elem is None:
        return None
    year = elem.findtext("Year")
    if year and year.strip().isdigit():
        return int(year.strip())
    medline = elem.findtext("MedlineDate")
    if medline:
        match = _YEAR.search(medline)
        if match:
            return int(match.group(1))
    return None


def publication_year(article: Element) -> int | None:
    """Earlier of the print (PubDate) and electronic (ArticleDate) years; None when neither is known."""
    years = [
        y
        for y in (
            _year_from(article.find("Journal/JournalIssue/PubDate")),
            *(_year_from(d) for d in article.findall("ArticleDate")),
        )
        if y is not None
    ]
    return min(years) if years else None


def abstract_text(article: Element) -> str:
    """Structured sections as "LABEL: text" joined by spaces; plain abstracts unchanged."""
    parts = []
    for section in article.findall("Abstract/AbstractText"):
        body = text_of(section)
        if not body:
            continue
        label = (section.get("Label") or "").strip()
        if not label:
            category = (section.get("NlmCategory") or "").strip()
            label = "" if category.upper() == "UNASSIGNED" else category
        parts.append(f"{label}: {body}" if label else body)
    return " ".join(parts)


def _authors(article: Element) -> list[str]:
    names = []
    for author in article.findall("AuthorList/Author"):
        collective = text_of(author.find("CollectiveName"))
        if collective:
            names.append(collective)
            continue
        last = text_of(author.find("LastName"))
        initials = text_of(author.find("Initials")) or text_of(author.find("ForeName"))
        if last:
            names.append(f"{initials} {last}".strip())
    return names


def _article_ids(pubmed_article: Element) -> dict[str, str]:
    ids: dict[str, str] = {}
    for aid in pubmed_article.findall("PubmedData/ArticleIdList/ArticleId"):
        kind = (aid.get("IdType") or "").lower()
        value = text_of(aid)
        if kind and value and kind not in ids:
            ids[kind] = value
    return ids


def parse_article(pubmed_article: Element) -> Record | None:
    """One ``PubmedArticle`` element to a Record (abstract may be empty); None without a PMID."""
    citation = pubmed_article.find("MedlineCitation")
    if citation is None:
        return None
    pmid = text_of(citation.find("PMID"))  # direct child only: CommentsCorrections hold other PMIDs
    if not pmid:
        return None
    article = citation.find("Article")
    if article is None:
        return Record(pmid=pmid, title="", abstract="")
    title = text_of(article.find("ArticleTitle")) or text_of(article.find("VernacularTitle"))
    journal_el = article.find("Journal")
    journal = ""
    if journal_el is not None:
        journal = text_of(journal_el.find("Title")) or text_of(journal_el.find("ISOAbbreviation"))
    journal = journal or text_of(citation.find("MedlineJournalInfo/MedlineTA"))
    pub_types = [text_of(pt) for pt in article.findall("PublicationTypeList/PublicationType") if text_of(pt)]
    mesh = [
        text_of(h.find("DescriptorName"))
        for h in citation.findall("MeshHeadingList/MeshHeading")
        if text_of(h.find("DescriptorName"))
    ]
    ids = _article_ids(pubmed_article)
    doi = ids.get("doi", "")
    if not doi:
        for loc in article.findall("ELocationID"):
            if (loc.get("EIdType") or "").lower() == "doi" and (loc.get("ValidYN") or "Y") == "Y":
                doi = text_of(loc)
                break
    retracted = any(t.lower() == RETRACTED_TYPE for t in pub_types) or any(
        (cc.get("RefType") or "") == "RetractionIn"
        for cc in citation.findall("CommentsCorrectionsList/CommentsCorrections")
    )
    return Record(
        pmid=pmid,
        title=title,
        abstract=abstract_text(article),
        year=publication_year(article),
        journal=journal,
        publication_types=pub_types,
        mesh=mesh,
        doi=doi,
        pmcid=ids.get("pmc", ""),
        retracted=retracted,
        authors=_authors(article),
    )


def iter_records(source: IO[bytes], stats: ParseStats | None = None) -> Iterator[Record]:
    """Stream Records from a PubmedArticleSet file object, freeing each article once parsed.

    Book articles are counted and skipped; ``DeleteCitation`` PMIDs are collected in ``stats``.
    """
    stats = stats if stats is not None else ParseStats()
    depth = 0
    root_tag = ""
    try:
        for event, elem in SafeET.iterparse(source, events=("start", "end")):
            if event == "start":
                root_tag = root_tag or elem.tag
                depth += 1
                continue
            depth -= 1
            if depth == 0 and root_tag != "PubmedArticleSet":
                raise PubMedXMLError(_unexpected_root(elem))  # read whole: error bodies are tiny
            if depth != 1 or root_tag != "PubmedArticleSet":
                continue
            if elem.tag == "PubmedArticle":
                stats.articles += 1
                record = parse_article(elem)
                elem.clear()
                if record is not None:
                    yield record
            elif elem.tag == "PubmedBookArticle":
                stats.book_articles += 1
                elem.clear()
            elif elem.tag == "DeleteCitation":
                stats.deleted.extend(text_of(p) for p in elem.findall("PMID"))
                elem.clear()
    except SafeET.ParseError as exc:
        raise PubMedXMLError(f"not well-formed XML ({exc})") from exc
    if not root_tag:
        raise PubMedXMLError("empty document")


def _unexpected_root(elem: Element) -> str:
    error = text_of(elem.find("ERROR")) if elem.tag != "ERROR" else text_of(elem)
    if error:
        return f"NCBI returned an error instead of articles: {error}"
    return f"expected <PubmedArticleSet>, got <{elem.tag}>"


def parse_pubmed_xml(data: bytes | str, stats: ParseStats | None = None) -> list[Record]:
    """Every record of an in-memory PubmedArticleSet (including those without abstracts)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return list(iter_records(io.BytesIO(raw), stats))
