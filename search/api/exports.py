"""``GET /api/searches/{id}/export?format=ris|bibtex|csv|json``: download a result's studies or its document.

The same access rules as reading the result (``views.readable_document``): anonymous results while they live,
a signed-in user's own searches, never someone else's (404). A result still running answers 409: its stance,
quotes and weights are not all there yet.
"""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.views import APIView

from medseba.api.errors import ApiError
from medseba.api.serializers import ErrorSerializer
from medseba.api.throttling import READ_THROTTLES
from search import selectors
from search.exports import FORMATS, export_filename

from .views import readable_document

FINISHED = ("done", "failed")


class JsonErrorsNegotiation(BaseContentNegotiation):
    """``format`` names the export here, not a DRF renderer: errors are always JSON, files are plain responses."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return JSONRenderer(), JSONRenderer.media_type


class SearchExportApi(APIView):
    throttle_classes = READ_THROTTLES
    content_negotiation_class = JsonErrorsNegotiation

    @extend_schema(
        operation_id="searches_export",
        summary="Download a result: studies as RIS / BibTeX / CSV, or the whole document as JSON",
        description=(
            "RIS and BibTeX import into Zotero, EndNote and Mendeley; each record's note carries MedSEBA's "
            "reading of the study (stance with strength, design, n, addresses, evidence weight, quoted sentence). "
            "CSV: one row per study, the paper's fields flattened plus authors and evidence weight. JSON: the "
            "result document with its provenance. Same access as reading the result."
        ),
        parameters=[OpenApiParameter("format", str, enum=list(FORMATS), required=True, description="file format")],
        responses={
            (200, "application/x-research-info-systems"): OpenApiTypes.STR,
            (200, "application/x-bibtex"): OpenApiTypes.STR,
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            400: OpenApiResponse(ErrorSerializer, description="Unknown format."),
            404: OpenApiResponse(ErrorSerializer, description="No such search, or someone else's."),
            409: OpenApiResponse(ErrorSerializer, description="The search has not finished yet."),
            410: OpenApiResponse(ErrorSerializer, description="The anonymous result has expired."),
        },
        tags=["searches"],
    )
    def get(self, request: Request, search_id: str) -> HttpResponse:
        name = request.query_params.get("format", "")
        fmt = FORMATS.get(name)
        if fmt is None:
            message = f"format must be one of {', '.join(FORMATS)}."
            raise ApiError(status_code=400, code="invalid", message=message, fields={"format": [message]})
        document = readable_document(request, search_id)
        if document.get("status") not in FINISHED:
            raise ApiError(status_code=409, code="not_ready",
                           message="This search is still running; export it when it has finished.")
        # Papers carry their authors; only a document saved before they did needs the stored records'.
        older = [p["pmid"] for p in document.get("papers") or [] if "authors" not in p]
        authors = selectors.paper_authors(pmids=older) if older else {}
        body = fmt.render(document, authors)
        response = HttpResponse(body.encode("utf-8"), content_type=f"{fmt.media_type}; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{export_filename(document, fmt.extension)}"'
        response["Cache-Control"] = "no-store"  # private or anonymous data: never kept by a shared cache
        return response
