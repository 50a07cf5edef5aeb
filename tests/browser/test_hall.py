"""The hall page on a projector (1280 x 800): everything at once, refreshed by polling, in the page's language."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.conftest import enter_e1
from tournaments.models import Table


def test_the_hall_shows_clock_standings_and_seating_at_once_and_refreshes_in_its_language(
    running_event, bob, page, settings
):
    settings.PUBLIC_CACHE_SECONDS = 0  # live.json answers fresh data at once
    page.set_viewport_size({"width": 1280, "height": 800})
    page.set_extra_http_headers({"Accept-Language": "hu"})
    page.goto(page.base_url + f"/e/{running_event.slug}/hall/")
    for area in (".hall-clock", ".hall-standings", ".hall-seating", ".hall-playing"):
        box = page.locator(area).bounding_box()
        assert box["y"] < 800 and box["x"] + box["width"] <= 1280, area  # on the screen without scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    assert "1. asztal: 0/2" in page.inner_text(".hall-playing")
    # A hand comes in; the next poll (every 5 s) redraws the list in Hungarian, not in the script's English.
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    expect(page.locator(".hall-playing")).to_contain_text("1. asztal: 1/2", timeout=15000)
    assert "Table" not in page.inner_text(".hall-seating")
