"""The Laza point table in Hungarian at every edge (issue 22 item 12): the page and the editor show names,
not ``honor_group``, ``game_group``, ``utolso_ket_utes`` or the qualifier codes; the CSV/XLSX files carry
the page's column names in the event's language, and read back (the English ids still accepted); the
table's messages are in the reader's language."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext
from openpyxl import load_workbook

from scoring.registry import VARIANTS
from tests.conftest import client_for
from tests.html_forms import form_with
from tests.support.events import new_event
from tournaments.models import Tournament

HU = {"HTTP_ACCEPT_LANGUAGE": "hu"}
POINT_TABLE = VARIANTS["tarokk-laza"].config_table
CODES = ("honor_group", "game_group", "utolso_ket_utes", "elfogok:", "extrak:", ">suit<", ">card<", ">none<")


def hu(text: str) -> str:
    with translation.override("hu"):
        translated = gettext(text)
    assert translated != text, f"no Hungarian for {text!r}"
    return translated


@pytest.fixture
def laza_hu(alice) -> Tournament:
    """A Hungarian Laza event with the blank §4.2 table."""
    config = POINT_TABLE.template_config()
    return new_event(alice, "laza-kupa", "tarokk-laza", rounds=3, hands_per_round=8, language="hu", config=config)


def _visible(html: str) -> str:
    return html.split("<main>", 1)[1]


def test_the_read_only_page_shows_ladders_groups_and_qualifiers_by_name(laza_hu):
    html = _visible(client_for(None).get(f"/e/{laza_hu.slug}/point-table/", **HU).content.decode())
    assert "Honőr–Trul" in html and "Gém–Volát" in html
    assert "Extrák 5; Utolsó két ütés 3" in html and "Elfogók 1" in html
    assert hu("names a suit") in html and hu("names a card") in html
    assert not [code for code in CODES if code in html]


def test_the_editor_shows_names_and_saves_them_as_the_rules_ids(laza_hu, alice):
    client = client_for(alice)
    url = f"/e/{laza_hu.slug}/manage/point-table/"
    page = client.get(url, **HU)
    html = _visible(page.content.decode())
    assert 'value="Honőr–Trul"' in html and 'value="Extrák 5; Utolsó két ütés 3"' in html
    assert f">{hu('names a suit')}</option>" in html
    assert not [code for code in CODES if code in html]
    # The organizer fills in Kassza and saves the form as rendered: the names go back in as the rules' ids.
    form = form_with(page.content, "r-4-made")
    assert form.fields["r-4-bid"] == "kassza"
    data = form.data(**{"r-4-made": "30", "r-4-failed": "10", "t-version": "1"})
    response = client.post(url, {**data, "save": "1"}, **HU)
    assert response.status_code == 302, _visible(response.content.decode())[:3000]
    laza_hu.refresh_from_db()
    rows = {r["bid"]: r for r in POINT_TABLE.rows(laza_hu.config)}
    assert (rows["kassza"]["made"], rows["kassza"]["ladder"], rows["kassza"]["ladder_rank"]) == (30, "game_group", 2)
    assert rows["mariage"]["only_one"] == [["extrak", 5], ["utolso_ket_utes", 3]]
    assert (rows["banda"]["qualifier"], rows["ulti"]["qualifier"], rows["gem"]["qualifier"]) == ("suit", "card", "none")


def _csv_download(client, event) -> list[list[str]]:
    response = client.get(f"/e/{event.slug}/point-table.csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


def test_the_files_carry_the_pages_column_names_in_the_events_language_and_read_back(laza_hu, alice):
    client = client_for(alice)  # an English reader: the file speaks the event's language
    page_headers = [hu(label) for label in ("bid id", "name", "made", "failed", "silent", "qualifier", "ladder")]
    lines = _csv_download(client, laza_hu)
    assert lines[0][:7] == page_headers
    kassza = next(line for line in lines if line[0] == "kassza")
    assert kassza[5:7] == ["—", "Gém–Volát"]
    banda = next(line for line in lines if line[0] == "banda")
    assert banda[5] == hu("names a suit")
    xlsx = client.get(f"/e/{laza_hu.slug}/point-table.xlsx")
    sheet = load_workbook(io.BytesIO(xlsx.content)).worksheets[0]
    assert [c.value for c in sheet[1]][:7] == page_headers and sheet.title == hu("Point table")
    # Filled in and uploaded again through the editor's upload form, as downloaded.
    kassza[2:4] = ["30", "10"]
    out = io.StringIO()
    csv.writer(out, delimiter=";").writerows(lines)
    page = client.get(f"/e/{laza_hu.slug}/manage/point-table/")
    form = form_with(page.content, "u-file")
    upload = SimpleUploadedFile("tabla.csv", out.getvalue().encode("utf-8"))
    response = client.post(form.action, form.data(**{"u-file": upload, "u-version": "file-1"}))
    assert response.status_code == 302, _visible(response.content.decode())[:3000]
    laza_hu.refresh_from_db()
    rows = {r["bid"]: r for r in POINT_TABLE.rows(laza_hu.config)}
    assert rows["kassza"]["made"] == 30 and rows["banda"]["qualifier"] == "suit"


def test_the_tables_messages_are_in_the_readers_language(laza_hu, alice):
    client = client_for(alice)
    url = f"/e/{laza_hu.slug}/manage/point-table/"
    page = client.get(url, **HU)
    form = form_with(page.content, "r-9-qualifier")
    assert form.fields["r-9-bid"] == "banda"
    data = form.data(**{"r-9-qualifier": "card", "r-12-only_one": "Extrák", "t-version": "1"})
    html = _visible(client.post(url, {**data, "save": "1"}, **HU).content.decode())
    assert hu("The rules make %(name)s name a suit.") % {"name": "Banda"} in html
    assert (
        hu("Write each group's name and the position in it, separated by semicolons, e.g. Extrák 5; Utolsó két ütés 3.")
        in html
    )
    # A file with a column the page does not have: named with the page's columns, in Hungarian.
    form = form_with(page.content, "u-file")
    upload = SimpleUploadedFile("t.csv", "bid,szín\ngem,piros\n".encode())
    html = _visible(client.post(form.action, form.data(**{"u-file": upload, "u-version": "2"}), **HU).content.decode())
    labels = ["bid id", "name", "made", "failed", "silent", "qualifier", "ladder", "ladder rank", "only-one groups"]
    columns = ", ".join(hu(label) for label in [*labels, "trophy rank", "cards"])
    expected = hu("Unknown column “%(column)s” in the first line; the columns are: %(columns)s.")
    assert escape(expected % {"column": "szín", "columns": columns}) in html
