"""The standings page follows the event without a reload: it polls live.json as the hall does."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.conftest import enter_e1
from tournaments.models import Table


def test_the_standings_page_updates_in_place_after_a_hand_is_entered(running_event, bob, page, settings):
    settings.PUBLIC_CACHE_SECONDS = 0  # live.json answers fresh data at once
    page.goto(page.base_url + f"/e/{running_event.slug}/standings/")
    page.evaluate("window.__notReloaded = true")
    assert "*" not in page.inner_text("[data-standings-rows]")
    table = Table.objects.get(round__tournament=running_event, number=1)
    hand = enter_e1(bob, table)
    s = hand.input["seats"]
    declarer = table.seats.get(position=s[0]).entry.player.name
    # The next poll (every 5 s) redraws the rows: the declarer's running game points, marked provisional.
    expected = f"{hand.points[s[0]]}*"
    row = page.locator("[data-standings-rows] tr", has_text=declarer)
    expect(row).to_contain_text(expected, timeout=15000)
    expect(row).to_contain_text("provisional")
    assert page.evaluate("window.__notReloaded") is True


def test_a_player_finds_his_row_on_a_phone(running_event, page):
    """Opened from his player page (?me=<start number>) his row is marked and in view; the search
    keeps only the rows that match; "My row" brings his row back."""
    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(page.base_url + f"/e/{running_event.slug}/standings/")
    assert page.locator("[data-standings-search]").is_visible() and not page.locator("[data-my-row]").is_visible()
    me = running_event.entries.get(player__name="Player 7")
    page.goto(page.base_url + f"/e/{running_event.slug}/standings/?me={me.start_number}#p-{me.start_number}")
    row = page.locator("tr.me")
    assert row.count() == 1 and "Player 7" in row.inner_text()
    assert page.evaluate(
        "(() => { const r = document.querySelector('tr.me').getBoundingClientRect();"
        " return r.top >= -1 && r.bottom <= innerHeight + 1; })()"
    )
    page.fill("[data-standings-search]", "player 3")
    visible = [t for t in page.locator("[data-standings-rows] tr").all() if t.is_visible()]
    assert [t.inner_text().split(" #")[0].split("\t")[-1] for t in visible] == ["Player 3"]
    page.fill("[data-standings-search]", "nobody here")
    assert page.locator("[data-no-match]").is_visible()
    page.click("[data-my-row]")
    assert page.locator("tr.me").is_visible() and page.input_value("[data-standings-search]") == ""
