"""Without a broker (the SQLite default), a round's protocols are made in a thread of the server process
with their progress shown, never inside the organizer's request (22 tables took 40 s there)."""

from __future__ import annotations

import threading
import time

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.html_forms import form
from tournaments.documents import files as documents
from tournaments.documents.protocols import render
from tournaments.models import GeneratedFile

pytestmark = pytest.mark.usefixtures("documents_settings")

KEY = "round-1-protocols-blank"


@pytest.fixture
def in_thread(settings, transactional_db):
    """The default setup's documents: no broker, made in a thread (whose connection sees only what
    is committed: no test transaction here)."""
    settings.DOCUMENTS_IN_THREAD = True


@pytest.fixture
def held_render(monkeypatch):
    """The PDF renderer waits until the test lets it go (a long round, as long as the test needs)."""
    started, go = threading.Event(), threading.Event()
    real = render.round_protocols_pdf

    def slow(rnd, *, filled, progress=None):
        if progress:
            progress(20)
        started.set()
        assert go.wait(60), "never let go"
        return real(rnd, filled=filled, progress=progress)

    monkeypatch.setattr(render, "round_protocols_pdf", slow)
    return started, go


def poll(client, slug: str, until, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        status = client.get(reverse("document-status", args=[slug, KEY])).json()
        if until(status):
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.1)


def test_generate_answers_at_once_and_the_protocols_are_made_in_the_background(in_thread, seated, alice, held_render):
    started, go = held_render
    client = client_for(alice)
    page = client.get(reverse("documents", args=[seated.slug])).content.decode()
    generate = form(page.split(f'id="doc-{KEY}"', 1)[1], f"/{KEY}/generate/")
    response = client.post(generate.action, generate.data())
    assert response.status_code == 302  # answered while the render has not finished (it cannot: held)
    assert started.wait(30), "the job never started"
    running = poll(client, seated.slug, lambda s: s["status"] == "running")
    assert running["progress"] >= 20 and running["download_url"] is None
    page = client.get(reverse("documents", args=[seated.slug])).content.decode()
    assert '<progress max="100" value="20"' in page
    go.set()
    done = poll(client, seated.slug, lambda s: s["status"] in ("done", "failed"))
    assert done["status"] == "done", done
    pdf = client.get(done["download_url"])
    assert pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")  # read to the end: the file is closed


def test_the_download_link_shows_the_progress_page_while_the_job_runs(in_thread, seated, alice, held_render):
    started, go = held_render
    client = client_for(alice)
    response = client.get(reverse("document-download", args=[seated.slug, KEY]))
    assert response.status_code == 202  # the waiting page, at once
    assert started.wait(30)
    go.set()
    poll(client, seated.slug, lambda s: s["status"] == "done")
    row = GeneratedFile.objects.get(tournament=seated, key=KEY)
    assert documents.is_fresh(row, documents.fingerprint(seated, KEY))
