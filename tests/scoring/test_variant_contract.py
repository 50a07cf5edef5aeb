"""The contract every variant of the registry keeps, on its random valid hands (tests/samples) and on
arbitrary or damaged JSON: a valid hand settles to whole points for the seats at the table (adding up
to 0 where the variant is zero-sum, scoring.table_plan) with readable lines, leaving its input alone;
validation never raises and names each error's field; the state goes through JSON unchanged; raising a
kontra never shrinks an amount. What a single variant adds is tested beside its worked examples
(tests/scoring/test_<variant>.py). No database: ``pytest -p no:django``."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.registry import VARIANTS
from tests.samples import sample_config, samples_of
from tests.scoring.json_paths import all_paths, mutate

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
KEYS = sorted(VARIANTS)
SEEDS = st.randoms(use_true_random=False)


def seeded(rng: random.Random) -> random.Random:
    """A plain generator seeded by one draw from Hypothesis's: each draw from ``st.randoms`` carries
    Hypothesis's bookkeeping, too slow for the hundreds a sample hand takes."""
    return random.Random(rng.getrandbits(64))


def json_values(key: str) -> st.SearchStrategy:
    """Arbitrary JSON, its members and values often the variant's own names and near-valid words."""
    module = samples_of(key)
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-(2**70), 2**70)
        | st.integers(-5, 300)
        | st.floats(allow_nan=True, allow_infinity=True)
        | st.text(max_size=6)
        | st.sampled_from(module.FUZZ_WORDS).map(copy.deepcopy)
    )
    names = st.text(max_size=6) | st.sampled_from(module.FUZZ_KEYS)
    return st.recursive(
        scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(names, inner, max_size=5), max_leaves=12
    )


def hand_like(key: str) -> st.SearchStrategy:
    """An object of the variant's own members: reaches further into validation than random JSON."""
    return st.dictionaries(st.sampled_from(samples_of(key).FUZZ_KEYS), json_values(key), max_size=14)


def table_of(hand: dict[str, Any]) -> list[str]:
    """The seats at the hand's table: those playing, the dealer, and a Vadász table's participants."""
    return sorted({*hand["seats"], hand["dealer"], *hand.get("participants", ())})


def check_result(key: str, hand: dict[str, Any], result: Any) -> None:
    """A settled hand: whole points for every seat at the table (sum 0 for a zero-sum variant), lines
    of text, and an answer that is JSON as it stands."""
    assert sorted(result.points) == table_of(hand)
    assert all(type(v) is int for v in result.points.values())
    if VARIANTS[key].plan.zero_sum:
        assert sum(result.points.values()) == 0
    assert result.breakdown and all(isinstance(line, str) for line in result.breakdown)
    assert json.loads(json.dumps(result.as_dict())) == result.as_dict()


def check_validation(key: str, hand: Any, state: Any, config: Any) -> None:
    """Validation answers without raising and names each error's field; what it accepts settles."""
    variant = VARIANTS[key]
    errors = variant.validate(hand, state, config)
    assert all(isinstance(e.field, str) and e.code and e.message for e in errors)
    variant.validate_config(config)
    if not errors:
        check_result(key, hand, variant.settle(hand, state, config))


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(rng=SEEDS)
def test_a_sample_hand_validates_and_settles_without_touching_its_input(key, rng):
    variant, config = VARIANTS[key], sample_config(key) or None
    hand, state = samples_of(key).random_hand(seeded(rng))
    before = copy.deepcopy((hand, state))
    assert variant.validate(hand, state, config) == []
    check_result(key, hand, variant.settle(hand, state, config))
    assert (hand, state) == before


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(data=st.data())
def test_arbitrary_json_never_crashes_validation(key, data):
    hand = data.draw(json_values(key) | hand_like(key), label="hand")
    state = data.draw(st.just({}) | json_values(key), label="state")
    config = data.draw(st.none() | json_values(key) | st.just(sample_config(key)), label="config")
    check_validation(key, hand, state, config)


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(rng=SEEDS, data=st.data())
def test_a_damaged_sample_never_crashes_validation(key, rng, data):
    """One to three places of a valid hand, its state or the event's configuration replaced by a
    near-valid value or arbitrary JSON, or dropped."""
    hand, state = samples_of(key).random_hand(seeded(rng))
    doc = {"hand": hand, "state": state, "config": sample_config(key) or None}
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        part = data.draw(st.sampled_from([p for p in ("hand", "state", "config") if doc[p]]), label="part")
        places = all_paths(doc[part])[1:] if part == "hand" else all_paths(doc[part])  # a whole hand: see above
        where = data.draw(st.sampled_from(places), label="where")
        drop = bool(where) and data.draw(st.booleans(), label="drop")
        doc[part] = mutate(doc[part], where, data.draw(json_values(key), label="value"), drop)
    check_validation(key, doc["hand"], doc["state"], doc["config"])


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(rng=SEEDS)
def test_a_tables_state_goes_through_json_unchanged(key, rng):
    """A table's hands in turn: the state after each is JSON, and scoring from its JSON copy (and the
    hand's) gives the same answer."""
    variant, config = VARIANTS[key], sample_config(key) or None
    state: dict[str, Any] = {}
    for hand in samples_of(key).random_hand_sequence(seeded(rng), 6):
        result = variant.score(hand, state, config)
        again = variant.score(json.loads(json.dumps(hand)), json.loads(json.dumps(state)), config)
        assert again.as_dict() == result.as_dict()
        check_result(key, hand, result)
        state = json.loads(json.dumps(result.state))
        assert state == result.state


@pytest.mark.parametrize("key", KEYS)
@PROPERTY
@given(rng=SEEDS)
def test_raising_a_kontra_never_shrinks_an_amount(key, rng):
    """Each kontra the hand can raise one step (tests/samples' ``kontra_raises``): the hand stays valid
    and no item's amount gets smaller; where one level doubles the item, it doubles."""
    variant, config, module = VARIANTS[key], sample_config(key) or None, samples_of(key)
    hand, state = module.random_hand(seeded(rng))
    before = module.kontra_amounts(hand, state, config)
    for item, raised, doubles in module.kontra_raises(hand, state, config):
        assert variant.validate(raised, state, config) == [], item
        after = module.kontra_amounts(raised, state, config)
        assert after.keys() == before.keys()
        assert all(abs(after[k]) >= abs(before[k]) for k in before), item
        if doubles:
            assert after[item] == 2 * before[item], item
