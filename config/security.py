"""Sign-in protection shared by the pages and the API: the lockout answer, the client's address,
expiring API tokens.

The counting and locking itself is django-axes (settings ``AXES_*``); this module only decides
how a lockout is told to the person (when to try again, in their language) and which address
a request comes from behind a proxy.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or behind ``PROXY_COUNT`` proxies the address the
    outermost of them saw (X-Forwarded-For read from the right, so a client cannot forge it)."""
    count = settings.AXES_IPWARE_PROXY_COUNT or 0
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if count and len(forwarded) >= count:
        return forwarded[-count]
    return request.META.get("REMOTE_ADDR", "")


def retry_at(request: HttpRequest | None = None) -> Any:
    """When a locked-out account or address may try again: a failure during the lockout restarts
    the cool-off (axes' default), so it is counted from now."""
    return timezone.localtime(timezone.now() + (get_cool_off(request) or timedelta(0)))


def lockout_message(request: HttpRequest | None = None) -> str:
    when = retry_at(request)
    return _("Too many failed sign-in attempts. Try again after %(time)s.") % {
        "time": formats.time_format(when, "H:i")  # 24-hour, as in the three languages' countries
    }


def lockout_response(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """Axes' answer to a locked-out attempt: the login page again with the message (pages), or the
    API's error format (anything under /api/), both 429 with Retry-After."""
    seconds = int((get_cool_off(request) or timedelta(0)).total_seconds())
    message = lockout_message(request)
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"errors": [{"field": "", "code": "locked_out", "message": message}]}, status=429
        )
    else:
        form = AuthenticationForm(request, data=request.POST or None)
        form.errors.clear()
        form.add_error(None, message)
        response = render(
            request, "registration/login.html", {"form": form, "next": request.POST.get("next", "")}, status=429
        )
    response["Retry-After"] = str(seconds)
    return response


def token_expires(token: Token) -> Any:
    return token.created + timedelta(days=settings.API_TOKEN_DAYS)


def token_expired(token: Token) -> bool:
    return timezone.now() >= token_expires(token)


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing a token older than ``API_TOKEN_DAYS`` (401: ask
    /api/token/ for a new one). The expired token is deleted."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed(_("Token expired: ask /api/token/ for a new one."))
        return user, token
