"""Offline-tolerant hand entry (issue 16): what static/js/offline.js needs from the server.

The table page keeps hands saved without a connection on the phone and posts them later, one by
one, to the same ``hand-enter`` view as the form, with the form's idempotency token. Such a post
asks for JSON (``Accept: application/json``): these helpers build its answers, the words the
script shows, and serve the service worker that lets the table page reload offline.
"""

from __future__ import annotations

from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.translation import gettext as _

from .. import lines
from ..models import Hand, Table


def wants_json(request: HttpRequest) -> bool:
    """The offline script's post (a plain form post asks for HTML and gets today's pages)."""
    return "application/json" in request.headers.get("Accept", "")


def stored(hand: Hand) -> JsonResponse:
    return JsonResponse({"stored": hand.number, "replayed": hand.replayed}, status=201)


def refused(errors: dict[str, list[str]]) -> JsonResponse:
    """The form or the engine refused the hand (errors by field name); nothing stored."""
    return JsonResponse({"errors": errors}, status=422)


def conflict(table: Table, message: str, number: int | None) -> JsonResponse:
    """Nothing stored: another hand holds the number (the stored one is sent along, so the referee
    sees both versions), or the table takes no more hands."""
    hand = table.hands.filter(number=number).select_related("entered_by").first() if number else None
    theirs = None
    if hand is not None:
        theirs = {
            "number": hand.number,
            "entered_by": hand.entered_by.get_username() if hand.entered_by else "?",
            "points": [[p, v] for p, v in sorted(hand.points.items())],
            "breakdown": lines.breakdown(hand.breakdown),
        }
    return JsonResponse({"message": message, "theirs": theirs}, status=409)


def page_config(request: HttpRequest, table: Table) -> dict[str, Any]:
    """What the table page hands to offline.js (a JSON script element: no inline script)."""
    args = [table.round.tournament.slug, table.round.number, table.number]
    return {
        "key": f"tarok-offline:{'/'.join(str(a) for a in args)}",
        "enter_url": reverse("hand-enter", args=args),
        "edit_url": reverse("hand-edit", args=[*args, 0]),  # offline.js puts the hand's number for the 0
        "worker_url": reverse("offline-worker"),
        "csrf": get_token(request),
        "words": {
            "offline": _(
                "No connection. Hands you save are kept on this phone and sent in order when the connection returns."
            ),
            "pending": _("Hands not yet sent: {n}"),
            "sending": _("Sending the hands kept on this phone…"),
            "not_sent": _("not yet sent"),
            "hand": _("Hand {n}"),
            "no_preview": _("No preview without a connection: the hand is checked when it is sent."),
            "signed_out": _("Sign in again to send the hands kept on this phone; they stay here until then."),
            "all_sent": _("All hands kept on this phone were sent. The list updates when you save the next one."),
            "refused": _("Hand {n} was refused when it was sent; nothing was stored:"),
            "conflict": _("Hand {n} was not sent:"),
            "mine": _("Yours (not sent)"),
            "theirs": _("Stored (saved by {by})"),
            "discard": _("Discard mine"),
            "correct": _("Open a correction with mine"),
            "edit": _("Edit mine in the form"),
            "prefilled": _("Your version of hand {n} is filled in: check it, give the reason and save the correction."),
        },
    }


def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js, served from the site's root so that it may cover the table pages."""
    path = finders.find("js/sw.js")
    if not path:
        raise Http404
    with open(path, encoding="utf-8") as f:
        response = HttpResponse(f.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
