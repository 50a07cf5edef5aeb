"""A season through the API alone (season.md §2, §5, §7, §8): a series created and set up, events
added, the ladder's JSON (answered from the public cache, moving with a hand of a running member
event), the final filled; and the ladder's PDF (landscape, a column per event) and workbook, which
read as the page's ladder does. The numbers are computed here from the events' published standings."""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from tests.conftest import client_for
from tests.pdf_text import overlapping, pdf_text, pdf_words
from tests.seasons_support import SEASON_PLAYERS, finished_event, new_event, play_tables, standings_of, tri_e1
from tournaments.models import AuditEntry, Seat
from tournaments.rounds import services as rounds
from tournaments.seasons.models import Series


def send(client, method, url, data=None):
    body = {} if data is None else {"data": json.dumps(data), "content_type": "application/json"}
    return getattr(client, method)(url, **body)


@pytest.fixture
def events(alice):
    """Two finished events (players 1-8, 3-10) and a third whose one round is running: one table has
    played one hand, the other, where a newcomer sits (Klemen or Lidija, players 11-12), none. The draw
    decides who sits where (it depends on the entries' ids, which a database's sequences make differ
    from run to run), so the table that plays is chosen after it."""
    spring = finished_event(alice, "Spring Cup", SEASON_PLAYERS[:8])
    summer = finished_event(alice, "Summer Cup", SEASON_PLAYERS[2:10])
    autumn = new_event(alice, "Autumn Cup", SEASON_PLAYERS[4:12])
    rnd = rounds.draw_round(alice, autumn)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    newcomers = {name for name, _club, _fid in SEASON_PLAYERS[10:12]}
    waiting = Seat.objects.filter(round=rnd, entry__player__name__in=newcomers).values_list("table__number", flat=True)
    play_tables(alice, rnd, bodies=(tri_e1,), numbers=[3 - waiting[0]])  # tables 1 and 2: the other one
    return spring, summer, autumn, rnd


def expected_totals(slugs) -> dict[str, Decimal]:
    """event_total, every result counts: a player's ranking points summed over the events."""
    totals: dict[str, Decimal] = {}
    for slug in slugs:
        for row in standings_of(client_for(None), slug):
            totals[row["name"]] = totals.get(row["name"], Decimal(0)) + row["ranking_points"]
    return totals


def test_a_season_through_the_api_alone(alice, charlie, events):
    spring, summer, autumn, rnd = events
    api = client_for(alice)
    refused = send(api, "post", "/api/series/", {"name": "Season 2026", "points": "event_total", "count": "best_n"})
    assert refused.status_code == 400
    assert [e["field"] for e in refused.json()["errors"]] == ["best_n"]
    assert not Series.objects.exists()
    created = send(api, "post", "/api/series/", {"name": "Season 2026", "points": "event_total", "is_public": True})
    assert created.status_code == 201, created.content
    slug = created.json()["slug"]
    assert slug == "season-2026"
    for event in (spring, summer, autumn):
        assert send(api, "post", f"/api/series/{slug}/events/", {"event": event.slug}).status_code == 201
    assert send(client_for(charlie), "patch", f"/api/series/{slug}/", {"points": "heine"}).status_code == 403
    twice = send(api, "post", f"/api/series/{slug}/events/", {"event": spring.slug})
    assert twice.status_code == 400 and twice.json()["errors"][0]["field"] == "event"

    public = client_for(None)
    ladder = public.get(f"/api/series/{slug}/ladder/").json()
    assert [e["slug"] for e in ladder["events"]] == ["spring-cup", "summer-cup", "autumn-cup"]
    assert [e["provisional"] for e in ladder["events"]] == [False, False, True]
    totals = {line["name"]: Decimal(str(line["total"])) for line in ladder["ladder"]}
    # The running event's idle table has not begun: its players have no result there yet (§2.2), and
    # those who played no other event are not on the ladder.
    idle = rnd.tables.filter(hands__isnull=True).get().number
    waiting = set(Seat.objects.filter(round=rnd, table__number=idle).values_list("entry__player__name", flat=True))
    played_before = set(expected_totals(["spring-cup", "summer-cup"]))
    expected = expected_totals(["spring-cup", "summer-cup", "autumn-cup"])
    assert waiting - played_before  # Klemen or Lidija waits at the idle table
    assert totals == {name: total for name, total in expected.items() if name not in waiting - played_before}
    # A hand at the running event's idle table: the ladder's JSON (kept by the public cache) moves at once.
    before = public.get(f"/api/series/{slug}/ladder/")
    assert before.content == ladder_bytes(public, slug)  # the kept copy while nothing changed
    play_tables(alice, rnd, bodies=(tri_e1,), numbers=[idle])
    after = public.get(f"/api/series/{slug}/ladder/").json()
    assert after != ladder
    totals = {line["name"]: Decimal(str(line["total"])) for line in after["ladder"]}
    assert totals == expected_totals(["spring-cup", "summer-cup", "autumn-cup"])

    # Weights and settings by PATCH; a wrong one names its field and changes nothing.
    bad = send(api, "patch", f"/api/series/{slug}/events/summer-cup/", {"weight": 0})
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "weight"
    assert send(api, "patch", f"/api/series/{slug}/events/summer-cup/", {"weight": 0.5}).status_code == 200
    halved = {
        line["name"]: Decimal(str(line["total"])) for line in public.get(f"/api/series/{slug}/ladder/").json()["ladder"]
    }
    spring_totals, summer_totals = expected_totals(["spring-cup"]), expected_totals(["summer-cup"])
    autumn_totals = expected_totals(["autumn-cup"])
    for name, total in halved.items():
        want = spring_totals.get(name, 0) + summer_totals.get(name, 0) * Decimal("0.5") + autumn_totals.get(name, 0)
        assert total == want, name
    actions = list(AuditEntry.objects.filter(series__slug=slug).order_by("id").values_list("action", flat=True))
    assert actions == ["series.created", *["series.event_added"] * 3, "series.event_changed"]


def ladder_bytes(client, slug):
    return client.get(f"/api/series/{slug}/ladder/").content


def test_the_final_is_filled_and_a_decline_moves_the_next_up_through_the_api(alice, events):
    spring, summer, _autumn, _rnd = events
    masters = new_event(alice, "Masters", [])
    api = client_for(alice)
    slug = send(api, "post", "/api/series/", {"name": "Cup", "points": "event_total"}).json()["slug"]
    for event in (spring, summer, masters):
        send(api, "post", f"/api/series/{slug}/events/", {"event": event.slug})
    missing = send(api, "patch", f"/api/series/{slug}/", {"final": "masters"})
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "final_places"
    ladder = api.get(f"/api/series/{slug}/ladder/").json()["ladder"]
    totals = expected_totals(["spring-cup", "summer-cup"])
    assert [Decimal(str(line["total"])) for line in ladder] == sorted(totals.values(), reverse=True)
    # The events' results depend on the draw (entry ids differ between databases and runs), and a tie
    # across the cut is settled by lot (season.md §7.2, ties_at_cut "lot"): the places are the first
    # number from 3 whose cut, before and after the decline below, falls between two ranks.
    rank = [line["rank"] for line in ladder]
    k = next(k for k in range(3, len(ladder) - 1) if rank[k - 1] != rank[k] != rank[k + 1])
    assert send(api, "patch", f"/api/series/{slug}/", {"final": "masters", "final_places": k}).status_code == 200
    filled = send(api, "post", f"/api/series/{slug}/final/fill/").json()
    top = [line["name"] for line in ladder[:k]]
    assert [p["name"] for p in filled["entered"]] == top
    assert sorted(masters.entries.values_list("player__name", flat=True)) == sorted(top)
    declined = send(api, "post", f"/api/series/{slug}/final/decline/", {"player": ladder[1]["player"], "reason": "ill"})
    moved_up = [top[0], *top[2:], ladder[k]["name"]]  # the next on the ladder takes the place
    assert [p["name"] for p in declined.json()["entered"]] == moved_up
    assert sorted(masters.entries.values_list("player__name", flat=True)) == sorted(moved_up)


def test_the_ladder_pdf_and_workbook_read_as_the_page(alice, events):
    spring, summer, autumn, _rnd = events
    api = client_for(alice)
    slug = send(
        api,
        "post",
        "/api/series/",
        {"name": "Season 2026", "points": "event_total", "is_public": True, "count": "best_n", "best_n": 1},
    ).json()["slug"]
    for event in (spring, summer, autumn):
        send(api, "post", f"/api/series/{slug}/events/", {"event": event.slug})
    public = client_for(None)
    ladder = public.get(f"/api/series/{slug}/ladder/").json()["ladder"]
    pdf = public.get(f"/s/{slug}/ladder.pdf")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(pdf.content)).pages[0]
    assert page.mediabox.width > page.mediabox.height  # landscape
    words = pdf_words(pdf.content)
    assert words is None or not overlapping(words)  # no head printed over its neighbour
    _pages, text = pdf_text(pdf.content)
    for line in ladder:
        assert line["name"] in text
    assert "Spring Cup" in text and "Summer Cup" in text and "Autumn Cup" in text
    dropped = [r for line in ladder for r in line["results"].values() if not r["counted"] and r["points"] is not None]
    assert dropped and "(" in text  # best 1 of 3: the others in brackets
    workbook = load_workbook(io.BytesIO(public.get(f"/s/{slug}/ladder.xlsx").content))
    sheet = workbook.worksheets[0]
    header = [c.value for c in sheet[1]]
    assert header[:4] == ["Rank", "Player", "Club", "Total"] and header[4:7] == [
        "1. Spring Cup",
        "2. Summer Cup",
        "3. Autumn Cup",
    ]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1], Decimal(str(r[3]))) for r in rows] == [
        (line["rank"], line["name"], Decimal(str(line["total"]))) for line in ladder
    ]
    for r, line in zip(rows, ladder, strict=True):
        for value, event in zip(r[4:7], ("spring-cup", "summer-cup", "autumn-cup"), strict=True):
            result = line["results"].get(event)
            assert (value is None) == (result is None or result["points"] is None)
            if value is not None:
                assert Decimal(str(value)) == Decimal(str(result["points"]))
    # In the series' language, whoever asks: a Slovenian series' workbook speaks Slovenian.
    assert send(api, "patch", f"/api/series/{slug}/", {"language": "sl"}).status_code == 200
    sheet = load_workbook(io.BytesIO(public.get(f"/s/{slug}/ladder.xlsx").content)).worksheets[0]
    assert [c.value for c in sheet[1]][:4] == ["Mesto", "Igralec", "Klub", "Skupaj"]
