"""Searching without accents and sorting by the event language's alphabet (issue 22 item 6): "cuk"
finds Čuk, "juhasz" Juhász, "kovacs odon" Kovács Ödön on "Where do I sit?", the players page and the
API; the lists by name go by surname, Slovenian putting Č after C and Ž after Z, Hungarian reading
cs, gy, sz, zs as letters."""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tests.html_forms import form_with
from tournaments.events import services
from tournaments.rounds import services as rounds


def _searched(client, page_url: str, field: str, typed: str) -> str:
    """GET the page, type into its search form and send the form as rendered (GET): the answer's text."""
    page = client.get(page_url)
    assert page.status_code == 200
    found = form_with(page.content, field)
    assert found.method == "get"
    response = client.get(found.action or page_url, found.data(**{field: typed}))
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("typed", "found"), [("cuk", "Janez Čuk"), ("juhasz", "Juhász Péter"), ("kovacs odon", "Kovács Ödön")]
)
def test_where_do_i_sit_finds_a_name_typed_without_accents(accented_event, typed, found):
    html = _searched(client_for(None), f"/e/{accented_event.slug}/seat/", "q", typed)
    assert found in html
    assert re.search(r"Table\s*\d|Miza\s*\d", html), "the answer names the table"


@pytest.mark.parametrize(
    ("typed", "found"), [("CUK", "Janez Čuk"), ("juhasz", "Juhász Péter"), ("kovacs odon", "Kovács Ödön")]
)
def test_the_players_page_finds_a_name_typed_without_accents(accented_event, alice, typed, found):
    html = _searched(client_for(alice), f"/e/{accented_event.slug}/manage/players/", "q", typed)
    assert found in html
    # Only the match is listed: another player is not.
    assert "Marta Cerar" not in html


def test_the_api_lookup_finds_a_name_typed_without_accents(accented_event):
    response = client_for(None).get(f"/api/events/{accented_event.slug}/seats/", {"q": "kovacs odon"})
    assert response.status_code == 200
    assert [r["name"] for r in response.json()] == ["Kovács Ödön"]


def test_the_seating_list_goes_by_surname_in_slovenian_order(accented_event):
    """Slovenian alphabet: … C, Č, D … S, Š, T … Z, Ž; the surname is the last word ("Janez Čuk"),
    or the first where the name has a comma; the Hungarian names of this event read as written."""
    html = client_for(None).get(f"/e/{accented_event.slug}/round/1/seating/").content.decode()
    expected = [
        "Marta Cerar",  # Cerar
        "Janez Čuk",  # Čuk: after C
        "Kovács Ödön",  # Ödön (a Slovenian event reads the last word as the surname): Ö sorts with O
        "Juhász Péter",  # Péter
        "Tina Suhadolnik",  # Suhadolnik
        "Peter Šuštar",  # Šuštar: after S
        "Janez Zupan",  # Zupan
        "Ana Žagar",  # Žagar: after Z
    ]
    assert sorted(expected, key=html.index) == expected


def test_a_hungarian_event_lists_by_surname_first_with_its_digraphs(event, alice):
    """Hungarian writes the surname first; cs follows c, sz follows s, zs follows z (ICU's "hu")."""
    for name in ("Zsigmond Anna", "Szabó Éva", "Csonka Béla", "Cukor Ödön", "Sándor Ferenc", "Zoltán Imre"):
        services.register_player(alice, event, name=name, club="")
    services.update_tournament(alice, event, language="hu", draw_seed="hu")
    rounds.publish_draw(alice, rounds.draw_round(alice, event))
    html = client_for(None).get(f"/e/{event.slug}/round/1/seating/").content.decode()
    expected = ["Cukor Ödön", "Csonka Béla", "Sándor Ferenc", "Szabó Éva", "Zoltán Imre", "Zsigmond Anna"]
    assert sorted(expected, key=html.index) == expected
