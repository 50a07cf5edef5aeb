"""A correction on the referee's phone (375 px): the engine's arithmetic shows as he changes the
hand, before he saves, as it does on entry. taruk2012.md §8.1 E1 corrected from 48 to 30 card
points: lost, 30 -> 30, difference 5: G = -10 - 5 = -15, partner D -(15 + 5) / 2 = -10."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.conftest import enter_e1
from tournaments.models import Hand, Table


def test_the_correction_shows_the_engines_arithmetic_before_saving(running_event, bob, page):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    enter_e1(bob, table)
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/hands/1/")
    points = page.locator("#id_card_points")
    points.fill("")
    points.press_sequentially("30")
    preview = page.locator("#preview")
    expect(preview).to_contain_text("The engine scores this hand")
    expect(preview.locator("td")).to_have_text(["0", "-15", "0", "-10"])
    assert Hand.objects.get().input["card_points"] == 48  # nothing stored yet
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.fill("#id_reason", "recounted")
    page.locator("button[name=save]").click()
    expect(page.locator("ul.messages")).to_contain_text("Hand 1 corrected")
    assert Hand.objects.get().points == {"A": 0, "B": -15, "C": 0, "D": -10}
