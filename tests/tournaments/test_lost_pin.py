"""A lost PIN slip (the director's day, item 15): the organizer prints that one player's slip again, or
gives him a new PIN (audited, organizers only; the old PIN stops working) from the players page, and a
club's script does the same through the API."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.html_forms import forms
from tests.pdf_text import pdf_text
from tournaments.models import AuditEntry, Entry
from tournaments.tables import confirmations, hands

PLAYERS = "/e/ljubljana-open/manage/players/"
API = "/api/events/ljubljana-open/entries/3/pin/"


def pin_of(event, number: int) -> str:
    return Entry.objects.get(tournament=event, start_number=number).pin


def new_pin_form(html: bytes, number: int):
    (found,) = [f for f in forms(html) if f.action.endswith(f"/manage/players/{number}/pin/")]
    return found


def test_the_organizer_prints_one_players_slip_again(running_event, alice):
    client = client_for(alice)
    page = client.get(PLAYERS).content.decode()
    link = "/e/ljubljana-open/manage/players/pin-slips/?n=3"
    assert f'href="{link}"' in page
    slips = client.get(link).content.decode()
    assert slips.count('class="slip"') == 1 and pin_of(running_event, 3) in slips
    assert "pin-slips.pdf?n=3" in slips  # its PDF is the one slip too
    pdf = client.get("/e/ljubljana-open/manage/players/pin-slips.pdf?n=3").content
    text = pdf_text(pdf)[1]
    pin = " ".join(pin_of(running_event, 3))  # printed spaced out, a digit at a time
    assert "Player 3" in text and pin in text and "Player 4" not in text


def test_the_organizer_gives_a_player_a_new_pin_from_the_players_page(running_event, alice):
    old = pin_of(running_event, 3)
    client = client_for(alice)
    found = new_pin_form(client.get(PLAYERS).content, 3)
    response = client.post(found.action, found.data(), follow=True)
    new = pin_of(running_event, 3)
    assert new != old and len(new) == 4
    assert f"New PIN for Player 3 (number 3): {new}." in response.content.decode()
    entry = AuditEntry.objects.get(action="entry.pin_changed")
    assert (entry.actor, entry.reason) == (alice, "PIN slip lost")
    assert old not in json.dumps([entry.before, entry.after]) and new not in json.dumps([entry.before, entry.after])
    audit = client.get("/e/ljubljana-open/manage/audit/").content.decode()
    assert "New PIN issued by organizer alice" in audit


def test_the_old_pin_no_longer_confirms_and_the_new_one_does(running_event, alice, bob):
    from tournaments.models import Table

    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    seat = table.seats.select_related("entry").first()
    number, old = seat.entry.start_number, seat.entry.pin
    for _ in range(2):  # the table plays its two hands
        previous = table.hands.order_by("number").last()
        envelope = hands.next_envelope(hands.table_setup(table, running_event), previous)
        klop = dict.fromkeys(envelope["seats"], 0) | {envelope["seats"][0]: 70}  # one seat took every point
        hands.enter_hand(bob, table, {**envelope, "game": "klop", "klop_points": klop})
    client = client_for(alice)
    found = new_pin_form(client.get(PLAYERS).content, number)
    client.post(found.action, found.data())
    with pytest.raises(confirmations.WrongPin):
        confirmations.confirm_table(bob, table, seat.position, old)
    assert confirmations.confirm_table(bob, table, seat.position, pin_of(running_event, number)).created


@pytest.mark.parametrize("who", ["bob", "rita", "charlie"])
def test_only_an_organizer_may_give_a_new_pin(running_event, who, request):
    old = pin_of(running_event, 3)
    response = client_for(request.getfixturevalue(who)).post("/e/ljubljana-open/manage/players/3/pin/")
    assert response.status_code in (403, 404)
    assert pin_of(running_event, 3) == old and not AuditEntry.objects.filter(action="entry.pin_changed").exists()


def test_the_api_gives_a_new_pin_to_organizers_only(running_event, alice, bob):
    old = pin_of(running_event, 3)
    refused = client_for(bob).post(API, json.dumps({}), content_type="application/json")
    assert refused.status_code == 403 and pin_of(running_event, 3) == old
    response = client_for(alice).post(API, json.dumps({"reason": "slip lost"}), content_type="application/json")
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    body = response.json()
    assert body["start_number"] == 3 and body["pin"] == pin_of(running_event, 3) != old
    assert AuditEntry.objects.get(action="entry.pin_changed").reason == "slip lost"
