"""Round 1 from the series ladder (season.md §6.2 ladder groups, §6.3 ladder as strength order), in
the pure seat draw: no database. Run with ``-p no:django``.

The variants' real plans: taruk2012 tables of 4 and 5 (byes for 6, 7, 11), ulti-mausz 3 and 4,
tarokk-vadasz 4 to 7, tarokk-illusztralt 4 with byes, tarokk-laza two pairs a table.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.registry import VARIANTS
from tournaments.rounds.seating.clubs import club_clashes
from tournaments.rounds.seating.draw import Draw
from tournaments.rounds.seating.first_round import draw_random
from tournaments.rounds.seating.ladder_groups import draw_ladder_groups, group_sizes, ladder_order, ladder_strengths


def ids(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def the_lot(players: list[str], seed) -> list[str]:
    """The event's seeded lot as draw_random draws it: the ids sorted, then shuffled by the seed."""
    lot = sorted(players)
    random.Random(seed).shuffle(lot)
    return lot


def expected_groups(players: list[str], ladder: list[str], seed, draw: Draw) -> list[set[str]]:
    """§6.2 worked by hand: the seated players by ladder rank (those without one after, in lot
    order), cut into g groups (g = the smallest table), sizes differing by at most one, larger first."""
    seated = set(players) - set(draw.byes)
    placed = [p for p in ladder if p in seated]
    order = placed + [p for p in the_lot(players, seed) if p in seated and p not in placed]
    g = min(len(t.seats) for t in draw.tables)
    q, r = divmod(len(order), g)
    groups, start = [], 0
    for i in range(g):
        size = q + 1 if i < r else q
        groups.append(set(order[start : start + size]))
        start += size
    return groups


def assert_one_of_each_group(players: list[str], ladder: list[str], variant: str, seed, draw: Draw) -> None:
    plan = VARIANTS[variant].plan
    seated = draw.players()
    assert sorted(seated + draw.byes) == sorted(players)
    assert len(set(seated)) == len(seated)
    assert [len(t.seats) for t in draw.tables] == list(plan.tables(len(players)).sizes)
    groups = expected_groups(players, ladder, seed, draw)
    g = len(groups)
    for table in draw.tables:
        assert tuple(table.seats) == plan.positions(len(table.seats))  # positions as the variant draws them
        per_group = [len(group & set(table.players)) for group in groups]
        assert min(per_group) >= 1, (variant, len(players), table)
        if len(table.seats) == g:
            assert per_group == [1] * g


@pytest.mark.parametrize(("n", "g"), [(12, 3), (13, 3), (14, 3), (21, 4), (7, 4)])
def test_group_sizes_differ_by_at_most_one_larger_first(n, g):
    sizes = group_sizes(n, g)
    assert sum(sizes) == n and len(sizes) == g
    assert max(sizes) - min(sizes) <= 1
    assert sizes == sorted(sizes, reverse=True)


def test_group_sizes_by_hand():
    # 14 players, g = 3: 5, 5, 4. 21 players, g = 4: 6, 5, 5, 5.
    assert group_sizes(14, 3) == [5, 5, 4]
    assert group_sizes(21, 4) == [6, 5, 5, 5]


def test_dp_pos_every_table_gets_one_player_of_each_group():
    # The DP POS case as the spec tells it: 24 players at tables of three (here ulti's threes):
    # groups of 8 by ladder position, one of each at each of the 8 tables.
    players = ids(24)
    draw = draw_ladder_groups(players, players, "ulti-mausz", "dp-pos-2012-1")
    assert len(draw.tables) == 8
    for table in draw.tables:
        assert sorted((int(p[1:]) - 1) // 8 for p in table.players) == [0, 1, 2]


@pytest.mark.parametrize(
    ("variant", "counts"),
    [
        ("taruk2012", [4, 5, 6, 7, 8, 9, 11, 12, 13, 17, 21, 23, 40, 63, 64, 101]),  # 4/5, byes for 6, 7, 11
        ("ulti-mausz", [3, 4, 5, 6, 7, 8, 10, 11, 14, 20, 31, 42, 60]),  # 3/4
        ("tarokk-vadasz", [4, 5, 6, 7, 8, 9, 10, 11, 15, 23, 30, 47]),  # 4-7
        ("tarokk-illusztralt", [4, 5, 7, 9, 18, 30]),  # 4, byes
        ("tarokk-laza", [2, 3, 4, 5, 9]),  # pairs: two a table
    ],
)
def test_one_player_of_each_group_at_every_table(variant, counts):
    for n in counts:
        players = ids(n)
        ladder = players[::-1]  # the ladder need not follow the ids
        for seed in (1, "2012-R1"):
            draw = draw_ladder_groups(players, ladder, variant, seed)
            assert_one_of_each_group(players, ladder, variant, seed, draw)


def test_the_larger_tables_take_the_left_over_players():
    # Taruk, 21 players: tables 4, 4, 4, 4, 5; g = 4, groups 6, 5, 5, 5 (T = 5): one player of the
    # first group is left over and sits at the table of five, beside one of each group.
    players = ids(21)
    draw = draw_ladder_groups(players, players, "taruk2012", 9)
    *fours, five = draw.tables
    assert [len(t.seats) for t in draw.tables] == [4, 4, 4, 4, 5]
    first_group = set(ids(6))
    assert sum(len(first_group & set(t.players)) for t in fours) == 4
    assert len(first_group & set(five.players)) == 2


def test_byes_are_chosen_first_as_the_variants_draw_chooses_them_and_not_grouped():
    # Taruk, 11 players: two tables of five and one bye (taruk2012.md §7.6: round 1 by lot). The bye
    # is the one draw_random gives with the same seed, wherever he stands on the ladder.
    players = ids(11)
    for seed in range(10):
        draw = draw_ladder_groups(players, players, "taruk2012", seed)
        assert draw.byes == draw_random(players, "taruk2012", seed).byes
        assert len(draw.byes) == 1
        assert_one_of_each_group(players, players, "taruk2012", seed, draw)


def test_byes_go_to_those_with_the_fewest_byes_so_far():
    players = ids(7)  # Taruk: one five, two byes
    draw = draw_ladder_groups(players, players, "taruk2012", "x", bye_counts=Counter({"P001": 1, "P002": 1}))
    assert len(draw.byes) == 2 and not {"P001", "P002"} & set(draw.byes)


def test_players_without_a_ladder_place_follow_the_others_in_lot_order():
    # P004 and P006 are on the ladder (P006 first); the others have no place: they follow in the
    # event's seeded lot.
    players = ids(6)
    lot = the_lot(players, 5)
    assert ladder_order(players, ["P006", "P099", "P004"], 5) == ["P006", "P004"] + [
        p for p in lot if p not in {"P004", "P006"}
    ]


def test_ladder_as_strength_order_numbers_the_ladder_then_the_lot():
    # §6.3: strength 1 is the ladder's best; players without a place after, in lot order.
    players = ids(4)
    lot = the_lot(players, "s")
    strengths = ladder_strengths(players, ["P003", "P001"], "s")
    unplaced = [p for p in lot if p in {"P002", "P004"}]
    assert strengths == {"P003": 1, "P001": 2, unplaced[0]: 3, unplaced[1]: 4}


def test_newcomers_are_grouped_last():
    # 12 players at Illusztrált tables of four (g = 4, groups of 3): the 9 on the ladder fill the first
    # three groups, the 3 newcomers the last one, so every table has exactly one newcomer.
    players = ids(12)
    ladder = ids(9)
    draw = draw_ladder_groups(players, ladder, "tarokk-illusztralt", 4)
    for table in draw.tables:
        assert len(set(table.players) - set(ladder)) == 1


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_same_seed_gives_the_same_draw_and_another_seed_another(variant):
    players = ids(64)
    ladder = players[::2] + players[1::2]
    first = draw_ladder_groups(players, ladder, variant, "R1-7f3a")
    assert draw_ladder_groups(players, ladder, variant, "R1-7f3a").as_dict() == first.as_dict()
    # The order the database returns the players in does not matter.
    assert draw_ladder_groups(players[::-1], ladder, variant, "R1-7f3a").as_dict() == first.as_dict()
    assert draw_ladder_groups(players, ladder, variant, "R1-7f3b").groups() != first.groups()
    assert first.seed == "R1-7f3a"


def test_clubs_are_kept_apart_without_breaking_the_groups():
    # 16 players, tables of four, four clubs of four players, one of each club in each ladder group:
    # the lot alone puts club mates together; exchanging players of one group separates them.
    players = ids(16)
    clubs = {p: f"club{i % 4}" for i, p in enumerate(players)}
    assert club_clashes(draw_ladder_groups(players, players, "tarokk-illusztralt", 2).groups().values(), clubs) > 0
    draw = draw_ladder_groups(players, players, "tarokk-illusztralt", 2, clubs=clubs)
    assert_one_of_each_group(players, players, "tarokk-illusztralt", 2, draw)
    assert club_clashes(draw.groups().values(), clubs) == 0


def test_an_event_too_small_for_a_table_is_all_byes():
    draw = draw_ladder_groups(ids(3), ids(3), "taruk2012", 1)
    assert draw.tables == [] and sorted(draw.byes) == ids(3)


@given(
    variant=st.sampled_from(sorted(VARIANTS)),
    n=st.integers(min_value=1, max_value=120),
    on_ladder=st.floats(min_value=0, max_value=1),
    seed=st.integers(min_value=0, max_value=10**6),
    byes_before=st.integers(min_value=0, max_value=5),
)
def test_property_one_player_of_each_group_at_every_table(variant, n, on_ladder, seed, byes_before):
    players = ids(n)
    rng = random.Random(seed)
    ladder = [*rng.sample(players, int(n * on_ladder)), "GONE"]  # a ladder player not in this event
    bye_counts = Counter(rng.sample(players, min(byes_before, n)))
    draw = draw_ladder_groups(players, ladder, variant, seed, bye_counts=bye_counts)
    if draw.tables:
        assert_one_of_each_group(players, ladder, variant, seed, draw)
    else:
        assert sorted(draw.byes) == sorted(players)
