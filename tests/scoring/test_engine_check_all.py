"""``Variant.check_all`` (Laza's: its point table looked up once) answers as ``validate_config`` and then
``validate`` would: the config's errors alone when it has any, else the hand's. No database."""

from __future__ import annotations

import copy
import random

from scoring.engine import evaluate
from scoring.registry import VARIANTS
from scoring.types import HandScore
from tests.samples.tarokk_laza import TEST_CONFIG, random_hand

LAZA = VARIANTS["tarokk-laza"]


def two_steps(hand, state, config):
    return LAZA.validate_config(config) or LAZA.validate(hand, state, config) or LAZA.settle(hand, state, config)


def test_laza_has_check_all_and_it_answers_as_the_two_steps():
    assert LAZA.check_all is not None
    rng = random.Random(25)
    broken_config = copy.deepcopy(TEST_CONFIG)
    broken_config["point_table"]["rows"][0]["made"] = -1
    for _ in range(50):
        hand, state = random_hand(rng)
        broken_hand = {**hand, "seats": ["A", "A", "B", "C"]}
        for h, c in ((hand, TEST_CONFIG), (broken_hand, TEST_CONFIG), (hand, broken_config), (broken_hand, None)):
            got, want = evaluate(h, state, c), two_steps(h, state, c)
            if isinstance(want, HandScore):
                assert isinstance(got, HandScore)
                assert (got.points, got.state, got.stored_breakdown()) == (
                    want.points,
                    want.state,
                    want.stored_breakdown(),
                )
            else:
                assert got == want and got
