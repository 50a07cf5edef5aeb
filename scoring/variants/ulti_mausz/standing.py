"""ulti-mausz: table points, bye points and default tie-breaks (ulti-mausz.md §6.2)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scoring.standing_rules import StandingRules, averaged_places

LADDER = [Fraction(3), Fraction(2), Fraction(1), Fraction(0)]


def table_points(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """3/2/1 at three seats, 3/2/1/0 at four; equal unit sums share the places involved."""
    return averaged_places(totals, LADDER[: len(totals)])


STANDING = StandingRules(
    table_points=table_points,
    # §6.2: units, table wins, the rounds where they met, lot.
    tiebreaks=("ranking_points", "game_points", "table_wins", "head_to_head", "lot"),
    bye_points=Fraction(2),  # the average of 3/2/1
)
