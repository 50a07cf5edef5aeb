"""Standings tie-breaks and metrics (tournaments/results/standings.py), pure: taruk2012.md §6 and §7.7."""

from __future__ import annotations

from fractions import Fraction

from tournaments.results.standings import METRICS, TableResult, standings

# p and q end equal on ranking points and game points (taruk2012.md §7.7):
#   round 1: p wins table 1 with 50 (2 RP); q is second at table 2 with 10 (1.5 RP);
#   round 2: they meet at table 1: q third with 0 (1 RP), p fourth with -40 (0.5 RP).
#   p: 2 + 0.5 = 2.5 RP, 50 - 40 = 10 GP, 1 table win; q: 1.5 + 1 = 2.5 RP, 10 + 0 = 10 GP, 0 table wins;
#   head to head: q beat p in their one meeting.
CLASH = [
    TableResult(1, 1, {"p": 50, "a": 0, "b": -10, "c": -40}),
    TableResult(1, 2, {"q": 10, "d": 20, "e": -10, "f": -20}),
    TableResult(2, 1, {"g": 40, "h": 20, "q": 0, "p": -40}),
]
PLAYERS = list("pqabcdefgh")


def test_head_to_head_comes_before_table_wins_in_taruk():
    lines = {line.player: line for line in standings("taruk2012", CLASH, PLAYERS)}
    p, q = lines["p"], lines["q"]
    assert p.ranking_points == q.ranking_points == Fraction(5, 2)
    assert p.game_points == q.game_points == 10
    assert (p.table_wins, q.table_wins) == (1, 0)
    assert (p.metrics["head_to_head"], q.metrics["head_to_head"]) == (0, 1)
    assert q.rank < p.rank  # §7.7: head-to-head (2) decides before table wins (3)


def test_a_metric_order_with_table_wins_first_ranks_the_table_winner_first():
    metrics = ("ranking_points", "game_points", "table_wins", "head_to_head", "lot")
    lines = {line.player: line for line in standings("taruk2012", CLASH, PLAYERS, metrics=metrics)}
    assert lines["p"].rank < lines["q"].rank


def test_head_to_head_is_counted_only_among_players_still_tied():
    lines = {line.player: line for line in standings("taruk2012", CLASH, PLAYERS)}
    # g won the round-2 table against p and q, but is not tied with them: no head-to-head value.
    assert lines["g"].metrics["head_to_head"] is None


def test_a_drawn_lot_decides_the_rank_and_is_shown_reproducibly():
    results = [TableResult(1, 1, {"a": 10, "b": 0, "c": 0, "d": -10})]
    first = standings("taruk2012", results, list("abcd"), seed="s1")
    again = standings("taruk2012", results, list("abcd"), seed="s1")
    assert [line.player for line in first] == [line.player for line in again]
    by = {line.player: line for line in first}
    # b and c are equal on every metric before the lot: the lot gives them 1 and 2 and their ranks.
    assert sorted((by["b"].metrics["lot"], by["c"].metrics["lot"])) == [1, 2]
    winner = "b" if by["b"].metrics["lot"] == 1 else "c"
    loser = "c" if winner == "b" else "b"
    assert (by[winner].rank, by[loser].rank) == (2, 3)
    assert by["a"].metrics["lot"] is None and by["d"].metrics["lot"] is None


def test_every_metric_carries_its_key_name_and_abbreviation():
    for key, metric in METRICS.items():
        assert metric.key == key and metric.name and metric.abbr


def test_an_unfinished_table_gives_running_game_points_but_no_ranking_points():
    # taruk2012.md §6.1: the table result exists once the round ends at the table.
    results = [
        TableResult(1, 1, {"a": 20, "b": 10, "c": -10, "d": -20}),
        TableResult(2, 1, {"a": -30, "b": 30, "c": 0, "d": 0}, confirmed=False, complete=False),
    ]
    by = {line.player: line for line in standings("taruk2012", results, list("abcd"))}
    assert by["a"].ranking_points == 2 and by["b"].ranking_points == Fraction(3, 2)
    assert by["a"].game_points == -10 and by["b"].game_points == 40  # running, provisional
    assert by["a"].table_wins == 1 and by["b"].table_wins == 0
    assert by["b"].playing and by["b"].provisional
    assert by["b"].per_round == {1: Fraction(3, 2)}
    assert by["b"].running == {2: 30}
