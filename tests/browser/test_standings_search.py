"""The standings page's search on a phone finds names typed without accents (issue 22 item 6)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


@pytest.mark.parametrize(
    ("typed", "found"), [("cuk", "Janez Čuk"), ("juhasz", "Juhász Péter"), ("kovacs odon", "Kovács Ödön")]
)
def test_the_standings_search_finds_a_name_typed_without_accents(accented_event, page, typed, found):
    page.goto(page.base_url + f"/e/{accented_event.slug}/standings/")
    page.fill("[data-standings-search]", typed)
    rows = page.locator("[data-standings-rows] tr:visible")
    expect(rows).to_have_count(1)
    expect(rows).to_contain_text(found)
    expect(page.locator("[data-no-match]")).to_be_hidden()
