"""ulti-mausz: the table plan: seats, who sits out, hands per round, the seating."""

from __future__ import annotations

from scoring.table_plan import TablePlan, TableSizes, two_sizes
from scoring.text import _


def arrange(n: int) -> TableSizes:
    """ulti-mausz.md §6.2: threes; fours (the dealer sits out) only for ``N mod 3`` tables."""
    return two_sizes(n, 3, 4)


PLAN = TablePlan(
    seats=(3, 4),
    players_per_hand=3,
    # §6.2 proposal: 9 deals at a three-seat table (each player deals 3 times); a four-seat
    # table plays 12 for the same (whole turns of the deal).
    default_hands_per_round=9,
    zero_sum=True,
    arrange=arrange,
    sits_out={4: _("Four at the table: the dealer sits out each deal.")},  # 9.§(11), §1.1
    all_play_all=True,  # the MAUSZ final: everyone meets everyone (§6.1)
)
