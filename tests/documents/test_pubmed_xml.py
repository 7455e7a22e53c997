"""The PubmedArticleSet parser against real efetch bodies."""
from __future__ import annotations

import html
import re

import pytest

from documents.sources.pubmed_xml import ParseStats, PubMedXMLError, parse_pubmed_xml
from tests.conftest import fixture_bytes, fixture_text


def one(name: str):
    records = parse_pubmed_xml(fixture_bytes("ncbi_eutils", name))
    assert len(records) == 1
    return records[0]


def test_full_parse_of_100_asthma_articles():
    stats = ParseStats()
    records = parse_pubmed_xml(fixture_bytes("ncbi_eutils", "efetch_pubmed_asthma_100articles.xml"), stats)
    assert stats.articles == 100
    assert len(records) == 100
    assert len({r.pmid for r in records}) == 100
    assert all(r.pmid.isdigit() and r.title and r.journal for r in records)
    years = {r.pmid: r.year for r in records}
    assert years.pop("31121340") == 2018  # PubDate 2018 Nov 16
    assert set(years.values()) == {2019}
    # 203 labelled AbstractText elements in the file: every label survives as "LABEL: ".
    raw = fixture_text("ncbi_eutils", "efetch_pubmed_asthma_100articles.xml")
    labels = [html.unescape(x) for x in re.findall(r'<AbstractText Label="([^"]+)"', raw)]
    assert len(labels) == 203
    joined = " ".join(r.abstract for r in records)
    assert sum(joined.count(f"{label}: ") >= 1 for label in set(labels)) == len(set(labels))
    assert not any("<i>" in r.abstract or "<sup>" in r.abstract for r in records)
    by_pmid = {r.pmid: r for r in records}
    assert by_pmid["31121636"].abstract.startswith("OBJECTIVE: To identify and validate")
    assert "STUDY DESIGN: " in by_pmid["31121636"].abstract
    assert by_pmid["31121636"].doi == "10.1055/s-0039-1688997"
    assert any("FINNAKI Study Group" in r.authors for r in records)  # CollectiveName authors


def test_medline_date_gives_its_first_year():
    records = {r.pmid: r for r in parse_pubmed_xml(fixture_bytes("ncbi_eutils", "efetch_pubmed_asthma_excerpt7.xml"))}
    assert "<MedlineDate>2019 May/Jun</MedlineDate>" in fixture_text("ncbi_eutils", "efetch_pubmed_asthma_excerpt7.xml")
    assert records["31120845"].year == 2019


def test_structured_abstract_with_inline_markup():
    record = one("efetch_pubmed_structured_abstract_inline_markup.xml")
    assert record.pmid == "27797938"
    assert record.abstract.startswith("OBJECTIVE: Telomere shortening occurs")
    assert "transcriptase (TERT) gene region" in record.abstract  # <i>TERT</i> kept as text
    for label in ("DESIGN: ", "RESULTS: ", "CONCLUSIONS: "):
        assert label in record.abstract
    assert record.pmcid == "PMC5442267"
    assert record.doi == "10.1136/gutjnl-2016-312510"
    assert record.year == 2016  # ArticleDate 2016 is earlier than PubDate 2017


def test_article_date_earlier_than_pub_date_and_reference_pmids_ignored():
    record = one("efetch_pubmed_single_38909159.xml")
    assert record.pmid == "38909159"  # ReferenceList PMIDs are not the record's
    assert record.year == 2024  # e-pub 2024, print 2025
    assert record.publication_types == ["Journal Article", "Systematic Review"]
    assert record.abstract.startswith("BACKGROUND: The present study aims")
    assert "IMPACT: The myocardium" in record.abstract


def test_season_dates_and_mesh_without_qualifiers():
    record = one("efetch_pubmed_single_35830032.xml")
    assert record.year == 2022  # <Year>2022</Year><Season>Apr-Jun</Season>
    assert "Proton Pump Inhibitors" in record.mesh
    assert not any("/" in m for m in record.mesh)
    assert {"Meta-Analysis", "Review"} <= set(record.publication_types)
    spring = {r.pmid: r for r in parse_pubmed_xml(fixture_bytes("ncbi_eutils", "efetch_pubmed_abstract_2articles.xml"))}
    assert spring["12091962"].year == 1990  # <Season>Spring</Season>
    assert spring["12091962"].abstract == ""  # no abstract: kept by the parser, skipped by callers


def test_unassigned_sections_keep_their_labels_and_entities_decode():
    record = one("efetch_pubmed_single_38534005.xml")
    assert "MEDICAL NEEDS AND TEST REQUISITION: Strategies" in record.abstract
    assert "\u03b11-microglobulin" in record.abstract  # &#945;
    assert "UNASSIGNED" not in record.abstract


def _retract(xml: str, pub_type: str | None = None, comment: str | None = None) -> bytes:
    if pub_type:
        xml = xml.replace(
            '<PublicationType UI="D016428">Journal Article</PublicationType>',
            '<PublicationType UI="D016428">Journal Article</PublicationType>'
            f"<PublicationType>{pub_type}</PublicationType>",
        )
    if comment:
        xml = xml.replace("<MeshHeadingList>", f"{comment}<MeshHeadingList>", 1)
    return xml.encode()


def test_retraction_status():
    # Variants of a real record (no real retracted body is in the fixtures).
    base = fixture_text("ncbi_eutils", "efetch_pubmed_single_35830032.xml")
    assert parse_pubmed_xml(base)[0].retracted is False
    assert parse_pubmed_xml(_retract(base, pub_type="Retracted Publication"))[0].retracted is True
    notice = (
        '<CommentsCorrectionsList><CommentsCorrections RefType="RetractionIn"><RefSource>X</RefSource>'
        '<PMID Version="1">1</PMID></CommentsCorrections></CommentsCorrectionsList>'
    )
    record = parse_pubmed_xml(_retract(base, comment=notice))[0]
    assert record.retracted is True and record.pmid == "35830032"
    assert parse_pubmed_xml(_retract(base, pub_type="Retraction of Publication"))[0].retracted is False


def test_error_document_and_garbage_raise():
    with pytest.raises(PubMedXMLError, match="Neither query_key nor id specified"):
        parse_pubmed_xml(fixture_bytes("ncbi_eutils", "esummary_error_no_id.xml"))
    with pytest.raises(PubMedXMLError, match="not well-formed"):
        parse_pubmed_xml(b"<PubmedArticleSet><PubmedArticle>")
    with pytest.raises(PubMedXMLError, match="eSearchResult"):
        parse_pubmed_xml(fixture_bytes("ncbi_eutils", "esearch_pubmed_biopython.xml"))


def test_authors_are_parsed_in_order_initials_first_with_groups_whole():
    record = one("efetch_pubmed_single_38534005.xml")
    assert record.authors == [
        "TT Kouri", "W Hofmann", "R Falbo", "M Oyaert", "S Schubert", "JB Gertsen", "A Merens", "M Pestel-Caron",
        "Task and Finish Group for Urinalysis (TFG-U), European Federation of Clinical Chemistry and Laboratory "
        "Medicine (EFLM)",
    ]
    raw = fixture_text("ncbi_eutils", "efetch_pubmed_asthma_100articles.xml")
    records = parse_pubmed_xml(fixture_bytes("ncbi_eutils", "efetch_pubmed_asthma_100articles.xml"))
    # every named person or group in the file is kept (no author dropped, none invented)
    people = len(re.findall(r"<Author\b[^>]*>\s*<LastName>", raw)) + len(re.findall(r"<CollectiveName>", raw))
    assert sum(len(r.authors) for r in records) == people
