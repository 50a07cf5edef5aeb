"""Repeat meetings, clubs and the all-play-all in the pure seat draw (tournaments/seating.py).

No database: these run in milliseconds (apart from the all-play-all searches, cached per count).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tournaments.seating import (
    RepeatMeeting,
    all_play_all_rounds,
    all_play_all_triples,
    club_clashes,
    draw_all_play_all,
    draw_by_strength,
    draw_random,
    repeat_meetings,
    reseat_taruk,
)


def ids(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(1, n + 1)]


def pair_counts(schedule: list[list[list[str]]]) -> Counter[frozenset[str]]:
    return Counter(frozenset(p) for rnd in schedule for table in rnd for p in itertools.combinations(table, 2))


# --- the repeat-meeting report --------------------------------------------------------------------


def test_the_report_lists_every_pair_that_met_before_with_its_rounds():
    groups = {1: ["P01", "P02", "P03", "P04"], 2: ["P05", "P06", "P07", "P08"]}
    history = {frozenset(("P02", "P01")): [2, 1], frozenset(("P05", "P08")): [3], frozenset(("P01", "P05")): [1]}
    assert repeat_meetings(groups, history) == [
        RepeatMeeting(1, ("P01", "P02"), (1, 2)),
        RepeatMeeting(2, ("P05", "P08"), (3,)),
    ]
    assert repeat_meetings(groups, {}) == []


# --- clubs ----------------------------------------------------------------------------------------

# 16 players of 4 clubs, 4 each: four tables of four can have one of each club.
CLUBS = {p: "ABCD"[i // 4] for i, p in enumerate(ids(16))}


@pytest.mark.parametrize("seed", range(8))
def test_a_random_round_1_keeps_players_of_one_club_at_different_tables(seed):
    draw = draw_random(ids(16), "taruk2012", seed, clubs=CLUBS)
    assert club_clashes(draw.groups().values(), CLUBS) == 0
    assert sorted(draw.players()) == ids(16)


def test_without_clubs_the_lot_alone_puts_club_mates_together():
    # The same seeds without the clubs: the plain lot seats club mates together.
    assert sum(club_clashes(draw_random(ids(16), "taruk2012", s).groups().values(), CLUBS) for s in range(8)) > 0


def test_where_the_numbers_do_not_allow_the_club_clashes_are_fewest():
    # 8 players, 6 of club A, two tables of four: at best 3 and 3 of A (3 + 3 pairs).
    clubs = {p: ("A" if i < 6 else "B") for i, p in enumerate(ids(8))}
    for seed in range(6):
        draw = draw_random(ids(8), "taruk2012", seed, clubs=clubs)
        assert club_clashes(draw.groups().values(), clubs) == 6


@pytest.mark.parametrize("seed", range(6))
def test_a_strength_draw_keeps_clubs_apart_and_one_player_of_each_band_at_every_table(seed):
    # Club = strength band quarter: P01-P04 share no club, but every club spans the bands.
    clubs = {p: "ABCD"[i % 4] for i, p in enumerate(ids(16))}
    clubs.update({"P01": "A", "P02": "A", "P05": "B", "P06": "B"})  # two of A in band 1, two of B in band 2
    draw = draw_by_strength(ids(16), "taruk2012", seed, clubs=clubs)
    bands = [ids(16)[i : i + 4] for i in range(0, 16, 4)]
    for table in draw.tables:
        assert sorted(sum(p in band for p in table.players) for band in bands) == [1, 1, 1, 1]
    assert club_clashes(draw.groups().values(), clubs) == 0


# --- Taruk rule 7: exchanges within a place group -------------------------------------------------


def test_rule_7_exchanges_two_players_of_one_place_group_to_avoid_an_earlier_meeting():
    # Round 3 at eight tables (32 players): P{4t-3} won old table t, P{4t-2} was second, ...
    results = [{"table": t, "places": {f"P{4 * t - 3 + k:02d}": k + 1 for k in range(4)}} for t in range(1, 9)]
    plain = reseat_taruk(results)
    assert plain[1] == ["P01", "P05", "P09", "P13"]  # §7.5: winners of tables 1-4 at table 1
    assert plain[2] == ["P17", "P21", "P25", "P29"]  # winners of 5-8 at table 2
    # P01 and P05 already met in round 1: the list alone does not see it.
    moved = reseat_taruk(results, {frozenset(("P01", "P05")): 1})
    assert not {"P01", "P05"} <= set(moved[1])
    # One exchange of two winners between tables 1 and 2; every other table as in §7.5.
    assert set(moved[1]) | set(moved[2]) == set(plain[1]) | set(plain[2])
    assert len(set(moved[1]) - set(plain[1])) == 1
    assert all(moved[t] == plain[t] for t in range(3, 9))


def test_rule_7_with_earlier_meetings_but_no_repeat_changes_nothing():
    results = [{"table": t, "places": {f"P{4 * t - 3 + k:02d}": k + 1 for k in range(4)}} for t in range(1, 9)]
    history = {frozenset(("P01", "P02")): 1}  # old tablemates: the list never seats them together
    assert reseat_taruk(results, history) == reseat_taruk(results)


# --- the MAUSZ all-play-all -----------------------------------------------------------------------


def test_all_play_all_for_13_uses_a_table_of_four_and_repeats_only_what_the_seats_force():
    schedule = all_play_all_triples(ids(13))
    # Six rounds of 4 + 3 + 3 + 3 seats: 90 meetings for 78 pairs, so 12 repeats at the least;
    # tables of three with a bye each round took 8 rounds and 18 pairs met twice.
    assert len(schedule) == all_play_all_rounds(13) == 6
    for rnd in schedule:
        assert sorted(len(t) for t in rnd) == [3, 3, 3, 4]
        assert sorted(p for t in rnd for p in t) == ids(13)  # nobody sits a round out
    counts = pair_counts(schedule)
    assert len(counts) == 78, "every pair meets"
    assert sum(c - 1 for c in counts.values()) == 12


@pytest.mark.parametrize("n", [4, 7, 8, 10, 11, 16])
def test_all_play_all_for_other_counts_seats_everyone_every_round(n):
    schedule = all_play_all_triples(ids(n))
    counts = pair_counts(schedule)
    assert len(counts) == n * (n - 1) // 2, "every pair meets"
    for rnd in schedule:
        assert sorted(p for t in rnd for p in t) == ids(n)
        assert all(len(t) in (3, 4) for t in rnd)


def test_all_play_all_follows_the_strength_order_given():
    order = ids(13)[::-1]  # P13 strongest
    by_strength = all_play_all_triples(order)
    by_index = all_play_all_triples(ids(13))
    relabel = dict(zip(ids(13), order, strict=True))
    assert by_strength == [[[relabel[p] for p in t] for t in rnd] for rnd in by_index]


def test_an_all_play_all_draw_puts_the_table_of_four_last():
    draw = draw_all_play_all(ids(13), 1, "s")
    assert [len(t.seats) for t in draw.tables] == [3, 3, 3, 4]
    assert draw.byes == []


@pytest.mark.parametrize(("n", "rounds"), [(9, 4), (15, 7), (21, 10), (12, 7)])
def test_the_schedule_length_is_known_before_drawing(n, rounds):
    assert all_play_all_rounds(n) == rounds
