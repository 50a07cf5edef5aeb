"""taruk2012: the table plan: seats, who sits out, hands per round, the seating."""

from __future__ import annotations

from fractions import Fraction

from scoring.table_plan import TablePlan, TableSizes, two_sizes
from scoring.text import _


def arrange(n: int) -> TableSizes:
    """taruk2012.md §7.6: fours, ``N mod 4`` fives with the dealer sitting out, byes for 6, 7, 11."""
    return two_sizes(n, 4, 5)


PLAN = TablePlan(
    seats=(4, 5),
    players_per_hand=4,
    default_hands_per_round=12,  # S5 / §7.1
    # Not zero-sum: the partner gets half (P15), opponents' bonuses are not charged
    # to the declaring side (P21, A6), klop is scored against each player alone (K3).
    zero_sum=False,
    arrange=arrange,
    sits_out={5: _("Five at the table: the dealer sits out each hand.")},  # taruk2012.md §7.6
    hands_share={5: Fraction(10, 12)},  # §7.6: a 5-seat table plays 10 hands, each seat deals twice
    reseat_by_places=True,  # rule 7 (S7), taruk2012.md §7.5
)
