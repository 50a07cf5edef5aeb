"""Issue 16: a referee who did not count card points enters the paper sheet's verdicts instead, on
the table page (its own form, posted as a browser posts it) and through the API. The readings are
in tests/scoring/test_ulti_mausz_sheet_verdicts.py and the tarokk count tests."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.tournaments.variant_tables import post_hand, running_table
from tournaments.models import Hand


@pytest.fixture
def ulti(alice, bob):
    return running_table(alice, "ulti-mausz")


def test_an_ulti_parti_by_the_sheets_verdict(ulti, bob):
    # ulti-mausz.md §7 Example 1's parti (zöld) made, v = 1, k = 1: each defender pays the declarer 1.
    response = post_hand(
        client_for(bob),
        ulti,
        {"bid": "parti:zold", "declarer": "A", "declarer_tricks": "6", "r_parti": "made"},
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    stored = Hand.objects.get(table=ulti)
    assert stored.input["results"] == {"parti": "made"}
    assert "declarer_card_points" not in stored.input["play"]
    assert stored.points == {"A": 2, "B": -1, "C": -1}


def test_neither_count_nor_verdict_is_refused_naming_the_field_and_the_alternative(ulti, bob):
    client = client_for(bob)
    client.cookies["django_language"] = "hu"
    response = post_hand(client, ulti, {"bid": "parti:zold", "declarer": "A", "declarer_tricks": "6"})
    assert response.status_code == 422  # the form again, with the errors
    assert not Hand.objects.filter(table=ulti).exists()
    text = response.content.decode()
    # The field named by its label, the alternative named too (the sheet's verdict: "játszmalap").
    assert (
        "a felvevő pontjai (ászok, tízesek, utolsó ütés): ennél a bemondásnál kötelező megadni, vagy a "
        "játszmalap szerinti eredményt" in text
    )


def test_the_api_takes_the_sheets_verdict_and_says_what_is_missing(ulti, bob):
    url = f"/api/events/{ulti.round.tournament.slug}/rounds/1/tables/1/hands/"
    client = client_for(bob)
    hand = {
        "number": 1,
        "bid": "parti",
        "trump": "zold",
        "declarer": "A",
        "play": {"declarer_tricks": 6, "trump7_last_trick": None},
    }
    refused = client.post(url, json.dumps(hand), content_type="application/json")
    assert refused.status_code == 400
    assert ("play.declarer_card_points", "missing_field") in {(e["field"], e["code"]) for e in refused.json()["errors"]}
    assert not Hand.objects.exists()
    # ulti-mausz.md §7 Example 1: parti (zöld) made, v = 1: each defender pays the declarer 1.
    done = client.post(url, json.dumps({**hand, "results": {"parti": "made"}}), content_type="application/json")
    assert done.status_code == 201, done.content
    assert done.json()["points"] == {"A": 2, "B": -1, "C": -1}


# tarokk-vadasz.md §4 V1: B with partner D, 3 talon cards (G = 1), game won: S = +1 for B and D. The
# Illusztrált Hármas (G = 1) won by B with D scores the same. Entered with the sheet's count "won"
# (48-70) instead of the card points.
TAROKK_TYPED = {
    "tarokk-vadasz": {"declarer": "B", "partner": "D", "declarer_talon_taken": "3"},
    "tarokk-illusztralt": {"bid": "harmas", "declarer": "B", "partner": "D"},
}
TAROKK_POINTS = {"A": -1, "B": 1, "C": -1, "D": 1}


@pytest.mark.parametrize("variant", sorted(TAROKK_TYPED))
def test_a_tarokk_game_by_the_sheets_count_on_the_page(alice, bob, variant):
    table = running_table(alice, variant)
    typed = {**TAROKK_TYPED[variant], "count_result": "won", "declarer_tricks": "5"}
    response = post_hand(client_for(bob), table, typed)
    assert response.status_code == 302, response.content.decode()[-2000:]
    stored = Hand.objects.get(table=table)
    assert stored.input["count_result"] == "won" and "declarer_card_points" not in stored.input
    assert stored.points == TAROKK_POINTS


@pytest.mark.parametrize("variant", sorted(TAROKK_TYPED))
def test_a_tarokk_game_by_the_sheets_count_through_the_api(alice, bob, variant):
    table = running_table(alice, variant)
    url = f"/api/events/{table.round.tournament.slug}/rounds/1/tables/1/hands/"
    typed = {k: int(v) if v.isdigit() else v for k, v in TAROKK_TYPED[variant].items()}
    hand = {"number": 1, **typed, "declarer_tricks": 5, "count_result": "won", "declarer_card_points": 55}
    if variant == "tarokk-vadasz":
        hand["participants"] = ["A", "B", "C", "D"]  # Vadász names everyone at the table (§3.1)
    client = client_for(bob)
    both = client.post(url, json.dumps(hand), content_type="application/json")
    assert both.status_code == 400
    assert ("count_result", "forbidden_combination") in {(e["field"], e["code"]) for e in both.json()["errors"]}
    del hand["declarer_card_points"]
    done = client.post(url, json.dumps(hand), content_type="application/json")
    assert done.status_code == 201, done.content
    assert done.json()["points"] == TAROKK_POINTS


# An announced volát, as each form marks it.
VOLAT_TYPED = {
    "tarokk-vadasz": {"decl_volat": "announced", "decl_volat_by": "B"},
    "tarokk-illusztralt": {"fig1": "volat"},
}


@pytest.mark.parametrize("variant", sorted(TAROKK_TYPED))
def test_a_tarokk_game_by_the_sheets_count_needs_no_tricks(alice, bob, variant):
    """The sheet's count says who won and whether a dupla was made; the tricks decide only a volát
    (tarokk-vadasz.md §2.1, tarokk-illusztralt.md §2 step 2: T = 9 or T = 0). A referee who taps "won"
    is not asked for them: G = 1, game won, no volát -> +1 for B and D, -1 for A and C (Vadász §4 V1 by
    the sheet; Illusztrált a Hármas, G = 1, §1.1)."""
    table = running_table(alice, variant)
    typed = {**TAROKK_TYPED[variant], "count_result": "won"}
    response = post_hand(client_for(bob), table, typed)
    assert response.status_code == 302, response.content.decode()[-2000:]
    stored = Hand.objects.get(table=table)
    assert "declarer_tricks" not in stored.input
    assert stored.points == TAROKK_POINTS


@pytest.mark.parametrize("variant", sorted(TAROKK_TYPED))
def test_an_announced_volat_by_the_sheets_count_still_asks_for_the_tricks(alice, bob, variant):
    table = running_table(alice, variant)
    typed = {**TAROKK_TYPED[variant], "count_result": "dupla", **VOLAT_TYPED[variant]}
    response = post_hand(client_for(bob), table, typed)
    assert response.status_code == 422
    assert not Hand.objects.filter(table=table).exists()
    assert "tricks of the declaring side is required when a volát is announced" in response.content.decode()
