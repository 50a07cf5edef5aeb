"""bench/entry_examples.json, the specs' worked examples as the referee enters them (bench/entry.py
--examples), is well formed and says what the specs say: each example's hand, as the spec gives it,
scores the spec's points through the engine from the spec's state; the hands entered before it
leave a state it scores the same from; and its steps, replayed on the variant's form declaration as
the page replays them (bench/entry_plan.py), make a hand that scores those points. Pure: no
Django, no browser (the browser run is the bench's)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from typing import Any

import pytest

from scoring.registry import get
from tests.support.entry_bench import ROOT, dealt, entry_plan

CORPUS = json.loads((ROOT / "bench" / "entry_examples.json").read_text(encoding="utf-8"))
EXAMPLES = [pytest.param(row, id=f"{row['variant']}:{row['name']}") for row in CORPUS["examples"]]
ACTIONS = {"tap": 3, "type": 3, "select": 3, "check": 2, "open": 2, "more": 2}
SPECS = ("taruk2012", "ulti-mausz", "tarokk-illusztralt", "tarokk-vadasz", "tarokk-laza")


def page(row: Mapping[str, Any]) -> Any:
    """The table page's form for the example's hand."""
    plan = entry_plan()
    return plan.Page(row["variant"], row["hand"], plan.positions_of(row["hand"]), row.get("config"))


def test_the_corpus_holds_every_variant_and_names_each_example_once():
    assert {row["variant"] for row in CORPUS["examples"]} == set(SPECS)
    names = [(row["variant"], row["name"]) for row in CORPUS["examples"]]
    assert len(names) == len(set(names))
    for row in CORPUS["left_out"]:
        assert row["variant"] in SPECS and row["name"] and row["reason"]


@pytest.mark.parametrize("row", EXAMPLES)
def test_an_example_is_well_formed(row):
    assert set(row) >= {"variant", "name", "source", "table", "before", "state", "hand", "points", "steps"}
    hand = row["hand"]
    seats = set(hand.get("participants") or {*hand["seats"], hand["dealer"]})
    assert row["table"] == len(seats)
    assert set(row["points"]) == seats
    form = page(row)
    for step in row["steps"]:
        assert step[0] in ACTIONS and len(step) == ACTIONS[step[0]], step
        assert step[1] in form.fields, step


@pytest.mark.parametrize("row", EXAMPLES)
def test_the_specs_hand_scores_the_specs_points(row):
    variant = get(row["variant"])
    config = row.get("config")
    assert variant.validate(row["hand"], row["state"], config) == []
    assert variant.score(row["hand"], row["state"], config).points == row["points"]


@pytest.mark.parametrize("row", [p for p in EXAMPLES if p.values[0]["before"]])
def test_the_hands_before_an_example_set_up_the_state_it_is_scored_from(row):
    variant, config, hand = get(row["variant"]), row.get("config"), row["hand"]
    positions = sorted(hand.get("participants") or {*hand["seats"], hand["dealer"]})
    dealer = positions[(positions.index(hand["dealer"]) - len(row["before"])) % len(positions)]
    state: dict[str, Any] = {}
    for fields in row["before"]:
        before = {**dealt(variant, positions, dealer, state), **fields}
        result = variant.score(before, state, config)
        state = result.state
        dealer = variant.allowed_dealers(positions, before)[0]
    assert dealt(variant, positions, dealer, state) == {k: hand[k] for k in dealt(variant, positions, dealer, state)}
    assert variant.score(hand, state, config).points == row["points"]


@pytest.mark.parametrize("row", EXAMPLES)
def test_the_steps_make_a_hand_that_scores_the_specs_points(row):
    hand = entry_plan().replay(row["variant"], row["hand"], row["steps"], row.get("config"))
    assert hand is not None, "the form's own checks refuse what the steps enter"
    variant = get(row["variant"])
    assert variant.validate(hand, row["state"], row.get("config")) == [], hand
    assert variant.score(hand, row["state"], row.get("config")).points == row["points"], hand


def test_each_hand_of_a_sequence_is_scored_from_the_state_the_hand_before_it_left():
    rows = [r for r in CORPUS["examples"] if r.get("sequence")]
    assert rows, "tarokk-vadasz.md §4 V15 is a sequence"
    for sequence in {r["sequence"] for r in rows}:
        hands = sorted((r for r in rows if r["sequence"] == sequence), key=lambda r: r["position"])
        assert [r["position"] for r in hands] == list(range(1, len(hands) + 1))
        assert all(not r["before"] for r in hands[1:])
        for earlier, later in itertools.pairwise(hands):
            variant = get(earlier["variant"])
            assert variant.score(earlier["hand"], earlier["state"], earlier.get("config")).state == later["state"]
