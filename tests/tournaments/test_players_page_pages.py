"""The organizer's players page a page at a time (issue 25): a 1,024-player event shows its players in pages
of ``PLAYERS_PAGE_SIZE`` rows (here 3, so that seven players make three pages), the pages linked both ways,
the search looking through every player, and a player added from the page's form shown on the page his row
is on."""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tests.html_forms import submit
from tournaments.events import registration_views, services


@pytest.fixture
def seven(event, alice, monkeypatch):
    monkeypatch.setattr(registration_views, "PLAYERS_PAGE_SIZE", 3)
    for i in range(1, 8):
        services.register_player(alice, event, name=f"Igralec {i}", club="TK Bled" if i == 7 else "TK Test")
    return event


def _rows(html: str) -> list[int]:
    """The start numbers of the rows shown, in order."""
    return [int(n) for n in re.findall(r'<tr id="entry-(\d+)">', html)]


def _link(html: str, rel: str) -> str | None:
    found = re.search(rf'<a href="([^"]+)" rel="{rel}">', html)
    return found and found.group(1).replace("&amp;", "&")


def test_the_pages_show_every_player_once_in_start_order_and_link_both_ways(seven, alice):
    client, url = client_for(alice), f"/e/{seven.slug}/manage/players/"
    html = client.get(url).content.decode()
    assert _rows(html) == [1, 2, 3]
    assert "7 players" in html
    assert "Page 1 of 3" in html
    assert _link(html, "prev") is None
    seen = _rows(html)
    while (following := _link(html, "next")) is not None:
        html = client.get(url + following).content.decode()
        seen += _rows(html)
    assert seen == [1, 2, 3, 4, 5, 6, 7]
    assert "Page 3 of 3" in html
    assert _rows(client.get(url + _link(html, "prev")).content.decode()) == [4, 5, 6]


def test_a_page_past_the_last_shows_the_last_and_junk_shows_the_first(seven, alice):
    client, url = client_for(alice), f"/e/{seven.slug}/manage/players/"
    assert _rows(client.get(url, {"page": "99"}).content.decode()) == [7]
    assert _rows(client.get(url, {"page": "x"}).content.decode()) == [1, 2, 3]


def test_the_search_looks_through_every_page_and_its_pages_keep_the_query(seven, alice):
    client, url = client_for(alice), f"/e/{seven.slug}/manage/players/"
    html = client.get(url, {"q": "Bled"}).content.decode()
    assert _rows(html) == [7], "the club of the last page's player is found from page 1"
    html = client.get(url, {"q": "igralec"}).content.decode()
    assert _rows(html) == [1, 2, 3]
    assert _link(html, "next") == "?page=2&q=igralec"


def test_a_player_added_on_the_page_is_shown_on_the_page_his_row_is_on(seven, alice):
    client, url = client_for(alice), f"/e/{seven.slug}/manage/players/"
    response = submit(client, url, "name", {"name": "Igralec 8", "club": "TK Test"})
    assert response.status_code == 302
    assert response.url == url + "?page=3"
    html = client.get(response.url).content.decode()
    assert _rows(html) == [7, 8]
    assert "Igralec 8 entered as number 8." in html
