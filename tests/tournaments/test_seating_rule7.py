"""Taruk rule 7: re-seating by places at the old tables (tournaments/rounds/seating/rule7.py): no database."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.registry import VARIANTS
from tournaments.rounds.seating.first_round import draw_random
from tournaments.rounds.seating.rule7 import BYE_TABLE, draw_by_places, reseat_by_places, tied_by_lot

TARUK = VARIANTS["taruk2012"].plan


def ids(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def reseat(results: list[dict], previous_meetings=None) -> dict[int, list[str]]:
    return reseat_by_places(results, "taruk2012", previous_meetings)


# --- taruk2012.md §7.5 and the example of §8.4 ----------------------------------------------------


# taruk2012.md §8.4, 32 players: by table number, the strict places at that old table after round 1
# (1st, 2nd, 3rd, 4th) and the players of that new table in round 2.
TABLES_8_4 = {
    1: ("P03 P01 P04 P02", "P03 P05 P10 P16"),
    2: ("P05 P08 P06 P07", "P20 P21 P27 P30"),
    3: ("P10 P12 P09 P11", "P01 P08 P12 P13"),
    4: ("P16 P13 P14 P15", "P18 P24 P25 P29"),
    5: ("P20 P18 P17 P19", "P04 P06 P09 P14"),
    6: ("P21 P24 P22 P23", "P17 P22 P28 P32"),
    7: ("P27 P25 P28 P26", "P02 P07 P11 P15"),
    8: ("P30 P29 P32 P31", "P19 P23 P26 P31"),
}
PLACES_8_4 = {t: places.split() for t, (places, _new) in TABLES_8_4.items()}
ROUND_2_8_4 = {t: new.split() for t, (_places, new) in TABLES_8_4.items()}
EXAMPLE_8_4 = [
    {"table": t, "places": {p: place for place, p in enumerate(order, start=1)}} for t, order in PLACES_8_4.items()
]


def test_the_8_table_example_of_8_4_comes_out_exactly():
    assert reseat(EXAMPLE_8_4) == ROUND_2_8_4


def test_in_8_4_a_shared_first_place_is_broken_by_the_lot():
    # P20 and P18 tied for first at table 5; all tie-breaks equal; the lot puts P20 ahead.
    results = [dict(e) for e in EXAMPLE_8_4]
    results[4] = {"table": 5, "places": {"P20": 1, "P18": 1, "P17": 3, "P19": 4}, "lot": {"P20": 1, "P18": 2}}
    assert reseat(list(reversed(results))) == ROUND_2_8_4
    results[4]["lot"] = {"P20": 2, "P18": 1}
    assert reseat(results)[2] == ["P18", "P21", "P27", "P30"]


def test_shared_places_go_by_ranking_points_then_game_points():
    # Averaged places (1.5, 1.5) work as well as shared ones; higher cumulative points first.
    table = {"table": 1, "places": {"a": 1.5, "b": 1.5, "c": 3, "d": 4}}
    others = [{"table": t, "places": {f"{x}{t}": i for i, x in enumerate("wxyz", start=1)}} for t in range(2, 5)]
    by_points = reseat([{**table, "ranking_points": {"a": 3.5, "b": 4}}, *others])
    assert by_points[1][0] == "b" and by_points[2][0] == "a"
    tied = {**table, "ranking_points": {"a": 4, "b": 4}, "game_points": {"a": 90, "b": -5}}
    by_game = reseat([tied, *others])
    assert by_game[1][0] == "a"
    # With everything equal the lot orders a and b (§7.5 1c), and the list puts the first at table 1
    # among the winners of tables 2-4, the second at table 2 among their seconds (step 2 and 3).
    (lot,) = tied_by_lot([table, *others], "taruk2012")
    first, second = lot[1]
    assert lot[0] == 1 and {first, second} == {"a", "b"}
    expected = {
        1: [first, "w2", "w3", "w4"],
        2: [second, "x2", "x3", "x4"],
        3: ["c", "y2", "y3", "y4"],
        4: ["d", "z2", "z3", "z4"],
    }
    assert reseat([table, *others]) == expected
    # The lot is drawn from the results, not from the order they are given in.
    assert reseat([*reversed(others), table]) == expected


def test_20_players_are_cut_from_the_list_as_in_7_5():
    results = [{"table": t, "places": {f"{p}.{t}": p for p in range(1, 5)}} for t in range(1, 6)]
    assert reseat(results) == {
        1: ["1.1", "1.2", "1.3", "1.4"],
        2: ["1.5", "2.1", "2.2", "2.3"],
        3: ["2.4", "2.5", "3.1", "3.2"],
        4: ["3.3", "3.4", "3.5", "4.1"],
        5: ["4.2", "4.3", "4.4", "4.5"],
    }


def test_five_seat_tables_come_last_and_split_the_4th_and_5th_of_one_old_table():
    # 41 players: nine tables of 4 and table 10 with 5 seats (§7.6). The list
    # ends 4.7 4.8 4.9 4.10 5.10: the 4th and 5th of old table 10 would meet
    # again, so 5.10 changes place with 4.6, the last of new table 9 (§7.5).
    results = [{"table": t, "places": {f"{p}.{t}": p for p in range(1, 5 if t < 10 else 6)}} for t in range(1, 11)]
    tables = reseat(results)
    assert len(tables) == 10 and [len(tables[t]) for t in range(1, 11)] == [4] * 9 + [5]
    assert tables[9] == ["4.3", "4.4", "4.5", "5.10"]
    assert tables[10] == ["4.7", "4.8", "4.9", "4.10", "4.6"]
    assert tables[1] == ["1.1", "1.2", "1.3", "1.4"]


def old_tablemates(results: list[dict], tables: dict[int, list[str]]) -> int:
    old = {p: r["table"] for r in results if "table" in r for p in r["places"]}
    return sum(
        1
        for number, players in tables.items()
        if number != BYE_TABLE
        for a, b in itertools.combinations(players, 2)
        if a in old and old.get(a) == old.get(b)
    )


def random_round(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    draw = draw_random(ids(n), "taruk2012", seed)
    results: list[dict] = []
    for t in draw.tables:
        order = rng.sample(t.players, len(t.players))
        results.append({"table": t.number, "places": {p: i for i, p in enumerate(order, start=1)}})
    if draw.byes:
        results.append({"byes": draw.byes})
    return results


def test_rule_7_seats_everyone_once_and_keeps_old_tablemates_apart():
    # The spec promises no repeat with four-seat tables and at least four of
    # them; with 5-seat tables the single exchange does it from 8 tables on
    # (N >= 32). Below that some meetings cannot be avoided by an exchange.
    for n in range(4, 257):
        results = random_round(n, n)
        tables = reseat(results)
        seated = [p for ps in tables.values() for p in ps]
        assert sorted(seated) == ids(n)
        sizes = [len(tables[t]) for t in sorted(tables) if t != BYE_TABLE]
        assert sizes == list(TARUK.tables(n).sizes)
        if n >= 32 or (n % 4 == 0 and n >= 16):
            assert old_tablemates(results, tables) == 0, n


@pytest.mark.parametrize("n", [6, 7, 11])
def test_rule_7_rotates_byes_and_places_a_returning_bye_after_the_seconds(n):
    results = random_round(n, 1)
    byes = Counter(results.pop()["byes"])
    last_byes = list(byes)
    for _ in range(12):
        tables = reseat([*results, {"byes": last_byes, "bye_counts": dict(byes)}])
        new_byes = tables.pop(BYE_TABLE)
        assert len(new_byes) == TARUK.tables(n).byes
        byes.update(new_byes)
        counts = [byes[p] for p in ids(n)]
        assert max(counts) - min(counts) <= 1
        rng = random.Random(len(byes))
        results = [
            {"table": t, "places": {p: i for i, p in enumerate(rng.sample(ps, len(ps)), start=1)}}
            for t, ps in tables.items()
        ]
        last_byes = new_byes
    # Placement of a returning bye (§7.6 step 2): 7 players, one table of 5 and 2 byes.
    table = {"table": 1, "places": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}}
    listed = reseat([table, {"byes": ["x", "y"], "lot": {"x": 0, "y": 1}}])
    # List: a b x y c d e -> the two lowest who have had no bye sit out.
    assert listed == {1: ["a", "b", "x", "y", "c"], BYE_TABLE: ["e", "d"]}


def test_rule_7_draw_adds_seats():
    draw = draw_by_places(EXAMPLE_8_4, "taruk2012", "R2")
    expected = {k: sorted(v) for k, v in ROUND_2_8_4.items()}
    assert {t.number: sorted(t.players) for t in draw.tables} == expected
    # §7.3: each new table's four take seats A-D; the same seed seats them alike from the results
    # given in another order.
    assert all(sorted(t.seats) == ["A", "B", "C", "D"] for t in draw.tables)
    again = draw_by_places(list(reversed(EXAMPLE_8_4)), "taruk2012", "R2")
    assert [dict(t.seats) for t in again.tables] == [dict(t.seats) for t in draw.tables]


def test_rule_7_draws_the_seats_at_each_new_table():
    orders = {tuple(draw_by_places(EXAMPLE_8_4, "taruk2012", seed).tables[0].players) for seed in range(30)}
    assert len(orders) > 10


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=24),
    fives=st.integers(min_value=0, max_value=3),
    data=st.data(),
)
def test_rule_7_accepts_any_places_with_ties(tables, fives, data):
    fives = min(fives, tables)
    results = []
    for t in range(1, tables + 1):
        size = 5 if t > tables - fives else 4
        places = data.draw(st.lists(st.sampled_from([1, 1.5, 2, 2.5, 3, 4, 5]), min_size=size, max_size=size))
        results.append({"table": t, "places": {f"{t}-{i}": pl for i, pl in enumerate(places)}})
    out = reseat(results)
    everyone = sorted(p for r in results for p in r["places"])
    assert sorted(p for ps in out.values() for p in ps) == everyone
    assert BYE_TABLE not in out or len(everyone) in (6, 7, 11)


def test_rule_7_rejects_a_player_at_two_tables():
    with pytest.raises(ValueError, match="P01"):
        reseat([{"table": 1, "places": {"P01": 1}}, {"table": 2, "places": {"P01": 1}}])


# --- exchanges within a place group ---------------------------------------------------------------


def test_rule_7_exchanges_two_players_of_one_place_group_to_avoid_an_earlier_meeting():
    # Round 3 at eight tables (32 players): P{4t-3} won old table t, P{4t-2} was second, ...
    results = [{"table": t, "places": {f"P{4 * t - 3 + k:02d}": k + 1 for k in range(4)}} for t in range(1, 9)]
    plain = reseat(results)
    assert plain[1] == ["P01", "P05", "P09", "P13"]  # §7.5: winners of tables 1-4 at table 1
    assert plain[2] == ["P17", "P21", "P25", "P29"]  # winners of 5-8 at table 2
    # P01 and P05 already met in round 1: the list alone does not see it.
    moved = reseat(results, {frozenset(("P01", "P05")): 1})
    assert not {"P01", "P05"} <= set(moved[1])
    # One exchange of two winners between tables 1 and 2; every other table as in §7.5.
    assert set(moved[1]) | set(moved[2]) == set(plain[1]) | set(plain[2])
    assert len(set(moved[1]) - set(plain[1])) == 1
    assert all(moved[t] == plain[t] for t in range(3, 9))


def test_rule_7_with_earlier_meetings_but_no_repeat_changes_nothing():
    results = [{"table": t, "places": {f"P{4 * t - 3 + k:02d}": k + 1 for k in range(4)}} for t in range(1, 9)]
    history = {frozenset(("P01", "P02")): 1}  # old tablemates: the list never seats them together
    # §7.5's table: new table 2k+1 holds the (k+1)-th placed of old tables 1-4, table 2k+2 of 5-8.
    section_7_5 = {
        2 * k + half + 1: [f"P{4 * t - 3 + k:02d}" for t in range(4 * half + 1, 4 * half + 5)]
        for k in range(4)
        for half in range(2)
    }
    assert reseat(results, history) == section_7_5
