"""One table as every reader shows it: the read model of a table.

Its seats and players, its hands with each seat's points and running total, its progress
(``progress.TableProgress``), who confirmed (each player with his PIN, seat A with the judge's
countersignature) and the envelopes of its next hand. The table page and its ``table.json``, the
API's table detail, the seat page and its API twin and the protocols all read this one object, so
no reader adds up a table's hands on its own.

``table_view`` builds it for one table, ``table_views`` for many (a round's protocols), from the same
few queries however many hands or tables: the seats with their players (none when the table lookup
brought them), the hands, the confirmations and the judge's countersignature (none when the lookup
joined it). ``hand_lines`` and ``lines_progress`` are the pure part, also for a protocol built from
plain data.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db.models import Prefetch, prefetch_related_objects

from tournaments.models import Confirmation, Entry, Hand, JudgeConfirmation, Seat, Table, Tournament
from tournaments.tables.hands import TableSetup, next_envelopes, table_setup
from tournaments.tables.misdeals import misdeals_by_seat
from tournaments.tables.progress import TableProgress, progress_from_counts, running_totals

SEATS = Prefetch("seats", queryset=Seat.objects.select_related("entry__player").order_by("position"))
JUDGE = Prefetch("judge_confirmation", queryset=JudgeConfirmation.objects.select_related("judge"))


@dataclass(frozen=True)
class SeatView:
    """A seat, its player and his confirmation with his PIN (on the referee's phone or his own)."""

    position: str
    entry: Entry  # with its player
    confirmed_at: datetime | None = None

    @property
    def entry_id(self) -> int:
        return self.entry.pk

    @property
    def name(self) -> str:
        return self.entry.player.name

    @property
    def start_number(self) -> int:
        return self.entry.start_number

    @property
    def club(self) -> str:
        return self.entry.player.club

    @property
    def team(self) -> str:
        return self.entry.team

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None


@dataclass(frozen=True)
class HandLine:
    """One hand of the table: what the engine derived, each seat's points (0 where the hand gave it
    none) and running total after it, in seat order; ``stored`` is the hand as loaded (a ``Hand``, or
    the mapping a protocol was given) for what only some readers show: its breakdown, who entered it,
    its version."""

    number: int
    dealer: str
    played: bool  # counts as a hand of the round (a void deal, a throw-in or a redeal does not)
    input: Mapping[str, Any]
    state_after: Mapping[str, Any]
    points: dict[str, int]
    running: dict[str, int]
    stored: Any = None


def _read(hand: Any, name: str, default: Any) -> Any:
    value = hand.get(name, default) if isinstance(hand, Mapping) else getattr(hand, name, default)
    return default if value is None else value


def hand_lines(positions: Sequence[str], hands: Iterable[Any]) -> list[HandLine]:
    """The table's hands in order (``Hand`` rows or mappings with number, dealer, played, input,
    points and state_after), each with every seat's points and running total."""
    hands = list(hands)
    points = [_read(h, "points", {}) for h in hands]
    running = running_totals(points, positions)
    return [
        HandLine(
            number=_read(h, "number", 0),
            dealer=_read(h, "dealer", ""),
            played=bool(_read(h, "played", True)),
            input=_read(h, "input", {}),
            state_after=_read(h, "state_after", {}),
            points={p: own.get(p, 0) for p in positions},
            running={p: after[p] for p in positions},
            stored=h,
        )
        for h, own, after in zip(hands, points, running, strict=True)
    ]


def lines_progress(
    plan: Any,
    positions: Sequence[str],
    lines: Sequence[HandLine],
    *,
    time_up_after: int | None = None,
    expected: int | None = None,
) -> TableProgress:
    """The table's progress (``progress.progress_from_counts``) from its hand lines: the hands that
    count, the records, and the totals after the last hand."""
    return progress_from_counts(
        plan,
        positions,
        played=sum(line.played for line in lines),
        entered=len(lines),
        time_up_after=time_up_after,
        totals=lines[-1].running if lines else None,
        expected=expected,
    )


@dataclass(frozen=True)
class TableView:
    """One table as its readers show it (see the module's docstring)."""

    table_id: int
    round: int
    number: int
    round_status: str
    first_dealer: str
    seats: tuple[SeatView, ...]
    hands: tuple[HandLine, ...]
    progress: TableProgress
    setup: TableSetup
    confirmed_at: datetime | None = None  # every seat confirmed (or seat A with the judge)
    judge_confirmation: JudgeConfirmation | None = None  # seat A with the judge: who, why, when

    @property
    def positions(self) -> list[str]:
        return [s.position for s in self.seats]

    @property
    def names(self) -> dict[str, str]:
        return {s.position: s.name for s in self.seats}

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.progress.totals)

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None

    @property
    def last(self) -> HandLine | None:
        return self.hands[-1] if self.hands else None

    def seat(self, position: str) -> SeatView | None:
        return next((s for s in self.seats if s.position == position), None)

    @cached_property
    def next_envelopes(self) -> list[dict[str, Any]]:
        """The envelopes the next hand may have, the usual one first (``hands.next_envelopes``);
        none once the table is complete."""
        return [] if self.progress.complete else next_envelopes(self.setup, self.last)

    @cached_property
    def misdeals_before_next(self) -> dict[str, int]:
        """Each seat's player's misdeals in the tournament before the next hand (``misdeals``; Taruk
        §5.4 narrows his next one by it): read once for the page's form and the forms ahead."""
        return misdeals_by_seat(self.table_id, self.round, (self.last.number if self.last else 0) + 1)


def table_views(tournament: Tournament, tables: Iterable[Table], *, before_play: bool = False) -> list[TableView]:
    """The read model of each of ``tables`` (of ``tournament``, each with its round loaded), in their
    order. ``before_play``: the tables as they are before their first hand (a blank protocol): no
    hands and no confirmations are read."""
    tables = list(tables)
    prefetch_related_objects(tables, SEATS, JUDGE)  # nothing to fetch where the lookup brought them
    ids = [t.pk for t in tables]
    hands: dict[int, list[Hand]] = defaultdict(list)
    confirmed: dict[int, dict[str, datetime]] = defaultdict(dict)
    if not before_play and ids:
        for hand in Hand.objects.filter(table_id__in=ids).select_related("entered_by").order_by("table_id", "number"):
            hands[hand.table_id].append(hand)
        for table_id, position, at in Confirmation.objects.filter(table_id__in=ids).values_list(
            "table_id", "position", "confirmed_at"
        ):
            confirmed[table_id][position] = at
    return [_view(tournament, t, hands[t.pk], confirmed[t.pk], before_play=before_play) for t in tables]


def table_view(table: Table, tournament: Tournament | None = None) -> TableView:
    """The read model of one table (``lookups.table_of`` brings its seats and countersignature)."""
    return table_views(tournament or table.round.tournament, [table])[0]


def _view(
    tournament: Tournament, table: Table, hands: list[Hand], confirmed: dict[str, datetime], *, before_play: bool
) -> TableView:
    seats = tuple(SeatView(s.position, s.entry, confirmed.get(s.position)) for s in table.seats.all())
    positions = [s.position for s in seats]
    lines = hand_lines(positions, hands)
    time_up_after = None if before_play else table.time_up_after
    return TableView(
        table_id=table.pk,
        round=table.round.number,
        number=table.number,
        round_status=table.round.status,
        first_dealer=table.first_dealer,
        seats=seats,
        hands=tuple(lines),
        progress=lines_progress(tournament, positions, lines, time_up_after=time_up_after),
        setup=table_setup(table, tournament, positions=positions),
        confirmed_at=None if before_play else table.confirmed_at,
        judge_confirmation=None if before_play else getattr(table, "judge_confirmation", None),
    )
