"""The API twins of the organizer's pages for people: referee accounts and tables, entry edits, late
entries, the PIN list (organizers only), the seat lookup and the player's page."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User

from tests.conftest import client_for, enter_e1
from tests.support.api import EVENT, errors, persona, refused, send
from tournaments import access
from tournaments.models import AuditEntry, Entry, Referee, Seat, Table

# --- referees ------------------------------------------------------------------------------------


def test_an_organizer_creates_a_referee_account_limited_to_tables(event, alice):
    response = send(
        client_for(alice),
        "post",
        EVENT + "referees/",
        {"username": "vesna", "password": "kralj-pagat-77", "tables": [3, 2]},
    )
    assert response.status_code == 201
    assert response.json() == {"username": "vesna", "tables": [2, 3]}
    user = User.objects.get(username="vesna")
    assert access.referee_tables(user, event) == {2, 3}
    assert "password" not in json.dumps(list(AuditEntry.objects.values("before", "after")))


@pytest.mark.parametrize("who", ["bob", "rita", "charlie", None])
def test_only_organizers_create_change_or_remove_referees(event, who, request):
    client = persona(request, who)
    assert send(
        client, "post", EVENT + "referees/", {"username": "vesna", "password": "kralj-pagat-77"}
    ).status_code == refused(who)
    assert send(client, "put", EVENT + "referees/rita/", {"tables": []}).status_code == refused(who)
    assert send(client, "delete", EVENT + "referees/rita/").status_code == refused(who)
    assert client.get(EVENT + "referees/").status_code == refused(who)
    assert not User.objects.filter(username="vesna").exists()
    assert Referee.objects.get(tournament=event, user__username="rita").table_numbers == [1]


def test_a_bad_account_names_the_field(event, alice):
    response = send(client_for(alice), "post", EVENT + "referees/", {"username": "bob", "password": "kralj-pagat-77"})
    assert response.status_code == 400 and ("username", "unique") in errors(response)
    response = send(client_for(alice), "post", EVENT + "referees/", {"username": "vesna", "password": "12"})
    assert response.status_code == 400 and {f for f, _ in errors(response)} == {"password"}
    response = send(
        client_for(alice),
        "post",
        EVENT + "referees/",
        {"username": "vesna", "password": "kralj-pagat-77", "tables": [0]},
    )
    assert response.status_code == 400 and {f for f, _ in errors(response)} == {"tables[0]"}
    assert not User.objects.filter(username="vesna").exists()


def test_an_organizer_limits_lists_and_removes_referees(event, alice):
    client = client_for(alice)
    assert send(client, "put", EVENT + "referees/bob/", {"tables": [2]}).json() == {"username": "bob", "tables": [2]}
    assert client.get(EVENT + "referees/").json() == [
        {"username": "bob", "tables": [2]},
        {"username": "rita", "tables": [1]},
    ]
    assert send(client, "delete", EVENT + "referees/rita/").status_code == 204
    assert not Referee.objects.filter(tournament=event, user__username="rita").exists()
    assert User.objects.filter(username="rita").exists()  # the account stays
    assert send(client, "delete", EVENT + "referees/rita/").status_code == 404


# --- entries -------------------------------------------------------------------------------------


def test_an_organizer_edits_an_entry_and_only_the_fields_sent_change(running_event, alice):
    response = send(client_for(alice), "patch", EVENT + "entries/3/", {"club": "TK Ptuj", "start_number": 33})
    assert response.status_code == 200
    body = response.json()
    assert (body["start_number"], body["name"], body["club"]) == (33, "Player 3", "TK Ptuj")
    assert AuditEntry.objects.filter(action="entry.updated", actor=alice).count() == 1


def test_a_taken_start_number_is_refused_naming_the_field(running_event, alice):
    response = send(client_for(alice), "patch", EVENT + "entries/3/", {"start_number": 4})
    assert response.status_code == 400
    assert errors(response) == {("start_number", "invalid")}
    assert Entry.objects.filter(tournament=running_event, start_number=3).exists()


@pytest.mark.parametrize("who", ["bob", "rita", "charlie", None])
def test_only_organizers_edit_entries_add_late_players_or_read_pins(running_event, who, request):
    client = persona(request, who)
    assert send(client, "patch", EVENT + "entries/3/", {"name": "X"}).status_code == refused(who)
    assert send(client, "post", EVENT + "entries/late/", {"name": "Late"}).status_code == refused(who)
    response = client.get(EVENT + "pins/")
    assert response.status_code == refused(who)
    assert not any(e.pin in response.content.decode() for e in Entry.objects.filter(tournament=running_event))
    assert Entry.objects.get(tournament=running_event, start_number=3).player.name == "Player 3"
    assert Entry.objects.filter(tournament=running_event).count() == 8


def test_a_late_player_is_entered_and_the_pins_list_him(running_event, alice):
    client = client_for(alice)
    response = send(client, "post", EVENT + "entries/late/", {"name": "Late Lojze", "reason": "train"})
    assert response.status_code == 201 and response.json()["start_number"] == 9
    assert AuditEntry.objects.get(action="entry.late_added").after["seated_from_round"] == 2
    response = client.get(EVENT + "pins/")
    pins = {e.start_number: e.pin for e in Entry.objects.filter(tournament=running_event)}
    assert [(r["start_number"], r["pin"]) for r in response.json()] == sorted(pins.items())
    assert "no-store" in response["Cache-Control"]


# --- players -------------------------------------------------------------------------------------


def test_the_seat_lookup_answers_table_and_seat_of_the_current_round(running_event):
    seat = Seat.objects.select_related("table").get(round__number=1, entry__start_number=6)
    response = client_for(None).get(EVENT + "seats/", {"q": "6"})
    assert response.status_code == 200
    [row] = response.json()
    assert (row["name"], row["seat"]["table"], row["seat"]["position"]) == (
        "Player 6",
        seat.table.number,
        seat.position,
    )
    assert row["url"] == "/e/ljubljana-open/player/6/"
    assert len(client_for(None).get(EVENT + "seats/", {"q": "player"}).json()) == 8
    assert client_for(None).get(EVENT + "seats/", {"q": ""}).json() == []


def test_the_player_page_data_has_seat_results_and_standing_but_no_pin(running_event, bob):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    hand = enter_e1(bob, table)
    s = hand.input["seats"]
    declarer = Seat.objects.get(table=table, position=s[0]).entry
    response = client_for(None).get(EVENT + f"players/{declarer.start_number}/")
    assert response.status_code == 200
    body = response.json()
    assert body["current"]["table"] == 1 and body["current"]["position"] == s[0]
    # taruk2012.md §8.1 E1: +25 for the declarer after one hand.
    assert body["rounds"][0]["game_points"] == 25 and body["rounds"][0]["hands"] == 1
    assert body["standing"]["provisional"] is True
    assert declarer.pin not in json.dumps(body)


def test_the_player_page_data_is_private_when_the_event_is(running_event, alice, charlie):
    from tournaments.events import services

    services.update_tournament(alice, running_event, is_public=False)
    assert client_for(charlie).get(EVENT + "players/1/").status_code == 403
    assert client_for(charlie).get(EVENT + "seats/?q=1").status_code == 403
    assert client_for(alice).get(EVENT + "players/99/").status_code == 404


def test_the_schema_documents_every_new_endpoint(db):
    schema = client_for(None).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    ops = {op["operationId"] for path in schema["paths"].values() for op in path.values()}
    assert {
        "referees_list",
        "referee_account_create",
        "referee_set",
        "referee_remove",
        "entry_edit",
        "entry_late_add",
        "pins_list",
        "seat_lookup",
        "player_page",
    } <= ops
