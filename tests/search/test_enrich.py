"""The enrich stage: three sources in parallel, PostgreSQL cache, failures listed, never invented numbers."""
from __future__ import annotations

import json
from datetime import timedelta

import httpx
import pytest
import respx
from django.conf import settings as django_settings
from django.utils import timezone

from documents.models import PaperMetric
from documents.sources.base import Record
from search.pipeline.enrich import enrich
from medseba.outages import unreachable_since
from search.pipeline.state import Metrics, utc_timestamp
from tests.conftest import fixture_text

S2_BATCH = django_settings.MEDSEBA_S2_URL.rstrip("/") + "/paper/batch"

# PMIDs whose answers exist in the shared fixtures.
ICITE_LEGACY, ICITE_RCR = "23456789", "27599104"
S2_PNAS, S2_REVIEW = "25349395", "25666165"
IN_PMC_NOT_OA = "23193287"  # idconv → PMC3531190, OA says idIsNotOpenAccess
TGZ_ONLY = ("32162448", "PMC7906746")  # record carries its PMCID; OA record with a tgz only
WITH_PDF = ("11111111", "PMC0000001")  # OA record with a PDF link


def records() -> list[Record]:
    def rec(pmid: str, pmcid: str = "") -> Record:
        return Record(pmid=pmid, title=f"title {pmid}", abstract="abstract", pmcid=pmcid)

    return [
        rec(ICITE_LEGACY),
        rec(ICITE_RCR),
        rec(S2_PNAS),
        rec(S2_REVIEW),
        rec(IN_PMC_NOT_OA),
        rec(*TGZ_ONLY),
        rec(*WITH_PDF),
    ]


@pytest.fixture(autouse=True)
def _local_cache(settings):
    """A private cache so the 'source is down' marks of parallel test runs never meet."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "enrich-tests"}
    }
    settings.MEDSEBA_ENRICH_DEADLINE = 20.0
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def icite_answer(request: httpx.Request) -> httpx.Response:
    """iCite as it behaves: the fixtures' publications that were asked for; unknown PMIDs left out."""
    wanted = set(request.url.params["pmids"].split(","))
    data = []
    for name in ("pubs_23456789_27599104_legacy_2024.json", "pubs_32162448_default_2025.json"):
        data += [p for p in json.loads(fixture_text("icite", name))["data"] if str(p["pmid"]) in wanted]
    return httpx.Response(200, json={"data": data})


def s2_answer(request: httpx.Request) -> httpx.Response:
    """S2 batch as it behaves: one entry per requested id, aligned, null where unknown."""
    papers = [p for p in json.loads(fixture_text("semantic_scholar", "paper_batch_PMID_ids_CONSTRUCTED.json")) if p]
    by_pmid = {p["externalIds"]["PubMed"]: p for p in papers}
    ids = json.loads(request.content)["ids"]
    return httpx.Response(200, json=[by_pmid.get(i.removeprefix("PMID:")) for i in ids])


def idconv_answer(request: httpx.Request) -> httpx.Response:
    body = json.loads(fixture_text("pmc_idconv", "idconv_api_v1_articles_CONSTRUCTED.json"))
    wanted = request.url.params["ids"].split(",")
    known = [r for r in body["records"] if str(r.get("pmid")) in wanted]
    unknown = [p for p in wanted if p != "23193287"]
    missing = [{"requested-id": p, "status": "error", "errmsg": "Identifier not found in PMC"} for p in unknown]
    return httpx.Response(200, json={**body, "records": known + missing})


OA_FILES = {
    "PMC3531190": "oa_PMC8550608_idIsNotOpenAccess.xml",
    "PMC7906746": "oa_PMC7906746_tgz_record.xml",
    "PMC0000001": "oa_record_tgz_and_pdf_CONSTRUCTED.xml",
}


def oa_answer(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, text=fixture_text("pmc_oa", OA_FILES[request.url.params["id"]]))


def mock_all_services() -> dict[str, respx.Route]:
    return {
        "icite": respx.get(django_settings.MEDSEBA_ICITE_URL).mock(side_effect=icite_answer),
        "s2": respx.post(S2_BATCH).mock(side_effect=s2_answer),
        "idconv": respx.get(django_settings.MEDSEBA_PMC_IDCONV_URL).mock(side_effect=idconv_answer),
        "oa": respx.get(django_settings.MEDSEBA_PMC_OA_URL).mock(side_effect=oa_answer),
    }


def mock_network_down() -> list[respx.Route]:
    down = httpx.ConnectError("[Errno -2] Name or service not known")
    return [
        respx.get(django_settings.MEDSEBA_ICITE_URL).mock(side_effect=down),
        respx.post(S2_BATCH).mock(side_effect=down),
        respx.get(django_settings.MEDSEBA_PMC_IDCONV_URL).mock(side_effect=down),
        respx.get(django_settings.MEDSEBA_PMC_OA_URL).mock(side_effect=down),
    ]


@pytest.mark.django_db
@respx.mock
def test_all_sources_answer():
    routes = mock_all_services()
    metrics, failures = enrich(records())
    assert failures == []
    assert set(metrics) == {r.pmid for r in records()}

    legacy = metrics[ICITE_LEGACY]
    assert legacy.citation_count == 46 and legacy.relative_citation_ratio == 1.78 and legacy.is_clinical is False
    assert legacy.venue is None and legacy.tldr is None  # S2 answered null: unknown, not empty

    pnas = metrics[S2_PNAS]
    assert pnas.citation_count == 136  # iCite does not know it: Semantic Scholar's count
    assert pnas.relative_citation_ratio is None
    assert pnas.influential_citation_count == 4
    assert pnas.venue == "Proceedings of the National Academy of Sciences of the United States of America"
    assert pnas.tldr == "PLACEHOLDER tldr text (constructed)."
    assert pnas.full_text_url is None and pnas.pmcid is None  # not in PMC

    not_oa = metrics[IN_PMC_NOT_OA]
    assert not_oa.pmcid == "PMC3531190"
    assert not_oa.full_text_url == "https://pmc.ncbi.nlm.nih.gov/articles/PMC3531190/"

    tgz = metrics[TGZ_ONLY[0]]
    assert tgz.citation_count == 17 and tgz.is_clinical is True
    assert tgz.pmcid == "PMC7906746"
    assert tgz.full_text_url == "https://pmc.ncbi.nlm.nih.gov/articles/PMC7906746/"

    pdf = metrics[WITH_PDF[0]]
    assert pdf.full_text_url == "https://ftp.ncbi.nlm.nih.gov/pub/pmc/oa_pdf/00/00/example-1-1.PMC0000001.pdf"
    assert pdf.citation_count is None  # nobody knows this PMID's citations: None, never 0

    # Records that carry a PMCID skip the ID converter; the others go in one call.
    asked = routes["idconv"].calls.last.request.url.params["ids"].split(",")
    assert TGZ_ONLY[0] not in asked and WITH_PDF[0] not in asked and len(asked) == 5
    assert routes["oa"].call_count == 3
    assert routes["icite"].call_count == 1 and routes["s2"].call_count == 1

    rows = PaperMetric.objects.filter(paper_id__in=[r.pmid for r in records()])
    assert rows.count() == 3 * 7
    assert rows.get(paper_id=ICITE_LEGACY, source="semantic_scholar").found is False
    assert rows.get(paper_id=S2_PNAS, source="semantic_scholar").data["influential_citation_count"] == 4


@pytest.mark.django_db
@respx.mock
def test_fresh_cache_is_used_without_calls_and_stale_rows_are_refreshed(settings):
    routes = mock_all_services()
    first, _ = enrich(records())
    calls = {name: route.call_count for name, route in routes.items()}
    second, failures = enrich(records())
    assert failures == []
    assert second == first
    assert {name: route.call_count for name, route in routes.items()} == calls

    old = timezone.now() - timedelta(days=settings.MEDSEBA_METRICS_MAX_AGE_DAYS + 1)
    PaperMetric.objects.filter(paper_id=ICITE_LEGACY, source="icite").update(fetched_at=old)
    enrich(records())
    assert routes["icite"].call_count == calls["icite"] + 1
    assert routes["icite"].calls.last.request.url.params["pmids"] == ICITE_LEGACY
    assert routes["s2"].call_count == calls["s2"]


@pytest.mark.django_db
@respx.mock
def test_network_down_gives_none_and_three_failures():
    routes = mock_network_down()
    metrics, failures = enrich(records())
    assert {f.source for f in failures} == {"icite", "semantic_scholar", "pmc"}
    assert all(f.stage == "enrich" and "unreachable" in f.error for f in failures)
    assert all(m == Metrics() for m in metrics.values())
    assert PaperMetric.objects.count() == 0
    # Connection errors are not retried and the other OA look-ups are skipped once one failed.
    assert [r.call_count for r in routes] == [1, 1, 1, 1]


@pytest.mark.django_db
@respx.mock
def test_a_source_that_failed_is_not_asked_again_for_a_while():
    routes = mock_network_down()
    enrich(records())
    first_failed = {source: unreachable_since(source) for source in ("icite", "semantic_scholar", "pmc")}
    _, failures = enrich(records())
    assert [r.call_count for r in routes] == [1, 1, 1, 1]
    assert len(failures) == 3 and all("not asked" in f.error for f in failures)
    # Each says when the source really failed (the first search), as a time, never a relative "N s ago".
    assert all(f.at == utc_timestamp(first_failed[f.source]) and " ago" not in f.error for f in failures)


@pytest.mark.django_db
@respx.mock
def test_cached_metrics_survive_an_outage():
    mock_all_services()
    before, _ = enrich(records())
    respx.clear()
    mock_network_down()
    after, failures = enrich(records())
    assert failures == []  # nothing needed asking
    assert after == before


@pytest.mark.django_db
@respx.mock
def test_one_source_failing_leaves_the_others():
    routes = mock_all_services()
    routes["s2"].mock(
        side_effect=None,
        return_value=httpx.Response(403, text=fixture_text("semantic_scholar", "error_403_forbidden_bad_api_key.json")),
    )
    metrics, failures = enrich(records())
    assert [(f.source, "HTTP 403" in f.error) for f in failures] == [("semantic_scholar", True)]
    assert metrics[ICITE_LEGACY].citation_count == 46
    assert metrics[S2_PNAS].venue is None and metrics[S2_PNAS].citation_count is None
    assert not PaperMetric.objects.filter(source="semantic_scholar").exists()


@pytest.mark.django_db
@respx.mock
def test_rate_limited_source_gives_up_within_the_time_budget(settings):
    settings.MEDSEBA_ENRICH_DEADLINE = 5.0
    mock_all_services()
    respx.get(django_settings.MEDSEBA_ICITE_URL).mock(
        return_value=httpx.Response(
            429, text=fixture_text("ncbi_eutils", "error_429_rate_limit_exceeded.json"), headers={"Retry-After": "60"}
        )
    )
    metrics, failures = enrich(records())
    assert [f.source for f in failures] == ["icite"]
    assert "time budget" in failures[0].error
    assert metrics[ICITE_LEGACY].relative_citation_ratio is None
    assert metrics[S2_PNAS].venue is not None


@pytest.mark.django_db
@respx.mock
def test_partial_pmc_failure_keeps_what_was_answered():
    routes = mock_all_services()

    def flaky(request: httpx.Request) -> httpx.Response:
        if request.url.params["id"] == "PMC7906746":
            return httpx.Response(500, text="<html>Internal error</html>")
        return oa_answer(request)

    routes["oa"].mock(side_effect=flaky)
    metrics, failures = enrich(records())
    assert len(failures) == 1 and failures[0].source == "pmc"
    assert "1 of 3 OA look-ups failed" in failures[0].error
    assert metrics[TGZ_ONLY[0]].full_text_url is None
    assert metrics[WITH_PDF[0]].full_text_url.endswith(".pdf")
    assert not PaperMetric.objects.filter(paper_id=TGZ_ONLY[0], source="pmc").exists()


@pytest.mark.django_db
def test_no_records_no_work():
    assert enrich([]) == ({}, [])


@pytest.mark.django_db
def test_is_clinical_reaches_the_result_document_through_both_stores():
    """Every Metrics field survives the paper's document and the PostgreSQL snapshot (it used to be lost)."""
    from search.pipeline.state import METRIC_KEYS, Metrics, RankedPaper, SearchState
    from search.store import PostgresSearchStore

    from documents.sources.base import Record

    paper = RankedPaper(rank=1, record=Record(pmid="1", title="t", abstract="a"), similarity=0.5,
                        metrics=Metrics(citation_count=3, is_clinical=True, venue="V"))
    assert "is_clinical" in METRIC_KEYS
    assert RankedPaper.from_dict(paper.to_dict()).metrics == paper.metrics
    store = PostgresSearchStore()
    state = SearchState(question="q")
    store.create(state, fingerprint="f")
    state.papers = [paper]
    for stage in ("understand", "retrieve", "rerank"):
        state.progress = 0
        assert store.save_stage(state, stage=stage)
    assert store.document(state.id)["papers"][0]["is_clinical"] is True
