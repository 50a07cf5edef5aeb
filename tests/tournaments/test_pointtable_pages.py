"""The Laza point table from the pages (tarokk-laza.md §4): create the event, fill in the
table in the editor, upload and download it, see it read-only, re-score on a change.

Every value here is from the spec's §5.5 example table, which the spec itself marks
ILLUSTRATIVE — NOT FROM THE RULES (the rules have no table, §4.1).
"""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

import pytest
from openpyxl import load_workbook

from scoring.text import from_json
from tests.conftest import client_for
from tests.scoring.examples.tarokk_laza import L8, SPEC_VALUES
from tests.support.events import start_round_one
from tests.support.files import _xlsx
from tournaments.events import services
from tournaments.models import AuditEntry, Hand, Table, Tournament
from tournaments.tables import hands


class FormReader(HTMLParser):
    """The fields of the forms a page renders, as a browser would post them."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action", ""), "fields": {}, "id": a.get("id")})
        elif not self.forms:
            return
        fields = self.forms[-1]["fields"]
        if tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio"):
                if "checked" in a:
                    fields[a["name"]] = a.get("value", "on")
            elif a.get("type") not in ("submit", "file"):
                fields[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and ("selected" in a or self._select not in fields):
            fields[self._select] = a.get("value", "")
        elif tag == "textarea" and a.get("name"):
            fields[a["name"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_on(response, *, id: str | None = None, action: str | None = None) -> dict:
    """The fields of the page's last form, or of the one with this id or action."""
    reader = FormReader()
    reader.feed(response.content.decode())
    forms = [
        f for f in reader.forms if (id is None or f["id"] == id) and (action is None or f["action"].endswith(action))
    ]
    return forms[-1]["fields"]


def editor_rows(fields: dict) -> dict[str, int]:
    """bid -> row index of the editor's form."""
    return {v: int(re.match(r"r-(\d+)-bid", k).group(1)) for k, v in fields.items() if re.match(r"r-\d+-bid", k)}


@pytest.fixture
def laza(alice) -> Tournament:
    """A Laza event created from the page, as an organizer does it."""
    client = client_for(alice)
    page = client.get("/e/new/?variant=tarokk-laza")
    assert page.status_code == 200
    fields = form_on(page)
    fields.pop("csrfmiddlewaretoken")
    fields.update(name="Budapest Laza", slug="budapest-laza", is_public="on")
    response = client.post("/e/new/", fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Tournament.objects.get(slug="budapest-laza")


def fill_spec_values(fields: dict) -> dict:
    index = editor_rows(fields)
    for bid, (made, failed, silent) in SPEC_VALUES.items():
        i = index[bid]
        fields[f"r-{i}-made"], fields[f"r-{i}-failed"] = str(made), str(failed)
        fields[f"r-{i}-silent"] = "" if silent is None else str(silent)
    return fields


def save_editor(client, slug: str, change=None, *, version: str = "spec-5.5", reason: str = ""):
    page = client.get(f"/e/{slug}/manage/point-table/")
    assert page.status_code == 200
    fields = form_on(page, id="config-table-form")
    fields = change(fields) if change else fill_spec_values(fields)
    fields.update({"t-version": version, "t-reason": reason, "save": "1"})
    return client.post(f"/e/{slug}/manage/point-table/", fields)


def stored_rows(tournament: Tournament) -> dict[str, dict]:
    tournament.refresh_from_db()
    return {r["bid"]: r for r in tournament.config["point_table"]["rows"]}


# --- create -----------------------------------------------------------------------------


def test_a_laza_event_is_created_from_the_page_with_the_blank_template(laza):
    rows = stored_rows(laza)
    assert len(rows) == 31 and rows["skala"]["name"] == "Skála"
    assert all(r["made"] is None and r["failed"] is None for r in rows.values())


def test_the_event_page_shows_the_point_table_read_only_to_the_public(laza, alice):
    save_editor(client_for(alice), laza.slug)
    page = client_for(None).get(f"/e/{laza.slug}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Point table" in html and "spec-5.5" in html and "Skála" in html and "180" in html
    assert "/manage/point-table/" not in html  # no editor link for the public
    assert "<input" not in client_for(None).get(f"/e/{laza.slug}/point-table/").content.decode().split("<main>")[
        1
    ].split("</main>")[0].replace('<input name="next"', "")
    assert "/manage/point-table/" in client_for(alice).get(f"/e/{laza.slug}/").content.decode()


def test_a_private_laza_table_is_hidden_from_the_public(laza, alice, charlie):
    services.update_tournament(alice, laza, is_public=False)
    for path in ("point-table/", "point-table.csv", "point-table.xlsx"):
        assert client_for(None).get(f"/e/{laza.slug}/{path}").status_code in (302, 403)
    assert client_for(charlie).get(f"/e/{laza.slug}/manage/point-table/").status_code == 403


# --- the editor --------------------------------------------------------------------------


def test_the_organizer_fills_in_the_table_in_the_editor(laza, alice):
    response = save_editor(client_for(alice), laza.slug)
    assert response.status_code == 302
    rows = stored_rows(laza)
    assert (rows["kassza"]["made"], rows["kassza"]["failed"]) == (30, 10)
    assert rows["gem"]["silent"] == 10 and rows["skala"]["made"] == 180
    assert rows["honor"].get("made") is None  # left blank: Honőr cannot be bid
    entry = AuditEntry.objects.get(action="tournament.point_table_changed")
    assert entry.actor == alice and entry.after["point_table"]["version"] == "spec-5.5"
    assert entry.before["point_table"]["version"] == "template"


def test_the_editor_adds_and_removes_rows(laza, alice):
    client = client_for(alice)
    page = client.get(f"/e/{laza.slug}/manage/point-table/")
    fields = fill_spec_values(form_on(page, id="config-table-form"))
    # Without JavaScript "Add a row" posts the form and gets one more empty row back.
    added = client.post(f"/e/{laza.slug}/manage/point-table/", {**fields, "add_row": "1"})
    assert added.status_code == 200
    fields = form_on(added, id="config-table-form")
    assert fields["row_count"] == "32" and fields["r-31-bid"] == ""
    assert fields["r-3-made"] == "20"  # what was typed is kept
    fields.update(
        {
            "r-31-bid": "royal",
            "r-31-name": "Royal",
            "r-31-made": "25",
            "r-31-failed": "5",
            "r-31-only_one": "elfogok:6",
            "r-0-remove": "1",  # Honőr removed
            "t-version": "2",
            "t-reason": "",
            "save": "1",
        }
    )
    assert client.post(f"/e/{laza.slug}/manage/point-table/", fields).status_code == 302
    rows = stored_rows(laza)
    assert "honor" not in rows and rows["royal"]["made"] == 25 and rows["royal"]["only_one"] == [["elfogok", 6]]


def test_errors_name_the_row_and_the_column_and_nothing_is_stored(laza, alice):
    before = stored_rows(laza)

    def spoil(fields: dict) -> dict:
        fields = fill_spec_values(fields)
        index = editor_rows(fields)
        fields[f"r-{index['gem']}-made"] = "twenty"
        fields[f"r-{index['kopf']}-ladder"] = "game_group"
        fields[f"r-{index['kassza']}-failed"] = "-10"
        fields[f"r-{index['kassza']}-only_one"] = "extrak"
        return fields

    response = save_editor(client_for(alice), laza.slug, spoil)
    html = response.content.decode()
    assert response.status_code == 400
    assert "Nothing was saved" in html
    assert "Row 4 (Gém), column “made”: “twenty” is not a whole number." in html
    assert "Row 2 (Köpf), column “ladder”: The rules fix the ladder of Köpf: Honőr–Trul 2." in html
    assert "Row 5 (Kassza), column “failed”: Use a whole number, 0 or more, or leave the cell empty." in html
    assert "Row 5 (Kassza), column “only-one groups”" in html
    assert stored_rows(laza) == before
    assert not AuditEntry.objects.filter(action="tournament.point_table_changed").exists()
    # what was typed stays in the cells
    assert 'value="twenty"' in html and 'aria-invalid="true"' in html


def test_a_stale_editor_is_refused_and_a_retry_stores_once(laza, alice):
    client = client_for(alice)
    page = client.get(f"/e/{laza.slug}/manage/point-table/")
    fields = fill_spec_values(form_on(page, id="config-table-form"))
    fields.update({"t-version": "1", "t-reason": "", "save": "1"})
    assert client.post(f"/e/{laza.slug}/manage/point-table/", fields).status_code == 302
    assert client.post(f"/e/{laza.slug}/manage/point-table/", fields).status_code == 302  # the same: a retry
    assert AuditEntry.objects.filter(action="tournament.point_table_changed").count() == 1
    index = editor_rows(fields)
    fields[f"r-{index['gem']}-made"] = "25"  # edited from the old page: stale
    response = client.post(f"/e/{laza.slug}/manage/point-table/", fields)
    assert response.status_code == 409 and "Someone changed the point table" in response.content.decode()
    assert stored_rows(laza)["gem"]["made"] == 20


# --- files -------------------------------------------------------------------------------


def upload(client, tournament, name: str, data: bytes, *, version: str = "file-1", reason: str = ""):
    page = client.get(f"/e/{tournament.slug}/manage/point-table/")
    fields = form_on(page, action="/upload/")
    fields.update({"u-version": version, "u-reason": reason, "u-file": io.BytesIO(data)})
    fields["u-file"].name = name
    return client.post(f"/e/{tournament.slug}/manage/point-table/upload/", fields)


def test_the_table_goes_out_and_back_in_as_csv(laza, alice):
    client = client_for(alice)
    save_editor(client, laza.slug)
    download = client.get(f"/e/{laza.slug}/point-table.csv")
    assert download.status_code == 200 and download["Content-Type"].startswith("text/csv")
    lines = list(csv.DictReader(io.StringIO(download.content.decode("utf-8-sig"))))
    # The page's column names and words (an English event here), not the ids.
    assert {"bid id": "kassza", "made": "30", "failed": "10"}.items() <= lines[4].items()
    assert lines[18]["only-one groups"] == "Extrák 5; Utolsó két ütés 3"
    lines[4]["made"] = "35"  # the organizer edits the file (semicolons, as Excel writes it in Hungary)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(lines[0]), delimiter=";")
    writer.writeheader()
    writer.writerows(lines)
    response = upload(client, laza, "table.csv", out.getvalue().encode("utf-8"))
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert stored_rows(laza)["kassza"]["made"] == 35
    assert laza.config["point_table"]["version"] == "file-1"


def test_the_table_goes_out_and_back_in_as_xlsx(laza, alice):
    client = client_for(alice)
    save_editor(client, laza.slug, lambda f: {**fill_spec_values(f), "r-30-name": '=HYPERLINK("x")'})
    download = client.get(f"/e/{laza.slug}/point-table.xlsx")
    assert download.status_code == 200
    ws = load_workbook(io.BytesIO(download.content)).active
    header = [c.value for c in ws[1]]
    skala = {h: c for h, c in zip(header, ws[32], strict=False)}
    assert skala["name"].value == '=HYPERLINK("x")' and skala["name"].data_type == "s"  # text, not a formula
    assert skala["made"].value == 180
    ws.cell(row=32, column=header.index("made") + 1, value=200)
    out = io.BytesIO()
    ws.parent.save(out)
    response = upload(client, laza, "table.xlsx", out.getvalue(), version="file-2")
    assert response.status_code == 302
    assert stored_rows(laza)["skala"]["made"] == 200


def test_a_name_that_would_start_a_formula_goes_out_as_text_in_the_csv_and_comes_back(laza, alice):
    """A CSV has no cell types: Excel runs a cell starting with "=" when it opens the file. The cell is
    written as a person types text that looks like a formula, behind an apostrophe, and read back without."""
    client = client_for(alice)
    save_editor(client, laza.slug, lambda f: {**fill_spec_values(f), "r-30-name": '=HYPERLINK("x")'})
    download = client.get(f"/e/{laza.slug}/point-table.csv")
    lines = list(csv.DictReader(io.StringIO(download.content.decode("utf-8-sig"))))
    skala = next(line for line in lines if line["bid id"] == "skala")
    assert skala["name"] == '\'=HYPERLINK("x")' and skala["made"] == "180"
    assert not [v for line in lines for v in line.values() if v.startswith(("=", "+", "-", "@"))]
    response = upload(client, laza, "table.csv", download.content, version="file-2")
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert stored_rows(laza)["skala"]["name"] == '=HYPERLINK("x")'


def test_an_uploaded_file_with_bad_cells_names_the_sheet_row_and_column(laza, alice):
    rows = [
        ["bid", "name", "made", "failed", "trophy_rank"],
        ["gem", "Gém", 20, 10, None],
        ["kopf", "Köpf", "lots", 10, 3],
    ]
    before = stored_rows(laza)
    response = upload(client_for(alice), laza, "bad.xlsx", _xlsx(rows))
    html = response.content.decode()
    assert response.status_code == 400
    assert "Row 3 (Köpf), column “made”: “lots” is not a whole number." in html
    assert stored_rows(laza) == before


def zip_bomb() -> bytes:
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", "<a>" + " " * (20 * 1024 * 1024) + "</a>")
    return out.getvalue()


def bad_shared_string() -> bytes:
    import zipfile

    src = io.BytesIO(_xlsx([["bid", "made"], ["gem", 20]]))
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(
                    b'<c r="A1" t="inlineStr"><is><t>bid</t></is></c>', b'<c r="A1" t="s"><v>999</v></c>'
                )
                assert b"<v>999</v>" in data
            zout.writestr(item, data)
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("big.csv", b"bid,made\n" + b"gem,20\n" * 100_000, "The file is larger than 512 KB."),
        ("junk.csv", bytes(range(256)) * 4, "not a text CSV file"),
        ("latin.csv", bytes(range(128, 256)), "neither UTF-8 nor Windows-1250"),
        ("utf16.csv", "bid,made\ngem,20\n".encode("utf-16-le"), "not a text CSV file"),
        ("huge-field.csv", b'bid,name\ngem,"' + b"x" * 140_000 + b'"\n', "cannot be read from line 2"),
        ("long-cell.csv", b"bid,name\ngem," + b"x" * 300 + b"\n", "Row 2, column “name”: The cell is longer than 200"),
        ("quote.csv", b'bid,name\ngem,"open\n', "cannot be read from line"),
        ("many.csv", b"bid,made\n" + b"gem,20\n" * 400, "more than 200 rows"),
        ("header.csv", b"bid,colour\ngem,red\n", "Unknown column “colour”"),
        ("nobid.csv", b"made,failed\n20,10\n", "with a “bid id” column"),
        ("empty.csv", b"", "file is empty"),
        ("blank.csv", b"\r\n \r\n", "The file is empty."),
        ("junk.xlsx", b"PK\x03\x04 not really", "not a readable XLSX workbook"),
        ("bomb.xlsx", zip_bomb(), "unpacks to more than"),
        ("strings.xlsx", bad_shared_string(), "not a readable XLSX workbook"),
        ("table.pdf", b"%PDF-1.4", "Upload a .csv or .xlsx file."),
    ],
)
def test_junk_uploads_answer_a_clear_error_and_store_nothing(laza, alice, name, data, message):
    before = stored_rows(laza)
    response = upload(client_for(alice), laza, name, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert stored_rows(laza) == before


def test_a_classic_mac_csv_with_bare_cr_line_endings_is_read(laza, alice):
    client = client_for(alice)
    save_editor(client, laza.slug)
    text = client.get(f"/e/{laza.slug}/point-table.csv").content.decode("utf-8-sig").replace("\r\n", "\r")
    text = text.replace("kassza,Kassza,30", "kassza,Kassza,33")
    response = upload(client, laza, "mac.csv", text.encode("cp1250"))  # and Windows-1250, as old Excel saves it
    assert response.status_code == 302
    rows = stored_rows(laza)
    assert rows["kassza"]["made"] == 33 and rows["surrano"]["name"] == "Surranó"


# --- re-scoring ---------------------------------------------------------------------------


@pytest.fixture
def laza_table(laza, alice, bob):
    """Four players seated at table 1 of a running round, the spec's table in force."""
    save_editor(client_for(alice), laza.slug)
    return start_round_one(alice, laza, 4, "pointtable")


def l8(table: Table) -> dict:
    """§5.5 L8 at this table: the envelope the table gives, the spec's bids."""
    env = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
    s = env["seats"]
    return {
        **env,
        "attack": {"indito": s[0], "elfogo": s[3]},
        "defence": {"elfogo": s[1], "indito": s[2]},
        "bids": L8["bids"],
        "silent": {"attack": [], "defence": []},
    }


def test_editing_the_table_rescores_the_hands_in_order_and_audits_each(laza_table, alice, bob):
    first = hands.enter_hand(bob, laza_table, l8(laza_table))
    s = first.input["seats"]
    # §5.5 L8: attack Flotta k1 2x40 + Kassza 30 (Gém ignored) + Banda 20 = 130; defence -2x20 + 30 = -10.
    assert first.points == {s[0]: 130, s[3]: 130, s[1]: -10, s[2]: -10}
    second_input = l8(laza_table)
    second_input["bids"] = {"attack": [{"bid": "mizer", "made": False}], "defence": [{"bid": "kassza", "made": True}]}
    second = hands.enter_hand(bob, laza_table, second_input)
    t = second.input["seats"]
    assert second.points == {t[0]: -30, t[3]: -30, t[1]: 30, t[2]: 30}

    def raise_values(fields: dict) -> dict:
        fields = fill_spec_values(fields)
        index = editor_rows(fields)
        fields[f"r-{index['flotta']}-made"] = "50"
        fields[f"r-{index['kassza']}-made"] = "35"
        return fields

    response = save_editor(
        client_for(alice),
        laza_table.round.tournament.slug,
        raise_values,
        version="spec-5.5b",
        reason="The federation's table arrived",
    )
    assert response.status_code == 302
    # Under the new table: attack 2x50 + 35 + 20 = 155, defence unchanged -10;
    # hand 2: Mízer failed -30 unchanged, Kassza made 35.
    h1, h2 = Hand.objects.filter(table=laza_table).order_by("number")
    assert h1.points == {s[0]: 155, s[3]: 155, s[1]: -10, s[2]: -10}
    assert h2.points == {t[0]: -30, t[3]: -30, t[1]: 35, t[2]: 35}
    assert from_json(h1.breakdown[0]) == "Point table spec-5.5b" and h1.version == 2  # a stored message
    audits = AuditEntry.objects.filter(action="hand.rescored").order_by("pk")
    assert [a.after["number"] for a in audits] == [1, 2]
    assert audits[0].before["points"][s[0]] == 130 and audits[0].after["points"][s[0]] == 155
    assert all("The federation's table arrived" in a.reason and a.actor == alice for a in audits)
    change = AuditEntry.objects.filter(action="tournament.point_table_changed").order_by("pk").last()
    assert change.reason == "The federation's table arrived"


def test_a_change_that_would_invalidate_a_hand_is_refused_naming_it(laza_table, alice, bob):
    hand = hands.enter_hand(bob, laza_table, l8(laza_table))
    tournament = laza_table.round.tournament
    before = stored_rows(tournament)

    def blank_trul(fields: dict) -> dict:
        fields = fill_spec_values(fields)
        fields[f"r-{editor_rows(fields)['trul']}-made"] = ""
        return fields

    response = save_editor(client_for(alice), tournament.slug, blank_trul, version="x", reason="try")
    html = response.content.decode()
    assert response.status_code == 409
    assert "Round 1, table 1, hand 1 would not be valid under the new table" in html and "trul" in html
    assert stored_rows(tournament) == before
    assert Hand.objects.get(table=laza_table).points[hand.input["seats"][0]] == 130


def test_a_change_with_hands_needs_a_reason(laza_table, alice, bob):
    hands.enter_hand(bob, laza_table, l8(laza_table))
    tournament = laza_table.round.tournament

    def change(fields: dict) -> dict:
        fields = fill_spec_values(fields)
        fields[f"r-{editor_rows(fields)['gem']}-made"] = "25"
        return fields

    response = save_editor(client_for(alice), tournament.slug, change, version="y", reason="")
    assert response.status_code == 409 and "give a reason" in response.content.decode()
    assert stored_rows(tournament)["gem"]["made"] == 20


def test_referees_cannot_edit_the_table(laza, bob):
    services.set_referee(laza.organizers.first(), laza, "bob", [])
    assert client_for(bob).get(f"/e/{laza.slug}/manage/point-table/").status_code == 403
    assert client_for(bob).post(f"/e/{laza.slug}/manage/point-table/upload/", {}).status_code == 403
