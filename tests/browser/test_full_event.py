"""A whole event of each variant, run by people in the browser (headless Chromium).

The organizer works at a desk (1280 px), two referees on phones (375 px). The organizer creates
the event from the pages (Laza with its point table), imports the players from a file, names the
referees, draws and publishes; the referees enter every hand of both tables — a correction, a
deletion and a two-referee conflict among them — the players confirm with the PINs their slips
show, the organizer closes the round, re-seats and plays round 2. The final standings page, the
standings PDF and the XLSX must equal the totals this test computes from the hands it entered,
scored with the engine (``tests/fullevent.py``). No response of the whole run may be a 5xx.

The director's day happens on the way: at round 1's table 2 the hall's Wi-Fi drops for the last two
hands (the phone keeps them and sends them when it returns; the second one's form is the next hand's
own, its declarer left as the form preselects it) and only seat A is there to confirm: the organizer
countersigns as the judge, which the filled protocol's PDF says. At round 2's table 1 the round clock
runs out mid-round: the page asks after which hand time was up, hands played in time are typed after
the whistle and taken, the hand after the recorded one is refused.
"""

from __future__ import annotations

import io
import random
import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from openpyxl import load_workbook
from playwright.sync_api import expect
from pypdf import PdfReader

from scoring.config_table import as_cells
from scoring.registry import VARIANTS
from tests import fullevent as fe
from tests.browser.conftest import chosen, go_offline, go_online
from tests.browser.eventpages import (
    DESK,
    PHONE,
    REFEREE_PASSWORD,
    Person,
    add_referee,
    close_round,
    confirm,
    new_event,
    pins,
    save_hand,
    start_round,
)
from tests.browser.handentry import fill_hand
from tests.samples.tarokk_laza import TEST_CONFIG
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.readings.config_table_files import write_csv

HAND_FORM = "#entry form.hand-form"
EVENTFUL = (1, 1)  # (round, table): a correction, a deletion and two referees on one hand
OFFLINE_AND_JUDGE = (1, 2)  # the last two hands typed offline; seat A and the judge confirm
CLOCK = (2, 1)  # the round clock runs out mid-round (the table both referees serve)
JUDGE = "Alenka Sodnik"  # the organizer's name: she countersigns as the judge
JUDGE_REASON = "the other players had left the hall"


@pytest.mark.parametrize("variant", list(fe.FORMATS))
@pytest.mark.usefixtures("documents_settings")  # documents made in-process, also where CI sets a broker
def test_a_whole_event_is_run_in_the_browser(variant, chromium, live_server, alice):
    fmt = fe.FORMATS[variant]
    config = TEST_CONFIG if variant == "tarokk-laza" else None
    User.objects.filter(pk=alice.pk).update(first_name="Alenka", last_name="Sodnik")
    errors: list[str] = []
    org = Person(chromium, live_server.url, DESK, errors)
    ref1 = Person(chromium, live_server.url, PHONE, errors)
    ref2 = Person(chromium, live_server.url, PHONE, errors)
    slug = "run-" + variant
    org.log_in("alice")

    # The event, from the page.
    event = new_event(
        org,
        variant,
        f"Full run {variant}",
        slug,
        rounds=2,
        hands_per_round=fmt["hands_per_round"],
        table_size=fmt["table_size"],
    )
    if variant == "tarokk-laza":
        config = _laza_point_table(org, slug)

    # Players from a file: upload, preview, confirm.
    org.go(f"/e/{slug}/manage/players/import/")
    org.page.set_input_files(
        "#id_file",
        files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": fe.players_csv(variant, fmt["players"])}],
    )
    org.submit("main form.card button")
    org.submit("main button[name=confirm]")
    assert Entry.objects.filter(tournament=event).count() == fmt["players"]

    # Referee accounts, made by the organizer on the staff page: vera every table, rok table 1 only.
    for username, tables in (("vera", ""), ("rok", "1")):
        add_referee(org, slug, username, tables)
    slips = pins(org, slug)

    ref1.log_in("vera", REFEREE_PASSWORD)
    ref2.log_in("rok", REFEREE_PASSWORD)
    rng = fe.event_rng(variant)
    hands = fmt["hands_per_round"]
    played: list[tuple[dict[str, str], fe.TablePlay]] = []
    for number in (1, 2):
        rnd = start_round(org, event, number)
        for table in rnd.tables.order_by("number"):
            seats = {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}
            numbers = {s.position: s.entry.start_number for s in table.seats.select_related("entry")}
            url = f"/e/{slug}/round/{number}/table/{table.number}/"
            where = (number, table.number)
            if where == CLOCK:
                play = _clock_runs_out(ref1, ref2, table, url, variant, rng, config, hands)
                confirm(ref1, url, numbers, slips)
            elif where == OFFLINE_AND_JUDGE:
                steps, play = fe.plan_table(
                    variant,
                    rng,
                    sorted(seats),
                    table.first_dealer,
                    config,
                    hands,
                    eventful=False,
                    last_by_forehand=fmt.get("forehand_declares", False),
                )
                _play_table(ref1, ref2, table, url, variant, steps[:-2], eventful=False)
                _two_hands_offline(ref1, table, url, variant, steps[-2:], fmt)
                confirm(ref1, url, {"A": numbers["A"]}, slips)
                _countersign(org, url)
            else:
                steps, play = fe.plan_table(
                    variant, rng, sorted(seats), table.first_dealer, config, hands, eventful=where == EVENTFUL
                )
                _play_table(ref1, ref2, table, url, variant, steps, eventful=where == EVENTFUL)
                confirm(ref1, url, numbers, slips)
            assert [h.points for h in table.hands.order_by("number")] == play.points
            table.refresh_from_db()
            assert table.confirmed_at is not None
            played.append((seats, play))
        close_round(org, rnd)

    expected = fe.player_totals(played)
    _check_standings_page(org, slug, variant, expected, played)
    _check_documents(org, slug, variant, expected)
    assert errors == []


def _clock_runs_out(
    ref1: Person, ref2: Person, table: Table, url: str, variant: str, rng: random.Random, config: Any, hands: int
) -> fe.TablePlay:
    """Hand 1 is played in time; then the round clock runs out (its start moved back in the
    database). The page prompts: after which hand was time up? Hands played in time are typed from
    the sheet after the whistle and taken; the referee records time up after the last but one of the
    plan's hands, and the hand after it, on the other referee's phone already, is refused (taruk2012.md
    §7.2: no new hand starts). The table is complete with the hands up to it."""
    after = hands - 1
    steps, play = fe.plan_table(
        variant,
        rng,
        sorted(table.seats.values_list("position", flat=True)),
        table.first_dealer,
        config,
        after,
        eventful=False,
    )
    unplayed = fe.choose_hand(variant, rng, play, table.first_dealer, config)
    assert "Hand 1 saved" in save_hand(ref1, url, variant, steps[0].hand)
    rnd = table.round
    over = timezone.now() - timedelta(minutes=rnd.time_limit_minutes, seconds=1)
    Round.objects.filter(pk=rnd.pk).update(started_at=over, elapsed_seconds=0)

    ref1.go(url)
    prompt = ref1.page.locator("[data-time-up-prompt]")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("Time is up: record after which hand.")
    for step in steps[1:]:  # played in time, typed after the whistle
        text = save_hand(ref1, url, variant, step.hand)
        assert f"Hand {step.number} saved" in text, text
    ref2.go(url)  # the other phone shows the next hand's form
    expect(ref2.page.locator("#entry h2")).to_contain_text(f"Hand {after + 1} ")
    fill_hand(ref2.page, HAND_FORM, variant, unplayed)

    expect(prompt).to_be_visible()
    ref1.page.fill("#id_after_hand", str(after))
    ref1.submit("#time-up button")
    expect(ref1.page.locator("main")).to_contain_text(f"Table {table.number}: time was up after hand {after}.")
    expect(ref1.page.locator("h1")).to_contain_text(f"time up after hand {after}")
    expect(ref1.page.locator("#confirm")).to_be_visible()
    assert Table.objects.get(pk=table.pk).time_up_after == after

    ref2.submit(f"{HAND_FORM} button[type=submit]")
    refused = f"Time was up after hand {after} at table {table.number}: hand {after + 1} was not played"
    expect(ref2.page.locator("main")).to_contain_text(refused)
    assert table.hands.count() == after
    return play


def _two_hands_offline(ref: Person, table: Table, url: str, variant: str, steps: list[fe.Step], fmt: dict) -> None:
    """The hall's Wi-Fi drops before the table's last two hands: the phone keeps them. The second is
    typed into the next hand's own form: its dealer in the heading and, where the form preselects the
    forehand as declarer, the declarer left as it is. When the connection returns both are stored, with
    the dealer and declarer this test computed (the rotation; the forehand, first of the hand's seats)."""
    first, last = steps
    page = ref.page
    ref.go(url)
    heading = page.locator("#entry h2")
    expect(heading).to_contain_text(f"Hand {first.number} ")
    go_offline(page)
    fill_hand(page, HAND_FORM, variant, first.hand)
    page.locator(f"{HAND_FORM} button[type=submit]").click()
    expect(page.locator("tr.queued")).to_have_count(1)
    expect(heading).to_have_text(f"Hand {last.number} — dealer {last.hand['dealer']}")
    leave = ()
    if fmt.get("forehand_declares"):
        assert chosen(page, "declarer") == last.hand["seats"][0] == last.hand["declarer"]
        leave = ("declarer",)
    fill_hand(page, HAND_FORM, variant, last.hand, leave=leave)
    page.locator(f"{HAND_FORM} button[type=submit]").click()
    expect(page.locator("tr.queued")).to_have_count(2)
    assert table.hands.count() == first.number - 1

    go_online(page)
    expect(page.locator("main > ul.messages")).to_contain_text(f"Hand {last.number} saved")
    expect(page.locator("tr.queued")).to_have_count(0)
    stored = [
        (h.dealer, h.input.get("declarer")) for h in table.hands.filter(number__gte=first.number).order_by("number")
    ]
    assert stored == [(s.hand["dealer"], s.hand.get("declarer")) for s in steps]


def _countersign(org: Person, url: str) -> None:
    """Seat A has confirmed with the PIN; the organizer, as the judge, closes the protocol with her own
    login and a reason. The table's filled protocol (its PDF) names her, says countersigned, and why."""
    org.go(url)
    form = org.page.locator("#confirm form.judge-confirm")
    form.locator("[name=reason]").fill(JUDGE_REASON)
    with org.page.expect_navigation():
        form.locator("button").click()
    expect(org.page.locator(".judge-confirmation")).to_contain_text(f"Judge: {JUDGE}. Reason: {JUDGE_REASON}")
    pdf = org.page.locator("#table-hands a", has_text="PDF").get_attribute("href")
    response = org.context.request.get(org.base + pdf)
    assert response.status == 200, response.status
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages).split())
    said = rf"Countersigned by the judge {JUDGE} at .+? for the players who did not confirm\. Reason: {JUDGE_REASON}"
    assert re.search(said, text), text


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


def _play_table(
    ref1: Person, ref2: Person, table: Table, url: str, variant: str, steps: list[fe.Step], *, eventful: bool
) -> None:
    """The referees do the table's steps on their phones; at an eventful table two of them open
    hand 2 at once, and the second save is refused with nothing stored."""
    for step in steps:
        if step.kind == "enter" and eventful and step.number == 2:
            ref2.go(url)
            fill_hand(ref2.page, HAND_FORM, variant, step.hand)
            assert "Hand 2 saved" in save_hand(ref1, url, variant, step.hand)
            ref2.submit(f"{HAND_FORM} button[type=submit]")
            refused = ref2.text()
            assert "Hand 2" in refused and "Hand 3 saved" not in refused, refused
            assert table.hands.count() == 2  # nothing stored twice, nothing as hand 3
            eventful = False
        elif step.kind == "enter":
            text = save_hand(ref1, url, variant, step.hand)
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
