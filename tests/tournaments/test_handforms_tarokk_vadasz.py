"""The referee's form for Vadász tarokk: round trip with the sample generator
(tables of 4 to 7), spec examples typed into the form, engine errors on the
right field, and the number of inputs of a typical hand.

Spec: /work/shared/rules/tarokk-vadasz.md (§3 hand record, §4 examples).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.variants.tarokk_vadasz.entry import normalised
from scoring.variants.tarokk_vadasz.rules import VARIANT, play_order
from tests.conftest import client_for
from tests.samples.tarokk_vadasz import random_hand
from tests.scoring.examples.tarokk_vadasz import TYPED
from tests.tournaments import hand_forms
from tests.tournaments.hand_forms import as_post
from tests.tournaments.variant_tables import post_hand, running_table
from tournaments.models import Hand
from tournaments.tables.handforms import HandForm, form_class

TarokkVadaszHandForm = form_class("tarokk-vadasz")

FOUR = ["A", "B", "C", "D"]


def envelope_for(participants: list[str], dealer: str) -> dict[str, Any]:
    return {"variant": "tarokk-vadasz", "seats": play_order(participants, dealer), "dealer": dealer}


def make_form(
    data: dict[str, Any] | None,
    participants: list[str] = FOUR,
    dealer: str = "D",
    envelope: dict[str, Any] | None = None,
) -> HandForm:
    return TarokkVadaszHandForm(
        data,
        envelope=envelope or envelope_for(participants, dealer),
        names={s: f"Player {s}" for s in participants},
        table_positions=participants,
    )


def typed(data: dict[str, Any], participants: list[str] = FOUR, dealer: str = "D") -> dict[str, str]:
    return hand_forms.typed(make_form(None, participants, dealer), data)


def inputs(data: dict[str, Any], participants: list[str] = FOUR, dealer: str = "D") -> int:
    return hand_forms.inputs(make_form(None, participants, dealer), data)


def hand_of(
    data: dict[str, Any], participants: list[str] = FOUR, dealer: str = "D", envelope: dict[str, Any] | None = None
) -> dict[str, Any]:
    form = make_form(data, participants, dealer, envelope)
    assert form.is_valid(), form.errors
    return form.hand()


def round_trip(hand: dict[str, Any]) -> dict[str, Any]:
    envelope = {k: hand[k] for k in ("variant", "seats", "dealer")}
    data = as_post(TarokkVadaszHandForm.initial_from(hand))
    return hand_of(data, hand["participants"], hand["dealer"], envelope)


# --- round trip ---------------------------------------------------------------


def test_every_table_size_and_outcome_round_trips():
    """Not covered by the form: nothing the generator makes (a seeded sweep over every table size)."""
    rng = random.Random(7)
    seen = set()
    for _ in range(400):
        hand, _state = random_hand(rng)
        seen.add((len(hand["participants"]), hand.get("outcome", "played")))
        assert round_trip(hand) == normalised(hand)
    assert {n for n, _ in seen} == {4, 5, 6, 7}
    assert {o for _, o in seen} == {"played", "thrown_in", "redeal", "renonsz"}


def test_the_talon_arranger_is_a_choice_only_at_seven():
    assert "talon_arranger" not in make_form(None, FOUR).fields
    assert "talon_arranger" not in make_form(None, list("ABCDEF"), "A").fields
    seven = make_form(None, list("ABCDEFG"), "D")
    assert [c for c, _ in seven.fields["talon_arranger"].choices] == ["", "G", "A"]
    # Dealer D of A..G: the two opposite him are G (d+3) and A (d+4); G is shown chosen (no scoring
    # role, tarokk-vadasz.md §1.1), and a hand typed without touching the chip names him.
    assert seven["talon_arranger"].value() == "G"
    assert (
        hand_of(typed({**V1, "declarer": "E", "partner": "B"}, list("ABCDEFG"), "D"), list("ABCDEFG"), "D")[
            "talon_arranger"
        ]
        == "G"
    )
    hand = hand_of(typed({"outcome": "redeal"}, list("ABCDEF"), "A"), list("ABCDEF"), "A")
    assert hand["talon_arranger"] == "D"
    assert hand["participants"] == list("ABCDEF")


# --- the spec's examples typed into the form (§4) --------------------------------

V1 = {"declarer": "B", "partner": "D", "declarer_talon_taken": 3, "declarer_card_points": 50, "declarer_tricks": 5}


@pytest.mark.parametrize(("example", "typed_in", "points"), TYPED)
def test_spec_examples_typed_into_the_form(example, typed_in, points):
    """tarokk-vadasz.md §4's examples as a referee types them (tests/scoring/examples/tarokk_vadasz.json)."""
    participants, dealer = example["participants"], example["dealer"]
    hand = hand_of(typed(typed_in, participants, dealer), participants, dealer)
    assert VARIANT.score(hand, {}).points == points


def test_v15_double_round_through_the_form():
    five = list("ABCDE")
    first = hand_of(
        typed(
            {"outcome": "thrown_in", "thrower": "A", "throw_in_reason": "four_kings", "start_double_round": True},
            five,
            "E",
        ),
        five,
        "E",
    )
    result = VARIANT.score(first, {})
    assert result.state == {"double_round_remaining": 5}
    second = hand_of(
        typed(
            {
                "declarer": "C",
                "partner": "E",
                "declarer_talon_taken": 2,
                "declarer_card_points": 56,
                "declarer_tricks": 6,
            },
            five,
            "A",
        ),
        five,
        "A",
    )
    later = VARIANT.score(second, result.state)
    assert later.points == {"A": 0, "B": -4, "C": 4, "D": -4, "E": 4}
    assert later.state == {"double_round_remaining": 4}


def test_the_typical_hand_needs_at_most_six_inputs():
    data = typed(V1)
    assert inputs(data) == 5
    assert hand_of(data) == {**envelope_for(FOUR, "D"), "participants": FOUR, **V1}
    seven = typed({**V1, "declarer": "E", "partner": "B", "talon_arranger": "G"}, list("ABCDEFG"), "D")
    # The forehand E (the first after the dealer D) and the arranger G are the chips shown chosen.
    assert inputs(seven, list("ABCDEFG"), "D") == 4
    other = typed({**V1, "declarer": "E", "partner": "B", "talon_arranger": "A"}, list("ABCDEFG"), "D")
    assert inputs(other, list("ABCDEFG"), "D") == 5  # the dealer picked the other one: one tap


# --- engine errors land on the field the referee used ------------------------------


def engine_errors(
    data: dict[str, Any], participants: list[str] = FOUR, dealer: str = "D", state: dict[str, Any] | None = None
) -> HandForm:
    return hand_forms.with_engine_errors(
        make_form(typed(data, participants, dealer), participants, dealer), VARIANT.validate, state
    )


def test_an_announcer_of_the_wrong_side_is_shown_on_announced_by():
    form = engine_errors(
        {**V1, "decl_tuletroa": "made", "decl_tuletroa_by": "B", "opp_xxi_fogas": "failed", "opp_xxi_fogas_by": "B"}
    )
    assert "does not play on the opponents" in form.errors["opp_xxi_fogas_by"][0]
    assert "decl_tuletroa_by" not in form.errors


def test_a_figure_made_by_both_sides_is_shown_on_the_second_how():
    form = engine_errors({**V1, "decl_tuletroa": "silent_made", "opp_tuletroa": "made", "opp_tuletroa_by": "A"})
    assert "cannot be made by both sides" in form.errors["opp_tuletroa"][0]


def test_an_overlap_without_volat_and_a_missing_solo_land_on_their_fields():
    form = engine_errors({**V1, "decl_dupla": "announced", "decl_dupla_by": "B", "decl_dupla_volat": True})
    assert "no volát announced by B" in form.errors["decl_dupla_volat"][0]
    form = engine_errors(
        {
            **V1,
            "declarer_talon_taken": 3,
            "bid": "kettes",
            "decl_xxi_fogas": "made",
            "decl_xxi_fogas_by": "B",
            "decl_xxi_fogas_unplayable": "xxi_not_catchable",
        }
    )
    assert "only a failed announcement" in form.errors["decl_xxi_fogas_unplayable"][0]
    assert "at most 2 talon cards" in form.errors["declarer_talon_taken"][0]


def test_lengetes_and_double_round_errors_land_on_their_fields():
    # A waved and announced the opponents' tulétroá, so the ulti is obligatory (§1.11); without his
    # kontra on the game the engine says what is missing, on the waver (the lengetés's one field).
    lengetes = {"lengetes_waver": "A", "opp_tuletroa": "made", "opp_tuletroa_by": "A"}
    form = engine_errors({**V1, **lengetes, "decl_pagat_ulti": "silent_made"})
    assert "game_kontra" in " ".join(form.errors["lengetes_waver"])
    form = engine_errors(
        {"outcome": "thrown_in", "thrower": "A", "start_double_round": True}, state={"double_round_remaining": 2}
    )
    assert "already running" in form.errors["start_double_round"][0]


# --- the sheet's verdict instead of the card points (its chips: test_handforms_sheet_count.py) --------


SHEET = {"declarer": "A", "partner": "C", "declarer_talon_taken": 2, "count_result": "won", "declarer_tricks": 6}


def test_the_sheets_count_without_card_points_builds_the_hand_and_comes_back():
    """§4 V16 as a referee records it who did not count: "game won" instead of P = 60 (game +2,
    failed dupla -4 x 2 = -8, S = -6)."""
    data = typed({**SHEET, "decl_dupla": "announced", "decl_dupla_by": "A"})
    assert "declarer_card_points" not in data
    hand = hand_of(data)
    assert hand == {
        **envelope_for(FOUR, "D"),
        "participants": FOUR,
        "declarer": "A",
        "partner": "C",
        "declarer_talon_taken": 2,
        "count_result": "won",
        "declarer_tricks": 6,
        "figures": [{"figure": "dupla", "side": "declarer", "announced": True, "announcer": "A"}],
    }
    assert VARIANT.score(hand, {}).points == {"A": -6, "B": 6, "C": -6, "D": 6}
    values = TarokkVadaszHandForm.initial_from(hand)
    assert values["count_result"] == "won" and "declarer_card_points" not in values
    assert round_trip(hand) == hand


def test_a_count_the_tricks_rule_out_is_shown_on_the_sheets_count():
    assert (
        VARIANT.validate(hand_of(typed({**SHEET, "count_result": "opponents_dupla", "declarer_tricks": 0})), {}) == []
    )
    form = engine_errors({**SHEET, "count_result": "lost", "declarer_tricks": 0})
    (message,) = form.errors["count_result"]
    assert message.startswith("0 tricks hold at most 22 card points")


# --- the lengetés: one mark, the waver (§1.11) ---------------------------------------------------------

# §4 V13 as the referee taps it: the waver under the declarer's pagát ulti and the opponents' tulétroá
# made; its announcer is what the page shows (the waver, preset), and no mode is asked for.
V13_TAPPED = {
    "declarer": "A",
    "partner": "C",
    "declarer_talon_taken": "3",
    "declarer_card_points": "49",
    "declarer_tricks": "5",
    "game_kontra": "1",
    "decl_pagat_ulti": "silent_lost_last_trick",
    "lengetes_waver": "B",
    "opp_tuletroa": "made",
    "opp_tuletroa_by": "B",
}


def test_the_waver_who_announced_tuletroa_makes_the_ulti_obligatory(alice, bob):
    """Posted from the table page: stored as V13 (mode obligatory: B said kontra and tulétroá). Game won
    with kontra G 1 × 2 = +2, the opponents' tulétroá −2, the ulti lost in the last trick −10 fixed
    though silent: S = −10 → A −10, B +10, C −10, D +10."""
    table = running_table(alice, "tarokk-vadasz")
    response = post_hand(client_for(bob), table, V13_TAPPED)
    assert response.status_code == 302, response.content.decode()[:2000]
    hand = Hand.objects.get(table=table)
    assert hand.input["lengetes_ulti"] == {"waver": "B", "mode": "obligatory"}
    assert hand.points == {"A": -10, "B": 10, "C": -10, "D": 10}


def test_a_waver_without_tuletroa_makes_the_ulti_optional(alice, bob):
    """§4 V14 posted from the table page: B waved and announced nothing, so the ulti is optional and the
    silent ulti made pays 10 instead of 5. Game +2 (G 2, 51 points) + 10: S = 12 → A +12, B −12, C +12,
    D −12."""
    table = running_table(alice, "tarokk-vadasz")
    typed = {"declarer": "A", "partner": "C", "declarer_talon_taken": "2", "declarer_card_points": "51"}
    typed |= {"declarer_tricks": "5", "decl_pagat_ulti": "silent_made", "lengetes_waver": "B"}
    assert post_hand(client_for(bob), table, typed).status_code == 302
    hand = Hand.objects.get(table=table)
    assert hand.input["lengetes_ulti"] == {"waver": "B", "mode": "optional"}
    assert hand.points == {"A": 12, "B": -12, "C": 12, "D": -12}


def test_another_opponents_tuletroa_leaves_the_ulti_optional():
    """D, not the waver B, announced the tulétroá (the referee tapped D over the preset): optional."""
    assert hand_of(typed({**V13_TAPPED, "opp_tuletroa_by": "D"}))["lengetes_ulti"] == {"waver": "B", "mode": "optional"}


def test_a_lengetes_error_is_shown_and_nothing_is_stored(alice, bob):
    """B announced tulétroá but nobody said kontra on the game: the obligatory ulti cannot be, and the
    page says why next to the waver."""
    table = running_table(alice, "tarokk-vadasz")
    response = post_hand(client_for(bob), table, {**V13_TAPPED, "game_kontra": "0"})
    assert response.status_code == 422
    assert "game_kontra" in " ".join(response.context["form"].errors["lengetes_waver"])
    assert not Hand.objects.exists()
