"""Player import: preview and a per-row error report before anything is saved."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import client_for
from tests.support.files import _xlsx
from tournaments.events.importing import parse_players
from tournaments.models import Entry

URL = "/e/ljubljana-open/manage/players/import/"


def test_a_semicolon_csv_in_windows_1250_is_read():
    data = "Ime;Klub;Licenca;Moč\nŽiga Čuk;TK Ptuj;SLO-7;3\n".encode("cp1250")
    result = parse_players(data, "igralci.csv")
    assert result.ok
    row = result.rows[0]
    assert (row.name, row.club, row.federation_id, row.strength) == ("Žiga Čuk", "TK Ptuj", "SLO-7", 3)


def test_every_bad_row_is_reported_with_its_line_and_field():
    data = b"name,club,federation id,strength\n,TK A,,\nAna,TK B,X1,strong\nBor,TK C,X1,2\n"
    result = parse_players(data, "p.csv")
    assert not result.ok
    errors = {row.line: row.errors for row in result.rows}
    assert errors[2] == ["name: missing"]
    assert errors[3] == ["strength: 'strong' is not a whole number from 1"]
    assert errors[4] == ["federation id: also on line 3"]


def test_a_file_without_a_name_column_is_refused():
    assert parse_players(b"club\nTK A\n", "p.csv").errors


def test_an_unknown_extension_and_a_broken_xlsx_are_refused():
    assert parse_players(b"x", "p.pdf").errors
    assert parse_players(b"not a zip", "p.xlsx").errors


def test_an_xlsx_preview_saves_nothing_until_confirmed(event, alice):
    client = client_for(alice)
    upload = SimpleUploadedFile("p.xlsx", _xlsx([["Name", "Club", "Strength"], ["Ana", "TK A", 1], ["Bor", None, 2]]))
    response = client.post(URL, {"file": upload})
    assert response.status_code == 200
    assert "Enter 2 players" in response.content.decode()
    assert not Entry.objects.exists()
    response = client.post(URL, {"confirm": "1"})
    assert response.status_code == 302
    assert list(Entry.objects.order_by("start_number").values_list("player__name", "player__strength")) == [
        ("Ana", 1),
        ("Bor", 2),
    ]


def test_a_file_with_errors_cannot_be_confirmed(event, alice):
    client = client_for(alice)
    client.post(URL, {"file": SimpleUploadedFile("p.csv", b"name,strength\nAna,x\n")})
    client.post(URL, {"confirm": "1"})
    assert not Entry.objects.exists()


def test_only_organizers_may_import(event, bob):
    response = client_for(bob).post(URL, {"file": SimpleUploadedFile("p.csv", b"name\nAna\n")})
    assert response.status_code == 403
