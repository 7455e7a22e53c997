"""GET/PUT /api/accounts/preferences/: the reading mode (lay / clinician) remembered for an account holder.

GET answers 200 either way (``reading_mode`` null when signed out: the browser keeps a signed-out
visitor's choice itself, and nothing about it reaches the server). PUT needs a signed-in user.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from search.pipeline.state import READING_MODES

from ..preferences import reading_mode_get, reading_mode_set
from .base import E401, AccountsApi, error_response, invalid

PREFERENCES = inline_serializer(
    "Preferences",
    {"reading_mode": serializers.ChoiceField(choices=list(READING_MODES), allow_null=True,
                                             help_text="null when nobody is signed in")},
)


class PreferencesApi(AccountsApi):
    class PreferencesInputSerializer(serializers.Serializer):
        reading_mode = serializers.CharField()

    def get_permissions(self):
        if self.request.method == "GET":
            return [permissions.AllowAny()]
        return super().get_permissions()

    @extend_schema(operation_id="accounts_preferences_retrieve", summary="The reading mode remembered for you",
                   responses={200: PREFERENCES}, tags=["accounts"])
    def get(self, request: Request) -> Response:
        return Response({"reading_mode": reading_mode_get(user=request.user)})

    @extend_schema(
        operation_id="accounts_preferences_update", summary="Remember a reading mode (signed in)",
        request=PreferencesInputSerializer, tags=["accounts"],
        responses={200: PREFERENCES, 400: error_response("Unknown mode.", invalid("reading_mode", "Choose one of: lay, clinician.")),
                   401: E401},
    )
    def put(self, request: Request) -> Response:
        data = self.PreferencesInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response({"reading_mode": reading_mode_set(user=request.user, mode=data.validated_data["reading_mode"])})
