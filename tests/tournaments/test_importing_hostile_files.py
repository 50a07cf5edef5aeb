"""Player import against hostile or odd files: a zip bomb, too many rows, bare CR line ends, a
huge CSV field, a broken shared-string index, a NUL in a name. Each gets a clear error (or is
read), nothing is saved, and no request answers 500."""

from __future__ import annotations

import io
import re
import time
import zipfile

from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import client_for
from tests.support.files import _xlsx as xlsx
from tournaments.events import importing
from tournaments.events.importing import parse_players
from tournaments.models import Entry

URL = "/e/ljubljana-open/manage/players/import/"


def with_sheet(data: bytes, sheet_xml: bytes, *, extra: dict[str, bytes] | None = None) -> bytes:
    """The workbook ``data`` with its first sheet's XML replaced (and files added)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = sheet_xml if info.filename == "xl/worksheets/sheet1.xml" else src.read(info.filename)
            dst.writestr(info.filename, body)
        for name, body in (extra or {}).items():
            dst.writestr(name, body)
    return out.getvalue()


def sheet(rows_xml: str) -> bytes:
    return (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
        + rows_xml.encode()
        + b"</sheetData></worksheet>"
    )


def test_a_zip_bomb_is_refused_by_its_uncompressed_size_before_it_is_read():
    rows = "".join(f'<row r="{i}"><c r="A{i}" t="inlineStr"><is><t>{"x" * 200}</t></is></c></row>' for i in range(1, 2))
    padding = b" " * (importing.MAX_UNCOMPRESSED + 1)  # whitespace compresses a thousandfold
    bomb = with_sheet(xlsx([["Name"]]), sheet(rows), extra={"xl/padding.xml": padding})
    assert len(bomb) < importing.MAX_UNCOMPRESSED // 100
    started = time.monotonic()
    result = parse_players(bomb, "bomb.xlsx")
    assert time.monotonic() - started < 1
    assert result.errors and "too large" in result.errors[0]


def test_reading_stops_at_the_row_limit(monkeypatch):
    monkeypatch.setattr(importing, "MAX_ROWS", 50)
    read = []
    real = importing._xlsx_values

    def counting(*args, **kwargs):
        for values in real(*args, **kwargs):
            read.append(values)
            yield values

    monkeypatch.setattr(importing, "_xlsx_values", counting)
    result = parse_players(xlsx([["Name"]] + [[f"P{i}"] for i in range(500)]), "many.xlsx")
    assert result.errors == ["At most 50 players per file."]
    assert len(read) <= 52


def test_a_csv_over_the_row_limit_is_refused(monkeypatch):
    monkeypatch.setattr(importing, "MAX_ROWS", 3)
    result = parse_players(b"name\n" + b"".join(b"P%d\n" % i for i in range(10)), "p.csv")
    assert result.errors == ["At most 3 players per file."]


def test_a_csv_with_bare_cr_line_ends_is_read():
    result = parse_players(b"name;club\rAna;TK A\rBor;TK B\r", "mac.csv")
    assert result.ok, result.errors
    assert [(r.name, r.club) for r in result.rows] == [("Ana", "TK A"), ("Bor", "TK B")]


def test_a_csv_field_over_the_field_limit_is_refused_with_its_line():
    result = parse_players(b"name,club\nAna,TK\n" + b"Bor," + b"x" * 140_000 + b"\n", "huge.csv")
    assert result.errors and "line 3" in result.errors[0]


def test_an_xlsx_with_a_bad_shared_string_index_is_refused():
    broken = with_sheet(
        xlsx([["Name"], ["Ana"]]),
        sheet('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>99</v></c></row>'),
    )
    result = parse_players(broken, "p.xlsx")
    assert result.errors == ["The file is not a readable XLSX workbook."]


def test_a_nul_in_a_name_is_reported_on_its_line():
    result = parse_players(b"name,club\nAna\x00Bor,TK\n", "p.csv")
    assert not result.ok
    assert result.rows[0].errors == ["name: contains a NUL character, which no field may hold."]


def post_file(client, name: str, data: bytes):
    return client.post(URL, {"file": SimpleUploadedFile(name, data)})


def test_hostile_uploads_get_a_page_naming_the_problem_never_a_500(event, alice):
    client = client_for(alice)
    files = {
        "mac.csv": b"name\rAna\rBor\r",
        "huge.csv": b"name\n" + b"x" * 140_000 + b"\n",
        "nul.csv": b"name\nAna\x00\n",
        "sst.xlsx": with_sheet(xlsx([["Name"]]), sheet('<row r="1"><c r="A1" t="s"><v>7</v></c></row>')),
    }
    for name, data in files.items():
        response = post_file(client, name, data)
        assert response.status_code == 200, name
    assert not Entry.objects.exists()


def test_a_failed_confirm_keeps_the_preview(event, alice, monkeypatch):
    from django.core.exceptions import ValidationError

    from tournaments.events import services

    client = client_for(alice)
    assert "Enter 2 players" in post_file(client, "p.csv", b"name\nAna\nBor\n").content.decode()

    def refuse(*args, **kwargs):
        raise ValidationError("The database said no.")

    monkeypatch.setattr(services, "import_players", refuse)
    response = client.post(URL, {"confirm": "1"})
    html = response.content.decode()
    assert response.status_code == 200 and "The database said no." in html
    assert "Enter 2 players" in html and re.search(r"<td>Ana</td>", html)
    monkeypatch.undo()
    assert client.post(URL, {"confirm": "1"}).status_code == 302
    assert list(Entry.objects.values_list("player__name", flat=True).order_by("start_number")) == ["Ana", "Bor"]
