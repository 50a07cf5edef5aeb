"""Audited actions on hands: enter, correct, delete — each rescoring what follows.

The engine (``scoring.engine``) is pure; this module is the only place that
reads and writes ``Hand`` rows around it (STYLE.md §1, §3). A table's rows are
serialised with a row lock on the ``Table``; a correction names the version it
was made from and the ``UPDATE ... WHERE version = N`` refuses a stale one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.common import nul_paths
from scoring.engine import Scored, evaluate, first_refused, score_sequence
from scoring.types import HandError, HandScore, Variant
from tournaments import access, bulk
from tournaments.history import audit
from tournaments.models import (
    AuditEntry,
    Confirmation,
    Hand,
    IdempotencyKey,
    JudgeConfirmation,
    Round,
    Table,
    Tournament,
)
from tournaments.nul import large_number_message, large_number_paths, nul_message
from tournaments.tables import lines, misdeals
from tournaments.tables.handforms.base import hand_labels
from tournaments.tables.progress import TableProgress, table_progress


class HandRejected(Exception):
    """The engine refused the hand; nothing was stored."""

    def __init__(
        self,
        errors: list[HandError],
        hand_number: int | None = None,
        hand: Any = None,
        config: Mapping[str, Any] | None = None,
    ):
        super().__init__("; ".join(f"{e.field}: {e.message}" for e in errors))
        self.errors = errors
        self.hand_number = hand_number
        self.hand = hand  # the rejected input and the event's config: the API names fields by their labels
        self.config = config


def reasons(exc: HandRejected) -> str:
    """The engine's reasons for refusing a hand, in the active language, each after the label of its
    field as the hand form shows it (where the hand is known and a field of the form writes it)."""

    labels = hand_labels(exc.hand, exc.config) if isinstance(exc.hand, Mapping) else None
    out = []
    for error in exc.errors:
        label = labels(error.field) if labels is not None and error.field else None
        text = lines.message(error, labels)
        out.append(f"{label}: {text}" if label else text)
    return "; ".join(out)


class DeletionRefused(HandRejected):
    """Deleting hand ``deleted`` would leave a later hand (``hand_number``) invalid where it moves to."""

    def __init__(self, deleted: int, errors: list[HandError], later: int, hand: Any, config: Any):
        super().__init__(errors, later, hand, config)
        self.deleted = deleted

    def sentence(self) -> str:
        """The refusal in the active language, the engine's reasons in it too."""
        return _(
            "Hand %(n)d cannot be deleted: hand %(later)d would no longer be valid after it (%(reasons)s). "
            "Correct or delete hand %(later)d first; nothing was changed."
        ) % {"n": self.deleted, "later": self.hand_number, "reasons": reasons(self)}


class StaleEdit(Exception):
    """Somebody saved the hand after this edit was started."""


class HandNumberConflict(StaleEdit):
    """The request enters another hand number than the table's next one (two devices on one hand)."""

    def __init__(self, message: str, given: int, expected: int):
        super().__init__(message)
        self.given = given
        self.expected = expected


class IdempotencyConflict(Exception):
    """The idempotency key was already used for another request body (or its hand is gone)."""


class NotOpen(Exception):
    """The round is not in a state that takes hands."""


@dataclass(frozen=True)
class TableSetup:
    """What the engine needs to know about one table."""

    variant: Variant
    config: dict | None
    positions: list[str]  # seats at the table, A.. order
    first_dealer: str


def table_setup(table: Table, tournament: Tournament, positions: list[str] | None = None) -> TableSetup:
    """What the engine needs of ``table``; ``positions``: its seats where the caller has read them."""
    positions = sorted(table.seats.values_list("position", flat=True) if positions is None else positions)
    return TableSetup(
        variant=tournament.rules,
        config=tournament.config or None,
        positions=positions,
        first_dealer=table.first_dealer,
    )


def next_envelopes(setup: TableSetup, previous: Hand | None) -> list[dict[str, Any]]:
    """The possible envelopes of the table's next hand, the usual one first (the deal does not always
    rotate: ``Variant.allowed_dealers``): its ``variant``, ``seats`` and ``dealer``, and whatever else
    the table fixes of a hand as its variant declares it (``Variant.table_fields``)."""
    if previous is None:
        return envelopes_after(setup, None, {})
    return envelopes_after(setup, previous.input, previous.state_after)


def envelopes_after(setup: TableSetup, previous: Mapping[str, Any] | None, state: Mapping[str, Any]) -> list[dict]:
    """``next_envelopes`` after the hand ``previous`` (its input; None: the table's first hand), which
    left ``state``: also where a hand moved by a deletion now stands."""
    dealers = [setup.first_dealer] if previous is None else setup.variant.allowed_dealers(setup.positions, previous)
    return [
        {
            "variant": setup.variant.key,
            "seats": setup.variant.playing_seats(setup.positions, dealer, state),
            "dealer": dealer,
            **table_fields(setup, dealer),
        }
        for dealer in dealers
    ]


def table_fields(setup: TableSetup, dealer: str) -> dict[str, Any]:
    """What the table fixes of a hand dealt by ``dealer`` beyond its seats (``Variant.table_fields``)."""
    fields = setup.variant.table_fields
    return fields(setup.positions, dealer) if fields is not None else {}


def stored_envelope(setup: TableSetup, hand_input: Mapping[str, Any]) -> dict[str, Any]:
    """The envelope a stored hand has: what a correction keeps when it gives only the variant's fields."""
    extra = [k for k in table_fields(setup, hand_input.get("dealer", "")) if k in hand_input]
    return {k: hand_input.get(k) for k in ("variant", "seats", "dealer", *extra)}


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


def may_change_hands(actor: Any, table: Table, tournament: Tournament) -> bool:
    """Does the table's round take hands and corrections from ``actor`` (who may enter hands at the
    table)? A running round does; organizers may still correct a closed round; nobody writes a draft
    or seated one. The pages offer correction links exactly where this holds."""
    status = table.round.status
    return status == Round.Status.RUNNING or (status == Round.Status.CLOSED and access.is_organizer(actor, tournament))


def check_open(actor: Any, table: Table, tournament: Tournament) -> None:
    access.require_hand_entry(actor, tournament, table.number)
    if not may_change_hands(actor, table, tournament):
        raise NotOpen(_("Round %(n)d is not running.") % {"n": table.round.number})


def lock_table(table: Table) -> Table:
    """Lock the table row: concurrent writes to one table's hands queue up here."""
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table.pk)


def _check_envelope(hand_input: Any, allowed: list[dict[str, Any]], number: int) -> None:
    """The table decides who deals and who plays (taruk2012.md §7.3); the input must agree.
    No text in it may hold a NUL (the database cannot store one; a JSON body can carry ``\\u0000``),
    no number may pass ``NUMBER_LIMIT`` (the standings add them as 32-bit integers)."""
    if not isinstance(hand_input, dict):
        raise HandRejected([HandError("", "invalid_value", _("The hand must be a JSON object."))], number)
    bad = [HandError(p, "invalid_value", nul_message(p)) for p in nul_paths(hand_input)]
    bad += [HandError(p, "out_of_range", large_number_message(p)) for p in large_number_paths(hand_input)]
    if bad:
        raise HandRejected(bad, number)
    expected = next((e for e in allowed if e["dealer"] == hand_input.get("dealer")), allowed[0])
    errors = [
        HandError(
            key,
            "inconsistent",
            _("%(key)s must be %(value)s for hand %(n)d at this table.")
            % {"key": key, "value": expected[key], "n": number},
        )
        for key in expected  # variant, seats, dealer and what else the table fixes (next_envelopes)
        if hand_input.get(key) != expected[key]
    ]
    if errors:
        raise HandRejected(errors, number)


def _score_or_reject(
    result: HandScore | list[HandError], number: int, hand: Any = None, config: Mapping[str, Any] | None = None
) -> HandScore:
    if isinstance(result, list):
        raise HandRejected(result, number, hand, config)
    return result


# What ``_apply`` sets: the engine's answer for a hand.
_SCORED_FIELDS = ["played", "points", "state_after", "breakdown", "rules_version"]


def _apply(hand: Hand, result: HandScore, variant: Variant) -> None:
    hand.played = variant.counts_as_played(hand.input)
    hand.points = result.points
    hand.state_after = result.state
    hand.breakdown = result.stored_breakdown()  # messages, re-rendered in each reader's language
    hand.rules_version = variant.rules_version


def request_hash(hand_input: Any, number: int | None) -> str:
    """What an idempotency key is bound to: the hand and the number it was entered as."""
    body = json.dumps({"number": number, "input": hand_input}, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()


MAX_KEY_LENGTH = 100


def enter_hand(
    actor: Any,
    table: Table,
    hand_input: Any,
    *,
    number: int | None = None,
    idempotency_key: str | None = None,
    request_body: Any = None,
) -> Hand:
    """Enter the table's next hand.

    ``number`` is the hand number the client enters (the form or the body says it): another
    number than the table's next one is refused (two referees on one hand), nothing stored.
    ``idempotency_key``: the same key with the same body answers the hand the first request
    stored (``hand.replayed`` is true), with another body ``IdempotencyConflict``. The key is bound
    to ``request_body``, the request as the client sent it (default: ``hand_input``): the envelope a
    page or the API fills in from the table differs once the first request has stored its hand.
    """
    body_hash = request_hash(hand_input if request_body is None else request_body, number)
    if idempotency_key is not None and not (0 < len(idempotency_key) <= MAX_KEY_LENGTH):
        raise HandRejected(
            [
                HandError(
                    "idempotency_key",
                    "invalid_value",
                    _("The idempotency key must have 1 to %(n)d characters.") % {"n": MAX_KEY_LENGTH},
                )
            ]
        )
    try:
        return _enter_hand(actor, table, hand_input, number, idempotency_key, body_hash)
    except IntegrityError:
        # Only the key's unique constraint can fail here (the table lock orders the numbers): a
        # retry raced the first request and lost. Now the first one has committed; answer it.
        if idempotency_key is None:
            raise
        return _enter_hand(actor, table, hand_input, number, idempotency_key, body_hash)


def _replay(table: Table, key: str, body_hash: str) -> Hand | None:
    row = IdempotencyKey.objects.filter(table=table, key=key).select_related("hand").first()
    if row is None:
        return None
    if row.request_hash != body_hash:
        raise IdempotencyConflict(
            _("This idempotency key was already used for another hand (hand %(n)d); nothing was stored.")
            % {"n": row.hand_number}
        )
    if row.hand is None:
        raise IdempotencyConflict(
            _("This request already stored hand %(n)d, which has since been deleted; nothing was stored.")
            % {"n": row.hand_number}
        )
    row.hand.replayed = True
    return row.hand


def _check_number(table: Table, given: int | None, expected: int, complete: bool) -> None:
    if given is None or given == expected:
        return
    existing = table.hands.filter(number=given).select_related("entered_by").first()
    if existing is not None and complete:  # no hand after it: the table has played its hands
        by = existing.entered_by.get_username() if existing.entered_by else "?"
        message = _(
            "Hand %(n)d has already been saved (by %(by)s); nothing was stored. The table has played all its "
            "hands: check hand %(n)d in the list and correct it if yours is right."
        ) % {"n": given, "by": by}
    elif existing is not None:
        by = existing.entered_by.get_username() if existing.entered_by else "?"
        message = _(
            "Hand %(n)d has already been saved (by %(by)s); nothing was stored. Check hand %(n)d in the "
            "list; if yours is another deal, enter it as hand %(next)d."
        ) % {"n": given, "by": by, "next": expected}
    else:
        message = _(
            "This entry was for hand %(n)d, but the table's next hand is %(next)d (a hand was deleted "
            "meanwhile); nothing was stored. Check the hands and save again."
        ) % {"n": given, "next": expected}
    raise HandNumberConflict(message, given, expected)


@transaction.atomic
def _enter_hand(
    actor: Any, table: Table, hand_input: Any, given_number: int | None, key: str | None, body_hash: str
) -> Hand:
    table = lock_table(table)
    tournament = table.round.tournament
    access.require_hand_entry(actor, tournament, table.number)
    # A retry is answered before anything else: by now the hand it entered is not the next one,
    # and the table may be complete.
    replayed = _replay(table, key, body_hash) if key is not None else None
    if replayed is not None:
        return replayed
    check_open(actor, table, tournament)
    setup = table_setup(table, tournament)
    previous = table.hands.order_by("number").last()
    number = (previous.number + 1) if previous else 1
    complete = progress_of(table, tournament).complete
    _check_number(table, given_number, number, complete)
    if complete:
        raise NotOpen(_complete_message(table))
    _check_envelope(hand_input, next_envelopes(setup, previous), number)
    state = previous.state_after if previous else {}
    result = _score_or_reject(evaluate(hand_input, state, setup.config), number, hand_input, setup.config)
    if history := misdeals.history_errors(setup.variant, table, hand_input, number):  # taruk2012.md §5.4
        raise HandRejected(history, number)
    hand = Hand(
        table=table,
        number=number,
        dealer=hand_input["dealer"],
        input=hand_input,
        entered_by=actor,
        version=_slot_version(table, tournament, number) + 1,
    )
    _apply(hand, result, setup.variant)
    hand.save()
    if key is not None:
        IdempotencyKey.objects.create(table=table, key=key, request_hash=body_hash, hand=hand, hand_number=number)
    audit.log(actor, "hand.entered", hand, tournament=tournament, after=hand.snapshot())
    hand.replayed = False
    return hand


def _complete_message(table: Table) -> str:
    """Why the table takes no more hands. The round clock alone never says so: hands played in time
    are often typed after it ran out; the referee records where time was up (``timeup``)."""
    if table.time_up_after is not None:
        return _(
            "Time was up after hand %(n)d at table %(t)d: hand %(next)d was not played in this round. If it "
            "was, change where time was up first."
        ) % {"n": table.time_up_after, "t": table.number, "next": table.time_up_after + 1}
    return _("Table %(t)d has played all its hands for this round.") % {"t": table.number}


def _slot_version(table: Table, tournament: Tournament, number: int) -> int:
    """The highest version a hand had at ``number`` of this table before it was deleted or moved up
    (0 if none): a new hand there starts above it, so an edit prepared against the hand that held the
    number (a client that sends number and version, no id) is stale. The audit log, in the same
    database and written in the same transactions, is what remembers hands that are gone."""
    left = AuditEntry.objects.filter(
        tournament=tournament,
        round_number=table.round.number,
        table_number=table.number,
        action__in=("hand.deleted", "hand.renumbered"),
        before__number=number,
    )
    return max((before.get("version") or 0 for before in left.values_list("before", flat=True)), default=0)


def _log_rescored(actor: Any, hand: Hand, tournament: Tournament, before: dict[str, Any], reason: str) -> None:
    """The audit entry of a hand whose score changed because an earlier hand did (or moved)."""
    audit.log(actor, "hand.rescored", hand, tournament=tournament, before=before, after=hand.snapshot(), reason=reason)


@dataclass
class Rescored:
    """Hands scored again in memory (``rescore_hands``), not yet stored: ``changed`` those whose score
    moved (their version bumped), each with its snapshot from before; ``retold`` those whose breakdown
    alone reads otherwise."""

    changed: list[tuple[Hand, dict[str, Any]]] = field(default_factory=list)
    retold: list[Hand] = field(default_factory=list)


def rescore_hands(hands: list[Hand], scored: list[Scored], variant: Variant, into: Rescored | None = None) -> Rescored:
    """Give ``hands`` (in order) the results ``scored`` of their inputs (``score_sequence``, none refused),
    in memory; ``into``: add them to what other tables' hands gave (a whole event stored at once)."""
    out = Rescored() if into is None else into
    now = timezone.now()
    for hand, step in zip(hands, scored, strict=False):
        before = hand.snapshot()
        breakdown = hand.breakdown
        _apply(hand, _score_or_reject(step.result, hand.number), variant)
        if hand.snapshot() != before:
            hand.version += 1
            hand.updated_at = now
            out.changed.append((hand, before))
        elif hand.breakdown != breakdown:
            out.retold.append(hand)
    return out


def store_rescored(actor: Any, tournament: Tournament, rescored: Rescored, reason: str) -> None:
    """Store ``rescored``, each changed hand with its ``hand.rescored`` audit entry. A hand whose score
    stands but whose breakdown reads otherwise (it names the point table it was scored with) gets the
    new text: derived, not a score, so no new version and no audit entry. The caller locked the tables."""
    entries = [
        audit.entry(
            actor, "hand.rescored", hand, tournament=tournament, before=before, after=hand.snapshot(), reason=reason
        )
        for hand, before in rescored.changed
    ]
    # A reading changed on a 1,024-player event rescores ten thousand hands (bench/rescore.py): the hands
    # and their audit entries are written together, not a statement each.
    bulk.update(Hand, [hand for hand, _before in rescored.changed], [*_SCORED_FIELDS, "version", "updated_at"])
    bulk.update(Hand, rescored.retold, ["breakdown"])
    audit.append(entries)


def rescore_from(
    actor: Any, table: Table, tournament: Tournament, setup: TableSetup, number: int, state: dict, reason: str
) -> None:
    """Rescore every hand from ``number`` on, in order, from ``state``; audit those whose score changed."""
    later = list(table.hands.filter(number__gte=number).order_by("number"))
    scored = score_sequence([h.input for h in later], state, setup.config)
    store_rescored(actor, tournament, rescore_hands(later, scored, setup.variant), reason)


@transaction.atomic
def correct_hand(actor: Any, hand: Hand, new_input: Any, *, expected_version: int, reason: str) -> Hand:
    table, tournament, setup, current = _to_change(
        actor, hand, expected_version, reason, _("A correction needs a reason.")
    )
    before = current.snapshot()
    _check_envelope(new_input, [{k: current.input.get(k) for k in ("variant", "seats", "dealer")}], current.number)
    previous = table.hands.filter(number__lt=current.number).order_by("number").last()
    result = _score_or_reject(
        evaluate(new_input, previous.state_after if previous else {}, setup.config),
        current.number,
        new_input,
        setup.config,
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
    rescore_from(actor, table, tournament, setup, current.number + 1, current.state_after, reason)
    reopen_confirmations(actor, table, tournament, reason)
    return current


def _stale(number: int) -> StaleEdit:
    return StaleEdit(
        _("Hand %(n)d was changed by someone else since you opened it; reload and try again.") % {"n": number}
    )


def _current(hand: Hand, expected_version: int) -> Hand:
    """The hand as stored now, under the table lock; a deleted, renumbered or changed one is stale.

    ``hand`` is addressed by its identity (pk), which never moves; every renumbered hand also gets
    a new version, so a client that only knows number and version is refused too."""
    current = Hand.objects.filter(pk=hand.pk).first()
    if current is None:
        raise StaleEdit(_("Hand %(n)d was deleted since you opened it; nothing was stored.") % {"n": hand.number})
    if current.version != expected_version:
        raise _stale(current.number)
    return current


def _to_change(
    actor: Any, hand: Hand, expected_version: int, reason: str, no_reason: str
) -> tuple[Table, Tournament, TableSetup, Hand]:
    """What a correction or a deletion works on: the table locked and open to ``actor``, its setup and the
    hand as stored now (stale: refused); ``no_reason`` is the error when ``reason`` is empty."""
    if not reason.strip():
        raise HandRejected([HandError("reason", "missing_field", no_reason)])
    table = lock_table(hand.table)
    tournament = table.round.tournament
    check_open(actor, table, tournament)
    return table, tournament, table_setup(table, tournament), _current(hand, expected_version)


def _envelope(hand_input: dict, allowed: list[dict[str, Any]]) -> dict[str, Any]:
    """The envelope a hand takes at a new place: its own dealer where the rotation allows it
    there (a void deal, a throw-in), else the usual one."""
    return next((e for e in allowed if e["dealer"] == hand_input.get("dealer")), allowed[0])


def _place(snapshot: dict) -> dict:
    """Where a hand sits: what a renumbering changes."""
    return {
        "number": snapshot["number"],
        "dealer": snapshot["dealer"],
        "seats": snapshot["input"].get("seats"),
        "version": snapshot["version"],
    }


def _without_place(snapshot: dict) -> dict:
    return {k: v for k, v in snapshot.items() if k not in ("number", "dealer", "version", "input")}


@transaction.atomic
def delete_hand(actor: Any, hand: Hand, *, expected_version: int, reason: str) -> None:
    """Delete a hand; later hands move up one number, take the dealer and seats the rotation gives
    at their new number, and are rescored. If one of them cannot be valid in its new place the
    deletion is refused naming it, and nothing changes (the transaction rolls back)."""
    table, tournament, setup, current = _to_change(
        actor, hand, expected_version, reason, _("A deletion needs a reason.")
    )
    deleted = Hand.objects.filter(pk=current.pk, version=expected_version).delete()[0]
    if not deleted:
        raise _stale(current.number)
    audit.log(actor, "hand.deleted", current, tournament=tournament, before=current.snapshot(), reason=reason)
    previous = table.hands.filter(number__lt=current.number).order_by("number").last()
    later = list(table.hands.filter(number__gt=current.number).order_by("number"))

    def moved(hand_input: dict, before: Mapping[str, Any] | None, state: Mapping[str, Any]) -> dict:
        """The hand one place up: the dealer and seats the rotation gives it there."""
        return {**hand_input, **_envelope(hand_input, envelopes_after(setup, before, state))}

    scored = score_sequence(
        [h.input for h in later],
        previous.state_after if previous else {},
        setup.config,
        place=moved,
        previous=previous.input if previous else None,
    )
    if (refused := first_refused(scored)) is not None:
        raise DeletionRefused(
            current.number, scored[refused].result, later[refused].number, scored[refused].hand, setup.config
        )
    # The version the client of a slot may hold: a hand moving into the slot gets a higher one, so
    # a correction prepared against the slot's former hand is refused as stale.
    slot_version = current.version
    # Ascending order keeps (table, number) unique at every step.
    for hand, step in zip(later, scored, strict=True):
        before = hand.snapshot()
        hand.number -= 1
        hand.input = step.hand
        hand.dealer = step.hand["dealer"]
        _apply(hand, step.result, setup.variant)
        slot_version, hand.version = hand.version, max(hand.version, slot_version) + 1
        hand.save()
        audit.log(
            actor,
            "hand.renumbered",
            hand,
            tournament=tournament,
            before=_place(before),
            after=_place(hand.snapshot()),
            reason=reason,
        )
        if _without_place(hand.snapshot()) != _without_place(before):
            _log_rescored(actor, hand, tournament, before, reason)
    reopen_confirmations(actor, table, tournament, reason)


def judge_record(judge: JudgeConfirmation) -> dict[str, Any]:
    return {
        "judge": judge.judge.get_username() if judge.judge else None,
        "reason": judge.reason,
        "totals": judge.totals,
        "confirmed_at": judge.confirmed_at.isoformat(),
    }


def reopen_confirmations(actor: Any, table: Table, tournament: Tournament, reason: str) -> None:
    """A correction after confirmation reopens the table: the players confirm again."""
    audit.append(reopen_tables(actor, [table], tournament, reason))


def reopen_tables(actor: Any, tables: list[Table], tournament: Tournament, reason: str) -> list[AuditEntry]:
    """Reopen those of ``tables`` (locked by the caller) that were confirmed, wholly or in part: their
    confirmations and the judge's countersignature deleted, the players confirm again. Returns their
    ``table.reopened`` audit entries, not yet written (in the order of ``tables``), for the caller to
    write with the rest of its action: a readings change reopens a thousand tables in a few statements."""
    ids = [table.pk for table in tables]
    confirmations: dict[int, list[dict[str, Any]]] = {pk: [] for pk in ids}
    rows = Confirmation.objects.filter(table__in=ids).order_by("pk")
    for row in rows.values("table_id", "position", "entry_id", "totals"):
        confirmations[row.pop("table_id")].append(row)
    judges = {j.table_id: j for j in JudgeConfirmation.objects.filter(table__in=ids).select_related("judge")}
    reopened = [t for t in tables if confirmations[t.pk] or t.pk in judges or t.confirmed_at is not None]
    if not reopened:
        return []
    entries = []
    for table in reopened:
        before: dict[str, Any] = {
            "confirmed_at": table.confirmed_at.isoformat() if table.confirmed_at else None,
            "confirmations": confirmations[table.pk],
        }
        if (judge := judges.get(table.pk)) is not None:
            before["judge"] = judge_record(judge)
        table.confirmed_at = None
        entries.append(
            audit.entry(
                actor,
                "table.reopened",
                table,
                tournament=tournament,
                before=before,
                after={"confirmed_at": None},
                reason=reason,
            )
        )
    ids = [table.pk for table in reopened]
    Confirmation.objects.filter(table__in=ids).delete()
    JudgeConfirmation.objects.filter(table__in=ids).delete()
    Table.objects.filter(pk__in=ids).update(confirmed_at=None)
    return entries


def progress_of(table: Table, tournament: Tournament | None = None) -> TableProgress:
    """One table's progress and totals from its stored hands (``progress.table_progress``): what the
    hand actions check before entering or confirming, and the totals a confirmation keeps."""
    positions = table.seats.order_by("position").values_list("position", flat=True)
    return table_progress(
        tournament or table.round.tournament,
        positions,
        table.hands.values("played", "points"),
        time_up_after=table.time_up_after,
    )
