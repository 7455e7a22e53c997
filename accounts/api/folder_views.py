"""Folders: create, list, rename/reorder, delete (searches back to unfiled, or deleted with ?delete_searches=true)."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from .. import selectors, services
from .base import E401, E404, AccountsApi, error_response, invalid
from .serializers import FolderDetailSerializer, FolderSerializer

TAGS = ["folders"]
_FOLDER = {"id": 4, "name": "Migraine", "position": 0, "search_count": 3, "created_at": "2026-11-30T10:00:00Z"}
_E400 = error_response("Invalid input.", invalid("name", "You already have a folder named 'Migraine'."),
                       invalid("name", "The folder name is 130 characters long; the limit is 100."))


class FolderListApi(AccountsApi):
    class FolderCreateInputSerializer(serializers.Serializer):
        name = serializers.CharField(trim_whitespace=False, allow_blank=True, help_text="at most 100 characters, unique per user")
        position = serializers.IntegerField(required=False, min_value=0, help_text="default: last")

    @extend_schema(operation_id="folders_list", summary="My folders, in order",
                   responses={200: FolderSerializer(many=True), 401: E401},
                   examples=[OpenApiExample("Folders", response_only=True, value=[_FOLDER])], tags=TAGS)
    def get(self, request: Request) -> Response:
        return Response(FolderSerializer(selectors.folder_list(user=request.user), many=True).data)

    @extend_schema(operation_id="folders_create", summary="Create a folder", request=FolderCreateInputSerializer,
                   responses={201: FolderSerializer, 400: _E400, 401: E401},
                   examples=[OpenApiExample("Create", request_only=True, value={"name": "Migraine"}),
                             OpenApiExample("Created", response_only=True, status_codes=["201"],
                                            value={**_FOLDER, "search_count": 0})],
                   tags=TAGS)
    def post(self, request: Request) -> Response:
        data = self.FolderCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        folder = services.folder_create(user=request.user, **data.validated_data)
        folder.search_count = 0
        return Response(FolderSerializer(folder).data, status=status.HTTP_201_CREATED)


class FolderDetailApi(AccountsApi):
    class FolderUpdateInputSerializer(serializers.Serializer):
        name = serializers.CharField(required=False, trim_whitespace=False, allow_blank=True)
        position = serializers.IntegerField(required=False, min_value=0)

    @extend_schema(operation_id="folders_retrieve", summary="A folder with its searches in order",
                   responses={200: FolderDetailSerializer, 401: E401, 404: E404("folder")}, tags=TAGS)
    def get(self, request: Request, folder_id: str) -> Response:
        folder = selectors.folder_get(user=request.user, folder_id=folder_id)
        folder.searches = list(selectors.history_list(user=request.user, folder=str(folder.pk)))
        folder.search_count = len(folder.searches)
        return Response(FolderDetailSerializer(folder, context={"request": request}).data)

    @extend_schema(operation_id="folders_update", summary="Rename or reorder a folder", request=FolderUpdateInputSerializer,
                   responses={200: FolderSerializer, 400: _E400, 401: E401, 404: E404("folder")},
                   examples=[OpenApiExample("Rename", request_only=True, value={"name": "Headache"}),
                             OpenApiExample("Move first", request_only=True, value={"position": 0})],
                   tags=TAGS)
    def patch(self, request: Request, folder_id: str) -> Response:
        data = self.FolderUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        folder = services.folder_update(user=request.user, folder_id=folder_id, **data.validated_data)
        folder.search_count = folder.placements.count()
        return Response(FolderSerializer(folder).data)

    @extend_schema(
        operation_id="folders_delete", summary="Delete a folder",
        description="Its searches move back to the unfiled list, unless `?delete_searches=true` (hard-deletes them).",
        parameters=[OpenApiParameter("delete_searches", OpenApiTypes.BOOL, description="also delete its searches")],
        responses={204: None, 400: error_response("Bad flag.", invalid("delete_searches", "Use true or false.")),
                   401: E401, 404: E404("folder")},
        tags=TAGS,
    )
    def delete(self, request: Request, folder_id: str) -> Response:
        flag = serializers.BooleanField(required=False, default=False)
        raw = request.query_params.get("delete_searches")
        try:
            delete_searches = bool(flag.to_internal_value(raw)) if raw is not None else False
        except serializers.ValidationError as exc:
            raise serializers.ValidationError({"delete_searches": ["Use true or false."]}) from exc
        services.folder_delete(user=request.user, folder_id=folder_id, delete_searches=delete_searches)
        return Response(status=status.HTTP_204_NO_CONTENT)
