"""Issue 27: the forehand's declarer chip is shown chosen in ulti and the Hungarian tarokks, as in Taruk.

The forehand opens the bidding (ulti-mausz.md §1.1: he must, and plays his bid when the others pass;
the Hungarian tarokks: he may hold, "tartom", what a later player bids), so he is the usual declarer.
The chip is visible and the preview names him; a referee who leaves it stores him, one who taps another
seat stores that one, and a hand that deals no game writes no declarer."""

from __future__ import annotations

import pytest

from tests.conftest import client_for
from tests.tournaments.variant_tables import post_hand, rendered_form, running_table
from tournaments.models import Hand

# A game each variant scores by a rule the test can do by hand, the declarer left as the page shows him.
# ulti-mausz.md §7 Example 1: a parti (zöld, v = 1) made, 60 card points: each defender pays 1.
# tarokk-vadasz.md §4 V1 by the sheet's count: 3 talon cards (G = 1), won: +1 for the pair, -1 for the others.
# tarokk-illusztralt.md: a Hármas (G = 1) won by the sheet's count scores the same (§1.1, §2).
TYPED = {
    "ulti-mausz": {"bid": "parti:zold", "declarer_tricks": "6", "declarer_card_points": "60"},
    "tarokk-vadasz": {"partner": "D", "declarer_talon_taken": "3", "count_result": "won"},
    "tarokk-illusztralt": {"bid": "harmas", "partner": "D", "count_result": "won"},
}


@pytest.mark.parametrize("variant", sorted(TYPED))
def test_the_forehand_is_the_declarer_the_page_shows_chosen(alice, bob, variant):
    table = running_table(alice, variant)
    client = client_for(bob)
    fields = rendered_form(client, table)
    assert fields["declarer"] == "B"  # the chip shown chosen: A deals first, B is the forehand
    response = post_hand(client, table, TYPED[variant], fields)
    assert response.status_code == 302, response.content.decode()[-2000:]
    stored = Hand.objects.get(table=table)
    assert stored.input["declarer"] == "B"
    if variant == "ulti-mausz":
        assert stored.points == {"A": -1, "B": 2, "C": -1}
    else:
        assert stored.points == {"A": -1, "B": 1, "C": -1, "D": 1}


@pytest.mark.parametrize("variant", sorted(TYPED))
def test_a_tapped_declarer_replaces_the_forehand(alice, bob, variant):
    table = running_table(alice, variant)
    typed = {**TYPED[variant], "declarer": "A"}
    if variant != "ulti-mausz":
        typed["partner"] = "C"  # A with C: +1 each, B and D -1
    response = post_hand(client_for(bob), table, typed)
    assert response.status_code == 302, response.content.decode()[-2000:]
    stored = Hand.objects.get(table=table)
    assert stored.input["declarer"] == "A"
    if variant == "ulti-mausz":
        assert stored.points == {"A": 2, "B": -1, "C": -1}
    else:
        assert stored.points == {"A": 1, "B": -1, "C": 1, "D": -1}


@pytest.mark.parametrize(
    ("variant", "typed"),
    [
        ("tarokk-illusztralt", {"outcome": "redeal"}),
        ("tarokk-vadasz", {"outcome": "redeal"}),
        ("tarokk-vadasz", {"outcome": "thrown_in", "thrower": "B", "throw_in_reason": "no_tarokk"}),
    ],
)
def test_a_hand_that_deals_no_game_writes_no_declarer(alice, bob, variant, typed):
    table = running_table(alice, variant)
    client = client_for(bob)
    assert rendered_form(client, table)["declarer"] == "B"  # the forehand's chip, untouched
    response = post_hand(client, table, typed)
    assert response.status_code == 302, response.content.decode()[-2000:]
    stored = Hand.objects.get(table=table)
    assert "declarer" not in stored.input
    assert set(stored.points.values()) == {0}
