"""Illusztrált tarokk engine against its spec, ``rules/tarokk-illusztralt.md``.

Every worked example of §4 with the spec's own numbers, one rejected input per
rule of §3.3, the breakdown formats of §3.4 and the table facts; the properties every variant keeps
are tests/scoring/test_variant_contract.py's. No database: pure engine.
"""

from __future__ import annotations

import itertools
import random

import pytest

from scoring.types import InvalidHand
from scoring.variants.tarokk_illusztralt.rules import VARIANT
from scoring.variants.tarokk_illusztralt.table import PLAN
from tests.samples.tarokk_illusztralt import random_hand_sequence
from tests.scoring.examples.tarokk_illusztralt import (
    BASE,
    EXAMPLES,
    FAILED,
    MADE,
    REJECTED,
    SEATS,
    SECTION_2,
    fig,
    played,
    spec_hand,
)

# --- §4 worked examples (data: tests/scoring/examples/tarokk_illusztralt.json) ----------------------


@pytest.mark.parametrize(("fields", "expected", "lines"), EXAMPLES)
def test_it_scores_the_worked_examples_of_the_spec(fields, expected, lines):
    result = VARIANT.score(spec_hand(fields), {})
    assert result.points == expected
    assert result.state == {}
    assert sum(result.points.values()) == 0  # §2.2 step 7
    text = "\n".join(result.breakdown)
    for line in lines:
        assert line in text
    assert result.breakdown[-1].startswith("Total: ")


def test_every_seat_gets_an_integer_and_a_line_per_item():
    result = VARIANT.score(spec_hand(EXAMPLES[6].values[0]), {})
    assert list(result.points) == SEATS
    assert all(type(v) is int for v in result.points.values())
    # E7: game (not paid), silent dupla (absorbed), three listed figures, total.
    assert len(result.breakdown) == 6


# --- §3.3 rejected inputs ----------------------------------------------------------------------------


@pytest.mark.parametrize(("hand", "field", "code"), REJECTED)
def test_it_rejects_what_the_spec_forbids(hand, field, code):
    errors = VARIANT.validate(hand, {}, None)
    assert (field, code) in [(e.field, e.code) for e in errors], errors
    assert all(e.message for e in errors)
    with pytest.raises(InvalidHand):
        VARIANT.score(hand, {})


def test_it_reports_all_errors_at_once():
    hand = played(foo=1, declarer="E", declarer_tricks=10, figures=[fig("trull", **MADE), fig("dupla", **MADE)])
    fields = {e.field for e in VARIANT.validate(hand, {}, None)}
    assert {"foo", "declarer", "declarer_tricks", "figures[0].figure", "figures[1].result"} <= fields


def test_it_accepts_a_silent_figure_after_an_announced_volat_and_earlier_announcements():
    # §3.3.6 volát order applies to announcements after the volát only (E7), and to the same side only (§5.9).
    ok = played(
        declarer_card_points=80,
        declarer_tricks=8,
        figures=[
            fig("dupla"),
            fig("volat"),
            fig("tuletroa", announced=False, **MADE),
            fig("negy_kiraly", side="opponents", **FAILED),
        ],
    )
    assert VARIANT.validate(ok, {}, None) == []


def test_a_redeal_accepts_null_or_empty_leftovers():
    # Reading of §3.3.2 "no fields other than ...": as everywhere in the engine (common.Errors.forbid),
    # a null or empty value counts as absent; any real value is rejected (3.3.2 cases above).
    assert VARIANT.validate({**BASE, "outcome": "redeal", "partner": None, "figures": []}, {}, None) == []


def test_it_rejects_unknown_state_and_config():
    errors = VARIANT.validate(played(), {"double_round_remaining": 2}, {"point_table": {}})
    assert [(e.field, e.code) for e in errors] == [
        ("state.double_round_remaining", "unknown_field"),
        ("config.point_table", "unknown_field"),
    ]
    assert VARIANT.validate_config([]) == VARIANT.validate_config("x") != []
    assert VARIANT.validate_config(None) == VARIANT.validate_config({}) == []


# --- further settlement rules (§2.2-2.6) with shown arithmetic ------------------------------------------


@pytest.mark.parametrize(("fields", "expected"), SECTION_2)
def test_it_settles_the_rules_of_section_2(fields, expected):
    assert VARIANT.score(spec_hand(fields), {}).points == expected


# --- table facts -----------------------------------------------------------------------------------------


def test_table_facts():
    table = PLAN
    assert (table.min_seats, table.max_seats, table.players_per_hand) == (4, 4, 4)
    assert table.zero_sum is True
    assert table.default_hands_per_round % 4 == 0  # every seat deals equally often
    assert VARIANT.key == "tarokk-illusztralt"
    assert VARIANT.rules_version.startswith("tarokk-illusztralt/")


@pytest.mark.parametrize(
    ("dealer", "order", "next_dealer"),
    [("D", SEATS, "A"), ("A", ["B", "C", "D", "A"], "B"), ("B", ["C", "D", "A", "B"], "C")],
)
def test_the_player_after_the_dealer_leads_and_deals_next(dealer, order, next_dealer):
    assert VARIANT.playing_seats(SEATS, dealer, {}) == order
    assert VARIANT.next_dealer(SEATS, dealer) == next_dealer


def test_a_sequence_rotates_the_deal_and_carries_no_state():
    hands = random_hand_sequence(random.Random(3), 6)
    assert all(VARIANT.score(h, {}).state == {} for h in hands)
    dealers = [h["dealer"] for h in hands]
    for prev, nxt in itertools.pairwise(dealers):
        assert nxt == VARIANT.next_dealer(SEATS, prev)
    for h in hands:
        assert h["seats"] == VARIANT.playing_seats(SEATS, h["dealer"], {})
