"""Round 1 draws in the pure seat draw (tournaments/rounds/seating/first_round.py, draw.py): no database.

Run alone with: python -m pytest -p no:cacheprovider tests/tournaments/test_seating_draws.py
No database is touched. Without the Django plugin, skip tests/conftest.py (it
imports Django models): add -p no:django --confcutdir=tests/tournaments
-W ignore::pytest.PytestConfigWarning.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from scoring.registry import VARIANTS
from scoring.table_plan import TablePlan, TableSizes, one_size
from tournaments.rounds.seating.draw import Draw
from tournaments.rounds.seating.first_round import draw_by_strength, draw_random
from tournaments.rounds.seating.reseat import reseat_by_standings
from tournaments.rounds.seating.rule7 import reseat_by_places
from tournaments.tables.progress import expected_hands

COUNTS = range(3, 257)


def ids(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(1, n + 1)]


def assert_valid(draw: Draw, players: list[str], variant: str) -> None:
    """Everybody seated once or on a bye, sizes allowed, tables 1..T, positions as the plan says."""
    plan = VARIANTS[variant].plan
    seated = draw.players()
    assert len(seated) == len(set(seated)), "a player sits twice"
    assert not set(seated) & set(draw.byes)
    assert sorted(seated + draw.byes) == sorted(players)
    assert [t.number for t in draw.tables] == list(range(1, len(draw.tables) + 1))
    assert [len(t.seats) for t in draw.tables] == list(plan.tables(len(players)).sizes)
    for t in draw.tables:
        assert len(t.seats) in plan.table_units
        assert tuple(t.seats) == plan.positions(len(t.seats))
        assert t.first_dealer == plan.positions(len(t.seats))[0][0]


def test_laza_seats_each_pair_on_two_adjacent_seats():
    # tarokk-laza.md §1.2: partners side by side; the engine's pairs are A/D and B/C (§5.3).
    draw = draw_random(["pair1", "pair2", "pair3", "pair4"], "tarokk-laza", 5)
    assert [tuple(t.seats) for t in draw.tables] == [("AD", "BC"), ("AD", "BC")]
    assert [t.first_dealer for t in draw.tables] == ["A", "A"]


# --- every draw, every count, several rounds ------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_four_rounds_seat_everyone_once_and_spread_the_byes(variant):
    """Round 1 random, round 2 by strength, rounds 3-4 by standings, for 3..256 players."""
    for n in COUNTS:
        players = ids(n)
        byes: Counter[str] = Counter()
        met: Counter[frozenset[str]] = Counter()
        rng = random.Random(n)
        standings = players[::-1]
        for rnd in range(4):
            if rnd == 0:
                draw = draw_random(players, variant, f"{n}-{rnd}", bye_counts=byes)
            elif rnd == 1:
                draw = draw_by_strength(standings, variant, f"{n}-{rnd}", bye_counts=byes)
            else:
                draw = reseat_by_standings(standings, met, variant, f"{n}-{rnd}", byes)
            assert_valid(draw, players, variant)
            byes.update(draw.byes)
            met.update(draw.meetings())
            counts = [byes[p] for p in players]
            assert max(counts) - min(counts) <= 1, (variant, n, rnd)
            # Next standings: roughly the old order with local changes, as in a real event.
            jitter = {p: i + rng.uniform(-n / 8, n / 8) for i, p in enumerate(standings)}
            standings = sorted(standings, key=jitter.__getitem__)


def test_nobody_gets_a_second_bye_while_someone_has_none():
    players = ids(7)
    byes = Counter({"P001": 1, "P002": 1})
    draw = draw_random(players, "taruk2012", "x", bye_counts=byes)
    assert len(draw.byes) == 2 and not {"P001", "P002"} & set(draw.byes)


def test_strength_draws_give_byes_to_the_lowest_ranked():
    draw = draw_by_strength(ids(30), "tarokk-illusztralt", 1)
    assert draw.byes == ["P030", "P029"]


# --- reproducibility and positions ----------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_same_seed_gives_the_same_draw_and_another_seed_another(variant):
    players = ids(200)
    first = draw_random(players, variant, "2025-R1-7f3a")
    assert draw_random(players, variant, "2025-R1-7f3a").as_dict() == first.as_dict()
    assert draw_random(list(reversed(players)), variant, "2025-R1-7f3a").as_dict() == first.as_dict()
    assert draw_random(players, variant, "2025-R1-7f3b").groups() != first.groups()
    assert first.seed == "2025-R1-7f3a"
    ranking = ids(200)
    assert draw_by_strength(ranking, variant, 11).as_dict() == draw_by_strength(ranking, variant, 11).as_dict()
    assert draw_by_strength(ranking, variant, 11).groups() != draw_by_strength(ranking, variant, 12).groups()


def test_positions_inside_a_table_are_drawn():
    # One table, seeds 0..79: every player deals first (seat A) sometimes, and
    # the seat order is not the input order.
    at_a = Counter(draw_by_strength(ids(4), "taruk2012", seed).tables[0].seats["A"] for seed in range(80))
    assert set(at_a) == set(ids(4))
    assert min(at_a.values()) >= 8


def test_strength_draw_puts_one_player_of_each_band_at_every_table():
    ranking = ids(64)
    draw = draw_by_strength(ranking, "taruk2012", "mausz")
    for table in draw.tables:
        bands = sorted(ranking.index(p) // 16 for p in table.players)
        assert bands == [0, 1, 2, 3]
    # Ulti, 14 players: 3 + 3 + 4 + 4; the fourth band (P013, P014) fills the fours.
    draw = draw_by_strength(ids(14), "ulti-mausz", 3)
    for table in draw.tables:
        bands = sorted((int(p[1:]) - 1) // 4 for p in table.players)
        assert bands == list(range(len(table.seats)))
    # Bands are spread by lot: another seed moves players between tables.
    assert draw_by_strength(ranking, "taruk2012", "other").groups() != draw.groups()


# --- plain data, no Django ------------------------------------------------------------------------


def test_meetings_lists_every_pair_at_a_table():
    draw = draw_random(ids(9), "taruk2012", 1)  # one 4 and one 5
    assert len(draw.meetings()) == 6 + 10


def test_bad_input_is_rejected():
    with pytest.raises(ValueError, match="P001"):
        draw_random(["P001", "P001", "P002"], "taruk2012", 1)
    with pytest.raises(KeyError, match="bridge"):
        draw_random(ids(8), "bridge", 1)


def test_the_package_imports_without_django():
    root = Path(__file__).resolve().parents[2]
    modules = sorted(p.stem for p in (root / "tournaments" / "seating").glob("[a-z]*.py"))
    code = (
        f"import importlib, sys\nfor m in {modules!r}: importlib.import_module('tournaments.rounds.seating.' + m)\n"
        "assert 'django' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)


def test_a_draw_needs_a_seed_it_can_store():
    with pytest.raises(TypeError, match="seed"):
        draw_random(ids(8), "taruk2012", None)  # type: ignore[arg-type]


# --- a new variant is its plan: the draw does not name variants -------------------------------------


def threes(n: int) -> TableSizes:
    return one_size(n, 3)


def test_a_new_variant_is_seated_from_its_plan_alone(monkeypatch):
    plan = TablePlan(
        seats=(3,), players_per_hand=3, default_hands_per_round=6, zero_sum=True, arrange=threes, reseat_by_places=True
    )
    monkeypatch.setitem(VARIANTS, "toy", replace(VARIANTS["tarokk-illusztralt"], key="toy", plan=plan))
    players = ids(10)
    draw = draw_random(players, "toy", 1)
    assert_valid(draw, players, "toy")
    assert [tuple(t.seats) for t in draw.tables] == [("A", "B", "C")] * 3 and len(draw.byes) == 1
    assert_valid(reseat_by_standings(players, draw.meetings(), "toy", 2), players, "toy")
    results = [{"table": t.number, "places": {p: i for i, p in enumerate(t.players, 1)}} for t in draw.tables]
    tables = reseat_by_places([*results, {"byes": draw.byes}], "toy")
    assert sorted(len(ps) for ps in tables.values()) == [1, 3, 3, 3]  # three tables and one bye
    assert expected_hands("toy", 3, 6) == 6
