"""How far a table is in its round: one computation for every page, protocol and API.

Pure, no Django import. Every reader (the table page, live pages, protocols, the API,
hand entry and confirmation) asks ``table_progress`` (from the hands) or
``progress_from_counts`` (from counts summed in the database); both apply the same
rules, so "13 of 12 deals" cannot appear on one page while another says 12.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.registry import get as get_variant


def expected_hands(variant: str, table_size: int, hands_per_round: int) -> int:
    """Hands a table of ``table_size`` plays in the event's rounds of ``hands_per_round``: everybody
    deals equally often, as the variant's table plan counts (``TablePlan.hands``; e.g. Taruk 12 at
    four seats, 10 at five, taruk2012.md §7.6; Vadász 8 at four, 12 at six)."""
    return get_variant(variant).plan.hands(table_size, hands_per_round)


def is_complete(played: int, entered: int, expected: int, time_up_after: int | None) -> bool:
    """All the plan's hands played, or the table has the hand after which time was up (taruk2012.md
    §7.2: the hand in progress is finished and scored, no new one is started). ``time_up_after`` is a
    hand number as the table numbers its hands (void deals and redeals included), so it is compared
    with the hands entered."""
    return played >= expected or (time_up_after is not None and entered >= time_up_after)


def last_hand_allowed(played: int, entered: int, expected: int) -> int:
    """The highest hand number time can be up after: where the plan's hands end if the hands still to
    play all count (a later one would end nothing)."""
    return entered + max(expected - played, 0)


@dataclass(frozen=True)
class EventPlan:
    """What of an event decides a table's progress (a Tournament has these attributes)."""

    variant: str
    hands_per_round: int


@dataclass(frozen=True)
class TableProgress:
    """A table's progress in its round.

    ``played``: hands that count for the round (a void ulti deal, a Vadász throw-in or a
    redeal is entered and shown, but does not count); ``entered``: every hand record;
    ``time_up_after``: the hand after which time was up (taruk2012.md §7.2), or None.
    """

    positions: tuple[str, ...]
    played: int
    entered: int
    expected: int
    complete: bool
    time_up_after: int | None = None
    totals: Mapping[str, int] = field(default_factory=dict)

    @property
    def remaining(self) -> int:
        """Hands still to enter: to the plan's count, or to the hand after which time was up."""
        if self.complete:
            return 0
        left = max(self.expected - self.played, 0)
        return left if self.time_up_after is None else min(left, max(self.time_up_after - self.entered, 0))

    @property
    def time_expired(self) -> bool:
        """The table stopped by the round clock (taruk2012.md §7.2: ``time_expired: true``)."""
        return self.time_up_after is not None

    @property
    def time_up_limits(self) -> tuple[int, int]:
        """The first and the last hand time can be up after: not before a hand already entered (nor
        before hand 1), not after the plan's last hand (``last_hand_allowed``)."""
        return max(self.entered, 1), max(last_hand_allowed(self.played, self.entered, self.expected), 1)

    def as_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "entered": self.entered,
            "expected": self.expected,
            "complete": self.complete,
            "time_expired": self.time_expired,
            "time_up_after": self.time_up_after,
            "totals": dict(self.totals),
        }


def progress_from_counts(
    plan: Any,
    positions: Iterable[str],
    *,
    played: int,
    entered: int | None = None,
    time_up_after: int | None = None,
    totals: Mapping[str, int] | None = None,
    expected: int | None = None,
) -> TableProgress:
    """Progress from counts already made (``played`` hands that count, summed points).
    ``plan``: an EventPlan or a Tournament; ``expected`` overrides the plan's count (a sheet
    printed for a given number of hands)."""
    positions = tuple(positions)
    if expected is None:
        expected = expected_hands(plan.variant, len(positions), plan.hands_per_round)
    sums = {p: 0 for p in positions}
    sums.update(totals or {})
    entered = played if entered is None else entered
    return TableProgress(
        positions=positions,
        played=played,
        entered=entered,
        expected=expected,
        complete=is_complete(played, entered, expected, time_up_after),
        time_up_after=time_up_after,
        totals=sums,
    )


def running_totals(points: Iterable[Mapping[str, int]], positions: Iterable[str] = ()) -> list[dict[str, int]]:
    """Each seat's total after each hand, from the hands' points in order: the one running sum of a
    table (its seats from 0 in ``positions``' order; a seat only the points name after them)."""
    totals = dict.fromkeys(positions, 0)
    out = []
    for hand in points:
        for p, v in (hand or {}).items():
            totals[p] = totals.get(p, 0) + v
        out.append(dict(totals))
    return out


def table_progress(
    plan: Any,
    positions: Iterable[str],
    hands: Iterable[Mapping[str, Any] | Any],
    *,
    time_up_after: int | None = None,
    expected: int | None = None,
) -> TableProgress:
    """Progress from a table's hands: mappings or objects with ``played`` and ``points``
    (the stored flag the engine derived when the hand was scored)."""
    positions = tuple(positions)
    hands = [h if isinstance(h, Mapping) else {"played": h.played, "points": h.points} for h in hands]
    running = running_totals((h.get("points") for h in hands), positions)
    return progress_from_counts(
        plan,
        positions,
        played=sum(bool(h.get("played", True)) for h in hands),
        entered=len(hands),
        time_up_after=time_up_after,
        totals=running[-1] if running else None,
        expected=expected,
    )
