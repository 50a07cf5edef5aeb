"""The language switch keeps the page's query: shared public pages never hold a visitor's query string
(tournaments/public/cache.py), so static/js/actions.js adds it when the switch is sent."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

# What the page is (markup, layout, scripts): no database can change it, so CI's PostgreSQL pass leaves it out.
pytestmark = pytest.mark.page_only


def test_switching_language_on_the_standings_keeps_the_players_own_row(running_event, page):
    url = f"/e/{running_event.slug}/standings/?me=3"
    page.goto(page.base_url + url)
    page.select_option("select[name=language]", "hu")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page).to_have_url(re.compile(re.escape(url) + "$"))
