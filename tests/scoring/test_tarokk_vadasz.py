"""Vadász tarokk (``tarokk-vadasz``): the spec's worked examples (§4), its
validation rules (§3.2), the double round (§3.4) and what Vadász adds to the variant contract.

Spec: /work/shared/rules/tarokk-vadasz.md. Run without Django:
``python -m pytest -p no:django tests/scoring/test_tarokk_vadasz.py``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.types import InvalidHand
from scoring.variants.tarokk_vadasz import rules as tv
from scoring.variants.tarokk_vadasz.rules import VARIANT
from scoring.variants.tarokk_vadasz.table import PLAN
from tests.samples.tarokk_vadasz import random_hand, random_hand_sequence
from tests.scoring.examples.tarokk_vadasz import EXAMPLES, FIVE, PLAYED, REJECTED, V13, fig, make
from tests.scoring.json_paths import derived


def codes(hand: dict[str, Any], state: Any = None) -> set[tuple[str, str]]:
    return {(e.field, e.code) for e in VARIANT.validate(hand, {} if state is None else state, None)}


# --- §4 worked examples (data: tests/scoring/examples/tarokk_vadasz.json) -----------


@pytest.mark.parametrize(("hand", "points", "lines"), EXAMPLES)
def test_worked_example_scores_as_the_spec_says(hand, points, lines):
    assert VARIANT.validate(hand, {}, None) == []
    result = VARIANT.score(hand, {})
    assert result.points == points
    assert result.state == {}  # §4: "incoming state {}, outgoing state {}"
    for line in lines:
        assert line in result.breakdown
    json.dumps(result.as_dict())


def test_v15_double_round_on_a_5_participant_table():
    """§4 V15: the throw-in starts a double round of N = 5 played hands (§5.3)."""
    hand1 = make(
        {"talon_arranger": "E", "outcome": "thrown_in", "thrower": "A", "throw_in_reason": "four_kings",
         "start_double_round": True},
        {**FIVE, "seats": ["A", "B", "C", "D"], "dealer": "E"},
    )  # fmt: skip
    r1 = VARIANT.score(hand1, {})
    assert r1.points == {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0}
    assert r1.state == {"double_round_remaining": 5}
    hand2 = make(
        {"talon_arranger": "A", "declarer": "C", "partner": "E", "declarer_talon_taken": 2,
         "declarer_card_points": 56, "declarer_tricks": 6},
        {**FIVE, "seats": ["B", "C", "D", "E"], "dealer": "A"},
    )  # fmt: skip
    r2 = VARIANT.score(hand2, r1.state)
    assert r2.points == {"A": 0, "B": -4, "C": 4, "D": -4, "E": 4}
    assert r2.state == {"double_round_remaining": 4}
    assert any(line.startswith("double round: every score x 2") for line in r2.breakdown)


def test_double_round_counts_only_played_hands_and_lapses_to_empty_state():
    """§3.4: thrown-in (without the flag) and redeal leave the counter; the last
    doubled hand returns the start state {}."""
    thrown = make({"outcome": "thrown_in"})
    redeal = make({"outcome": "redeal"})
    played = make({"declarer": "B", "partner": "D", "declarer_talon_taken": 3, "declarer_card_points": 50,
                   "declarer_tricks": 5})  # fmt: skip
    assert VARIANT.score(thrown, {"double_round_remaining": 2}).state == {"double_round_remaining": 2}
    assert VARIANT.score(redeal, {"double_round_remaining": 2}).state == {"double_round_remaining": 2}
    last = VARIANT.score(played, {"double_round_remaining": 1})
    assert last.points == {"A": -2, "B": 2, "C": -2, "D": 2}
    assert last.state == {}
    renonsz = make({"outcome": "renonsz", "declarer": "B", "declarer_talon_taken": 3,
                    "renonsz": {"offender": "A", "kind": "discard"}})  # fmt: skip
    r = VARIANT.score(renonsz, {"double_round_remaining": 3})
    assert r.points == {"A": -6, "B": 2, "C": 2, "D": 2}
    assert r.state == {"double_round_remaining": 2}


# --- §1.1 seats ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "dealer", "playing", "arrangers"),
    [
        pytest.param(list("ABCD"), "D", list("ABCD"), [], id="4-dealer-plays-last"),
        pytest.param(list("ABCD"), "B", list("CDAB"), [], id="4-dealer-B"),
        pytest.param(list("ABCDE"), "E", list("ABCD"), ["E"], id="5-dealer-sits-out"),
        pytest.param(list("ABCDE"), "A", list("BCDE"), ["A"], id="5-dealer-A"),
        pytest.param(list("ABCDEF"), "A", list("BCEF"), ["D"], id="6-dealer-and-opposite-sit-out"),
        pytest.param(list("ABCDEFG"), "D", list("EFBC"), ["G", "A"], id="7-dealer-and-two-opposite-sit-out"),
    ],
)
def test_playing_seats_and_talon_arranger_follow_the_section_1_1_table(table, dealer, playing, arrangers):
    assert VARIANT.playing_seats(table, dealer, {}) == playing
    assert tv.talon_arrangers(table, dealer) == arrangers
    assert VARIANT.next_dealer(table, dealer) == playing[0]  # the first player deals next


def test_table_facts():
    facts = PLAN
    assert (facts.min_seats, facts.max_seats, facts.players_per_hand, facts.zero_sum) == (4, 7, 4, True)
    assert VARIANT.key == "tarokk-vadasz"


# --- §3.2 rejected inputs -----------------------------------------------------


@pytest.mark.parametrize(("hand", "state", "expected"), REJECTED)
def test_rejected_input_names_field_and_code(hand, state, expected):
    assert expected in codes(hand, state)
    with pytest.raises(InvalidHand):
        VARIANT.score(hand, {} if state is None else state)


def test_all_errors_are_reported_at_once():
    hand = make({**PLAYED, "declarer": "E", "declarer_tricks": 10, "game_kontra": 7, "bogus": True})
    assert {("declarer", "invalid_value"), ("declarer_tricks", "out_of_range"), ("game_kontra", "out_of_range"),
            ("bogus", "unknown_field")} <= codes(hand)  # fmt: skip


def test_the_example_table_is_valid_with_defaults_written_out():
    """Defaults may be sent explicitly: outcome "played", game_kontra 0, kontra 0
    on a silent entry, with_volat false, null lengetés (§3.1 "default")."""
    hand = make({**PLAYED, "outcome": "played", "game_kontra": 0, "lengetes_ulti": None,
                 "figures": [{"figure": "tuletroa", "side": "declarer", "announced": False, "kontra": 0,
                              "with_volat": False, "result": "made"}]})  # fmt: skip
    assert codes(hand) == set()
    assert VARIANT.score(hand).points == {"A": 3, "B": -3, "C": 3, "D": -3}


def test_config_is_not_used():
    assert VARIANT.validate_config(None) == []
    assert VARIANT.validate_config({}) == []
    assert [e.code for e in VARIANT.validate_config({"point_table": {}})] == ["unknown_field"]


# --- settlement rules not shown by a §4 example -------------------------------


def test_forced_alone_loss_reduced_to_zero_or_more_pays_nothing():
    """§1.9: if the reductions lift S' to 0 or above, D = 0."""
    hand = make({"declarer": "A", "partner": None, "solo": "forced", "declarer_talon_taken": 3,
                 "declarer_card_points": 50, "declarer_tricks": 5,
                 "figures": [{"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": "B",
                              "result": "made"}]})  # fmt: skip
    # S = +1 - 2 = -1 (a loss); S' = +1 - 1 = 0 → D = 0.
    assert VARIANT.score(hand).points == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_forced_alone_loss_keeps_a_rekontrad_game():
    """§1.9 S' rule 2: the opponents' kontra stands when the declarer rekontra'd (x4)."""
    hand = make({"declarer": "A", "partner": None, "solo": "forced", "declarer_talon_taken": 3,
                 "declarer_card_points": 40, "declarer_tricks": 4, "game_kontra": 2})  # fmt: skip
    # S = -4; S' = -4; rounded toward 0 → -3.
    assert VARIANT.score(hand).points == {"A": -3, "B": 1, "C": 1, "D": 1}


def test_silent_volat_pays_3g_and_absorbs_the_silent_dupla():
    """§2.1 automatic silent volát: 3G for the side; its dupla is not paid."""
    hand = make({**PLAYED, "declarer_card_points": 90, "declarer_tricks": 9})
    result = VARIANT.score(hand)
    assert result.points == {"A": 6, "B": -6, "C": 6, "D": -6}
    assert "silent volát (declaring side): 3G = 6 → +6" in result.breakdown


def test_opponents_silent_dupla_pays_2g_to_them():
    hand = make({**PLAYED, "declarer_card_points": 20, "declarer_tricks": 1})
    assert VARIANT.score(hand).points == {"A": -4, "B": 4, "C": -4, "D": 4}


def test_silent_pagat_ulti_lost_early_costs_nothing():
    """§5.8: a silent ulti lost before the last trick costs nothing."""
    hand = fig(figure="pagat_ulti", side="declarer", announced=False, result="lost_early")
    assert VARIANT.score(hand).points == {"A": 2, "B": -2, "C": 2, "D": -2}


def test_lengetes_obligatory_announced_kontrad_ulti_made():
    """§1.11: the announced, kontra'd ulti made pays 10 x 2."""
    fields = derived(
        V13,
        {f"figures[1].{k}": v for k, v in {"announced": True, "announcer": "A", "kontra": 1, "result": "made"}.items()},
    )
    fields["figures"][0]["result"] = "failed"  # the waver's tulétroá failed: +2 for the declaring side
    # game +2, tulétroá +2, ulti +20.
    assert VARIANT.score(make(fields)).points == {"A": 24, "B": -24, "C": 24, "D": -24}


# --- what Vadász adds to the variant contract (tests/scoring/test_variant_contract.py) --------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_the_seats_sitting_out_score_nothing_and_a_solo_pays_in_thirds(rng):
    hand, state = random_hand(random.Random(rng.getrandbits(64)))
    result = VARIANT.settle(hand, state, None)
    for seat in set(hand["participants"]) - set(hand["seats"]):
        assert result.points[seat] == 0  # sit-outs
    if hand.get("solo") and hand.get("outcome", "played") == "played":
        assert result.points[hand["declarer"]] % 3 == 0  # §1.9 d: D is a multiple of 3


def test_sample_sequences_cover_the_whole_range():
    """The generator reaches every outcome, solo case, figure and lengetés mode."""
    seen: set[str] = set()
    rng = random.Random(0)
    hands = []
    for _ in range(60):  # one sequence is one table: take many tables
        hands.append({})  # a new table starts from state {}
        hands += random_hand_sequence(rng, 40)
    state: dict[str, Any] = {}
    for hand in hands:
        if not hand:
            state = {}
            continue
        seen.add(hand.get("outcome", "played"))
        seen.add(f"n{len(hand['participants'])}")
        if "solo" in hand:
            seen.add(hand["solo"])
        if hand.get("lengetes_ulti"):
            seen.add(hand["lengetes_ulti"]["mode"])
        for f in hand.get("figures", []):
            seen.add(f["figure"])
            seen.update(k for k in ("with_volat", "unplayable") if f.get(k))
        state = VARIANT.score(hand, state).state
        if state:
            seen.add("double_round")
    expected = {"played", "thrown_in", "redeal", "renonsz", "n4", "n5", "n6", "n7", *tv.SOLO_CASES,
                "obligatory", "optional", *tv.FIGURES, "with_volat", "unplayable", "double_round"}  # fmt: skip
    assert expected <= seen
