"""Anonymous visitors' public pages answered whole from the cache, ahead of sessions, CSRF and auth.

At the end of a round a thousand phones open the standings at once. What a public page shows (the
standings page, the hall, the round page, live.json, the API's standings and live payload) depends
only on its address, the language and the event's data version (``tournaments.live``), and while a
round's clock runs on the second. A view offers such a response with ``share``; this middleware
keeps its bytes and headers under the request's host, language, Accept header and full path, and
answers the next anonymous request for the same key, while the event's data version is the same,
with one indexed lookup: no URL resolving, session, template or payload work. A change to the event
makes a new data version, so the next request renders afresh; a page with a running clock is kept
for one second at most.

Only requests without a session or other cookies than the language and CSRF ones are answered here
(staff and players signed in see their own links), and only responses that set no cookie and
carry no CSRF token are kept (a token belongs to one visitor).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.translation import get_language_from_request

from .live import data_version_of, version_key
from .models import Tournament

KEPT_SECONDS = 24 * 3600  # an eviction bound only: a change makes the entry stale, not time
CLOCK_SECONDS = 1.0  # a running clock moves: its page is kept this long at most
HARMLESS_COOKIES = {settings.LANGUAGE_COOKIE_NAME, settings.CSRF_COOKIE_NAME}


@dataclass(frozen=True)
class Shared:
    """What a view offers: the event whose data version the response shows, and whether it moves."""

    tournament_id: int
    version_key: str
    moving: bool


@dataclass(frozen=True)
class Kept:
    tournament_id: int
    version_key: str
    expires: float | None
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


def share(response: HttpResponse, tournament: Tournament, version: int, *, moving: bool = False) -> HttpResponse:
    """Offer ``response`` to anonymous visitors of the same page while ``tournament``'s data version is
    ``version`` (the version the view read before computing it); ``moving`` while a clock runs."""
    response.shared = Shared(tournament.pk, version_key(tournament, version), moving)
    return response


def _key(request: HttpRequest) -> str | None:
    """The cache key of an anonymous public request, or None where the page may differ per visitor."""
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META:
        return None
    if not HARMLESS_COOKIES.issuperset(request.COOKIES):
        return None
    try:
        host = request.get_host()
    except DisallowedHost:
        return None  # the rest of the stack answers it (400)
    language = get_language_from_request(request)
    accept = request.META.get("HTTP_ACCEPT", "")
    return f"page:{host}:{language}:{accept}:{request.get_full_path()}"


def _current(kept: Kept) -> bool:
    if kept.expires is not None and time.time() > kept.expires:
        return False
    event_part = kept.version_key.rsplit(":", 1)[0]
    return f"{event_part}:{data_version_of(kept.tournament_id)}" == kept.version_key


def _answer(request: HttpRequest, kept: Kept) -> HttpResponse:
    headers = dict(kept.headers)
    etag = headers.get("ETag")
    if etag and request.META.get("HTTP_IF_NONE_MATCH") == etag:
        response = HttpResponseNotModified()
        for name in ("ETag", "Cache-Control", "Vary", "Content-Language"):
            if name in headers:
                response[name] = headers[name]
        return response
    response = HttpResponse(kept.body, status=kept.status)
    for name, value in kept.headers:
        response[name] = value
    return response


def _keepable(request: HttpRequest, response: HttpResponse) -> Shared | None:
    shared = getattr(response, "shared", None)
    if shared is None or response.status_code != 200 or response.streaming or response.cookies:
        return None
    if request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):  # the page holds this visitor's CSRF token
        return None
    return shared


class PublicPageCacheMiddleware:
    """See the module docstring. Placed after the security and static-file middleware, before sessions."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = _key(request)
        if key is None:
            return self.get_response(request)
        try:
            kept = cache.get(key)
        except Exception:  # an unreachable cache only costs the work it would have saved
            kept = None
        if kept is not None and _current(kept):
            return _answer(request, kept)
        response = self.get_response(request)
        shared = _keepable(request, response)
        if shared is not None:
            kept = Kept(
                shared.tournament_id,
                shared.version_key,
                time.time() + CLOCK_SECONDS if shared.moving else None,
                response.status_code,
                tuple(response.items()),
                response.content,
            )
            with contextlib.suppress(Exception):  # as above
                cache.set(key, kept, KEPT_SECONDS)
        return response
