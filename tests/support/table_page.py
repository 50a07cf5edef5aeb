"""The referee's table page as the tests drive it: its address, the entry form it renders, taruk2012.md
§8.1 E1 as a referee types it, and an ulti hand posted and previewed in a reader's language."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import Form, form
from tournaments.tables import hands
from tournaments.tables.handforms import form_class

BASE = "/e/ljubljana-open/round/1/table/{}/"
URL = BASE.format(1)
# taruk2012.md §8.1 E1 as a referee types it: hand 1, dealer A, forehand B declares tri, partner D.
E1_TYPED = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": "48"}
# E1: tri won with 48 -> 50, difference 15, G = 10 + 15 = 25; partner D (25 + 5) / 2 = 15.
E1_POINTS = {"A": 0, "B": 25, "C": 0, "D": 15}
# E1 as the form posts it, no kontra.
TRI = {**E1_TYPED, "game_kontra": "1"}


def post_hand(client: Any, table: int = 1, data: dict[str, str] = TRI) -> Any:
    """``data`` posted as the next hand of table ``table`` of round 1."""
    return client.post(BASE.format(table) + "hands/", data)


def entry_form(client: Any) -> Form:
    """The entry form of table 1's page."""
    return form(client.get(URL).content, "/hands/")


def in_language(user: Any, lang: str) -> Any:
    """A client signed in as ``user`` that reads the site in ``lang``."""
    client = client_for(user)
    client.cookies["django_language"] = lang
    return client


def parti_won(table: Any) -> dict[str, Any]:
    """The forehand plays a green parti and wins it with 60 card points (ulti-mausz.md §7 Example 1, no
    marriages): each defender pays the declarer 1."""
    setup = hands.table_setup(table, table.round.tournament)
    envelope = hands.next_envelope(setup, None)
    return {
        **envelope,
        "declarer": envelope["seats"][0],
        "bid": "parti",
        "trump": "zold",
        "play": {"declarer_tricks": 6, "declarer_card_points": 60, "marriages": [], "trump7_last_trick": None},
    }


def posted(hand: dict[str, Any], fields: dict[str, str]) -> dict[str, str]:
    """The ulti form's ``fields`` with ``hand`` typed into it."""
    typed = {k: ("on" if v is True else str(v)) for k, v in form_class("ulti-mausz").initial_from(hand).items()}
    return {**fields, **typed}


def preview_url(table: Any) -> str:
    """Where the table page asks for the preview of a hand."""
    return reverse("hand-preview", args=[table.round.tournament.slug, table.round.number, table.number])
