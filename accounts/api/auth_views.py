"""Sign up, log in, log out, who am I, change password, delete the account; the CSRF cookie for the SPA."""
from __future__ import annotations

from django.contrib.auth import authenticate, login, logout, update_session_auth_hash
from django.middleware.csrf import get_token
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from medseba.api.errors import ApiError

from .. import services
from .base import E401, E429, AccountsApi, error_response, invalid
from .serializers import UserSerializer
from .throttling import LoginThrottle

TAGS = ["accounts"]
_USER_EXAMPLE = {"authenticated": True, "id": 7, "username": "ada", "email": "ada@example.org",
                 "date_joined": "2026-11-30T10:00:00Z"}


def password_field() -> serializers.CharField:
    """A password input, declared once for the four forms that take one.

    Kept exactly as typed (DRF trims a CharField's spaces by default, which would change the password the user
    chose) and shown as a password box in the browsable API and the schema.
    """
    return serializers.CharField(trim_whitespace=False, style={"input_type": "password"})


class CsrfApi(AccountsApi):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="accounts_csrf", summary="Set the CSRF cookie",
        description="Sets the `csrftoken` cookie; the front end sends it back as `X-CSRFToken` on every write.",
        responses={200: inline_serializer("CsrfToken", {"csrf_token": serializers.CharField()})}, tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        return Response({"csrf_token": get_token(request._request)})


class SignupApi(AccountsApi):
    permission_classes = [permissions.AllowAny]
    throttle_classes = [LoginThrottle]

    class SignupInputSerializer(serializers.Serializer):
        username = serializers.CharField(max_length=150, trim_whitespace=False)
        password = password_field()
        email = serializers.EmailField(required=False, allow_blank=True, default="")

    @extend_schema(
        operation_id="accounts_signup", summary="Create an account and sign in",
        description="Django's password validators apply (length, common, numeric, similar to the username).",
        request=SignupInputSerializer,
        responses={
            201: UserSerializer,
            400: error_response("Invalid input.", invalid("password", "This password is too common."),
                                invalid("username", "This username is taken; please choose another.")),
            403: error_response("CSRF token missing.", ("CSRF", {"code": "permission_denied",
                                "message": "CSRF Failed: CSRF token missing.", "fields": {}})),
            429: E429,
        },
        examples=[
            OpenApiExample("Sign up", request_only=True,
                           value={"username": "ada", "password": "correct horse battery", "email": "ada@example.org"}),
            OpenApiExample("Created", response_only=True, status_codes=["201"], value=_USER_EXAMPLE),
        ],
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        data = self.SignupInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_signup(**data.validated_data)
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response(UserSerializer(user).data, status=status.HTTP_201_CREATED)


class LoginApi(AccountsApi):
    permission_classes = [permissions.AllowAny]
    throttle_classes = [LoginThrottle]

    class LoginInputSerializer(serializers.Serializer):
        username = serializers.CharField(trim_whitespace=False)
        password = password_field()

    @extend_schema(
        operation_id="accounts_login", summary="Sign in (session cookie)",
        description="Throttled per client IP (MEDSEBA_THROTTLE_LOGIN, default 10/min) against password guessing.",
        request=LoginInputSerializer,
        responses={
            200: UserSerializer,
            400: error_response("Wrong username or password.", ("Wrong credentials", {
                "code": "invalid_credentials", "message": "The username or password is not correct.", "fields": {}})),
            429: E429,
        },
        examples=[OpenApiExample("Sign in", request_only=True, value={"username": "ada", "password": "correct horse battery"}),
                  OpenApiExample("Signed in", response_only=True, status_codes=["200"], value=_USER_EXAMPLE)],
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        data = self.LoginInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(request._request, **data.validated_data)
        if user is None:
            raise ApiError(status_code=400, code="invalid_credentials", message="The username or password is not correct.")
        login(request._request, user)
        return Response(UserSerializer(user).data)


class LogoutApi(AccountsApi):
    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="accounts_logout", summary="Sign out", request=None, responses={204: None}, tags=TAGS)
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(AccountsApi):
    """GET answers 401 when signed out (the front end treats 401 as "nobody"), never a 200 with an empty user."""

    def get_throttles(self):
        return [LoginThrottle()] if self.request.method == "DELETE" else super().get_throttles()

    class AccountDeleteInputSerializer(serializers.Serializer):
        password = password_field()

    @extend_schema(
        operation_id="accounts_me", summary="The signed-in user",
        description="401 with code `not_authenticated` when nobody is signed in.",
        responses={200: UserSerializer, 401: E401},
        examples=[OpenApiExample("Signed in", response_only=True, value=_USER_EXAMPLE)],
        tags=TAGS,
    )
    def get(self, request: Request) -> Response:
        return Response(UserSerializer(request.user).data)

    @extend_schema(
        operation_id="accounts_delete", summary="Delete the account and everything it owns",
        description=("Requires the password. Hard-deletes the user, every search in their history with its result, "
                     "their folders and notes, then signs out. Returns what was deleted."),
        request=AccountDeleteInputSerializer,
        responses={
            200: inline_serializer("AccountDeleted", {"searches": serializers.IntegerField(),
                                                      "folders": serializers.IntegerField(),
                                                      "notes": serializers.IntegerField()}),
            400: error_response("Wrong password.", invalid("password", "The password is not correct.")),
            401: E401, 429: E429,
        },
        examples=[OpenApiExample("Confirm", request_only=True, value={"password": "correct horse battery"}),
                  OpenApiExample("Deleted", response_only=True, status_codes=["200"],
                                 value={"searches": 12, "folders": 2, "notes": 3})],
        tags=TAGS,
    )
    def delete(self, request: Request) -> Response:
        data = self.AccountDeleteInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        counts = services.user_delete(user=request.user, password=data.validated_data["password"])
        logout(request._request)
        return Response(counts)


class PasswordApi(AccountsApi):
    throttle_classes = [LoginThrottle]

    class PasswordChangeInputSerializer(serializers.Serializer):
        current_password = password_field()
        new_password = password_field()

    @extend_schema(
        operation_id="accounts_password", summary="Change the password",
        description="Keeps this session signed in; other sessions of the account are signed out.",
        request=PasswordChangeInputSerializer,
        responses={204: OpenApiResponse(description="Changed."),
                   400: error_response("Wrong current password or a weak new one.",
                                       invalid("current_password", "The password is not correct."),
                                       invalid("new_password", "This password is too short. It must contain at least 8 characters.")),
                   401: E401, 429: E429},
        tags=TAGS,
    )
    def post(self, request: Request) -> Response:
        data = self.PasswordChangeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.user_change_password(user=request.user, **data.validated_data)
        update_session_auth_hash(request._request, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
