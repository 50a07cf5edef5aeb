"""Taruk 2012 event options against the spec (``shared/rules/taruk2012.md`` §4.5, §6, §7.6).

The organizer's readings of P27 (``radelc``) and P15 (``partner_share``) arrive as the
engine's ``config``; the table-tie rule (``table_ties``) is a tournament setting computed by
``scoring.variants.taruk2012.ties``. Every example of §4.5 is a case here with the spec's
numbers; property tests cover random hand sequences. No database: run with ``-p no:django``.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import evaluate
from scoring.types import HandScore
from scoring.variants.taruk2012 import rules as tk
from scoring.variants.taruk2012 import ties
from scoring.variants.taruk2012.rules import VARIANT
from tests.samples.taruk2012 import random_hand, random_hand_sequence
from tests.scoring.examples.taruk2012 import dealt as hand
from tests.scoring.examples.taruk2012 import pts
from tests.scoring.examples.taruk2012_options import (
    ALL_CONFIGS,
    DEFAULTS,
    HOLDER,
    KLOP,
    KLOP_KONTRA,
    LITERAL,
    RULE_CASES,
    SEQUENCE,
    STOPPED,
    TRI_LOST,
    counts,
)

V = "taruk2012"


def score(h: dict[str, Any], state: dict[str, Any], config: dict[str, Any] | None) -> HandScore:
    result = evaluate(h, state, config)
    assert isinstance(result, HandScore), result
    return result


def errors(h: dict[str, Any], state: Any, config: Any) -> list[tuple[str, str]]:
    return [(e.field, e.code) for e in VARIANT.validate(h, state, config)]


# --- §4.5: the holder_plays sequence ------------------------------------------------


def test_the_holder_plays_sequence_of_4_5_scores_and_carries_radelci_as_the_table_says():
    state: dict[str, Any] = {}
    for number, (h, points, after) in enumerate(SEQUENCE, start=1):
        result = score(h, state, HOLDER)
        assert (number, result.points) == (number, points)
        assert (number, result.state) == (number, counts(*after))
        state = result.state


def test_the_same_hands_under_next_hand_double_every_hand_after_a_trigger_only():
    # The contrast the option exists for: with next_hand the dve of hand 2 is doubled
    # (radelci from the klop), the solo tri of hand 3 is not (they were gone after hand 2),
    # the berač of hand 4 is not, and the dve of hand 5 is doubled again (after the berač).
    expected = [pts(-15, -25, -30, 0), pts(0, 70, 0, 35), pts(0, 0, -45, 0), pts(70, 0, 0, 0), pts(25, 0, 0, 50)]
    state: dict[str, Any] = {}
    for (h, _, _), points in zip(SEQUENCE, expected, strict=True):
        result = score(h, state, None)
        assert result.points == points
        state = result.state


def test_the_breakdown_says_who_held_how_many_and_that_one_was_used():
    state = counts(1, 1, 1, 2)
    lines = score(SEQUENCE[4][0], state, HOLDER).breakdown
    assert "declaring side total: 25; declarer D holds 2 radelci, doubling once -> x2 -> D scores 50; " in "\n".join(
        lines
    )
    assert any(line.endswith("one radelc used") for line in lines)
    assert "radelci after this hand: A 1, B 1, C 1, D 1" in lines
    first = score(SEQUENCE[1][0], counts(1, 1, 1, 1), HOLDER).breakdown
    assert "declaring side total: 35; declarer B holds a radelc (1) -> x2 -> B scores 70; one radelc used" in (first)
    assert "radelci of A, C, D not used: only the declarer uses his" in first


# --- §4.5 holder_plays: rules 1-7 one by one ---------------------------------------------


@pytest.mark.parametrize(("h", "before", "points", "after"), RULE_CASES.values(), ids=RULE_CASES.keys())
def test_holder_plays_rules_1_to_7(h, before, points, after):
    result = score(h, counts(*before), HOLDER)
    assert result.points == pts(*points)
    assert result.state == counts(*after)


def test_next_hand_doubles_the_opponents_bonuses_too():
    h = RULE_CASES["opponents' bonuses are not doubled"][0]
    assert score(h, counts(1, 1, 1, 1), None).points == pts(20, 90, 20, 20)


def test_at_a_five_seat_table_the_sitting_out_dealer_gains_and_keeps_his_own():
    # Rule 5 and §7.6: the dealer E sits out; the solo brez (a trigger) gives every seat one.
    h = hand("E", "solo_brez", table="ABCDE", declarer="B", card_points=40)
    result = score(h, counts(0, 1, 0, 0, 2, table="ABCDE"), HOLDER)
    # S = 80 + 5 = 85, B holds one -> 170.
    assert result.points == pts(0, 170, 0, 0, 0, table="ABCDE")
    assert result.state == counts(1, 1, 1, 1, 3, table="ABCDE")


def test_the_breakdown_of_klop_and_a_stopped_hand_shows_the_counts():
    kontra = "\n".join(score(KLOP_KONTRA, counts(1, 0, 2, 0), HOLDER).breakdown)
    assert "klop-kontra by C: took no trick: +70; C holds 2 radelci, doubling once -> x2 -> C scores +140 (K2); " in (
        kontra
    )
    assert "radelci are not used in a normal klop (K3)" in score(KLOP, counts(2, 0, 1, 0), HOLDER).breakdown
    assert "radelci after this hand: unchanged, the hand was not played (A13): A 2, B 0, C 1, D 3" in (
        score(STOPPED, counts(2, 0, 1, 3), HOLDER).breakdown
    )


def test_the_state_always_names_every_seat_even_from_an_empty_or_partial_state():
    # Rule 6 and §4.4: a missing seat counts as 0; the engine returns every seat.
    result = score(TRI_LOST, {"radelci": {"B": 2}}, HOLDER)
    assert result.state == counts(0, 1, 0, 0)
    assert score(TRI_LOST, {}, HOLDER).state == counts(0, 0, 0, 0)


def test_counts_above_one_are_valid_state_only_under_holder_plays():
    # Validation 25: "with holder_plays: other than a non-negative integer".
    assert errors(TRI_LOST, counts(0, 7, 0, 0), HOLDER) == []
    assert errors(TRI_LOST, counts(0, 2, 0, 0), None) == [("state.radelci.B", "invalid_value")]
    assert errors(TRI_LOST, counts(0, -1, 0, 0), HOLDER) == [("state.radelci.B", "invalid_value")]
    assert errors(TRI_LOST, counts(0, True, 0, 0), HOLDER) == [("state.radelci.B", "invalid_value")]
    assert errors(TRI_LOST, counts(0, 1.0, 0, 0), HOLDER) == [("state.radelci.B", "invalid_value")]
    assert errors(TRI_LOST, {"radelci": {"E": 1}}, HOLDER) == [("state.radelci.E", "invalid_value")]


# --- §4.5 partner_share: literal -----------------------------------------------------


@pytest.mark.parametrize(
    ("x", "literal", "magnitude"),
    [
        (115, 60, 60),
        (25, 15, 15),
        (-115, -55, -60),
        (-25, -10, -15),
        (-35, -15, -20),
        # Even multiples of 10 and positives: the two readings agree (§4.5).
        (-60, -30, -30),
        (0, 0, 0),
        (5, 5, 5),
        (-5, 0, -5),
    ],
)
def test_half_share_literal_examples_of_4_5(x, literal, magnitude):
    assert tk.half_share_literal(x) == literal
    assert tk.half_share(x) == magnitude


def test_a_losing_declarer_shares_5_points_less_loss_with_his_partner_under_literal():
    # Tri lost with 30 card points: G = -10 - 5 = -15. Partner: magnitude -(15 + 5) / 2 = -10,
    # literal (-15 + 5) / 2 = -5.
    assert score(TRI_LOST, {}, None).points == pts(0, -15, -10, 0)
    assert score(TRI_LOST, {}, LITERAL).points == pts(0, -15, -5, 0)
    assert "partner C: half of -15 = (-15 + 5) / 2 = -5 (P15 read literally)" in (
        score(TRI_LOST, {}, LITERAL).breakdown
    )


def test_a_winning_declarer_shares_the_same_under_both_readings():
    h = hand("A", "dve", declarer="B", called_king="hearts", partner="D", card_points=48)  # 35
    assert score(h, {}, None).points == score(h, {}, LITERAL).points == pts(0, 35, 0, 20)


def test_both_options_together_share_the_doubled_score_literally():
    # Holder_plays doubles -15 to -30 (even): the readings agree again; with an odd doubled
    # score impossible (2 x a multiple of 5 is a multiple of 10), literal only matters undoubled.
    both = {"radelc": "holder_plays", "partner_share": "literal"}
    assert score(TRI_LOST, counts(0, 1, 0, 0), both).points == pts(0, -30, -15, 0)
    assert score(TRI_LOST, counts(1, 0, 1, 1), both).points == pts(0, -15, -5, 0)


# --- config validation (§4.5, hand-format.md) ----------------------------------------------


@pytest.mark.parametrize(
    ("config", "expected"),
    [
        ({"radelc": "holder_plays", "partner_share": "literal"}, []),
        (DEFAULTS, []),
        ({}, []),
        (None, []),
        # Our reading: null is "not given", as for the hand's own fields (§5.1).
        ({"radelc": None}, []),
        ({"radelc": "after_win"}, [("config.radelc", "invalid_value")]),
        ({"radelc": 1}, [("config.radelc", "invalid_value")]),
        ({"partner_share": "half"}, [("config.partner_share", "invalid_value")]),
        ({"table_ties": "dense"}, [("config.table_ties", "unknown_field")]),  # a tournament setting
        (
            {"radelc": "Holder_plays", "partner_share": "", "x": 1},
            [
                ("config.radelc", "invalid_value"),
                ("config.partner_share", "invalid_value"),
                ("config.x", "unknown_field"),
            ],
        ),
        (["holder_plays"], [("config", "invalid_value")]),
        ("holder_plays", [("config", "invalid_value")]),
    ],
)
def test_config_is_checked_naming_the_key_and_the_code(config, expected):
    assert [(e.field, e.code) for e in VARIANT.validate_config(config)] == expected
    # validate reports the same errors together with the hand's.
    assert errors(TRI_LOST, {}, config) == expected


def test_the_engine_rejects_a_bad_option_before_scoring_and_names_the_values():
    result = evaluate(TRI_LOST, {}, {"radelc": "next"})
    assert not isinstance(result, HandScore)
    assert [(e.field, e.code, e.message) for e in result] == [
        ("config.radelc", "invalid_value", "radelc must be one of next_hand, holder_plays")
    ]


def test_options_reads_missing_keys_as_the_first_value():
    assert tk.options(None) == tk.options({}) == tk.Options("next_hand", "magnitude")
    assert tk.options({"partner_share": "literal"}) == tk.Options("next_hand", "literal")
    assert tk.options({"radelc": "holder_plays", "partner_share": None}) == tk.Options("holder_plays", "magnitude")


# --- table ties (§4.5 last paragraph, §6, §7.6, A29) -------------------------------------

H = Fraction(1, 2)


@pytest.mark.parametrize(
    ("totals", "dense_places", "dense_points"),
    [
        # The dense examples of §4.5.
        ((120, 120, -35, -80), (1, 1, 2, 3), (2, 2, 1 + H, 1)),
        ((50, 50, 50, -10), (1, 1, 1, 2), (2, 2, 2, 1 + H)),
        ((30, 30, -15, -15), (1, 1, 2, 2), (2, 2, 1 + H, 1 + H)),
    ],
)
def test_dense_ties_examples_of_4_5(totals, dense_places, dense_points):
    t = dict(zip("ABCD", totals, strict=True))
    assert tuple(ties.places(t, "dense").values()) == dense_places
    assert tuple(ties.ranking_points(t, "dense").values()) == dense_points


@pytest.mark.parametrize(
    ("totals", "places", "points"),
    [
        # The competition table of §6 (A29) and §8.3's R1-R3.
        ((120, 120, -35, -80), (1, 1, 3, 4), (2, 2, 1, H)),
        ((60, -5, -5, -150), (1, 2, 2, 4), (2, 1 + H, 1 + H, H)),
        ((40, 10, -30, -30), (1, 2, 3, 3), (2, 1 + H, 1, 1)),
        ((50, 50, 50, -10), (1, 1, 1, 4), (2, 2, 2, H)),
        ((95, 10, 10, 10), (1, 2, 2, 2), (2, 1 + H, 1 + H, 1 + H)),
        ((-20, -20, -20, -20), (1, 1, 1, 1), (2, 2, 2, 2)),
        ((30, 30, -15, -15), (1, 1, 3, 3), (2, 2, 1, 1)),
    ],
)
def test_competition_ties_examples_of_6(totals, places, points):
    t = dict(zip("ABCD", totals, strict=True))
    assert tuple(ties.places(t, "competition").values()) == places
    assert tuple(ties.ranking_points(t).values()) == points  # the default setting
    assert tuple(ties.ranking_points(t, "competition").values()) == points


def test_without_ties_both_settings_give_the_ladder_of_6():
    t = {"A": 5, "B": 40, "C": -25, "D": -20}
    expected = {"A": Fraction(3, 2), "B": Fraction(2), "C": H, "D": Fraction(1)}
    assert ties.ranking_points(t, "competition") == ties.ranking_points(t, "dense") == expected


def test_five_seat_ties_index_the_ladder_of_7_6():
    # §7.6: 2, 1.625, 1.25, 0.875, 0.5; "ties as in section 6".
    t = {"A": 50, "B": 50, "C": 10, "D": 10, "E": -20}
    assert ties.ranking_points(t, "competition") == {
        "A": Fraction(2),
        "B": Fraction(2),
        "C": Fraction(5, 4),
        "D": Fraction(5, 4),
        "E": H,
    }
    assert ties.ranking_points(t, "dense") == {
        "A": Fraction(2),
        "B": Fraction(2),
        "C": Fraction(13, 8),
        "D": Fraction(13, 8),
        "E": Fraction(5, 4),
    }
    spread = {"A": 4, "B": 3, "C": 2, "D": 1, "E": 0}
    assert [float(v) for v in ties.ranking_points(spread, "dense").values()] == [2, 1.625, 1.25, 0.875, 0.5]


def test_an_unknown_tie_setting_or_table_size_is_refused():
    with pytest.raises(ValueError, match="table_ties"):
        ties.places({"A": 1, "B": 2, "C": 3, "D": 4}, "average")
    with pytest.raises(ValueError, match="4 or 5 players"):
        ties.ranking_points({"A": 1, "B": 2, "C": 3})


# --- properties over random hand sequences ----------------------------------------------

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.randoms(use_true_random=False)


def players(h: dict[str, Any]) -> list[str]:
    """Who "plays a game" in the sense of §4.5 rules 2-3: the declarer, or klop-kontra's pledgers."""
    if h["game"] == "klop":
        return [e["seat"] for e in h.get("klop_kontra") or []]
    return [] if h["game"] == "none" else [h["declarer"]]


def expected_counts(h: dict[str, Any], before: dict[str, int], table: list[str]) -> dict[str, int]:
    """§4.5 rules 1-5 written out independently of the engine: use, then gain."""
    after = {s: before.get(s, 0) for s in table}
    game = h["game"]
    if game == "none":
        return after
    for s in players(h):
        if after[s] >= 1:
            after[s] -= 1
    trigger = game in ("klop", "berac", "solo_brez", "valat") or any(
        b["type"] == "valat" for b in h.get("bonuses") or []
    )
    return {s: n + trigger for s, n in after.items()}


def doubling_state(h: dict[str, Any], before: dict[str, int]) -> dict[str, Any]:
    """The next_hand state in which exactly the seats §4.5 rule 7 doubles hold a radelc."""
    return {"radelci": {s: 1 for s in players(h) if before.get(s, 0) >= 1}}


@PROPERTY
@given(SEEDS)
def test_holder_plays_follows_rules_1_to_7_over_random_rounds(rng):
    # Counts: rules 1-5 written out above; never below 0; every seat named (rule 6).
    # Points, rule 7: r(declarer) = 2 once when he holds one, r = 1 elsewhere; the default
    # engine (proven by test_taruk2012.py) with exactly those seats holding a radelc agrees.
    seq = random_hand_sequence(random.Random(rng.getrandbits(64)), 12)
    state: dict[str, Any] = {}
    for h in seq:
        table = sorted(set(h["seats"]) | {h["dealer"]})
        before = state.get("radelci", {})
        assert VARIANT.validate(h, state, HOLDER) == []
        result = VARIANT.settle(h, state, HOLDER)
        assert list(result.state["radelci"]) == table
        assert all(type(n) is int and n >= 0 for n in result.state["radelci"].values())
        assert result.state["radelci"] == expected_counts(h, before, table)
        assert result.points == VARIANT.score(h, doubling_state(h, before), None).points
        state = json.loads(json.dumps(result.state))


@PROPERTY
@given(SEEDS)
def test_points_depend_on_hand_state_and_config_only(rng):
    # Score a whole sequence, then every hand again alone, out of order, from a JSON copy of
    # its state: the answer is the same (no memory between calls), and the input is untouched.
    config = ALL_CONFIGS[rng.randrange(len(ALL_CONFIGS))]
    seq = random_hand_sequence(random.Random(rng.getrandbits(64)), 8)
    state: dict[str, Any] = {}
    answers = []
    for h in seq:
        answers.append((h, state, VARIANT.score(h, state, config).as_dict()))
        state = answers[-1][2]["state"]
    for h, before, answer in reversed(answers):
        h_copy, before_copy = copy.deepcopy(h), json.loads(json.dumps(before))
        assert VARIANT.score(h_copy, before_copy, copy.deepcopy(config)).as_dict() == answer
        assert h_copy == h


@PROPERTY
@given(SEEDS)
def test_the_default_config_spelled_out_or_left_out_gives_the_same_answer(rng):
    h, state = random_hand(rng)
    expected = VARIANT.score(h, state, None).as_dict()
    for config in ({}, DEFAULTS, {"radelc": "next_hand"}, {"partner_share": "magnitude"}, {"radelc": None}):
        assert VARIANT.score(h, state, config).as_dict() == expected


def _penalties_of(h: dict[str, Any], seat: str) -> int:
    """A seat's penalty points in ``h`` (§3.10), to recover his game score from his points."""
    total = -20 if h.get("mondfang") == seat else 0
    if h.get("mond_in_talon") and h.get("declarer") == seat:
        total -= 20
    for p in h.get("penalties") or []:
        if p["seat"] == seat:
            total += p.get("points", -70) if p["type"] == "renons" else (0 if p["warning"] else -20)
    return total


@PROPERTY
@given(SEEDS)
def test_literal_differs_only_for_the_partner_of_a_negative_odd_total_by_five(rng):
    h, state = random_hand(rng)
    magnitude = VARIANT.score(h, state, None)
    literal = VARIANT.score(h, state, LITERAL)
    assert literal.state == magnitude.state
    expected = dict.fromkeys(magnitude.points, 0)
    partner = h.get("partner")
    if partner is not None:
        final = magnitude.points[h["declarer"]] - _penalties_of(h, h["declarer"])
        # In a made valat or barvni valat the partner gets the same, not half (P15, BV6).
        same = any(b["type"] == "barvni_valat" or (b["type"] == "valat" and b["made"]) for b in h.get("bonuses") or [])
        if not same and final < 0 and final % 10 == 5:
            expected[partner] = 5
    assert {s: literal.points[s] - magnitude.points[s] for s in magnitude.points} == expected


@PROPERTY
@given(SEEDS)
def test_from_an_empty_state_both_radelc_readings_agree_on_the_first_hand(rng):
    # Nobody holds a radelc at the start of a round, so the first hand cannot differ;
    # the states agree too (all 0, or all 1 after a trigger).
    h, _ = random_hand(rng)
    assert VARIANT.score(h, {}, HOLDER).as_dict()["points"] == VARIANT.score(h, {}, None).as_dict()["points"]
    assert VARIANT.score(h, {}, HOLDER).state == VARIANT.score(h, {}, None).state
