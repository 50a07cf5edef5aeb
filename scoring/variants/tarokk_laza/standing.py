"""tarokk-laza: table points and default tie-breaks; the event ranks fixed pairs."""

from __future__ import annotations

from scoring.standing_rules import StandingRules, descending_points

STANDING = StandingRules(
    table_points=descending_points,
    tiebreaks=("game_points", "table_wins", "lot"),
    # tarokk-laza.md §5.4: both partners get the pair's total; "the tournament layer ranks pairs".
    pairs=True,
)
