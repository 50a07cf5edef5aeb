"""Standings (pure): taruk2012.md §7.6, §7.7; ulti-mausz.md §6.2. The table points of each
variant are tested with its standing rules (tests/scoring/test_standing_rules.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.registry import VARIANTS
from tournaments.results.standings import METRICS, TableResult, standings, table_points


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


def test_a_bye_scores_the_variants_bye_points():
    lines = {line.player: line for line in standings("taruk2012", [], ["a"], byes={1: ["a"]})}
    assert lines["a"].ranking_points == Fraction(5, 4)  # taruk2012.md §7.6
    assert lines["a"].per_round == {1: Fraction(5, 4)} and lines["a"].byes == 1
    ulti = standings("ulti-mausz", [], ["a"], byes={2: ["a"]})
    assert ulti[0].ranking_points == 2  # the average of 3/2/1
    assert standings("tarokk-vadasz", [], ["a"], byes={1: ["a"]})[0].ranking_points == 0


def test_an_event_ranks_by_its_variants_default_tie_breaks():
    # ulti-mausz.md §6.2: ranking points first; the tarokks rank game points first.
    results = [TableResult(1, 1, {"a": 10, "b": 5, "c": -15}), TableResult(2, 1, {"a": -100, "b": 60, "c": 40})]
    # a: 3 + 1 = 4 ranking points, -90 game points; b: 2 + 3 = 5, 65; c: 1 + 2 = 3, 25.
    assert [line.player for line in standings("ulti-mausz", results, list("abc"))] == ["b", "a", "c"]
    assert [line.player for line in standings("tarokk-illusztralt", results, list("abc"))] == ["b", "c", "a"]
    for v in VARIANTS.values():
        assert set(v.standing.tiebreaks) <= set(METRICS), v.key


def test_a_table_size_without_a_ladder_has_no_table_points():
    assert table_points("taruk2012", {"a": 3, "b": 2, "c": 1}) == {}
    assert table_points("taruk2012", {"a": 3, "b": 2, "c": 1, "d": 0}) == {"a": 2, "b": 1.5, "c": 1, "d": 0.5}


def test_unknown_metrics_are_refused():
    with pytest.raises(ValueError, match="unknown metrics"):
        standings("taruk2012", [], ["a"], metrics=("charm",))
