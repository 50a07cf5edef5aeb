"""The hall on a 1280 x 800 projector pages through long lists and its clock ticks every second (issue 11 item 14)."""

from __future__ import annotations

from playwright.sync_api import expect

from tournaments.events import services
from tournaments.rounds import services as rounds


def test_the_hall_turns_pages_of_a_long_standings_and_its_clock_ticks(event, alice, page, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    for i in range(1, 41):
        services.register_player(alice, event, name=f"Player {i:02d}", club="TK Test")
    rnd = rounds.draw_round(alice, event, seed="hall")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(page.base_url + f"/e/{event.slug}/hall/?turn=2")

    # The clock changes within 2 s without a poll (polls come every 5 s).
    first = page.inner_text("[data-hall-clock]")
    expect(page.locator("[data-hall-clock]")).not_to_have_text(first, timeout=2000)

    # Forty rows do not fit under the standings' heading: a page of what fits, then the next one.
    # One snapshot in the page (the page may turn between two calls from here).
    shown, bottom, label, number = page.evaluate("""() => {
        const rows = Array.from(document.querySelectorAll('[data-standings] tr')).filter(r => r.offsetParent);
        return [rows.map(r => r.innerText), Math.max(...rows.map(r => r.getBoundingClientRect().bottom)),
                document.querySelector("[data-page-label='standings']").innerText,
                document.querySelector('[data-standings]').dataset.page];
    }""")
    assert 5 < len(shown) < 40
    assert bottom <= 800  # every shown row is on the screen
    assert page.evaluate("document.documentElement.scrollHeight") <= 800  # no scrolling on a projector
    assert label.endswith(("/3", "/4"))
    visible = "Array.from(document.querySelectorAll('[data-standings] tr')).filter(r => r.offsetParent)"
    assert label.startswith(number + "/")
    # Within a turn (2 s here) the next page shows other rows.
    expect(page.locator("[data-standings]")).not_to_have_attribute("data-page", number, timeout=4000)
    second = page.evaluate(f"{visible}.map(r => r.innerText)")
    assert second and not set(second) & set(shown)
