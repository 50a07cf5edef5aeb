"""Duplicates on import (issue 22 item 7): a name already in the file or the event (compared without case,
spaces and accents), where a federation id does not tell the two apart, is flagged in the preview, a
warning to accept, not a refusal; the preview's line numbers are the file's own."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import client_for
from tests.html_forms import forms, submit
from tournaments.events import services
from tournaments.models import Entry

PLAYERS = "/e/ljubljana-open/manage/players/"


def _preview(client, text: str, filename: str = "players.csv") -> str:
    """Upload the file through the import form of the players page; the preview's text."""
    upload = SimpleUploadedFile(filename, text.encode())
    response = submit(client, PLAYERS, "file", {"file": upload}, action_contains="import")
    assert response.status_code == 200
    return response.content.decode()


def _confirm(client, preview: str):
    """Press the preview's "Enter N players" button as rendered."""
    [found] = [f for f in forms(preview) if "confirm" in f.buttons]
    return client.post(found.action or PLAYERS + "import/", {**found.fields, **found.buttons})


def test_a_name_already_in_the_event_is_flagged_and_the_file_can_still_be_entered(event, alice):
    services.register_player(alice, event, name="Janez Čuk", club="TK Koper")
    client = client_for(alice)
    html = _preview(client, "name,club\nJANEZ  CUK,TK Ptuj\nAna Novak,TK Celje\n")
    assert "Janez Čuk is already entered as number 1" in html
    assert "Enter 2 players" in html  # a warning, not a refusal
    assert _confirm(client, html).status_code == 302
    assert Entry.objects.filter(tournament=event).count() == 3


def test_a_name_twice_in_the_file_is_flagged_on_its_second_line(event, alice):
    html = _preview(client_for(alice), "name,federation id\nKovács Ödön,\nAna Novak,\nkovacs odon,H-7\n")
    assert "Kovács Ödön is also on line 2" in html
    assert "Enter 3 players" in html


def test_two_players_of_one_name_with_their_own_federation_ids_are_not_flagged(event, alice):
    services.register_player(alice, event, name="Janez Čuk", club="", federation_id="SLO-1")
    html = _preview(client_for(alice), "name,federation id\nJanez Čuk,SLO-2\nJanez Cuk,SLO-3\n")
    assert "already entered" not in html and "also on line" not in html


def test_the_preview_numbers_rows_by_the_files_lines(event, alice):
    """Line 3 of the file is blank: Bor is on line 4 and the nameless row on line 6, as the file shows."""
    html = _preview(client_for(alice), "name,club\nAna,TK A\n\nBor,TK B\n\n,TK C\n")
    rows = [r for r in html.split("<tr") if "TK " in r]
    assert ['<td class="num">2</td>' in rows[0], '<td class="num">4</td>' in rows[1]] == [True, True]
    assert '<td class="num">6</td>' in rows[2] and "name: missing" in rows[2]


def test_the_api_dry_run_answers_the_warnings_with_the_files_lines(event, alice):
    services.register_player(alice, event, name="Juhász Péter", club="")
    upload = SimpleUploadedFile("p.csv", b"name\n\nJuhasz Peter\n")
    response = client_for(alice).post(f"/api/events/{event.slug}/entries/import/", {"file": upload, "dry_run": "true"})
    assert response.status_code == 200, response.content
    [row] = response.json()
    assert row["line"] == 3
    assert row["warnings"] == ["Juhász Péter is already entered as number 1: check that this is not the same player."]
