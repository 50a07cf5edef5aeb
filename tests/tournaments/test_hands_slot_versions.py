"""A hand entered at a number another hand held (deleted, or moved up by a deletion) gets a version
above every version that number had, so a correction or deletion prepared against the hand that held
it (number and version, no id: the bench/load.py run found it landing on the new hand) is refused."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.support.taruk_hands import SEATS, dve, klop_b_full
from tournaments.models import AuditEntry, Hand, Table, Tournament
from tournaments.tables import hands as services

API = "/api/events/ljubljana-open/rounds/1/tables/1/hands/"


@pytest.fixture
def table(running_event, alice):
    # Set in the database: the event's pages refuse to change the hands while a round plays.
    Tournament.objects.filter(pk=running_event.pk).update(hands_per_round=12)
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def patch(client, number, body):
    return client.patch(f"{API}{number}/", json.dumps(body), content_type="application/json")


def test_a_correction_for_a_deleted_last_hand_is_refused_on_the_hand_entered_in_its_place(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    second = services.enter_hand(bob, table, dve("B", "C", "A"))  # hand 2, version 1, as a phone read it
    services.delete_hand(bob, second, expected_version=1, reason="entered twice")
    replacement = services.enter_hand(bob, table, dve("B", "D", "C"))  # the new hand 2
    assert replacement.version > 1

    response = patch(client_for(bob), 2, {"version": 1, "reason": "recounted", "input": {"note": "old phone"}})
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "stale_edit"
    assert Hand.objects.get(pk=replacement.pk).input == replacement.input
    assert not AuditEntry.objects.filter(action="hand.corrected").exists()


def test_a_number_left_by_a_hand_that_moved_up_takes_a_new_hand_with_a_higher_version(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    second = services.enter_hand(bob, table, dve("B", "C", "A"))
    third = services.enter_hand(bob, table, dve("C", "D", "B"))  # hand 3, version 1, as a phone read it
    services.delete_hand(bob, second, expected_version=1, reason="entered twice")  # hand 3 moves to 2
    replacement = services.enter_hand(bob, table, dve("C", "A", "D"))  # the new hand 3
    assert replacement.version > third.version

    response = client_for(bob).delete(
        f"{API}3/", json.dumps({"version": 1, "reason": "old phone"}), content_type="application/json"
    )
    assert response.status_code == 409
    assert Hand.objects.filter(pk=replacement.pk).exists()


def test_a_hand_at_a_number_never_held_before_starts_at_version_1(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    assert services.enter_hand(bob, table, klop_b_full("B", SEATS["B"])).version == 1
