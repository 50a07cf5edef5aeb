"""The migration from the old flag: a table the clock had marked ``time_expired`` (its first hand entered
after the clock ran out was its last) keeps its hands and stays complete, now as "time was up after hand
N", N its last hand."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0008_readings")]
AFTER = [("tournaments", "0009_time_up_after_hand")]


@pytest.mark.django_db(transaction=True)
def test_a_table_ended_by_the_old_clock_is_time_up_after_its_last_hand():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    event = old.get_model("tournaments", "Tournament").objects.create(
        name="Old", slug="old", variant="taruk2012", rounds=1, hands_per_round=12, table_size=4
    )
    rnd = old.get_model("tournaments", "Round").objects.create(tournament=event, number=1, status="closed")
    Table = old.get_model("tournaments", "Table")
    Hand = old.get_model("tournaments", "Hand")
    ended, playing = (
        Table.objects.create(round=rnd, number=1, time_expired=True),
        Table.objects.create(round=rnd, number=2),
    )
    Table.objects.create(round=rnd, number=3, time_expired=True)  # flagged, but no hand: nothing to end
    for table, count in ((ended, 7), (playing, 3)):
        for n in range(1, count + 1):
            Hand.objects.create(table=table, number=n, dealer="A", input={}, points={}, played=n != 2)
    executor = MigrationExecutor(connection)  # the graph again: the loader keeps the state it was built with
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("tournaments", "Table")
    after = dict(new.objects.filter(round_id=rnd.pk).values_list("number", "time_up_after"))
    # Table 1: seven hands (one a redeal), its last is hand 7; table 2 played on; table 3 had no hand.
    assert after == {1: 7, 2: None, 3: None}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
