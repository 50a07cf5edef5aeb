"""The repeat-meeting report of a draw (tournaments/rounds/seating/repeats.py): no database."""

from __future__ import annotations

from tournaments.rounds.seating.repeats import RepeatMeeting, repeat_meetings


def test_the_report_lists_every_pair_that_met_before_with_its_rounds():
    groups = {1: ["P01", "P02", "P03", "P04"], 2: ["P05", "P06", "P07", "P08"]}
    history = {frozenset(("P02", "P01")): [2, 1], frozenset(("P05", "P08")): [3], frozenset(("P01", "P05")): [1]}
    assert repeat_meetings(groups, history) == [
        RepeatMeeting(1, ("P01", "P02"), (1, 2)),
        RepeatMeeting(2, ("P05", "P08"), (3,)),
    ]
    assert repeat_meetings(groups, {}) == []
