"""taruk2012: table points, bye points and default tie-breaks."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scoring.standing_rules import StandingRules

from . import ties


def table_points(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """§6 at four seats, §7.6 at five; ties as the event's ``table_ties`` setting says (§4.5:
    competition, A29, unless the organizer chose dense)."""
    return ties.ranking_points(totals, (settings or {}).get("table_ties") or ties.TABLE_TIES[0])


def table_places(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, int]:
    """The places the sheet writes: 1-1-3-4 (competition) or 1-1-2-3 (dense), as ``table_ties`` says."""
    return ties.places(totals, (settings or {}).get("table_ties") or ties.TABLE_TIES[0])


STANDING = StandingRules(
    table_points=table_points,
    table_places=table_places,
    # taruk2012.md §7.7: game points, head-to-head, first places, lot.
    tiebreaks=("ranking_points", "game_points", "head_to_head", "table_wins", "lot"),
    # taruk2012.md §7.6: a bye scores the average, 1.25.
    bye_points=Fraction(5, 4),
)
