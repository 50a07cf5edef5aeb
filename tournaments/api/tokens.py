"""API tokens: obtain one (throttled by django-axes like the login page), and revoke one's own.

A token expires ``API_TOKEN_DAYS`` after it was issued (``config.security.ExpiringTokenAuthentication``
refuses it then); asking again with the password issues a new one. Organizers and users revoke a
token here (DELETE), superusers also in the admin (Auth Token).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from config.security import token_expired, token_expires
from tournaments.api.core import ApiView, error_responses


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False, style={"input_type": "password"})


TokenAnswer = inline_serializer(
    "TokenAnswer",
    {
        "token": serializers.CharField(),
        "expires": serializers.DateTimeField(help_text="After this the token is refused (401): ask for a new one."),
    },
)


class TokenView(ApiView):
    """``/api/token/``: POST username and password for a token; DELETE revokes the caller's token."""

    parser_classes = [JSONParser, FormParser, MultiPartParser]  # curl -d username=… works, as documented

    def get_permissions(self) -> list[Any]:
        return [AllowAny()] if self.request.method == "POST" else [IsAuthenticated()]

    @extend_schema(
        operation_id="token_obtain",
        tags=["auth"],
        request=TokenRequestSerializer,
        responses={
            200: TokenAnswer,
            400: error_responses("Wrong username or password."),
            429: error_responses(
                "Too many failed attempts for this account or from this address: the "
                "message says when to try again (also Retry-After, in seconds)."
            ),
        },
        summary="Get an API token (send it as 'Authorization: Token <key>')",
        auth=[],
    )
    def post(self, request: Request) -> Response:
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # The Django request, so that django-axes counts the attempt and can mark a lockout (its
        # middleware then answers 429 with when to retry).
        user = authenticate(
            request._request, username=data.validated_data["username"], password=data.validated_data["password"]
        )
        if user is None or not user.is_active:
            raise exceptions.ValidationError(
                {"": [exceptions.ErrorDetail(_("Unable to sign in with these credentials."), "authorization")]}
            )
        token, _created = Token.objects.get_or_create(user=user)
        if token_expired(token):
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key, "expires": token_expires(token)})

    @extend_schema(
        operation_id="token_revoke",
        tags=["auth"],
        request=None,
        responses={
            204: OpenApiResponse(description="Revoked (also when there was none)."),
            401: error_responses("Not signed in."),
        },
        summary="Revoke your API token",
    )
    def delete(self, request: Request) -> Response:
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
