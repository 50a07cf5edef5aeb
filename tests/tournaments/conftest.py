"""Fixtures the tests of the tournaments app share (the personas and events: tests/conftest.py)."""

from __future__ import annotations

import pytest


@pytest.fixture
def seated(event, alice):
    """``event`` with eight players: two tables in round 1, two hands a round; rita referees table 1 only."""
    from tests.tournaments.test_protocols import seated_event

    seated_event(event, alice, [f"Igralec {i}" for i in range(1, 9)], hands_per_round=2)
    event.refresh_from_db()
    return event
