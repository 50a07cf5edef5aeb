"""A variant's tables, declared once: seats, who sits out, hands per round, how the draw seats.

Each variant package fills one ``TablePlan`` in its ``table.py``; the draw
(``tournaments.rounds.seating``), the rounds, table progress, the event form and the API read
it and never branch on a variant key. Pure data and pure functions: no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .common import ALL_SEATS


@dataclass(frozen=True)
class TableSizes:
    """How many units sit at table 1, 2, ... (smaller tables first) and how many get a bye."""

    sizes: tuple[int, ...]
    byes: int

    @property
    def seated(self) -> int:
        return sum(self.sizes)


def two_sizes(n: int, small: int, large: int) -> TableSizes:
    """Seat as many as possible at tables of ``small`` and ``large``, with as few ``large`` ones as that allows.

    For Taruk (4, 5) this is taruk2012.md §7.6: r = N mod 4 tables of 5 whenever
    N >= 5r, otherwise the most players that fit (N = 6, 7: one 5; N = 11: two 5s).
    """
    best: tuple[int, int, int] | None = None  # (-seated, large tables, small tables)
    for n_large in range(n // large + 1):
        n_small = (n - large * n_large) // small
        cand = (-(small * n_small + large * n_large), n_large, n_small)
        if best is None or cand < best:
            best = cand
    assert best is not None
    seated, n_large, n_small = -best[0], best[1], best[2]
    # The larger tables take the highest numbers (taruk2012.md §7.5 step 3).
    return TableSizes((small,) * n_small + (large,) * n_large, n - seated)


def one_size(n: int, size: int) -> TableSizes:
    """Every table seats exactly ``size`` units; the remainder gets byes."""
    return TableSizes((size,) * (n // size), n % size)


def whole_turns(table_seats: int, hands_per_round: int, event_seats: int) -> int:
    """Hands at a table of ``table_seats`` when tables of ``event_seats`` play ``hands_per_round``:
    the same number of turns of the deal, rounded to whole turns."""
    if table_seats == event_seats:
        return hands_per_round
    deals_each = max(1, round(hands_per_round / event_seats))
    return deals_each * table_seats


def near_size(n: int, seats: int, smallest: int, largest: int) -> TableSizes:
    """Tables of ``smallest`` to ``largest`` for ``n`` units, as close to ``seats`` each as the count
    allows: the number of tables whose sizes (differing by one at most) stray least from ``seats``,
    on a tie the more tables. Nobody sits out a round while ``n`` >= ``smallest``."""
    if n < smallest:
        return TableSizes((), n)
    fewest, most = -(-n // largest), n // smallest

    def sizes(t: int) -> tuple[int, ...]:
        return tuple(n // t + (1 if i >= t - n % t else 0) for i in range(t))

    best = min(range(fewest, most + 1), key=lambda t: (sum(abs(s - seats) for s in sizes(t)), -t))
    return TableSizes(sizes(best), 0)


@dataclass(frozen=True)
class TablePlan:
    """Everything about a variant's tables that the tournament site needs."""

    seats: tuple[int, ...]  # the seat counts a table may have (A, B, ...), smallest first
    players_per_hand: int  # how many of the seats play one hand
    default_hands_per_round: int  # at a table of the smallest size
    zero_sum: bool  # do the points of every hand add up to 0 (penalties aside)?
    # The seat draw's plan: ``arrange(n)`` splits n drawn units into tables (sizes in units).
    arrange: Callable[[int], TableSizes]
    # Where the rules leave the table size to the organizer (Vadász: 4 to 7): ``arrange_near(n, seats)``
    # splits n units into tables as near the event's seats per table as the count allows. None: the
    # rules decide (``arrange``) and the event's seats per table changes nothing.
    arrange_near: Callable[[int, int], TableSizes] | None = None
    # Seats -> who sits out each hand at a table of that size, in words (a msgid marked with
    # scoring.text._; the site translates it). A size not listed: everybody plays every hand.
    sits_out: Mapping[int, str] = field(default_factory=dict)
    # Seats -> the share of the event's hands such a table plays instead of whole turns of the
    # deal (Taruk §7.6: a 5-seat table plays 10 where the 4-seat tables play 12).
    hands_share: Mapping[int, Fraction] = field(default_factory=dict)
    # What the draw seats when it is more than one player: the seats the first, second, ...
    # unit at a table takes (Laza: fixed pairs, partners side by side). Empty: single players.
    pair_seats: tuple[str, ...] = ()
    all_play_all: bool = False  # the event may draw an all-play-all schedule (MAUSZ final)
    reseat_by_places: bool = False  # later rounds follow the places at the old tables (Taruk rule 7)

    @property
    def min_seats(self) -> int:
        return self.seats[0]

    @property
    def max_seats(self) -> int:
        return self.seats[-1]

    @property
    def unit(self) -> str:
        """What one drawn id is: ``"player"``, or ``"pair"`` for fixed pairs."""
        return "pair" if self.pair_seats else "player"

    @property
    def unit_size(self) -> int:
        return len(self.pair_seats[0]) if self.pair_seats else 1

    @property
    def table_units(self) -> tuple[int, ...]:
        """The numbers of drawn units a table may have."""
        return tuple(s // self.unit_size for s in self.seats)

    def tables(self, n: int, seats: int | None = None) -> TableSizes:
        """The tables for ``n`` drawn units (players, or pairs); ``seats``: the event's seats per table,
        followed where the plan leaves the size open (``arrange_near``)."""
        if n < 0:
            raise ValueError("negative player count")
        if seats and self.arrange_near is not None:
            return self.arrange_near(n, seats)
        return self.arrange(n)

    def positions(self, units: int) -> tuple[str, ...]:
        """Where the drawn units of a table of ``units`` sit, clockwise: one seat each, or the
        seats of each pair (``"AD"``)."""
        if units not in self.table_units:
            raise ValueError(f"no table of {units}")
        if self.pair_seats:
            return self.pair_seats[:units]
        return ALL_SEATS[:units]

    def hands(self, table_seats: int, hands_per_round: int) -> int:
        """Hands a table of ``table_seats`` plays in a round of ``hands_per_round``.

        The event's hands per round are those of a table of the smallest size, where every seat plays
        every hand; a larger table plays as many whole turns of the deal (or its share, Taruk §7.6),
        so everybody at a table deals equally often and every table's players play as many hands
        (Vadász, 8 a round: 10 deals at five seats, 12 at six, 14 at seven; 8 hands each)."""
        if table_seats != self.min_seats and table_seats in self.hands_share:
            return round(hands_per_round * self.hands_share[table_seats])
        return whole_turns(table_seats, hands_per_round, self.min_seats)

    def sit_out(self, table_seats: int) -> str:
        """Who sits out each hand at a table of ``table_seats`` (a msgid), or "" when everybody plays."""
        return self.sits_out.get(table_seats, "")
