"""Offline-tolerant hand entry (issue 16): what static/js/offline.js needs from the server.

The table page keeps hands saved without a connection on the phone and posts them later, one by
one, to the same ``hand-enter`` view as the form, with the form's idempotency token. Such a post
asks for JSON (``Accept: application/json``): these helpers build its answers, the words the
script shows, and serve the service worker that lets the table page reload offline.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.contrib.staticfiles import finders
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.models import Hand, Table
from tournaments.tables import hands as services
from tournaments.tables import lines, rotation
from tournaments.tables.handforms import HandForm, entry_form
from tournaments.tables.table_view import TableView


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


def page_config(request: HttpRequest, table: Table, ahead: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the table page hands to offline.js (a JSON script element: no inline script); ``ahead``:
    the forms of the hands ahead (``forms_ahead``) while the table takes hands."""
    args = [table.round.tournament.slug, table.round.number, table.number]
    return {
        "ahead": ahead,
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
            # the entry form's heading (templates/scoring/table.html), for the hands ahead
            "hand_dealer": _("Hand %(n)s — dealer %(d)s") % {"n": "{n}", "d": "{d}"},
            "deals_next": _("deals next"),
            "unknown": _(
                "This phone has not got the form of hand {n} (its dealer and seats): check them before you save it."
            ),
            "no_preview": _("No preview without a connection: the hand is checked when it is sent."),
            "signed_out": _("Sign in again to send the hands kept on this phone; they stay here until then."),
            "all_sent": _("All hands kept on this phone were sent."),
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


class _Pieces:
    """Rendered parts of hand forms, each kept once: the forms of the hands ahead share most of them."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.index: dict[str, int] = {}

    def add(self, html: str) -> int:
        if html not in self.index:
            self.index[html] = len(self.parts)
            self.parts.append(html)
        return self.index[html]

    def layout(self, rendered: list[list[Any]]) -> list[list[Any]]:
        """``_render``'s sections as indexes of this list's pieces."""
        return [[self.add(frame), [self.add(f) for f in fields]] for frame, fields in rendered]


def _render(form: HandForm) -> list[list[Any]]:
    """The form's sections, each as [its frame, [its fields]], by the page's own templates."""
    out = []
    for group in form.grouped():
        frame = render_to_string("scoring/_hand_section.html", {"group": {**group, "fields": []}})
        out.append([frame, [render_to_string("scoring/_hand_field.html", {"field": f}) for f in group["fields"]]])
    return out


RENDER_SECONDS = 24 * 3600
# Forms rendered for one page at most; the others on the next pages (the nearest hands come first).
RENDERS_PER_PAGE = 8


def _rendered(
    variant: str, envelopes: list[dict[str, Any]], flag: str, context: dict[str, Any], budget: list[int]
) -> list[list[Any]] | None:
    """A node's form, rendered: kept in the cache (a form takes a tenth of a second to render; a
    table's hands ahead have up to a few dozen), keyed by all it is made of. None when the page's
    ``budget`` of renders is spent and the cache does not have it."""
    made_of = json.dumps([variant, envelopes, flag, context["key"]], sort_keys=True)
    name = "forms-ahead:" + hashlib.sha256(made_of.encode()).hexdigest()
    found = caches["renders"].get(name)
    if found is None:
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        form = entry_form(
            variant,
            envelopes,
            names=context["names"],
            positions=context["positions"],
            config=context["config"],
            earlier=(lambda _dealer: int(flag)) if flag else None,
        )
        found = _render(form)
        caches["renders"].set(name, found, RENDER_SECONDS)
    return found


def forms_ahead(table: Table, view: TableView, *, pristine: bool) -> tuple[dict[str, Any], list[str]]:
    """The table's rotation ahead (``rotation.rotation``) with each node's entry form as the server
    renders it, so that offline.js shows hand n+1, n+2… with their dealer, seat order and defaults;
    and the rendered pieces the forms are made of (each kept once: the page puts them in
    ``<template>`` elements, no JSON escaping). Where the variant narrows the misdeal by the
    dealer's history (Taruk §5.4) a node has both forms (no misdeal yet: "0"; one before: "1") and
    ``misdeals`` gives each seat's count so far. With ``pristine`` the page's own form is the first
    node's (``page``: which of its forms) as rendered: its pieces are read off the page, not sent
    twice (an empty string here). ``view``: the table's read model (``table_view``)."""
    hands, names = view.hands, view.names
    remaining = view.progress.expected - view.progress.played
    tournament = table.round.tournament
    setup = view.setup  # the read model has it: no second read of the seats
    previous = hands[-1] if hands else None
    number = previous.number + 1 if previous else 1
    plan = rotation.rotation(
        setup.variant,
        setup.positions,
        services.next_envelopes(setup, previous),
        previous.state_after if previous else {},
        setup.config,
        remaining + len(setup.positions),  # and a round of the deal for hands that do not count
    )
    entry = setup.variant.entry
    limits = entry is not None and entry.misdeals is not None
    context: dict[str, Any] = {"names": names, "positions": setup.positions, "config": setup.config}
    # What else a form is made of, once for every node: the table, the event's configuration (a Laza
    # point table is large), the rules' version and the reader's language.
    table_part = [names, setup.positions, setup.config, setup.variant.rules_version, translation.get_language()]
    context["key"] = hashlib.sha256(json.dumps(table_part, sort_keys=True, default=str).encode()).hexdigest()
    pieces = _Pieces()
    budget = [RENDERS_PER_PAGE]
    for node in plan["nodes"]:
        envelopes = node["envelopes"]
        flags = ["0", "1"] if limits and len({e["dealer"] for e in envelopes}) == 1 else [""]
        node["forms"] = {}
        for flag in flags:
            rendered = _rendered(tournament.variant, envelopes, flag, context, budget)
            if rendered is not None:  # else not yet: offline.js says it cannot show that hand's form
                node["forms"][flag] = pieces.layout(rendered)
    plan["number"] = number
    page = ""
    if limits:
        earlier = {seat: view.misdeals_before_next.get(seat, 0) for seat in setup.positions}
        plan["misdeals"] = {"field": entry.misdeals(0).field, "earlier": earlier}
        if "0" in plan["nodes"][0]["forms"]:
            page = "1" if earlier[plan["nodes"][0]["envelopes"][0]["dealer"]] else "0"
    parts = list(pieces.parts)
    if pristine:
        plan["page"] = page
        for frame, fields in plan["nodes"][0]["forms"][page]:
            for i in (frame, *fields):
                parts[i] = ""
    return plan, parts


def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/sw.js, served from the site's root so that it may cover the table pages."""
    path = finders.find("js/sw.js")
    if not path:
        raise Http404
    with open(path, encoding="utf-8") as f:
        response = HttpResponse(f.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
