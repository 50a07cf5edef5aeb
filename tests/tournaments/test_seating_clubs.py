"""Club mates kept at different tables in round 1 draws (tournaments/rounds/seating/clubs.py): no database."""

from __future__ import annotations

import pytest

from tournaments.rounds.seating.clubs import club_clashes
from tournaments.rounds.seating.first_round import draw_by_strength, draw_random


def ids(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(1, n + 1)]


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
