"""The all-play-all in threes, the MAUSZ final (tournaments/rounds/seating/all_play_all.py): no database.

The searches are cached per count, so the whole file runs in a few seconds.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tournaments.rounds.seating.all_play_all import all_play_all_rounds, all_play_all_triples, draw_all_play_all


def ids(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def pair_counts(schedule: list[list[list[str]]]) -> Counter[frozenset[str]]:
    return Counter(frozenset(p) for rnd in schedule for table in rnd for p in itertools.combinations(table, 2))


# --- Kirkman schedules and tables of three --------------------------------------------------------


@pytest.mark.parametrize("n", [9, 15, 21])
def test_all_play_all_meets_every_pair_exactly_once(n):
    players = ids(n)
    schedule = all_play_all_triples(players, "ulti-mausz")
    assert len(schedule) == (n - 1) // 2
    for rnd in schedule:
        assert sorted(p for table in rnd for p in table) == players
        assert all(len(table) == 3 for table in rnd)
    counts = pair_counts(schedule)
    assert len(counts) == n * (n - 1) // 2 and set(counts.values()) == {1}


@pytest.mark.parametrize(("n", "rounds"), [(12, 7)])
def test_all_play_all_for_other_counts_is_as_even_as_possible(n, rounds):
    players = ids(n)
    schedule = all_play_all_triples(players, "ulti-mausz")
    # 12: every player meets 11 others, two per round, in 6 rounds the 72
    # seats leave no slack; the search needs 7. (Counts not divisible by 3
    # use tables of four: tests/tournaments/test_seating_repeats.py.)
    assert len(schedule) == rounds
    byes: Counter[str] = Counter()
    for rnd in schedule:
        seated = [p for table in rnd for p in table]
        assert len(seated) == len(set(seated)) == n - n % 3
        assert all(len(table) == 3 for table in rnd)
        byes.update(set(players) - set(seated))
    assert max(byes[p] for p in players) - min(byes[p] for p in players) <= 1
    counts = pair_counts(schedule)
    assert len(counts) == n * (n - 1) // 2, "every pair meets"
    assert max(counts.values()) <= 2


def test_fewer_than_three_players_have_no_schedule():
    assert all_play_all_triples(["a", "b"], "ulti-mausz") == []


# --- tables of four where the count is not a multiple of three ------------------------------------


def test_all_play_all_for_13_uses_a_table_of_four_and_repeats_only_what_the_seats_force():
    schedule = all_play_all_triples(ids(13), "ulti-mausz")
    # Six rounds of 4 + 3 + 3 + 3 seats: 90 meetings for 78 pairs, so 12 repeats at the least;
    # tables of three with a bye each round took 8 rounds and 18 pairs met twice.
    assert len(schedule) == all_play_all_rounds(13, "ulti-mausz") == 6
    for rnd in schedule:
        assert sorted(len(t) for t in rnd) == [3, 3, 3, 4]
        assert sorted(p for t in rnd for p in t) == ids(13)  # nobody sits a round out
    counts = pair_counts(schedule)
    assert len(counts) == 78, "every pair meets"
    assert sum(c - 1 for c in counts.values()) == 12


@pytest.mark.parametrize("n", [4, 7, 8, 10, 11, 16])
def test_all_play_all_for_other_counts_seats_everyone_every_round(n):
    schedule = all_play_all_triples(ids(n), "ulti-mausz")
    counts = pair_counts(schedule)
    assert len(counts) == n * (n - 1) // 2, "every pair meets"
    for rnd in schedule:
        assert sorted(p for t in rnd for p in t) == ids(n)
        assert all(len(t) in (3, 4) for t in rnd)


def test_all_play_all_follows_the_strength_order_given():
    order = ids(13)[::-1]  # P13 strongest
    by_strength = all_play_all_triples(order, "ulti-mausz")
    by_index = all_play_all_triples(ids(13), "ulti-mausz")
    relabel = dict(zip(ids(13), order, strict=True))
    assert by_strength == [[[relabel[p] for p in t] for t in rnd] for rnd in by_index]


def test_an_all_play_all_draw_puts_the_table_of_four_last():
    draw = draw_all_play_all(ids(13), "ulti-mausz", 1, "s")
    assert [len(t.seats) for t in draw.tables] == [3, 3, 3, 4]
    assert draw.byes == []


@pytest.mark.parametrize(("n", "rounds"), [(9, 4), (15, 7), (21, 10), (12, 7)])
def test_the_schedule_length_is_known_before_drawing(n, rounds):
    assert all_play_all_rounds(n, "ulti-mausz") == rounds
