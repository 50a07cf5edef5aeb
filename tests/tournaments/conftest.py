"""Fixtures the tests of the tournaments app share (the personas and events: tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def seated(event, alice):
    """``event`` with eight players: two tables in round 1, two hands a round; rita referees table 1 only."""
    from tests.support.events import seated_event

    seated_event(event, alice, [f"Igralec {i}" for i in range(1, 9)], hands_per_round=2)
    event.refresh_from_db()
    return event


@pytest.fixture
def complete(running_event, bob):
    """Table 1 of ``running_event`` with both its hands played, not yet confirmed: hand 1 klop, B over
    35 card points: B -70 (taruk2012.md §8.1 E8) and a radelc for all; hand 2 tri by C with partner A,
    48 card points: 25 doubled by C's radelc = 50, A half of 50 = 25 (§8.1 E1, §4.4)."""
    from tests.support.taruk_hands import HAND2_SEATS, klop_b_full, tri
    from tournaments.models import Table
    from tournaments.tables import hands

    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    hands.enter_hand(bob, table, klop_b_full())
    hands.enter_hand(bob, table, tri("B", HAND2_SEATS, "C", "A"))
    return table


@pytest.fixture
def paused(running_event, alice):
    """``running_event`` with round 1's clock paused: nothing on the pages moves with time (a page is
    kept until the event changes)."""
    from tournaments.models import Round
    from tournaments.rounds import services as rounds

    rnd = Round.objects.get(tournament=running_event, number=1)
    if rnd.started_at is not None:
        rounds.pause_clock(alice, rnd)
    return running_event
