"""Changing an event's point table and re-scoring its hands (tarokk-laza.md §4.2).

One audited action, ``set_point_table``, whatever the entry point (editor page,
upload, API): the table is checked by the engine, every table's hands are scored
again in order under the new table, and the change is refused whole — nothing
stored — if any hand would no longer be valid. The event row is locked for the
whole change and every table row with hands too, so no hand is entered under the
old table while the new one is being applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from scoring.engine import evaluate
from scoring.registry import VARIANTS
from scoring.types import HandError

from . import access, audit
from . import pointtable as pt
from .hands import _lock, _reopen, _rescore_from, progress_of, table_setup
from .models import Hand, Table, Tournament


@dataclass(frozen=True)
class BrokenHand:
    """A hand the new table would reject (its errors from the engine)."""

    round: int
    table: int
    hand: int
    errors: list[HandError]


class PointTableRefused(Exception):
    """The new table would make hands invalid; nothing was stored."""

    def __init__(self, broken: list[BrokenHand]):
        super().__init__("; ".join(f"round {b.round} table {b.table} hand {b.hand}" for b in broken))
        self.broken = broken


class StalePointTable(Exception):
    """The table was changed since the editor was opened."""


@dataclass
class PointTableChange:
    changed: bool
    rescored: list[dict[str, int]] = field(default_factory=list)  # {"round", "table", "hand"} whose score moved


def _tables_with_hands(tournament: Tournament) -> list[Table]:
    ids = Hand.objects.filter(table__round__tournament=tournament).values_list("table_id", flat=True).distinct()
    return list(Table.objects.filter(pk__in=list(ids)).select_related("round").order_by("round__number", "number"))


def _dry_run(tables: list[Table], config: dict) -> list[BrokenHand]:
    """Score every table's hands in order under ``config``; the first hand each table would refuse."""
    broken = []
    for table in tables:
        state: dict = {}
        for hand in table.hands.order_by("number"):
            result = evaluate(hand.input, state, config)
            if isinstance(result, list):
                broken.append(BrokenHand(table.round.number, table.number, hand.number, result))
                break
            state = result.state
    return broken


@transaction.atomic
def set_point_table(
    actor: Any, tournament: Tournament, config: dict, *, revision: str, reason: str = ""
) -> PointTableChange:
    """Store ``config`` as the event's point table and re-score every hand (§4.2).

    ``revision`` is ``pointtable.revision`` of the table the edit started from: a stale edit
    is refused, and the same table sent again (a retry) changes nothing. An event with hands
    needs a ``reason``; each hand whose score changes gets its own ``hand.rescored`` entry.
    """
    access.require_organizer(actor, tournament)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    current = tournament.config or {}
    if config == current:
        return PointTableChange(changed=False)
    if revision != pt.revision(current):
        raise StalePointTable(_("Someone changed the point table since you opened it; reload and try again."))
    errors = VARIANTS[tournament.variant].validate_config(config)
    if errors:
        raise ValidationError({"config": [f"{e.field}: {e.message}" for e in errors]})
    tables = [_lock(t) for t in _tables_with_hands(tournament)]
    if tables and not reason.strip():
        raise ValidationError({"reason": _("The event has hands: give a reason for changing the point table.")})
    broken = _dry_run(tables, config)
    if broken:
        raise PointTableRefused(broken)
    before = {"point_table": current.get("point_table"), "revision": pt.revision(current)}
    tournament.config = config
    tournament.save(update_fields=["config"])
    audit.log(
        actor,
        "tournament.point_table_changed",
        tournament,
        tournament=tournament,
        before=before,
        after={"point_table": config["point_table"], "revision": pt.revision(config)},
        reason=reason,
    )
    why = _("Point table %(version)s: %(reason)s") % {"version": pt.version_of(config), "reason": reason}
    change = PointTableChange(changed=True)
    for table in tables:
        totals_before = progress_of(table, tournament).totals
        points_before = dict(table.hands.values_list("number", "points"))
        setup = table_setup(table, tournament)
        _rescore_from(actor, table, tournament, setup, 1, {}, why)
        _refresh_breakdowns(table, setup.config)
        for number, points in table.hands.values_list("number", "points"):
            if points != points_before.get(number):
                change.rescored.append({"round": table.round.number, "table": table.number, "hand": number})
        if progress_of(table, tournament).totals != totals_before:
            _reopen(actor, table, tournament, why)  # the players confirmed other totals
    return change


def _refresh_breakdowns(table: Table, config: Any) -> None:
    """A hand whose points did not move still names the table it was scored with
    (its breakdown's first line); that text is derived, not a score, so no new version."""
    state: dict = {}
    for hand in table.hands.order_by("number"):
        result = evaluate(hand.input, state, config)
        state = result.state
        if result.stored_breakdown() != hand.breakdown:
            Hand.objects.filter(pk=hand.pk).update(breakdown=result.stored_breakdown())
