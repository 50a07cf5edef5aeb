"""Database constraints hold even when application code is bypassed."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournaments.models import AuditEntry, Entry, Player, Round, Seat, Table, Tournament


@pytest.fixture
def seated(event):
    players = [Player.objects.create(name=f"Player {i}") for i in range(1, 9)]
    entries = [Entry.objects.create(tournament=event, player=p, start_number=i) for i, p in enumerate(players, 1)]
    rnd = Round.objects.create(tournament=event, number=1)
    t1 = Table.objects.create(round=rnd, number=1)
    t2 = Table.objects.create(round=rnd, number=2)
    for pos, e in zip("ABCD", entries[:4], strict=True):
        Seat.objects.create(table=t1, position=pos, entry=e)
    return event, rnd, t1, t2, entries


@pytest.mark.parametrize(
    ("table", "position", "entry"),
    [
        pytest.param(2, "A", 0, id="a-player-sits-at-most-once-per-round"),  # entry 0 sits at table 1
        pytest.param(1, "A", 5, id="positions-are-unique-per-table"),  # A of table 1 is taken
        pytest.param(2, "Z", 6, id="a-position-outside-a-to-g"),
    ],
)
def test_the_database_refuses_a_seat(seated, table, position, entry):
    _, _, t1, t2, entries = seated
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(table={1: t1, 2: t2}[table], position=position, entry=entries[entry])


def test_the_same_player_may_sit_in_another_round(seated):
    event, _, _, _, entries = seated
    rnd2 = Round.objects.create(tournament=event, number=2)
    t = Table.objects.create(round=rnd2, number=1)
    Seat.objects.create(table=t, position="A", entry=entries[0])
    assert entries[0].seats.count() == 2


def test_table_numbers_are_unique_per_round(seated):
    _, rnd, _, _, _ = seated
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(round=rnd, number=1)


def test_round_numbers_are_unique_per_tournament(seated):
    event, _, _, _, _ = seated
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=event, number=1)


def test_a_player_is_entered_once_and_start_numbers_are_unique(seated):
    event, _, _, _, entries = seated
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=event, player=entries[0].player, start_number=99)
    with pytest.raises(IntegrityError), transaction.atomic():
        Entry.objects.create(tournament=event, player=Player.objects.create(name="New"), start_number=1)


def test_the_variant_is_checked_against_the_scoring_registry(db):
    t = Tournament(name="X", slug="x", variant="poker")
    with pytest.raises(ValidationError) as exc:
        t.full_clean()
    assert "variant" in exc.value.message_dict


def test_the_table_size_is_checked_against_the_variant(db):
    t = Tournament(name="X", slug="x", variant="taruk2012", table_size=7)
    with pytest.raises(ValidationError) as exc:
        t.full_clean()
    assert "table_size" in exc.value.message_dict


def test_the_audit_log_is_append_only(event):
    entry = AuditEntry.objects.filter(tournament=event).first()
    entry.reason = "rewritten"
    with pytest.raises(PermissionError):
        entry.save()
    with pytest.raises(PermissionError):
        entry.delete()
    with pytest.raises(PermissionError):
        AuditEntry.objects.filter(tournament=event).update(reason="x")
    with pytest.raises(PermissionError):
        AuditEntry.objects.filter(tournament=event).delete()
