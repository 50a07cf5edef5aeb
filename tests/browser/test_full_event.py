"""A whole event of each variant, run by people in the browser (headless Chromium).

The organizer works at a desk (1280 px), two referees on phones (375 px). The organizer creates
the event from the pages (Laza with its point table), imports the players from a file, names the
referees, draws and publishes; the referees enter every hand of both tables — a correction, a
deletion and a two-referee conflict among them — the players confirm with the PINs their slips
show, the organizer closes the round, re-seats and plays round 2. The final standings page, the
standings PDF and the XLSX must equal the totals this test computes from the hands it entered,
scored with the engine (``tests/fullevent.py``). No response of the whole run may be a 5xx.
"""

from __future__ import annotations

import io
import re

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.config_table import as_cells
from scoring.registry import VARIANTS
from tests import fullevent as fe
from tests.browser.handentry import fill_hand
from tests.samples.tarokk_laza import TEST_CONFIG
from tournaments.config_table_files import write_csv
from tournaments.models import Entry, Round, Table, Tournament

REFEREE_PASSWORD = "kralj-pagat-77"
PHONE = {"width": 375, "height": 812}
DESK = {"width": 1280, "height": 800}


class Person:
    """One person's browser: a page in its own context (own cookies), every response status kept."""

    def __init__(self, browser, base_url: str, viewport: dict, errors: list):
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.base = base_url
        self.page.on(
            "response", lambda r: errors.append(f"{r.status} {r.request.method} {r.url}") if r.status >= 500 else None
        )

    def go(self, path: str) -> None:
        self.page.goto(self.base + path)

    def log_in(self, username: str, password: str = "") -> None:
        self.go("/accounts/login/")
        self.page.fill("#id_username", username)
        self.page.fill("#id_password", password or f"{username}-password")
        self.page.locator("main button[type=submit]").click()
        self.page.wait_for_load_state()

    def text(self, selector: str = "main") -> str:
        return self.page.inner_text(selector)

    def submit(self, selector: str) -> None:
        with self.page.expect_navigation():
            self.page.locator(selector).click()


@pytest.mark.parametrize("variant", list(fe.FORMATS))
@pytest.mark.usefixtures("documents_settings")  # documents made in-process, also where CI sets a broker
def test_a_whole_event_is_run_in_the_browser(variant, chromium, live_server, alice):
    fmt = fe.FORMATS[variant]
    config = TEST_CONFIG if variant == "tarokk-laza" else None
    errors: list[str] = []
    org = Person(chromium, live_server.url, DESK, errors)
    ref1 = Person(chromium, live_server.url, PHONE, errors)
    ref2 = Person(chromium, live_server.url, PHONE, errors)
    slug = "run-" + variant
    org.log_in("alice")

    # The event, from the page.
    org.go(f"/e/new/?variant={variant}")
    page = org.page
    page.fill("#id_name", f"Full run {variant}")
    page.fill("#id_slug", slug)
    page.fill("#id_rounds", "2")
    page.fill("#id_hands_per_round", str(fmt["hands_per_round"]))
    page.fill("#id_table_size", str(fmt["table_size"]))
    page.check("#id_is_public")
    page.fill("#id_draw_seed", fe.DRAW_SEED)
    for option in VARIANTS[variant].options:  # a reading the form leaves unchosen (§4.5): the default
        if option.required:
            page.check(f"input[name={option.key}][value={option.default}]")
    org.submit("main form button[type=submit]")
    assert "Event created" in org.text(), org.text()
    event = Tournament.objects.get(slug=slug)
    if variant == "tarokk-laza":
        config = _laza_point_table(org, slug)

    # Players from a file: upload, preview, confirm.
    org.go(f"/e/{slug}/manage/players/import/")
    page.set_input_files(
        "#id_file",
        files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": fe.players_csv(variant, fmt["players"])}],
    )
    org.submit("main form.card button")
    org.submit("main button[name=confirm]")
    assert Entry.objects.filter(tournament=event).count() == fmt["players"]

    # Referee accounts, made by the organizer on the staff page: vera every table, rok table 1 only.
    for username, tables in (("vera", ""), ("rok", "1")):
        org.go(f"/e/{slug}/manage/staff/")
        _add_referee(org, username, tables)
    pins = _pins(org, slug)

    ref1.log_in("vera", REFEREE_PASSWORD)
    ref2.log_in("rok", REFEREE_PASSWORD)
    rng = fe.event_rng(variant)
    played: list[tuple[dict[str, str], fe.TablePlay]] = []
    for number in (1, 2):
        org.go(f"/e/{slug}/manage/rounds/")
        org.submit("main form button")
        org.submit("main form[action$='/publish/'] button")
        org.submit("main form[action$='/start/'] button")
        rnd = Round.objects.get(tournament=event, number=number)
        assert rnd.status == Round.Status.RUNNING
        for table in rnd.tables.order_by("number"):
            seats = {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}
            numbers = {s.position: s.entry.start_number for s in table.seats.select_related("entry")}
            url = f"/e/{slug}/round/{number}/table/{table.number}/"
            eventful = number == 1 and table.number == 1
            steps, play = fe.plan_table(
                variant, rng, sorted(seats), table.first_dealer, config, fmt["hands_per_round"], eventful=eventful
            )
            _play_table(ref1, ref2, table, url, variant, steps, eventful=eventful)
            assert [h.points for h in table.hands.order_by("number")] == play.points
            _confirm(ref1, url, numbers, pins)
            table.refresh_from_db()
            assert table.confirmed_at is not None
            played.append((seats, play))
        org.go(f"/e/{slug}/round/{number}/")
        page.once("dialog", lambda d: d.accept())
        org.submit("main form[action$='/close/'] button")
        assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED

    expected = fe.player_totals(played)
    _check_standings_page(org, slug, variant, expected, played)
    _check_documents(org, slug, variant, expected)
    assert errors == []


def _laza_point_table(org: Person, slug: str) -> dict:
    """The organizer uploads his point table (tarokk-laza.md §4.2) on the editor page; the event keeps
    every row as the file has it."""
    org.go(f"/e/{slug}/manage/point-table/")
    upload = org.page.locator("main form[action$='/point-table/upload/']")
    table = VARIANTS["tarokk-laza"].config_table
    csv = write_csv(table, as_cells(table, TEST_CONFIG["point_table"]["rows"]), table.keys)
    upload.locator("input[type=file]").set_input_files(
        files=[{"name": "points.csv", "mimeType": "text/csv", "buffer": csv}]
    )
    upload.locator("[name$=version]").fill("club 2026")
    with org.page.expect_navigation():
        upload.locator("button").click()
    config = Tournament.objects.get(slug=slug).config
    stored = {r["bid"]: (r["made"], r["failed"], r.get("silent")) for r in config["point_table"]["rows"]}
    assert stored == {r["bid"]: (r["made"], r["failed"], r.get("silent")) for r in TEST_CONFIG["point_table"]["rows"]}
    assert config["point_table"]["version"] == "club 2026"
    return config


def _add_referee(org: Person, username: str, tables: str) -> None:
    form = org.page.locator("main form").filter(has=org.page.locator("[name=acct-password]"))
    form.locator("[name=acct-username]").fill(username)
    form.locator("[name=acct-password]").fill(REFEREE_PASSWORD)
    form.locator("[name=acct-tables]").fill(tables)
    with org.page.expect_navigation():
        form.locator("button").click()
    assert username in org.text(), org.text()


def _pins(org: Person, slug: str) -> dict[int, str]:
    """The PINs as the organizer's players page shows them (start number -> PIN)."""
    org.go(f"/e/{slug}/manage/players/")
    pins = {}
    for row in org.page.locator("main table tbody tr").all():
        cells = [c.strip() for c in row.locator("td").all_inner_texts()]
        found = [c for c in cells if re.fullmatch(r"\d{4,6}", c)]
        if found and cells[0].isdigit():
            pins[int(cells[0])] = found[-1]
    assert pins, "the players page shows no PINs"
    return pins


def _save_hand(ref: Person, url: str, variant: str, hand: dict) -> str:
    ref.go(url)
    fill_hand(ref.page, "#entry form.hand-form", variant, hand)
    ref.submit("#entry form.hand-form button[type=submit]")
    return ref.text()


def _play_table(
    ref1: Person, ref2: Person, table: Table, url: str, variant: str, steps: list[fe.Step], *, eventful: bool
) -> None:
    """The referees do the table's steps on their phones; at an eventful table two of them open
    hand 2 at once, and the second save is refused with nothing stored."""
    for step in steps:
        if step.kind == "enter" and eventful and step.number == 2:
            ref2.go(url)
            fill_hand(ref2.page, "#entry form.hand-form", variant, step.hand)
            assert "Hand 2 saved" in _save_hand(ref1, url, variant, step.hand)
            ref2.submit("#entry form.hand-form button[type=submit]")
            refused = ref2.text()
            assert "Hand 2" in refused and "Hand 3 saved" not in refused, refused
            assert table.hands.count() == 2  # nothing stored twice, nothing as hand 3
            eventful = False
        elif step.kind == "enter":
            text = _save_hand(ref1, url, variant, step.hand)
            assert f"Hand {step.number} saved" in text, text
        elif step.kind == "correct":
            ref1.go(f"{url}hands/{step.number}/")
            fill_hand(ref1.page, "main form.hand-form", variant, step.hand)
            ref1.page.fill("[name=reason]", "miscounted card points")
            ref1.submit("main form.hand-form button[type=submit]:not([name=delete])")
            assert f"Hand {step.number} corrected" in ref1.text(), ref1.text()
        else:
            ref1.go(f"{url}hands/{step.number}/")
            ref1.page.fill("[name=reason]", "entered twice")
            ref1.page.once("dialog", lambda d: d.accept())
            ref1.submit("main button[name=delete]")
            assert f"Hand {step.number} deleted" in ref1.text(), ref1.text()


def _confirm(ref: Person, url: str, numbers: dict[str, int], pins: dict[int, str]) -> None:
    """Each player types his PIN on the referee's phone."""
    for position, start_number in sorted(numbers.items()):
        ref.go(url)
        form = ref.page.locator("#confirm form").filter(has=ref.page.locator(f"[value='{position}']"))
        form.locator("[name=pin]").fill(pins[start_number])
        with ref.page.expect_navigation():
            form.locator("button").click()
        assert f"Confirmed by {position}" in ref.text(), ref.text()


def _check_standings_page(org: Person, slug: str, variant: str, expected: dict[str, int], played) -> None:
    """Every player's (Laza: every pair's) game points on the public standings page."""
    org.go(f"/e/{slug}/standings/")
    header = [h.strip().lower() for h in org.page.locator("main table thead th").all_inner_texts()]
    column = next(i for i, h in enumerate(header) if h.startswith("game points"))
    rows = org.page.locator("main table tbody tr").all()
    assert len(rows) == (len(expected) // 2 if variant == "tarokk-laza" else len(expected))
    for row in rows:
        cells = [c.strip() for c in row.locator("td, th").all_inner_texts()]
        names = [n for n in expected if n in " ".join(cells)]
        assert names, cells
        shown = int(float(cells[column].replace("−", "-").replace(",", ".")))
        assert all(shown == expected[n] for n in names), (names, cells)


def _check_documents(org: Person, slug: str, variant: str, expected: dict[str, int]) -> None:
    for key in ("standings-pdf", "standings-xlsx"):
        org.go(f"/e/{slug}/manage/documents/")
        form = org.page.locator(f"main form[action*='/documents/{key}/generate/']")
        with org.page.expect_navigation():
            form.locator("button").click()
        response = org.context.request.get(f"{org.base}/e/{slug}/documents/{key}/")
        assert response.status == 200, response.status
        if key == "standings-pdf":
            text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages)
            for name, total in expected.items():
                line = next(ln for ln in text.splitlines() if name in ln)
                assert str(total).replace("-", "−") in line or str(total) in line, (name, total, line)
        else:
            sheet = load_workbook(io.BytesIO(response.body())).worksheets[0]
            rows = list(sheet.iter_rows(values_only=True))
            header = [str(h).lower() for h in rows[0]]
            col = next(i for i, h in enumerate(header) if "game" in h)
            for row in rows[1:]:
                name = next(c for c in row if isinstance(c, str) and any(n in c for n in expected))
                first = next(n for n in expected if n in name)
                assert row[col] == expected[first], (row, expected[first])
