"""History: the signed-in user's searches — list, rename, move between folders, delete one or all."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response

from .. import selectors, services
from .base import E401, E404, AccountsApi, error_response, invalid
from .serializers import HistoryItemSerializer

TAGS = ["history"]
_ITEM = {"id": "3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10", "question": "Do triptans relieve migraine?",
         "title": "Triptans", "display_title": "Triptans", "status": "done",
         "filters": {"from_year": None, "to_year": None, "publication_types": []}, "folder": 4, "position": 0,
         "created_at": "2026-11-30T10:00:00Z", "finished_at": "2026-11-30T10:00:41Z",
         "url": "http://localhost:8000/api/searches/3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10/"}


class HistoryPagination(LimitOffsetPagination):
    default_limit = 50
    max_limit = 500


class HistoryListApi(AccountsApi):
    # Declared on the view so drf-spectacular documents the page ({count, next, previous, results}) it returns.
    pagination_class = HistoryPagination

    @extend_schema(
        operation_id="history_list", summary="My searches",
        description="Newest first; `?folder=<id>` lists one folder in its order, `?folder=unfiled` the searches in no folder.",
        parameters=[OpenApiParameter("folder", OpenApiTypes.STR, description="folder id or `unfiled`"),
                    OpenApiParameter("limit", OpenApiTypes.INT,
                                     description=f"page size, default {HistoryPagination.default_limit}, "
                                                 f"at most {HistoryPagination.max_limit}"),
                    OpenApiParameter("offset", OpenApiTypes.INT)],
        responses={200: HistoryItemSerializer(many=True), 401: E401, 404: E404("folder")},
        # One item; drf-spectacular wraps it in a list and the paginator's {count, next, previous, results}.
        examples=[OpenApiExample("Page", response_only=True, value=_ITEM)],
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        qs = selectors.history_list(user=request.user, folder=request.query_params.get("folder"))
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response(HistoryItemSerializer(page, many=True, context={"request": request}).data)

    @extend_schema(
        operation_id="history_delete_all", summary="Delete my whole history",
        description="Hard-deletes every search of mine with its result and the notes tied to it. Folders stay, empty.",
        responses={200: inline_serializer("HistoryDeleted", {"deleted": serializers.IntegerField()}), 401: E401},
        examples=[OpenApiExample("Deleted", response_only=True, value={"deleted": 12})],
        tags=TAGS,
    )
    def delete(self, request: Request) -> Response:
        return Response({"deleted": services.history_delete_all(user=request.user)})


class HistoryDetailApi(AccountsApi):
    class HistoryUpdateInputSerializer(serializers.Serializer):
        title = serializers.CharField(required=False, allow_blank=True, allow_null=True, trim_whitespace=False,
                                      help_text="at most 200 characters; empty = show the question")
        folder = serializers.IntegerField(required=False, allow_null=True, help_text="folder id; null = unfiled")
        position = serializers.IntegerField(required=False, min_value=0, help_text="0-based order in the folder")

    @extend_schema(operation_id="history_retrieve", summary="One of my searches",
                   responses={200: HistoryItemSerializer, 401: E401, 404: E404("search")}, tags=TAGS)
    def get(self, request: Request, search_id: str) -> Response:
        search = selectors.history_get(user=request.user, search_id=search_id)
        return Response(HistoryItemSerializer(search, context={"request": request}).data)

    @extend_schema(
        operation_id="history_update", summary="Rename or move one of my searches",
        description="Any of `title`, `folder` (null = unfiled) and `position` (within the folder; default: the end).",
        request=HistoryUpdateInputSerializer,
        responses={200: HistoryItemSerializer,
                   400: error_response("Invalid input.", invalid("title", "The title is 230 characters long; the limit is 200."),
                                       invalid("folder", "No folder with this id.")),
                   401: E401, 404: E404("search")},
        examples=[OpenApiExample("Rename", request_only=True, value={"title": "Triptans"}),
                  OpenApiExample("Move to the top of a folder", request_only=True, value={"folder": 4, "position": 0}),
                  OpenApiExample("Unfile", request_only=True, value={"folder": None}),
                  OpenApiExample("Updated", response_only=True, value=_ITEM)],
        tags=TAGS,
    )
    def patch(self, request: Request, search_id: str) -> Response:
        data = self.HistoryUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        changes = {k: v[k] for k in ("title", "position") if k in v}
        if "folder" in v:
            changes["folder_id"] = v["folder"]
        search = services.history_update(user=request.user, search_id=search_id, **changes)
        return Response(HistoryItemSerializer(search, context={"request": request}).data)

    @extend_schema(operation_id="history_delete", summary="Delete one of my searches",
                   description="Hard delete: the question, the result and the notes tied to it are gone.",
                   responses={204: None, 401: E401, 404: E404("search")}, tags=TAGS)
    def delete(self, request: Request, search_id: str) -> Response:
        services.history_delete(user=request.user, search_id=search_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
