"""Every variant's pages on a 375 px phone, at its largest table: no horizontal scroll.

The referee's table page (seats, totals, hands with their breakdown, the entry form) and the
public draw, standings and hall pages, and a player's own seat page. Same browser setup as test_table_entry.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from scoring.registry import VARIANTS
from tests.browser.conftest import log_in
from tests.conftest import enter_e1
from tests.samples import sample_config, samples_of
from tests.support.events import new_event
from tournaments.events import services
from tournaments.models import Table
from tournaments.rounds import services as rounds
from tournaments.tables import hands

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only

PHONE = 375


def widest(page, url: str) -> int:
    page.goto(page.base_url + url)
    page.wait_for_load_state()
    return page.evaluate("document.documentElement.scrollWidth")


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_variants_pages_fit_a_phone_at_the_largest_table(key, alice, bob, page):
    variant = VARIANTS[key]
    seats = variant.plan.max_seats
    config = sample_config(key)
    event = new_event(
        alice, f"{key}-phone", key, name="Nemzetközi Tarokk Bajnokság Budapest", table_size=seats, config=config
    )
    services.set_referee(alice, event, "bob", [])
    for i in range(seats):
        services.register_player(
            alice,
            event,
            name=f"Kovács-Szabó Eleonóra Krisztina {i}",
            club="Budapesti Tarokk és Ulti Egyesület",
            team=f"Pár {i // 2}",
        )
    rnd = rounds.draw_round(alice, event, seed="phone")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    table = Table.objects.get(round=rnd, number=1)
    assert table.seats.count() == seats
    log_in(page, "bob")
    base = f"/e/{event.slug}"
    pages = (f"{base}/round/1/table/1/", f"{base}/round/1/table/1/seat/A/", f"{base}/round/1/", f"{base}/standings/")
    for url in (*pages, f"{base}/hall/"):
        assert widest(page, url) <= PHONE, url
    # With a hand in, the hands list and its breakdown show too.
    hands.enter_hand(bob, table, first_hand(key, table))
    assert widest(page, f"{base}/round/1/table/1/") <= PHONE


def first_hand(key: str, table: Table) -> dict:
    """A sample hand (tests.samples) for this table's first deal."""
    positions = sorted(table.seats.values_list("position", flat=True))
    return samples_of(key).random_hand_sequence(random.Random(key), 1, positions, table.first_dealer)[0]


def test_the_audit_log_is_an_entry_a_block_on_a_phone_not_a_table_to_scroll_sideways(running_event, alice, bob, page):
    """At 375 px the log's six columns do not fit: each entry is a block, its round, table and hand
    labelled, and nothing in the log scrolls sideways."""
    table = running_event.round_set.get(number=1).tables.get(number=1)
    enter_e1(bob, table)
    log_in(page, "alice")
    page.goto(f"{page.base_url}/e/{running_event.slug}/manage/audit/")
    log = page.locator("main .scroll")
    assert log.evaluate("box => box.scrollWidth <= box.clientWidth")
    entry = page.locator("table.audit tbody tr").first
    expect(entry.locator("td[data-label]").first).to_be_visible()
    assert (
        entry.locator("td[data-label]").first.evaluate("td => getComputedStyle(td, '::before').content") == '"Round "'
    )
