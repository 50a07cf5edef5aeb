"""Generated documents: who may have which, stored rows, staleness, superseded and failed runs.

Tasks run eagerly here (also when CI sets CELERY_BROKER_URL for the whole suite); the
real-worker path is tests/tournaments/test_celery_worker.py.
"""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import client_for
from tests.pdf_text import pdf_text
from tests.support.documents import get, read
from tests.support.events import seated_event
from tests.support.taruk_hands import play, taruk_hand
from tournaments.documents import files as documents
from tournaments.documents import jobs, tasks
from tournaments.events import services
from tournaments.models import AuditEntry, GeneratedFile, Table
from tournaments.tables import hands

pytestmark = pytest.mark.usefixtures("documents_settings")


def table(event, number: int) -> Table:
    return Table.objects.select_related("round__tournament").get(
        round__tournament=event, round__number=1, number=number
    )


def stored(row: GeneratedFile) -> bytes:
    with row.file.open("rb") as f:
        return f.read()


# --- who may have what ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "table_no", "status"),
    [
        ("alice", 1, 200),
        ("alice", 2, 200),  # organizer: every table
        ("bob", 2, 200),  # referee of every table
        ("rita", 1, 200),
        ("rita", 2, 403),  # referee of table 1 only
        ("charlie", 1, 403),  # no role
    ],
)
def test_a_tables_protocol_is_for_organizers_and_its_referees(seated, persona, table_no, status, request):
    user = request.getfixturevalue(persona)
    for name in ("table-protocol", "table-protocol-pdf"):
        response = client_for(user).get(reverse(name, args=[seated.slug, 1, table_no]))
        assert response.status_code == status, name
    if status == 200:
        assert response["Content-Type"] == "application/pdf"
        assert pdf_text(response.content)[1].count(f"Table {table_no}") >= 1


def test_the_public_is_sent_to_log_in_for_a_protocol(seated):
    response = client_for(None).get(reverse("table-protocol", args=[seated.slug, 1, 1]))
    assert response.status_code == 302 and "/login/" in response["Location"]


@pytest.mark.parametrize(
    "key", ["round-1-protocols-blank", "round-1-protocols-filled", "standings-xlsx", "hands-xlsx", "players-xlsx"]
)
def test_round_protocols_and_exports_are_for_organizers_only(
    seated, key, bob, charlie, django_capture_on_commit_callbacks
):
    url = reverse("document-download", args=[seated.slug, key])
    assert get(bob, url, django_capture_on_commit_callbacks).status_code == 403
    assert get(charlie, url, django_capture_on_commit_callbacks).status_code == 403
    assert get(None, url, django_capture_on_commit_callbacks).status_code == 302  # to the login page
    assert client_for(bob).post(reverse("document-generate", args=[seated.slug, key])).status_code == 403
    assert client_for(bob).get(reverse("document-status", args=[seated.slug, key])).status_code == 403
    assert not GeneratedFile.objects.exists()


def test_the_documents_page_and_round_print_view_are_for_organizers(seated, alice, bob):
    assert client_for(alice).get(reverse("documents", args=[seated.slug])).status_code == 200
    assert client_for(bob).get(reverse("documents", args=[seated.slug])).status_code == 403
    response = client_for(alice).get(reverse("round-protocols", args=[seated.slug, 1]) + "?state=blank")
    assert response.status_code == 200 and response.content.decode().count('class="protocol"') == 2
    assert client_for(bob).get(reverse("round-protocols", args=[seated.slug, 1])).status_code == 403


def test_anyone_may_download_the_standings_pdf_of_a_public_event(seated, django_capture_on_commit_callbacks):
    url = reverse("document-download", args=[seated.slug, "standings-pdf"])
    response = get(None, url, django_capture_on_commit_callbacks)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.body)[1]
    assert "Standings" in text and "Igralec 1" in text
    assert client_for(None).get(reverse("standings-print", args=[seated.slug])).status_code == 200


def test_the_standings_pdf_of_a_private_event_is_not_public(seated, alice, charlie, django_capture_on_commit_callbacks):
    services.update_tournament(alice, seated, is_public=False)
    url = reverse("document-download", args=[seated.slug, "standings-pdf"])
    assert get(None, url, django_capture_on_commit_callbacks).status_code == 302
    assert get(charlie, url, django_capture_on_commit_callbacks).status_code == 403
    assert client_for(None).get(reverse("standings-print", args=[seated.slug])).status_code == 403
    assert get(alice, url, django_capture_on_commit_callbacks).status_code == 200


def test_an_unknown_document_or_round_is_not_found(seated, alice):
    for key in ("round-9-protocols-blank", "round-1-protocols-dirty", "passwords"):
        assert client_for(alice).get(reverse("document-download", args=[seated.slug, key])).status_code == 404


# --- stored, fresh, stale ---------------------------------------------------------------------------


def test_a_second_request_gets_the_stored_file(seated, alice, django_capture_on_commit_callbacks):
    key = "round-1-protocols-blank"
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        row = jobs.request_document(alice, seated, key)
    assert len(callbacks) == 1
    row.refresh_from_db()
    assert (row.status, row.progress) == ("done", 100)
    pages, text = pdf_text(stored(row))
    assert pages == 2 and "Igralec" in text
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        again = jobs.request_document(alice, seated, key)
    assert callbacks == [] and again.file.name == row.file.name
    assert AuditEntry.objects.filter(action="document.requested").count() == 1


def test_deleting_an_event_removes_its_stored_files(event, alice, django_capture_on_commit_callbacks):
    """An event that never sat a round can be deleted (in the admin; seats protect played ones)."""
    from django.core.files.storage import default_storage

    services.register_player(alice, event, name="Ana Novak")
    with django_capture_on_commit_callbacks(execute=True):
        row = jobs.request_document(alice, event, "players-xlsx")
    row.refresh_from_db()
    assert row.file.name and default_storage.exists(row.file.name)
    with django_capture_on_commit_callbacks(execute=True):
        event.delete()  # the rows go by cascade
    assert not GeneratedFile.objects.exists()
    assert not default_storage.exists(row.file.name)


def test_a_corrected_hand_makes_the_filled_protocols_stale(seated, alice, bob, django_capture_on_commit_callbacks):
    key = "round-1-protocols-filled"
    first = table(seated, 1)
    play(first, bob, 2)
    with django_capture_on_commit_callbacks(execute=True):
        row = jobs.request_document(alice, seated, key)
    row.refresh_from_db()
    old_name, old_fingerprint = row.file.name, row.fingerprint
    assert "+25 → 25" in pdf_text(stored(row))[1]
    blank = documents.fingerprint(seated, "round-1-protocols-blank")

    hand = first.hands.get(number=1)
    corrected = {**taruk_hand(1, hand.dealer), "card_points": 60}  # a bigger difference: more than 25
    hands.correct_hand(bob, hand, corrected, expected_version=hand.version, reason="miscounted")
    assert documents.fingerprint(seated, key) != old_fingerprint
    assert documents.fingerprint(seated, "round-1-protocols-blank") == blank  # the blank sheet has no hands

    url = reverse("document-download", args=[seated.slug, key])
    response = get(alice, url, django_capture_on_commit_callbacks)
    assert response.status_code == 200
    points = first.hands.get(number=1).points[corrected["declarer"]]
    assert points > 25
    assert f"+{points} → {points}" in pdf_text(response.body)[1]
    row.refresh_from_db()
    assert row.file.name != old_name and row.fingerprint == documents.fingerprint(seated, key)
    from django.core.files.storage import default_storage

    assert not default_storage.exists(old_name)  # the stale file is gone


def test_a_new_name_or_a_deleted_hand_changes_the_fingerprint(seated, alice, bob):
    play(table(seated, 1), bob, 2)
    before = {k: documents.fingerprint(seated, k) for k in ("round-1-protocols-filled", "players-xlsx")}
    entry = seated.entries.get(start_number=1)
    entry.player.name = "Igralec Ena"
    entry.player.save()
    assert all(documents.fingerprint(seated, k) != v for k, v in before.items())
    filled = documents.fingerprint(seated, "round-1-protocols-filled")
    hands.delete_hand(bob, table(seated, 1).hands.get(number=1), expected_version=1, reason="twice")
    assert documents.fingerprint(seated, "round-1-protocols-filled") != filled


def test_a_run_superseded_by_a_newer_request_stores_nothing(seated, alice, bob, django_capture_on_commit_callbacks):
    key = "round-1-protocols-filled"
    with django_capture_on_commit_callbacks(execute=False):  # queued, but no worker runs yet
        row = jobs.request_document(alice, seated, key)
    first = row.fingerprint
    play(table(seated, 1), bob, 1)
    with django_capture_on_commit_callbacks(execute=False):
        jobs.request_document(alice, seated, key)
    assert documents.generate(row.pk, first) is None  # the old task finds its request replaced
    row.refresh_from_db()
    assert (row.status, row.file.name) == ("queued", "")
    done = documents.generate(row.pk, row.fingerprint)
    assert done.status == "done" and done.file


def test_a_failed_run_is_recorded_and_can_be_requested_again(
    seated, alice, monkeypatch, django_capture_on_commit_callbacks
):
    def broken(*args):
        raise RuntimeError("the printer caught fire")

    monkeypatch.setitem(
        documents.KINDS, "players-xlsx", documents.Kind("x", "xlsx", documents.XLSX, documents.players_inputs, broken)
    )
    with django_capture_on_commit_callbacks(execute=True):
        row = jobs.request_document(alice, seated, "players-xlsx")
    row.refresh_from_db()
    assert row.status == "failed" and "printer caught fire" in row.error
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        row = jobs.request_document(alice, seated, "players-xlsx")
    row.refresh_from_db()
    assert row.status == "done" and row.error == ""


def test_a_queued_document_shows_a_progress_page_that_polls_its_status(
    seated, alice, django_capture_on_commit_callbacks
):
    url = reverse("document-download", args=[seated.slug, "hands-xlsx"])
    with django_capture_on_commit_callbacks(execute=False):  # as with a broker: the worker has not run yet
        response = client_for(alice).get(url)
    assert response.status_code == 202
    page = response.content.decode()
    status_url = reverse("document-status", args=[seated.slug, "hands-xlsx"])
    assert f'data-document-status-url="{status_url}"' in page and "progress.js" in page and "<progress" in page
    payload = client_for(alice).get(status_url).json()
    assert (payload["status"], payload["progress"], payload["download_url"]) == ("queued", 0, None)

    row = GeneratedFile.objects.get(key="hands-xlsx")
    tasks.generate_document(row.pk, row.fingerprint)  # the worker's turn
    payload = client_for(alice).get(status_url).json()
    assert (payload["status"], payload["progress"], payload["download_url"]) == ("done", 100, url)
    response = read(client_for(alice).get(url))
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
    from openpyxl import load_workbook

    assert load_workbook(io.BytesIO(response.body)).active["A1"].value == "Round"


def test_generating_from_the_documents_page_returns_there(seated, alice, django_capture_on_commit_callbacks):
    page = reverse("documents", args=[seated.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).post(
            reverse("document-generate", args=[seated.slug, "players-xlsx"]), {"next": page}
        )
    assert response.status_code == 302 and response["Location"] == page
    listing = client_for(alice).get(page).content.decode()
    assert reverse("document-download", args=[seated.slug, "players-xlsx"]) in listing
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(alice).post(
            reverse("document-generate", args=[seated.slug, "players-xlsx"]), {"next": "https://evil.example/"}
        )
    assert response["Location"] == page  # no open redirect
    for odd in ("-1", "documents", "//evil.example/x", "javascript:alert(1)"):
        with django_capture_on_commit_callbacks(execute=True):
            response = client_for(alice).post(
                reverse("document-generate", args=[seated.slug, "players-xlsx"]), {"next": odd}
            )
        assert (response.status_code, response["Location"]) == (302, page), odd


def test_the_task_renders_in_the_events_language(seated, alice, monkeypatch, django_capture_on_commit_callbacks):
    services.update_tournament(alice, seated, language="sl")
    seen = []
    monkeypatch.setattr(documents, "generate", lambda file_id, fp: seen.append(translation.get_language()))
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        jobs.request_document(alice, seated, "standings-pdf")
    assert seen == ["sl"]


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_first_request_gets_the_file(event, alice):
    """Outside a test transaction the task runs at commit, inside the request: no progress page."""
    seated_event(event, alice, [f"Igralec {i}" for i in range(1, 5)], hands_per_round=2)
    response = read(client_for(alice).get(reverse("document-download", args=[event.slug, "players-xlsx"])))
    assert response.status_code == 200
    assert GeneratedFile.objects.get(key="players-xlsx").status == "done"


def test_a_request_lost_on_its_way_is_queued_again(seated, alice, django_capture_on_commit_callbacks):
    """A queued row nobody worked on for STUCK_AFTER (worker gone, broker flushed) gets a new task."""
    from django.utils import timezone

    with django_capture_on_commit_callbacks(execute=False):
        row = jobs.request_document(alice, seated, "players-xlsx")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        jobs.request_document(alice, seated, "players-xlsx")
    assert callbacks == []  # still on its way
    GeneratedFile.objects.filter(pk=row.pk).update(updated_at=timezone.now() - documents.STUCK_AFTER)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        jobs.request_document(alice, seated, "players-xlsx")
    assert len(callbacks) == 1
    row.refresh_from_db()
    assert row.status == "done"


def test_the_standings_print_shows_a_hand_entered_after_it_was_last_read(running_event, alice, bob):
    """The sheet's rows are kept once per change of the event: a hand entered after a print is on the next one.
    taruk2012.md §8.1 E1 at table 1: tri won by the forehand, 25 game points, his partner 15 (running, so
    in italics with an asterisk until the table has played all its hands)."""
    from tests.conftest import enter_e1

    url = reverse("standings-print", args=[running_event.slug])
    client = client_for(alice)
    assert "<i>25*</i>" not in client.get(url).content.decode()
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    hand = enter_e1(bob, table)
    seats = {s.position: s.entry.player.name for s in table.seats.select_related("entry__player")}
    forehand, partner = hand.input["seats"][0], hand.input["partner"]
    html = client.get(url).content.decode()
    rows = {name: row for row in re.findall(r"<tr>.*?</tr>", html, re.S) for name in seats.values() if name in row}
    assert "<i>25*</i>" in rows[seats[forehand]]
    assert "<i>15*</i>" in rows[seats[partner]]
