"""tarokk-vadasz: the table plan: seats, who sits out, hands per round, the seating."""

from __future__ import annotations

from scoring.table_plan import TablePlan, TableSizes, near_size
from scoring.text import _


def arrange(n: int) -> TableSizes:
    """tarokk-vadasz.md §1.1: tables of 4-7, four play each hand.

    As many tables as possible (fewest players sitting out per hand: N mod 4),
    the extra players spread one per table, so sizes differ by at most one.
    """
    tables = n // 4
    if tables == 0:
        return TableSizes((), n)
    extra = n - 4 * tables  # 0..3, so a single table never exceeds 7
    sizes = [4 + extra // tables + (1 if i >= tables - extra % tables else 0) for i in range(tables)]
    return TableSizes(tuple(sizes), 0)


def arrange_near(n: int, seats: int) -> TableSizes:
    """The organizer's seats per table (4-7, §1.1): tables as near that size as the count allows."""
    return near_size(n, seats, 4, 7)


PLAN = TablePlan(
    seats=(4, 5, 6, 7),
    players_per_hand=4,
    # The spec has no tournament section. 8 = every seat of a 4-table deals twice; a
    # table of 5-7 plays whole turns of the deal (10, 12, 14): every player plays 8 hands.
    default_hands_per_round=8,
    zero_sum=True,  # §2.2: every hand is zero-sum, renonsz included
    arrange=arrange,
    arrange_near=arrange_near,
    # §1.1: the dealer and the players opposite him sit out.
    sits_out={
        5: _("Five at the table: the dealer sits out each hand and arranges the talon."),
        6: _(
            "Six at the table: the dealer and the player opposite him sit out each hand; "
            "the one opposite arranges the talon."
        ),
        7: _(
            "Seven at the table: the dealer and the two players opposite him sit out each hand; "
            "the dealer picks one of the two to arrange the talon."
        ),
    },
)
