"""The API twins of the rounds page: close with override, reopen, redraw, re-seat, the repeats report."""

from __future__ import annotations

import pytest

from tests.conftest import client_for
from tests.support.api import EVENT, PERSONAS, persona, refused, send
from tests.support.events import confirm_table, play_table
from tournaments.models import AuditEntry, Round, Seat, Table


def _finish_round_1(event, bob) -> None:
    for table in Table.objects.filter(round__tournament=event, round__number=1):
        play_table(table, bob)
        confirm_table(table, bob)


def test_closing_with_open_tables_answers_400_naming_them_and_closes_with_override_and_reason(running_event, alice):
    client = client_for(alice)
    refused_ = send(client, "post", EVENT + "rounds/1/close/", {})
    assert refused_.status_code == 400
    error = refused_.json()["errors"][0]
    assert error["field"] == "override"
    assert "table 1: 0 of 2 hands played" in error["message"] and "table 2:" in error["message"]
    no_reason = send(client, "post", EVENT + "rounds/1/close/", {"override": True})
    assert (no_reason.status_code, no_reason.json()["errors"][0]["field"]) == (400, "reason")
    closed = send(client, "post", EVENT + "rounds/1/close/", {"override": True, "reason": "time"})
    assert (closed.status_code, closed.json()["status"]) == (200, "closed")
    assert AuditEntry.objects.get(action="round.closed").reason == "time"


def test_reopen_needs_a_reason_and_answers_the_running_round(running_event, alice):
    client = client_for(alice)
    send(client, "post", EVENT + "rounds/1/close/", {"override": True, "reason": "time"})
    missing = send(client, "post", EVENT + "rounds/1/reopen/", {})
    assert (missing.status_code, missing.json()["errors"][0]["field"]) == (400, "reason")
    reopened = send(client, "post", EVENT + "rounds/1/reopen/", {"reason": "protest"})
    assert (reopened.status_code, reopened.json()["status"]) == (200, "running")
    again = send(client, "post", EVENT + "rounds/1/reopen/", {"reason": "protest"})
    assert (again.status_code, again.json()["errors"][0]["field"]) == (400, "status")


@pytest.mark.parametrize("name", PERSONAS)
def test_only_organizers_close_and_reopen(running_event, alice, charlie, request, name):
    client = persona(request, name)
    response = send(client, "post", EVENT + "rounds/1/close/", {"override": True, "reason": "x"})
    if name == "alice":
        assert response.status_code == 200
        response = send(client, "post", EVENT + "rounds/1/reopen/", {"reason": "protest"})
        assert response.status_code == 200
    else:
        assert response.status_code == refused(name)
        assert Round.objects.get(tournament=running_event, number=1).status == "running"


def test_reseat_draws_round_2_and_the_report_lists_its_repeats_and_staleness(running_event, alice, bob):
    _finish_round_1(running_event, bob)
    client = client_for(alice)
    assert send(client, "post", EVENT + "rounds/1/close/", {}).status_code == 200
    wrong = send(client, "post", EVENT + "rounds/3/reseat/", {"seed": "x"})
    assert (wrong.status_code, wrong.json()["errors"][0]["field"]) == (400, "number")
    drawn = send(client, "post", EVENT + "rounds/2/reseat/", {"seed": "r2"})
    assert (drawn.status_code, drawn.json()["number"]) == (201, 2)
    report = send(client, "get", EVENT + "rounds/2/repeats/").json()
    # Count the repeats from the seats: pairs at a round-2 table who shared a round-1 table.
    tables = {}
    for seat in Seat.objects.filter(round__tournament=running_event).select_related("table", "round", "entry"):
        tables.setdefault((seat.round.number, seat.table.number), set()).add(seat.entry.start_number)
    expected = set()
    for (rnd, _), players in tables.items():
        if rnd == 2:
            for (r1, _t), old in tables.items():
                if r1 == 1:
                    common = sorted(players & old)
                    expected |= {(a, b) for i, a in enumerate(common) for b in common[i + 1 :]}
    got = {tuple(p["start_number"] for p in r["players"]) for r in report["repeats"]}
    assert got == expected and expected
    assert all(r["rounds"] == [1] for r in report["repeats"])
    assert report["stale_after"] == [] and report["warnings"] == []
    # Reopen round 1: round 2 (published, not started) is stale; redraw once round 1 is closed again.
    send(client, "post", EVENT + "rounds/2/publish/")
    send(client, "post", EVENT + "rounds/1/reopen/", {"reason": "protest"})
    assert send(client, "get", EVENT + "rounds/2/repeats/").json()["stale_after"] == [1]
    early = send(client, "post", EVENT + "rounds/2/redraw/", {"seed": "r2b", "confirm_redraw": True})
    assert (early.status_code, early.json()["errors"][0]["field"]) == (400, "status")
    send(client, "post", EVENT + "rounds/1/close/", {})
    unconfirmed = send(client, "post", EVENT + "rounds/2/redraw/", {"seed": "r2b"})
    assert (unconfirmed.status_code, unconfirmed.json()["errors"][0]["field"]) == (400, "confirm_redraw")
    redrawn = send(client, "post", EVENT + "rounds/2/redraw/", {"seed": "r2b", "confirm_redraw": True})
    assert (redrawn.status_code, redrawn.json()["seed"]) == (200, "r2b")
    assert send(client, "get", EVENT + "rounds/2/repeats/").json()["stale_after"] == []


def test_the_report_is_for_staff_only(running_event, alice, bob, charlie):
    assert send(client_for(bob), "get", EVENT + "rounds/1/repeats/").status_code == 200
    assert send(client_for(charlie), "get", EVENT + "rounds/1/repeats/").status_code == 403
    report = send(client_for(alice), "get", EVENT + "rounds/1/repeats/").json()
    assert [o["table"] for o in report["open_tables"]] == [1, 2]


def test_a_running_round_is_not_redrawn(running_event, alice):
    response = send(client_for(alice), "post", EVENT + "rounds/1/redraw/", {"confirm_redraw": True})
    assert (response.status_code, response.json()["errors"][0]["field"]) == (400, "status")


def test_the_schema_describes_the_round_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for operation in ("round_close", "round_reopen", "round_redraw", "round_reseat", "round_repeats"):
        assert operation in schema
