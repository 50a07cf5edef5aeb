"""Issue 16: a Taruk tri with partner entered by taps on a 375 px phone, with the engine's arithmetic
and the save button on the first screen all along."""

from __future__ import annotations

import pytest

from tests.browser.conftest import log_in, tap
from tournaments.models import Hand

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


def _on_screen(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def test_a_tri_with_partner_takes_four_inputs_and_a_save_on_a_phone(running_event, bob, chromium, live_server):
    page = chromium.new_page(viewport={"width": 375, "height": 812})
    page.base_url = live_server.url
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    page.locator("#entry").scroll_into_view_if_needed()
    # taruk2012.md §8.1 E1: the forehand B is preset as declarer; the referee taps the game, the
    # called king and the partner, and types the card points.
    tap(page, "game", "tri")
    assert _on_screen(page, ".entry-bar button[type=submit]")
    tap(page, "called_king", "hearts")
    tap(page, "partner", "D")
    page.fill("#id_card_points", "48")
    page.locator("#id_card_points").dispatch_event("change")
    page.wait_for_selector("#preview .breakdown")
    assert "(25 + 5) / 2 = 15" in page.inner_text("#preview")
    assert _on_screen(page, "#preview .preview")
    assert _on_screen(page, ".entry-bar button[type=submit]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not Hand.objects.exists()
    page.locator(".entry-bar button[type=submit]").click()
    page.wait_for_load_state()
    assert "Hand 1 saved" in page.inner_text("main")
    hand = Hand.objects.get()
    assert hand.points == {"A": 0, "B": 25, "C": 0, "D": 15}
    assert (hand.input["game"], hand.input["declarer"], hand.input["partner"]) == ("tri", "B", "D")
