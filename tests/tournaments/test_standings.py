"""Table results and standings (pure): taruk2012.md §6 table, §7.6, §7.7; ulti-mausz.md §6.2."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import TableResult, standings, table_ranking_points, ulti_table_points

# taruk2012.md §6, the table of ties: totals (A, B, C, D) -> ranking points.
SPEC_6 = [
    ((120, 120, -35, -80), (2, 2, 1, 0.5)),
    ((60, -5, -5, -150), (2, 1.5, 1.5, 0.5)),
    ((40, 10, -30, -30), (2, 1.5, 1, 1)),
    ((50, 50, 50, -10), (2, 2, 2, 0.5)),
    ((95, 10, 10, 10), (2, 1.5, 1.5, 1.5)),
    ((-20, -20, -20, -20), (2, 2, 2, 2)),
    ((30, 30, -15, -15), (2, 2, 1, 1)),
]


@pytest.mark.parametrize(("totals", "points"), SPEC_6, ids=[str(t) for t, _ in SPEC_6])
def test_taruk_ranking_points_follow_the_spec_table(totals, points):
    result = table_ranking_points(dict(zip("ABCD", totals, strict=True)))
    assert result == dict(zip("ABCD", points, strict=True))


def test_a_five_seat_taruk_table_spreads_two_to_a_half():
    # taruk2012.md §7.6: 2, 1.625, 1.25, 0.875, 0.5.
    result = table_ranking_points({"A": 50, "B": 40, "C": 30, "D": 20, "E": 10})
    assert list(result.values()) == [2, 1.625, 1.25, 0.875, 0.5]


def test_ulti_tied_players_share_the_places_involved():
    # ulti-mausz.md §6.2: two tied for first at three seats get (3 + 2) / 2 = 2.5 each.
    assert ulti_table_points({"A": 40, "B": 40, "C": -80}) == {
        "A": Fraction(5, 2),
        "B": Fraction(5, 2),
        "C": Fraction(1),
    }
    # Four seats 3/2/1/0; a three-way tie for second shares (2 + 1 + 0) / 3 = 1.
    assert ulti_table_points({"A": 9, "B": 1, "C": 1, "D": 1}) == {"A": 3, "B": 1, "C": 1, "D": 1}


def test_standings_add_ranking_points_then_break_ties_by_game_points():
    results = [
        TableResult(1, 1, {"p1": 100, "p2": 50, "p3": -50, "p4": -100}),
        TableResult(1, 2, {"p5": 80, "p6": 10, "p7": -40, "p8": -50}),
    ]
    lines = standings("taruk2012", results, [f"p{i}" for i in range(1, 9)])
    # p1 and p5 both have 2 ranking points; p1 has more game points (100 > 80).
    assert [line.player for line in lines[:4]] == ["p1", "p5", "p2", "p6"]
    assert [line.rank for line in lines[:4]] == [1, 2, 3, 4]
    assert lines[0].ranking_points == 2


def test_head_to_head_breaks_a_tie_on_points():
    # p1 and p2 tie on ranking points (2 + 1 = 3) and game points (30 + -10 = 20 = -10 + 30);
    # they met in round 2, where p2 won: p2 ranks first (taruk2012.md §7.7 tie-break 2).
    results = [
        TableResult(1, 1, {"p1": 30, "x1": 0, "x2": -10, "x3": -20}),
        TableResult(1, 2, {"p2": -10, "y1": 40, "y2": -20, "y3": -50}),
        TableResult(2, 1, {"p2": 30, "p1": -10, "z1": -15, "z2": -25}),
    ]
    players = ["p1", "p2", "x1", "x2", "x3", "y1", "y2", "y3", "z1", "z2"]
    lines = {line.player: line for line in standings("taruk2012", results, players)}
    assert lines["p1"].ranking_points == lines["p2"].ranking_points == Fraction(7, 2)
    assert lines["p1"].game_points == lines["p2"].game_points == 20
    assert lines["p2"].rank < lines["p1"].rank


def test_the_lot_orders_players_equal_on_everything_reproducibly_and_without_a_lot_they_share_a_rank():
    results = [TableResult(1, 1, {"a": 0, "b": 0, "c": 0, "d": 0})]
    first = standings("taruk2012", results, ["a", "b", "c", "d"], seed="s1")
    again = standings("taruk2012", results, ["a", "b", "c", "d"], seed="s1")
    # taruk2012.md §7.7: the lot is the last tie-break; it decides the ranks.
    assert [line.rank for line in first] == [1, 2, 3, 4]
    no_lot = standings("taruk2012", results, ["a", "b", "c", "d"], metrics=("ranking_points", "game_points"))
    assert [line.rank for line in no_lot] == [1, 1, 1, 1]
    assert [line.player for line in first] == [line.player for line in again]


def test_an_unconfirmed_table_makes_its_players_provisional():
    results = [
        TableResult(1, 1, {"a": 10, "b": 0, "c": 0, "d": -10}, confirmed=False),
        TableResult(1, 2, {"e": 10, "f": 0, "g": 0, "h": -10}),
    ]
    lines = {line.player: line for line in standings("taruk2012", results, list("abcdefgh"))}
    assert lines["a"].provisional and not lines["e"].provisional


def test_a_taruk_bye_scores_the_average():
    lines = {line.player: line for line in standings("taruk2012", [], ["a"], byes={1: ["a"]})}
    assert lines["a"].ranking_points == Fraction(5, 4)  # taruk2012.md §7.6


def test_unknown_metrics_are_refused():
    with pytest.raises(ValueError, match="unknown metrics"):
        standings("taruk2012", [], ["a"], metrics=("charm",))
