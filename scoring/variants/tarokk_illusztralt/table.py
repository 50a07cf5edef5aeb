"""tarokk-illusztralt: the table plan: seats, who sits out, hands per round, the seating."""

from __future__ import annotations

from scoring.table_plan import TablePlan, TableSizes, one_size


def arrange(n: int) -> TableSizes:
    """Every table has exactly four players (all four play every hand); the remainder sits out."""
    return one_size(n, 4)


PLAN = TablePlan(
    seats=(4,),
    players_per_hand=4,
    # The spec has no tournament section: 12 hands = each seat deals three times.
    default_hands_per_round=12,
    zero_sum=True,  # §5.1: every hand, renonsz and tarokk counts included, sums to zero
    arrange=arrange,
)
