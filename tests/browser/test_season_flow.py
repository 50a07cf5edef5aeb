"""A season on the pages, end to end (issue 24's "Done when"; season.md §1, §2, §4–§6, §8): the organizer
creates a series at his desk, adds two finished events and a new third, imports the third's players
from a file (players of the season matched by federation id, one by name and club once he accepts the
"maybe", two new), draws its round 1 by ladder groups, publishes and starts it; a hand at every table
puts the third event's provisional results on the public ladder without a reload, and the ladder's
PDF and workbook read as the page.

The expected series points are worked out here from each event's published places by the default
table (§3.1 ``fixed_by_place``) with the best two of three counting (§4), never by the code under test.
"""

from __future__ import annotations

import io
import re

from openpyxl import load_workbook
from playwright.sync_api import expect

from tests.browser.eventpages import DESK, PHONE, Person, close_round_anyway, save_hand, start_round
from tests.conftest import client_for
from tests.pdf_text import pdf_text
from tests.seasons_support import (
    SEASON_PLAYERS,
    THIRD_EVENT_CSV,
    THIRD_EVENT_MAYBE,
    best_n_by_place,
    finished_event,
    new_event,
    play_tables,
    standings_of,
    tri_e1,
)
from tests.tournaments.draws_support import tables_of
from tournaments.events import services
from tournaments.models import Player
from tournaments.seasons.models import Series
from tournaments.tables import hands

SLUGS = ["spring-cup", "summer-cup", "autumn-cup"]


def expected_cells(values: dict[str, tuple[int, bool]], running: str) -> list[str]:
    """A ladder line's event cells as §5.3 shows them: counted "223", dropped "(223)", a running event's
    marked "223*"; empty where the player did not play."""
    cells = []
    for slug in SLUGS:
        if slug not in values:
            cells.append("")
            continue
        value, counted = values[slug]
        cells.append((str(value) if counted else f"({value})") + ("*" if slug == running else ""))
    return cells


def shown_in_workbook(value, number_format: str) -> str:
    """A workbook cell as a reader sees it: its number, in brackets and starred as its format says."""
    if value is None:
        return ""
    text = str(value)
    if number_format.startswith('"("'):
        text = f"({text})"
    return text + ("*" if number_format.endswith('*"') else "")


def test_a_season_runs_on_the_pages_and_the_public_ladder_follows_it(alice, bob, chromium, live_server):
    spring = finished_event(alice, "Spring Cup", SEASON_PLAYERS[:8])
    summer = finished_event(alice, "Summer Cup", SEASON_PLAYERS[2:10])
    autumn = new_event(alice, "Autumn Cup", [])
    errors: list[str] = []
    org = Person(chromium, live_server.url, DESK, errors)
    org.log_in("alice")

    # The series, created and set: a fixed table by place, the best 2 results count.
    org.go("/")
    org.page.get_by_role("link", name="New series").click()
    org.page.fill("#id_name", "Season 2026")
    org.page.check("#id_is_public")
    org.page.select_option("#id_points", "fixed_by_place")
    org.submit("main form button[type=submit]")
    series = Series.objects.get()
    assert org.page.url.endswith(f"/s/{series.slug}/manage/")
    org.page.select_option("#id_s-count", "best_n")
    org.page.fill("#id_s-best_n", "2")
    org.submit("#settings form button")
    for event in (spring, summer, autumn):
        org.page.select_option("#id_add-event", event.slug)
        org.submit("#events form[action$='/events/'] button")
    expect(org.page.locator("[data-member]")).to_have_count(3)
    series.refresh_from_db()
    assert (series.points, series.count, series.best_n) == ("fixed_by_place", "best_n", 2)
    assert list(series.members.order_by("position").values_list("tournament__slug", flat=True)) == SLUGS

    # The third event's players from a file: the preview says who is whom; the "maybe" is accepted.
    org.go(f"/e/{autumn.slug}/manage/players/")
    upload = org.page.locator("main form[action$='/import/']")
    upload.locator("input[type=file]").set_input_files(
        files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": THIRD_EVENT_CSV.encode()}]
    )
    with org.page.expect_navigation():
        upload.locator("button").click()
    rows = org.page.locator("main table tbody tr")
    expect(rows).to_have_count(8)
    for line in range(2, 7):
        expect(rows.nth(line - 2).locator("td.match")).to_contain_text("the same player as")
    expect(rows.nth(THIRD_EVENT_MAYBE - 2).locator("td.match")).to_contain_text("maybe")
    expect(rows.nth(THIRD_EVENT_MAYBE - 2).locator("td.match")).to_contain_text("Helena Turk, TK Celje")
    for line in (8, 9):
        expect(rows.nth(line - 2).locator("td.match")).to_contain_text("new player")
    org.page.check(f"input[name=match-{THIRD_EVENT_MAYBE}][value=accept]")
    org.submit("main button[name=confirm]")
    entered = dict(autumn.entries.values_list("player__name", "player_id"))
    assert len(entered) == 8
    for name, _club, fid in SEASON_PLAYERS[2:8]:
        assert entered[name] == Player.objects.get(federation_id=fid).pk  # one person across the events
    assert Player.objects.filter(name__iexact="helena turk").count() == 1
    assert Player.objects.get(pk=entered["Marko Zorko"]).entries.count() == 1

    # The public ladder before the third event: the order its round 1 is drawn by.
    public = chromium.new_context(viewport=DESK).new_page()
    public.goto(live_server.url + f"/s/{series.slug}/")
    heads = public.locator("thead th[data-event]")
    expect(heads).to_have_count(3)
    for i, name in enumerate(["Spring Cup", "Summer Cup", "Autumn Cup"]):
        expect(heads.nth(i)).to_have_attribute("title", name)
    ladder_rows = public.locator("[data-standings-rows] tr")
    expect(ladder_rows).to_have_count(10)  # the ten players of the first two events
    before = [int(r.get_attribute("id").removeprefix("p-")) for r in ladder_rows.all()]
    placed = [p for p in before if p in entered.values()]
    assert len(placed) == 6
    unplaced = set(entered.values()) - set(placed)
    # §6.2: eight players at two tables of four, four groups of two by ladder; the two new close the order.
    groups = [set(placed[0:2]), set(placed[2:4]), set(placed[4:6]), unplaced]

    rnd = start_round(org, autumn, 1, choose="ladder_groups")
    player_of = dict(autumn.entries.values_list("start_number", "player_id"))
    tables = [{player_of[n] for n in table} for table in tables_of(rnd)]
    assert len(tables) == 2
    for group in groups:
        assert [len(group & table) for table in tables] == [1, 1], (group, tables)

    # The referee enters table 1's first hand on his phone: its four players' provisional results appear
    # on the open ladder without a reload; then table 2's hand (the service) gives everyone his place.
    public.evaluate("window.__notReloaded = true")
    provisional = public.locator("[data-standings-rows] td.num:has(em)")
    expect(provisional).to_have_count(0)
    services.set_referee(alice, autumn, "bob", [])
    referee = Person(chromium, live_server.url, PHONE, errors)
    referee.log_in("bob")
    table = rnd.tables.get(number=1)
    envelope = hands.next_envelope(hands.table_setup(table, autumn), None)
    save_hand(referee, f"/e/{autumn.slug}/round/1/table/1/", "taruk2012", {**envelope, **tri_e1(envelope["seats"])})
    assert table.hands.count() == 1
    expect(provisional).to_have_count(4, timeout=15_000)
    play_tables(alice, rnd, bodies=(tri_e1,), numbers=[2])
    anonymous = client_for(None)
    expected = best_n_by_place([(slug, standings_of(anonymous, slug)) for slug in SLUGS], n=2)
    assert len(expected) == 12
    expect_ladder(public, expected, running="autumn-cup")
    assert public.evaluate("window.__notReloaded") is True
    assert any(not counted for values in expected.values() for _v, counted in values.values())  # some dropped

    # The page's ladder, as read: the PDF and the workbook give the same rows.
    page_rows = [
        [c.strip() for c in r.locator("td").all_inner_texts()] for r in public.locator("[data-standings-rows] tr").all()
    ]
    totals = [int(r[2]) for r in page_rows]
    assert totals == sorted(totals, reverse=True) and len(page_rows) == 12
    pdf = anonymous.get(f"/s/{series.slug}/ladder.pdf")
    assert pdf.status_code == 200
    _pages, text = pdf_text(pdf.content)
    for rank, who, total, *cells, played in page_rows:
        name, _, club = who.partition("\n")
        line = " ".join(x for x in (rank, name, club.strip(), total, *cells, played) if x)
        assert line in text, (line, text)
    sheet = load_workbook(io.BytesIO(anonymous.get(f"/s/{series.slug}/ladder.xlsx").content)).worksheets[0]
    read = [
        [str(r[0].value), r[1].value, r[2].value or "", str(r[3].value)]
        + [shown_in_workbook(c.value, c.number_format) for c in r[4:7]]
        + [str(r[7].value)]
        for r in sheet.iter_rows(min_row=2)
    ]
    assert read == [[rank, *who.split("\n"), total, *cells, played] for rank, who, total, *cells, played in page_rows]

    # The round's second hands and its close on the round page (the players' PINs not given: closed
    # anyway, with the reason) finish the event: the open ladder
    # shows the final places' points, nothing provisional, still without a reload.
    play_tables(alice, rnd)
    close_round_anyway(org, rnd, "the players left before confirming")
    expected = best_n_by_place([(slug, standings_of(anonymous, slug)) for slug in SLUGS], n=2)
    expect(provisional).to_have_count(0, timeout=15_000)
    expect_ladder(public, expected, running="")
    assert public.evaluate("window.__notReloaded") is True
    assert not errors, errors


def expect_ladder(public, expected: dict[str, dict[str, tuple[int, bool]]], running: str) -> None:
    """Each player's line of the open ladder page shows his expected total, event cells and events
    played, each within a poll's reach: a row already right (a player of a table entered before) says
    nothing of the next poll, so every row gets the whole wait (on a loaded PostgreSQL run the table
    entered last arrived after the five seconds the later rows once had)."""
    ids = dict(Player.objects.filter(name__in=list(expected)).values_list("name", "pk"))
    for name, values in expected.items():
        total = sum(value for value, counted in values.values() if counted)
        want = [re.compile(r"^\d+$"), re.compile(re.escape(name)), str(total)]
        want += [*expected_cells(values, running), str(len(values))]
        expect(public.locator(f"#p-{ids[name]} td")).to_have_text(want, timeout=20_000)
