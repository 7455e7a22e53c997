"""Documents API: one paper's metadata and cached metrics, and its open-access PDF streamed from PMC."""
from __future__ import annotations

import logging

from django.conf import settings
from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from documents import selectors
from medseba.api.errors import ApiError
from medseba.api.serializers import ErrorSerializer
from medseba.api.throttling import READ_THROTTLES

logger = logging.getLogger(__name__)

NOT_OPEN_ACCESS = "not open access"
PMC_UNREACHABLE = "PMC unreachable"


def _check_pmid(pmid: str) -> None:
    if not pmid.isdigit() or len(pmid) > 16:
        raise ApiError(status_code=404, code="not_found", message=f"{pmid!r} is not a PMID (digits only).")


def _not_found(pmid: str) -> ApiError:
    return ApiError(status_code=404, code="not_found", message=f"No document with PMID {pmid} is stored here.")


_METRICS = inline_serializer(
    "DocumentMetrics",
    {
        "citation_count": serializers.IntegerField(allow_null=True, help_text="null = unavailable"),
        "relative_citation_ratio": serializers.FloatField(allow_null=True),
        "influential_citation_count": serializers.IntegerField(allow_null=True),
        "venue": serializers.CharField(allow_null=True),
        "tldr": serializers.CharField(allow_null=True),
        "is_clinical": serializers.BooleanField(allow_null=True, help_text="iCite: a clinical article; null = unavailable"),
    },
)
DOCUMENT = inline_serializer(
    "Document",
    {
        "pmid": serializers.CharField(),
        "title": serializers.CharField(),
        "abstract": serializers.CharField(),
        "year": serializers.IntegerField(allow_null=True),
        "journal": serializers.CharField(),
        "authors": serializers.ListField(child=serializers.CharField()),
        "publication_types": serializers.ListField(child=serializers.CharField()),
        "mesh": serializers.ListField(child=serializers.CharField()),
        "doi": serializers.CharField(),
        "pmcid": serializers.CharField(),
        "retracted": serializers.BooleanField(),
        "full_text_url": serializers.URLField(allow_null=True),
        "open_access": serializers.BooleanField(allow_null=True, help_text="null = not checked or PMC unavailable"),
        "pdf_available": serializers.BooleanField(allow_null=True),
        "metrics": _METRICS,
        "metric_sources": serializers.DictField(help_text="per source: found, fetched_at"),
    },
)


class DocumentDetailApi(APIView):
    throttle_classes = READ_THROTTLES

    @extend_schema(
        operation_id="documents_retrieve",
        summary="A paper's metadata, abstract, MeSH terms and cached metrics",
        responses={200: DOCUMENT, 404: OpenApiResponse(ErrorSerializer, description="Unknown PMID.")},
        examples=[
            OpenApiExample(
                "Paper without metrics",
                response_only=True,
                value={"pmid": "10526582", "title": "Sumatriptan nasal spray ...", "abstract": "...", "year": 1999,
                       "journal": "", "authors": [], "publication_types": [], "mesh": ["Migraine Disorders"],
                       "doi": "", "pmcid": "", "retracted": False, "full_text_url": None, "open_access": None,
                       "pdf_available": None,
                       "metrics": {"citation_count": None, "relative_citation_ratio": None,
                                   "influential_citation_count": None, "venue": None, "tldr": None,
                                   "is_clinical": None},
                       "metric_sources": {}},
            )
        ],
        tags=["documents"],
    )
    def get(self, request: Request, pmid: str) -> Response:
        _check_pmid(pmid)
        document = selectors.document_detail(pmid=pmid)
        if document is None:
            raise _not_found(pmid)
        return Response(document)


class FirstRenderer(BaseContentNegotiation):
    """The PDF endpoint answers errors in JSON whatever the client's Accept header asked for."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class DocumentPdfApi(APIView):
    throttle_classes = READ_THROTTLES
    content_negotiation_class = FirstRenderer

    @extend_schema(
        operation_id="documents_pdf",
        summary="The open-access PDF from PubMed Central, streamed through this server",
        description=(
            "Streams the PDF PMC's Open Access service points to (content type checked, at most "
            "MEDSEBA_PDF_MAX_BYTES). 404 with 'not open access' when PMC has no OA PDF; 503 when PMC "
            "cannot be reached; 502 when PMC sent something that is not a PDF or is too large."
        ),
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            404: OpenApiResponse(
                ErrorSerializer,
                examples=[OpenApiExample("Not OA", value={"error": {"code": "not_open_access",
                          "message": "not open access: PMID 10526582 has no copy in PubMed Central.", "fields": {}}})],
            ),
            502: OpenApiResponse(ErrorSerializer, description="PMC sent no PDF, or one over the size limit."),
            503: OpenApiResponse(
                ErrorSerializer,
                examples=[OpenApiExample("PMC down", value={"error": {"code": "pmc_unreachable",
                          "message": "PMC unreachable: connection refused. Please try again later.", "fields": {}}})],
            ),
        },
        tags=["documents"],
    )
    def get(self, request: Request, pmid: str):
        from documents.fulltext import NotAPdf, NotOpenAccess, PdfTooLarge, PmcUnreachable, open_access_pdf, stream_pdf

        _check_pmid(pmid)
        paper = selectors.paper_get(pmid=pmid)
        if paper is None:
            raise _not_found(pmid)
        pmcid = selectors.paper_pmcid(paper=paper, metrics=selectors.paper_metrics(pmid=pmid))
        if not pmcid:
            raise ApiError(status_code=404, code="not_open_access",
                           message=f"{NOT_OPEN_ACCESS}: PMID {pmid} has no copy in PubMed Central.")
        try:
            link = open_access_pdf(pmcid)
            if isinstance(link, NotOpenAccess):
                raise link
            stream = stream_pdf(link.url, max_bytes=settings.MEDSEBA_PDF_MAX_BYTES)
        except NotOpenAccess as exc:
            raise ApiError(status_code=404, code="not_open_access", message=f"{NOT_OPEN_ACCESS}: {exc.reason}.") from exc
        except PmcUnreachable as exc:
            raise ApiError(status_code=503, code="pmc_unreachable",
                           message=f"{PMC_UNREACHABLE}: {exc}. Please try again later.") from exc
        except PdfTooLarge as exc:
            raise ApiError(status_code=502, code="pdf_too_large", message=f"Cannot serve this PDF: {exc}.") from exc
        except NotAPdf as exc:
            raise ApiError(status_code=502, code="not_a_pdf", message=f"Cannot serve this PDF: {exc}.") from exc
        except ValueError as exc:  # a malformed PMCID or a link outside NCBI
            raise ApiError(status_code=502, code="bad_link", message=f"Cannot serve this PDF: {exc}.") from exc
        response = StreamingHttpResponse(stream.chunks(), content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{link.pmcid}.pdf"'
        if stream.content_length is not None:
            response["Content-Length"] = str(stream.content_length)
        return response
