"""Background documents under faults: the broker down, a worker lost, a full disk, a lost media
folder. A job never stays "queued" or "running" behind a fault, and no request answers 500."""

from __future__ import annotations

import errno
import os
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from config.celery import app
from tests.conftest import client_for
from tests.html_forms import form
from tests.support.documents import get
from tests.support.processes import free_port
from tests.support.taruk_hands import play
from tournaments.documents import files as documents
from tournaments.documents import jobs, tasks
from tournaments.models import GeneratedFile

pytestmark = pytest.mark.usefixtures("documents_settings")


@pytest.fixture
def broker_down(monkeypatch):
    """Celery with a real (Redis) broker at a closed port, as when Redis is down. Celery reads the
    CELERY_BROKER_URL environment variable before its own setting (CI's second pass sets it)."""
    saved = (app.conf.task_always_eager, app.conf.broker_url)
    down = f"redis://127.0.0.1:{free_port()}/0"  # nobody listens: refused at once
    app.conf.task_always_eager = False
    app.conf.broker_url = down
    monkeypatch.setenv("CELERY_BROKER_URL", down)
    reset_pool()
    yield
    app.conf.task_always_eager, app.conf.broker_url = saved
    reset_pool()


def reset_pool() -> None:
    """Drop pooled broker connections, so the next publish connects to the current broker_url."""
    app._pool = None  # not closed: a closed pool stays referenced elsewhere and refuses later acquires
    app.amqp._producer_pool = None


def test_the_generation_task_is_acknowledged_late_and_requeued_when_its_worker_is_lost():
    assert tasks.generate_document.acks_late is True
    assert tasks.generate_document.reject_on_worker_lost is True


def test_with_the_broker_down_the_request_says_the_job_could_not_be_queued(
    seated,
    alice,
    broker_down,
    django_capture_on_commit_callbacks,
):
    url = reverse("document-generate", args=[seated.slug, "players-xlsx"])
    client = client_for(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"next": reverse("documents", args=[seated.slug])})
    assert response.status_code == 302
    row = GeneratedFile.objects.get(tournament=seated, key="players-xlsx")
    assert row.status == "failed" and row.error.startswith("queue:")
    page = client.get(reverse("documents", args=[seated.slug])).content.decode()
    assert "could not be queued" in page
    assert "Generate again" in page


@pytest.mark.django_db(transaction=True)  # as in production: the job is queued when the request's write commits
def test_with_the_broker_down_the_download_page_says_so_with_a_retry_button(seated, alice, broker_down):
    url = reverse("document-download", args=[seated.slug, "hands-xlsx"])
    response = client_for(alice).get(url)
    assert response.status_code == 202
    html = response.content.decode()
    assert "could not be queued" in html
    assert reverse("document-generate", args=[seated.slug, "hands-xlsx"]) in html


def test_a_job_redelivered_after_its_worker_died_runs_again(
    seated,
    alice,
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=False):
        row = jobs.request_document(alice, seated, "players-xlsx")
    # The first worker claimed it and was killed at 35 %.
    GeneratedFile.objects.filter(pk=row.pk).update(status="running", progress=35)
    tasks.generate_document.apply(args=[row.pk, row.fingerprint])  # the broker hands the message out again
    row.refresh_from_db()
    assert (row.status, row.progress) == ("done", 100) and row.file


def test_a_running_job_whose_heartbeat_stopped_is_shown_failed_and_made_again_at_once(
    seated, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False):
        row = jobs.request_document(alice, seated, "players-xlsx")
    # Its worker claimed it and was killed as a whole: nothing writes the row any more.
    silent = timezone.now() - documents.LOST_AFTER - timedelta(seconds=1)
    GeneratedFile.objects.filter(pk=row.pk).update(status="running", progress=20, updated_at=silent)
    client = client_for(alice)
    page = client.get(reverse("documents", args=[seated.slug])).content.decode()
    status = page.split('id="doc-players-xlsx"', 1)[1].split("</tr>", 1)[0]
    assert "Failed" in status and "The background worker stopped while making this file" in status
    status_json = client.get(reverse("document-status", args=[seated.slug, "players-xlsx"])).json()
    assert status_json["status"] == "failed"
    again = form(page.split('id="doc-players-xlsx"', 1)[1], "/players-xlsx/generate/")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(again.action, again.data()).status_code == 302
    row.refresh_from_db()
    assert (row.status, row.progress) == ("done", 100)


def test_a_running_job_with_a_recent_heartbeat_is_left_running(seated, alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False):
        row = jobs.request_document(alice, seated, "players-xlsx")
    GeneratedFile.objects.filter(pk=row.pk).update(status="running", progress=20)
    with django_capture_on_commit_callbacks(execute=False):
        assert jobs.request_document(alice, seated, "players-xlsx").status == "running"


def test_a_full_disk_leaves_no_partial_file_and_the_next_run_works(
    seated,
    alice,
    monkeypatch,
    settings,
    django_capture_on_commit_callbacks,
):
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(documents.os, "fsync", full)
    with django_capture_on_commit_callbacks(execute=True):
        row = jobs.request_document(alice, seated, "players-xlsx")
    row.refresh_from_db()
    assert row.status == "failed" and "No space left" in row.error
    folder = settings.MEDIA_ROOT / "documents" / seated.slug
    assert not folder.exists() or list(folder.iterdir()) == []
    monkeypatch.setattr(documents.os, "fsync", real_fsync)
    with django_capture_on_commit_callbacks(execute=True):
        row = jobs.request_document(alice, seated, "players-xlsx")
    row.refresh_from_db()
    assert row.status == "done" and [p.name for p in folder.iterdir()] == [os.path.basename(row.file.name)]


def test_a_document_whose_file_is_missing_is_made_again(seated, alice, django_capture_on_commit_callbacks):
    url = reverse("document-download", args=[seated.slug, "players-xlsx"])
    first = get(alice, url, django_capture_on_commit_callbacks)
    assert first.status_code == 200 and first.body[:2] == b"PK"
    row = GeneratedFile.objects.get(tournament=seated, key="players-xlsx")
    os.remove(row.file.path)  # a database restored without its media folder
    again = get(alice, url, django_capture_on_commit_callbacks)
    assert again.status_code == 200 and again.body[:2] == b"PK"


def test_a_tables_protocol_pdf_is_rendered_once_per_state_of_the_table(seated, alice, bob, monkeypatch):
    from tournaments.documents.protocols import render
    from tournaments.models import Table

    renders = []
    real = render.table_protocol_pdf

    def counting(table, *, filled):
        renders.append((table.number, filled))
        return real(table, filled=filled)

    monkeypatch.setattr(render, "table_protocol_pdf", counting)
    url = reverse("table-protocol-pdf", args=[seated.slug, 1, 1])
    client = client_for(bob)
    first = client.get(url)
    assert first.status_code == 200 and first.content.startswith(b"%PDF")
    assert client.get(url).content == first.content
    assert client_for(alice).get(url).content == first.content
    assert renders == [(1, True)]
    play(Table.objects.get(round__tournament=seated, round__number=1, number=1), bob, 1)  # the table changed
    assert client.get(url).content != first.content
    assert client.get(url + "?state=blank").status_code == 200
    assert renders == [(1, True), (1, True), (1, False)]


def test_a_tables_protocol_pdf_is_still_served_when_the_cache_fails(seated, bob, settings):
    settings.CACHES = {"default": {"BACKEND": "tests.tournaments.test_live_cache_down.BrokenCache"}}
    response = client_for(bob).get(reverse("table-protocol-pdf", args=[seated.slug, 1, 1]))
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
