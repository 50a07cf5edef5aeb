"""Audited actions on hands: enter, correct, delete — each rescoring what follows.

The engine (``scoring.engine``) is pure; this module is the only place that
reads and writes ``Hand`` rows around it (STYLE.md §1, §3). A table's rows are
serialised with a row lock on the ``Table``; a correction names the version it
was made from and the ``UPDATE ... WHERE version = N`` refuses a stale one.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import access, audit
from tournaments.middleware import nul_message
from tournaments.models import Confirmation, Round, Seat, Table, Tournament
from tournaments.progress import progress_from_counts
from tournaments.rounds import clock_of

from . import misdeals
from .common import nul_paths
from .engine import evaluate
from .models import Hand
from .registry import VARIANTS
from .types import HandError, HandScore, Variant


class HandRejected(Exception):
    """The engine refused the hand; nothing was stored."""

    def __init__(self, errors: list[HandError], hand_number: int | None = None):
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors
        self.hand_number = hand_number


class StaleEdit(Exception):
    """Somebody saved the hand after this edit was started."""


class NotOpen(Exception):
    """The round is not in a state that takes hands."""


@dataclass(frozen=True)
class TableSetup:
    """What the engine needs to know about one table."""

    variant: Variant
    config: dict | None
    positions: list[str]  # seats at the table, A.. order
    first_dealer: str


def table_setup(table: Table, tournament: Tournament) -> TableSetup:
    positions = sorted(table.seats.values_list("position", flat=True))
    return TableSetup(
        variant=VARIANTS[tournament.variant],
        config=tournament.config or None,
        positions=positions,
        first_dealer=table.first_dealer,
    )


def next_envelopes(setup: TableSetup, previous: Hand | None) -> list[dict[str, Any]]:
    """The possible ``variant``, ``seats`` and ``dealer`` of the table's next hand, the usual one
    first (the deal does not always rotate: ``Variant.allowed_dealers``)."""
    if previous is None:
        dealers, state = [setup.first_dealer], {}
    else:
        dealers, state = setup.variant.allowed_dealers(setup.positions, previous.input), previous.state_after
    return [{"variant": setup.variant.key, "seats": setup.variant.playing_seats(setup.positions, dealer, state),
             "dealer": dealer} for dealer in dealers]


def next_envelope(setup: TableSetup, previous: Hand | None) -> dict[str, Any]:
    """The usual ``variant``, ``seats`` and ``dealer`` of the table's next hand."""
    return next_envelopes(setup, previous)[0]


def preview(table: Table, hand_input: Any, *, before_number: int | None = None) -> HandScore | list[HandError]:
    """Score ``hand_input`` as the next hand (or in place of hand ``before_number``) without storing."""
    tournament = table.round.tournament
    setup = table_setup(table, tournament)
    hands = table.hands.order_by("number")
    if before_number is not None:
        hands = hands.filter(number__lt=before_number)
    previous = hands.last()
    state = previous.state_after if previous else {}
    return evaluate(hand_input, state, setup.config)


def _check_open(actor: Any, table: Table, tournament: Tournament) -> None:
    access.require_hand_entry(actor, tournament, table.number)
    status = table.round.status
    if status == Round.Status.RUNNING:
        return
    # Organizers may still correct a closed round; nobody writes a draft or seated one.
    if status == Round.Status.CLOSED and access.is_organizer(actor, tournament):
        return
    raise NotOpen(_("Round %(n)d is not running.") % {"n": table.round.number})


def _lock(table: Table) -> Table:
    """Lock the table row: concurrent writes to one table's hands queue up here."""
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


def _check_envelope(hand_input: Any, allowed: list[dict[str, Any]], number: int) -> None:
    """The table decides who deals and who plays (taruk2012.md §7.3); the input must agree.
    No text in it may hold a NUL (the database cannot store one; a JSON body can carry ``\\u0000``)."""
    if not isinstance(hand_input, dict):
        raise HandRejected([HandError("", "invalid_value", _("The hand must be a JSON object."))], number)
    bad = [HandError(p, "invalid_value", nul_message(p)) for p in nul_paths(hand_input)]
    if bad:
        raise HandRejected(bad, number)
    expected = next((e for e in allowed if e["dealer"] == hand_input.get("dealer")), allowed[0])
    errors = [
        HandError(key, "inconsistent", _("%(key)s must be %(value)s for hand %(n)d at this table.")
                  % {"key": key, "value": expected[key], "n": number})
        for key in ("variant", "seats", "dealer") if hand_input.get(key) != expected[key]
    ]
    if errors:
        raise HandRejected(errors, number)


def _score_or_reject(result: HandScore | list[HandError], number: int) -> HandScore:
    if isinstance(result, list):
        raise HandRejected(result, number)
    return result


def _apply(hand: Hand, result: HandScore, variant: Variant) -> None:
    hand.played = variant.counts_as_played(hand.input)
    hand.points = result.points
    hand.state_after = result.state
    hand.breakdown = result.breakdown
    hand.rules_version = variant.rules_version


@transaction.atomic
def enter_hand(actor: Any, table: Table, hand_input: Any) -> Hand:
    table = _lock(table)
    tournament = table.round.tournament
    _check_open(actor, table, tournament)
    setup = table_setup(table, tournament)
    previous = table.hands.order_by("number").last()
    number = (previous.number + 1) if previous else 1
    played = table.hands.filter(played=True).count()
    if progress_from_counts(tournament, setup.positions, played=played, time_expired=table.time_expired).complete:
        raise NotOpen(_("Table %(t)d has played all its hands for this round.") % {"t": table.number})
    _check_envelope(hand_input, next_envelopes(setup, previous), number)
    result = _score_or_reject(evaluate(hand_input, previous.state_after if previous else {}, setup.config), number)
    if history := misdeals.history_errors(setup.variant, table, hand_input, number):  # taruk2012.md §5.4
        raise HandRejected(history, number)
    # taruk2012.md §7.2: after time is up the hand in progress is still scored; it is the last.
    if table.round.started_at is not None and clock_of(table.round).expired(timezone.now()):
        table.time_expired = True
        table.save(update_fields=["time_expired"])
        audit.log(actor, "table.time_expired", table, tournament=tournament, after={"hands": number})
    hand = Hand(
        table=table,
        number=number,
        dealer=hand_input["dealer"],
        input=hand_input,
        entered_by=actor,
    )
    _apply(hand, result, setup.variant)
    hand.save()
    audit.log(actor, "hand.entered", hand, tournament=tournament, after=hand.snapshot())
    return hand


def _rescore_from(
    actor: Any, table: Table, tournament: Tournament, setup: TableSetup, number: int, state: dict, reason: str
) -> None:
    """Rescore every hand from ``number`` on, in order, from ``state``; audit those whose score changed."""
    for later in table.hands.filter(number__gte=number).order_by("number"):
        before = later.snapshot()
        result = _score_or_reject(evaluate(later.input, state, setup.config), later.number)
        _apply(later, result, setup.variant)
        state = later.state_after
        if later.snapshot() != before or later.number != before["number"]:
            later.version += 1
            later.save()
            audit.log(
                actor,
                "hand.rescored",
                later,
                tournament=tournament,
                before=before,
                after=later.snapshot(),
                reason=reason,
            )


@transaction.atomic
def correct_hand(actor: Any, hand: Hand, new_input: Any, *, expected_version: int, reason: str) -> Hand:
    if not reason.strip():
        raise HandRejected([HandError("reason", "missing_field", _("A correction needs a reason."))])
    table = _lock(hand.table)
    tournament = table.round.tournament
    _check_open(actor, table, tournament)
    setup = table_setup(table, tournament)
    current = Hand.objects.get(pk=hand.pk)
    before = current.snapshot()
    _check_envelope(new_input, [{k: current.input.get(k) for k in ("variant", "seats", "dealer")}], current.number)
    previous = table.hands.filter(number__lt=current.number).order_by("number").last()
    result = _score_or_reject(
        evaluate(new_input, previous.state_after if previous else {}, setup.config), current.number
    )
    if history := misdeals.history_errors(setup.variant, table, new_input, current.number):  # taruk2012.md §5.4
        raise HandRejected(history, current.number)
    current.input = new_input
    current.dealer = new_input["dealer"]
    _apply(current, result, setup.variant)
    # The version check happens in the database: a concurrent save bumped it.
    updated = Hand.objects.filter(pk=current.pk, version=expected_version).update(
        input=current.input,
        dealer=current.dealer,
        points=current.points,
        state_after=current.state_after,
        breakdown=current.breakdown,
        rules_version=current.rules_version,
        version=expected_version + 1,
    )
    if not updated:
        raise StaleEdit(
            _("Hand %(n)d was changed by someone else since you opened it; reload and try again.")
            % {"n": current.number}
        )
    current.version = expected_version + 1
    audit.log(
        actor, "hand.corrected", current, tournament=tournament, before=before, after=current.snapshot(), reason=reason
    )
    _rescore_from(actor, table, tournament, setup, current.number + 1, current.state_after, reason)
    _reopen(actor, table, tournament, reason)
    return current


@transaction.atomic
def delete_hand(actor: Any, hand: Hand, *, expected_version: int, reason: str) -> None:
    """Delete a hand; later hands move up one number and are rescored."""
    if not reason.strip():
        raise HandRejected([HandError("reason", "missing_field", _("A deletion needs a reason."))])
    table = _lock(hand.table)
    tournament = table.round.tournament
    _check_open(actor, table, tournament)
    setup = table_setup(table, tournament)
    current = Hand.objects.get(pk=hand.pk)
    if current.version != expected_version:
        raise StaleEdit(
            _("Hand %(n)d was changed by someone else since you opened it; reload and try again.")
            % {"n": current.number}
        )
    deleted = Hand.objects.filter(pk=current.pk, version=expected_version).delete()[0]
    if not deleted:
        raise StaleEdit(
            _("Hand %(n)d was changed by someone else since you opened it; reload and try again.")
            % {"n": current.number}
        )
    audit.log(actor, "hand.deleted", current, tournament=tournament, before=current.snapshot(), reason=reason)
    # Ascending order keeps (table, number) unique at every step.
    for later in table.hands.filter(number__gt=current.number).order_by("number"):
        Hand.objects.filter(pk=later.pk).update(number=later.number - 1)
    previous = table.hands.filter(number__lt=current.number).order_by("number").last()
    _rescore_from(actor, table, tournament, setup, current.number, previous.state_after if previous else {}, reason)
    _reopen(actor, table, tournament, reason)


def _reopen(actor: Any, table: Table, tournament: Tournament, reason: str) -> None:
    """A correction after confirmation reopens the table: the players confirm again."""
    confirmations = list(table.confirmations.values("position", "entry_id", "totals"))
    if not confirmations and table.confirmed_at is None:
        return
    table.confirmations.all().delete()
    before = {"confirmed_at": table.confirmed_at.isoformat() if table.confirmed_at else None,
              "confirmations": confirmations}
    table.confirmed_at = None
    table.save(update_fields=["confirmed_at"])
    audit.log(actor, "table.reopened", table, tournament=tournament, before=before, after={"confirmed_at": None},
              reason=reason)


def table_totals(table: Table) -> dict[str, int]:
    """Position -> total of the table's hands so far."""
    totals = {pos: 0 for pos in table.seats.values_list("position", flat=True)}
    for points in table.hands.values_list("points", flat=True):
        for pos, p in points.items():
            totals[pos] = totals.get(pos, 0) + p
    return totals


class WrongPin(Exception):
    """The PIN does not belong to the player in that seat."""


@transaction.atomic
def confirm_table(actor: Any, table: Table, position: str, pin: str) -> Confirmation:
    """A seated player confirms the table's result with his PIN on the referee's device (Taruk S4)."""
    table = _lock(table)
    tournament = table.round.tournament
    access.require_hand_entry(actor, tournament, table.number)
    seat = Seat.objects.filter(table=table, position=position).select_related("entry").first()
    if seat is None:
        raise WrongPin(_("Nobody sits at position %(p)s.") % {"p": position})
    if not hmac.compare_digest(seat.entry.pin.encode(), str(pin).strip().encode()):
        raise WrongPin(_("Wrong PIN for position %(p)s.") % {"p": position})
    progress = progress_from_counts(tournament, table.seats.values_list("position", flat=True),
                                    played=table.hands.filter(played=True).count(), time_expired=table.time_expired)
    if not progress.complete:
        raise NotOpen(_("The table has %(n)d of %(m)d hands; finish them first.")
                      % {"n": progress.played, "m": progress.expected})
    confirmation, created = Confirmation.objects.get_or_create(
        table=table, position=position, defaults={"entry": seat.entry, "totals": table_totals(table)})
    if created:
        audit.log(actor, "table.confirmed_by_player", table, tournament=tournament,
                  after={"position": position, "start_number": seat.entry.start_number,
                         "totals": confirmation.totals})
    if table.confirmations.count() == table.seats.count() and table.confirmed_at is None:
        table.confirmed_at = timezone.now()
        table.save(update_fields=["confirmed_at"])
        audit.log(actor, "table.confirmed", table, tournament=tournament,
                  after={"confirmed_at": table.confirmed_at.isoformat(), "totals": confirmation.totals})
    return confirmation
