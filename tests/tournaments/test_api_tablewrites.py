"""The API's table writes: the hand number an entry is for, idempotency keys, corrections after a
deletion, PIN lockout with Retry-After, and the confirmation by seat A together with the judge.
Points are computed here from taruk2012.md §8.1 E1, never by calling the engine."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for, set_hands_per_round
from tournaments.models import AuditEntry, Hand, JudgeConfirmation, Table
from tournaments.tables import hands as services

TABLE = "/api/events/ljubljana-open/rounds/1/tables/1/"
E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48}
KLOP = {"game": "klop", "klop_points": {"A": 4, "B": 36, "C": 20, "D": 10}}
# E1: 48 rounds to 50, difference 50 - 35 = 15, G = 10 + 15 = 25; partner D: (25 + 5) / 2 = 15.
E1_POINTS = {"A": 0, "B": 10 + 15, "C": 0, "D": (25 + 5) // 2}


def post(client, url, body, **headers):
    return client.post(url, data=json.dumps(body), content_type="application/json", headers=headers)


def codes(response):
    return {(e["field"], e["code"]) for e in response.json()["errors"]}


@pytest.fixture
def table(running_event, alice):

    set_hands_per_round(running_event, 12)
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def test_an_entry_must_say_which_hand_it_enters(table, bob):
    response = post(client_for(bob), TABLE + "hands/", E1)
    assert response.status_code == 400
    assert codes(response) == {("number", "required")}
    assert not Hand.objects.exists()


def test_the_second_device_entering_the_same_hand_gets_409_naming_it(table, bob, rita):
    first = post(client_for(bob), TABLE + "hands/", {"number": 1, **E1})
    assert first.status_code == 201 and first.json()["points"] == E1_POINTS
    second = post(client_for(rita), TABLE + "hands/", {"number": 1, **E1, "card_points": 50})
    assert second.status_code == 409
    body = second.json()
    assert codes(second) == {("number", "hand_number")} and (body["hand"], body["next"]) == (1, 2)
    assert "Hand 1 has already been saved (by bob)" in body["errors"][0]["message"]
    assert list(Hand.objects.values_list("number", "dealer")) == [(1, "A")]


def test_a_retry_with_the_same_key_answers_the_first_hand(table, bob):
    client = client_for(bob)
    first = post(client, TABLE + "hands/", {"number": 1, **E1}, Idempotency_Key="phone-7-a")
    retry = post(client, TABLE + "hands/", {"number": 1, **E1}, Idempotency_Key="phone-7-a")
    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json()["id"] == first.json()["id"] and retry.json()["points"] == E1_POINTS
    assert Hand.objects.count() == 1
    assert AuditEntry.objects.filter(action="hand.entered").count() == 1


def test_the_same_key_with_another_body_is_a_conflict(table, bob):
    client = client_for(bob)
    post(client, TABLE + "hands/", {"number": 1, **E1}, Idempotency_Key="k")
    response = post(client, TABLE + "hands/", {"number": 1, **E1, "card_points": 30}, Idempotency_Key="k")
    assert response.status_code == 409
    assert codes(response) == {("Idempotency-Key", "idempotency_conflict")}
    assert Hand.objects.get().points == E1_POINTS


def test_a_correction_made_against_a_deleted_hand_is_refused(table, bob):
    client = client_for(bob)
    post(client, TABLE + "hands/", {"number": 1, **KLOP})
    post(client, TABLE + "hands/", {"number": 2, **KLOP})
    post(client, TABLE + "hands/", {"number": 3, **KLOP})
    two = client.get(TABLE + "hands/2/").json()
    assert two["version"] == 1
    deleted = client.delete(
        TABLE + "hands/2/", data=json.dumps({"version": 1, "reason": "twice"}), content_type="application/json"
    )
    assert deleted.status_code == 204
    moved = client.get(TABLE + "hands/2/").json()
    assert (moved["dealer"], moved["version"]) == ("B", 2)  # the former hand 3 (dealer C) took B's deal
    # number + version of the deleted hand: 409, the hand now numbered 2 is untouched
    stale = client.put(
        TABLE + "hands/2/",
        data=json.dumps({"version": 1, "reason": "recount", "input": KLOP}),
        content_type="application/json",
    )
    assert stale.status_code == 409 and codes(stale) == {("version", "stale_edit")}
    # the deleted hand's id: 409 as well, even with the current version
    by_id = client.put(
        TABLE + "hands/2/",
        content_type="application/json",
        data=json.dumps({"id": two["id"], "version": 2, "reason": "recount", "input": KLOP}),
    )
    assert by_id.status_code == 409 and "deleted" in by_id.json()["errors"][0]["message"]
    gone = client.delete(
        TABLE + "hands/2/",
        data=json.dumps({"id": two["id"], "version": 2, "reason": "x"}),
        content_type="application/json",
    )
    assert gone.status_code == 409
    assert client.get(TABLE + "hands/2/").json() == moved


def test_a_wrong_pin_does_not_answer_differently_on_an_incomplete_table(table, bob):
    client = client_for(bob)
    post(client, TABLE + "hands/", {"number": 1, **E1})
    pin = table.seats.select_related("entry").get(position="A").entry.pin
    right = post(client, TABLE + "confirm/", {"position": "A", "pin": pin})
    wrong = post(client, TABLE + "confirm/", {"position": "A", "pin": "x" + pin})
    assert right.status_code == wrong.status_code == 409 and right.json() == wrong.json()


def test_repeated_wrong_pins_answer_429_with_retry_after(running_event, bob, settings):
    settings.PIN_SEAT_FAILURES, settings.PIN_LOCKOUT_SECONDS = 3, 600
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    client = client_for(bob)
    post(client, TABLE + "hands/", {"number": 1, **KLOP})
    post(client, TABLE + "hands/", {"number": 2, **KLOP})
    answers = [post(client, TABLE + "confirm/", {"position": "B", "pin": "nope"}) for _ in range(3)]
    assert [a.status_code for a in answers] == [400, 400, 429]
    assert codes(answers[2]) == {("pin", "locked_out")}
    assert 590 <= int(answers[2]["Retry-After"]) <= 600
    pin = table.seats.select_related("entry").get(position="B").entry.pin
    assert post(client, TABLE + "confirm/", {"position": "B", "pin": pin}).status_code == 429
    assert not table.confirmations.exists()


def test_seat_a_and_the_judge_confirm_through_the_api(running_event, alice, bob, charlie):
    from tournaments.incidents import services as incidents
    from tournaments.models import Referee

    incidents.set_judge(alice, Referee.objects.get(tournament=running_event, user=bob), True)  # judge rights
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    client = client_for(bob)
    post(client, TABLE + "hands/", {"number": 1, **E1})
    early = post(client, TABLE + "confirm/judge/", {"reason": "ok"})
    assert early.status_code == 409
    post(client, TABLE + "hands/", {"number": 2, **KLOP})
    assert post(client, TABLE + "confirm/judge/", {"reason": "ok"}).status_code == 409  # seat A first
    pin = table.seats.select_related("entry").get(position="A").entry.pin
    assert post(client, TABLE + "confirm/", {"position": "A", "pin": pin}).status_code == 200
    assert codes(post(client, TABLE + "confirm/judge/", {})) == {("reason", "required")}
    assert post(client_for(charlie), TABLE + "confirm/judge/", {"reason": "x"}).status_code == 403
    response = post(client, TABLE + "confirm/judge/", {"reason": "C was taken ill"})
    assert response.status_code == 200
    # Hand 2: klop, B full -70, not doubled (a tri gives no radelc, §2.1); hand 1 is E1.
    totals = {"A": 0, "B": 25 - 70, "C": 0, "D": 15}
    assert response.json()["totals"] == totals and response.json()["judge"] == "bob"
    detail = client.get(TABLE).json()
    assert detail["confirmed"] is True
    assert detail["judge_confirmation"]["reason"] == "C was taken ill"
    assert JudgeConfirmation.objects.get().judge == bob


def test_the_schema_documents_the_number_the_key_and_the_judge(db):
    schema = json.loads(client_for(None).get("/api/schema/?format=json").content)
    paths = schema["paths"]
    enter = paths["/api/events/{slug}/rounds/{number}/tables/{table_no}/hands/"]["post"]
    assert "Idempotency-Key" in {p["name"] for p in enter["parameters"]}
    assert "`number`" in enter["description"]
    confirm = paths["/api/events/{slug}/rounds/{number}/tables/{table_no}/confirm/"]["post"]
    assert "429" in confirm["responses"]
    assert "post" in paths["/api/events/{slug}/rounds/{number}/tables/{table_no}/confirm/judge/"]


def test_the_service_refuses_a_stale_number_without_storing(table, bob):
    services.enter_hand(
        bob, table, {"variant": "taruk2012", "seats": ["B", "C", "D", "A"], "dealer": "A", **E1}, number=1
    )
    with pytest.raises(services.HandNumberConflict):
        services.enter_hand(
            bob, table, {"variant": "taruk2012", "seats": ["B", "C", "D", "A"], "dealer": "A", **E1}, number=1
        )
    assert Hand.objects.count() == 1
