"""The database's sums of each table's hands (``TableSums``, migration 0002): whatever writes the hands
(the audited service, a bulk update, a delete, a hand moved to another table, a table deleted), the
table's row says how many hands were entered, how many count for the round, and each seat's points
summed; a table without hands has no row. The expected sums are added up here from the hands as stored.

The test database is built by the migrations, so these tests also fail if a later migration rebuilds
``scoring_hand`` on SQLite (which drops its triggers) without creating them again.
"""

from __future__ import annotations

import random
from collections import Counter

from tests.support.taruk_hands import tri_in
from tournaments.models import Hand, Table, TableSums
from tournaments.results.load import table_totals
from tournaments.tables import hands


def added_up(table: Table) -> tuple[int, int, dict[str, int]] | None:
    """(entered, played, seat -> points) summed here from the table's stored hands."""
    stored = list(Hand.objects.filter(table=table))
    if not stored:
        return None
    points: Counter[str] = Counter()
    for hand in stored:
        for seat, value in hand.points.items():
            points[seat] += value
    return len(stored), sum(1 for h in stored if h.played), dict(points)


def kept(table: Table) -> tuple[int, int, dict[str, int]] | None:
    row = TableSums.objects.filter(table=table).first()
    return None if row is None else (row.entered, row.played, row.points)


def hand(table: Table, number: int, points: dict[str, int], played: bool = True) -> Hand:
    return Hand.objects.create(
        table=table, number=number, dealer="A", input={}, points=points, played=played, rules_version="test"
    )


def test_hands_entered_through_the_service_are_summed_on_their_table(running_event, bob):
    table = Table.objects.filter(round__tournament=running_event, round__number=1).get(number=1)
    assert kept(table) is None  # no hands yet: no row
    for card_points in (48, 20):  # taruk2012.md §8.1 E1 won, then the same tri lost
        envelope = hands.next_envelope(hands.table_setup(table, running_event), table.hands.last())
        hands.enter_hand(bob, table, tri_in(envelope, card_points))
    entered, played, points = kept(table)
    assert (entered, played) == (2, 2)
    assert points == added_up(table)[2]
    totals = {t.table_id: t for t in table_totals(running_event, [1])}[table.pk]
    assert (totals.hands, totals.entered, totals.by_position) == (2, 2, {p: points.get(p, 0) for p in "ABCD"})


def test_every_kind_of_write_keeps_the_sums_as_the_hands_add_up(running_event):
    one, two = Table.objects.filter(round__tournament=running_event, round__number=1).order_by("number")[:2]
    rng = random.Random(7)
    for number in range(1, 7):
        hand(one, number, {s: rng.randrange(-90, 91) for s in "ABCD"}, played=number != 3)  # 3: a void deal
        assert kept(one) == added_up(one)
    hand(two, 1, {})  # a redeal: entered, no points
    assert kept(two) == (1, 1, {})

    Hand.objects.filter(table=one, number=2).update(points={"A": 10, "B": -10, "C": 0, "D": 0})
    assert kept(one) == added_up(one)
    Hand.objects.filter(table=one, number=3).update(played=True)
    assert kept(one)[1] == 6

    # One statement over hands of two tables (a rescoring's bulk update).
    changed = list(Hand.objects.filter(table__in=[one, two]))
    for h in changed:
        h.points = {s: rng.randrange(-50, 51) for s in "ABCD"}
    Hand.objects.bulk_update(changed, ["points"])
    assert (kept(one), kept(two)) == (added_up(one), added_up(two))

    moved = Hand.objects.get(table=one, number=6)
    Hand.objects.filter(pk=moved.pk).update(table=two, number=2)  # a hand moved: both tables follow
    assert (kept(one), kept(two)) == (added_up(one), added_up(two))
    assert kept(two)[0] == 2

    Hand.objects.filter(table=one, number__lte=2).delete()
    assert kept(one) == added_up(one)
    Hand.objects.filter(table=one).delete()
    assert kept(one) is None and not TableSums.objects.filter(table_id=one.pk).exists()


def test_a_table_deleted_with_its_hands_leaves_no_sums(running_event):
    table = Table.objects.filter(round__tournament=running_event, round__number=1).get(number=2)
    hand(table, 1, {"A": 5, "B": -5})
    pk = table.pk
    table.delete()
    assert not TableSums.objects.filter(table_id=pk).exists()
