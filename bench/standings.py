"""Standings benchmark on a synthetic event: 1,024 players, 256 tables, 4 rounds x 12 hands (12,288 hands).

    python bench/standings.py            # print the figures
    python bench/standings.py --write    # ... and update the "## Standings" section of bench/RESULTS.md

Builds the event in a fresh SQLite file (or the database DATABASE_URL names),
with hands scored by the engine from ``tests.samples``, then measures the
standings recompute (``tournaments.results.load.event_standings``) and the public
``live.json`` endpoint's latency, cold (cache cleared) and warm.
Targets: recompute <= 200 ms; warm p50 <= 5 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from report import machine, median_ms, setup_django, write_section

setup_django()

import synthetic  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from tournaments.models import Hand, Tournament  # noqa: E402
from tournaments.results.load import event_standings  # noqa: E402

PLAYERS, ROUNDS, HANDS = 1024, 4, 12
TARGET_RECOMPUTE_MS, TARGET_WARM_P50_MS = 200.0, 5.0


def build() -> Tournament:
    call_command("migrate", verbosity=0)
    slug = f"bench-{random.Random('bench-standings').randrange(10**9)}"
    return synthetic.played_event(slug, PLAYERS, ROUNDS, HANDS, seed="bench-standings")


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(p / 100 * (len(values) - 1)))]


def measure(t: Tournament) -> dict[str, float]:
    recompute = median_ms(lambda: event_standings(t), runs=7)
    client = Client()
    url = f"/e/{t.slug}/live.json"
    assert client.get(url).status_code == 200
    cold, warm = [], []
    for _ in range(15):
        cache.clear()
        start = time.perf_counter()
        client.get(url)
        cold.append((time.perf_counter() - start) * 1000)
    for _ in range(200):
        start = time.perf_counter()
        client.get(url)
        warm.append((time.perf_counter() - start) * 1000)
    return {
        "recompute_ms": recompute,
        "cold_p50": statistics.median(cold),
        "cold_p95": percentile(cold, 95),
        "warm_p50": statistics.median(warm),
        "warm_p95": percentile(warm, 95),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    t = build()
    print(
        f"built {Hand.objects.filter(table__round__tournament=t).count():,} hands in "
        f"{time.perf_counter() - start:.1f} s"
    )
    m = measure(t)
    ok = m["recompute_ms"] <= TARGET_RECOMPUTE_MS and m["warm_p50"] <= TARGET_WARM_P50_MS
    print(f"standings recompute   {m['recompute_ms']:8.1f} ms   (target <= {TARGET_RECOMPUTE_MS:.0f})")
    print(f"live.json cold        p50 {m['cold_p50']:7.1f} ms   p95 {m['cold_p95']:7.1f} ms")
    print(
        f"live.json warm        p50 {m['warm_p50']:7.2f} ms   p95 {m['warm_p95']:7.2f} ms   "
        f"(target p50 <= {TARGET_WARM_P50_MS:.0f})"
    )
    if args.write:
        db = "PostgreSQL" if "postgres" in os.environ["DATABASE_URL"] else "SQLite"
        write_section(
            "Standings",
            "\n".join(
                [
                    "## Standings",
                    "",
                    f"`python bench/standings.py --write` — {PLAYERS:,} players, {PLAYERS // 4} tables, "
                    f"{ROUNDS} rounds x {HANDS} hands ({PLAYERS // 4 * ROUNDS * HANDS:,} hands), {db}, "
                    f"Django test client in process. "
                    f"Machine: {machine()}.",
                    "",
                    "| measure | ms | target |",
                    "|---|---:|---|",
                    f"| standings recompute (median of 7) | {m['recompute_ms']:.1f} | <= {TARGET_RECOMPUTE_MS:.0f} |",
                    f"| live.json cold p50 | {m['cold_p50']:.1f} | |",
                    f"| live.json cold p95 | {m['cold_p95']:.1f} | |",
                    f"| live.json warm p50 | {m['warm_p50']:.2f} | <= {TARGET_WARM_P50_MS:.0f} |",
                    f"| live.json warm p95 | {m['warm_p95']:.2f} | |",
                ]
            )
            + "\n",
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
