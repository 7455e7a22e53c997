"""Notes on papers: list (all, per PMID, per search), create, edit, delete."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from .. import selectors, services
from .base import E401, E404, AccountsApi, error_response, invalid
from .serializers import NoteSerializer

TAGS = ["notes"]
_NOTE = {"id": 9, "pmid": "10526582", "search": None, "text": "Sumatriptan 100 mg arm; check the dropout rate.",
         "created_at": "2026-11-30T10:00:00Z", "updated_at": "2026-11-30T10:05:00Z"}
_E400 = error_response("Invalid input.", invalid("text", "The note is 10231 characters long; the limit is 10000."),
                       invalid("pmid", "A PMID is a number of 1 to 16 digits, such as 10526582."))


class NoteListApi(AccountsApi):
    class NoteCreateInputSerializer(serializers.Serializer):
        pmid = serializers.CharField(trim_whitespace=True)
        text = serializers.CharField(trim_whitespace=False, allow_blank=True, help_text="at most 10,000 characters")
        search = serializers.CharField(required=False, allow_null=True, default=None,
                                       help_text="optional: one of my searches; the note is deleted with it")

    @extend_schema(
        operation_id="notes_list", summary="My notes",
        parameters=[OpenApiParameter("pmid", OpenApiTypes.STR, description="only notes on this paper"),
                    OpenApiParameter("search", OpenApiTypes.UUID, description="only notes made in this search")],
        responses={200: NoteSerializer(many=True), 400: _E400, 401: E401, 404: E404("search")},
        examples=[OpenApiExample("Notes", response_only=True, value=[_NOTE])], tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        pmid = request.query_params.get("pmid")
        notes = selectors.note_list(user=request.user, pmid=services.clean_pmid(pmid) if pmid is not None else None,
                                    search_id=request.query_params.get("search"))
        return Response(NoteSerializer(notes, many=True).data)

    @extend_schema(operation_id="notes_create", summary="Write a note on a paper", request=NoteCreateInputSerializer,
                   responses={201: NoteSerializer, 400: _E400, 401: E401},
                   examples=[OpenApiExample("Note", request_only=True,
                                            value={"pmid": "10526582", "text": "Sumatriptan 100 mg arm; check the dropout rate."}),
                             OpenApiExample("Created", response_only=True, status_codes=["201"], value=_NOTE)],
                   tags=TAGS)
    def post(self, request: Request) -> Response:
        data = self.NoteCreateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        note = services.note_create(user=request.user, pmid=v["pmid"], text=v["text"], search_id=v["search"])
        return Response(NoteSerializer(note).data, status=status.HTTP_201_CREATED)


class NoteDetailApi(AccountsApi):
    class NoteUpdateInputSerializer(serializers.Serializer):
        text = serializers.CharField(trim_whitespace=False, allow_blank=True)

    @extend_schema(operation_id="notes_retrieve", summary="One of my notes",
                   responses={200: NoteSerializer, 401: E401, 404: E404("note")}, tags=TAGS)
    def get(self, request: Request, note_id: str) -> Response:
        return Response(NoteSerializer(selectors.note_get(user=request.user, note_id=note_id)).data)

    @extend_schema(operation_id="notes_update", summary="Edit a note", request=NoteUpdateInputSerializer,
                   responses={200: NoteSerializer, 400: _E400, 401: E401, 404: E404("note")},
                   examples=[OpenApiExample("Edit", request_only=True, value={"text": "Dropout 12%."})], tags=TAGS)
    def patch(self, request: Request, note_id: str) -> Response:
        data = self.NoteUpdateInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        note = services.note_update(user=request.user, note_id=note_id, text=data.validated_data["text"])
        return Response(NoteSerializer(note).data)

    @extend_schema(operation_id="notes_delete", summary="Delete a note",
                   responses={204: None, 401: E401, 404: E404("note")}, tags=TAGS)
    def delete(self, request: Request, note_id: str) -> Response:
        services.note_delete(user=request.user, note_id=note_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
