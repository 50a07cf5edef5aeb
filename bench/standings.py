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

import random
import sys

from report import database, machine, median_ms, p50_p95, setup_django, timed_build, times_ms, wants_write, write_report

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


def measure(t: Tournament) -> dict[str, float]:
    recompute = median_ms(lambda: event_standings(t), runs=7)
    client = Client()
    url = f"/e/{t.slug}/live.json"
    assert client.get(url).status_code == 200
    cold = []
    for _ in range(15):
        cache.clear()
        cold += times_ms(lambda: client.get(url), runs=1)
    warm = times_ms(lambda: client.get(url), runs=200)
    m = {"recompute_ms": recompute}
    m["cold_p50"], m["cold_p95"] = p50_p95(cold)
    m["warm_p50"], m["warm_p95"] = p50_p95(warm)
    return m


def main(argv: list[str] | None = None) -> int:
    write = wants_write(__doc__, argv)
    t, seconds = timed_build(build)
    print(f"built {Hand.objects.filter(table__round__tournament=t).count():,} hands in {seconds:.1f} s")
    m = measure(t)
    ok = m["recompute_ms"] <= TARGET_RECOMPUTE_MS and m["warm_p50"] <= TARGET_WARM_P50_MS
    print(f"standings recompute   {m['recompute_ms']:8.1f} ms   (target <= {TARGET_RECOMPUTE_MS:.0f})")
    print(f"live.json cold        p50 {m['cold_p50']:7.1f} ms   p95 {m['cold_p95']:7.1f} ms")
    print(
        f"live.json warm        p50 {m['warm_p50']:7.2f} ms   p95 {m['warm_p95']:7.2f} ms   "
        f"(target p50 <= {TARGET_WARM_P50_MS:.0f})"
    )
    if write:
        write_report(
            "Standings",
            [
                f"`python bench/standings.py --write` — {PLAYERS:,} players, {PLAYERS // 4} tables, "
                f"{ROUNDS} rounds x {HANDS} hands ({PLAYERS // 4 * ROUNDS * HANDS:,} hands), {database()}, "
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
            ],
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
