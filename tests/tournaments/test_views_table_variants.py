"""The whole table flow for every variant, through the audited actions: enter, reject,
correct with downstream rescoring, stale edit refused, confirm, reopen.

Hands come from each variant's sample generator (``tests.samples``); the expected
points are what the engine gives when the same sequence is scored directly, so the test
checks that the database layer stores, chains state and rescores exactly as the engine.
"""

from __future__ import annotations

import importlib
import random

import pytest

from scoring.engine import evaluate
from scoring.registry import VARIANTS
from scoring.types import HandScore
from tournaments import hands as services
from tournaments import rounds
from tournaments import services as event_services
from tournaments.models import Table

HANDS = 4


def samples_of(key):
    return importlib.import_module(f"tests.samples.{key.replace('-', '_')}")


def fits(key, positions, sequence, config) -> bool:
    """Does ``sequence`` start with dealer A at these positions and follow the table's deal rotation?"""
    variant = VARIANTS[key]
    state, previous = {}, None
    for hand in sequence:
        dealers = ["A"] if previous is None else variant.allowed_dealers(positions, previous)
        if hand["dealer"] not in dealers or hand["seats"] != variant.playing_seats(positions, hand["dealer"], state):
            return False
        result = evaluate(hand, state, config)
        if not isinstance(result, HandScore):
            return False
        state, previous = result.state, hand
    return True


def fitting_sequence(key, positions, config, seed):
    samples = samples_of(key)
    rng = random.Random(f"{key}-{seed}")
    for _ in range(5000):
        sequence = samples.random_hand_sequence(rng, HANDS)
        if fits(key, positions, sequence, config):
            return sequence
    pytest.fail(f"no sample sequence of {key} fits a table {positions}")


def engine_points(sequence, config):
    """Points per hand when the engine scores ``sequence`` from the empty state; None if one is refused."""
    state, out = {}, []
    for hand in sequence:
        result = evaluate(hand, state, config)
        if not isinstance(result, HandScore):
            return None
        out.append(result.points)
        state = result.state
    return out


@pytest.fixture(params=list(VARIANTS))
def table(request, alice, bob):
    key = request.param
    variant = VARIANTS[key]
    config = getattr(samples_of(key), "TEST_CONFIG", None) or {}
    event = event_services.create_tournament(
        alice,
        name=f"{key} open",
        slug=f"{key}-open",
        variant=key,
        table_size=variant.plan.min_seats,
        hands_per_round=HANDS,
        config=config,
        is_public=True,
    )
    event_services.set_referee(alice, event, "bob", [])
    players = variant.plan.min_seats
    for i in range(players):
        event_services.register_player(alice, event, name=f"Player {i}", team=f"Pair {i // 2}")
    rnd = rounds.draw_round(alice, event, seed="flow")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return Table.objects.get(round=rnd, number=1)


def test_the_table_flow_matches_the_engine(table, alice, bob):
    tournament = table.round.tournament
    config = tournament.config or None
    positions = sorted(table.seats.values_list("position", flat=True))
    sequence = fitting_sequence(tournament.variant, positions, config, 1)

    # enter: the stored points are the engine's, state chained from hand to hand
    for hand in sequence:
        services.enter_hand(bob, table, hand)
    stored = [h.points for h in table.hands.order_by("number")]
    assert stored == engine_points(sequence, config)

    # reject: an unknown field names itself and nothing is stored
    with pytest.raises(services.NotOpen):  # all hands of the round are in
        services.enter_hand(bob, table, {**sequence[0], "bogus": 1})
    first = table.hands.get(number=1)
    with pytest.raises(services.HandRejected) as exc:
        services.correct_hand(bob, first, {**sequence[0], "bogus": 1}, expected_version=1, reason="typo")
    assert "bogus" in {e.field for e in exc.value.errors}
    assert [h.points for h in table.hands.order_by("number")] == stored

    # confirm: every seated player with his PIN
    for seat in table.seats.select_related("entry"):
        services.confirm_table(bob, table, seat.position, seat.entry.pin)
    table.refresh_from_db()
    assert table.confirmed_at is not None

    # correct hand 1 with another valid first hand: later hands are rescored from the new state,
    # or, if one of them no longer fits, the whole correction is refused and nothing changes.
    replacement = fitting_sequence(tournament.variant, positions, config, 2)[0]
    new_sequence = [replacement, *sequence[1:]]
    expected = engine_points(new_sequence, config)
    if expected is None:
        with pytest.raises(services.HandRejected):
            services.correct_hand(bob, first, replacement, expected_version=1, reason="wrong hand")
        assert [h.points for h in table.hands.order_by("number")] == stored
        return
    services.correct_hand(bob, first, replacement, expected_version=1, reason="wrong hand")
    assert [h.points for h in table.hands.order_by("number")] == expected
    table.refresh_from_db()
    assert table.confirmed_at is None  # a correction reopens the confirmed table

    # a stale edit: made from version 1, but the hand is at version 2 now
    with pytest.raises(services.StaleEdit):
        services.correct_hand(alice, first, sequence[0], expected_version=1, reason="late")
    assert [h.points for h in table.hands.order_by("number")] == expected
