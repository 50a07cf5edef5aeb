"""The round clock runs out on the referee's phone (375 px): the table page asks after which hand time was
up (taruk2012.md §7.2), and the hands up to it are still taken."""

from __future__ import annotations

from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import log_in
from tests.conftest import enter_e1, set_hands_per_round
from tournaments.models import Round, Table
from tournaments.tables import hands


def test_when_the_clock_runs_out_the_phone_asks_where_time_was_up(running_event, alice, bob, page):
    set_hands_per_round(running_event, 12)
    table = Table.objects.select_related("round__tournament").get(round__number=1, number=1)
    enter_e1(bob, table)
    enter_e1(bob, table)
    log_in(page, "bob")
    # Ten seconds left on the round's 75 minutes (set after the sign-in: a loaded machine takes seconds
    # to sign in, and the page must open before the clock runs out).
    Round.objects.filter(pk=table.round_id).update(started_at=timezone.now(), elapsed_seconds=75 * 60 - 10)
    page.goto(page.base_url + "/e/ljubljana-open/round/1/table/1/")
    prompt = page.locator("[data-time-up-prompt]")
    expect(prompt).to_be_hidden()
    expect(page.locator("#entry")).to_be_visible()
    # The clock reaches zero on the open page: the prompt shows, its form opens.
    expect(prompt).to_be_visible(timeout=30_000)
    expect(prompt).to_contain_text("Time is up: record after which hand.")
    over = "Time is up: finish the hand in progress, start no new one."
    expect(page.locator("[data-clock-state]")).to_have_text(over)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # no horizontal scroll
    page.fill("#id_after_hand", "3")
    page.locator("#time-up button").click()
    expect(page.locator("main")).to_contain_text("Table 1: time was up after hand 3.")
    table.refresh_from_db()
    assert table.time_up_after == 3
    # Hand 3, played in time and typed after the whistle, is still taken; then the table is done.
    expect(page.locator("#entry h2")).to_contain_text("Hand 3")
    enter_e1(bob, table)
    assert hands.progress_of(table).complete
    page.reload()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("time up after hand 3")
