"""GET /api/searches/limits/: the input limits of search/validation.py, so the front end checks a question's
length and the years before sending them without keeping its own copy of the numbers."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from medseba.api.throttling import READ_THROTTLES
from search.validation import input_limits

LIMITS = inline_serializer(
    "SearchLimits",
    {
        "question_max_chars": serializers.IntegerField(help_text="longest question accepted, after folding whitespace"),
        "min_year": serializers.IntegerField(help_text="earliest year a filter may name"),
        "max_year": serializers.IntegerField(help_text="latest year a filter may name (next year)"),
    },
)


class SearchLimitsApi(APIView):
    throttle_classes = READ_THROTTLES

    @extend_schema(operation_id="searches_limits", summary="Input limits for a search", responses={200: LIMITS}, tags=["searches"])
    def get(self, request: Request) -> Response:
        return Response(input_limits())
