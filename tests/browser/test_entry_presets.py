"""Issue 16: presets on the phone (scoring.entry.Preset, static/js/handform.js): the usual value is
filled in as soon as it applies, the referee's own choice is never overwritten, and a long bid list
shows its common bids as chips with the rest folded away."""

from __future__ import annotations

import pytest

from tests.browser.conftest import chosen, log_in, tap
from tests.tournaments.variant_tables import running_table, table_url
from tournaments.models import Hand


@pytest.fixture
def phone(chromium, live_server):
    page = chromium.new_page(viewport={"width": 375, "height": 812})
    page.base_url = live_server.url
    log_in(page, "bob")
    return page


def test_a_40_100_presets_the_declarers_trump_40_and_keeps_the_referees_choice(alice, bob, phone):
    table = running_table(alice, "ulti-mausz")
    page = phone
    page.goto(page.base_url + table_url(table))
    # The common bids are chips; the others are folded under "more choices".
    assert page.locator("label.chip:has(input[name='bid'][value='40-100'])").is_visible()
    rare = page.locator("label.chip:has(input[name='bid'][value='szintelen_teritett_durchmars'])")
    assert not rare.is_visible()
    page.locator("details.more-chips > summary").click()
    assert rare.is_visible()
    # ulti-mausz.md §2 row 3: 40-100 in zöld by B, 6 tricks, 60 card points + the trump 40 = 100:
    # 4 per defender.
    tap(page, "bid", "40-100")
    tap(page, "trump", "zold")
    assert chosen(page, "m_zold") == ""  # no declarer yet: nothing to preset
    tap(page, "declarer", "B")
    assert chosen(page, "m_zold") == "B"
    tap(page, "declarer", "C")  # the preset follows the declarer ...
    assert chosen(page, "m_zold") == "C"
    tap(page, "trump", "tok")  # ... and the trump: the zöld 40 is taken back, the tök one put
    assert (chosen(page, "m_zold"), chosen(page, "m_tok")) == ("", "C")
    tap(page, "m_tok", "A")  # the referee's own choice stays whatever changes after it
    tap(page, "declarer", "B")
    assert chosen(page, "m_tok") == "A"
    tap(page, "m_tok", "B")
    tap(page, "bid", "parti")  # a parti presets nothing, and a touched field keeps its value
    assert chosen(page, "m_tok") == "B"
    tap(page, "bid", "40-100")
    page.fill("[name='declarer_tricks']", "6")
    page.fill("[name='declarer_card_points']", "60")
    page.locator("[name='declarer_card_points']").dispatch_event("change")
    page.wait_for_timeout(400)
    page.locator(".entry-bar button[type=submit]").click()
    page.wait_for_load_state()
    assert Hand.objects.get().points == {"A": -4, "B": 8, "C": -4}


def test_a_laza_bid_presets_made_and_its_result_waits_for_the_bid(alice, bob, phone):
    table = running_table(alice, "tarokk-laza")  # the samples' point table
    page = phone
    page.goto(page.base_url + table_url(table))
    result = page.locator("fieldset:has(input[name='attack_1_result'])")
    assert not result.is_visible()  # no bid on the line, no result to give
    page.select_option("select[name='attack_1']", "kassza")
    assert result.is_visible() and chosen(page, "attack_1_result") == "made"
    tap(page, "attack_1_result", "failed")
    page.select_option("select[name='attack_1']", "trul")  # the referee's "failed" stays
    assert chosen(page, "attack_1_result") == "failed"
    page.select_option("select[name='defence_1']", "kassza")
    assert chosen(page, "defence_1_result") == "made"
    page.select_option("select[name='defence_1']", "")  # the bid taken back takes its preset back
    assert (
        chosen(page, "defence_1_result") == ""
        and not page.locator("fieldset:has(input[name='defence_1_result'])").is_visible()
    )
    page.select_option("select[name='defence_1']", "kassza")
    page.wait_for_timeout(400)
    page.locator(".entry-bar button[type=submit]").click()
    page.wait_for_load_state()
    # tarokk-laza.md §3.1 with the samples' point table: the attack's trul failed -10, the
    # defence's kassza made +30 (not zero-sum).
    assert Hand.objects.get().points == {"A": -10, "B": 30, "C": 30, "D": -10}
