"""ulti-mausz (MAUSZ 2017): the spec's worked examples (data: tests/scoring/examples/ulti_mausz.json), its
validation rules, every renonsz case of §4.3, and what ulti adds to the variant contract
(test_variant_contract.py).

Spec: /work/shared/rules/ulti-mausz.md. Run without Django:
    .venv/bin/python -m pytest -p no:django -p no:cacheprovider tests/scoring/test_ulti_mausz.py
"""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import evaluate
from scoring.types import HandScore, InvalidHand
from scoring.variants.ulti_mausz import rules as um
from scoring.variants.ulti_mausz.rules import BID_TABLE, CASES, VARIANT
from scoring.variants.ulti_mausz.table import PLAN
from tests.samples.ulti_mausz import random_hand, random_hand_sequence
from tests.scoring.examples.ulti_mausz import (
    ACCEPTED,
    BASE,
    BREAKDOWN,
    EXAMPLES,
    PLAYED,
    POINTS,
    REJECTED,
    RENONSZ_CASES,
    SKELETON_BREAKDOWN,
)
from tests.scoring.json_paths import derived


def score(hand: dict[str, Any], state: Any = None) -> Any:
    return VARIANT.score(hand, {} if state is None else state)


def errors_of(hand: Any, state: Any = None, config: Any = None) -> list[tuple[str, str]]:
    return [(e.field, e.code) for e in VARIANT.validate(hand, {} if state is None else state, config)]


@pytest.mark.parametrize("n", sorted(EXAMPLES), ids=[f"s7-example-{n:02d}" for n in sorted(EXAMPLES)])
def test_worked_example_scores_as_printed(n: int) -> None:
    result = score(EXAMPLES[n])
    assert result.points == POINTS[n]
    assert result.state == {}
    assert sum(result.points.values()) == 0
    for expected in BREAKDOWN[n]:
        assert any(expected in line for line in result.breakdown), (expected, result.breakdown)


def test_skeleton_breakdown_is_the_recommended_one() -> None:
    # §5.3 prints the breakdown of its skeleton hand (identical to Example 24).
    assert score(EXAMPLES[24]).breakdown == SKELETON_BREAKDOWN


def test_a_defenders_lost_trump_seven_costs_nothing() -> None:
    # Example 2 / §3.4 item 3 (A8): no line at all for C's seven.
    assert not any("silent ulti" in line for line in score(EXAMPLES[2]).breakdown)


def test_the_input_state_is_ignored_and_the_empty_state_returned() -> None:
    # §5.3: "ulti has no state carried between deals".
    assert score(EXAMPLES[1], {}).state == {}


# --- §2.3 the bid table is data ----------------------------------------------------------------


def test_bid_table_has_54_rows_41_grades_and_30_keys() -> None:
    rows = sorted(BID_TABLE.values(), key=lambda r: r.row)
    assert [r.row for r in rows] == list(range(1, 55))
    assert sorted({r.grade for r in rows}) == list(range(1, 42))
    assert [r.grade for r in rows] == sorted(r.grade for r in rows)  # grades never go down
    assert len({key for key, _ in BID_TABLE}) == 30
    assert len(um.COLOURLESS) == 6
    assert max(r.total for r in rows) == 48  # 5.§(3)
    assert BID_TABLE[("20-100+ulti+teritett_durchmars", True)].total == 48


@pytest.mark.parametrize("key_red", sorted(BID_TABLE), ids=lambda k: f"{k[0]}{'-red' if k[1] else ''}")
def test_bid_row_is_consistent_with_section_2_1(key_red: tuple[str, bool]) -> None:
    key, red = key_red
    row = BID_TABLE[key_red]
    base = {
        "parti": 1,
        "40-100": 4,
        "20-100": 8,
        "4asz": 4,
        "ulti": 4,
        "durchmars": 6,
        "teritett_durchmars": 12,
        "betli": 5,
        "rebetli": 10,
        "teritett_betli": 20,
        "szintelen_durchmars": 6,
        "redurchmars": 12,
        "szintelen_teritett_durchmars": 24,
    }
    named = key.split("+")
    # §2.1 notes: only bids made of ulti and/or 4 ász carry the automatic parti.
    auto_parti = set(named) <= {"ulti", "4asz"}
    assert set(row.components) == set(named) | ({"parti"} if auto_parti else set())
    factor = 2 if red else 1
    assert row.components == {c: base[c] * factor for c in row.components}
    assert row.total == sum(row.components.values())


# --- §5.4 rejected inputs ---------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "expected"), REJECTED)
def test_hand_is_rejected_with_field_and_code(hand: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert errors_of(hand) == expected
    with pytest.raises(InvalidHand):
        score(hand)


def test_forbidden_combination_message_cites_section_5() -> None:
    hand = {**EXAMPLES[24], "bid": "40-100+szintelen_durchmars"}
    (error,) = VARIANT.validate(hand, {}, None)
    assert error.message == "combination forbidden by 5.§"


def test_betli_in_red_is_told_to_use_rebetli() -> None:
    (error,) = VARIANT.validate({**EXAMPLES[18], "trump": "piros"}, {}, None)
    assert "rebetli" in error.message


def test_all_errors_are_reported_at_once() -> None:
    changes = {"declarer": "D", "bid": "ultimo", "kontra": {"ulti": 3}, "gave_up": "maybe", "extra": 1}
    hand = derived(EXAMPLES[24], {**changes, "play.declarer_tricks": 12})
    assert set(errors_of(hand)) >= {
        ("extra", "unknown_field"),
        ("declarer", "invalid_value"),
        ("bid", "unknown_bid"),
        ("kontra.ulti", "invalid_value"),
        ("gave_up", "inconsistent"),
        ("play.declarer_tricks", "out_of_range"),
    }


@pytest.mark.parametrize("state", [{"radelc": 1}, {}, None], ids=["members", "empty", "none"])
def test_the_input_state_is_ignored_and_empty_state_returned(state: Any) -> None:
    """§5.3: "the input `state` is ignored and `{}` is returned". (An earlier reading rejected a
    state with members; the spec's sentence is explicit, found by an audit against the text.)
    Example 1: T_D = 60 + 20 = 80 > T_X = 30 + 20 = 50, parti made, +1 per defender."""
    result = evaluate(EXAMPLES[1], state, None)
    assert isinstance(result, HandScore)
    assert (result.points, result.state) == ({"A": 2, "B": -1, "C": -1}, {})


def test_a_state_that_is_not_an_object_is_refused_by_the_engine() -> None:
    result = evaluate(EXAMPLES[1], [], None)
    assert [(e.field, e.code) for e in result] == [("state", "invalid_value")]


def test_ulti_has_no_event_configuration() -> None:
    assert VARIANT.validate_config(None) == []
    assert VARIANT.validate_config({}) == []
    assert [(e.field, e.code) for e in VARIANT.validate_config({"point_table": {}})] == [
        ("config.point_table", "unknown_field")
    ]
    assert [(e.field, e.code) for e in VARIANT.validate_config("x")] == [("config", "invalid_value")]  # type: ignore[arg-type]
    assert errors_of(EXAMPLES[1], config={"x": 1}) == [("config.x", "unknown_field")]


@pytest.mark.parametrize("hand", ACCEPTED)
def test_hand_is_accepted(hand: dict[str, Any]) -> None:
    assert errors_of(hand) == []
    result = score(hand)
    assert sum(result.points.values()) == 0


def test_every_case_of_section_4_3_is_covered() -> None:
    assert sorted(p.id.removeprefix("4.3-") for p in RENONSZ_CASES) == sorted(CASES)


@pytest.mark.parametrize(("hand", "points"), RENONSZ_CASES)
def test_renonsz_case_is_settled_per_section_4(hand: dict[str, Any], points: dict[str, int]) -> None:
    result = score(hand)
    assert result.points == points
    assert result.breakdown[0].startswith(f"renonsz {hand['renonsz']['case']} ")


def test_partial_with_a_defender_offender_pays_the_disputed_parti_for_both() -> None:
    # 13.3.12 by B: the parti counts as made; B pays A 1 + 1 and C 1; the ulti (+8) is normal.
    hand = {**copy.deepcopy(BASE), "play": copy.deepcopy(PLAYED), "renonsz": {"case": "13.3.12", "offender": "B"}}
    assert score(hand).points == {"A": 18, "B": -11, "C": -7}


def test_void_deal_scores_zero_at_a_four_seat_table() -> None:
    hand = {"variant": "ulti-mausz", "seats": ["B", "C", "D"], "dealer": "A", "renonsz": {"case": "13.1.2"}}
    assert score(hand).points == {"A": 0, "B": 0, "C": 0, "D": 0}


# --- §1.1 / §6 table facts and seat rotation ---------------------------------------------------


def test_table_facts() -> None:
    facts = PLAN
    assert (facts.min_seats, facts.max_seats, facts.players_per_hand) == (3, 4, 3)
    assert facts.zero_sum is True
    assert facts.default_hands_per_round == 9  # §6.2 proposal, three-seat table
    assert "dealer" in facts.sit_out(4)
    assert VARIANT.key == "ulti-mausz"


@pytest.mark.parametrize(
    ("table", "dealer", "seats", "next_dealer"),
    [
        # §7 examples: dealer C plays last; the forehand is the next seat after the dealer.
        pytest.param(["A", "B", "C"], "C", ["A", "B", "C"], "A", id="1.1-three-dealer-C"),
        pytest.param(["A", "B", "C"], "A", ["B", "C", "A"], "B", id="1.1-three-dealer-A"),
        pytest.param(["A", "B", "C"], "B", ["C", "A", "B"], "C", id="1.1-three-dealer-B"),
        # Example 7: at four seats the dealer sits out.
        pytest.param(["A", "B", "C", "D"], "D", ["A", "B", "C"], "A", id="1.1-four-dealer-D-sits-out"),
        pytest.param(["A", "B", "C", "D"], "B", ["C", "D", "A"], "C", id="1.1-four-dealer-B-sits-out"),
        pytest.param(["D", "C", "B", "A"], "A", ["B", "C", "D"], "B", id="1.1-four-unsorted-table"),
    ],
)
def test_playing_seats_and_next_dealer(table: list[str], dealer: str, seats: list[str], next_dealer: str) -> None:
    assert VARIANT.playing_seats(table, dealer, {}) == seats
    assert VARIANT.next_dealer(table, dealer) == next_dealer
    hand = {**copy.deepcopy(EXAMPLES[1]), "seats": seats, "dealer": dealer, "declarer": seats[0]}
    hand["play"]["marriages"] = []
    assert errors_of(hand) == []  # the seats the rotation gives are what validation wants


def test_rotation_rejects_tables_ulti_cannot_have() -> None:
    with pytest.raises(ValueError, match="three or four"):
        VARIANT.playing_seats(["A", "B"], "A", {})
    with pytest.raises(ValueError, match="dealer"):
        VARIANT.playing_seats(["A", "B", "C"], "D", {})


# --- what ulti adds to the variant contract (tests/scoring/test_variant_contract.py) ------------------


def table_of(hand: dict[str, Any]) -> set[str]:
    return set(hand["seats"]) | {hand["dealer"]}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_a_dealer_who_sits_out_scores_nothing_and_no_state_is_kept(rng: Any) -> None:
    """§1.1: at a four-seat table the dealer sits the deal out and scores 0; §5: no state between deals."""
    hand, state = random_hand(rng)
    result = VARIANT.settle(hand, state, None)
    if hand["dealer"] not in hand["seats"]:
        assert result.points[hand["dealer"]] == 0
    assert result.state == {}


def test_sample_sequence_rotates_the_deal_and_every_hand_is_valid() -> None:
    rng = random.Random(7)
    for _ in range(20):
        hands = random_hand_sequence(rng, 12)
        table = sorted(table_of(hands[0]))
        for prev, nxt in itertools.pairwise(hands):
            assert VARIANT.validate(prev, {}, None) == []
            void = prev.get("renonsz") and CASES[prev["renonsz"]["case"]].type == um.VOID
            expected = prev["dealer"] if void else VARIANT.next_dealer(table, prev["dealer"])
            assert nxt["dealer"] == expected
            assert nxt["seats"] == VARIANT.playing_seats(table, nxt["dealer"], {})


def test_samples_cover_every_row_and_case() -> None:
    rng = random.Random(3)
    rows, cases, gave_up = set(), set(), set()
    for _ in range(4000):
        hand, _ = random_hand(rng)
        if hand.get("bid"):
            rows.add((hand["bid"], hand.get("trump") == "piros"))
        if hand.get("renonsz"):
            cases.add(hand["renonsz"]["case"])
        gave_up.add(hand.get("gave_up"))
    assert rows == set(BID_TABLE)
    assert cases == set(CASES)
    assert {"before_first_card", "after_first_card"} <= gave_up
