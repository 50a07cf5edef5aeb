"""The Taruk hand form offers only the misdeal the dealer's history allows (taruk2012.md §5.4):
"first: warning" until the player has a misdeal in the tournament, then only "again: -20"."""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tests.tournaments.variant_tables import post_hand, table_url
from tournaments.models import Hand
from tournaments.tables import hands as services

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(event, alice):
    """Round 1 of ``event`` (12 hands a round) at one table of four, running."""
    from tournaments.events import services as event_services
    from tournaments.rounds import services as rounds

    for i in range(1, 5):
        event_services.register_player(alice, event, name=f"Player {i}", club="TK Test")
    rnd = rounds.draw_round(alice, event, seed="misdeal")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return rnd.tables.get()


def misdeal_options(client, table) -> list[str]:
    html = client.get(table_url(table)).content.decode()
    html = html[html.index('id="entry"') : html.index("</form>", html.index('id="entry"'))]  # the page's form
    # A short choice is a row of chips: radio inputs named misdeal, one per value offered.
    options = re.findall(r'<input type="radio" name="misdeal" value="([^"]*)"', html)
    assert options, "the hand form has no misdeal field"
    return options


def tri_with_misdeal(kind: str) -> dict[str, str]:
    """§8.1 E1 as the referee types it: tri by B, partner D, 48 card points; the dealer misdealt first."""
    return {
        "game": "tri",
        "declarer": "B",
        "called_king": "hearts",
        "partner": "D",
        "card_points": "48",
        "misdeal": kind,
    }


def test_a_dealer_without_a_misdeal_is_offered_only_the_warning(table, bob):
    assert misdeal_options(client_for(bob), table) == ["", "warning"]


def test_once_the_dealer_has_a_misdeal_only_again_20_is_offered_when_he_deals_next(table, bob):
    client = client_for(bob)
    hand = Hand.objects.filter(table=table)
    # Hand 1: the dealer (A) misdeals for the first time: a warning, from the form the page offers.
    assert post_hand(client, table, tri_with_misdeal("warning")).status_code == 302
    first_dealer = hand.get(number=1).dealer
    # Hands 2 to 4 go to the other dealers, who have no misdeal: the warning is still their choice.
    for _ in range(3):
        assert misdeal_options(client, table) == ["", "warning"]
        previous = hand.order_by("-number").first()
        envelope = services.next_envelope(services.table_setup(table, table.round.tournament), previous)
        services.enter_hand(
            bob,
            table,
            {**envelope, "game": "klop", "klop_points": dict(zip(envelope["seats"], (20, 20, 20, 10), strict=True))},
        )
    # Hand 5: the first dealer deals again.
    assert (
        services.next_envelope(services.table_setup(table, table.round.tournament), hand.get(number=4))["dealer"]
        == first_dealer
    )
    assert misdeal_options(client, table) == ["", "penalty"]
