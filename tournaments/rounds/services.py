"""Audited actions on rounds: draw, publish, clock, close, reopen.

The seat draw itself is pure (``tournaments.rounds.seating``); this module feeds it the
active entries and past results and stores what it answers. What the variant allows
(rule 7, an all-play-all, pairs) is its table plan; nothing here names a variant.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import access
from tournaments.events.services import log_event_change, tournament_snapshot
from tournaments.history import audit
from tournaments.models import AuditEntry, Bye, Entry, Round, Seat, Table, Tournament
from tournaments.results.load import (
    byes_by_round,
    exclusion_rounds,
    meetings,
    pairs_of,
    round_participants,
    standings_options,
    table_results,
    table_totals,
)
from tournaments.results.standings import lot_ranks, places, standings
from tournaments.rounds.clock import clock_of
from tournaments.rounds.draw_methods import (
    ALL_PLAY_ALL,
    LADDER_GROUPS,
    LADDER_METHODS,
    RANDOM,
    STRENGTH,
    event_methods,
    follows_results,
    methods_for,
    refusal,
)
from tournaments.rounds.seating.all_play_all import all_play_all_rounds, all_play_all_triples, draw_all_play_all
from tournaments.rounds.seating.clubs import club_pairs
from tournaments.rounds.seating.draw import Draw, each_pair
from tournaments.rounds.seating.draw import Table as DrawnTable
from tournaments.rounds.seating.first_round import draw_by_strength, draw_random
from tournaments.rounds.seating.ladder_groups import draw_ladder_groups, ladder_order
from tournaments.rounds.seating.repeats import repeat_meetings
from tournaments.rounds.seating.reseat import reseat_by_standings
from tournaments.rounds.seating.rule7 import draw_by_places, tied_by_lot
from tournaments.seasons.ladder import ladder_units


def round_snapshot(rnd: Round) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "status": rnd.status,
        "seed": rnd.seed,
        "elapsed_seconds": rnd.elapsed_seconds,
        "started_at": rnd.started_at.isoformat() if rnd.started_at else None,
    }


def draw_snapshot(rnd: Round) -> dict[str, Any]:
    """The stored draw: table -> position -> start number; byes."""
    tables: dict[str, dict[str, int]] = {}
    for seat in Seat.objects.filter(round=rnd).select_related("table", "entry").order_by("table__number", "position"):
        tables.setdefault(str(seat.table.number), {})[seat.position] = seat.entry.start_number
    byes = sorted(rnd.byes.values_list("entry__start_number", flat=True))
    return {"seed": rnd.seed, "tables": tables, "byes": byes}


def _locked_round(rnd: Round) -> Round:
    return Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)


def _set_status(rnd: Round, expected: tuple[str, ...], new: str) -> None:
    """A conditional UPDATE: the status moves only from an expected one."""
    if rnd.status not in expected:
        raise ValidationError(
            {
                "status": _("Round %(n)d is %(s)s; that is not possible now.")
                % {"n": rnd.number, "s": rnd.get_status_display()}
            }
        )
    rnd.status = new


def _bye_counts(tournament: Tournament, before_round: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for entry_id in Bye.objects.filter(round__tournament=tournament, round__number__lt=before_round).values_list(
        "entry_id", flat=True
    ):
        counts[str(entry_id)] = counts.get(str(entry_id), 0) + 1
    return counts


def effective_method(tournament: Tournament) -> str:
    """The event's draw method (an event drawn before it was stored draws by results)."""
    return tournament.draw_method or RANDOM


def default_method(tournament: Tournament) -> str:
    """What the draw form preselects: the event's method once chosen; before round 1 the
    all-play-all where the variant has one and its schedule is exactly as long as the event (the
    MAUSZ final: 21 players, 10 rounds), else the lot."""
    if tournament.draw_method:
        return tournament.draw_method
    if ALL_PLAY_ALL in methods_for(tournament.variant):
        n = len(_units(tournament, _active(tournament)))
        if n >= 3 and all_play_all_rounds(n, tournament.variant) == tournament.rounds:
            return ALL_PLAY_ALL
    return RANDOM


def _active(tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.filter(status=Entry.Status.ACTIVE).select_related("player"))


def method_change(tournament: Tournament, number: int, method: str) -> str:
    """What drawing round ``number`` (2 or later) with ``method`` instead of the event's method changes,
    in a sentence for the director; "" when it changes nothing (random and strength both follow the
    results after round 1)."""
    current = effective_method(tournament)
    if number < 2 or follows_results(method) == follows_results(current):
        return ""
    left = tournament.rounds - number + 1
    met = meetings(tournament, number)
    if follows_results(method):
        schedule = tournament.draw_schedule or {}
        order = list(schedule.get("order") or [])
        active = set(_units(tournament, _active(tournament)))
        start = int(schedule.get("start") or 1)
        missing = 0
        if len(order) >= 3:
            planned = all_play_all_triples(order, tournament.variant)
            pairs = {
                frozenset((a, b))
                for k in range(number - start, number - start + left)
                for table in planned[k % len(planned)]
                for a, b in each_pair([p for p in table if p in active])
            }
            missing = len(pairs - set(met))
        return _(
            "Drawing round %(r)d by results ends the all-play-all schedule: %(x)d pairs that have not met yet "
            "are no longer scheduled to meet."
        ) % {"r": number, "x": missing}
    units = _strength_order(_units(tournament, _active(tournament)))
    planned = all_play_all_triples(units, tournament.variant) if len(units) >= 3 else []
    pairs = {
        frozenset((a, b)) for k in range(min(left, len(planned))) for table in planned[k] for a, b in each_pair(table)
    }
    return _(
        "Drawing round %(r)d as an all-play-all starts its schedule now, without the results: in the "
        "%(k)d rounds left it seats together %(s)d pairs, %(again)d of whom have met already."
    ) % {"r": number, "k": left, "s": len(pairs), "again": len(pairs & set(met))}


@transaction.atomic
def draw_round(
    actor: Any,
    tournament: Tournament,
    *,
    seed: str = "",
    method: str | None = None,
    confirm_redraw: bool = False,
    confirm_method: bool = False,
) -> Round:
    """Draw (or redraw) the next round that is not yet running.

    Round 1 is drawn at random from ``seed``, by strength or as an all-play-all, and fixes the
    event's draw method (``method`` None: ``default_method``); later rounds keep it: re-seated from
    the results, or the all-play-all schedule's next round. Another method for a later round is
    drawn only with ``confirm_method`` (the refusal says what it changes, ``method_change``) and is
    audited as a change of the event. A published draw is redrawn only with ``confirm_redraw``.
    """
    access.require_organizer(actor, tournament)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.round_set.order_by("-number").first()
    if last is not None and last.status in (Round.Status.DRAFT, Round.Status.SEATED):
        rnd = _locked_round(last)
        previous = tournament.round_set.filter(number=rnd.number - 1).first()
        if previous is not None and previous.status != Round.Status.CLOSED:
            raise ValidationError(
                {
                    "status": _("Round %(n)d is reopened; close it again before drawing round %(m)d.")
                    % {"n": previous.number, "m": rnd.number}
                }
            )
        if rnd.status == Round.Status.SEATED and not confirm_redraw:
            raise ValidationError(
                {"confirm_redraw": _("Round %(n)d is published; confirm to draw it again.") % {"n": rnd.number}}
            )
        before = draw_snapshot(rnd)
    else:
        if last is not None and last.status != Round.Status.CLOSED:
            raise ValidationError({"status": _("Close round %(n)d before drawing the next.") % {"n": last.number}})
        number = (last.number + 1) if last else 1
        if number > tournament.rounds:
            raise ValidationError({"status": _("All %(n)d rounds have been drawn.") % {"n": tournament.rounds}})
        rnd = Round(tournament=tournament, number=number, time_limit_minutes=tournament.round_minutes)
        before = None
    method = method or default_method(tournament)
    # An event's own method stays its method for later rounds (they follow results, season.md §6.4),
    # also after the event left the series whose ladder drew its round 1.
    kept = rnd.number > 1 and method == tournament.draw_method
    if method not in event_methods(tournament) and not kept:
        raise ValidationError({"method": refusal(method)})
    consequence = method_change(tournament, rnd.number, method)
    if consequence and not confirm_method:
        raise ValidationError({"confirm_method": consequence})
    entries = _active(tournament)
    units = _units(tournament, entries)
    if not tournament.rules.plan.tables(len(units), tournament.table_size).sizes:
        raise ValidationError({"entries": _("Not enough active players to seat a table.")})
    _set_event_method(actor, tournament, rnd.number, method, units, consequence)
    if before is not None:
        Seat.objects.filter(round=rnd).delete()
        rnd.tables.all().delete()
        rnd.byes.all().delete()
        rnd.status = Round.Status.DRAFT
    rnd.seed = seed or tournament.draw_seed or secrets.token_hex(6)
    rnd.save()
    draw, lot_ties = _compute_draw(tournament, rnd, entries, method)
    by_id = {str(e.pk): e for e in entries}
    _store_draw(rnd, draw, by_id)
    pins = (rnd.draw_notes or {}).get("pins", {}) if before is not None else {}
    rnd.draw_notes = {
        "method": method,
        "lot": [{"table": t, "players": [by_id[p].start_number for p in tied]} for t, tied in lot_ties],
    }
    moved: set[int] = set()
    for number, table in pins.items():  # the director's pins hold when the draft is drawn again
        if _unit_numbers(rnd, int(number)) and rnd.tables.filter(number=table).exists():
            moved |= _pin(rnd, int(number), table)
            rnd.draw_notes.setdefault("pins", {})[number] = table
    rnd.draw_notes["moved"] = sorted(moved)
    rnd.save(update_fields=["draw_notes"])
    audit.log(
        actor,
        "round.redrawn" if before else "round.drawn",
        rnd,
        tournament=tournament,
        before=before,
        after=draw_snapshot(rnd) | {"method": method, "pins": rnd.draw_notes.get("pins", {})},
    )
    return rnd


ADJUSTMENTS = ("swap", "pin")


@transaction.atomic
def adjust_draw(
    actor: Any,
    rnd: Round,
    action: str,
    *,
    player: int,
    other: int | None = None,
    table: int | None = None,
    reason: str = "",
) -> Round:
    """The director's change of a draft draw, by start numbers: ``swap`` ``player`` and ``other`` (their
    seats, or a seat and a bye; a fixed pair moves with its partner), or ``pin`` ``player`` to ``table``:
    he changes places with the player there whose move adds the fewest repeat meetings (then club
    mates), and stays at that table when the draft is drawn again. A swap that takes a pinned player
    off his table lifts his pin. Audited with the draw before and after; the round page recomputes
    the repeat meetings and club mates it shows."""
    access.require_organizer(actor, rnd.tournament)
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.DRAFT:
        raise ValidationError(
            {
                "status": _("Round %(n)d is %(s)s: only a draft draw is changed by hand; draw it again instead.")
                % {"n": rnd.number, "s": rnd.get_status_display()}
            }
        )
    if action not in ADJUSTMENTS:
        raise ValidationError({"action": _("Choose swap or pin.")})
    if not _unit_numbers(rnd, player):
        raise ValidationError({"player": _("No player #%(n)s in this draw.") % {"n": player}})
    notes = dict(rnd.draw_notes or {})
    pins = dict(notes.get("pins", {}))
    before = draw_snapshot(rnd) | {"pins": dict(pins)}
    if action == "swap":
        if other is None or not _unit_numbers(rnd, other):
            raise ValidationError({"other": _("No player #%(n)s in this draw.") % {"n": other}})
        if set(_unit_numbers(rnd, other)) == set(_unit_numbers(rnd, player)):
            raise ValidationError({"other": _("Choose a player of another table or pair.")})
        moved = _swap_units(rnd, player, other)
        tables = _tables_of(rnd)
        pins = {n: t for n, t in pins.items() if tables.get(int(n)) == t}
    else:
        if table is None or not rnd.tables.filter(number=table).exists():
            raise ValidationError({"table": _("Round %(n)d has no table %(t)s.") % {"n": rnd.number, "t": table}})
        others = [n for n, t in pins.items() if t == table and int(n) not in _unit_numbers(rnd, player)]
        if _tables_of(rnd).get(player) != table and len(others) >= _units_at(rnd, table):
            raise ValidationError({"table": _("Everyone at table %(t)d is pinned to it.") % {"t": table}})
        moved = _pin(rnd, player, table, keep=[int(n) for n in others])
        pins[str(player)] = table
    notes["pins"] = pins
    notes["moved"] = sorted(set(notes.get("moved", [])) | moved)
    rnd.draw_notes = notes
    rnd.save(update_fields=["draw_notes"])
    after = draw_snapshot(rnd) | {"pins": pins, "action": action}
    audit.log(actor, "round.adjusted", rnd, tournament=rnd.tournament, before=before, after=after, reason=reason)
    return rnd


def _unit_numbers(rnd: Round, number: int) -> list[int]:
    """The start numbers of ``number``'s drawn unit in ``rnd`` (him, or his fixed pair), seated or on a
    bye; empty if he is not in the draw."""
    tournament = rnd.tournament
    entries = [s.entry for s in Seat.objects.filter(round=rnd).select_related("entry")]
    entries += [b.entry for b in rnd.byes.select_related("entry")]
    units = _units(tournament, entries) if entries else {}
    for members in units.values():
        numbers = [e.start_number for e in members]
        if number in numbers:
            return numbers
    return []


def _tables_of(rnd: Round) -> dict[int, int]:
    """Start number -> table number of the round's seated players."""
    return dict(Seat.objects.filter(round=rnd).values_list("entry__start_number", "table__number"))


def _units_at(rnd: Round, table: int) -> int:
    return Seat.objects.filter(round=rnd, table__number=table).count() // rnd.tournament.rules.plan.unit_size


def _places(rnd: Round, numbers: list[int]) -> list[tuple[Table | None, str]]:
    """Where each of ``numbers`` sits: (table, position), or (None, "") for a bye."""
    seats = {s.entry.start_number: s for s in Seat.objects.filter(round=rnd).select_related("table", "entry")}
    return [(seats[n].table, seats[n].position) if n in seats else (None, "") for n in numbers]


def _swap_units(rnd: Round, a: int, b: int) -> set[int]:
    """Exchange the places of ``a``'s and ``b``'s units (member i takes the other's member i's place);
    the start numbers that moved."""
    ua, ub = _unit_numbers(rnd, a), _unit_numbers(rnd, b)
    if len(ua) != len(ub):
        raise ValidationError({"other": _("A pair changes places only with another pair.")})
    places_a, places_b = _places(rnd, ua), _places(rnd, ub)
    entries = {e.start_number: e for e in rnd.tournament.entries.filter(start_number__in=ua + ub)}
    Seat.objects.filter(round=rnd, entry__start_number__in=ua + ub).delete()
    Bye.objects.filter(round=rnd, entry__start_number__in=ua + ub).delete()
    for numbers, places_ in ((ua, places_b), (ub, places_a)):
        for n, (table, position) in zip(numbers, places_, strict=True):
            if table is None:
                Bye.objects.create(round=rnd, entry=entries[n])
            else:
                Seat.objects.create(round=rnd, table=table, position=position, entry=entries[n])
    return set(ua + ub)


def _pin(rnd: Round, player: int, table: int, keep: list[int] | None = None) -> set[int]:
    """Bring ``player``'s unit to ``table`` by an exchange with the unit there (none of ``keep``) whose move
    adds the fewest repeat meetings, then the fewest club mates at one table, on both sides; the start
    numbers that moved (none if he sits there already)."""
    tables = _tables_of(rnd)
    if tables.get(player) == table:
        return set()
    mine = _unit_numbers(rnd, player)
    kept = {n for k in keep or [] for n in _unit_numbers(rnd, k)}
    history = meeting_history(rnd.tournament, rnd.number)
    entries = {e.start_number: e for e in rnd.tournament.entries.select_related("player")}
    seated_at: dict[int, list[int]] = {}
    for n, t in tables.items():
        seated_at.setdefault(t, []).append(n)
    home = [n for n in seated_at.get(tables.get(player, 0), []) if n not in mine]  # none on a bye

    def added(movers: list[int], company: list[int]) -> tuple[int, int]:
        pairs = [(entries[m], entries[c]) for m in movers for c in company]
        repeats = sum(len(history.get(frozenset((str(m.pk), str(c.pk))), ())) for m, c in pairs)
        clubs = sum(1 for m, c in pairs if m.player.club and m.player.club == c.player.club)
        return repeats, clubs

    best: tuple[int, int, int] | None = None
    for n in sorted(seated_at.get(table, [])):
        unit = _unit_numbers(rnd, n)
        if n != min(unit) or kept & set(unit):
            continue
        there = added(mine, [m for m in seated_at[table] if m not in unit])
        back = added(unit, home)
        key = (there[0] + back[0], there[1] + back[1], n)
        best = key if best is None or key < best else best
    if best is None:
        raise ValidationError({"table": _("Everyone at table %(t)d is pinned to it.") % {"t": table}})
    return _swap_units(rnd, player, best[2])


def _store_draw(rnd: Round, draw: Draw, by_id: dict[str, Entry]) -> None:
    tables = Table.objects.bulk_create(
        [Table(round=rnd, number=t.number, first_dealer=t.first_dealer) for t in draw.tables]
    )
    Seat.objects.bulk_create(
        [
            Seat(round=rnd, table=table, position=pos, entry=by_id[pid])
            for table, t in zip(tables, draw.tables, strict=True)
            for pos, pid in t.seats.items()
        ]
    )
    Bye.objects.bulk_create([Bye(round=rnd, entry=by_id[pid]) for pid in draw.byes])


def _set_event_method(
    actor: Any, tournament: Tournament, number: int, method: str, units: dict[str, list[Entry]], consequence: str
) -> None:
    """Store the event's draw method, and the all-play-all's order when its schedule starts: at round 1's
    draw (its audit entry names the method), or at a later round the director confirmed
    (``consequence``), audited as an edit of the event with the consequence as its reason."""

    schedule = tournament.draw_schedule or {}
    if number == 1 or consequence:
        schedule = {"order": _strength_order(units), "start": number} if method == ALL_PLAY_ALL else {}
    elif method == ALL_PLAY_ALL and not schedule.get("order"):
        schedule = {"order": _strength_order(units), "start": 1}  # drawn before the schedule was stored
    else:
        method = tournament.draw_method or method  # after round 1 random and strength draw alike
    if (method, schedule) == (tournament.draw_method, tournament.draw_schedule):
        return
    before = tournament_snapshot(tournament) | {"draw_schedule": tournament.draw_schedule}
    tournament.draw_method, tournament.draw_schedule = method, schedule
    tournament.save(update_fields=["draw_method", "draw_schedule"])
    if consequence:
        log_event_change(actor, tournament, before, reason=consequence, draw_schedule=schedule)


@contextmanager
def _audited(actor: Any, rnd: Round, action: str) -> Iterator[Round]:
    """The round, locked for an organizer's change; the change is audited as ``action`` with the round
    before and after (nothing is, when the change raises)."""
    access.require_organizer(actor, rnd.tournament)
    rnd = _locked_round(rnd)
    before = round_snapshot(rnd)
    yield rnd
    audit.log(actor, action, rnd, tournament=rnd.tournament, before=before, after=round_snapshot(rnd))


@transaction.atomic
def publish_draw(actor: Any, rnd: Round) -> Round:
    with _audited(actor, rnd, "round.published") as rnd:
        _set_status(rnd, (Round.Status.DRAFT,), Round.Status.SEATED)
        rnd.save(update_fields=["status"])
    return rnd


@transaction.atomic
def start_clock(actor: Any, rnd: Round) -> Round:
    """Start the round (seated → running) or resume its paused clock."""
    with _audited(actor, rnd, "round.clock_started") as rnd:
        _set_status(rnd, (Round.Status.SEATED, Round.Status.RUNNING), Round.Status.RUNNING)
        if rnd.started_at is None:
            rnd.started_at = timezone.now()
        if rnd.tournament.status == Tournament.Status.DRAFT:
            Tournament.objects.filter(pk=rnd.tournament_id).update(status=Tournament.Status.RUNNING)
        rnd.save(update_fields=["status", "started_at"])
    return rnd


@transaction.atomic
def pause_clock(actor: Any, rnd: Round) -> Round:
    with _audited(actor, rnd, "round.clock_paused") as rnd:
        if rnd.status != Round.Status.RUNNING or rnd.started_at is None:
            raise ValidationError({"status": _("The clock is not running.")})
        paused = clock_of(rnd).paused(timezone.now())
        rnd.started_at, rnd.elapsed_seconds = None, paused.elapsed_before
        rnd.save(update_fields=["started_at", "elapsed_seconds"])
    return rnd


def open_tables(rnd: Round) -> list[dict[str, Any]]:
    """The tables of ``rnd`` that are not done: unfinished (hands missing) or not confirmed by all players.

    One entry per table: ``{"table", "hands", "expected", "complete", "confirmed", "time_up_after",
    "time_up_limits", "reasons"}``;
    ``reasons`` are sentences for the director (the page and the API show the same).
    """

    out = []
    time_is_up = clock_of(rnd).expired(timezone.now())
    for t in table_totals(rnd.tournament, [rnd.number]):  # sorted by table number
        progress = t.progress
        hands, expected, complete, confirmed = t.hands, progress.expected, progress.complete, t.confirmed
        time_up_after = progress.time_up_after
        reasons = []
        if not complete and time_up_after is not None:
            reasons.append(
                _("%(n)d of %(m)d hands entered (time was up after hand %(m)d)")
                % {"n": progress.entered, "m": time_up_after}
            )
        elif not complete:
            reasons.append(_("%(n)d of %(m)d hands played") % {"n": hands, "m": expected})
            if time_is_up:  # taruk2012.md §7.2: the table's last hand is the one in progress at the whistle
                reasons.append(_("time is up: record after which hand"))
        if not confirmed:
            reasons.append(_("not confirmed by all players"))
        if reasons:
            out.append(
                {
                    "table": t.table,
                    "hands": hands,
                    "expected": expected,
                    "complete": complete,
                    "confirmed": confirmed,
                    "time_up_after": time_up_after,
                    # The hands time can be up after (the page's number field: min and max).
                    "time_up_limits": progress.time_up_limits,
                    "reasons": reasons,
                }
            )
    return out


def open_tables_text(open_list: list[dict[str, Any]]) -> str:
    """ "Table 2: 3 of 12 hands played; table 5: not confirmed ..." for an error message."""
    return "; ".join(_("table %(t)d: %(r)s") % {"t": o["table"], "r": ", ".join(o["reasons"])} for o in open_list)


@transaction.atomic
def close_round(actor: Any, rnd: Round, *, override: bool = False, reason: str = "") -> Round:
    """Close a running round. Unfinished or unconfirmed tables are refused, naming each, unless the
    organizer overrides with a reason; the audit entry keeps the tables that were open and the reason."""
    access.require_organizer(actor, rnd.tournament)
    rnd = _locked_round(rnd)
    before = round_snapshot(rnd)
    _set_status(rnd, (Round.Status.RUNNING,), Round.Status.CLOSED)
    reason = (reason or "").strip()
    still_open = open_tables(rnd)
    if still_open and not override:
        raise ValidationError(
            {
                "override": _(
                    "Round %(n)d has tables that are not done: %(tables)s. Finish and confirm them, or close "
                    "with the override and a reason."
                )
                % {"n": rnd.number, "tables": open_tables_text(still_open)}
            }
        )
    if still_open and not reason:
        raise ValidationError({"reason": _("Give a reason for closing with tables that are not done.")})
    now = timezone.now()
    rnd.elapsed_seconds = clock_of(rnd).elapsed(now)
    rnd.started_at = None
    rnd.closed_at = now
    rnd.save(update_fields=["status", "elapsed_seconds", "started_at", "closed_at"])
    if rnd.number >= rnd.tournament.rounds:
        Tournament.objects.filter(pk=rnd.tournament_id).update(status=Tournament.Status.FINISHED)
    after = round_snapshot(rnd)
    if still_open:
        after["override"] = [
            {k: o[k] for k in ("table", "hands", "expected", "complete", "confirmed")} for o in still_open
        ]
    audit.log(actor, "round.closed", rnd, tournament=rnd.tournament, before=before, after=after, reason=reason)
    return rnd


@transaction.atomic
def reopen_round(actor: Any, rnd: Round, *, reason: str) -> Round:
    """Reopen a closed round for a protest (organizers, with a reason; audited).

    The round runs again with its clock paused, so referees can correct its hands; its
    totals, places and ranking points are derived from the hands and follow every
    correction. A later round already drawn is not touched: the rounds page flags it
    (``stale_rounds``) and offers a redraw while it has not started.
    """
    access.require_organizer(actor, rnd.tournament)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Give a reason for reopening the round (e.g. the protest).")})
    rnd = _locked_round(rnd)
    before = round_snapshot(rnd)
    _set_status(rnd, (Round.Status.CLOSED,), Round.Status.RUNNING)
    rnd.closed_at = None
    rnd.started_at = None  # the clock stays paused: the time limit has been played
    rnd.save(update_fields=["status", "closed_at", "started_at"])
    Tournament.objects.filter(pk=rnd.tournament_id, status=Tournament.Status.FINISHED).update(
        status=Tournament.Status.RUNNING
    )
    later = list(rnd.tournament.round_set.filter(number__gt=rnd.number).values_list("number", "status"))
    audit.log(
        actor,
        "round.reopened",
        rnd,
        tournament=rnd.tournament,
        before=before,
        after=round_snapshot(rnd) | {"later_rounds": [{"number": n, "status": s} for n, s in later]},
        reason=reason,
    )
    return rnd


def stale_rounds(tournament: Tournament) -> dict[int, list[int]]:
    """Rounds drawn before an earlier round was reopened: round number -> the reopened rounds.

    A draw is stale when an earlier round was reopened after it was drawn (its
    re-seating used results that may since have changed). Read from the audit
    log, whose ids grow with time; a redraw clears the flag.
    """
    rnds = list(tournament.round_set.order_by("number"))
    if len(rnds) < 2:
        return {}
    by_pk = {str(r.pk): r for r in rnds}
    last_draw: dict[int, int] = {}
    reopened: list[tuple[int, int]] = []  # (audit id, round number)
    for entry_id, action, target in AuditEntry.objects.filter(
        tournament=tournament, target_type="round", action__in=("round.drawn", "round.redrawn", "round.reopened")
    ).values_list("id", "action", "target_id"):
        rnd = by_pk.get(target)
        if rnd is None:
            continue
        if action == "round.reopened":
            reopened.append((entry_id, rnd.number))
        else:
            last_draw[rnd.number] = max(last_draw.get(rnd.number, 0), entry_id)
    out: dict[int, list[int]] = {}
    for r in rnds:
        drawn = last_draw.get(r.number)
        if drawn is None:
            continue
        earlier = sorted({n for entry_id, n in reopened if n < r.number and entry_id > drawn})
        if earlier:
            out[r.number] = earlier
    return out


def meeting_history(tournament: Tournament, before_round: int) -> dict[frozenset[str], list[int]]:
    """Entry-id pair -> the rounds (before ``before_round``) in which the two shared a table."""
    tables: dict[int, tuple[int, list[str]]] = {}
    for table_id, number, entry_id in Seat.objects.filter(
        round__tournament=tournament, round__number__lt=before_round
    ).values_list("table_id", "round__number", "entry_id"):
        tables.setdefault(table_id, (number, []))[1].append(str(entry_id))
    history: dict[frozenset[str], list[int]] = {}
    for number, players in tables.values():
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                history.setdefault(frozenset((a, b)), []).append(number)
    return history


def _seated(rnd: Round) -> tuple[dict[int, list[str]], dict[str, Entry]]:
    """The draw's tables (number -> entry ids) and its seated entries by id, with their players."""
    groups: dict[int, list[str]] = {}
    entries: dict[str, Entry] = {}
    for seat in Seat.objects.filter(round=rnd).select_related("table", "entry__player"):
        groups.setdefault(seat.table.number, []).append(str(seat.entry_id))
        entries[str(seat.entry_id)] = seat.entry
    return groups, entries


def repeat_report(rnd: Round) -> list[dict[str, Any]]:
    """Every pair seated together in ``rnd`` who met in an earlier round: table, the two players, the rounds."""
    groups, entries = _seated(rnd)
    repeats = repeat_meetings(groups, meeting_history(rnd.tournament, rnd.number))
    return [
        {
            "table": r.table,
            "players": sorted(
                ({"start_number": entries[p].start_number, "name": entries[p].player.name} for p in r.players),
                key=lambda p: p["start_number"],
            ),
            "rounds": list(r.rounds),
        }
        for r in repeats
    ]


def _people(rnd: Round) -> dict[int, dict[str, Any]]:
    """Start number -> {start_number, name} of the event's entries (what the draw reports show)."""
    return {
        n: {"start_number": n, "name": name}
        for n, name in rnd.tournament.entries.values_list("start_number", "player__name")
    }


def lot_report(rnd: Round) -> list[dict[str, Any]]:
    """Where the standings' lot decided this draw's re-seating list (rule 7): the previous round's
    table (0: the players back from a bye) and the players equal on place, ranking and game points,
    in the lot's order."""
    people = _people(rnd)
    return [
        {"table": tie["table"], "players": [people[n] for n in tie["players"] if n in people]}
        for tie in (rnd.draw_notes or {}).get("lot", [])
    ]


def pin_report(rnd: Round) -> list[dict[str, Any]]:
    """The players the director pinned to a table of this draft (``adjust_draw``)."""
    people = _people(rnd)
    pins = (rnd.draw_notes or {}).get("pins", {})
    return [people[int(n)] | {"table": t} for n, t in sorted(pins.items(), key=lambda p: int(p[0])) if int(n) in people]


# Why two players of one club share a table of the draw (club_report), in the director's words.
CLUB_REASONS = {
    "more": gettext_lazy("%(club)s has %(n)d players for %(t)d tables: some of them must share one."),
    "schedule": gettext_lazy("The all-play-all schedule seats them together."),
    "lot": gettext_lazy("No exchange of two players parts them without seating other club mates together."),
    "places": gettext_lazy(
        "Rule 7 lets only players of the same place change tables, and no such exchange parts them without a "
        "repeat meeting or other club mates together."
    ),
    "results": gettext_lazy(
        "Every exchange that would part them seats players together who met before, or other club mates."
    ),
    "director": gettext_lazy("The director moved one of them to this table."),
}


def club_report(rnd: Round) -> list[dict[str, Any]]:
    """Every two players of one club at one table of the draw, and why the draw did not part them."""
    groups, entries = _seated(rnd)
    clubs = {pid: e.player.club for pid, e in entries.items() if e.player.club}
    units = _units(rnd.tournament, list(entries.values())) if entries else {}
    unit_of = {str(e.pk): uid for uid, members in units.items() for e in members}
    notes = rnd.draw_notes or {}
    moved = set(notes.get("moved", []))
    method = notes.get("method") or effective_method(rnd.tournament)
    plan = rnd.tournament.rules.plan
    unit_club = _unit_clubs(units)
    sizes = Counter(unit_club.values())
    tables = len(groups)
    together: Counter[str] = Counter()  # club -> pairs of its units that share a table
    for members in groups.values():
        for club, k in Counter(unit_club[u] for u in {unit_of[p] for p in members} if u in unit_club).items():
            together[club] += k * (k - 1) // 2

    def fewest(club: str) -> int:
        """The pairs the club cannot avoid: its units spread as evenly as the tables allow."""
        q, r = divmod(sizes[club], tables)
        return r * (q + 1) * q // 2 + (tables - r) * q * (q - 1) // 2

    forced = {club for club in sizes if 0 < together[club] <= fewest(club)}
    out = []
    for number, club, a, b in club_pairs(groups, clubs):
        if unit_of.get(a) == unit_of.get(b):
            continue  # partners of a fixed pair
        pair = sorted((entries[a], entries[b]), key=lambda e: e.start_number)
        if moved & {e.start_number for e in pair}:
            why = "director"
        elif club in forced:
            why = "more"
        elif method == ALL_PLAY_ALL:
            why = "schedule"
        elif rnd.number == 1:
            why = "lot"
        else:
            why = "places" if plan.reseat_by_places else "results"
        text = CLUB_REASONS[why] % {"club": club, "n": sizes.get(club, 0), "t": tables}
        people = [{"start_number": e.start_number, "name": e.player.name} for e in pair]
        out.append({"table": number, "club": club, "players": people, "reason": why, "why": str(text)})
    return out


def schedule_warnings(tournament: Tournament) -> list[str]:
    """What the director must know before drawing: an all-play-all longer than the event (unless the event
    draws by results)."""
    if not tournament.rules.plan.all_play_all or tournament.draw_method not in ("", ALL_PLAY_ALL):
        return []
    n = tournament.entries.filter(status=Entry.Status.ACTIVE).count()
    needed = all_play_all_rounds(n, tournament.variant) if n >= 3 else 0
    if needed > tournament.rounds:
        return [
            _(
                "The all-play-all for %(p)d players needs %(n)d rounds; this event has %(r)d, so not every "
                "pair will meet."
            )
            % {"p": n, "n": needed, "r": tournament.rounds}
        ]
    return []


def _units(tournament: Tournament, entries: list[Entry]) -> dict[str, list[Entry]]:
    """Drawn unit id -> its entries: one entry each, or a fixed pair (Laza) by team name."""
    if tournament.rules.plan.unit != "pair":
        return {str(e.pk): [e] for e in entries}
    pair_of = pairs_of([{"pk": e.pk, "start_number": e.start_number, "team": e.team} for e in entries])
    units: dict[str, list[Entry]] = {}
    for e in sorted(entries, key=lambda e: e.start_number):
        units.setdefault(pair_of[str(e.pk)], []).append(e)
    bad = [members[0].team or f"#{members[0].start_number}" for members in units.values() if len(members) != 2]
    if bad:
        raise ValidationError(
            {"entries": _("Every team needs exactly two active players: %(t)s.") % {"t": ", ".join(bad)}}
        )
    return units


def _strength_order(units: dict[str, list[Entry]]) -> list[str]:
    def strength(uid: str) -> tuple:
        values = [e.player.strength for e in units[uid] if e.player.strength is not None]
        return (min(values) if values else 10**9, min(e.start_number for e in units[uid]))

    return sorted(units, key=strength)


def _unit_clubs(units: dict[str, list[Entry]]) -> dict[str, str]:
    """A unit's club: a pair's if both partners share one, else none (nothing to keep apart)."""
    return {
        uid: members[0].player.club
        for uid, members in units.items()
        if len({e.player.club for e in members}) == 1 and members[0].player.club
    }


def _compute_draw(
    tournament: Tournament, rnd: Round, entries: list[Entry], method: str
) -> tuple[Draw, list[tuple[int, list[str]]]]:
    """Round 1 by lot or strength; later rounds by places (Taruk rule 7) or by standings, as the
    variant's plan says; club mates apart where the draw allows. Also answers where the lot decided
    rule 7's list: (old table, entry ids in the lot's order)."""
    units = _units(tournament, entries)
    variant = tournament.variant
    plan = tournament.rules.plan
    bye_counts = _bye_counts(tournament, rnd.number)
    clubs = _unit_clubs(units)
    seats = tournament.table_size
    if method == ALL_PLAY_ALL:
        schedule = tournament.draw_schedule
        drawn = draw_all_play_all(
            schedule["order"],
            variant,
            rnd.number - int(schedule.get("start") or 1) + 1,
            rnd.seed,
            present=list(units),
            previous_meetings=_unit_meetings(tournament, rnd.number, units),
        )
        return _expand(drawn, units), []
    if rnd.number == 1:
        if method in LADDER_METHODS:  # season.md §6: from the series ladder before this event
            ladder = ladder_units(tournament, {uid: [e.player_id for e in members] for uid, members in units.items()})
            if method == LADDER_GROUPS:
                drawn = draw_ladder_groups(
                    list(units), ladder, variant, rnd.seed, bye_counts=bye_counts, clubs=clubs, seats=seats
                )
            else:
                order = ladder_order(list(units), ladder, rnd.seed)
                drawn = draw_by_strength(order, variant, rnd.seed, bye_counts=bye_counts, clubs=clubs, seats=seats)
        elif method == STRENGTH:
            drawn = draw_by_strength(
                _strength_order(units), variant, rnd.seed, bye_counts=bye_counts, clubs=clubs, seats=seats
            )
        else:
            drawn = draw_random(list(units), variant, rnd.seed, bye_counts=bye_counts, clubs=clubs, seats=seats)
        return _expand(drawn, units), []
    previous = tournament.round_set.get(number=rnd.number - 1)
    all_results = table_results(tournament)
    # The standings as published (their metrics, readings and lot): rule 7's tie-breaks and the
    # re-seating order are theirs.
    lines = standings(
        variant,
        all_results,
        [str(e.pk) for e in tournament.entries.all()],
        byes=byes_by_round(tournament),
        excluded=exclusion_rounds(tournament),
        **standings_options(tournament),
    )
    unit_of = {str(e.pk): uid for uid, members in units.items() for e in members}
    if plan.reseat_by_places and round_participants(previous) == set(units):
        round_results = _rule7_results(tournament, previous, all_results, lines, bye_counts)
        earlier = meetings(tournament, rnd.number)
        drawn = draw_by_places(round_results, variant, rnd.seed, earlier, clubs=clubs)
        return _expand(drawn, units), tied_by_lot(round_results, variant)
    order: list[str] = []
    for line in lines:
        uid = unit_of.get(line.player)
        if uid is not None and uid not in order:
            order.append(uid)
    met = _unit_meetings(tournament, rnd.number, units)
    unit_byes = {unit_of[p]: n for p, n in bye_counts.items() if p in unit_of}
    drawn = reseat_by_standings(order, met, variant, rnd.seed, unit_byes, seats, clubs=clubs)
    return _expand(drawn, units), []


def _rule7_results(
    tournament: Tournament, previous: Round, all_results: list, lines: list, bye_counts: dict[str, int]
) -> list[dict[str, Any]]:
    """The previous round's tables as rule 7 reads them (seating.rule7): places, the cumulative
    ranking and game points after it, and the standings' lot (one lot for the event)."""
    cumulative = {line.player: line for line in lines}
    lot = lot_ranks(standings_options(tournament)["seed"], cumulative)

    def entry(players: Any, **fields: Any) -> dict[str, Any]:
        return {
            **fields,
            "ranking_points": {p: float(cumulative[p].ranking_points) for p in players},
            "game_points": {p: cumulative[p].game_points for p in players},
            "lot": {p: lot[p] for p in players},
        }

    round_results = [
        entry(r.totals, table=r.table, places=places(r.totals)) for r in all_results if r.round == previous.number
    ]
    # A table closed by override without any hand has no result: its players tie (all 0),
    # so they keep their seats in the list, ordered by the §7.5 tie-breaks and the lot.
    played = {p for e in round_results for p in e["places"]}
    idle: dict[int, list[str]] = {}
    for number, entry_id in Seat.objects.filter(round=previous).values_list("table__number", "entry_id"):
        if str(entry_id) not in played:
            idle.setdefault(number, []).append(str(entry_id))
    for number, players in sorted(idle.items()):
        round_results.append(entry(players, table=number, places=dict.fromkeys(players, 1)))
    prev_byes = [str(b) for b in previous.byes.values_list("entry_id", flat=True)]
    if prev_byes:
        counts = {p: bye_counts.get(p, 0) for p in prev_byes}
        round_results.append(entry(prev_byes, byes=prev_byes, bye_counts=counts))
    return round_results


def _unit_meetings(tournament: Tournament, before_round: int, units: dict[str, list[Entry]]) -> dict:
    """Unit pair -> how often two drawn units (players, or fixed pairs) met before ``before_round``."""
    unit_of = {str(e.pk): uid for uid, members in units.items() for e in members}
    met: dict[frozenset[str], int] = {}
    for pair, n in meetings(tournament, before_round).items():
        a, b = (unit_of.get(p) for p in pair)
        if a and b and a != b:
            met[frozenset((a, b))] = max(met.get(frozenset((a, b)), 0), n)
    return met


def _expand(draw: Draw, units: dict[str, list[Entry]]) -> Draw:
    """Turn each drawn unit into its entries, one seat each: a unit's position names its seats
    (a pair's are ``"AD"``, as the variant's plan places partners), in the unit's entry order."""
    tables = []
    for t in draw.tables:
        seats: dict[str, str] = {}
        for pos, uid in t.seats.items():
            for letter, entry in zip(pos, units[uid], strict=True):
                seats[letter] = str(entry.pk)
        tables.append(DrawnTable(t.number, seats, t.first_dealer))
    byes = [str(e.pk) for uid in draw.byes for e in units[uid]]
    return Draw(draw.variant, draw.seed, tables, byes)
