"""taruk2012: table points, bye points and default tie-breaks."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from scoring.standing_rules import StandingRules, best_shared_place

LADDERS = {
    # taruk2012.md §6.3: 1st = 2, 2nd = 1.5, 3rd = 1, 4th = 0.5.
    4: [Fraction(2), Fraction(3, 2), Fraction(1), Fraction(1, 2)],
    # taruk2012.md §7.6: five seats spread evenly from 2 to 0.5.
    5: [Fraction(2), Fraction(13, 8), Fraction(5, 4), Fraction(7, 8), Fraction(1, 2)],
}


def table_points(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Ranking points of one table; tied players get the best place they share (§6.4)."""
    if len(totals) not in LADDERS:
        raise ValueError(f"a Taruk table has 4 or 5 players, not {len(totals)}")
    return best_shared_place(totals, LADDERS[len(totals)])


STANDING = StandingRules(
    table_points=table_points,
    # taruk2012.md §7.7: game points, head-to-head, first places, lot.
    tiebreaks=("ranking_points", "game_points", "head_to_head", "table_wins", "lot"),
    # taruk2012.md §7.6: a bye scores the average, 1.25.
    bye_points=Fraction(5, 4),
)
