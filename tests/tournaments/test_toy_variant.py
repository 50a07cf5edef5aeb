"""A sixth variant is one package and one registry line (issue 13).

``tests/toy_variant/`` declares a made-up game the way the five real variants are declared
(rules, table plan, standing rules, protocol layout, hand form); the test adds it to the registry
with one line and runs an event of it through the site as its people would: the organizer creates
it on the event form, the draw seats it from its plan, a referee enters hands on the table page's
form, and the standings page, the protocol and the API show what the test works out by hand. No
module of the site knows the key "toy", so anything that branched on the five keys fails here.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.registry import VARIANTS
from tests import toy_variant
from tests.conftest import client_for
from tests.html_forms import submit
from tests.tournaments.variant_tables import post_hand
from tournaments import rounds, services
from tournaments.models import Hand, Table, Tournament
from tournaments.protocols import build

# (winner, stake) per hand at each table; the winner scores 2 x stake, the two others -stake.
HANDS = [("A", 3), ("B", 5), ("A", 2)]


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(VARIANTS, "toy", toy_variant.VARIANT)  # the one registry line


def test_an_event_of_a_new_variant_runs_from_its_package_alone(toy, alice, bob):
    organizer = client_for(alice)
    response = submit(
        organizer,
        reverse("tournament-create") + "?variant=toy",
        "name",
        {"name": "Toy cup", "slug": "toy-cup", "variant": "toy", "hands_per_round": "3", "table_size": "3"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Tournament.objects.get(slug="toy-cup")
    assert event.variant == "toy"
    event.is_public = True
    event.save(update_fields=["is_public"])
    services.set_referee(alice, event, "bob", [])
    for i in range(6):
        services.register_player(alice, event, name=f"Player {i}")
    rnd = rounds.draw_round(alice, event, seed="toy")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    assert [t.seats.count() for t in tables] == [3, 3]  # the plan seats threes

    referee = client_for(bob)
    for table in tables:
        for winner, stake in HANDS:
            response = post_hand(referee, table, {"winner": winner, "stake": str(stake)})
            assert response.status_code in (200, 302), response.content.decode()[:2000]
    # A: 2*3 - 5 + 2*2 = 5; B: -3 + 2*5 - 2 = 5; C: -3 - 5 - 2 = -10 at each table.
    for table in tables:
        stored = {h.number: h.points for h in Hand.objects.filter(table=table)}
        assert stored == {
            1: {"A": 6, "B": -3, "C": -3},
            2: {"A": -5, "B": 10, "C": -5},
            3: {"A": 4, "B": -2, "C": -2},
        }

    # The protocol: the toy's own columns and rows.
    sheet = build.table_protocol(tables[0], filled=True)
    assert "Winner" in [str(c) for c in sheet.columns]
    assert [(line.text.declarer, line.text.details) for line in sheet.lines if line.filled] == [
        ("A", "x3"),
        ("B", "x5"),
        ("A", "x2"),
    ]

    # Standings: A and B tie at each table (5 each) and share 3 and 2 -> 2.5; C gets 1 (3/2/1).
    api = client_for(None).get(f"/api/events/{event.slug}/standings/")
    assert api.status_code == 200
    rows = api.json()["rows"]
    by_points = sorted((r["metrics"]["ranking_points"], r["metrics"]["game_points"]) for r in rows)
    assert by_points == [(1.0, -10.0), (1.0, -10.0), (2.5, 5.0), (2.5, 5.0), (2.5, 5.0), (2.5, 5.0)]
    page = client_for(None).get(reverse("standings", args=[event.slug]))
    assert page.status_code == 200
    assert "Player 0" in page.content.decode()
