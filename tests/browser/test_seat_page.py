"""A player on his own phone (375 px): from his page to his seat, the table's totals updating by
themselves as the referee enters the last hand, then his confirmation with his PIN (issue 16)."""

from __future__ import annotations

from tests.support.taruk_hands import HAND2_SEATS, klop_b_full, tri
from tournaments.models import Confirmation, Table
from tournaments.tables import hands

# taruk2012.md §8.1: hand 1 klop, B over 35 card points: B -70; hand 2 tri by C with A, 48 card points,
# doubled by C's radelc: C 2 * 25 = 50, partner A 25.
TOTALS_AFTER_1 = {"A": 0, "B": -70, "C": 0, "D": 0}
TOTALS = {"A": 25, "B": -70, "C": 50, "D": 0}


def seat_totals(page) -> dict[str, int]:
    cells = page.locator(".seats-table tbody tr").all()
    return {row.locator(".pos").inner_text(): int(row.locator("td.num").inner_text()) for row in cells}


def test_a_player_opens_his_seat_from_his_page_and_confirms_with_his_pin(running_event, bob, page):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    hands.enter_hand(bob, table, klop_b_full())
    entry = table.seats.select_related("entry").get(position="C").entry
    page.goto(page.base_url + f"/e/{running_event.slug}/player/{entry.start_number}/")
    page.get_by_role("link", name="My seat: totals and confirmation").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/e/{running_event.slug}/round/1/table/1/seat/C/")
    assert seat_totals(page) == TOTALS_AFTER_1
    assert page.locator("#id_pin").count() == 0  # one hand still to play
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    # The referee enters the last hand: the page follows by itself and offers the PIN form.
    hands.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))
    page.wait_for_selector("#id_pin", timeout=30000)
    assert seat_totals(page) == TOTALS
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    page.fill("#id_pin", "0000" if entry.pin != "0000" else "1111")
    page.get_by_role("button", name="Confirm with my PIN").click()
    page.wait_for_load_state()
    assert "Wrong PIN for position C." in page.inner_text("#pin-error")
    assert not Confirmation.objects.exists()

    page.fill("#id_pin", entry.pin)
    page.get_by_role("button", name="Confirm with my PIN").click()
    page.wait_for_load_state()
    assert "Thank you: you confirmed the totals of table 1." in page.inner_text(".messages")
    assert "You confirmed these totals at" in page.inner_text("#confirm")
    assert page.url.endswith("/seat/C/")
    confirmation = Confirmation.objects.get(table=table)
    assert (confirmation.position, confirmation.totals) == ("C", TOTALS)
