"""A player's own seat on his own phone: his table's hands and live totals, his standing, and at the
end of the round his confirmation with his PIN (taruk2012.md §6.5's signature).

Anyone who may read the event may open the page; the PIN is the authority for confirming, so no
login is asked. The page carries a CSRF token in its form: it is never shared through
``public_cache`` (one visitor's token must not be served to another).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.lookups import table_for_viewer
from tournaments.tables import confirmations, hands, seatview
from tournaments.tables.views import client_address


def _page(request: HttpRequest, slug: str, number: int, table_no: int, position: str, **extra) -> HttpResponse:
    tournament, table = table_for_viewer(request, slug, number, table_no)
    seat = seatview.seat_of(table, position)
    status = extra.pop("status", 200)
    context = {"tournament": tournament, "s": seatview.seat_data(tournament, table, seat), **extra}
    response = render(request, "tournaments/seat.html", context, status=status)
    if "retry_after" in extra:
        response["Retry-After"] = str(extra["retry_after"])
    return response


def seat_page(request: HttpRequest, slug: str, number: int, table_no: int, position: str) -> HttpResponse:
    """The seat page (read-only but for the PIN form once the table has played its hands)."""
    return _page(request, slug, number, table_no, position)


@require_http_methods(["GET", "POST"])
def seat_confirm(request: HttpRequest, slug: str, number: int, table_no: int, position: str) -> HttpResponse:
    """The player confirms his own seat with his PIN: the referee page's audited action, throttled
    per seat and per address within the event. A wrong PIN stores nothing; confirming twice is harmless.

    A refused PIN is answered here, beside the field; a GET (a reload of that answer, the language
    switch) goes back to the seat page."""
    _tournament, table = table_for_viewer(request, slug, number, table_no)
    seat = seatview.seat_of(table, position)
    if request.method == "GET":
        return redirect("table-seat", slug, number, table_no, seat.position)
    pin = request.POST.get("pin", "")
    if not pin.strip():  # not counted as a failure: nothing was tried
        return _page(request, slug, number, table_no, position, pin_error=_("Type your PIN."), status=400)
    try:
        confirmation = confirmations.confirm_table(
            request.user, table, seat.position, pin, address=client_address(request), own_phone=True
        )
    except confirmations.WrongPin as exc:
        return _page(request, slug, number, table_no, position, pin_error=str(exc), status=400)
    except confirmations.PinLocked as exc:
        return _page(
            request, slug, number, table_no, position, pin_error=str(exc), status=429, retry_after=exc.retry_after
        )
    except hands.NotOpen as exc:
        return _page(request, slug, number, table_no, position, pin_error=str(exc), status=409)
    if confirmation.created:
        messages.success(request, _("Thank you: you confirmed the totals of table %(t)d.") % {"t": table.number})
    else:
        messages.info(request, _("You had already confirmed this table; nothing changed."))
    return redirect("table-seat", slug, number, table_no, seat.position)
