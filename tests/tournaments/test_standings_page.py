"""The public standings page: translated column heads in tie-break order, each column its own
values (computed here by hand), the lot shown with its seed, running points marked provisional."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tournaments.events import services
from tournaments.models import Hand, Round, Seat, Table

# Round 1, two hands a table, closed. Points per hand (the same twice): table 1 ends 40, 20, -20, -40;
# table 2 ends 40, 20, -10, -50. Ranking points (taruk2012.md §6): 2, 1.5, 1, 0.5 at each table.
HAND_POINTS = {1: {"A": 20, "B": 10, "C": -10, "D": -20}, 2: {"A": 20, "B": 10, "C": -5, "D": -25}}


@pytest.fixture
def played(event, alice):
    services.update_tournament(alice, event, hands_per_round=2, draw_seed="page-seed")
    entries = [services.register_player(alice, event, name=f"Player {i}", club="TK") for i in range(1, 9)]
    rnd = Round.objects.create(tournament=event, number=1, status=Round.Status.CLOSED, seed="r1")
    for number in (1, 2):
        table = Table.objects.create(round=rnd, number=number)
        for i, position in enumerate("ABCD"):
            Seat.objects.create(round=rnd, table=table, position=position, entry=entries[(number - 1) * 4 + i])
        for hand_no, dealer in ((1, "A"), (2, "B")):
            Hand.objects.create(
                table=table, number=hand_no, dealer=dealer, input={}, points=HAND_POINTS[number], rules_version="test"
            )
    return event


def columns(html: str) -> tuple[list[str], dict[str, list[str]]]:
    """(header texts, player name -> cell texts) of the standings table."""
    table = re.search(r'<table class="grid standings">(.*?)</table>', html, re.S).group(1)

    def text(cell: str) -> str:
        return unescape(re.sub(r"<[^>]+>", "", cell)).strip()

    heads = [text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)]
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.split("<tbody", 1)[1], re.S):
        cells = [text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        rows[cells[1].split(" #")[0]] = cells
    return heads, rows


def test_the_standings_page_heads_every_metric_in_words_in_tie_break_order(played):
    html = client_for(None).get(reverse("standings", args=[played.slug])).content.decode()
    heads, _ = columns(html)
    assert heads[-5:] == ["Ranking points", "Game points", "Head to head", "Table wins", "Lot"]
    assert "ranking_points" not in heads and "lot" not in heads
    assert "Order: Ranking points → Game points → Head to head → Table wins → Lot." in html


def test_the_standings_page_heads_are_translated(played):
    client = client_for(None)
    client.post("/i18n/setlang/", {"language": "hu", "next": "/"})
    html = client.get(reverse("standings", args=[played.slug])).content.decode()
    heads, _ = columns(html)
    assert heads[-5:-1] == ["Helyezési pont", "Játékpont", "Egymás elleni", "Asztalgyőzelem"]


def test_each_standings_column_shows_its_own_metric(played):
    _, rows = columns(client_for(None).get(reverse("standings", args=[played.slug])).content.decode())
    col = {"rp": -5, "gp": -4, "h2h": -3, "tw": -2, "lot": -1}
    # Game points by hand: two hands of HAND_POINTS each.
    expected_gp = {
        "Player 1": 40,
        "Player 2": 20,
        "Player 3": -20,
        "Player 4": -40,
        "Player 5": 40,
        "Player 6": 20,
        "Player 7": -10,
        "Player 8": -50,
    }
    for name, gp in expected_gp.items():
        assert rows[name][col["gp"]] == str(gp), name
    # Table wins: the top of each table.
    for name in expected_gp:
        assert rows[name][col["tw"]] == ("1" if name in ("Player 1", "Player 5") else "0"), name
    # Head to head among players tied on ranking and game points: 1 & 5 (2, 40) and 2 & 6 (1.5, 20)
    # never met, so 0 meetings won; nobody else is tied, so no value.
    for name in expected_gp:
        tied = name in ("Player 1", "Player 5", "Player 2", "Player 6")
        assert rows[name][col["h2h"]] == ("0" if tied else ""), name
    assert rows["Player 2"][col["rp"]] == "1.5" and rows["Player 8"][col["rp"]] == "0.5"


def test_the_lot_between_tied_players_is_shown_with_its_seed(played):
    html = client_for(None).get(reverse("standings", args=[played.slug])).content.decode()
    _, rows = columns(html)
    lots = sorted(rows[name][-1] for name in ("Player 1", "Player 5"))
    assert lots == ["1", "2"]
    winner = "Player 1" if rows["Player 1"][-1] == "1" else "Player 5"
    assert rows[winner][0] == "1"  # rank 1 to the player who won the lot, rank 2 to the other
    assert {rows["Player 1"][0], rows["Player 5"][0]} == {"1", "2"}
    assert rows["Player 3"][-1] == ""  # not tied: no lot drawn
    assert "page-seed" in html  # how the lot was drawn: from the event's seed, reproducibly
