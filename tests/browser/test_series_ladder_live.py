"""The public ladder of a series follows its running member event on a phone without a reload
(season.md §8): a hand entered at a table that had not begun puts its players on the ladder, marked
provisional, within one poll."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.seasons_support import SEASON_PLAYERS, finished_event, new_event, play_tables, tri_e1
from tournaments.models import Seat
from tournaments.rounds import services as rounds
from tournaments.seasons import services


def test_the_public_ladder_updates_in_place_after_a_hand(alice, page, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    series = services.create_series(alice, name="Season 2026", points="event_total", is_public=True)
    services.add_event(alice, series, finished_event(alice, "Spring Cup", SEASON_PLAYERS[:8]))
    autumn = new_event(alice, "Autumn Cup", SEASON_PLAYERS[4:12])
    services.add_event(alice, series, autumn)
    rnd = rounds.draw_round(alice, autumn, method="ladder_groups")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    play_tables(alice, rnd, bodies=(tri_e1,), numbers=[1])
    # A player of table 2 who played no other event: not on the ladder until his table plays.
    waiting = [
        name
        for name in Seat.objects.filter(round=rnd, table__number=2).values_list("entry__player__name", flat=True)
        if name in {p[0] for p in SEASON_PLAYERS[8:12]}
    ]
    assert waiting
    page.goto(page.base_url + f"/s/{series.slug}/")
    page.evaluate("window.__notReloaded = true")
    rows = page.locator("[data-standings-rows]")
    expect(rows).not_to_contain_text(waiting[0])
    play_tables(alice, rnd, bodies=(tri_e1,), numbers=[2])
    row = page.locator("[data-standings-rows] tr", has_text=waiting[0])
    expect(row).to_have_count(1, timeout=15000)
    expect(row.locator("em")).to_have_count(1)  # his one result, provisional (12*)
    assert page.evaluate("window.__notReloaded") is True
