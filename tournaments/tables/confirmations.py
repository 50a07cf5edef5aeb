"""Confirming a table's result: each player with his PIN (from the referee's phone or his own), the judge's
countersignature with his reason; the PIN tries limited per seat, account and address.

Apart from ``hands`` (entering, correcting, deleting hands), whose locks and checks it uses."""

from __future__ import annotations

import hmac
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.history import audit
from tournaments.models import (
    Confirmation,
    JudgeConfirmation,
    PinThrottle,
    Seat,
    Table,
    Tournament,
)
from tournaments.tables.hands import (
    NotOpen,
    judge_record,
    lock_table,
    progress_of,
)


class WrongPin(Exception):
    """The PIN does not belong to the player in that seat."""


class PinLocked(Exception):
    """Too many wrong PINs for the seat, from the signed-in account (referee's device) or from the
    address (player's own phone, per event): refused until ``until``."""

    def __init__(self, until: datetime):
        self.until = until
        when = formats.time_format(timezone.localtime(until))
        super().__init__(_("Too many wrong PINs; try again after %(time)s.") % {"time": when})

    @property
    def retry_after(self) -> int:
        """Whole seconds until the lock ends (the Retry-After header)."""
        return max(1, int((self.until - timezone.now()).total_seconds() + 0.999))


def _pin_limits() -> dict[str, int]:
    # A 4-digit PIN has 10,000 values: 5 tries per seat per 15 minutes make guessing one take weeks.
    # A referee's account and a player's address get more (a referee's phone confirms every seat of his
    # tables; a hall shares one address) but not unlimited.
    return {
        "seat": getattr(settings, "PIN_SEAT_FAILURES", 5),
        "account": getattr(settings, "PIN_ACCOUNT_FAILURES", 20),
        "address": getattr(settings, "PIN_ADDRESS_FAILURES", 20),
        "seconds": getattr(settings, "PIN_LOCKOUT_SECONDS", 15 * 60),
    }


def _pin_scopes(actor: Any, table: Table, position: str, address: str | None, *, own_phone: bool) -> dict[str, str]:
    """What a wrong PIN is counted against: always the seat; on the referee's device the signed-in
    account (authenticated and audited; referees behind one hall address keep their own budgets);
    on a player's own phone, where the PIN is the only authority, the client address within this
    event (one event's hall cannot lock another event at the same venue)."""
    scopes = {"seat": f"seat:{table.pk}:{position}"}
    if not own_phone and getattr(actor, "is_authenticated", False):
        scopes["account"] = f"user:{actor.pk}"
    elif address:
        scopes["address"] = f"address:{table.round.tournament_id}:{address}"[:150]
    return scopes


def _address_limit(table: Table, limits: dict[str, int]) -> int:
    # A hall behind one NAT address shares this budget. An honest hall mistypes a few PINs per table
    # at most, and not all at once: about one failure per table (a quarter of the seats) in a window,
    # or PIN_ADDRESS_FAILURES for a small event, is room enough. An attacker from one address still
    # gets at most that many guesses per window, each against 10,000 PINs (and 5 per seat).
    seats = Seat.objects.filter(round_id=table.round_id).count()
    return max(limits["address"], seats // 4)


def _pin_lock(scopes: dict[str, str], now: datetime) -> datetime | None:
    until = PinThrottle.objects.filter(scope__in=scopes.values(), locked_until__gt=now).values_list(
        "locked_until", flat=True
    )
    return max(until, default=None)


@transaction.atomic
def _pin_failed(table: Table, scopes: dict[str, str]) -> datetime | None:
    """Count one failure in every scope, under a row lock (several server processes count the same
    rows); the scope that reaches its limit is locked. Returns the end of a lock, if any."""
    limits, now = _pin_limits(), timezone.now()
    if "address" in scopes:
        limits["address"] = _address_limit(table, limits)
    window = timedelta(seconds=limits["seconds"])
    locked = None
    for kind, scope in scopes.items():
        PinThrottle.objects.get_or_create(scope=scope)
        row = PinThrottle.objects.select_for_update().get(scope=scope)
        if row.updated_at < now - window:
            row.failures = 0  # old mistakes are forgiven: the limit counts recent failures
        row.failures += 1
        if row.failures >= limits[kind]:
            row.failures, row.locked_until = 0, now + window
            locked = max(locked or row.locked_until, row.locked_until)
        row.save()
    return locked


def confirm_table(
    actor: Any, table: Table, position: str, pin: str, *, address: str | None = None, own_phone: bool = False
) -> Confirmation:
    """A seated player confirms the table's result with his PIN (taruk2012.md §6.5's signature):
    on the referee's device, or with ``own_phone`` on his own seat page, where the PIN is the whole
    authority (anyone may open the page; no referee's role is asked) and the audit entry says so.

    Confirming again is harmless (the first confirmation stands; ``created`` is False). Wrong PINs are
    counted (in the database) per seat and, on the referee's device, per signed-in account, or, on
    the player's own phone, per client ``address`` within the event (its limit grows with the round's
    seats); repeated failures are locked out for a while (``PinLocked``)."""
    scopes = _pin_scopes(actor, table, position, address, own_phone=own_phone)
    try:
        return _confirm(actor, table, position, pin, scopes, own_phone=own_phone)
    except WrongPin:
        # Counted in its own transaction: the confirmation's rolled back, the failure must stay.
        until = _pin_failed(table, scopes)
        if until is not None:
            raise PinLocked(until) from None
        raise


@transaction.atomic
def _confirm(
    actor: Any, table: Table, position: str, pin: str, scopes: dict[str, str], *, own_phone: bool
) -> Confirmation:
    table = lock_table(table)
    tournament = table.round.tournament
    if not own_phone:
        access.require_hand_entry(actor, tournament, table.number)
    # Completeness first: a wrong PIN must not answer differently from a right one here.
    _check_complete(table, tournament)
    seat = Seat.objects.filter(table=table, position=position).select_related("entry").first()
    if seat is None:
        raise WrongPin(_("Nobody sits at position %(p)s.") % {"p": position})
    until = _pin_lock(scopes, timezone.now())
    if until is not None:
        raise PinLocked(until)
    if not hmac.compare_digest(seat.entry.pin.encode(), str(pin).strip().encode()):
        raise WrongPin(_("Wrong PIN for position %(p)s.") % {"p": position})
    PinThrottle.objects.filter(scope=scopes["seat"]).update(failures=0)
    confirmation, created = Confirmation.objects.get_or_create(
        table=table,
        position=position,
        defaults={"entry": seat.entry, "totals": dict(progress_of(table, tournament).totals)},
    )
    confirmation.created = created
    if created:
        after = {"position": position, "start_number": seat.entry.start_number, "totals": confirmation.totals}
        audit.log(
            actor,
            "table.confirmed_by_player",
            table,
            tournament=tournament,
            after={**after, "own_phone": True} if own_phone else after,
        )
    if table.confirmations.count() == table.seats.count() and table.confirmed_at is None:
        _mark_confirmed(actor, table, tournament, confirmation.totals)
    return confirmation


def _mark_confirmed(
    actor: Any, table: Table, tournament: Tournament, totals: Any, reason: str = "", **more: Any
) -> None:
    """The table confirmed now, audited as ``table.confirmed``: the moment, the totals confirmed (and ``more``)."""
    table.confirmed_at = timezone.now()
    table.save(update_fields=["confirmed_at"])
    after = {"confirmed_at": table.confirmed_at.isoformat(), "totals": totals, **more}
    audit.log(actor, "table.confirmed", table, tournament=tournament, reason=reason, after=after)


def _check_complete(table: Table, tournament: Tournament) -> None:
    progress = progress_of(table, tournament)
    if not progress.complete:
        raise NotOpen(
            _("The table has %(n)d of %(m)d hands; finish them first.") % {"n": progress.played, "m": progress.expected}
        )


@transaction.atomic
def confirm_by_judge(actor: Any, table: Table, reason: str) -> JudgeConfirmation:
    """taruk2012.md §6.5: seat A (with the PIN, before) together with the judge closes the protocol.

    The judge is an organizer, or a referee given judge rights on the desk (``access.is_judge``),
    confirming with his own login and a written reason instead of the other players' PINs: a
    referee of the table alone may not close it. Audited; a correction reopens it."""
    if not reason.strip():
        raise ValidationError(
            {"reason": [ValidationError(_("A confirmation by the judge needs a reason."), code="required")]}
        )
    table = lock_table(table)
    tournament = table.round.tournament
    access.require_judge(actor, tournament)
    _check_complete(table, tournament)
    if table.confirmed_at is not None:
        raise NotOpen(_("Table %(t)d is already confirmed.") % {"t": table.number})
    if not table.confirmations.filter(position="A").exists():
        raise NotOpen(_("Seat A confirms with the PIN first; then the judge confirms with a reason."))
    judge = JudgeConfirmation.objects.create(
        table=table, judge=actor, reason=reason.strip(), totals=dict(progress_of(table, tournament).totals)
    )
    audit.log(
        actor, "table.confirmed_by_judge", table, tournament=tournament, after=judge_record(judge), reason=judge.reason
    )
    _mark_confirmed(actor, table, tournament, judge.totals, judge.reason, by="seat A and judge")
    return judge
