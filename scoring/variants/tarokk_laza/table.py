"""tarokk-laza: the table plan: seats, who sits out, hands per round, the seating."""

from __future__ import annotations

from scoring.table_plan import TablePlan, TableSizes, one_size


def arrange(n: int) -> TableSizes:
    """tarokk-laza.md §1.2: two fixed pairs per table; an odd pair out gets a bye."""
    return one_size(n, 2)


PLAN = TablePlan(
    seats=(4,),
    players_per_hand=4,  # two fixed pairs of two play every deal
    default_hands_per_round=8,  # a match is "usually 8 deals" (§1.3)
    zero_sum=False,  # points belong to the pair; a failed bid gives the opponents nothing (§3.1)
    arrange=arrange,
    # §1.2: partners sit side by side; the engine numbers the pairs A/D and B/C (§5.3), so the
    # first drawn pair takes A and D, the second B and C.
    pair_seats=("AD", "BC"),
)
