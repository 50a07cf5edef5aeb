"""The real parts: a Redis broker and a Celery worker process, started here and stopped at the end.

The worker reaches this test's database: PostgreSQL (DATABASE_URL=postgres://..., CI's second
run) by the test database's name; SQLite by moving this test onto a file database, because the
default test database lives in this process's memory where no other process can see it.
Skipped, saying why, only when the ``redis-server`` binary is missing (Debian package
``redis-server``; ``./dev.sh`` and ``.ci/run`` install it).
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.pdf_text import pdf_text
from tests.support.events import new_event, seated_event
from tests.support.taruk_hands import play
from tournaments import documents
from tournaments.models import GeneratedFile, Table

pytestmark = pytest.mark.celery_worker

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 90  # a worker's start (Django, Celery) plus one WeasyPrint render, on a busy CI machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_url(tmp_path):
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (Debian package redis-server; ./dev.sh and .ci/run install it)")
    import redis

    port = free_port()
    server = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(host="127.0.0.1", port=port)
        deadline = time.monotonic() + 15
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.1)
        client.close()
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=15)


@pytest.fixture
def worker_database_url(transactional_db, tmp_path):
    """DATABASE_URL under which another process sees what this test commits."""
    from django.db import connection

    s = connection.settings_dict
    if connection.vendor == "postgresql":
        auth = quote(s["USER"] or "", safe="") + (":" + quote(s["PASSWORD"], safe="") if s["PASSWORD"] else "")
        yield f"postgres://{auth}@{s['HOST'] or 'localhost'}:{s['PORT'] or 5432}/{s['NAME']}"
        return
    if connection.vendor != "sqlite":
        pytest.skip(f"no worker database for {connection.vendor}")
    if not connection.is_in_memory_db():
        yield f"sqlite:///{s['NAME']}"
        return
    # Copy the migrated in-memory test database to a file and point this connection at it for
    # the test; the in-memory one is kept open (closing it would destroy it) and put back after.
    path = tmp_path / "worker.sqlite3"
    connection.ensure_connection()
    memory, name = connection.connection, s["NAME"]
    target = sqlite3.connect(path)
    memory.backup(target)
    target.close()
    connection.connection = None
    s["NAME"] = str(path)
    try:
        yield f"sqlite:///{path}"
    finally:
        connection.close()
        s["NAME"] = name
        connection.connection = memory


@pytest.fixture
def celery_worker(redis_url, worker_database_url, settings, tmp_path, monkeypatch):
    """A real ``celery -A config worker`` on ``redis_url``; this process queues to the same broker."""
    from config.celery import app

    media = tmp_path / "media"
    settings.MEDIA_ROOT = media
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": worker_database_url,
        "CELERY_BROKER_URL": redis_url,
        "CELERY_RESULT_BACKEND": "",
        "MEDIA_ROOT": str(media),
        "LOG_LEVEL": "WARNING",
    }
    log = tmp_path / "worker.log"
    with log.open("wb") as out:
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"test-{os.getpid()}@%h",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    saved = {key: app.conf[key] for key in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url=redis_url, task_always_eager=False)
    # Celery reads CELERY_BROKER_URL from the environment before its configuration (CI sets it for the suite).
    monkeypatch.setenv("CELERY_BROKER_URL", redis_url)
    # The app caches its broker connection pools; drop them so the new broker_url is used (and again after).
    app._pool = None
    app.amqp._producer_pool = None
    try:
        yield worker, log
    finally:
        app.conf.update(saved)
        app._pool = None
        app.amqp._producer_pool = None
        worker.terminate()  # warm shutdown
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=10)


def test_a_real_worker_generates_a_rounds_protocols_queued_through_redis(celery_worker):
    from django.contrib.auth.models import User

    worker, log = celery_worker
    # Created after the fixtures moved the connection: the worker must see these rows.
    organizer = User.objects.create_superuser("worker-organizer", "o@example.org", "pw")
    event = new_event(organizer, "worker-open", rounds=2, hands_per_round=2, table_size=4)
    seated_event(event, organizer, ["Ana Novak", "Bojan Kranjc", "Črt Žagar", "Dušan Horvat"], hands_per_round=2)
    play(Table.objects.get(round__tournament=event, number=1), organizer, 2)
    event.refresh_from_db()

    key = "round-1-protocols-filled"
    row = documents.request_document(organizer, event, key)  # commits, then publishes the task to Redis
    deadline = time.monotonic() + WAIT_SECONDS
    while row.status not in (GeneratedFile.Status.DONE, GeneratedFile.Status.FAILED):
        assert worker.poll() is None, f"the worker exited:\n{log.read_text(errors='replace')}"
        assert time.monotonic() < deadline, f"no file after {WAIT_SECONDS} s:\n{log.read_text(errors='replace')}"
        time.sleep(0.5)
        row.refresh_from_db()

    assert row.status == GeneratedFile.Status.DONE, row.error
    assert row.progress == 100
    # The worker computed the same fingerprint as this process: the stored file counts as current.
    assert documents.is_fresh(row, documents.fingerprint(event, key))
    with row.file.open("rb") as f:
        pages, text = pdf_text(f.read())
    assert pages == 1
    for name in ("Worker Open", "Ana Novak", "Dušan Horvat", "2 of 2 hands"):
        assert name in text
    assert "succeeded" in log.read_text(errors="replace")
