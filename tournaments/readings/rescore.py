"""Changing what an event's hands are scored under, and re-scoring them: the configuration table its
variant declares (``scoring.config_table``: Laza's point table, tarokk-laza.md §4.2) and the organizer's
readings of the rules (taruk2012.md §4.5).

One audited action, ``set_config_table``, whatever the entry point (editor page, upload, API) and
whatever the variant: the table is checked by the variant, every table's hands are scored again in order
under the new table, and the change is refused whole — nothing stored — if any hand would no longer be
valid. The event row is locked for the whole change and every table row with hands too, so no hand is
entered under the old table while the new one is being applied.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine import first_refused, score_sequence
from scoring.text import Msg, render
from scoring.types import HandError
from tournaments import access
from tournaments.history import audit
from tournaments.models import Hand, Table, Tournament
from tournaments.readings.words import choice_errors, readings, settings_errors, with_readings
from tournaments.results.load import StandingRow, event_standings
from tournaments.tables.hands import lock_table, progress_of, reopen_confirmations, rescore_from, table_setup


@dataclass(frozen=True)
class BrokenHand:
    """A hand the new table would reject (its errors from the engine)."""

    round: int
    table: int
    hand: int
    errors: list[HandError]


class ChangeRefused(Exception):
    """The new table (or readings) would make hands invalid; nothing was stored."""

    def __init__(self, broken: list[BrokenHand]):
        super().__init__("; ".join(f"round {b.round} table {b.table} hand {b.hand}" for b in broken))
        self.broken = broken


class StaleTable(Exception):
    """The table was changed since the editor was opened."""


@dataclass
class TableChange:
    changed: bool
    rescored: list[dict[str, int]] = field(default_factory=list)  # {"round", "table", "hand"} whose score moved


def has_hands(tournament: Tournament) -> bool:
    return Hand.objects.filter(table__round__tournament=tournament).exists()


def _tables_with_hands(tournament: Tournament) -> list[Table]:
    ids = Hand.objects.filter(table__round__tournament=tournament).values_list("table_id", flat=True).distinct()
    return list(Table.objects.filter(pk__in=list(ids)).select_related("round").order_by("round__number", "number"))


def _dry_run(tables: list[Table], config: dict) -> list[BrokenHand]:
    """Score every table's hands in order under ``config``; the first hand each table would refuse."""
    broken = []
    for table in tables:
        hands = list(table.hands.order_by("number").values_list("number", "input"))
        scored = score_sequence([hand for _number, hand in hands], {}, config)
        if (refused := first_refused(scored)) is not None:
            broken.append(BrokenHand(table.round.number, table.number, hands[refused][0], scored[refused].result))
    return broken


@transaction.atomic
def set_config_table(
    actor: Any, tournament: Tournament, table: dict, *, revision: str, reason: str = ""
) -> TableChange:
    """Store ``table`` (``ConfigTable.to_config``, checked) as the event's configuration table and re-score
    every hand.

    ``revision`` is ``ConfigTable.revision`` of the table the edit started from: a stale edit is refused,
    and the same table sent again (a retry) changes nothing. An event with hands needs a ``reason``; each
    hand whose score changes gets its own ``hand.rescored`` entry. The audit entry is
    ``tournament.<member>_changed`` (Laza: ``tournament.point_table_changed``).
    """
    access.require_organizer(actor, tournament)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    declared = tournament.rules.config_table
    current = tournament.config or {}
    config = {**current, **table}
    if config == current:
        return TableChange(changed=False)
    words, lang = declared.words, get_language()
    if revision != declared.revision(current):
        raise StaleTable(render(words.stale, lang))
    errors = tournament.rules.validate_config(config)
    if errors:
        raise ValidationError({"config": [f"{e.field}: {e.message}" for e in errors]})
    tables = [lock_table(t) for t in _tables_with_hands(tournament)]
    if tables and not reason.strip():
        raise ValidationError({"reason": render(words.reason_needed, lang)})
    broken = _dry_run(tables, config)
    if broken:
        raise ChangeRefused(broken)
    member = declared.member
    before = {member: current.get(member), "revision": declared.revision(current)}
    tournament.config = config
    tournament.save(update_fields=["config"])
    audit.log(
        actor,
        f"tournament.{member}_changed",
        tournament,
        tournament=tournament,
        before=before,
        after={member: config[member], "revision": declared.revision(config)},
        reason=reason,
    )
    why = render(Msg(words.why, version=declared.version_of(config), reason=reason), lang)
    return TableChange(changed=True, rescored=_rescore_tables(actor, tournament, tables, why))


def _rescore_tables(actor: Any, tournament: Tournament, tables: list[Table], why: str) -> list[dict[str, int]]:
    """Score every hand of ``tables`` again, in order, under the event's config as stored now;
    a table whose totals move is reopened for confirmation. Returns the hands whose points moved."""
    rescored = []
    for table in tables:
        totals_before = progress_of(table, tournament).totals
        points_before = dict(table.hands.values_list("number", "points"))
        setup = table_setup(table, tournament)
        rescore_from(actor, table, tournament, setup, 1, {}, why)
        for number, points in table.hands.values_list("number", "points"):
            if points != points_before.get(number):
                rescored.append({"round": table.round.number, "table": table.number, "hand": number})
        if progress_of(table, tournament).totals != totals_before:
            reopen_confirmations(actor, table, tournament, why)  # the players confirmed other totals
    return rescored


# --- the organizer's readings of the rules (taruk2012.md §4.5) ------------------------------


@dataclass(frozen=True)
class StandingChange:
    """One player's line before and after a change of readings."""

    name: str
    rank_before: int
    rank_after: int
    ranking_points_before: float
    ranking_points_after: float
    game_points_before: int
    game_points_after: int


@dataclass
class ReadingsChange:
    changed: bool
    before: dict[str, str] = field(default_factory=dict)  # option -> value in force
    after: dict[str, str] = field(default_factory=dict)
    standings: list[StandingChange] = field(default_factory=list)  # only the lines that moved
    rescored: list[dict[str, int]] = field(default_factory=list)
    applied: bool = False


def readings_differ(tournament: Tournament, chosen: dict[str, Any]) -> bool:
    """Would ``chosen`` change a reading in force at ``tournament``?"""
    current = readings(tournament)
    return any(current.get(key) != value for key, value in chosen.items())


class _DryRun(Exception):
    """Rolls back a change that was only computed to show its effect."""

    def __init__(self, change: ReadingsChange):
        self.change = change


def set_readings(
    actor: Any, tournament: Tournament, chosen: dict[str, Any], *, reason: str = "", dry_run: bool = False
) -> ReadingsChange:
    """Change the event's readings (the options its variant declares) and re-score every hand.

    ``dry_run`` computes everything — the re-scored hands and the standings before and
    after — and stores nothing: the organizer sees the diff before applying it. Applying on
    an event with hands needs a ``reason``; the audit entry keeps the readings before and
    after and the standings lines that moved.
    """
    access.require_organizer(actor, tournament)
    try:
        with transaction.atomic():
            change = _set_readings(actor, tournament, chosen, reason, dry_run)
            if dry_run and change.changed:
                raise _DryRun(change)
    except _DryRun as rolled_back:
        return rolled_back.change
    return change


def _set_readings(
    actor: Any, tournament: Tournament, chosen: dict[str, Any], reason: str, dry_run: bool
) -> ReadingsChange:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if problems := choice_errors(tournament.variant, chosen, new_event=False):
        raise ValidationError(problems)
    before = readings(tournament)
    config, settings = with_readings(tournament.variant, tournament.config, tournament.event_settings, chosen)
    tournament.config, tournament.event_settings = config, settings
    after = readings(tournament)
    if after == before:
        return ReadingsChange(changed=False, before=before, after=after)
    variant = tournament.rules
    errors = {e.field.removeprefix("config."): f"{e.field}: {e.message}" for e in variant.validate_config(config)}
    if problems := settings_errors(variant, settings):
        errors["event_settings"] = "; ".join(problems)
    if errors:
        raise ValidationError(errors)
    tables = [lock_table(t) for t in _tables_with_hands(tournament)]
    if tables and not dry_run and not reason.strip():
        raise ValidationError({"reason": _("The event has hands: give a reason for changing a reading.")})
    broken = _dry_run(tables, config)
    if broken:
        raise ChangeRefused(broken)
    old = Tournament.objects.get(pk=tournament.pk)
    rows_before = event_standings(old)[1]
    tournament.save(update_fields=["config", "event_settings"])
    why = _("Readings changed: %(reason)s") % {"reason": reason}
    rescored = _rescore_tables(actor, tournament, tables, why)
    rows_after = event_standings(tournament)[1]
    moved = _standings_diff(rows_before, rows_after)
    audit.log(
        actor,
        "tournament.readings_changed",
        tournament,
        tournament=tournament,
        before={"readings": before},
        after={"readings": after, "standings": [asdict(m) for m in moved]},
        reason=reason,
    )
    return ReadingsChange(True, before, after, moved, rescored, applied=not dry_run)


def _standings_diff(rows_before: list[StandingRow], rows_after: list[StandingRow]) -> list[StandingChange]:
    """The lines whose rank, ranking points or game points moved, in the new order."""
    old = {r.entry_id: r for r in rows_before}
    moved = []
    for new in rows_after:
        was = old.get(new.entry_id)
        if was is None:
            continue
        change = StandingChange(
            name=new.name,
            rank_before=was.rank,
            rank_after=new.rank,
            ranking_points_before=float(was.line.ranking_points),
            ranking_points_after=float(new.line.ranking_points),
            game_points_before=was.line.game_points,
            game_points_after=new.line.game_points,
        )
        if (change.rank_before, change.ranking_points_before, change.game_points_before) != (
            change.rank_after,
            change.ranking_points_after,
            change.game_points_after,
        ):
            moved.append(change)
    return moved
