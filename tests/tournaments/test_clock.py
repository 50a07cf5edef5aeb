"""The round clock and the hands a table plays (pure)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tournaments.clock import Clock, format_seconds
from tournaments.progress import expected_hands, is_complete

T0 = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


def test_a_running_clock_counts_down_and_a_paused_one_stands_still():
    clock = Clock(75 * 60, 0, T0)
    assert clock.remaining(T0 + timedelta(minutes=10)) == 65 * 60
    paused = clock.paused(T0 + timedelta(minutes=10))
    assert paused.remaining(T0 + timedelta(hours=3)) == 65 * 60
    resumed = paused.resumed(T0 + timedelta(minutes=30))
    assert resumed.remaining(T0 + timedelta(minutes=40)) == 55 * 60
    assert resumed.expires_at() == T0 + timedelta(minutes=30 + 65)


def test_time_is_up_at_the_limit_and_goes_negative_after():
    clock = Clock(60, 0, T0)
    assert not clock.expired(T0 + timedelta(seconds=59))
    assert clock.expired(T0 + timedelta(seconds=60))
    assert clock.remaining(T0 + timedelta(seconds=90)) == -30
    assert format_seconds(-30) == "-0:30"
    assert format_seconds(75 * 60) == "1:15:00"


def test_five_seat_taruk_tables_play_ten_hands_and_four_seat_ulti_tables_twelve():
    assert expected_hands("taruk2012", 4, 12, 4) == 12
    assert expected_hands("taruk2012", 5, 12, 4) == 10  # taruk2012.md §7.6
    assert expected_hands("ulti-mausz", 4, 9, 3) == 12  # ulti-mausz.md §6.2: each deals three times


def test_a_table_is_complete_when_all_hands_are_in_or_time_ended_play():
    assert is_complete(12, 12, False)
    assert not is_complete(11, 12, False)
    assert is_complete(9, 12, True)
    assert not is_complete(0, 12, True)
