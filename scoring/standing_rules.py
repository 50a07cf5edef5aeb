"""What a variant's standings count: table (placement) points, bye points and default
tie-breaks. Pure, no Django import.

Each variant declares one ``StandingRules`` in ``scoring/variants/<key>/standing.py``; the
standings (``tournaments/results/standings.py``) read it from the registry and never name a variant.
Points are ``Fraction``s, so that shared places never meet binary rounding (every value the
variants give is a multiple of 1/8).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

# A table's totals and the event's settings (``Tournament.event_settings``) -> placement points.
TablePoints = Callable[[Mapping[str, int], Mapping[str, Any]], dict[str, Fraction]]


def places(totals: Mapping[str, int]) -> dict[str, int]:
    """Competition ranking ("1-1-3-4"): 1 + the number of strictly higher totals (the index of a
    total's first occurrence in the totals sorted high to low)."""
    ordered = sorted(totals.values(), reverse=True)
    return {p: 1 + ordered.index(t) for p, t in totals.items()}


def averaged_places(totals: Mapping[str, int], ladder: list[Fraction]) -> dict[str, Fraction]:
    """Tied players share the points of the places involved equally (ulti-mausz.md §6.2)."""
    result = {}
    place = places(totals)
    for p, first in place.items():
        tied = sum(1 for q in place.values() if q == first)
        result[p] = sum(ladder[first - 1 : first - 1 + tied], Fraction(0)) / tied
    return result


def descending_points(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """n-1 … 0 points by place (3/2/1 at three, 3/2/1/0 at four), shared places averaged.

    The tarokk specs propose no placement points; their events use this ladder and rank by
    game points first (their default tie-breaks)."""
    n = len(totals)
    ladder = [Fraction(n - 1 - i) if n > 3 else Fraction(3 - i) for i in range(n)]
    return averaged_places(totals, ladder)


@dataclass(frozen=True)
class StandingRules:
    """How a variant's tables and byes count towards the event's standings.

    ``tiebreaks``: the metric keys (``tournaments.results.standings.METRICS``) an event of the variant
    ranks by unless its organizer chose others, in order. (Whether the event ranks players or
    fixed pairs follows from what its draw seats: ``TablePlan.unit``.)
    """

    table_points: TablePoints
    tiebreaks: tuple[str, ...]
    bye_points: Fraction = Fraction(0)  # ranking points for a round sat out on a bye
    # The places a table's sheet writes under the event's settings (competition ranking unless the
    # variant lets the organizer choose another, as Taruk's ``table_ties`` does).
    table_places: Callable[[Mapping[str, int], Mapping[str, Any]], dict[str, int]] = lambda totals, _settings: places(
        totals
    )
