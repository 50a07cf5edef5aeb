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
from tests.samples.tarokk_vadasz import random_hand
from tests.scoring.examples.tarokk_vadasz import TYPED
from tests.tournaments import hand_forms
from tests.tournaments.hand_forms import as_post
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
    assert inputs(seven, list("ABCDEFG"), "D") == 5  # the arranger G is the chip shown chosen
    other = typed({**V1, "declarer": "E", "partner": "B", "talon_arranger": "A"}, list("ABCDEFG"), "D")
    assert inputs(other, list("ABCDEFG"), "D") == 6  # the dealer picked the other one: one tap


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
    form = engine_errors({**V1, "lengetes_waver": "B", "lengetes_mode": "obligatory"})
    assert "game_kontra" in " ".join(form.errors["lengetes_mode"])
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
