"""Taruk 2012 engine against its spec (``shared/rules/taruk2012.md``).

Every worked example (§8.1, plus the small examples of §3.1, §3.3, §3.9, §4.4)
and every rejected input (§8.2) is a parametrised case with the spec's own
numbers (the §8 tables are data: tests/scoring/examples/taruk2012.json); the variant
contract (test_variant_contract.py) covers the rest. No database: run with
``pytest -p no:django``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.types import InvalidHand
from scoring.variants.taruk2012 import rules as tk
from scoring.variants.taruk2012.rules import VARIANT
from scoring.variants.taruk2012.table import PLAN
from tests.samples.taruk2012 import random_hand, random_hand_sequence
from tests.scoring.examples.taruk2012 import (
    ALL0,
    ALL1,
    E1,
    E5,
    E12_BREAKDOWN,
    E26,
    REJECTED,
    WORKED,
    dealt,
    pts,
)


@pytest.mark.parametrize(("hand", "state", "points", "state_out", "lines"), WORKED)
def test_worked_example_scores_as_the_spec_says(hand, state, points, state_out, lines):
    assert VARIANT.validate(hand, state, None) == []
    result = VARIANT.score(hand, state)
    assert result.points == points
    assert result.state == state_out
    if lines is None:
        assert result.breakdown == E12_BREAKDOWN
    else:
        for line in lines:
            assert line in result.breakdown


# §3.3 examples of G and §3.1's P14 example, as whole hands.
@pytest.mark.parametrize(
    ("game", "card_points", "expected"),
    [
        pytest.param("tri", 48, 25, id="3.3-tri-48"),
        pytest.param("dve", 29, -25, id="3.3-dve-29"),
        pytest.param("solo_tri", 36, 40, id="3.3-solo-tri-36-no-difference"),
        pytest.param("solo_tri", 37, 40, id="3.3-solo-tri-37-no-difference"),
        pytest.param("tri", 35, -10, id="3.3-tri-35-lost"),
        pytest.param("tri", 36, 10, id="1.3-P16-35-and-one-card-wins"),
        pytest.param("tri", 18, -10 - 15, id="1.3-P14-17-and-one-card-18-to-20"),
        pytest.param("tri", 52, 10 + 15, id="1.3-P14-52-and-two-cards-52-to-50"),
    ],
)
def test_game_value_plus_difference(game, card_points, expected):
    hand = dealt("D", game, declarer="A", card_points=card_points)
    if game in ("tri", "dve"):
        hand |= {"called_king": "hearts", "partner": None}
    assert VARIANT.score(hand, {}).points["A"] == expected


@pytest.mark.parametrize(
    ("n", "expected"),
    [(18, 20), (17, 15), (52, 50), (53, 55), (36, 35), (38, 40), (33, 35), (32, 30)],
    ids=lambda v: str(v),
)
def test_round5_examples_of_3_1(n, expected):
    assert tk.round5(n) == expected


@pytest.mark.parametrize(
    ("x", "expected"),
    [
        (50, 25),
        (30, 15),
        (25, 15),
        (35, 20),
        (115, 60),
        (230, 115),
        (5, 5),
        (0, 0),
        (-25, -15),
        (-60, -30),
        (-115, -60),
    ],
    ids=lambda v: str(v),
)
def test_half_share_examples_of_3_1(x, expected):
    # Negative odd totals move 5 away from zero: our reading A3.
    assert tk.half_share(x) == expected


def test_round5_of_both_sides_always_adds_up_to_70():
    # §1.3: the two recorded integers add up to 70, and so do their rounded values.
    for n in range(71):
        assert tk.round5(n) + tk.round5(70 - n) == 70


@pytest.mark.parametrize(
    ("points", "score"),
    [(0, 0), (1, 0), (2, 0), (3, -5), (7, -5), (12, -10), (13, -15), (31, -30), (33, -35), (34, -35)],
    ids=lambda v: str(v),
)
def test_normal_klop_rounding_examples_of_3_9(points, score):
    rest = 70 - points
    others = [rest // 3, rest // 3, rest - 2 * (rest // 3)]
    if max(others) >= 35:
        pytest.skip("another player would be full")
    hand = dealt("D", "klop", klop_points=dict(zip("ABCD", [points, *others], strict=True)))
    assert VARIANT.score(hand, {}).points["A"] == score


def test_klop_at_exactly_35_is_full():
    # K3 "at least 35" (A2): 35 is full, unlike the 36 needed to win a game.
    hand = dealt("D", "klop", klop_points={"A": 35, "B": 35, "C": 0, "D": 0})
    assert VARIANT.score(hand, {}).points == pts(-70, -70, 0, 0)


def test_klop_kontra_broken_and_other_players_score_nothing():
    hand = dealt("D", "klop", klop_kontra=[{"seat": "A", "no_trick": False}, {"seat": "B", "no_trick": True}])
    assert VARIANT.score(hand, {}).points == pts(-70, 70, 0, 0)


def test_radelc_sequence_example_of_4_4():
    """§4.4: hand 5 klop, 6 tri won for 25, 7 solo brez, 8 stopped, 9 berač."""
    hand5 = dealt("A", "klop", klop_points={"A": 10, "B": 20, "C": 20, "D": 20})
    hand6 = dealt("B", "tri", declarer="C", called_king="hearts", partner="A", card_points=48)
    hand7 = dealt("C", "solo_brez", declarer="A", card_points=40)
    hand8 = dealt("D", "none", penalties=[{"type": "renons", "seat": "B"}])
    hand9 = dealt("A", "berac", declarer="C", won=True)
    r5 = VARIANT.score(hand5, {})
    assert r5.state == ALL1
    r6 = VARIANT.score(hand6, r5.state)
    assert (r6.points["C"], r6.points["A"]) == (50, 25)
    assert r6.state == ALL0
    r7 = VARIANT.score(hand7, r6.state)
    assert r7.points["A"] == 80 + 5  # scored normally, no radelc
    assert r7.state == ALL1
    r8 = VARIANT.score(hand8, r7.state)
    assert r8.points == pts(0, -70, 0, 0)  # renons default -70, never doubled
    assert r8.state == ALL1
    r9 = VARIANT.score(hand9, r8.state)
    assert r9.points["C"] == 140
    assert r9.state == ALL1


def test_five_seat_dealer_sitting_out_can_be_penalised():
    hand = {
        **E26,
        "penalties": [
            {"type": "misdeal", "seat": "E", "warning": False},
            {"type": "renons", "seat": "E", "points": -35},
        ],
    }
    result = VARIANT.score(hand, {})
    assert result.points == pts(0, 0, 50, 0, -55)
    assert "renons by E: -35 (judge's decision, R4)" in result.breakdown


# --- §8.2 rejected inputs ---------------------------------------------------------


@pytest.mark.parametrize(("hand", "state", "field", "code", "reason"), REJECTED)
def test_rejected_input_names_the_field_and_the_reason(hand, state, field, code, reason):
    errors = VARIANT.validate(hand, state, None)
    assert [(e.field, e.code) for e in errors] == [(field, code)], errors
    assert reason in errors[0].message
    with pytest.raises(InvalidHand):
        VARIANT.score(hand, state)


def test_all_errors_are_reported_at_once():
    hand = {**E1, "card_points": 71, "partner": "B", "kontra": 2, "mondfang": "Z"}
    fields = {e.field for e in VARIANT.validate(hand, {"radelci": {"A": 3}}, None)}
    assert fields == {"card_points", "partner", "kontra", "mondfang", "state.radelci.A"}


def test_mond_in_talon_false_is_accepted_anywhere():
    # Rule 22 only rejects true; false is the default (our reading of §5.1 vs §5.6).
    assert VARIANT.validate({**E5, "mond_in_talon": False}, {}, None) == []


def test_a_config_is_rejected_because_taruk_has_none():
    assert VARIANT.validate_config(None) == []
    assert VARIANT.validate_config({}) == []
    assert [e.field for e in VARIANT.validate_config({"point_table": {}})] == ["config.point_table"]
    assert [e.field for e in VARIANT.validate(E1, {}, [])] == ["config"]


# --- table facts, seats and rotation (§1.4, §7.3, §7.6) ------------------------------


def test_table_facts():
    facts = PLAN
    assert (facts.min_seats, facts.max_seats, facts.players_per_hand) == (4, 5, 4)
    assert facts.default_hands_per_round == 12
    # Not zero-sum: the partner gets half (P15), opponents' bonuses are not charged (A6).
    assert facts.zero_sum is False
    assert sum(VARIANT.score(E1, {}).points.values()) != 0
    assert VARIANT.key == "taruk2012"
    assert VARIANT.rules_version.startswith("taruk2012/")


@pytest.mark.parametrize(
    ("table", "dealer", "seats", "following"),
    [
        (["A", "B", "C", "D"], "A", ["B", "C", "D", "A"], "B"),
        (["A", "B", "C", "D"], "D", ["A", "B", "C", "D"], "A"),
        (["A", "B", "C", "D", "E"], "E", ["A", "B", "C", "D"], "A"),
        (["A", "B", "C", "D", "E"], "B", ["C", "D", "E", "A"], "C"),
    ],
    ids=["4-dealer-A", "4-dealer-D", "5-dealer-E-sits-out", "5-dealer-B-sits-out"],
)
def test_playing_seats_and_next_dealer(table, dealer, seats, following):
    assert VARIANT.playing_seats(table, dealer, {}) == seats
    assert VARIANT.next_dealer(table, dealer) == following


@pytest.mark.parametrize(("table", "hands", "deals"), [("ABCD", 12, 3), ("ABCDE", 10, 2)])
def test_every_seat_deals_equally_often_in_a_round(table, hands, deals):
    dealer, counts = "A", dict.fromkeys(table, 0)  # hand 1 is dealt by A (P1)
    for _ in range(hands):
        counts[dealer] += 1
        dealer = VARIANT.next_dealer(list(table), dealer)
    assert set(counts.values()) == {deals}


def test_playing_seats_rejects_a_table_taruk_does_not_have():
    with pytest.raises(ValueError, match="A-D or A-E"):
        VARIANT.playing_seats(["A", "B", "C"], "A", {})
    with pytest.raises(ValueError, match="not at the table"):
        VARIANT.next_dealer(["A", "B", "C", "D"], "E")


# --- what Taruk adds to the variant contract (tests/scoring/test_variant_contract.py) ---------------

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(st.randoms(use_true_random=False))
def test_points_are_multiples_of_five_apart_from_judges_penalties(rng):
    # §3: "all points are integers and, apart from penalties set by a judge, multiples of 5".
    # (The variant is not zero-sum, so this takes the place of a zero-sum check.)
    hand, state = random_hand(rng)
    for p in hand.get("penalties", []):
        if p["type"] == "renons":
            p.pop("points", None)
    result = VARIANT.score(hand, state)
    assert all(v % 5 == 0 for v in result.points.values())


@PROPERTY
@given(st.randoms(use_true_random=False))
def test_after_each_hand_every_seat_has_a_radelc_status_the_next_hand_accepts(rng):
    """§4.4: the state names 0 or 1 for each seat at the table, and is a valid state for the next hand;
    §4.2: after a played hand every seat has the same status."""
    state: dict[str, Any] = {}
    for hand in random_hand_sequence(random.Random(rng.getrandbits(64)), 6):
        result = VARIANT.score(hand, state)
        radelci = result.state["radelci"]
        assert result.state == {"radelci": radelci} and sorted(radelci) == sorted({*hand["seats"], hand["dealer"]})
        assert all(v in (0, 1) and type(v) is int for v in radelci.values())
        assert VARIANT.validate(hand, result.state, None) == []
        if hand["game"] != "none":
            assert len(set(radelci.values())) == 1
        state = result.state


def test_sample_sequences_cover_every_game():
    rng = random.Random(7)
    games = {h["game"] for _ in range(40) for h in random_hand_sequence(rng, 12)}
    assert games == set(tk.GAMES)
