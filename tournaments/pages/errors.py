"""The error pages (400, 403, 404, 500, a refused form): in the reader's language, saying why where we know,
with a way back (the event's page when the address is one of an event the reader may see, and the home
page). Pages of the API answer its JSON error list instead."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.middleware import API_PREFIX
from tournaments.models import Tournament

EVENT_PATH = re.compile(r"^/e/(?P<slug>[-\w]+)/")
# Django's own sentence for get_object_or_404 names a model in English: not shown to readers.
GENERIC_404 = re.compile(r"^No .* matches the given query\.$")


def _reason(exception: Exception | None) -> str:
    """The sentence the view gave for refusing (our PermissionDenied and Http404 speak the reader's
    language), or "" where it is none of ours."""
    message = exception.args[0] if exception is not None and exception.args else ""
    if not isinstance(message, str) or GENERIC_404.match(message):
        return ""
    return message


def _event(request: HttpRequest) -> Tournament | None:
    """The event whose address this was, if the reader may see its page."""
    m = EVENT_PATH.match(request.path)
    tournament = Tournament.objects.filter(slug=m["slug"]).first() if m else None
    if tournament is None or not access.can_view(_user(request), tournament):
        return None
    return tournament


def _user(request: HttpRequest) -> Any:
    """The reader (anonymous where the error came before the authentication middleware)."""
    return getattr(request, "user", None) or AnonymousUser()


def _page(
    request: HttpRequest, status: int, title: str, explanation: str, reason: str = "", code: str = ""
) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        code = code or {403: "permission_denied", 404: "not_found"}.get(status, "error")
        return JsonResponse({"errors": [{"field": "", "code": code, "message": reason or title}]}, status=status)
    tournament, path = _event(request), request.path
    context: dict[str, Any] = {
        "status": status,
        "title": title,
        "explanation": explanation,
        "reason": reason,
        "tournament": tournament,
        "event_url": reverse("tournament", args=[tournament.slug]) if tournament else "",
        # Logging in helps only where the page exists for someone else.
        "login_url": ""
        if status != 403 or _user(request).is_authenticated
        else f"{reverse('login')}?{urlencode({'next': path})}",
    }
    return HttpResponse(loader.render_to_string("error.html", context, request), status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400 before any view: Django could not read the request (a body over the size limit, too many
    fields). The views answer their own 400s."""
    too_large = isinstance(exception, (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent))
    return _page(
        request,
        400,
        _("The request could not be read"),
        _("Nothing was saved. Go back and send it again, shorter."),
        _("The request is larger than the site accepts.") if too_large else "",
        "too_large" if too_large else "bad_request",
    )


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """403: the page exists, but not for this reader (not an organizer, a draw not yet published …)."""
    reason = _reason(exception)
    explanation = (
        # The view said why (a draw not yet published, an organizer's page): it may change.
        _("Go back, or open the page again once that has changed.")
        if reason
        else _("The page exists, but not for your account. Log in as someone who may open it, or go back.")
    )
    return _page(request, 403, _("You may not open this page"), explanation, reason)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404: no such event, round, table or player (a mistyped address, or one removed since)."""
    return _page(
        request,
        404,
        _("This page does not exist"),
        _("The address may be mistyped, or what it showed was removed. Check the address, or go back."),
        _reason(exception),
    )


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent without its valid security token: open too long, sent from another site, or with
    cookies blocked. Nothing was saved."""
    return _page(
        request,
        403,
        _("The form could not be sent"),
        _(
            "Nothing was saved: the page was open for too long, or your browser blocks cookies. "
            "Go back, reload the page and send the form again."
        ),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """500: our fault. Rendered without the request's context (no database, no session): only the
    reader's language, which the locale middleware has already chosen."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse(
            {"errors": [{"field": "", "code": "server_error", "message": _("Something went wrong on our side.")}]},
            status=500,
        )
    return HttpResponse(loader.render_to_string("500.html"), status=500)
