"""Ten referees entering hands at once, through a real server on a real database file: no error, no
lost hand (issue 12 §2).

The server runs in its own processes on a fresh database (a SQLite file; on CI's second pass a
new PostgreSQL database next to the suite's): ``runserver`` as ``./dev.sh serve`` runs it, and
gunicorn with several worker processes as production runs it. ``CONCURRENCY_SERVERS`` chooses
(comma separated; default both). Each of ten referees enters hands at his own table while the
organizer and a second referee enter at table 1 too: every answer is 201, or at table 1 a clean
refusal (4xx) of an entry that raced another; the hands stored are exactly those answered 201,
numbered without a gap.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path

import pytest

from tests.support.processes import free_port, stop

ROOT = Path(__file__).resolve().parent.parent
SERVERS = [s for s in os.environ.get("CONCURRENCY_SERVERS", "runserver,gunicorn").split(",") if s]
REFEREES = 10
HANDS_EACH = 6
EXTRA_AT_TABLE_1 = 3  # threads besides table 1's referee
KLOP = {"game": "klop", "klop_points": {"A": 4, "B": 36, "C": 20, "D": 10}}  # valid in every deal

SETUP = f"""
import json
from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from tournaments.events import services
from tournaments.rounds import services as rounds
boss = User.objects.create_superuser("boss", password="x")
event = services.create_tournament(boss, name="Load", slug="load", variant="taruk2012", rounds=1,
                                   hands_per_round=12, round_minutes=75, table_size=4, is_public=True,
                                   draw_seed="load")
tokens = {{"boss": Token.objects.create(user=boss).key}}
for i in range(1, {REFEREES} + 1):
    user = User.objects.create_user(f"ref{{i}}", password="x")
    services.set_referee(boss, event, user.username, [i, 1] if i == 2 else [i])
    tokens[user.username] = Token.objects.create(user=user).key
for i in range({REFEREES * 4}):
    services.register_player(boss, event, name=f"Player {{i}}", club=f"Club {{i % 7}}")
rnd = rounds.draw_round(boss, event)
rounds.publish_draw(boss, rnd)
rounds.start_clock(boss, rnd)
print(json.dumps(tokens))
"""


@pytest.fixture
def database_url(tmp_path):
    """A fresh database for the server: a SQLite file, or a new PostgreSQL database when the suite
    runs on PostgreSQL (dropped afterwards)."""
    suite = os.environ.get("DATABASE_URL", "")
    if not suite.startswith(("postgres://", "postgresql://", "pgsql://")):
        yield f"sqlite:///{tmp_path / 'load.sqlite3'}"
        return
    import psycopg

    name = f"tarok_load_{secrets.token_hex(4)}"
    server = suite.rsplit("/", 1)[0]
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"{server}/{name}"
    finally:
        with psycopg.connect(server + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _env(database_url: str, debug: bool) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEBUG", "CELERY_BROKER_URL"}}
    return {
        **base,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "true" if debug else "false",
        "SECRET_KEY": "load-test-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "LOGIN_FAILURE_LIMIT": "1000",
    }


def _call(method: str, url: str, token: str, body: dict | None = None) -> tuple[int, object]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Authorization": f"Token {token}", "Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()[:300]


def _connections_to(database_url: str) -> int:
    """How many connections the server holds to its PostgreSQL database now."""
    import psycopg

    server, name = database_url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        return conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [name]).fetchone()[0]


def _hands_and_sums(database_url: str) -> tuple[dict, dict]:
    """(the stored hands added up here, the sums the database keeps in ``tournaments_tablesums``): each
    table id -> (hands entered, hands played, seat -> points)."""
    query_hands = "SELECT table_id, played, points FROM scoring_hand"
    query_sums = "SELECT table_id, entered, played, points FROM tournaments_tablesums"
    if database_url.startswith("postgres"):
        import psycopg

        with psycopg.connect(database_url) as conn:
            hands, sums = conn.execute(query_hands).fetchall(), conn.execute(query_sums).fetchall()
    else:
        import sqlite3

        with closing(sqlite3.connect(database_url.removeprefix("sqlite:///"))) as conn:
            hands, sums = conn.execute(query_hands).fetchall(), conn.execute(query_sums).fetchall()
    added: dict[int, list] = {}
    for table_id, played, points in hands:
        row = added.setdefault(table_id, [0, 0, Counter()])
        row[0] += 1
        row[1] += bool(played)
        for seat, value in (json.loads(points) if isinstance(points, str) else points).items():
            row[2][seat] += value
    kept = {t: (e, p, json.loads(pts) if isinstance(pts, str) else pts) for t, e, p, pts in sums}
    return {t: (e, p, dict(pts)) for t, (e, p, pts) in added.items()}, kept


def _server_errors(path: Path) -> str:
    """The tracebacks the server logged (a failure shows why the server answered 500)."""
    text = path.read_text(errors="replace")
    return text[text.find("Traceback") :][-4000:] if "Traceback" in text else ""


@pytest.mark.parametrize("server", SERVERS)
def test_ten_referees_entering_at_once_lose_nothing_and_see_no_error(server, database_url, tmp_path):
    env = _env(database_url, debug=server == "runserver")
    run = {"cwd": ROOT, "env": env, "capture_output": True, "text": True, "timeout": 300}
    migrate = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], **run)
    assert migrate.returncode == 0, migrate.stderr
    setup = subprocess.run([sys.executable, "manage.py", "shell", "-c", SETUP], **run)
    assert setup.returncode == 0, setup.stderr
    tokens = json.loads(setup.stdout.strip().splitlines()[-1])

    port = free_port()
    command = {
        "runserver": [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        "gunicorn": [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "--workers",
            "4",
            "--threads",
            "2",
            "--bind",
            f"127.0.0.1:{port}",
        ],
    }[server]
    log = (tmp_path / "server.log").open("w")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/health/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("the server did not start: " + (tmp_path / "server.log").read_text()[-2000:])

        def table_url(n: int) -> str:
            return f"{base}/api/events/load/rounds/1/tables/{n}/hands/"

        def enter(who: str, table: int, count: int) -> list[tuple[int, int, object]]:
            """Each attempt names the hand it enters: the next one as the referee last read the table."""
            answers = []
            for _ in range(count):
                _status, stored = _call("GET", table_url(table), tokens[who])
                number = len(stored or []) + 1
                answers.append((table, *_call("POST", table_url(table), tokens[who], {**KLOP, "number": number})))
            return answers

        jobs = [(f"ref{i}", i, HANDS_EACH) for i in range(1, REFEREES + 1)]
        jobs += [("boss", 1, HANDS_EACH)] * (EXTRA_AT_TABLE_1 - 1) + [("ref2", 1, HANDS_EACH)]
        with ThreadPoolExecutor(len(jobs)) as pool:
            answers = [a for result in pool.map(lambda job: enter(*job), jobs) for a in result]

        # At table 1 entries race each other: one prepared against a deal another just stored is
        # refused (400 for its dealer and seats, or 409), never stored twice or on another deal.
        errors = [a for a in answers if a[1] != 201 and not (a[0] == 1 and a[1] in (400, 409))]
        assert errors == [], _server_errors(tmp_path / "server.log") or errors[:5]
        for table in range(1, REFEREES + 1):
            created = sum(1 for t, code, _ in answers if t == table and code == 201)
            status, stored = _call("GET", table_url(table), tokens["boss"])
            assert status == 200
            assert [h["number"] for h in stored] == list(range(1, created + 1)), table  # none lost, no gap
            if table != 1:
                assert created == HANDS_EACH  # alone at his table, nothing refused
        # Table 1 had 24 attempts for its 12 deals.
        assert 0 < sum(1 for t, code, _ in answers if t == 1 and code == 201) <= 12
        # The database's sums of each table's hands (TableSums, kept by triggers) are the hands added up,
        # however the entries raced.
        stored, sums = _hands_and_sums(database_url)
        assert sums == stored
        if database_url.startswith("postgres"):
            # The server keeps at most a connection per worker thread (gunicorn: 4 x 2); runserver, a
            # thread per request, closes each as its request ends. Before, runserver's kept ones piled
            # up past PostgreSQL's limit of 100 and a referee was answered 500.
            assert _connections_to(database_url) <= 8
    finally:
        stop(process, timeout=20)
        log.close()
