"""Seat-draw benchmark: 1,024 players (256 tables of 4), target <= 50 ms per re-seating.

    python bench/seating.py            # print the figures
    python bench/seating.py --write    # ... and update the "## Seating" section of bench/RESULTS.md

Times are the median of several runs, in milliseconds, of the pure functions
in tournaments/rounds/seating/ (no database). Then the club mates later rounds leave at one table, in
simulated events, by the re-seating's first pass alone and with the search after it
(``clubs.part_clubs``): the search is there for what the first pass leaves; and the worst case, two
clubs of 512 whose mates no draw can part (printed, no target).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from report import RESULTS, ROOT, machine, median_ms, setup_path, write_section

setup_path()

from tournaments.rounds.seating import clubs as club_search  # noqa: E402 (needs the path above)
from tournaments.rounds.seating.draw import Draw, meeting_counts, repeat_cost  # noqa: E402
from tournaments.rounds.seating.first_round import draw_by_strength, draw_random  # noqa: E402
from tournaments.rounds.seating.reseat import reseat_by_standings  # noqa: E402
from tournaments.rounds.seating.rule7 import reseat_by_places  # noqa: E402

PLAYERS = 1024
RUNS = 15
TARGET_MS = 50.0
SECTION = "## Seating"
SIMULATED = 300  # later rounds per re-seating for the club figures


def play(draw: Draw, rng: random.Random, points: Counter[str]) -> list[dict]:
    """Random table results in the shape reseat_by_places takes; adds ranking points to ``points``."""
    results = []
    for table in draw.tables:
        order = rng.sample(table.players, len(table.players))
        places = {p: i for i, p in enumerate(order, start=1)}
        for p, place in places.items():
            points[p] += 5 - place
        results.append({"table": table.number, "places": places})
    return results


def measure() -> list[tuple[str, float]]:
    rng = random.Random(2012)
    players = [f"P{i:04d}" for i in range(1, PLAYERS + 1)]
    points: Counter[str] = Counter()
    met: Counter[frozenset[str]] = Counter()

    rows = [("draw_random (round 1)", median_ms(lambda: draw_random(players, "taruk2012", "bench-1")))]
    first = draw_random(players, "taruk2012", "bench-1")
    met.update(first.meetings())
    results = play(first, rng, points)
    standings = sorted(players, key=lambda p: (-points[p], p))

    rows.append(("reseat_by_places (rule 7)", median_ms(lambda: reseat_by_places(results, "taruk2012"))))
    rows.append(
        (
            "reseat_by_standings after round 1",
            median_ms(lambda: reseat_by_standings(standings, met, "taruk2012", "bench-2")),
        )
    )
    # Two more rounds so that later re-seatings have more meetings to avoid.
    for rnd in (2, 3):
        draw = reseat_by_standings(standings, met, "taruk2012", f"bench-{rnd}")
        met.update(draw.meetings())
        play(draw, rng, points)
        standings = sorted(players, key=lambda p: (-points[p], p))
    rows.append(
        (
            "reseat_by_standings after round 3",
            median_ms(lambda: reseat_by_standings(standings, met, "taruk2012", "bench-4")),
        )
    )
    rows.append(("draw_by_strength (ulti, 3s)", median_ms(lambda: draw_by_strength(standings, "ulti-mausz", 1))))
    # Players of 64 clubs of 16 (club = start number mod 64): club mates to part at every re-seating.
    clubs = {p: f"club {i % 64}" for i, p in enumerate(players)}
    rows.append(
        (
            "reseat_by_standings after round 3, 64 clubs",
            median_ms(lambda: reseat_by_standings(standings, met, "taruk2012", "bench-4", clubs=clubs)),
        )
    )
    rows.append(
        ("reseat_by_places (rule 7), 64 clubs", median_ms(lambda: reseat_by_places(results, "taruk2012", clubs=clubs)))
    )
    return rows


def unavoidable() -> list[tuple[str, float, int]]:
    """The worst case of the club parting: two clubs of 512, so every table of four holds club mates whatever
    the draw; the first pass tries every exchange and the search all its steps. (name, ms, club pairs left)."""
    rng = random.Random(2012)
    players = [f"P{i:04d}" for i in range(1, PLAYERS + 1)]
    points: Counter[str] = Counter()
    first = draw_random(players, "taruk2012", "bench-1")
    met: Counter[frozenset[str]] = Counter(first.meetings())
    results = play(first, rng, points)
    standings = sorted(players, key=lambda p: (-points[p], p))
    clubs = {p: f"club {i % 2}" for i, p in enumerate(players)}
    out = []
    for name, run in (
        (
            "reseat_by_standings after round 1, 2 clubs",
            lambda: reseat_by_standings(standings, met, "taruk2012", "bench-2", clubs=clubs),
        ),
        ("reseat_by_places (rule 7), 2 clubs", lambda: reseat_by_places(results, "taruk2012", met, clubs=clubs)),
    ):
        ms = median_ms(run, runs=3)
        made = run()  # a Draw (by standings) or table -> players (rule 7)
        left = club_search.club_clashes(made.groups().values() if isinstance(made, Draw) else made.values(), clubs)
        out.append((name, ms, left))
    return out


def club_figures() -> list[tuple[str, int, int, int, int]]:
    """Per re-seating: (name, later rounds simulated, club pairs left by the first pass alone, left with the
    search, rounds where the search left fewer). Each simulated event: 16-64 players, 3-12 clubs (15 % of the
    players in none), one to three earlier rounds of random tables and results; the repeat cost of the draw
    with the search is checked never to exceed the first pass's."""
    searching = club_search.CLUB_SEARCH_STEPS
    out = []
    for name in ("reseat_by_standings", "reseat_by_places (rule 7)"):
        first_left = searched_left = improved = 0
        for trial in range(SIMULATED):
            rng = random.Random(f"{name} {trial}")
            players = [f"P{i:02d}" for i in range(1, rng.choice([4, 6, 8, 12, 16]) * 4 + 1)]
            n_clubs = rng.choice([3, 4, 6, 8, 12])
            clubs = {p: f"club {rng.randrange(n_clubs)}" for p in players if rng.random() < 0.85}
            met: Counter[frozenset[str]] = Counter()
            points: Counter[str] = Counter()
            draw = draw_random(players, "taruk2012", f"sim {trial}")
            for _ in range(rng.choice([1, 2, 3])):
                met.update(draw.meetings())
                results = play(draw, rng, points)
                standings = sorted(players, key=lambda p: (-points[p], p))
                draw = reseat_by_standings(standings, met, "taruk2012", f"sim {trial}")
            case = (name, standings, results, met, clubs)
            first, searched = _left(*case, 0), _left(*case, searching)
            assert searched[1] <= first[1], (name, trial, first, searched)
            first_left, searched_left = first_left + first[0], searched_left + searched[0]
            improved += searched[0] < first[0]
        out.append((name, SIMULATED, first_left, searched_left, improved))
    return out


def _left(name: str, standings: list[str], results: list[dict], met: Counter, clubs: dict, steps: int) -> tuple:
    """(club pairs at a table, repeat cost) of the re-seating ``name`` with ``steps`` of club search."""
    searching, club_search.CLUB_SEARCH_STEPS = club_search.CLUB_SEARCH_STEPS, steps
    try:
        if name == "reseat_by_standings":
            groups = list(reseat_by_standings(standings, met, "taruk2012", "sim", clubs=clubs).groups().values())
        else:
            groups = list(reseat_by_places(results, "taruk2012", met, clubs=clubs).values())
    finally:
        club_search.CLUB_SEARCH_STEPS = searching
    counts = meeting_counts(met)
    return club_search.club_clashes(groups, clubs), sum(repeat_cost(g, counts) for g in groups)


def section(
    rows: list[tuple[str, float]], worst: list[tuple[str, float, int]], clubs: list[tuple[str, int, int, int, int]]
) -> str:
    lines = [
        SECTION,
        "",
        f"`python bench/seating.py --write` — {PLAYERS} players (256 tables of 4), median of {RUNS} runs, "
        f"Target <= {TARGET_MS:.0f} ms. Machine: {machine()}.",
        "",
        "| step | ms | |",
        "|---|---:|---|",
    ]
    lines += [f"| {name} | {ms:.1f} | {'ok' if ms <= TARGET_MS else 'over target'} |" for name, ms in rows]
    lines += [
        "",
        "The worst case of the club parting, no target (a draw is made once a round): two clubs of 512, so every "
        "table holds club mates whatever the draw, and the first pass tries every exchange (median of 3 runs).",
        "",
        "| step | ms | club pairs left |",
        "|---|---:|---:|",
    ]
    lines += [f"| {name} | {ms:.0f} | {left} |" for name, ms, left in worst]
    lines += [
        "",
        "Club mates parted in later rounds (`club_figures`: simulated events of 16-64 players, 3-12 clubs, after one "
        "to three rounds): club pairs left at one table by the re-seating's first pass alone and with the search "
        "after it; the search never raised the repeat cost.",
        "",
        "| re-seating | later rounds | club pairs left, first pass | with the search | rounds improved |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [f"| {name} | {n} | {first} | {searched} | {better} |" for name, n, first, searched, better in clubs]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update the Seating section of bench/RESULTS.md")
    args = parser.parse_args(argv)
    rows = measure()
    width = max(len(name) for name, _ in rows)
    for name, ms in rows:
        print(f"{name:<{width}}  {ms:7.1f} ms  {'ok' if ms <= TARGET_MS else 'OVER TARGET'}")
    worst = unavoidable()
    for name, ms, left in worst:
        print(f"{name:<{width}}  {ms:7.1f} ms  (no target), club pairs left {left}")
    clubs = club_figures()
    for name, n, first, searched, better in clubs:
        print(
            f"{name}: {n} later rounds, club pairs left: first pass {first}, "
            f"with the search {searched}; {better} improved"
        )
    if args.write:
        write_section("Seating", section(rows, worst, clubs))
        print(f"updated {RESULTS.relative_to(ROOT)}")
    return 0 if all(ms <= TARGET_MS for _, ms in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
