"""Top topics: the concepts the signed-in user searches most, for a chart."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from .. import selectors
from .base import E401, AccountsApi, error_response, invalid


class TopicSearchSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    title = serializers.CharField(help_text="custom title, else the question")
    created_at = serializers.DateTimeField()


class TopicSerializer(serializers.Serializer):
    topic = serializers.CharField(help_text="MeSH heading when the concept was linked to MeSH, else its text")
    mesh_id = serializers.CharField(allow_null=True)
    count = serializers.IntegerField(help_text="how many of my searches name it")
    searches = TopicSearchSerializer(many=True, help_text="newest first")


class TopicListApi(AccountsApi):
    class TopicsFilterSerializer(serializers.Serializer):
        limit = serializers.IntegerField(required=False, default=10, min_value=1, max_value=50)

    @extend_schema(
        operation_id="accounts_topics", summary="My most searched topics",
        description="Concepts from query understanding, counted once per search; most searched first.",
        parameters=[OpenApiParameter("limit", OpenApiTypes.INT, description="1-50, default 10")],
        responses={200: TopicSerializer(many=True), 400: error_response("Bad limit.", invalid("limit", "Ensure this value is less than or equal to 50.")), 401: E401},
        examples=[OpenApiExample("Topics", response_only=True, value=[
            {"topic": "Migraine Disorders", "mesh_id": "D008881", "count": 3,
             "searches": [{"id": "3f0c8a52-8a0e-4d55-9d8c-2b1f1e7c9a10", "title": "Do triptans relieve migraine?",
                           "created_at": "2026-11-30T10:00:00Z"}]}])],
        tags=["accounts"],
    )
    def get(self, request: Request) -> Response:
        params = self.TopicsFilterSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        topics = selectors.topic_counts(user=request.user, limit=params.validated_data["limit"])
        return Response(TopicSerializer(topics, many=True).data)
