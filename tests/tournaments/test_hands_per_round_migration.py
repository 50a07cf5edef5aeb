"""The migration to hands per round counted at the variant's smallest table: an event keeps the hands its
tables play. Before, hands per round counted at the event's seats per table and other sizes played as
many whole turns of the deal."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournaments", "0010_draw_method_schedule_and_notes")]
AFTER = [("tournaments", "0011_hands_per_round_at_the_smallest_table")]


@pytest.mark.django_db(transaction=True)
def test_an_event_keeps_the_hands_its_tables_play():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    Tournament = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "Tournament")
    for slug, variant, seats, hands in (
        ("ulti-four", "ulti-mausz", 4, 12),  # ulti-mausz.md §6.2: 12 deals at four seats = 9 at three
        ("ulti-three", "ulti-mausz", 3, 9),  # already at the smallest table
        ("taruk-five", "taruk2012", 5, 10),  # its four-seat tables played two turns of the deal
        ("taruk-four", "taruk2012", 4, 12),
    ):
        Tournament.objects.create(name=slug, slug=slug, variant=variant, table_size=seats, hands_per_round=hands)
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    after = executor.loader.project_state(AFTER).apps.get_model("tournaments", "Tournament")
    hands = dict(after.objects.values_list("slug", "hands_per_round"))
    # ulti at four: 12 / 4 = 3 deals each, 3 x 3 = 9; Taruk at five: 10 / 5 = 2 deals each, 2 x 4 = 8
    # (what its four-seat tables played before).
    assert hands == {"ulti-four": 9, "ulti-three": 9, "taruk-five": 8, "taruk-four": 12}
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
