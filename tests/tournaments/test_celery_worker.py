"""The real parts: a Redis broker and a Celery worker process, started here and stopped at the end.

The worker reaches this test's database: PostgreSQL (DATABASE_URL=postgres://..., CI's second
run) by the test database's name; SQLite by moving this test onto a file database, because the
default test database lives in this process's memory where no other process can see it.
Skipped, saying why, only when the ``redis-server`` binary is missing (Debian package
``redis-server``; ``./dev.sh`` and ``.ci/run`` install it).
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.conftest import client_for
from tests.html_forms import form
from tests.pdf_text import pdf_text
from tests.support.events import new_event, seated_event
from tests.support.taruk_hands import play
from tournaments.documents import files as documents
from tournaments.documents import jobs
from tournaments.events import services
from tournaments.models import AuditEntry, GeneratedFile, Table

pytestmark = pytest.mark.celery_worker

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 90  # a worker's start (Django, Celery) plus one WeasyPrint render, on a busy CI machine


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
            start_new_session=True,  # its own process group: a test may kill the whole worker at once
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
    row = jobs.request_document(organizer, event, key)  # commits, then publishes the task to Redis
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


def _event(name: str, players: int):
    from django.contrib.auth.models import User

    # Created after the fixtures moved the connection: the worker must see these rows.
    organizer = User.objects.create_superuser("worker-organizer", "o@example.org", "pw")
    event = services.create_tournament(
        organizer, name=name, slug="worker-kill", variant="taruk2012", rounds=2, hands_per_round=2, table_size=4
    )
    seated_event(event, organizer, [f"Igralec {i}" for i in range(1, players + 1)], hands_per_round=2)
    event.refresh_from_db()
    return organizer, event


def test_a_worker_killed_as_a_whole_mid_job_is_shown_failed_and_generate_again_queues_at_once(
    celery_worker, redis_url, monkeypatch
):
    """SIGKILL to the worker's whole process group while it renders: no process is left to put the job
    back (a killed pool child is, by its parent), and Redis redelivers an unacknowledged job only after
    an hour. The job's heartbeat stops, so the row is shown failed, and "Generate again" queues it."""
    import redis

    worker, log = celery_worker
    organizer, event = _event("Kill Open", players=128)  # 32 tables: seconds of rendering to be killed in
    key = "round-1-protocols-blank"
    row = jobs.request_document(organizer, event, key)
    deadline = time.monotonic() + WAIT_SECONDS
    while not (row.status == GeneratedFile.Status.RUNNING and row.progress >= 35):  # the render has begun
        assert row.status not in (GeneratedFile.Status.DONE, GeneratedFile.Status.FAILED), "finished before the kill"
        assert worker.poll() is None, f"the worker exited:\n{log.read_text(errors='replace')}"
        assert time.monotonic() < deadline, f"never running after {WAIT_SECONDS} s:\n{log.read_text(errors='replace')}"
        time.sleep(0.05)
        row.refresh_from_db()
    os.killpg(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)
    row.refresh_from_db()
    assert row.status == GeneratedFile.Status.RUNNING  # as the worker left it

    # A row whose heartbeat is older than LOST_AFTER is lost; shortened here from its production value. The
    # worker is dead, so no heartbeat can come: a second is enough (three heartbeats cost 15 s of the suite).
    monkeypatch.setattr(documents, "LOST_AFTER", timedelta(seconds=1))
    organizer_client = client_for(organizer)
    page_url = f"/e/{event.slug}/manage/documents/"
    deadline = time.monotonic() + 60
    while True:
        page = organizer_client.get(page_url).content.decode()
        status = page.split(f'id="doc-{key}"', 1)[1].split("</tr>", 1)[0]
        if "Failed" in status:
            break
        assert "Running" in status, status
        assert time.monotonic() < deadline, "still running a minute after the worker was killed"
        time.sleep(1)
    assert "The background worker stopped while making this file" in status

    requests = AuditEntry.objects.filter(action="document.requested").count()
    again = form(page.split(f'id="doc-{key}"', 1)[1], f"/{key}/generate/")
    assert organizer_client.post(again.action, again.data()).status_code == 302
    row.refresh_from_db()
    assert row.status == GeneratedFile.Status.QUEUED and row.progress == 0  # at once, not after 15 minutes
    assert AuditEntry.objects.filter(action="document.requested").count() == requests + 1
    assert redis.Redis.from_url(redis_url).llen("celery") == 1  # the job is on the queue for the next worker
