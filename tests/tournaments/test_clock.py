"""The round clock and the hands a table plays (pure)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from tournaments.rounds.clock import Clock, clock_of, clock_payload, format_seconds
from tournaments.tables.progress import expected_hands, is_complete

T0 = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def test_a_running_clock_counts_down_and_a_paused_one_stands_still():
    clock = Clock(75 * 60, 0, T0)
    assert clock.remaining(T0 + timedelta(minutes=10)) == 65 * 60
    paused = clock.paused(T0 + timedelta(minutes=10))
    assert paused.remaining(T0 + timedelta(hours=3)) == 65 * 60
    resumed = paused.resumed(T0 + timedelta(minutes=30))
    assert resumed.remaining(T0 + timedelta(minutes=40)) == 55 * 60
    assert resumed.expires_at() == T0 + timedelta(minutes=30 + 65)


def _round(**fields):
    """What a Round row stores for its clock (the payload reads nothing else)."""
    return SimpleNamespace(**{"number": 3, "status": "running", "time_limit_minutes": 75, **fields})


def test_the_clock_payload_counts_what_ran_before_and_since_the_last_start():
    rnd = _round(elapsed_seconds=600, started_at=T0)
    assert clock_of(rnd) == Clock(75 * 60, 600, T0)
    # 75:00 limit - 10:00 before - 0:30 since = 64:30 left
    assert clock_payload(rnd, T0 + timedelta(seconds=30)) == {
        "round": 3,
        "status": "running",
        "running": True,
        "remaining_seconds": 3870,
        "remaining": "1:04:30",
        "limit_seconds": 4500,
        "expired": False,
    }


def test_a_paused_clock_over_its_limit_is_expired_and_shows_the_time_over():
    rnd = _round(elapsed_seconds=75 * 60 + 30, started_at=None, status="running")
    payload = clock_payload(rnd, T0)
    assert (payload["running"], payload["remaining_seconds"], payload["remaining"], payload["expired"]) == (
        False,
        -30,
        "-0:30",
        True,
    )


def test_time_is_up_at_the_limit_and_goes_negative_after():
    clock = Clock(60, 0, T0)
    assert not clock.expired(T0 + timedelta(seconds=59))
    assert clock.expired(T0 + timedelta(seconds=60))
    assert clock.remaining(T0 + timedelta(seconds=90)) == -30
    assert format_seconds(-30) == "-0:30"
    assert format_seconds(75 * 60) == "1:15:00"


def test_five_seat_taruk_tables_play_ten_hands_and_four_seat_ulti_tables_twelve():
    assert expected_hands("taruk2012", 4, 12) == 12
    assert expected_hands("taruk2012", 5, 12) == 10  # taruk2012.md §7.6
    assert expected_hands("ulti-mausz", 4, 9) == 12  # ulti-mausz.md §6.2: each deals three times


def test_a_table_is_complete_when_all_hands_are_in_or_time_ended_play():
    # played, entered, expected, time was up after hand ...
    assert is_complete(12, 12, 12, None)
    assert not is_complete(11, 11, 12, None)
    assert is_complete(9, 9, 12, 9)
    assert not is_complete(8, 8, 12, 9)
    assert is_complete(8, 9, 12, 9)  # hand 9 a redeal: time was up after it all the same
