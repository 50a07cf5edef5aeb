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


def is_complete(hands: int, expected: int, time_expired: bool) -> bool:
    """All hands played, or time is up after at least one (taruk2012.md §7.2)."""
    return hands >= expected or (time_expired and hands > 0)


@dataclass(frozen=True)
class EventPlan:
    """What of an event decides a table's progress (a Tournament has these attributes)."""

    variant: str
    hands_per_round: int


@dataclass(frozen=True)
class TableProgress:
    """A table's progress in its round.

    ``played``: hands that count for the round (a void ulti deal, a Vadász throw-in or a
    redeal is entered and shown, but does not count); ``entered``: every hand record.
    """

    positions: tuple[str, ...]
    played: int
    entered: int
    expected: int
    complete: bool
    time_expired: bool
    totals: Mapping[str, int] = field(default_factory=dict)

    @property
    def remaining(self) -> int:
        return 0 if self.complete else max(self.expected - self.played, 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "entered": self.entered,
            "expected": self.expected,
            "complete": self.complete,
            "time_expired": self.time_expired,
            "totals": dict(self.totals),
        }


def progress_from_counts(
    plan: Any,
    positions: Iterable[str],
    *,
    played: int,
    entered: int | None = None,
    time_expired: bool = False,
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
    return TableProgress(
        positions=positions,
        played=played,
        entered=played if entered is None else entered,
        expected=expected,
        complete=is_complete(played, expected, time_expired),
        time_expired=time_expired,
        totals=sums,
    )


def table_progress(
    plan: Any,
    positions: Iterable[str],
    hands: Iterable[Mapping[str, Any] | Any],
    *,
    time_expired: bool = False,
    expected: int | None = None,
) -> TableProgress:
    """Progress from a table's hands: mappings or objects with ``played`` and ``points``
    (the stored flag the engine derived when the hand was scored)."""
    positions = tuple(positions)
    totals = dict.fromkeys(positions, 0)
    played = entered = 0
    for h in hands:
        counts = h.get("played", True) if isinstance(h, Mapping) else h.played
        points = (h.get("points") if isinstance(h, Mapping) else h.points) or {}
        entered += 1
        played += bool(counts)
        for p, v in points.items():
            totals[p] = totals.get(p, 0) + v
    return progress_from_counts(
        plan, positions, played=played, entered=entered, time_expired=time_expired, totals=totals, expected=expected
    )
