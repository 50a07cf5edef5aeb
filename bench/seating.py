"""Seat-draw benchmark: 1,024 players (256 tables of 4), target <= 50 ms per re-seating.

    python bench/seating.py            # print the figures
    python bench/seating.py --write    # ... and update the "## Seating" section of bench/RESULTS.md

Times are the median of several runs, in milliseconds, of the pure functions
in tournaments/rounds/seating/ (no database).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter

from report import RESULTS, ROOT, machine, median_ms, setup_path, write_section

setup_path()

from tournaments.rounds.seating.draw import Draw  # noqa: E402 (needs the path above)
from tournaments.rounds.seating.first_round import draw_by_strength, draw_random  # noqa: E402
from tournaments.rounds.seating.reseat import reseat_by_standings  # noqa: E402
from tournaments.rounds.seating.rule7 import reseat_by_places  # noqa: E402

PLAYERS = 1024
RUNS = 15
TARGET_MS = 50.0
SECTION = "## Seating"


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
    return rows


def section(rows: list[tuple[str, float]]) -> str:
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
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="update the Seating section of bench/RESULTS.md")
    args = parser.parse_args(argv)
    rows = measure()
    width = max(len(name) for name, _ in rows)
    for name, ms in rows:
        print(f"{name:<{width}}  {ms:7.1f} ms  {'ok' if ms <= TARGET_MS else 'OVER TARGET'}")
    if args.write:
        write_section("Seating", section(rows))
        print(f"updated {RESULTS.relative_to(ROOT)}")
    return 0 if all(ms <= TARGET_MS for _, ms in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
