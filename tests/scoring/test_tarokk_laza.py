"""Laza tarokk scoring (rules/tarokk-laza.md).

The rules document has no point values (§4.1), so every number here comes from a
table that is ILLUSTRATIVE — NOT FROM THE RULES: ``SPEC_CONFIG`` is the spec's own
§5.5 example table (tests/scoring/examples/tarokk_laza.py, with the worked examples;
their numbers are the spec's), ``TEST_CONFIG`` (tests/samples/tarokk_laza.py) a fuller
test table for the property tests.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.types import InvalidHand
from scoring.variants.tarokk_laza.rules import (
    VARIANT,
    _accepts,
    entries_of,
    evaluate_pair,
    point_table,
    report,
)
from scoring.variants.tarokk_laza.table import PLAN
from tests.samples.tarokk_laza import FUZZ_KEYS, FUZZ_WORDS, TEST_CONFIG, random_hand, random_hand_sequence
from tests.scoring.examples.tarokk_laza import (
    CONFIG_REJECTED,
    L8,
    L8_STATE,
    PAIR_EXAMPLES,
    REJECTED,
    SPEC_CONFIG,
    b,
    deal,
    has_line,
    row,
    with_rows,
)
from tests.scoring.json_paths import all_paths, derived, mutate


def score(hand: dict, state: dict | None = None, config: dict | None = SPEC_CONFIG):
    return VARIANT.score(hand, state or {}, config)


# --- §5.5 worked examples, one pair's entries (data: tests/scoring/examples/tarokk_laza.py) --------


@pytest.mark.parametrize(("attack", "silent", "total", "lines"), PAIR_EXAMPLES)
def test_a_pairs_entries_score_as_the_spec_examples(attack, silent, total, lines):
    result = score(deal(attack, silent_attack=silent))
    assert result.points == {"A": total, "B": 0, "C": 0, "D": total}
    assert has_line(result.breakdown, f"Attack A/D total: {total:+d}" if total else "Attack A/D total: 0")
    for needles in lines:
        assert has_line(result.breakdown, *needles), (needles, result.breakdown)


def test_the_strategy_example_sums_to_820_against_800():
    """§3.7: 7 kontra'd failures and 3 successes beat never bidding the trophy."""
    made = score(deal([b("kassza"), b("mariage"), b("skala")])).points["A"]
    failed = score(deal([b("kassza"), b("mariage"), b("skala", False, k=1)])).points["A"]
    never = score(deal([b("kassza"), b("mariage")])).points["A"]
    assert 7 * failed + 3 * made == 820
    assert 10 * never == 800


def test_the_whole_deal_l8():
    result = score(L8, {})
    assert result.points == {"A": 130, "B": -10, "C": -10, "D": 130}
    assert result.state == L8_STATE
    for needles in [
        ("Attack A/D: Flotta made, kontra: 2 x 40 = +80",),
        ("Attack A/D: Gém made: 0", "weaker ladder member"),
        ("Attack A/D: Kassza made: +30",),
        ("Attack A/D: kőr Banda made: +20",),
        ("Attack A/D total: +130",),
        ("Defence C/B: pagát Ulti failed, kontra: -(2 x 20) = -40",),
        ("Defence C/B: Trul made: +30",),
        ("Defence C/B total: -10",),
    ]:
        assert has_line(result.breakdown, *needles), needles


def test_after_l8_the_pair_c_b_attacks_from_seats_c_d_a_b():
    nxt = deal(
        [],
        [],
        seats=["C", "D", "A", "B"],
        attack={"indito": "C", "elfogo": "B"},
        defence={"elfogo": "D", "indito": "A"},
    )
    result = score(nxt, L8_STATE)
    assert result.state == {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 2, "last_attack": 1}
    assert VARIANT.playing_seats(["A", "B", "C", "D"], "D", L8_STATE) == ["C", "D", "A", "B"]


def test_a_failed_bid_gives_the_opponents_nothing():
    """§3.1 / §6.7: not zero-sum."""
    result = score(deal([b("mizer", False)]))
    assert result.points == {"A": -30, "B": 0, "C": 0, "D": -30}
    assert PLAN.zero_sum is False


def test_only_the_highest_made_trophy_scores():
    """§3.5: "only its highest made trophy"; Kismadár made a trophy below Skála (§4.2)."""
    config = with_rows(row("kismadar", 40, 15, trophy_rank=1), row("skala", 180, 20, trophy_rank=2))
    result = score(deal([b("kismadar"), b("skala"), b("kassza", False)]), config=config)
    assert result.points["A"] == 180 - 10
    assert has_line(result.breakdown, "Kismadár made: 0", "suppressed by trophy Skála")


def test_entries_at_the_same_place_score_the_higher_value():
    """§3.4: same position in a group -> only the one with the higher value scores."""
    config = with_rows(row("org_flotta", 45, 15, only_one=[["elfogok", 3]], name="Org row"))
    result = score(deal([b("flotta"), b("org_flotta")]), config=config)
    assert result.points["A"] == 45
    assert has_line(result.breakdown, "Flotta made: 0", "superseded by Org row in Elfogók")


# --- §5.2 rejected inputs ------------------------------------------------------------


@pytest.mark.parametrize(("hand", "state", "config", "expected"), REJECTED)
def test_the_spec_rejects(hand, state, config, expected):
    errors = VARIANT.validate(hand, state, config)
    assert expected in {(e.field, e.code) for e in errors}, errors
    with pytest.raises(InvalidHand):
        VARIANT.score(hand, state, config)


def test_two_bandas_of_different_suits_are_two_bids():
    """§5.2.4 is per (bid, qualifier): kőr Banda and pikk Banda may both be bid (L4d)."""
    assert VARIANT.validate(deal([b("banda", q="kor"), b("banda", q="pikk")]), {}, SPEC_CONFIG) == []


def test_all_errors_are_reported_at_once():
    hand = derived(L8, {"foo": 1, "bids.attack[0].kontra": 5, "dealer": 7})
    fields = {e.field for e in VARIANT.validate(hand, {"bar": 1}, SPEC_CONFIG)}
    assert {"foo", "bids.attack[0].kontra", "dealer", "state.bar"} <= fields


# --- §4.2 the organizer's point table ----------------------------------------------------


@pytest.mark.parametrize(("config", "expected"), CONFIG_REJECTED)
def test_the_point_table_is_checked(config, expected):
    errors = VARIANT.validate_config(config)
    assert expected in {(e.field, e.code) for e in errors}, errors
    assert expected in {(e.field, e.code) for e in VARIANT.validate(L8, {}, config)}


def test_the_spec_table_and_the_test_table_are_accepted():
    assert VARIANT.validate_config(SPEC_CONFIG) == []
    assert VARIANT.validate_config(TEST_CONFIG) == []


def test_skala_without_a_rank_is_the_highest_trophy():
    config = with_rows(row("kismadar", 40, 15, trophy_rank=4), row("skala", 180, 20))
    result = score(deal([b("kismadar"), b("skala")]), config=config)
    assert result.points["A"] == 180


def test_editing_the_table_in_place_is_noticed():
    config = copy.deepcopy(SPEC_CONFIG)
    assert score(deal([b("kassza")]), config=config).points["A"] == 30
    config["point_table"]["rows"][1]["made"] = 35
    assert score(deal([b("kassza")]), config=config).points["A"] == 35
    config["point_table"]["rows"][1]["made"] = None
    assert VARIANT.validate(deal([b("kassza")]), {}, config)


# --- table facts and rotation -----------------------------------------------------------


def test_table_facts():
    facts = PLAN
    assert (facts.min_seats, facts.max_seats, facts.players_per_hand) == (4, 4, 4)
    assert facts.default_hands_per_round == 8  # §1.3 "usually 8 deals"
    assert VARIANT.rules_version.startswith("tarokk-laza/")


def test_playing_seats_and_dealer_rotation():
    table = ["A", "B", "C", "D"]
    assert VARIANT.playing_seats(table, "B", {}) == ["A", "B", "C", "D"]
    assert VARIANT.playing_seats(table, "B", L8_STATE) == ["C", "D", "A", "B"]
    back = {"pairs": [["A", "D"], ["C", "B"]], "deals_played": 2, "last_attack": 1}
    assert VARIANT.playing_seats(table, "B", back) == ["A", "B", "C", "D"]
    assert [VARIANT.next_dealer(table, d) for d in table] == ["B", "C", "D", "A"]


# --- what Laza adds to the variant contract (tests/scoring/test_variant_contract.py) -----------------

PROPERTY = settings(max_examples=200, deadline=None)
TOKENS = st.sampled_from(FUZZ_KEYS + FUZZ_WORDS)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.floats(allow_nan=True) | st.text(max_size=4) | TOKENS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TOKENS | st.text(max_size=3), inner, max_size=5),
    max_leaves=12,
)


@PROPERTY
@given(st.randoms(use_true_random=False))
def test_partners_get_their_pairs_total_the_sum_of_its_lines(rng: random.Random):
    hand, state = random_hand(rng)
    table = point_table(TEST_CONFIG)[0]
    assert _accepts(hand, state, table)  # the fast path is the one benchmarked
    result = VARIANT.settle(hand, state, TEST_CONFIG)
    seats = hand["seats"]
    assert result.points[seats[0]] == result.points[seats[3]]  # §5.4: both partners get the pair total
    assert result.points[seats[1]] == result.points[seats[2]]
    assert has_line(result.breakdown, f"Attack {seats[0]}/{seats[3]} total:")
    # Not zero-sum (§3.1), but each pair's total is the sum of its lines.
    for side, seat in (("attack", seats[0]), ("defence", seats[1])):
        total, amounts, _ = evaluate_pair(entries_of(hand, side, table))
        assert total == sum(amounts) == result.points[seat]


@PROPERTY
@given(st.randoms(use_true_random=False), st.integers(1, 6))
def test_the_state_counts_the_deals(rng: random.Random, n: int):
    state: dict = {}
    for hand in random_hand_sequence(rng, n):
        state = VARIANT.score(hand, state, TEST_CONFIG).state
    assert state["deals_played"] == n


@PROPERTY
@given(st.randoms(use_true_random=False), st.data())
def test_the_fast_acceptance_path_never_accepts_what_the_full_check_rejects(rng: random.Random, data):
    """A sample hand, its state or the point table with one place replaced by arbitrary JSON (or dropped)."""
    doc = dict(zip(("hand", "state"), random_hand(rng), strict=True), config=TEST_CONFIG)
    part = data.draw(st.sampled_from([p for p in doc if doc[p]]))
    where = data.draw(st.sampled_from(all_paths(doc[part])))
    doc[part] = mutate(doc[part], where, data.draw(json_values), bool(where) and data.draw(st.booleans()))
    table, config_errors = point_table(doc["config"])
    assert VARIANT.validate(doc["hand"], doc["state"], doc["config"]) == report(
        doc["hand"], doc["state"], table, config_errors
    )
