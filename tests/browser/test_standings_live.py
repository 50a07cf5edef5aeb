"""The standings page follows the event without a reload: it polls live.json as the hall does."""

from __future__ import annotations

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
    page.wait_for_function(
        """([name, text]) => [...document.querySelectorAll('[data-standings-rows] tr')].some(tr =>
             tr.innerText.includes(name) && tr.innerText.includes(text) && tr.innerText.includes('provisional'))""",
        arg=[declarer, expected],
        timeout=15000,
    )
    assert page.evaluate("window.__notReloaded") is True
