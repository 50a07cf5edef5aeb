"""The whole table flow for every variant, through the audited actions: enter, reject,
correct with downstream rescoring, stale edit refused, confirm, reopen.

Hands come from each variant's sample generator (``tests.samples``); the expected
points are what the engine gives when the same sequence is scored directly, so the test
checks that the database layer stores, chains state and rescores exactly as the engine.
"""

from __future__ import annotations

import pytest

from scoring.engine import evaluate
from scoring.types import HandScore
from tests.tournaments.variant_tables import every_variant_table, fitting_sequence  # noqa: F401  (the fixture table)
from tournaments.tables import confirmations
from tournaments.tables import hands as services


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


def test_the_table_flow_matches_the_engine(table, alice, bob):
    tournament = table.round.tournament
    config = tournament.config or None
    positions = sorted(table.seats.values_list("position", flat=True))
    sequence = fitting_sequence(tournament.variant, positions, 1)

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
        confirmations.confirm_table(bob, table, seat.position, seat.entry.pin)
    table.refresh_from_db()
    assert table.confirmed_at is not None

    # correct hand 1 with another valid first hand: later hands are rescored from the new state,
    # or, if one of them no longer fits, the whole correction is refused and nothing changes.
    replacement = fitting_sequence(tournament.variant, positions, 2)[0]
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
