"""The API's next envelope gives everything the table fixes of a hand, as the variant declares it: for
Vadász tarokk (tarokk-vadasz.md §1.1) the participants (everyone at the table) and, at 5 and 6, the talon
arranger (the dealer at 5, the one opposite him at 6; none at 4, the dealer's pick of two at 7). A body
may leave them out, as it leaves out the seats and the dealer."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.tournaments import variant_tables
from tournaments.models import Hand


def api_table(table) -> str:
    return f"/api/events/{table.round.tournament.slug}/rounds/{table.round.number}/tables/{table.number}/"


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_the_vadasz_next_envelope_gives_the_participants_and_the_talon_arranger(alice, bob, size):
    table = variant_tables.running_table(alice, "tarokk-vadasz", size=size)
    (envelope, *_) = client_for(bob).get(api_table(table)).json()["next_envelopes"]
    seats = list("ABCDEFG"[:size])
    d = seats.index(envelope["dealer"])
    assert envelope["participants"] == seats
    arranger = {4: None, 5: seats[d], 6: seats[(d + 3) % 6], 7: None}[size]
    assert envelope.get("talon_arranger") == arranger
    # §1.1: at 5 to 7 the two players after and the two before the dealer play, in that order.
    if size > 4:
        assert envelope["seats"] == [seats[(d + k) % size] for k in (1, 2, size - 2, size - 1)]


def test_a_vadasz_hand_body_without_participants_is_entered(alice, bob):
    """tarokk-vadasz.md §4 V1's game at a table of 5: the declarer (the forehand) and his partner (the
    third player) win with 50 card points and 3 talon cards taken, G = 1: +1 each, -1 each for the
    other two, 0 for the dealer, who sits out."""
    table = variant_tables.running_table(alice, "tarokk-vadasz", size=5)
    client = client_for(bob)
    envelope = client.get(api_table(table)).json()["next_envelopes"][0]
    first, second, third, fourth = envelope["seats"]
    body = {
        "number": 1,
        "declarer": first,
        "partner": third,
        "declarer_talon_taken": 3,
        "declarer_card_points": 50,
        "declarer_tricks": 5,
    }
    response = client.post(api_table(table) + "hands/", data=json.dumps(body), content_type="application/json")
    assert response.status_code == 201, response.content
    hand = Hand.objects.get(table=table)
    assert hand.points == {first: 1, third: 1, second: -1, fourth: -1, envelope["dealer"]: 0}
    assert hand.input["participants"] == list("ABCDE")
    assert hand.input["talon_arranger"] == envelope["dealer"]
