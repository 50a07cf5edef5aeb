"""The "time was up after hand N" form of the table page and the round page (``tournaments.rounds.timeup``)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import access
from tournaments.lookups import table_for_viewer
from tournaments.models import Round, Table
from tournaments.rounds import timeup
from tournaments.tables import hands
from tournaments.tables.progress import TableProgress


def _url(name: str, table: Table) -> str:
    return reverse(name, args=[table.round.tournament.slug, table.round.number, table.number])


def may_record(user, table: Table) -> bool:
    """Whether the page offers the form: as ``timeup.record_time_up`` allows (a referee of the table in a
    running round; an organizer also in a closed one)."""
    status, tournament = table.round.status, table.round.tournament
    if not access.can_enter_hands(user, tournament, table.number):
        return False
    return status == Round.Status.RUNNING or (status == Round.Status.CLOSED and access.is_organizer(user, tournament))


def form_context(table: Table, progress: TableProgress, *, expired: bool = False) -> dict:
    """What the table page's card (``scoring/_time_up.html``) shows: the record, the hands it may name,
    and whether to prompt (the clock has run out, nothing recorded, the table short of its hands)."""
    first, last = progress.time_up_limits
    return {
        "action": _url("table-time-up", table),
        "table": table.number,
        "after": progress.time_up_after,
        "first": first,
        "last": last,
        "prompt": expired and progress.time_up_after is None and not progress.complete,
    }


def open_table_context(open_table: dict, next_url: str, action: Callable[[int], str]) -> dict:
    """The round page's line for a table not done (``rounds.open_tables``): the same form, compact;
    ``action``: the time-up URL of a table number (``pages.helpers.row_url``: one reverse for the round)."""
    first, last = open_table["time_up_limits"]
    return {
        "action": action(open_table["table"]),
        "table": open_table["table"],
        "after": open_table["time_up_after"],
        "first": first,
        "last": last,
        "next": next_url,
    }


def _number(text: str | None) -> int | None:
    """A whole number typed in a form, None when empty; ValueError when it is no number."""
    text = (text or "").strip()
    return int(text) if text else None


@login_required
@require_POST
def table_time_up(request: HttpRequest, slug: str, number: int, table_no: int) -> HttpResponse:
    """Record, change or clear (an empty field) after which hand time was up; back to the page it came from."""
    _tournament, table = table_for_viewer(request, slug, number, table_no)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure()):
        back = ""
    back = back if back.startswith("/") else _url("table", table) + "#time-up"
    label = _("Time was up after hand")
    try:
        after_hand = _number(request.POST.get("after_hand"))
        current = _number(request.POST.get("current")) if "current" in request.POST else timeup.KEEP
    except ValueError:
        messages.error(request, _("%(field)s: give a whole number, or leave it empty.") % {"field": label})
        return redirect(back)
    try:
        timeup.record_time_up(request.user, table, after_hand, reason=request.POST.get("reason", ""), current=current)
    except ValidationError as exc:
        for field, errors in exc.message_dict.items():
            name = label if field == "after_hand" else _("Reason")
            messages.error(request, f"{name}: {' '.join(errors)}")
    except (hands.NotOpen, hands.StaleEdit) as exc:
        messages.error(request, str(exc))
    else:
        if after_hand is None:
            messages.success(
                request, _("Table %(t)d plays all its hands: no time limit recorded.") % {"t": table.number}
            )
        else:
            messages.success(
                request,
                _("Table %(t)d: time was up after hand %(n)d.") % {"t": table.number, "n": after_hand},
            )
    return redirect(back)
