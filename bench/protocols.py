"""Protocol rendering benchmark: one table's protocol, and a whole round of 256 tables as one PDF.

    python bench/protocols.py            # print the figures
    python bench/protocols.py --write    # ... and update the "## Protocols" section of bench/RESULTS.md

Builds one round of a synthetic Taruk 2012 event (1,024 players, 256 tables of 4, 12 hands per
table scored by the engine from ``tests.samples``) in a fresh SQLite file (or the database
DATABASE_URL names), then times ``tournaments.documents.protocols.render``: loading + HTML + WeasyPrint to PDF bytes.
The round is split over the machine's cores (``render.render_processes``); its CPU figure
adds up all processes. Targets: <= 250 ms per table; <= 60 s for the 256-table round.
"""

from __future__ import annotations

import os
import random
import resource
import sys
import time

from report import database, machine, median_ms, setup_django, timed_build, wants_write, write_report

setup_django(LOG_LEVEL="WARNING")  # WeasyPrint logs every step at INFO

import synthetic  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.utils import translation  # noqa: E402

from scoring.engine import evaluate  # noqa: E402
from tests.samples import taruk2012 as samples  # noqa: E402
from tournaments.documents.protocols.render import render_processes, round_protocols_pdf, table_protocol_pdf  # noqa: E402
from tournaments.models import Hand, Round, Table, Tournament  # noqa: E402

TABLES, HANDS = 256, 12
TARGET_TABLE_MS, TARGET_ROUND_S = 250.0, 60.0


def scored_sequences(rng: random.Random, count: int) -> list[list[tuple[dict, object]]]:
    """``count`` valid 12-hand sequences of a 4-seat table dealt from A, each scored with its carried state."""
    out = []
    for _ in range(count):
        hands = samples.random_hand_sequence(rng, HANDS, "ABCD", "A")
        state, seq = {}, []
        for h in hands:
            result = evaluate(h, state)
            seq.append((h, result))
            state = result.state
        out.append(seq)
    return out


def build() -> Round:
    call_command("migrate", verbosity=0)
    rng = random.Random("bench-protocols")
    t = Tournament.objects.create(
        name="Bench Open",
        slug=f"bench-{rng.randrange(10**9)}",
        variant="taruk2012",
        rounds=4,
        hands_per_round=HANDS,
        is_public=True,
        language="sl",
    )
    surnames = ["Novak", "Horvat", "Kovačič", "Krajnc"]
    names = [f"Igralec {i:04d} {rng.choice(surnames)}" for i in range(TABLES * 4)]
    entries = synthetic.entries(t, names, club="TK Bench")
    rnd = Round.objects.create(tournament=t, number=1, status=Round.Status.RUNNING)
    tables = Table.objects.bulk_create([Table(round=rnd, number=i + 1) for i in range(TABLES)])
    synthetic.seat_fours(rnd, tables, entries)
    pool = scored_sequences(rng, 40)
    hands = [
        synthetic.hand_row(table, n, hand, result)
        for table in tables
        for n, (hand, result) in enumerate(rng.choice(pool), start=1)
    ]
    Hand.objects.bulk_create(hands, batch_size=2000)
    return rnd


def cpu_s() -> float:
    """CPU seconds of this process and of its finished child processes (the round renders in several)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_s(fn) -> tuple[float, float, object]:
    """(wall seconds, CPU seconds, value): the CPU figure shows what a busy machine hides."""
    start, cpu = time.perf_counter(), cpu_s()
    value = fn()
    return time.perf_counter() - start, cpu_s() - cpu, value


def measure(rnd: Round) -> dict[str, float]:
    table = Table.objects.select_related("round__tournament").get(round=rnd, number=1)
    with translation.override(rnd.tournament.language):
        table_protocol_pdf(table, filled=True)  # warm up: fonts, templates
        m = {
            "table_filled_ms": median_ms(lambda: table_protocol_pdf(table, filled=True), runs=15),
            "table_filled_cpu_ms": median_ms(
                lambda: table_protocol_pdf(table, filled=True), runs=15, clock=time.process_time
            ),
            "table_blank_ms": median_ms(lambda: table_protocol_pdf(table, filled=False), runs=15),
        }
        m["round_filled_s"], m["round_filled_cpu_s"], pdf = timed_s(lambda: round_protocols_pdf(rnd, filled=True))
        m["round_blank_s"], m["round_blank_cpu_s"], _blank = timed_s(lambda: round_protocols_pdf(rnd, filled=False))
    m["load"] = os.getloadavg()[0]
    m["round_mb"] = len(pdf) / 1e6
    return m


def main(argv: list[str] | None = None) -> int:
    write = wants_write(__doc__, argv)
    rnd, seconds = timed_build(build)
    print(f"built {TABLES} tables, {Hand.objects.filter(table__round=rnd).count():,} hands in {seconds:.1f} s")
    m = measure(rnd)
    ok = m["table_filled_ms"] <= TARGET_TABLE_MS and m["round_filled_s"] <= TARGET_ROUND_S
    print(
        f"one table, filled      {m['table_filled_ms']:8.1f} ms   (CPU {m['table_filled_cpu_ms']:.0f} ms; "
        f"target <= {TARGET_TABLE_MS:.0f})"
    )
    print(f"one table, blank       {m['table_blank_ms']:8.1f} ms")
    print(
        f"round of {TABLES}, filled   {m['round_filled_s']:8.1f} s    (CPU {m['round_filled_cpu_s']:.1f} s; "
        f"target <= {TARGET_ROUND_S:.0f}); {m['round_mb']:.1f} MB"
    )
    print(f"round of {TABLES}, blank    {m['round_blank_s']:8.1f} s    (CPU {m['round_blank_cpu_s']:.1f} s)")
    print(f"load average during the run: {m['load']:.1f} on {os.cpu_count()} cores")
    if write:
        write_report(
            "Protocols",
            [
                f"`python bench/protocols.py --write` — one round of a Taruk 2012 event, {TABLES} tables of 4, "
                f"{HANDS} hands each, {database()}; database load + HTML + WeasyPrint to PDF bytes, in the event's "
                f"language; the round rendered in {render_processes(TABLES)} processes. Machine: {machine()}.",
                "",
                f"Load average at the end of the run: {m['load']:.1f} (other work on the machine slows the wall "
                "clock; the CPU column adds up the work of all processes).",
                "",
                "| measure | wall | CPU | target |",
                "|---|---:|---:|---|",
                f"| one table, filled protocol (median of 15) | {m['table_filled_ms']:.0f} ms | "
                f"{m['table_filled_cpu_ms']:.0f} ms | <= {TARGET_TABLE_MS:.0f} ms |",
                f"| one table, blank protocol (median of 15) | {m['table_blank_ms']:.0f} ms | | |",
                f"| round of {TABLES} tables, filled, one PDF ({render_processes(TABLES)} processes) | "
                f"{m['round_filled_s']:.1f} s | "
                f"{m['round_filled_cpu_s']:.1f} s | <= {TARGET_ROUND_S:.0f} s |",
                f"| round of {TABLES} tables, blank, one PDF ({render_processes(TABLES)} processes) | "
                f"{m['round_blank_s']:.1f} s | "
                f"{m['round_blank_cpu_s']:.1f} s | |",
                f"| size of the filled round PDF | {m['round_mb']:.1f} MB | | |",
            ],
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
