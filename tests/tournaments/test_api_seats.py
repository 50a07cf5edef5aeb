"""The seat page's API twin (issue 16, players' own phones): read one's seat and confirm it with one's
PIN, without signing in. The numbers are computed here from taruk2012.md §8.1, never by the engine."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.support.taruk_hands import klop_b_full
from tournaments.events import services as event_services
from tournaments.models import AuditEntry, Confirmation, Table
from tournaments.tables import hands as services

SEATS = "/api/events/ljubljana-open/rounds/1/tables/1/seats/"
# Hand 1 klop, B over 35 card points: B -70 (§8.1 E8). Hand 2 tri by C with partner A, 48 card points:
# 48 rounds to 50, G = 10 + (50 - 35) = 25, doubled by C's radelc = 50; partner A (50 + 0) / 2 = 25.
HAND1 = {"A": 0, "B": -70, "C": 0, "D": 0}
HAND2 = {"A": (10 + 15) * 2 // 2, "B": 0, "C": (10 + 15) * 2, "D": 0}
TOTALS = {p: HAND1[p] + HAND2[p] for p in "ABCD"}


def post(client, url, body):
    return client.post(url, data=json.dumps(body), content_type="application/json")


def codes(response):
    return {(e["field"], e["code"]) for e in response.json()["errors"]}


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def pin_of(table, position):
    return table.seats.select_related("entry").get(position=position).entry.pin


def test_anyone_reads_a_seat_its_tables_hands_totals_and_the_players_standing(complete):
    body = client_for(None).get(SEATS + "C/").json()
    entry = complete.seats.select_related("entry__player").get(position="C").entry
    assert (body["round"], body["table"], body["position"]) == (1, 1, "C")
    assert (body["start_number"], body["name"]) == (entry.start_number, entry.player.name)
    assert body["totals"] == TOTALS
    assert [(s["position"], s["total"], s["me"]) for s in body["seats"]] == [(p, TOTALS[p], p == "C") for p in "ABCD"]
    assert [h["points"] for h in body["hands"]] == [HAND1, HAND2]
    assert body["hands"][1]["running"] == TOTALS
    assert (body["played_hands"], body["expected_hands"], body["complete"]) == (2, 2, True)
    assert (body["confirmed"], body["table_confirmed"], body["can_confirm"]) == (False, False, True)
    # C first at his table (50 > 25 > 0 > -70): 2 ranking points (taruk2012.md §6.3); first of 8.
    metrics = {m["key"]: m["value"] for m in body["standing"]["metrics"]}
    assert (body["standing"]["rank"], body["standing"]["of"]) == (1, 8)
    assert (metrics["ranking_points"], metrics["game_points"]) == ("2", str(TOTALS["C"]))
    assert body["urls"]["confirm"] == "/e/ljubljana-open/round/1/table/1/seat/C/confirm/"
    assert "pin" not in body and not any("pin" in s for s in body["seats"])  # never a PIN


def test_a_player_confirms_his_seat_with_his_pin_without_credentials(complete):
    response = post(client_for(None), SEATS + "C/confirm/", {"pin": pin_of(complete, "C")})
    assert response.status_code == 200
    entry = complete.seats.get(position="C").entry
    assert response.json() == {
        "position": "C",
        "start_number": entry.start_number,
        "totals": TOTALS,
        "table_confirmed": False,
        "created": True,
    }
    audit = AuditEntry.objects.get(action="table.confirmed_by_player")
    assert (audit.actor, audit.after["own_phone"], audit.after["totals"]) == (None, True, TOTALS)
    assert client_for(None).get(SEATS + "C/").json()["confirmed"] is True


def test_confirming_again_changes_nothing(complete):
    client = client_for(None)
    post(client, SEATS + "B/confirm/", {"pin": pin_of(complete, "B")})
    again = post(client, SEATS + "B/confirm/", {"pin": pin_of(complete, "B")})
    assert again.status_code == 200 and again.json()["created"] is False
    assert Confirmation.objects.count() == 1
    assert AuditEntry.objects.filter(action="table.confirmed_by_player").count() == 1


def test_a_wrong_pin_is_400_on_the_pin_and_stores_nothing(complete):
    pin = pin_of(complete, "A")
    response = post(client_for(None), SEATS + "A/confirm/", {"pin": "0000" if pin != "0000" else "1111"})
    assert response.status_code == 400 and codes(response) == {("pin", "wrong_pin")}
    assert not Confirmation.objects.exists()
    assert codes(post(client_for(None), SEATS + "A/confirm/", {})) == {("pin", "required")}


def test_the_last_seat_confirms_the_table_whoever_confirmed_the_others(complete, bob):
    referee = client_for(bob)
    for position in "AB":  # the referee's endpoint, signed in
        post(
            referee,
            "/api/events/ljubljana-open/rounds/1/tables/1/confirm/",
            {"position": position, "pin": pin_of(complete, position)},
        )
    assert (
        post(client_for(None), SEATS + "C/confirm/", {"pin": pin_of(complete, "C")}).json()["table_confirmed"] is False
    )
    last = post(client_for(None), SEATS + "D/confirm/", {"pin": pin_of(complete, "D")}).json()
    assert last["table_confirmed"] is True
    complete.refresh_from_db()
    assert complete.confirmed_at is not None
    assert AuditEntry.objects.get(action="table.confirmed").after["totals"] == TOTALS


def test_an_unfinished_table_answers_409_before_looking_at_the_pin(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    for pin in (pin_of(table, "A"), "x"):
        response = post(client_for(None), SEATS + "A/confirm/", {"pin": pin})
        assert response.status_code == 409 and codes(response) == {("", "not_open")}
    assert not Confirmation.objects.exists()


def test_repeated_wrong_pins_answer_429_with_retry_after(complete, settings):
    settings.PIN_SEAT_FAILURES = 2
    client = client_for(None)
    assert post(client, SEATS + "D/confirm/", {"pin": "x"}).status_code == 400
    locked = post(client, SEATS + "D/confirm/", {"pin": "x"})
    assert locked.status_code == 429 and codes(locked) == {("pin", "locked_out")}
    assert int(locked["Retry-After"]) > 0
    assert post(client, SEATS + "D/confirm/", {"pin": pin_of(complete, "D")}).status_code == 429
    assert not Confirmation.objects.exists()


def test_a_private_events_seat_asks_for_credentials_and_an_empty_seat_is_404(complete, alice):
    assert client_for(None).get(SEATS + "E/").status_code == 404
    event_services.update_tournament(alice, complete.round.tournament, is_public=False)
    assert client_for(None).get(SEATS + "C/").status_code == 401
    assert post(client_for(None), SEATS + "C/confirm/", {"pin": pin_of(complete, "C")}).status_code == 401
    assert not Confirmation.objects.exists()
    assert client_for(alice).get(SEATS + "C/").status_code == 200
