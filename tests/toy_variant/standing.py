"""Toy standings: 3/2/1 placement points, then game points."""

from scoring.standing_rules import StandingRules, descending_points

STANDING = StandingRules(table_points=descending_points, tiebreaks=("ranking_points", "game_points", "lot"))
