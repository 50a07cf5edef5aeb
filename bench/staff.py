"""Staff pages: what the organizer, the referees and the judge read, at a small and a large event.

    python bench/staff.py                  # 64 and 1,024 players, 20 warm requests a page
    python bench/staff.py --quick          # 64 and 256 players, 8 warm requests (about a minute)
    python bench/staff.py --players 64,512
    python bench/staff.py --write          # ... and update the "## Staff pages" section of bench/RESULTS.md

Builds each event in a fresh SQLite file (or the database DATABASE_URL names) as bench/standings.py does
(Taruk 2012, 4 rounds x 12 hands, every hand scored by the engine), its last round running; the audit
log holds an entry per hand (as entering it writes), and one table in 16 has an incident opened through
the audited service, one in 64 a sanction. Then, in process with Django's test client signed in as the
event's organizer (the judge's desk also as a referee with judge rights), it reads every staff page and
staff API read: the first request (the caches cleared before it: cold), then ``--runs`` more (warm
p50 and p95), and counts the queries of a warm request.
Targets (issue 25): warm p50 <= 50 ms at the largest event; no page's query count grows with the event.
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial

from report import database, machine, p50_p95, setup_django, times_ms, write_report

setup_django()

import synthetic  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.cache import caches  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings  # noqa: E402
from django.utils import timezone  # noqa: E402

from tests.support.incidents import incident_at_table  # noqa: E402
from tournaments.incidents import services as incidents  # noqa: E402
from tournaments.incidents.models import Sanction  # noqa: E402
from tournaments.models import AuditEntry, Hand, Referee, Round, Table, Tournament  # noqa: E402

ROUNDS, HANDS = 4, 12
TARGET_WARM_P50_MS = 50.0
PLAIN_STATIC = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}

# (name, the path after the event's, who reads it). Round 4 runs; its table 1 is the one read.
PAGES = [
    ("players page", "/e/{slug}/manage/players/", "organizer"),
    ("rounds page", "/e/{slug}/manage/rounds/", "organizer"),
    ("round page", "/e/{slug}/round/4/", "organizer"),
    ("table page", "/e/{slug}/round/4/table/1/", "organizer"),
    ("audit log", "/e/{slug}/manage/audit/", "organizer"),
    ("audit log, round 4 table 1", "/e/{slug}/manage/audit/?round=4&table=1", "organizer"),
    ("documents page", "/e/{slug}/manage/documents/", "organizer"),
    ("judge's desk", "/e/{slug}/manage/judge/", "organizer"),
    ("judge's desk (judge)", "/e/{slug}/manage/judge/", "judge"),
    ("standings print", "/e/{slug}/standings/print/", "organizer"),
    ("API round", "/api/events/{slug}/rounds/4/", "organizer"),
    ("API entries", "/api/events/{slug}/entries/", "organizer"),
    ("API table", "/api/events/{slug}/rounds/4/tables/1/", "organizer"),
    ("API hands", "/api/events/{slug}/rounds/4/tables/1/hands/", "organizer"),
]


def build(players: int) -> tuple[Tournament, dict[str, User]]:
    """The event and who reads it (``organizer``, ``judge``)."""
    call_command("migrate", verbosity=0)
    t = synthetic.played_event(f"staff-{players}", players, ROUNDS, HANDS, seed=f"bench-staff-{players}")
    Round.objects.filter(tournament=t, number=ROUNDS).update(status=Round.Status.RUNNING, started_at=timezone.now())
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.RUNNING)
    organizer = User.objects.create_user(f"organizer-{players}", password="x")
    judge = User.objects.create_user(f"judge-{players}", password="x")
    t.organizers.add(organizer)
    Referee.objects.create(tournament=t, user=judge, judge=True)
    t = Tournament.objects.get(pk=t.pk)
    # The audit log: an entry per hand, as entering it writes (hand.entered, placed at its table).
    hands = Hand.objects.filter(table__round__tournament=t).select_related("table__round")
    AuditEntry.objects.bulk_create(
        [
            AuditEntry(
                tournament=t,
                actor=judge,
                action="hand.entered",
                target_type="hand",
                target_id=str(h.pk),
                after=h.snapshot(),
                round_number=h.table.round.number,
                table_number=h.table.number,
                hand_number=h.number,
                hand_id=h.pk,
            )
            for h in hands.iterator()
        ],
        batch_size=2000,
    )
    # Incidents through the audited service: one table in 16 of the running round, a sanction in 64.
    tables = Table.objects.filter(round__tournament=t, round__number=ROUNDS).select_related("round").order_by("number")
    for table in tables[::16]:
        incident, seated = incident_at_table(organizer, t, table, finding="Bench", hand_number=3)
        if table.number % 64 == 1:
            incidents.sanction(organizer, incident, seated[1], Sanction.Kind.WARNING, "Bench")
    return t, {"organizer": organizer, "judge": judge}


def measure(t: Tournament, readers: dict[str, User], runs: int) -> dict[str, dict[str, float]]:
    clients = {}
    for who, user in readers.items():
        clients[who] = Client()
        clients[who].force_login(user)
    figures = {}
    for name, path, who in PAGES:
        client, url = clients[who], path.format(slug=t.slug)
        for store in caches.all():  # the public payloads, the page caches and the renders (sessions: database)
            store.clear()
        start = time.perf_counter()
        response = client.get(url)
        cold = (time.perf_counter() - start) * 1000
        assert response.status_code == 200, (url, response.status_code)
        p50, p95 = p50_p95(times_ms(partial(client.get, url), runs))
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        figures[name] = {"cold": cold, "p50": p50, "p95": p95, "queries": len(ctx)}
    return figures


def table(sizes: list[int], results: dict[int, dict[str, dict[str, float]]]) -> list[str]:
    head = "| page | " + " | ".join(
        f"{n:,}: cold ms | {n:,}: warm p50 | {n:,}: warm p95 | {n:,}: queries" for n in sizes
    )
    lines = [head + " |", "|---|" + "---:|" * (4 * len(sizes))]
    for name, _, _ in PAGES:
        cells = []
        for n in sizes:
            f = results[n][name]
            cells += [f"{f['cold']:.0f}", f"{f['p50']:.1f}", f"{f['p95']:.1f}", str(f["queries"])]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", help="comma-separated event sizes, multiples of 4 (default 64,1024)")
    parser.add_argument("--runs", type=int, help="warm requests per page (default 20; 8 with --quick)")
    parser.add_argument("--quick", action="store_true", help="64 and 256 players, 8 warm requests")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in (args.players or ("64,256" if args.quick else "64,1024")).split(",")]
    runs = args.runs or (8 if args.quick else 20)
    results = {}
    for n in sizes:
        start = time.perf_counter()
        t, readers = build(n)
        print(f"built {n:,} players, {n // 4 * ROUNDS * HANDS:,} hands in {time.perf_counter() - start:.1f} s")
        # Static files named unhashed (not collected: collecting takes minutes; the manifest's name is a
        # dictionary lookup, which costs the pages nothing measurable).
        with override_settings(STORAGES={**settings.STORAGES, "staticfiles": PLAIN_STATIC}):
            results[n] = measure(t, readers, runs)
    lines = table(sizes, results)
    print("\n".join(lines))
    largest, smallest = results[max(sizes)], results[min(sizes)]
    slow = [name for name, f in largest.items() if f["p50"] > TARGET_WARM_P50_MS]
    growing = [name for name, f in largest.items() if f["queries"] != smallest[name]["queries"]]
    print(f"warm p50 over {TARGET_WARM_P50_MS:.0f} ms at {max(sizes):,} players: {', '.join(slow) or 'none'}")
    print(f"query count grows with the event: {', '.join(growing) or 'none'}")
    if args.write:
        write_report(
            "Staff pages",
            [
                f"`python bench/staff.py --write` — events of {' and '.join(f'{n:,}' for n in sizes)} players "
                f"({ROUNDS} rounds x {HANDS} hands, the last running; an audit entry per hand, an incident "
                f"at one table in 16), {database()}, Django test client in process signed in as the organizer "
                f"(the judge's desk also as a judge), cold = first request after the caches are cleared, "
                f"warm = {runs} requests after it, queries of a warm request. "
                f"Targets: warm p50 <= {TARGET_WARM_P50_MS:.0f} ms at {max(sizes):,} players, "
                "the same queries at every size. "
                f"Machine: {machine()}.",
                "",
                *lines,
                "",
                f"Over {TARGET_WARM_P50_MS:.0f} ms warm at {max(sizes):,} players: {', '.join(slow) or 'none'}. "
                f"Query count growing with the event: {', '.join(growing) or 'none'}.",
            ],
        )
    return 0 if not slow and not growing else 1


if __name__ == "__main__":
    sys.exit(main())
