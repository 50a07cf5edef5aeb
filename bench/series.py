"""Series ladder benchmark: a 25-event season of 300 players, target <= 200 ms per ladder.

    python bench/series.py            # print the figures
    python bench/series.py --write    # ... and update the "## Series" section of bench/RESULTS.md

Events of 64-200 players drawn from the 300 (deterministic random data: places, totals in eighths
of 4 rounds, game points, max_total 8); the ladder computed by the pure rules of
``scoring.series`` (season.md §3-§5), median of several runs, in milliseconds. The history
(§1.4: the ladder after each of the 25 events) is shown beside it, without a target.
"""

from __future__ import annotations

import argparse
import random
import sys
from decimal import Decimal

from report import machine, median_ms, setup_path, write_section

setup_path()

from scoring.series import Event, Result, Settings, ladder, ladder_history  # noqa: E402 (needs the path above)

PLAYERS = 300
EVENTS = 25
RUNS = 9
TARGET_MS = 200.0

SETTINGS = {
    "fixed_by_place, best_half": Settings(points="fixed_by_place", count="best_half"),
    "cubic, best_n 10": Settings(points="cubic", count="best_n", n=10),
    "heine, best_half": Settings(points="heine", count="best_half"),
    "event_total, all": Settings(points="event_total", tie_breaks=("best_result", "latest_event", "events")),
    "percent_of_possible, all": Settings(points="percent_of_possible"),
}


def season(seed: int = 2012) -> list[Event]:
    """25 events of 64-200 of the 300 players; the last one a Masters (always counts, weight 1)
    and every fifth a helper event at half weight."""
    rng = random.Random(seed)
    players = [f"P{i:03d}" for i in range(1, PLAYERS + 1)]
    events = []
    for e in range(1, EVENTS + 1):
        field = rng.sample(players, rng.randint(64, 200))
        totals = sorted((Decimal(rng.randint(4, 64)) / 8 for _ in field), reverse=True)  # eighths, 0.5-8
        results = tuple(
            Result(p, place, total=t, game_points=rng.randint(-150, 450), max_total=8)
            for place, (p, t) in enumerate(zip(field, totals, strict=True), start=1)
        )
        weight = Decimal("0.5") if e % 5 == 0 else 1
        events.append(Event(f"E{e:02d}", results, weight=weight, always_counts=e == EVENTS))
    return events


def measure() -> list[tuple[str, float]]:
    events = season()
    rows = [(f"ladder: {name}", median_ms(lambda s=s: ladder(s, events), RUNS)) for name, s in SETTINGS.items()]
    history = SETTINGS["fixed_by_place, best_half"]
    rows.append(("history: 25 ladders, fixed_by_place", median_ms(lambda: ladder_history(history, events), 3)))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    rows = measure()
    ok = all(ms <= TARGET_MS for name, ms in rows if name.startswith("ladder"))
    for name, ms in rows:
        verdict = ("ok" if ms <= TARGET_MS else "ABOVE TARGET") if name.startswith("ladder") else ""
        print(f"{name:<40} {ms:>8.1f} ms  {verdict}")
    if args.write:
        text = (
            "\n".join(
                [
                    "## Series",
                    "",
                    f"`python bench/series.py --write` — a season of {EVENTS} events (64-200 of {PLAYERS} players "
                    f"each), the ladder by the pure rules of `scoring.series`, median of {RUNS} runs. "
                    f"Target <= {TARGET_MS:.0f} ms per ladder. Machine: {machine()}.",
                    "",
                    "| computation | ms | |",
                    "|---|---:|---|",
                    *[
                        f"| {name} | {ms:.1f} | "
                        f"{('ok' if ms <= TARGET_MS else 'above target') if name.startswith('ladder') else ''} |"
                        for name, ms in rows
                    ],
                ]
            )
            + "\n"
        )
        write_section("Series", text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
