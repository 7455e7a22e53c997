"""Output serializers shared by several accounts endpoints (inputs live next to their views)."""
from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from search.models import Search


class UserSerializer(serializers.Serializer):
    authenticated = serializers.SerializerMethodField()
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField(allow_blank=True)
    date_joined = serializers.DateTimeField()

    def get_authenticated(self, obj) -> bool:
        return True


class HistoryItemSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    question = serializers.CharField()
    title = serializers.CharField(help_text="custom title; empty = show the question")
    display_title = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=Search.Status.choices)
    filters = serializers.DictField()
    folder = serializers.IntegerField(source="folder_id", allow_null=True, help_text="folder id; null = unfiled")
    position = serializers.IntegerField(source="folder_position", allow_null=True, help_text="order in its folder")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.SerializerMethodField(help_text="the result document")

    def get_display_title(self, obj) -> str:
        return obj.title or obj.question

    def get_url(self, obj) -> str:
        path = reverse("search-detail", args=[str(obj.id)])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


class FolderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.IntegerField()
    search_count = serializers.IntegerField(required=False)
    created_at = serializers.DateTimeField()


class FolderDetailSerializer(FolderSerializer):
    searches = HistoryItemSerializer(many=True, help_text="in folder order")


class NoteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    pmid = serializers.CharField()
    search = serializers.UUIDField(source="search_id", allow_null=True)
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
