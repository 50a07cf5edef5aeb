"""tarokk-laza: table points and default tie-breaks (the event ranks its fixed pairs: table.py)."""

from __future__ import annotations

from scoring.standing_rules import StandingRules, descending_points

STANDING = StandingRules(
    table_points=descending_points,
    tiebreaks=("game_points", "table_wins", "lot"),
)
