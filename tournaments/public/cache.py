"""Anonymous visitors' public pages answered whole from the cache, ahead of sessions, CSRF and auth.

At the end of a round a thousand phones open the standings at once. What a public page shows (the
standings page, the hall, the round page, live.json, the API's standings and live payload) depends
only on its address, the language and the event's data version (``tournaments.public.live``), and while a
round's clock runs on the second. A view offers such a response with ``share``, naming the query
parameters it reads; this middleware keeps its bytes and headers and answers the next anonymous
request for the same copy, while the event's data version is the same, with one indexed lookup: no
URL resolving, session, template or payload work. A change to the event makes a new data version,
so the next request renders afresh; a page with a running clock is kept for one second at most.

Only requests without a session or other cookies than the language and CSRF ones are answered here
(staff and players signed in see their own links), and only responses that set no cookie and
carry no CSRF token are kept (a token belongs to one visitor).

Anyone can send any query string, Accept header or port, so a copy is keyed only by what can change
the page, each folded to a few values: the host's name (not its port), the language, whether the
Accept header takes what the site serves (the API answers 406 otherwise), the page's canonical
address (``/round/01/`` is answered, never kept) and the query parameters the view declared, each
normalised by the view's own reading of it (others are ignored: the page does not read them, and
pages never echo the query string). On top of that, bounds that hold whatever the keys: a page keeps
at most ``MAX_VARIANTS`` copies and an event ``MAX_EVENT_KEYS`` (counted in the cache, per
``KEPT_SECONDS``), and a copy bigger than ``MAX_COPY_BYTES`` is not kept. The cache's own memory
limit and eviction policy (README, "Public pages under load") bound the rest.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.http.request import split_domain_port
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language_from_request

from tournaments.models import Tournament
from tournaments.public.live import DataVersion, data_version_of, version_key
from tournaments.seasons.versions import series_version_of

KEPT_SECONDS = 3600  # an eviction bound, and the window of the counts below: a change makes a copy stale
CLOCK_SECONDS = 1.0  # a running clock moves: its page is kept this long at most
HARMLESS_COOKIES = {settings.LANGUAGE_COOKIE_NAME, settings.CSRF_COOKIE_NAME}
# Copies of one page (hosts x languages x representations x the values of its parameters): three
# languages and two representations are six; the rest is room for a parameter's few values.
MAX_VARIANTS = 16
# Copies of one event's pages: its event page, standings, hall, live data and round pages, in the
# languages asked for; far more than a real event's visitors make.
MAX_EVENT_KEYS = 256
# The standings page of a 1,024-player event is a few hundred kilobytes; a copy beyond this is
# rendered per request rather than kept.
MAX_COPY_BYTES = 2 * 1024 * 1024
# The media ranges under which the site answers (the API's JSON and browsable HTML; the pages' HTML).
SERVED_TYPES = frozenset({"*/*", "application/*", "application/json", "text/*", "text/html", ""})

# A view's reading of one query parameter: the raw value (None when absent) -> the value it uses, as
# text. Two requests whose declared parameters read the same get the same page.
Reading = Callable[[str | None], str]
Reads = Mapping[str, Reading]
NO_QUERY: Reads = MappingProxyType({})


@dataclass(frozen=True)
class Shared:
    """What a view offers: the event (or, ``kind`` "series", the series) whose data version the response
    shows, whether it moves, and the query parameters it read."""

    tournament_id: int
    version_key: str
    moving: bool
    reads: Reads
    kind: str = "event"


@dataclass(frozen=True)
class Kept:
    tournament_id: int  # the event's id, or the series' (``kind``)
    version_key: str
    expires: float | None
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes
    kind: str = "event"  # a default: a copy kept before series were shared reads as an event's


def share(
    response: HttpResponse,
    tournament: Tournament,
    version: DataVersion,
    *,
    moving: bool = False,
    reads: Reads = NO_QUERY,
) -> HttpResponse:
    """Offer ``response`` to anonymous visitors of the same page while ``tournament``'s data version is
    ``version`` (the version the view read before computing it); ``moving`` while a clock runs;
    ``reads`` every query parameter the response depends on, with the view's reading of it."""
    response.shared = Shared(tournament.pk, version_key(tournament, version), moving, reads)
    return response


def share_series(
    response: HttpResponse, series_id: int, series_version_key: str, *, reads: Reads = NO_QUERY
) -> HttpResponse:
    """``share`` for a series' page: kept while the series' data version (``seasons.versions``, which
    moves with every member event's) is the one in ``series_version_key``."""
    response.shared = Shared(series_id, series_version_key, False, reads, kind="series")
    return response


def _version_of(kind: str, subject_id: int) -> DataVersion:
    """The current data version of the event or series a copy was kept for."""
    if kind == "series":
        return series_version_of(subject_id)
    return data_version_of(subject_id)


# What each page's view declared, learnt when it first answers in this process: before that the page
# is rendered, not looked up. Keyed by canonical address, so it holds real pages only.
_READS: dict[str, Reads] = {}
MAX_PAGES_LEARNT = 10_000


def _base(request: HttpRequest) -> str | None:
    """The key of an anonymous public request without its query, or None where the page may differ
    per visitor (or the host is refused)."""
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META:
        return None
    if not HARMLESS_COOKIES.issuperset(request.COOKIES):
        return None
    try:
        host, _port = split_domain_port(request.get_host())
    except DisallowedHost:
        return None  # the rest of the stack answers it (400)
    language = get_language_from_request(request)
    return f"page:{host}:{language}:{_served(request.META.get('HTTP_ACCEPT', ''))}:{request.path}"


def _served(accept: str) -> str:
    """The Accept header folded: "s" when it takes a type the site serves (every browser, script and
    fetch does), "o" otherwise (the API answers that 406; the pages their HTML)."""
    for media_range in accept.split(","):
        if media_range.split(";", 1)[0].strip().lower() in SERVED_TYPES:
            return "s"
    return "o"


def _query(request: HttpRequest, reads: Reads) -> str:
    """The declared parameters as the view reads them, in a fixed order."""
    return "&".join(f"{name}={reading(request.GET.get(name))}" for name, reading in sorted(reads.items()))


def _current(kept: Kept) -> bool:
    if kept.expires is not None and time.time() > kept.expires:
        return False
    event_part = kept.version_key.rsplit(":", 1)[0]
    return f"{event_part}:{_version_of(kept.kind, kept.tournament_id)}" == kept.version_key


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
    if len(response.content) > MAX_COPY_BYTES:
        return None
    if not _canonical(request):  # /round/01/ answers as /round/1/ does, but is not one more page to keep
        return None
    return shared


def _canonical(request: HttpRequest) -> bool:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return False
    try:
        return reverse(match.view_name, args=match.args, kwargs=match.kwargs) == request.path
    except NoReverseMatch:
        return False


def _admitted(kind: str, subject_id: int, path: str) -> bool:
    """Whether one more copy (a new key) may be kept: the page's and the event's (or series') counts,
    shared by every process through the cache, below their bounds."""
    for counter, limit in ((f"page-copies:{path}", MAX_VARIANTS), (f"{kind}-copies:{subject_id}", MAX_EVENT_KEYS)):
        cache.add(counter, 0, KEPT_SECONDS)
        if cache.incr(counter) > limit:
            return False
    return True


def _keep(key: str, kept: Kept, path: str, new: bool) -> None:
    if new and not _admitted(kept.kind, kept.tournament_id, path):
        return
    cache.set(key, kept, KEPT_SECONDS)


class PublicPageCacheMiddleware:
    """See the module docstring. Placed after the security and static-file middleware, before sessions."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        base = _base(request)
        if base is None:
            return self.get_response(request)
        reads = _READS.get(request.path)
        kept = None
        if reads is not None:
            try:
                kept = cache.get(f"{base}?{_query(request, reads)}")
            except Exception:  # an unreachable cache only costs the work it would have saved
                kept = None
            if kept is not None and _current(kept):
                return _answer(request, kept)
        response = self.get_response(request)
        shared = _keepable(request, response)
        if shared is None:
            return response
        if reads is None:
            if len(_READS) >= MAX_PAGES_LEARNT:
                _READS.clear()
            _READS[request.path] = shared.reads
        key = f"{base}?{_query(request, shared.reads)}"
        copy = Kept(
            shared.tournament_id,
            shared.version_key,
            time.time() + CLOCK_SECONDS if shared.moving else None,
            response.status_code,
            tuple(response.items()),
            response.content,
            shared.kind,
        )
        with contextlib.suppress(Exception):  # as above
            new = kept is None and (reads is not None or not cache.has_key(key))
            _keep(key, copy, request.path, new)
        return response
