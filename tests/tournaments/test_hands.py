"""The table flow through the audited actions: enter, reject, correct with
downstream rescoring, stale edit, confirm, reopen, delete.

Numbers are taruk2012.md §8.1 examples: E8 (klop, B full: B −70, radelci for
all), E1 (tri won with 48: declarer 25, partner (25 + 5) / 2 = 15), and §4.4
(a radelc doubles the next hand: 25 → 50, partner half of 50 = 25).
"""

from __future__ import annotations

import pytest

from tests.support.taruk_hands import HAND1_SEATS, HAND2_SEATS, klop_b_full, tri
from tournaments.models import AuditEntry, Hand, Table
from tournaments.tables import confirmations
from tournaments.tables import hands as services


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def points(table):
    return [h.points for h in table.hands.order_by("number")]


def test_entering_scores_with_the_carried_state(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    services.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))
    assert points(table) == [{"A": 0, "B": -70, "C": 0, "D": 0}, {"A": 25, "B": 0, "C": 50, "D": 0}]
    h1 = table.hands.get(number=1)
    assert h1.state_after == {"radelci": {"A": 1, "B": 1, "C": 1, "D": 1}}
    assert h1.rules_version == "taruk2012/1"
    assert h1.input == klop_b_full()  # stored exactly as entered
    assert AuditEntry.objects.filter(action="hand.entered").count() == 2


def test_a_rejected_hand_names_the_field_and_stores_nothing(table, bob):
    before = AuditEntry.objects.count()
    bad = tri("A", HAND1_SEATS, "C", "A")  # tri by a player who is not the forehand
    with pytest.raises(services.HandRejected) as exc:
        services.enter_hand(bob, table, bad)
    assert [e.field for e in exc.value.errors] == ["declarer"]
    assert not table.hands.exists()
    assert AuditEntry.objects.count() == before


def test_the_table_decides_the_dealer(table, bob):
    with pytest.raises(services.HandRejected) as exc:
        services.enter_hand(bob, table, klop_b_full(dealer="B", seats=("C", "D", "A", "B")))
    assert {e.field for e in exc.value.errors} == {"seats", "dealer"}


def test_a_correction_rescores_the_later_hands_and_is_audited(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    services.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))
    first = table.hands.get(number=1)
    services.correct_hand(bob, first, tri("A", HAND1_SEATS, "B", "D"), expected_version=1, reason="it was a tri")
    # Hand 1 is now E1; hand 2 loses the radelc: C 25, partner A (25 + 5) / 2 = 15.
    assert points(table) == [{"A": 0, "B": 25, "C": 0, "D": 15}, {"A": 15, "B": 0, "C": 25, "D": 0}]
    corrected = AuditEntry.objects.get(action="hand.corrected")
    assert corrected.before["points"]["B"] == -70
    assert corrected.after["points"]["B"] == 25
    assert corrected.reason == "it was a tri"
    assert corrected.actor == bob
    rescored = AuditEntry.objects.get(action="hand.rescored")
    assert (rescored.before["points"]["C"], rescored.after["points"]["C"]) == (50, 25)
    assert table.hands.get(number=2).version == 2


def test_a_stale_edit_is_refused_and_changes_nothing(table, bob, alice):
    services.enter_hand(bob, table, klop_b_full())
    hand = table.hands.get(number=1)
    services.correct_hand(alice, hand, tri("A", HAND1_SEATS, "B", "D"), expected_version=1, reason="first")
    with pytest.raises(services.StaleEdit):
        services.correct_hand(bob, hand, tri("A", HAND1_SEATS, "B", "D", 60), expected_version=1, reason="second")
    assert table.hands.get(number=1).input["card_points"] == 48
    assert AuditEntry.objects.filter(action="hand.corrected").count() == 1


def test_a_correction_needs_a_reason(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    with pytest.raises(services.HandRejected) as exc:
        services.correct_hand(bob, table.hands.get(), klop_b_full(), expected_version=1, reason="  ")
    assert exc.value.errors[0].field == "reason"


def _finish(table, user):
    services.enter_hand(user, table, klop_b_full())
    services.enter_hand(user, table, tri("B", HAND2_SEATS, "C", "A"))


def test_players_confirm_with_their_pins_and_a_correction_reopens(table, bob):
    _finish(table, bob)
    seats = list(table.seats.select_related("entry").order_by("position"))
    with pytest.raises(confirmations.WrongPin):
        confirmations.confirm_table(bob, table, "A", "wrong")
    for seat in seats:
        confirmations.confirm_table(bob, table, seat.position, seat.entry.pin)
    table.refresh_from_db()
    assert table.confirmed_at is not None
    assert table.confirmations.get(position="A").totals == {"A": 25, "B": -70, "C": 50, "D": 0}
    services.correct_hand(
        bob, table.hands.get(number=2), tri("B", HAND2_SEATS, "C", "A", 60), expected_version=1, reason="miscounted"
    )
    table.refresh_from_db()
    assert table.confirmed_at is None
    assert not table.confirmations.exists()
    reopened = AuditEntry.objects.get(action="table.reopened")
    assert len(reopened.before["confirmations"]) == 4


def test_no_confirmation_before_the_table_is_complete(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    seat = table.seats.select_related("entry").get(position="A")
    with pytest.raises(services.NotOpen):
        confirmations.confirm_table(bob, table, "A", seat.entry.pin)


def test_no_hand_beyond_the_round(table, bob):
    _finish(table, bob)
    with pytest.raises(services.NotOpen):
        services.enter_hand(bob, table, klop_b_full(dealer="C", seats=("D", "A", "B", "C")))


def test_deleting_a_hand_renumbers_and_rescores_the_rest(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    # A dve (anyone may declare it) stays valid when it moves to hand 1 and takes dealer A.
    services.enter_hand(bob, table, {**tri("B", HAND2_SEATS, "C", "A"), "game": "dve"})
    services.delete_hand(bob, table.hands.get(number=1), expected_version=1, reason="entered twice")
    assert list(table.hands.values_list("number", "dealer")) == [(2 - 1, "A")]
    # Without the klop before it, the dve has no radelc: C 20 + 15 = 35, partner A (35 + 5) / 2 = 20.
    assert points(table) == [{"A": 20, "B": 0, "C": 35, "D": 0}]
    deleted = AuditEntry.objects.get(action="hand.deleted")
    assert deleted.before["points"]["B"] == -70


def test_a_referee_limited_to_table_1_cannot_write_table_2(running_event, rita):
    from django.core.exceptions import PermissionDenied

    other = Table.objects.get(round__tournament=running_event, round__number=1, number=2)
    with pytest.raises(PermissionDenied):
        services.enter_hand(rita, other, klop_b_full())
    assert not Hand.objects.exists()


def test_a_round_that_is_not_running_takes_no_hand(table, bob, alice):
    from tournaments.rounds import services as rounds

    rounds.close_round(alice, table.round, override=True, reason="unfinished in this test")
    with pytest.raises(services.NotOpen):
        services.enter_hand(bob, table, klop_b_full())


def test_after_the_time_limit_the_hand_in_progress_is_the_last(table, bob):
    """taruk2012.md §7.2: when time is up the hand in progress is finished and scored, then the round
    ends at that table with fewer hands than planned: the referee records after which hand
    (tests/tournaments/test_time_up.py); the clock alone refuses nothing."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.models import Round
    from tournaments.rounds import timeup

    Round.objects.filter(pk=table.round_id).update(started_at=timezone.now() - timedelta(minutes=76))
    services.enter_hand(bob, table, klop_b_full())  # the hand in progress
    timeup.record_time_up(bob, table, 1)
    with pytest.raises(services.NotOpen):
        services.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))
    seat = table.seats.select_related("entry").get(position="A")
    confirmations.confirm_table(bob, table, "A", seat.entry.pin)  # one hand is a complete table now
    assert AuditEntry.objects.filter(action="table.time_up").count() == 1
