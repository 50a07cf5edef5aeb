"""Load run: N referees entering, retrying, correcting and deleting hands at once through the production
server (gunicorn, several processes) on a fresh database; nothing may be lost, doubled or misapplied.

    python bench/load.py                                  # 10 referees, 60 s, SQLite file
    python bench/load.py --referees 16 --seconds 180 --postgres postgres://postgres@127.0.0.1:55433/postgres
    python bench/load.py ... --write                      # ... and update its section of bench/RESULTS.md

The event is synthetic (Taruk 2012, one running round, a table of four per referee). Every referee
has his own table and every third one also works at his neighbour's (two devices on one table, so
entries and edits race). Each referee loops: read the table (``GET .../tables/N/``), then enter the
next hand (``number`` and an ``Idempotency-Key``; sometimes the same request is sent again after the
answer, or twice at once, as a phone retrying after a timeout), or correct a hand with the version he
read (and sometimes again with that now stale version, or with the number and version of a hand he
has since deleted and replaced), or delete the last hand (sometimes again, stale). The hands come from
``tests.samples`` and are checked with the engine before they are sent.

At the end the database is compared with what the server answered:
  lost         a hand answered 201 that is not stored (and that the run did not delete), or an
               acknowledged correction that the stored hand does not carry;
  duplicated   one Idempotency-Key answered with two hands, two hands at one number, or a stored
               hand no request was answered 201 for;
  stale        a correction or deletion sent with a stale version (or for a replaced hand) that was
               accepted (200/204).
It exits 1 if any of 5xx (or no answer), lost, duplicated, stale is not zero.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from report import ROOT, machine, setup_path, write_section

setup_path()

from tests.support.processes import free_port, stop  # noqa: E402

ENVELOPE = ("variant", "seats", "dealer")
CAP = 40  # hands kept at a table: above it the referee deletes (the round takes 100)
SLUG = "load"


# --- the database and the server ----------------------------------------------------------------


def fresh_database(postgres: str | None) -> tuple[str, Any]:
    """A new database URL and a function that drops it: a SQLite file, or a new PostgreSQL database
    on the server ``postgres`` names."""
    if not postgres:
        path = Path(tempfile.mkdtemp(prefix="tarok-load-")) / "load.sqlite3"
        return f"sqlite:///{path}", lambda: None
    import psycopg

    server = postgres.rsplit("/", 1)[0]
    name = f"tarok_load_{secrets.token_hex(4)}"
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(server + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"{server}/{name}", drop


def server_env(database_url: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG", "CELERY_BROKER_URL"}}
    return {
        **base,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": "bench-load-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "LOGIN_FAILURE_LIMIT": "1000",
    }


def build_event(referees: int) -> tuple[dict[str, str], dict[str, list[int]]]:
    """Migrate, create the event and its running round; the referees' tokens and tables."""
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connections
    from rest_framework.authtoken.models import Token

    from tournaments.events import services
    from tournaments.rounds import services as rounds

    call_command("migrate", verbosity=0)
    boss = User.objects.create_superuser("boss", password="x")
    event = services.create_tournament(
        boss,
        name="Load",
        slug=SLUG,
        variant="taruk2012",
        rounds=1,
        hands_per_round=100,
        round_minutes=600,
        table_size=4,
        is_public=True,
        draw_seed="load",
    )
    tokens, tables = {}, {}
    for i in range(1, referees + 1):
        user = User.objects.create_user(f"ref{i}", password="x")
        tables[user.username] = [i, i - 1] if i % 3 == 0 else [i]  # every third one shares his neighbour's
        services.set_referee(boss, event, user.username, tables[user.username])
        tokens[user.username] = Token.objects.create(user=user).key
    for i in range(referees * 4):
        services.register_player(boss, event, name=f"Player {i}", club=f"Club {i % 7}")
    rnd = rounds.draw_round(boss, event)
    rounds.publish_draw(boss, rnd)
    rounds.start_clock(boss, rnd)
    connections.close_all()  # the server owns the database while the referees run
    return tokens, tables


def start_server(env: dict[str, str], port: int, workers: int, log: Path) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "--workers",
        str(workers),
        "--threads",
        "2",
        "--bind",
        f"127.0.0.1:{port}",
    ]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2)
            return process
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start:\n" + log.read_text()[-2000:])


# --- the referees -----------------------------------------------------------------------------------


@dataclass
class Tally:
    """What the referees saw, shared by their threads (appends under one lock)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)  # 5xx and requests without an answer
    created: dict[int, str] = field(default_factory=dict)  # hand id -> the key that created it
    key_hands: dict[str, set] = field(default_factory=lambda: defaultdict(set))  # key -> hand ids answered
    acknowledged: dict[int, tuple[int, dict]] = field(default_factory=dict)  # hand id -> (version, input)
    deleted: set = field(default_factory=set)  # hand ids the run deleted (204)
    stale_sent: Counter = field(default_factory=Counter)
    stale_accepted: list[str] = field(default_factory=list)
    refusals: Counter = field(default_factory=Counter)  # 4xx by status and error code
    actions: Counter = field(default_factory=Counter)

    def answer(self, hand: dict) -> None:
        """Remember the newest version of a hand the server acknowledged."""
        with self.lock:
            known = self.acknowledged.get(hand["id"])
            if known is None or hand["version"] >= known[0]:
                self.acknowledged[hand["id"]] = (hand["version"], hand["input"])


class Referee:
    def __init__(self, base: str, name: str, token: str, tables: list[int], tally: Tally, seed: str) -> None:
        self.base, self.name, self.token, self.tables, self.tally = base, name, token, tables, tally
        self.rng = random.Random(seed)

    def call(self, method: str, path: str, body: Any = None, headers: dict | None = None) -> tuple[int, Any, dict]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json", **(headers or {})},
        )
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                code, raw, answer_headers = response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            code, raw, answer_headers = exc.code, exc.read(), dict(exc.headers)
        except OSError as exc:
            code, raw, answer_headers = 0, str(exc).encode(), {}
        elapsed = (time.perf_counter() - start) * 1000
        with self.tally.lock:
            self.tally.latencies.append(elapsed)
            self.tally.statuses[code] += 1
            if code == 0 or code >= 500:
                self.tally.failures.append(f"{method} {path} -> {code}: {raw[:300]!r}")
        try:
            payload = json.loads(raw) if raw else None
        except ValueError:
            payload = raw
        if 400 <= code < 500:
            errors = payload.get("errors") if isinstance(payload, dict) else None
            with self.tally.lock:
                self.tally.refusals[f"{code} {errors[0].get('code') if errors else '-'}"] += 1
        return code, payload, answer_headers

    def run(self, until: float) -> None:
        while time.monotonic() < until:
            self.step(self.rng.choice(self.tables))

    def step(self, table_no: int) -> None:
        path = f"/api/events/{SLUG}/rounds/1/tables/{table_no}/"
        code, table, _ = self.call("GET", path)
        if code != 200:
            return
        hands = table["hands"]
        roll = self.rng.random()
        if table["complete"] or len(hands) >= CAP or (hands and roll >= 0.9):
            self.delete(path, hands)
        elif not hands or roll < 0.6:
            self.enter(path, table, hands)
        elif roll < 0.8:
            self.correct(path, hands)
        else:
            self.replace(path, table, hands)

    def new_hand(self, table: dict, hands: list[dict]) -> dict:
        """A valid next hand from the samples: the envelope the table expects, scored by the engine
        from the last hand's state (the table's own rules may still refuse a rare one: a 400)."""
        from scoring.engine import evaluate
        from tests.samples import taruk2012 as samples

        envelope = table["next_envelopes"][0]
        state = hands[-1]["state_after"] if hands else {}
        while True:
            hand, _ = samples.random_hand(self.rng)
            if hand["dealer"] != envelope["dealer"] or hand["seats"] != envelope["seats"]:
                continue
            if not isinstance(evaluate(hand, state), list):
                return {k: v for k, v in hand.items() if k not in ENVELOPE}  # the server fills the envelope

    def enter(self, path: str, table: dict, hands: list[dict]) -> None:
        body = {**self.new_hand(table, hands), "number": len(hands) + 1}
        key = str(uuid.uuid4())
        headers = {"Idempotency-Key": key}
        roll = self.rng.random()
        if roll < 0.05:  # the retry leaves while the first request is still in flight
            self.tally.actions["retry at once"] += 1
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(lambda _: self.call("POST", path + "hands/", body, headers), range(2)))
        else:
            answers = [self.call("POST", path + "hands/", body, headers)]
            if roll < 0.2:  # the phone did not see the answer and sends the same request again
                self.tally.actions["retry after"] += 1
                answers.append(self.call("POST", path + "hands/", body, headers))
        self.tally.actions["enter"] += 1
        for code, hand, _ in answers:
            if code == 201:
                with self.tally.lock:
                    self.tally.key_hands[key].add(hand["id"])
                    self.tally.created.setdefault(hand["id"], key)
                self.tally.answer(hand)

    def patch(self, path: str, number: int, version: int, hand_id: int | None = None) -> tuple[int, Any]:
        body = {"version": version, "reason": "load run", "input": {"note": f"{self.name} {uuid.uuid4().hex[:8]}"}}
        if hand_id is not None:
            body["id"] = hand_id
        code, hand, _ = self.call("PATCH", f"{path}hands/{number}/", body)
        if code == 200:
            self.tally.answer(hand)
        return code, hand

    def correct(self, path: str, hands: list[dict]) -> None:
        """Correct a hand (its note) with the version read; sometimes send it again, now stale."""
        hand = self.rng.choice(hands)
        self.tally.actions["correct"] += 1
        code, _ = self.patch(path, hand["number"], hand["version"], hand["id"] if self.rng.random() < 0.5 else None)
        if code == 200 and self.rng.random() < 0.3:
            with_id = self.rng.random() < 0.5
            self.tally.stale_sent["correction, version already used"] += 1
            stale, _ = self.patch(path, hand["number"], hand["version"], hand["id"] if with_id else None)
            if stale == 200:
                self.tally.stale_accepted.append(
                    f"{path} hand {hand['number']} v{hand['version']} (id sent: {with_id}) accepted twice"
                )

    def delete(self, path: str, hands: list[dict]) -> None:
        """Delete the last hand; sometimes send the deletion again, now stale."""
        if not hands:
            return
        hand = hands[-1]
        with_id = self.rng.random() < 0.5
        body = {"version": hand["version"], "reason": "load run", **({"id": hand["id"]} if with_id else {})}
        self.tally.actions["delete"] += 1
        code, _, _ = self.call("DELETE", f"{path}hands/{hand['number']}/", body)
        if code != 204:
            return
        with self.tally.lock:
            self.tally.deleted.add(hand["id"])
        if self.rng.random() < 0.3:
            self.tally.stale_sent["deletion sent again"] += 1
            again, _, _ = self.call("DELETE", f"{path}hands/{hand['number']}/", body)
            if again == 204:
                self.tally.stale_accepted.append(
                    f"{path} deletion of hand {hand['number']} v{hand['version']} (id sent: {with_id}) accepted twice"
                )

    def replace(self, path: str, table: dict, hands: list[dict]) -> None:
        """Issue 12 §1 from a second device: a correction is prepared for the last hand (its number and
        version, without the id), meanwhile the hand is deleted and another one entered at its number;
        the correction must be refused, never land on the new hand."""
        old = hands[-1]
        self.tally.actions["replace"] += 1
        code, _, _ = self.call(
            "DELETE",
            f"{path}hands/{old['number']}/",
            {"version": old["version"], "reason": "load run", "id": old["id"]},
        )
        if code != 204:
            return
        with self.tally.lock:
            self.tally.deleted.add(old["id"])
        code, table, _ = self.call("GET", path)
        if code != 200 or table["complete"] or len(table["hands"]) != old["number"] - 1:
            return
        self.enter(path, table, table["hands"])
        self.tally.stale_sent["correction of a deleted and replaced hand"] += 1
        stale, hand = self.patch(path, old["number"], old["version"])
        if stale == 200:
            self.tally.stale_accepted.append(
                f"{path} correction for deleted hand {old['number']} v{old['version']} landed on hand id {hand['id']}"
            )


# --- the check -----------------------------------------------------------------------------------


def check(tally: Tally) -> dict[str, list[str]]:
    """Compare the database with the answers: lost, duplicated."""
    from django.db.models import Count

    from tournaments.models import Hand

    stored = {h.id: h for h in Hand.objects.filter(table__round__tournament__slug=SLUG)}
    lost, duplicated = [], []
    for hand_id in tally.created:
        if hand_id not in stored and hand_id not in tally.deleted:
            lost.append(f"hand id {hand_id} answered 201 but not stored")
    for hand_id, (version, hand_input) in tally.acknowledged.items():
        hand = stored.get(hand_id)
        if hand is None:
            continue
        # Renumbering moves the envelope and rescoring bumps the version; the referee's fields stay.
        mine = {k: v for k, v in hand_input.items() if k not in ENVELOPE}
        now = {k: v for k, v in hand.input.items() if k not in ENVELOPE}
        if hand.version < version or mine != now:
            lost.append(f"hand id {hand_id}: acknowledged v{version} {mine}, stored v{hand.version} {now}")
    for key, ids in tally.key_hands.items():
        if len(ids) > 1:
            duplicated.append(f"key {key} answered with hands {sorted(ids)}")
    doubled = (
        Hand.objects.filter(table__round__tournament__slug=SLUG)
        .values("table_id", "number")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    duplicated += [f"table {d['table_id']} has {d['n']} hands at number {d['number']}" for d in doubled]
    duplicated += [f"hand id {i} stored but never answered 201" for i in stored if i not in tally.created]
    return {"lost": lost, "duplicated": duplicated}


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--referees", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes (2 threads each)")
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="a PostgreSQL server (default: DATABASE_URL if it is "
        "one, else a SQLite file); a new database is made there",
    )
    parser.add_argument("--seed", default="load")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)

    postgres = args.postgres or (
        os.environ.get("DATABASE_URL", "")
        if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://", "pgsql://"))
        else None
    )
    database_url, drop = fresh_database(postgres)
    env = server_env(database_url)
    os.environ.update(
        {k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "DEBUG", "SECRET_KEY", "SECURE_SSL_REDIRECT")}
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    engine = "PostgreSQL" if postgres else "SQLite"
    try:
        tokens, tables = build_event(args.referees)
        port = free_port()
        log = Path(tempfile.mkdtemp(prefix="tarok-load-log-")) / "server.log"
        process = start_server(env, port, args.workers, log)
        tally = Tally()
        try:
            until = time.monotonic() + args.seconds
            referees = [
                Referee(f"http://127.0.0.1:{port}", name, tokens[name], tables[name], tally, f"{args.seed}-{name}")
                for name in tokens
            ]
            start = time.monotonic()
            with ThreadPoolExecutor(len(referees)) as pool:
                list(pool.map(lambda r: r.run(until), referees))
            elapsed = time.monotonic() - start
        finally:
            stop(process, timeout=30)
        found = check(tally)
        from django.db import connections

        connections.close_all()
    finally:
        drop()

    requests = sum(tally.statuses.values())
    errors = {
        "5xx or no answer": tally.failures,
        "lost": found["lost"],
        "duplicated": found["duplicated"],
        "stale accepted": tally.stale_accepted,
    }
    p50, p95 = percentile(tally.latencies, 50), percentile(tally.latencies, 95)
    statuses = ", ".join(f"{code or 'none'}: {n:,}" for code, n in sorted(tally.statuses.items()))
    shared = sum(1 for t in tables.values() if len(t) > 1)
    stale_sent = sum(tally.stale_sent.values())
    print(
        f"{engine}, gunicorn {args.workers} workers x 2 threads, {args.referees} referees "
        f"({shared} also at a neighbour's table), {elapsed:.0f} s"
    )
    print(f"requests {requests:,} ({requests / elapsed:,.1f}/s), latency p50 {p50:.0f} ms, p95 {p95:.0f} ms")
    print(f"answers  {statuses}")
    print(f"refused  {', '.join(f'{k}: {v:,}' for k, v in sorted(tally.refusals.items()))}")
    print(f"actions  {', '.join(f'{k}: {v:,}' for k, v in sorted(tally.actions.items()))}")
    print(
        f"hands answered 201: {len(tally.created):,}, deleted: {len(tally.deleted):,}, stale edits sent: {stale_sent:,}"
    )
    for name, found_errors in errors.items():
        print(f"{name:<18} {len(found_errors)}")
        for line in found_errors[:5]:
            print(f"    {line}")
    if args.write:
        title = f"Load, {engine}"
        text = (
            "\n".join(
                [
                    f"## {title}",
                    "",
                    f"`python bench/load.py --referees {args.referees} --seconds {args.seconds:.0f}"
                    f"{' --postgres URL' if postgres else ''} --write` — gunicorn with {args.workers} worker "
                    f"processes x 2 threads on a fresh {engine} database, {args.referees} referees at once "
                    f"({shared} of them also at a neighbour's table) entering hands with an Idempotency-Key "
                    f"(retried after the answer and at once), correcting with versions, deleting, and sending "
                    f"stale edits on purpose; the client runs on the same machine. Machine: {machine()}.",
                    "",
                    "| measure | value | |",
                    "|---|---:|---|",
                    f"| duration | {elapsed:.0f} s | |",
                    f"| requests | {requests:,} | {requests / elapsed:,.1f}/s |",
                    f"| latency p50 / p95 | {p50:.0f} / {p95:.0f} ms | |",
                    f"| answers | {statuses} | |",
                    f"| hands answered 201 / deleted | {len(tally.created):,} / {len(tally.deleted):,} | |",
                    f"| stale edits sent | {stale_sent:,} | |",
                    *[
                        f"| {name} | {len(found_errors)} | {'ok' if not found_errors else 'FAILED'} |"
                        for name, found_errors in errors.items()
                    ],
                ]
            )
            + "\n"
        )
        write_section(title, text)
    return 1 if any(errors.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
