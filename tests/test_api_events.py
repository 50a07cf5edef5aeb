"""The API twins of the event pages: create and edit an event, import a player list, documents."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from tests.conftest import client_for
from tournaments.models import AuditEntry, Entry, Tournament

EVENT = "/api/events/ljubljana-open/"


def test_an_organizer_creates_an_event_and_gets_the_variants_defaults(alice):
    response = client_for(alice).post(
        "/api/events/",
        {"name": "Kranj Cup", "slug": "kranj-cup", "variant": "ulti-mausz"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    # ulti-mausz.md §6.2: tables of three, each deals three times = 9 deals a round.
    assert (body["table_size"], body["hands_per_round"]) == (3, 9)
    assert body["your_role"]["organizer"] is True
    event = Tournament.objects.get(slug="kranj-cup")
    assert list(event.organizers.all()) == [alice]
    assert AuditEntry.objects.filter(action="tournament.created", tournament=event).exists()


def test_creating_an_event_needs_the_permission(bob):
    response = client_for(bob).post(
        "/api/events/", {"name": "X", "slug": "x", "variant": "taruk2012"}, content_type="application/json"
    )
    assert response.status_code == 403
    assert not Tournament.objects.filter(slug="x").exists()


def test_a_bad_event_is_refused_naming_the_field_and_nothing_is_stored(alice):
    response = client_for(alice).post(
        "/api/events/",
        {"name": "X", "slug": "x", "variant": "taruk2012", "table_size": 3, "readings": {"radelc": "next_hand"}},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["table_size"]
    # A Laza point table is checked as on the editor page: the row and the column are named.
    table = {"version": "club 2026", "rows": [{"bid": "honor", "made": "ten", "failed": 5, "silent": None}]}
    response = client_for(alice).post(
        "/api/events/",
        {"name": "Laza", "slug": "laza", "variant": "tarokk-laza", "config": {"point_table": table}},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "config.point_table.rows[0].made" in {e["field"] for e in response.json()["errors"]}
    assert not Tournament.objects.exists()


def test_the_point_table_is_not_changed_by_an_event_edit(event, alice):
    response = client_for(alice).patch(EVENT, {"config": {"point_table": {}}}, content_type="application/json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["config"]


def test_an_organizer_edits_the_event_and_a_referee_may_not(event, alice, bob):
    response = client_for(alice).patch(
        EVENT, {"round_minutes": 90, "is_public": False}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    event.refresh_from_db()
    assert (event.round_minutes, event.is_public) == (90, False)
    audit = AuditEntry.objects.get(action="tournament.updated")
    assert (audit.before["round_minutes"], audit.after["round_minutes"]) == (75, 90)
    response = client_for(bob).patch(EVENT, {"round_minutes": 10}, content_type="application/json")
    assert response.status_code == 403
    event.refresh_from_db()
    assert event.round_minutes == 90


def _csv(text: str, name: str = "players.csv") -> io.BytesIO:
    f = io.BytesIO(text.encode())
    f.name = name
    return f


def test_an_organizer_imports_a_player_list_from_a_file(event, alice):
    upload = _csv("name;club;strength\nAna Novak;TK Ljubljana;1\nBojan Kranjc;TK Maribor;2\n")
    response = client_for(alice).post(EVENT + "entries/import/", {"file": upload})
    assert response.status_code == 201, response.content
    assert [(e["start_number"], e["name"]) for e in response.json()] == [(1, "Ana Novak"), (2, "Bojan Kranjc")]
    assert list(Entry.objects.values_list("player__name", "player__club", "player__strength")) == [
        ("Ana Novak", "TK Ljubljana", 1),
        ("Bojan Kranjc", "TK Maribor", 2),
    ]


def test_a_file_with_errors_enters_nobody_and_names_each_line(event, alice):
    upload = _csv("name,strength\nAna Novak,1\n,2\nCvetka Zupan,first\n")
    response = client_for(alice).post(EVENT + "entries/import/", {"file": upload})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == ["line 3", "line 4"]
    assert "name" in errors[0]["message"] and "strength" in errors[1]["message"]
    assert not Entry.objects.exists()


def test_a_dry_run_answers_the_rows_and_enters_nobody(event, alice):
    upload = _csv("name\nAna Novak\n")
    response = client_for(alice).post(EVENT + "entries/import/", {"file": upload, "dry_run": "true"})
    assert response.status_code == 200
    assert [r["name"] for r in response.json()] == ["Ana Novak"]
    assert not Entry.objects.exists()


def test_a_referee_may_not_import_players(event, bob):
    response = client_for(bob).post(EVENT + "entries/import/", {"file": _csv("name\nX\n")})
    assert response.status_code == 403
    assert not Entry.objects.exists()


@pytest.mark.usefixtures("documents_settings")
def test_an_organizer_generates_polls_and_downloads_the_players_workbook(
    running_event, alice, django_capture_on_commit_callbacks
):
    client = client_for(alice)
    response = client.get(EVENT + "documents/players-xlsx/file/")
    assert response.status_code == 409  # not generated yet
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(EVENT + "documents/players-xlsx/")
    assert response.status_code == 202
    assert response.json()["status"] == "queued"  # the task runs after commit
    status = client.get(EVENT + "documents/players-xlsx/").json()
    assert status["status"] == "done"
    response = client.get(EVENT + "documents/players-xlsx/file/")
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(b"".join(response.streaming_content))).worksheets[0]
    names = {row[1] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert {f"Player {i}" for i in range(1, 9)} <= names
    listing = client.get(EVENT + "documents/").json()
    assert {"players-xlsx", "standings-pdf", "round-1-protocols-blank"} <= {d["key"] for d in listing}


def test_documents_for_organizers_are_refused_to_the_public_and_unknown_keys_are_404(running_event, alice):
    assert client_for(None).get(EVENT + "documents/").status_code == 401
    assert client_for(None).post(EVENT + "documents/players-xlsx/").status_code == 401
    assert client_for(alice).get(EVENT + "documents/nonsense/").status_code == 404
    assert client_for(alice).get(EVENT + "documents/round-9-protocols-blank/").status_code == 404


def test_an_organizer_adds_another_organizer_and_a_referee_may_not(event, alice, bob, charlie):
    response = client_for(bob).post(EVENT + "organizers/", {"username": "charlie"}, content_type="application/json")
    assert response.status_code == 403
    response = client_for(alice).post(EVENT + "organizers/", {"username": "charlie"}, content_type="application/json")
    assert response.status_code == 201
    assert [o["username"] for o in response.json()] == ["alice", "charlie"]
    response = client_for(alice).post(EVENT + "organizers/", {"username": "nobody"}, content_type="application/json")
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["username"]


def test_the_audit_log_is_read_a_page_at_a_time_by_organizers_only(running_event, alice, bob):
    response = client_for(bob).get(EVENT + "audit/")
    assert response.status_code == 403
    body = client_for(alice).get(EVENT + "audit/?page_size=3").json()
    # The fixture: created, two referees set, 8 players, hands per round and seed changed, drawn, published,
    # started: 15 entries, newest first.
    assert body["count"] == 15
    assert [e["action"] for e in body["results"]] == ["round.clock_started", "round.published", "round.drawn"]
    assert body["results"][0]["actor"] == "alice"
