"""The sample hands (tests/samples) every property test and benchmark uses: a table's sequence
follows the variant's own deal, seats and state, for every variant and table size. Pure."""

from __future__ import annotations

import itertools
import random

import pytest

from scoring.common import ALL_SEATS
from scoring.registry import VARIANTS
from tests.samples import sample_config, samples_of

TABLES = [
    (key, list(ALL_SEATS[:size]))
    for key, variant in VARIANTS.items()
    for size in range(variant.plan.min_seats, variant.plan.max_seats + 1)
]


@pytest.mark.parametrize(("key", "table"), TABLES)
def test_a_sample_sequence_is_dealt_as_the_variant_deals_a_table(key, table):
    variant = VARIANTS[key]
    config = sample_config(key) or None
    rng = random.Random(f"sequence-{key}-{len(table)}")
    for _ in range(10):
        hands = samples_of(key).random_hand_sequence(rng, 12, table, table[1])
        assert hands[0]["dealer"] == table[1]
        state: dict = {}
        for hand in hands:
            assert hand["variant"] == key
            assert hand["seats"] == variant.playing_seats(table, hand["dealer"], state)
            state = variant.score(hand, state, config).state
        for previous, hand in itertools.pairwise(hands):
            assert hand["dealer"] == variant.allowed_dealers(table, previous)[0]


@pytest.mark.parametrize("key", list(VARIANTS))
def test_sample_sequences_reach_more_than_the_usual_rotation_where_the_variant_has_more(key):
    """Ulti's void deal and Vadász's throw-ins and redeals change the dealer: the samples reach them."""
    variant = VARIANTS[key]
    table = list(ALL_SEATS[: variant.plan.min_seats])
    rng = random.Random(f"rotation-{key}")
    sequences = [samples_of(key).random_hand_sequence(rng, 12, table, "A") for _ in range(30)]
    off_rotation = [
        h
        for hands in sequences
        for p, h in itertools.pairwise(hands)
        if h["dealer"] != variant.next_dealer(table, p["dealer"])
    ]
    assert bool(off_rotation) == (variant.dealers_after is not None)
