"""Striking an excluded player's round result (tournaments/incidents/exclusions.py): pure, no Django."""

from __future__ import annotations

from fractions import Fraction

from tournaments.incidents.exclusions import struck
from tournaments.results.standings import Line, TableResult, standings


def test_the_excluded_players_ranking_points_of_his_round_and_later_become_zero():
    line = Line(
        "7", ranking_points=Fraction(9), game_points=120, per_round={1: Fraction(4), 2: Fraction(3), 3: Fraction(2)}
    )
    (out,) = struck([line], {"7": 2})
    assert out.per_round == {1: 4, 2: 0, 3: 0} and out.ranking_points == 4
    assert out.game_points == 120  # the hands he played stay as played
    assert line.per_round[2] == 3 and line.ranking_points == 9  # the input is not changed


def test_players_not_excluded_keep_their_lines_as_they_are():
    a, b = Line("1", Fraction(4), per_round={1: Fraction(4)}), Line("2", Fraction(1), per_round={1: Fraction(1)})
    assert struck([a, b], {"2": 1}) == [a, Line("2", Fraction(0), per_round={1: Fraction(0)})]
    assert struck([a, b], {}) == [a, b]


def test_his_tablemates_places_stay_as_played():
    # The places at his table were computed with him in them; only his own line changes.
    result = TableResult(1, 1, {"a": 100, "b": 50, "c": 0, "d": -150})
    lines = standings("taruk2012", [result], ["a", "b", "c", "d"])
    before = {line.player: line.ranking_points for line in lines}
    after = {line.player: line.ranking_points for line in struck(lines, {"a": 1})}
    assert after["a"] == 0 and before["a"] > 0
    assert {p: v for p, v in after.items() if p != "a"} == {p: v for p, v in before.items() if p != "a"}
