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

import gc
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.engine import first_refused, score_sequence
from scoring.text import Msg, render
from scoring.types import HandError
from tournaments import access
from tournaments.history import audit
from tournaments.models import Hand, Seat, Table, Tournament
from tournaments.readings.words import choice_errors, readings, settings_errors, with_readings
from tournaments.results.load import StandingRow, event_standings
from tournaments.tables.hands import Rescored, reopen_tables, rescore_hands, store_rescored
from tournaments.tables.progress import running_totals


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


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held while a whole event's hands are in memory, as it is at start-up.
    Ten thousand hands with their JSON documents (tens of containers each) survive the pass, so every
    collection the engine's allocations trigger walks them all again: a third of the time of a change at
    1,024 players (bench/rescore.py). Nothing here leaves cycles behind; reference counting frees as ever.
    The collector is the process's: another thread's work meanwhile is only collected later."""
    if not gc.isenabled():  # another thread holds it already: it will enable it again
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _locked_tables_with_hands(tournament: Tournament) -> list[Table]:
    """The event's tables that have hands, in round and table order, every row locked in one statement
    (``hands.lock_table``'s lock, each table's): no hand is entered or corrected while they are rescored."""
    with_hands = Exists(Hand.objects.filter(table=OuterRef("pk")))
    tables = Table.objects.select_for_update().filter(with_hands, round__tournament=tournament)
    return list(tables.select_related("round__tournament").order_by("round__number", "number"))


@dataclass
class _Rescoring:
    """Every hand of an event scored again under a new config, in memory: what applying the change
    stores, and what its preview shows."""

    broken: list[BrokenHand] = field(default_factory=list)  # the first hand each table would refuse
    hands: Rescored = field(default_factory=Rescored)
    moved: list[dict[str, int]] = field(default_factory=list)  # {"round", "table", "hand"} whose points moved
    reopened: list[Table] = field(default_factory=list)  # whose totals moved: the players confirmed others
    totals: dict[int, dict[str, int]] = field(default_factory=dict)  # table id -> its seats' new totals


def _score_again(tournament: Tournament, tables: list[Table], config: dict, *, applying: bool) -> _Rescoring:
    """Score every hand of ``tables`` again, in order, under ``config``, in one pass and nothing stored:
    two queries (the seats, the hands) whatever the size, each table's hands through the engine once.
    ``applying``: the hands are given their new scores (in memory, for ``_store``); a preview reads of
    them only what it shows (their numbers, inputs and points)."""
    out = _Rescoring()
    seats: dict[int, list[str]] = defaultdict(list)
    for table_id, position in (
        Seat.objects.filter(round__tournament=tournament).order_by().values_list("table_id", "position")
    ):
        seats[table_id].append(position)
    by_id = {table.pk: table for table in tables}
    rows = Hand.objects.filter(table__round__tournament=tournament).order_by("table_id", "number")
    hands: dict[int, list[Hand]] = defaultdict(list)
    for hand in rows if applying else rows.only("table_id", "number", "input", "points"):
        if (table := by_id.get(hand.table_id)) is not None:  # a table given its first hand since: not locked
            hand.table = table  # the audit entry places the hand by its table and round
            hands[table.pk].append(hand)
    variant = tournament.rules
    for table in tables:
        own = hands[table.pk]
        scored = score_sequence([hand.input for hand in own], {}, config)
        if (refused := first_refused(scored)) is not None:
            out.broken.append(BrokenHand(table.round.number, table.number, own[refused].number, scored[refused].result))
        if out.broken:  # the change is refused whole: only the hands it would break are named
            continue
        points = [step.result.points for step in scored]
        moved = [hand.number for hand, new in zip(own, points, strict=True) if new != hand.points]
        out.moved += [{"round": table.round.number, "table": table.number, "hand": number} for number in moved]
        positions = sorted(seats[table.pk])
        after = running_totals(points, positions)[-1]
        if moved and after != running_totals([hand.points for hand in own], positions)[-1]:
            out.reopened.append(table)
            out.totals[table.pk] = after
        if applying:
            rescore_hands(own, scored, variant, into=out.hands)
    return out


def _store(actor: Any, tournament: Tournament, rescoring: _Rescoring, why: str) -> None:
    """Write what ``_score_again`` computed: the hands with their audit entries, the tables reopened."""
    store_rescored(actor, tournament, rescoring.hands, why)
    audit.append(reopen_tables(actor, rescoring.reopened, tournament, why))


@transaction.atomic
@_collector_paused()
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
    tables = _locked_tables_with_hands(tournament)
    if tables and not reason.strip():
        raise ValidationError({"reason": render(words.reason_needed, lang)})
    rescoring = _score_again(tournament, tables, config, applying=True)
    if rescoring.broken:
        raise ChangeRefused(rescoring.broken)
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
    _store(actor, tournament, rescoring, why)
    return TableChange(changed=True, rescored=rescoring.moved)


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


def set_readings(
    actor: Any, tournament: Tournament, chosen: dict[str, Any], *, reason: str = "", dry_run: bool = False
) -> ReadingsChange:
    """Change the event's readings (the options its variant declares) and re-score every hand.

    ``dry_run`` computes everything — the re-scored hands and the standings before and
    after — and stores nothing: the organizer sees the diff before applying it. Both score
    every hand once, in memory; applying then stores what moved. Applying on an event with
    hands needs a ``reason``; the audit entry keeps the readings before and after and the
    standings lines that moved.
    """
    access.require_organizer(actor, tournament)
    with transaction.atomic(), _collector_paused():
        return _set_readings(actor, tournament, chosen, reason, dry_run)


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
    tables = _locked_tables_with_hands(tournament)
    if tables and not dry_run and not reason.strip():
        raise ValidationError({"reason": _("The event has hands: give a reason for changing a reading.")})
    rescoring = _score_again(tournament, tables, config, applying=not dry_run)
    if rescoring.broken:
        raise ChangeRefused(rescoring.broken)
    # The standings after from the new totals in memory (the preview stores nothing), under the new readings.
    rows_before = event_standings(Tournament.objects.get(pk=tournament.pk))[1]
    moved = _standings_diff(rows_before, event_standings(tournament, rescoring.totals)[1])
    if dry_run:
        return ReadingsChange(True, before, after, moved, rescoring.moved)
    tournament.save(update_fields=["config", "event_settings"])
    _store(actor, tournament, rescoring, _("Readings changed: %(reason)s") % {"reason": reason})
    audit.log(
        actor,
        "tournament.readings_changed",
        tournament,
        tournament=tournament,
        before={"readings": before},
        after={"readings": after, "standings": [asdict(m) for m in moved]},
        reason=reason,
    )
    return ReadingsChange(True, before, after, moved, rescoring.moved, applied=True)


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
