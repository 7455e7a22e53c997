"""GET /api/accounts/session/: who is signed in, as a 200 either way.

The app asks this on every page. /me/ answers 401 when signed out (right for an API client asking for *its*
user), but the browser logs every 401 it loads as a console error, so a signed-out visitor's console was never
clean. This endpoint answers the question "is anyone signed in?", for which "no" is a normal answer.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from .base import AccountsApi
from .serializers import UserSerializer

SESSION = inline_serializer(
    "Session",
    {
        "authenticated": serializers.BooleanField(),
        "user": UserSerializer(allow_null=True, help_text="null when nobody is signed in"),
    },
)


class SessionApi(AccountsApi):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="accounts_session",
        summary="Is anyone signed in?",
        description="Always 200: `authenticated` false and `user` null when signed out (where /me/ answers 401).",
        responses={200: SESSION},
        examples=[OpenApiExample("Signed out", response_only=True, value={"authenticated": False, "user": None})],
        tags=["accounts"],
    )
    def get(self, request: Request) -> Response:
        user = request.user if request.user.is_authenticated else None
        return Response({"authenticated": user is not None, "user": UserSerializer(user).data if user else None})
