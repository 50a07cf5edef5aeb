"""The audit log read alone: every entry places itself, and ``audit_replay`` rebuilds each table's
totals from it after a random run of entries, corrections and deletions."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import CommandError, call_command

from tests.support.events import seated_event, tables
from tests.support.taruk_hands import enter, taruk_hand
from tournaments.history.replay import LogRow, differences, replay
from tournaments.models import AuditEntry, Hand
from tournaments.tables import hands


@pytest.fixture
def seated(event, alice):
    seated_event(event, alice, [f"Igralec {i}" for i in range(1, 9)], hands_per_round=12)
    event.refresh_from_db()
    return event


def replay_output(*slugs: str) -> str:
    out = io.StringIO()
    call_command("audit_replay", *slugs, stdout=out)
    return out.getvalue()


def test_a_hand_entry_names_its_round_table_and_hand(seated, bob):
    table = tables(seated)[1]
    first = enter(bob, table, 1)
    second = enter(bob, table, 2)
    entry = AuditEntry.objects.filter(action="hand.entered", target_id=str(second.pk)).get()
    assert (entry.tournament_id, entry.round_number, entry.table_number, entry.hand_number, entry.hand_id) == (
        seated.pk,
        1,
        2,
        2,
        second.pk,
    )
    hands.delete_hand(bob, first, expected_version=first.version, reason="entered twice")
    deleted = AuditEntry.objects.get(action="hand.deleted")
    assert (deleted.round_number, deleted.table_number, deleted.hand_number, deleted.hand_id) == (1, 2, 1, first.pk)


def test_a_round_entry_names_its_round_and_event(seated, alice):
    from tournaments.rounds import services as rounds

    rounds.pause_clock(alice, seated.round_set.get(number=1))
    paused = AuditEntry.objects.get(action="round.clock_paused")
    assert (paused.tournament_id, paused.round_number, paused.table_number, paused.hand_id) == (
        seated.pk,
        1,
        None,
        None,
    )


def test_replay_agrees_after_a_random_run_of_entries_corrections_and_deletions(seated, bob, rita):
    rng = random.Random(20240612)
    done = {"enter": 0, "correct": 0, "delete": 0}
    for _step in range(40):
        table = rng.choice(tables(seated))
        stored = list(table.hands.order_by("number"))
        action = rng.choice(["enter", "enter", "correct", "delete"]) if stored else "enter"
        user = bob if table.number != 1 or rng.random() < 0.5 else rita
        if action == "enter" and len(stored) < 10:
            enter(user, table, rng.randrange(1, 5))
        elif action == "correct" and stored:
            hand = rng.choice(stored)
            hands.correct_hand(
                user, hand, taruk_hand(rng.randrange(1, 5), hand.dealer), expected_version=hand.version, reason="typo"
            )
        elif stored:
            hand = rng.choice(stored)
            try:
                hands.delete_hand(user, hand, expected_version=hand.version, reason="not played")
            except hands.HandRejected:
                continue  # a later hand could not stand at its new number (its dealer moves): nothing changed
        else:
            continue
        done[action] += 1
    assert all(done.values()), done
    output = replay_output(seated.slug)
    assert f"{seated.slug}: 2 table(s)" in output and "agree with the log" in output


def test_replay_reports_a_score_changed_behind_the_logs_back(seated, bob):
    table = tables(seated)[0]
    enter(bob, table, 1)
    hand = enter(bob, table, 2)
    Hand.objects.filter(pk=hand.pk).update(points={p: 0 for p in hand.points})  # no audited action
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("audit_replay", seated.slug, stdout=out)
    text = out.getvalue()
    assert f"round 1, table 1: hand id {hand.pk}: log" in text
    assert "total" in text


def test_replay_follows_a_renumbering_by_the_hands_stable_id():
    rows = [
        LogRow("hand.entered", 1, 3, 10, {"number": 1, "points": {"A": 20, "B": -20}}),
        LogRow("hand.entered", 1, 3, 11, {"number": 2, "points": {"A": -5, "B": 5}}),
        LogRow("hand.deleted", 1, 3, 10, None),
        LogRow("hand.renumbered", 1, 3, 11, {"number": 1, "dealer": "A"}),
        LogRow("hand.rescored", 1, 3, 11, {"number": 1, "points": {"A": -10, "B": 10}}),
    ]
    logged, problems = replay(rows)
    assert problems == []
    assert logged == {(1, 3): {11: {"A": -10, "B": 10}}}
    assert differences(logged, {(1, 3): {11: {"A": -10, "B": 10}}}) == []
    assert differences(logged, {(1, 3): {11: {"A": -10, "B": 10}, 12: {"A": 1, "B": -1}}}) == [
        "round 1, table 3: hand id 12 is stored but not in the log",
        "round 1, table 3: seat A: total -10 from the log, -9 stored",
        "round 1, table 3: seat B: total 10 from the log, 9 stored",
    ]


def test_replay_of_an_unknown_event_says_so(db):
    with pytest.raises(CommandError, match="no such event"):
        replay_output("nowhere")
