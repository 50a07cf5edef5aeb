"""tarokk-illusztralt: table points and default tie-breaks (the spec proposes none: game points rank first)."""

from __future__ import annotations

from scoring.standing_rules import StandingRules, descending_points

STANDING = StandingRules(
    table_points=descending_points,
    tiebreaks=("game_points", "ranking_points", "table_wins", "lot"),
)
