"""The hall on a 1920 x 1080 projector (issue 22): no site header, text read from the back of the hall,
columns as tall as the screen, no empty "Tables still playing" box, and the order of tied players said."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tournaments.events import services

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


def _open(page, event):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(page.base_url + f"/e/{event.slug}/hall/")


def test_the_hall_fills_a_full_hd_projector_with_large_text_and_no_site_header(running_event, page):
    _open(page, running_event)
    expect(page.locator(".topbar")).to_be_hidden()
    assert page.evaluate("parseFloat(getComputedStyle(document.querySelector('.hall-standings td')).fontSize)") >= 24
    for area in (".hall-standings", ".hall-seating"):
        box = page.locator(area).bounding_box()
        assert box["y"] < 40 and box["y"] + box["height"] >= 1000, area  # top to bottom of the screen
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080  # nothing to scroll on a wall
    # Equal players: the hall says which criteria order them.
    order = page.locator("[data-hall-order]")
    expect(order).to_contain_text("Ranking points → Game points")


def test_the_hall_shows_no_empty_tables_still_playing_box(event, alice, page):
    for i in range(1, 9):
        services.register_player(alice, event, name=f"Player {i}", club="TK Test")
    _open(page, event)  # no round yet: no table is playing
    expect(page.locator(".hall-playing")).to_be_hidden()
    expect(page.locator(".hall-standings")).to_be_visible()
