"""Toy tables: three seats, everybody plays every hand, six hands a round."""

from scoring.table_plan import TablePlan, TableSizes, one_size


def arrange(n: int) -> TableSizes:
    return one_size(n, 3)


PLAN = TablePlan(seats=(3,), players_per_hand=3, default_hands_per_round=6, zero_sum=True, arrange=arrange)
