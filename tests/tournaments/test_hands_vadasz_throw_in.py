"""Vadász throw-ins and who deals next (tarokk-vadasz.md §1.8, original II.3 a and b).

a) After a throw-in the next player deals; if that is the thrower himself, he may pass the
   deal on to the player after him.
b) If the thrower takes the deal himself (whatever his seat), he may declare a double round:
   the next N played hands count double. No thrower dealing, no double round.

The points are the spec's arithmetic (§4 V15: game won with 2 talon cards, G = 2, S = +2, doubled
to 4 in a double round).
"""

from __future__ import annotations

import pytest

from scoring.variants.tarokk_vadasz.rules import VARIANT, play_order, validate
from tests.conftest import client_for
from tests.tournaments.variant_tables import post_hand, rendered_form, running_table
from tournaments.models import Hand
from tournaments.tables import hands as services

FIVE = list("ABCDE")


def thrown_in(dealer: str, thrower: str | None, *, double: bool = False) -> dict:
    hand = {
        "variant": "tarokk-vadasz",
        "participants": FIVE,
        "seats": play_order(FIVE, dealer),
        "dealer": dealer,
        "talon_arranger": dealer,
        "outcome": "thrown_in",
        "throw_in_reason": "four_kings",
    }
    if thrower:
        hand["thrower"] = thrower
    if double:
        hand["start_double_round"] = True
    return hand


# --- the engine ------------------------------------------------------------------------------


def test_a_double_round_names_its_thrower_who_must_deal_it():
    errors = validate(thrown_in("E", None, double=True), {})
    assert [(e.field, e.code) for e in errors] == [("thrower", "missing_field")]


def test_v15_the_thrower_who_deals_next_anyway_may_start_a_double_round():
    # V15: dealer E, A threw in; A is the next dealer and takes the deal with the double round.
    assert validate(thrown_in("E", "A", double=True), {}) == []
    assert VARIANT.allowed_dealers(FIVE, thrown_in("E", "A", double=True)) == ["A"]


def test_after_a_double_round_is_declared_only_the_thrower_deals():
    # Dealer A, C threw in and declared the double round: C deals, not B (the usual next dealer).
    assert VARIANT.allowed_dealers(FIVE, thrown_in("A", "C", double=True)) == ["C"]


def test_the_thrower_who_would_deal_next_may_pass_the_deal_on():
    # Rule a: dealer E, the thrower A would deal next; he may deal or pass the deal to B.
    assert VARIANT.allowed_dealers(FIVE, thrown_in("E", "A")) == ["A", "B"]


def test_another_thrower_may_take_the_deal_without_a_double_round():
    assert VARIANT.allowed_dealers(FIVE, thrown_in("A", "C")) == ["B", "C"]
    assert VARIANT.allowed_dealers(FIVE, thrown_in("A", None)) == ["B"]


# --- the table: the dealer choice the page offers and the service accepts --------------------

PLAYED_BY_D_AND_A = {
    "declarer": "D",
    "partner": "A",
    "declarer_talon_taken": "2",
    "declarer_card_points": "56",
    "declarer_tricks": "6",
}


def test_a_declared_double_round_is_dealt_by_the_thrower_and_doubles_the_next_hand(alice, bob):
    table = running_table(alice, "tarokk-vadasz", size=5)
    client = client_for(bob)
    # Hand 1, dealer A: C throws in and declares the double round.
    response = post_hand(
        client,
        table,
        {"outcome": "thrown_in", "thrower": "C", "throw_in_reason": "four_kings", "start_double_round": "on"},
    )
    assert response.status_code == 302, response.context["form"].errors
    # Hand 2: the page offers no other dealer than C ...
    fields = rendered_form(client, table)
    assert "dealer" not in fields  # one possible dealer: no choice to make
    # ... and the service refuses the usual dealer B, naming the dealer.
    seats_b = play_order(FIVE, "B")
    with pytest.raises(services.HandRejected) as exc:
        services.enter_hand(
            bob,
            table,
            {
                "variant": "tarokk-vadasz",
                "participants": FIVE,
                "seats": seats_b,
                "dealer": "B",
                "talon_arranger": "B",
                "outcome": "redeal",
            },
        )
    # The table fixes the talon arranger with the dealer (at 5 the dealer, tarokk-vadasz.md §1.1): named too.
    assert {e.field for e in exc.value.errors} == {"dealer", "seats", "talon_arranger"}
    # C deals (seats D, E, A, B); D and A win the game with 2 talon cards: S = +2, doubled.
    response = post_hand(client, table, PLAYED_BY_D_AND_A, fields)
    assert response.status_code == 302, response.context["form"].errors
    hand = Hand.objects.get(table=table, number=2)
    assert hand.dealer == "C"
    assert hand.points == {"A": 4, "B": -4, "C": 0, "D": 4, "E": -4}
    assert hand.state_after == {"double_round_remaining": 4}


def test_the_thrower_who_would_deal_next_passes_the_deal_on_from_the_page(alice, bob):
    table = running_table(alice, "tarokk-vadasz", size=5)
    client = client_for(bob)
    # Hand 1, dealer A: B (who deals next) throws in.
    response = post_hand(client, table, {"outcome": "thrown_in", "thrower": "B", "throw_in_reason": "no_tarokk"})
    assert response.status_code == 302, response.context["form"].errors
    fields = rendered_form(client, table)
    assert fields["dealer"] == "B"  # the usual dealer first
    # B passes the deal on to C: C deals, B plays (seats D, E, A, B), no double round.
    response = post_hand(client, table, {**PLAYED_BY_D_AND_A, "dealer": "C"}, fields)
    assert response.status_code == 302, response.context["form"].errors
    hand = Hand.objects.get(table=table, number=2)
    assert (hand.dealer, hand.input["seats"]) == ("C", ["D", "E", "A", "B"])
    assert hand.points == {"A": 2, "B": -2, "C": 0, "D": 2, "E": -2}
