"""Searches API: start a search, read its result document as it fills in."""
from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from redis.exceptions import RedisError
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from documents.sources.base import Filters
from medseba.api.errors import ApiError
from medseba.api.serializers import ErrorSerializer
from medseba.api.throttling import READ_THROTTLES
from search import anonymous_loss, heartbeat, progress, selectors, services
from search.reading_mode import document_in_mode, resolve_mode
from search.store import SearchExpired, SearchNotFound, search_ref

from .serializers import (
    ProgressQuerySerializer,
    SearchCreatedSerializer,
    SearchCreateInputSerializer,
    SearchDocumentSerializer,
)
from .throttling import SEARCH_THROTTLES, SearchProgressThrottle

EXPIRED_MESSAGE = "this anonymous result has expired"
PRIVATE_MESSAGE = "This search is private to its owner."

_ERROR_400 = OpenApiResponse(
    ErrorSerializer,
    description="Invalid input; `fields` says which and why.",
    examples=[
        OpenApiExample(
            "Years reversed",
            value={"error": {"code": "invalid", "message": "from_year (2020) is after to_year (2010).",
                             "fields": {"from_year": ["from_year (2020) is after to_year (2010)."]}}},
        )
    ],
)
_ERROR_429 = OpenApiResponse(ErrorSerializer, description="Too many requests; see the Retry-After header.")


class SearchCreateApi(APIView):
    throttle_classes = SEARCH_THROTTLES

    @extend_schema(
        operation_id="searches_create",
        summary="Start a search",
        description=(
            "Validates the question and filters, then runs the pipeline in the background. Poll the returned "
            "`url`. A signed-in user's own identical question with identical filters finished within "
            "MEDSEBA_RESULT_TTL is reused (`cached: true`); the result cache is per owner, so nobody learns what "
            "others asked. `anonymous: true` keeps everything in Redis for MEDSEBA_ANONYMOUS_TTL seconds "
            "and nothing in the database."
        ),
        request=SearchCreateInputSerializer,
        responses={202: SearchCreatedSerializer, 400: _ERROR_400, 429: _ERROR_429},
        examples=[
            OpenApiExample(
                "Question with filters",
                request_only=True,
                value={"question": "Do ACE inhibitors reduce mortality in heart failure?",
                       "filters": {"from_year": 1990, "to_year": 2005, "publication_types": ["Randomized Controlled Trial"]},
                       "anonymous": False},
            ),
            OpenApiExample(
                "Accepted",
                response_only=True,
                status_codes=["202"],
                value={"id": "3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10",
                       "url": "http://localhost:8000/api/searches/3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10/",
                       "status": "queued", "anonymous": False, "cached": False},
            ),
        ],
        tags=["searches"],
    )
    def post(self, request: Request) -> Response:
        data = SearchCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        submitted = services.search_submit(
            question=v["question"],
            filters=Filters(**v["filters"]),
            anonymous=v["anonymous"],
            owner=request.user,
            mode=resolve_mode(requested=v.get("mode"), user=request.user),
        )
        url = request.build_absolute_uri(reverse("search-detail", args=[submitted.id]))
        body = SearchCreatedSerializer(
            {"id": submitted.id, "url": url, "status": submitted.status, "anonymous": submitted.anonymous,
             "cached": submitted.cached}
        ).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})


class SearchDetailApi(APIView):
    throttle_classes = READ_THROTTLES

    def get_throttles(self):
        """A search's own progress is not a read: while it runs it counts per search (search/progress.py)."""
        if not self.throttle_classes:
            return []  # throttling switched off for this view (the service benchmark does)
        following = False
        if self.request.method in ("GET", "HEAD"):
            try:
                following = progress.is_unfinished_for(search_id=self.kwargs.get("search_id", ""), user=self.request.user)
            except RedisError:
                pass  # the read below answers 503
        return [SearchProgressThrottle()] if following else super().get_throttles()

    @extend_schema(
        operation_id="searches_retrieve",
        summary="Read a search's result document",
        description=(
            "Whatever is ready: status queued|running|done|failed, stage and progress (0-100); the 20 papers "
            "appear when rerank has finished, then metrics, stance, best sentence, answer and charts. A search "
            "without progress for MEDSEBA_STUCK_AFTER seconds is ended as failed. An expired anonymous "
            "search answers 410.\n\nFollow a search by long-polling: send back the `version` of the last "
            "document as `?version=N`; while the search runs and nothing changed the answer waits up to "
            "MEDSEBA_PROGRESS_WAIT seconds (25) and comes the moment something does. It may come at once with "
            "the same version (the server is busy): wait a moment before asking again. Reads of a running "
            "search count per search (MEDSEBA_THROTTLE_PROGRESS), not against the read throttle."
        ),
        parameters=[
            OpenApiParameter(
                "version", OpenApiTypes.INT, required=False,
                description="the `version` of the document you have: wait until the document differs from it",
            ),
            OpenApiParameter(
                "mode", OpenApiTypes.STR, required=False, enum=["lay", "clinician"],
                description="reading mode of `answer.modes`; without it the reader's remembered mode (lay by default)",
            ),
        ],
        responses={
            200: SearchDocumentSerializer,
            400: OpenApiResponse(ErrorSerializer, description="`version` is not a whole number >= 0, or `mode` is not lay or clinician."),
            404: OpenApiResponse(ErrorSerializer, description="No such search (code `not_found`), or someone else's (code `private`)."),
            410: OpenApiResponse(
                ErrorSerializer,
                description="The anonymous result has expired (code `expired`), or was lost when the service "
                            "restarted (code `lost`: anonymous searches are kept only in memory).",
                examples=[
                    OpenApiExample("Expired", value={"error": {"code": "expired", "message": EXPIRED_MESSAGE, "fields": {}}}),
                    OpenApiExample("Lost", value={"error": {"code": "lost", "message": anonymous_loss.LOST_MESSAGE,
                                                            "fields": {}}}),
                ],
            ),
            429: _ERROR_429,
            503: OpenApiResponse(ErrorSerializer, description="Redis is restarting; try again in a moment."),
        },
        examples=[
            OpenApiExample(
                "Papers ready, stance pending",
                response_only=True,
                status_codes=["200"],
                value={"id": "3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10", "question": "Do triptans relieve migraine?",
                       "status": "running", "stage": "rerank", "progress": 50,
                       "filters": {"from_year": None, "to_year": None, "publication_types": []},
                       "papers": [{"rank": 1, "pmid": "10526582", "title": "...", "similarity": 0.71,
                                   "citation_count": None, "stance": None, "best_sentence": None}],
                       "answer": None, "charts": None, "failures": [], "timings_ms": {"understand": 120}},
            )
        ],
        tags=["searches"],
    )
    def get(self, request: Request, search_id: str) -> Response:
        query = ProgressQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        known = query.validated_data.get("version")
        document = readable_document(request, search_id)
        if (progress.should_wait(document, known) and progress.server_can_wait(request.META)
                and progress.wait_for_change(search_id=search_id, version=known)):
            document = readable_document(request, search_id)
        document["version"] = progress.document_version(document)
        document["service"] = heartbeat.service_status()  # workers_alive false: "searches are paused ..."
        mode = resolve_mode(requested=query.validated_data.get("mode"), user=request.user)
        return Response(document_in_mode(document, mode))


def readable_document(request: Request, search_id: str) -> dict:
    """The document ``request.user`` may read, or the API error saying why not (one rule for every reader:
    the result and its exports)."""
    try:
        document = selectors.search_document(search_id=search_id, user=request.user)
        if services.search_fail_if_stuck(ref=search_ref(search_id), document=document):
            document = selectors.search_document(search_id=search_id, user=request.user)
    except SearchExpired as exc:
        if anonymous_loss.lost_in_restart(search_ref(search_id)):  # not expired: a Redis restart took it
            raise ApiError(status_code=410, code="lost", message=anonymous_loss.LOST_MESSAGE) from exc
        raise ApiError(status_code=410, code="expired", message=EXPIRED_MESSAGE) from exc
    except selectors.SearchPrivate as exc:
        # Still 404 (nothing of the search is revealed), but its holder learns it was not deleted.
        raise ApiError(status_code=404, code="private", message=PRIVATE_MESSAGE) from exc
    except SearchNotFound as exc:
        raise ApiError(status_code=404, code="not_found", message="No search with this id.") from exc
    except RedisError as exc:  # Redis (anonymous results, broker) restarting: a moment, not a 500
        raise ApiError(status_code=503, code="unavailable", message=heartbeat.RESTARTING_MESSAGE) from exc
    return document
