"""The rotation ahead (tournaments/tables/rotation.py) that a phone without a connection follows: walked
with the values a referee's form posts for each hand, it gives every next hand exactly the
envelopes the server gives it (``hands.next_envelopes``: ``Variant.allowed_dealers`` on the hand,
``Variant.playing_seats`` from the state the engine leaves), for random valid sequences of every
variant and table size, the referee picking any dealer the rules allow (a void ulti deal dealt
again, a Vadász thrower taking the deal)."""

from __future__ import annotations

import random

import pytest

from scoring.registry import VARIANTS
from tests.fullevent import form_data
from tests.samples import sample_config, samples_of
from tests.samples.sequence import turn_at
from tournaments.tables.handforms import form_class
from tournaments.tables.rotation import envelopes, key, rotation

SIZES = [(k, n) for k, v in VARIANTS.items() for n in range(v.plan.min_seats, v.plan.max_seats + 1)]


def posted(variant: str, hand: dict, with_dealer: bool) -> dict[str, str]:
    """What the hand's form posts (the values the form shows for it, as a browser sends them)."""
    data = form_data(form_class(variant).initial_from(hand))
    if with_dealer:
        data["dealer"] = hand["dealer"]
    return data


@pytest.mark.parametrize(("variant", "size"), SIZES)
def test_walking_the_rotation_with_the_posted_hands_gives_the_servers_envelopes(variant, size):
    v = VARIANTS[variant]
    table = list("ABCDEFG"[:size])
    config = sample_config(variant) or None
    deal = samples_of(variant).deal
    for seed in range(6):
        rng = random.Random(f"{variant}-{size}-{seed}")
        state: dict = {}
        first = envelopes(v, table, [table[0]], state)
        plan = rotation(v, table, first, state, config, 16)
        node, alternatives = plan["start"], first
        for _n in range(16):
            assert plan["nodes"][node]["envelopes"] == alternatives
            envelope = rng.choice(alternatives)  # the referee may pick any dealer the rules allow
            hand = deal(rng, turn_at(variant, table, envelope["dealer"], state))
            assert {k: hand[k] for k in ("variant", "seats", "dealer")} == envelope
            values = posted(variant, hand, len(alternatives) > 1)
            step = plan["steps"][plan["nodes"][node]["next"][envelope["dealer"]]]
            node = step.get("by", {}).get(key([values.get(f, "") for f in plan["fields"]]), step["usual"])
            # The server: the next hand's envelopes from this hand and the state it leaves.
            state = v.score(hand, state, config).state
            alternatives = envelopes(v, table, v.allowed_dealers(table, hand), state)


def test_a_void_ulti_deal_and_a_vadasz_throw_in_lead_to_the_dealers_the_rules_allow():
    """ulti-mausz.md §6.2: a void deal (13.1.1) is dealt again by the same dealer, or (13.1.5-early)
    by the next; tarokk-vadasz.md §1.8: after B's throw-in with dealer A, B (the next) deals or
    passes the deal to C; any other thrower may take the deal; after a double round the thrower."""
    ulti = VARIANTS["ulti-mausz"]
    plan = rotation(ulti, ["A", "B", "C"], envelopes(ulti, ["A", "B", "C"], ["C"], {}), {}, None, 4)
    assert plan["fields"] == ["renonsz_case"]
    step = plan["steps"][plan["nodes"][0]["next"]["C"]]
    assert [e["dealer"] for e in plan["nodes"][step["usual"]]["envelopes"]] == ["A"]
    assert [e["dealer"] for e in plan["nodes"][step["by"][key(["13.1.1"])]]["envelopes"]] == ["C", "A"]
    assert key(["13.3.4"]) not in step["by"]  # a renonsz in play: the deal rotates

    vadasz = VARIANTS["tarokk-vadasz"]
    table = ["A", "B", "C", "D"]
    plan = rotation(vadasz, table, envelopes(vadasz, table, ["A"], {}), {}, None, 4)
    assert plan["fields"] == ["outcome", "thrower", "start_double_round"]
    step = plan["steps"][plan["nodes"][0]["next"]["A"]]

    def dealers(*posted: str) -> list[str]:
        return [e["dealer"] for e in plan["nodes"][step["by"].get(key(list(posted)), step["usual"])]["envelopes"]]

    assert dealers("played", "", "") == ["B"]
    assert dealers("thrown_in", "B", "") == ["B", "C"]
    assert dealers("thrown_in", "D", "") == ["B", "D"]
    assert dealers("thrown_in", "D", "on") == ["D"]
    assert dealers("redeal", "", "") == ["A", "B"]


def test_laza_seats_follow_the_pairs_of_the_first_deal():
    """tarokk-laza.md §5.3: the pairs fixed by the first deal, the attack alternating: the seats of
    hand 2 and 3 are known before hand 1 is scored (``Variant.seating_state``)."""
    laza = VARIANTS["tarokk-laza"]
    table = ["A", "B", "C", "D"]
    plan = rotation(laza, table, envelopes(laza, table, ["A"], {}), {}, sample_config("tarokk-laza"), 3)
    node, seats = 0, []
    for _ in range(3):
        envelope = plan["nodes"][node]["envelopes"][0]
        seats.append(envelope["seats"])
        node = plan["steps"][plan["nodes"][node]["next"][envelope["dealer"]]]["usual"]
    # First deal A/D attack (indító A, elfogó D), C/B defend; then C/B attack, then A/D again.
    assert seats == [["A", "B", "C", "D"], ["C", "D", "A", "B"], ["A", "B", "C", "D"]]
