"""taruk2012: table points, bye points and default tie-breaks."""

from __future__ import annotations

from fractions import Fraction

from scoring.standing_rules import StandingRules

from . import ties

STANDING = StandingRules(
    # §6 at four seats, §7.6 at five; tied players share the best place (competition ranking, A29).
    table_points=ties.ranking_points,
    # taruk2012.md §7.7: game points, head-to-head, first places, lot.
    tiebreaks=("ranking_points", "game_points", "head_to_head", "table_wins", "lot"),
    # taruk2012.md §7.6: a bye scores the average, 1.25.
    bye_points=Fraction(5, 4),
)
