"""A number bigger than its column holds (PostgreSQL's smallint 32,767, integer 2,147,483,647) is a field
error where it is typed or sent, never a database error (a 500 on PostgreSQL; SQLite would store it)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.conftest import client_for
from tests.html_forms import submit
from tournaments.events.importing import parse_players
from tournaments.incidents import services as incidents
from tournaments.incidents.models import Incident
from tournaments.models import AuditEntry, Entry, Player, Table

BASE = "/api/events/ljubljana-open/"
TOO_BIG = 2**31  # one more than PostgreSQL's integer


def _open(client, **extra):
    body = {"kind": "conduct", "round": 1, "table": 1, "finding": "Talked across the table", **extra}
    return client.post(BASE + "incidents/", body, content_type="application/json")


def fields(response) -> set[str]:
    return {e["field"] for e in response.json()["errors"]}


@pytest.mark.parametrize("hand_number", [40_000, TOO_BIG, 10**30, 1000])
def test_an_incidents_hand_number_beyond_the_column_is_refused_naming_the_field(running_event, bob, hand_number):
    response = _open(client_for(bob), hand_number=hand_number)
    assert response.status_code == 400
    assert fields(response) == {"hand_number"}
    assert not Incident.objects.exists()


def test_a_ruling_with_such_a_hand_number_is_refused(running_event, alice, bob):
    incident = _open(client_for(bob), hand_number=1).json()
    url = f"{BASE}incidents/{incident['id']}/rule/"
    response = client_for(alice).post(url, {"ruling": "warned", "hand_number": 40_000}, "application/json")
    assert response.status_code == 400 and fields(response) == {"hand_number"}
    assert Incident.objects.get().hand_number == 1


def test_the_service_refuses_it_too(running_event, bob):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    with pytest.raises(ValidationError) as refused:
        incidents.open_incident(bob, running_event, kind="conduct", finding="x", table=table, hand_number=40_000)
    assert set(refused.value.message_dict) == {"hand_number"}


def test_a_players_strength_beyond_the_column_is_refused_on_the_players_page(event, alice):
    url = f"/e/{event.slug}/manage/players/"
    response = submit(client_for(alice), url, "strength", {"name": "Ana Novak", "strength": str(TOO_BIG)})
    assert response.status_code == 200
    assert "Ensure this value is less than or equal to 2147483647." in response.content.decode()
    assert not Player.objects.filter(name="Ana Novak").exists()


def test_a_start_number_beyond_the_column_is_refused_on_the_edit_page(running_event, alice):
    url = f"/e/{running_event.slug}/manage/players/3/edit/"
    response = submit(client_for(alice), url, "name", {"name": "Player 3", "club": "", "start_number": str(TOO_BIG)})
    assert response.status_code == 200
    assert "Ensure this value is less than or equal to 2147483647." in response.content.decode()
    assert Entry.objects.filter(tournament=running_event, start_number=3).exists()
    assert not AuditEntry.objects.filter(action="entry.updated").exists()


def test_an_imported_strength_beyond_the_column_is_a_row_error():
    result = parse_players(f"name,strength\nAna,{TOO_BIG}\nBor,²\nCene,7\n".encode(), "p.csv")
    errors = {row.line: row.errors for row in result.rows}
    assert errors[2] == [f"strength: '{TOO_BIG}' is too large"]
    assert errors[3] == ["strength: '²' is not a whole number from 1"]  # a digit to str.isdigit, not to int()
    assert errors[4] == [] and result.rows[2].strength == 7
