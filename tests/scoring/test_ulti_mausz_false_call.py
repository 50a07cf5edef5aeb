"""ulti-mausz 10.§(3)g: a false renonsz call charged to the caller through the engine's own case.

Example 1 of ulti-mausz.md (zöld parti, v = 1) with a false call: §4.1's general rule with
offender = caller. A defender caller: declarer +2v, partner +v, caller −3v. The declarer calling
falsely: he pays each defender v."""

from __future__ import annotations

from scoring.registry import VARIANTS
from scoring.variants.ulti_mausz.incidents import false_call
from tests.scoring.examples.ulti_mausz import EXAMPLES

VARIANT = VARIANTS["ulti-mausz"]
EXAMPLE_1 = EXAMPLES[1]


def test_the_variant_declares_its_false_call_charge():
    assert VARIANT.false_call is false_call
    assert VARIANTS["taruk2012"].false_call is None  # Taruk R1–R4 know no such charge


def test_a_defenders_false_call_costs_him_three_times_the_bid():
    assert VARIANT.score(EXAMPLE_1).points == {"A": 2, "B": -1, "C": -1}
    charged = false_call(EXAMPLE_1, "B")
    assert charged["renonsz"] == {"case": "10.3.g", "offender": "B"} and "play" not in charged
    assert VARIANT.score(charged).points == {"A": 2, "B": -3, "C": 1}


def test_the_declarers_false_call_pays_each_defender():
    assert VARIANT.score(false_call(EXAMPLE_1, "A")).points == {"A": -2, "B": 1, "C": 1}


def test_a_seat_that_did_not_play_the_deal_cannot_be_charged():
    four = {**EXAMPLE_1, "dealer": "D"}
    assert false_call(four, "D") is None
    assert false_call(EXAMPLE_1, "A") is not None and "renonsz" not in EXAMPLE_1  # the input is not changed
