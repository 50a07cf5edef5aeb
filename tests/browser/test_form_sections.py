"""A referee on a phone switches the game after filling a section (issue 11 item 8): the
section is hidden and cleared, and the hand saves (Taruk: a tri with trula becomes a berač,
"no bonuses in berač" must not block)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import chosen, log_in, tap, type_e1
from tournaments.models import Hand

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


def test_a_tri_with_trula_switched_to_berac_saves_on_a_phone(running_event, bob, page):
    log_in(page, "bob")
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    type_e1(page)
    bonuses = page.locator("details", has=page.locator("#id_b_trula"))  # open: the zapisnik's columns
    tap(page, "b_trula", "made")
    assert bonuses.is_visible()
    # The referee notices it was a berač: the bonuses go away, trula with them.
    tap(page, "game", "berac")
    tap(page, "won", "yes")
    assert not bonuses.is_visible()
    assert chosen(page, "b_trula") == ""  # back on "—"
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator("#entry button[type=submit]").click()
    page.wait_for_load_state()
    # What still blocks is visible, next to its field; the hidden bonuses do not.
    main = page.inner_text("main")
    assert "no bonuses" not in main
    assert page.locator(".has-error #id_card_points").is_visible()
    tap(page, "called_king", "")
    tap(page, "partner", "")
    page.fill("#id_card_points", "")
    page.locator("#entry button[type=submit]").click()
    page.wait_for_load_state()
    assert "Hand 1 saved" in page.inner_text("main")
    hand = Hand.objects.get()
    assert (hand.input["game"], hand.input["declarer"], hand.input.get("bonuses")) == ("berac", "B", None)
