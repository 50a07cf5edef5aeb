"""season.md §4: counted and dropped results (``all``, ``best_n``, ``best_half`` with its E),
always-counts events, and §10 E3 and E4. Pure: run with ``-p no:django``."""

from __future__ import annotations

import pytest

from scoring.series import Event, Result, Settings, ladder
from scoring.series.counting import half_of
from tests.scoring.series_support import D, with_game_points, with_totals


def line_of(lines, player):
    return next(line for line in lines if line.player == player)


@pytest.mark.parametrize(("events", "counted"), [(25, 12), (12, 6), (11, 5), (10, 5), (7, 4), (2, 1), (1, 1)])
def test_best_half_counts_half_of_e(events, counted):
    # §4.1: ⌊E/2⌋ when E > 10, else ⌊(E + 1)/2⌋ (25 -> 12; 12 -> 6; 7 -> 4; 1 -> 1).
    assert half_of(events) == counted


@pytest.mark.parametrize(("events", "counted"), [(25, 12), (12, 6), (7, 4), (1, 1)])
def test_best_half_through_the_ladder(events, counted):
    # A player who played every event with the values 1, 2, ..., E: his ``counted`` best are the top ones.
    series = [with_totals(f"E{i}", {"A": i}) for i in range(1, events + 1)]
    (line,) = ladder(Settings(points="event_total", count="best_half"), series)
    assert len(line.counted) == counted
    assert list(line.counted) == [f"E{i}" for i in range(events - counted + 1, events + 1)]
    assert len(line.dropped) == events - counted


def test_e3_best_half_of_twelve_events():
    # E3: 12 events -> 6 count; a player who played 8 of them with 120, 90, 90, 60, 50, 40, 30, 20
    # (event order 1…8) counts 120 + 90 + 90 + 60 + 50 + 40 = 450 and drops 30 and 20.
    played = [120, 90, 90, 60, 50, 40, 30, 20]
    series = [with_totals(f"E{i}", {"P": v, "Q": 1}) for i, v in enumerate(played, start=1)]
    series += [with_totals(f"E{i}", {"Q": 1}) for i in range(9, 13)]  # events 9-12, without him
    lines = ladder(Settings(points="event_total", count="best_half"), series)
    p = line_of(lines, "P")
    assert p.counted == {"E1": 120, "E2": 90, "E3": 90, "E4": 60, "E5": 50, "E6": 40}
    assert p.total == 450
    assert p.dropped == {"E7": 30, "E8": 20}
    assert p.events == 8


def test_e4_dp_pos_season_sums_every_tournament_and_the_masters():
    # E4: event_total, all, 12 tournaments of 4 rounds at tables of three (2 / 1 / 0.5 a round, at most
    # 8 each) and the Masters, marked always counts. The champion's tournaments:
    #   8 + 7 + 6.5 + 7 + 6.5 + 7 + 5.5 + 7 + 6 + 6.5 + 5.5 + 7 = 79.5, and the Masters 6 (2 + 2 + 1 + 1):
    #   79.5 + 6 = 85.5, the DP POS 2012 champion's total.
    # The second: 7 in every tournament = 84 minus 6.5 (he missed tournament 12: 77) + Masters 4.5 = 81.5.
    # The third: 6.5 × 12 = 78 + Masters 2.5 = 80.5.
    champion = ["8", "7", "6.5", "7", "6.5", "7", "5.5", "7", "6", "6.5", "5.5", "7"]
    series = []
    for i, total in enumerate(champion, start=1):
        totals = {"Champion": total, "Third": "6.5"}
        if i < 12:
            totals["Second"] = "7"
        series.append(with_totals(f"T{i}", totals))
    series.append(with_totals("Masters", {"Champion": 6, "Second": "4.5", "Third": "2.5"}, always_counts=True))
    lines = ladder(Settings(points="event_total", count="all"), series)
    assert [(line.player, line.rank, line.total) for line in lines] == [
        ("Champion", 1, D("85.5")),
        ("Second", 2, D("81.5")),
        ("Third", 3, D("80.5")),
    ]
    assert lines[0].counted["Masters"] == 6
    assert lines[0].dropped == {}
    assert [line.events for line in lines] == [13, 12, 13]


def test_best_n_counts_the_n_highest_and_drops_the_rest():
    series = [with_totals(f"E{i}", {"A": v}) for i, v in enumerate([10, 40, 20, 30], start=1)]
    (line,) = ladder(Settings(points="event_total", count="best_n", n=2), series)
    assert line.counted == {"E2": 40, "E4": 30}  # in the series' order
    assert line.dropped == {"E1": 10, "E3": 20}
    assert line.total == 70


def test_a_player_with_n_or_fewer_results_counts_them_all():
    series = [with_totals("E1", {"A": 5, "B": 9}), with_totals("E2", {"B": 1})]
    lines = ladder(Settings(points="event_total", count="best_n", n=2), series)
    assert line_of(lines, "A").counted == {"E1": 5}
    assert line_of(lines, "A").dropped == {}


def test_always_counts_is_counted_on_top_of_the_best_results():
    # best_n 2: the two best tournaments plus the final, even though the final is his lowest.
    series = [with_totals(f"E{i}", {"A": v}) for i, v in enumerate([50, 60, 70], start=1)]
    series.append(with_totals("Final", {"A": 5}, always_counts=True))
    (line,) = ladder(Settings(points="event_total", count="best_n", n=2), series)
    assert line.counted == {"E2": 60, "E3": 70, "Final": 5}
    assert line.dropped == {"E1": 50}
    assert line.total == 135


def test_best_half_leaves_always_counts_events_out_of_e():
    # 3 tournaments and a Masters: E = 3 (not 4) -> ⌊(3 + 1)/2⌋ = 2 count, plus the Masters.
    series = [with_totals(f"E{i}", {"A": v}) for i, v in enumerate([1, 2, 3], start=1)]
    series.append(with_totals("Masters", {"A": 10}, always_counts=True))
    (line,) = ladder(Settings(points="event_total", count="best_half"), series)
    assert line.counted == {"E2": 2, "E3": 3, "Masters": 10}


def test_equal_results_count_the_earlier_event():
    # §4.2: when results are equal, the earlier event (in the series' order) is counted.
    series = [with_totals(f"E{i}", {"A": v}) for i, v in enumerate([50, 80, 50, 50], start=1)]
    (line,) = ladder(Settings(points="event_total", count="best_n", n=2), series)
    assert line.counted == {"E1": 50, "E2": 80}
    assert line.dropped == {"E3": 50, "E4": 50}


def test_e_counts_a_running_events_provisional_result():
    # 11 finished events and a running one: E = 12 -> 6 count (11 alone would give 5).
    series = [with_totals(f"E{i}", {"A": i}) for i in range(1, 12)]
    series.append(with_totals("E12", {"A": 12}, provisional=True))
    (line,) = ladder(Settings(points="event_total", count="best_half"), series)
    assert list(line.counted) == ["E7", "E8", "E9", "E10", "E11", "E12"]
    assert line.provisional == ("E12",)


def test_e_leaves_out_an_event_without_a_result_yet():
    # 11 played events and one not played yet (no player in its result): E = 11 -> 5 count.
    series = [with_totals(f"E{i}", {"A": i}) for i in range(1, 12)]
    series.append(Event("E12"))
    (line,) = ladder(Settings(points="event_total", count="best_half"), series)
    assert len(line.counted) == 5


def test_e_counts_an_event_whose_only_player_has_a_heine_no_result():
    # §4.1: a heine "no result" is still a player in the result. 12 events -> 6 count; his no result
    # in E12 is neither counted nor dropped, but it is an event he appears in.
    series = [with_game_points(f"E{i}", {"A": 10 * i}) for i in range(1, 12)]
    series.append(with_game_points("E12", {"A": -20}))
    (line,) = ladder(Settings(points="heine", count="best_half"), series)
    assert list(line.counted) == ["E6", "E7", "E8", "E9", "E10", "E11"]
    assert list(line.dropped) == ["E1", "E2", "E3", "E4", "E5"]
    assert line.no_result == ("E12",)
    assert line.events == 12


def test_a_player_with_only_no_results_is_not_on_the_ladder():
    # §5.1: players with at least one result; a heine no result is none (§4.2).
    series = [with_game_points("E1", {"A": 50, "B": 0}), with_game_points("E2", {"A": 40, "B": -5})]
    assert [line.player for line in ladder(Settings(points="heine"), series)] == ["A"]


def test_absent_is_not_a_result():
    # B missed E2: nothing for it, neither counted nor dropped.
    series = [with_totals("E1", {"A": 5, "B": 7}), with_totals("E2", {"A": 9})]
    lines = ladder(Settings(points="event_total", count="best_n", n=1), series)
    b = line_of(lines, "B")
    assert (b.counted, b.dropped, b.events) == ({"E1": 7}, {}, 1)


def test_a_negative_value_can_be_counted_and_the_dropped_ones_are_lower():
    event_values = [-5, -1, -3]
    series = [Event(f"E{i}", (Result("A", 1, total=v),)) for i, v in enumerate(event_values, start=1)]
    (line,) = ladder(Settings(points="event_total", count="best_n", n=1), series)
    assert line.counted == {"E2": -1}
    assert line.total == -1
