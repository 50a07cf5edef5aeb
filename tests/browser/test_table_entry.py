"""Real-browser tests in headless Debian Chromium (Playwright with executable_path; no browser download)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import log_in, tap, type_e1
from tournaments.models import Hand

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


def test_a_referee_enters_a_hand_on_a_phone_and_sees_the_arithmetic_first(running_event, bob, page):
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # no horizontal scroll
    type_e1(page)
    page.locator("#id_card_points").dispatch_event("change")
    # htmx swaps in the engine's preview before anything is saved (taruk2012.md §8.1 E1).
    page.wait_for_selector("#preview .breakdown")
    assert "(25 + 5) / 2 = 15" in page.inner_text("#preview")
    assert not Hand.objects.exists()
    page.locator("#entry button[type=submit]").click()
    page.wait_for_load_state()
    assert "Hand 1 saved" in page.inner_text("main")
    assert Hand.objects.get().points == {"A": 0, "B": 25, "C": 0, "D": 15}


def test_an_error_shows_next_to_the_field_in_the_preview(running_event, bob, page):
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    tap(page, "game", "tri")
    tap(page, "declarer", "C")  # not the forehand
    page.wait_for_selector("#preview .errorlist")
    assert "tri can only be played by the forehand" in page.inner_text("#preview")


def test_the_public_draw_page_fits_a_phone(running_event, page):
    page.goto(page.base_url + "/e/ljubljana-open/round/1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert page.locator(".tables .card").count() == 2
