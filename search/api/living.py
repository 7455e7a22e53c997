"""Living questions API (issue 15 §6), for account holders only:

* ``POST /api/searches/{id}/rerun/``: re-run my finished search (same question, filters, reading mode), linked to it;
* ``GET /api/searches/{id}/changes/``: what changed from the run it re-ran (new and gone studies, verdict, split);
* ``PUT /api/searches/{id}/schedule/``: re-run the question weekly or monthly (Celery beat), or stop (null).

Signed out: 401. Someone else's search, a search nobody owns, an anonymous one, an unknown id: 404 ``not_found``
(never "private" here: re-running is not reading, and nothing tells the caller the search exists).
"""
from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from medseba.api.errors import ApiError
from medseba.api.serializers import ErrorSerializer
from medseba.api.throttling import READ_THROTTLES
from search import living
from search.store import SearchNotFound

from .living_serializers import ChangesSerializer, LivingScheduleInputSerializer, LivingScheduleOutputSerializer
from .serializers import SearchCreatedSerializer
from .throttling import SEARCH_THROTTLES

TAGS = ["living"]
NOT_SIGNED_IN = "Sign in to re-run a search: only searches kept in your history can be re-run."
NOT_FOUND = "No search of yours with this id."
_E401 = OpenApiResponse(ErrorSerializer, description="Not signed in (code `not_authenticated`).")
_E404 = OpenApiResponse(ErrorSerializer, description="No search of yours with this id (also someone else's, or an "
                                                     "anonymous one: those are never re-run).")
_E429 = OpenApiResponse(ErrorSerializer, description="Too many requests; see the Retry-After header.")


class LivingApi(APIView):
    """Maps search/living.py's exceptions to the API's one error shape."""

    def handle_exception(self, exc: Exception):
        if isinstance(exc, living.NotSignedIn):
            exc = ApiError(status_code=401, code="not_authenticated", message=NOT_SIGNED_IN)
        elif isinstance(exc, living.NoEarlierRun):
            exc = ApiError(status_code=404, code="no_earlier_run",
                           message="This search is a first run: there is no earlier run to compare it with.")
        elif isinstance(exc, SearchNotFound):
            exc = ApiError(status_code=404, code="not_found", message=NOT_FOUND)
        elif isinstance(exc, living.RunNotFinished):
            exc = ApiError(status_code=409, code="not_ready", message="This search is still running; try when it has finished.")
        return super().handle_exception(exc)


class SearchRerunApi(LivingApi):
    throttle_classes = SEARCH_THROTTLES

    @extend_schema(
        operation_id="searches_rerun",
        summary="Re-run one of my searches",
        description=(
            "Starts a new search with the same question, filters and reading mode, linked to this one "
            "(`living.rerun_of` in its document). It searches afresh (the result cache is not used). While a "
            "re-run of this search is still going, that one is returned instead of starting another."
        ),
        request=None,
        responses={202: SearchCreatedSerializer, 401: _E401, 404: _E404,
                   409: OpenApiResponse(ErrorSerializer, description="This search has not finished yet."), 429: _E429},
        examples=[OpenApiExample(
            "Accepted", response_only=True, status_codes=["202"],
            value={"id": "7d1e0f7a-3a55-4b8e-9a51-0c6d2f1b9e21",
                   "url": "http://localhost:8000/api/searches/7d1e0f7a-3a55-4b8e-9a51-0c6d2f1b9e21/",
                   "status": "queued", "anonymous": False, "cached": False},
        )],
        tags=TAGS,
    )
    def post(self, request: Request, search_id: str) -> Response:
        rerun = living.search_rerun(search_id=search_id, user=request.user)
        url = request.build_absolute_uri(reverse("search-detail", args=[str(rerun.search.id)]))
        body = SearchCreatedSerializer({"id": str(rerun.search.id), "url": url, "status": rerun.search.status,
                                        "anonymous": False, "cached": False}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": url})


class SearchChangesApi(LivingApi):
    throttle_classes = READ_THROTTLES

    @extend_schema(
        operation_id="searches_changes",
        summary="What changed since the run this search re-ran",
        description=(
            "Studies new in this run and gone from the earlier one (matched by PMID), studies in both whose stance "
            "changed or that were retracted since, and both runs' verdict (`answer.verdict`) and stance split."
        ),
        responses={200: ChangesSerializer, 401: _E401,
                   404: OpenApiResponse(ErrorSerializer, description="Not my search (`not_found`), or a first run "
                                                                     "with nothing to compare (`no_earlier_run`)."),
                   409: OpenApiResponse(ErrorSerializer, description="This re-run has not finished yet.")},
        tags=TAGS,
    )
    def get(self, request: Request, search_id: str) -> Response:
        return Response(ChangesSerializer(living.search_changes(search_id=search_id, user=request.user)).data)


class SearchScheduleApi(LivingApi):
    throttle_classes = READ_THROTTLES

    @extend_schema(
        operation_id="searches_schedule",
        summary="Re-run this question weekly or monthly, or stop",
        description=(
            "Off unless set. The schedule belongs to the question (with its filters), whichever of its runs it is "
            "set on; when due, Celery beat re-runs the newest run. `every: null` turns it off."
        ),
        request=LivingScheduleInputSerializer,
        responses={200: LivingScheduleOutputSerializer, 400: OpenApiResponse(ErrorSerializer, description="Invalid input."),
                   401: _E401, 404: _E404},
        examples=[OpenApiExample("Weekly", request_only=True, value={"every": "weekly"})],
        tags=TAGS,
    )
    def put(self, request: Request, search_id: str) -> Response:
        data = LivingScheduleInputSerializer(data=request.data)
        if not (request.user and request.user.is_authenticated):
            raise living.NotSignedIn()  # before validating: a signed-out caller learns nothing else
        data.is_valid(raise_exception=True)
        schedule = living.living_schedule_set(search_id=search_id, user=request.user, every=data.validated_data["every"])
        body = {"schedule": {"every": schedule.every, "next_run_at": schedule.next_run_at} if schedule else None}
        return Response(LivingScheduleOutputSerializer(body).data)
