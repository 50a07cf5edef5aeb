"""NUL characters are refused as bad input, naming the field (tournaments/middleware.py, and the
hand actions of tournaments/tables/hands.py for JSON text that escapes them).

PostgreSQL cannot store them (CI's second run found a 500 on the confirmation form), so the
answer must not depend on the database: these tests hold on SQLite too.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tournaments.models import AuditEntry, Confirmation, Hand

TABLE = "/e/ljubljana-open/round/1/table/1/"
API_TABLE = "/api/events/ljubljana-open/rounds/1/tables/1/"
E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48}


def test_a_form_value_with_nul_is_refused_naming_the_field(running_event, bob):
    before = AuditEntry.objects.count()
    response = client_for(bob).post(TABLE + "confirm/", {"position": "A\x00", "pin": "1234"})
    assert response.status_code == 400
    assert response.content.decode() == "position: contains a NUL character, which no field may hold."
    assert not Confirmation.objects.exists() and AuditEntry.objects.count() == before


def test_a_query_parameter_with_nul_is_refused(running_event):
    response = client_for(None).get("/e/ljubljana-open/standings/", {"page": "\x00"})
    assert (response.status_code, response.content.decode().split(":")[0]) == (400, "page")


@pytest.mark.parametrize("where", ["note", "key"])
def test_a_json_hand_with_nul_is_refused_in_the_error_format(running_event, bob, where):
    hand = {**E1, "note": "bad\x00note"} if where == "note" else {**E1, "no\x00te": "x"}
    response = client_for(bob).post(API_TABLE + "hands/", json.dumps(hand), content_type="application/json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("note" if where == "note" else "no\x00te", "invalid_value")
    assert not Hand.objects.exists()


def test_an_uploaded_file_may_hold_nul_bytes(running_event, alice):
    """An XLSX is binary: only form fields are checked, the import reports the file itself."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("players.xlsx", b"PK\x03\x04\x00\x00 broken", "application/zip")
    response = client_for(alice).post("/e/ljubljana-open/manage/players/import/", {"file": upload})
    assert response.status_code in (200, 422)
    page = response.content.decode()
    # The middleware's refusal, not the bare word: a page's random CSRF token may spell "NUL" (CI met one).
    assert "contains a NUL character" not in page
    assert "The file is not a readable XLSX workbook." in page  # the import reports the file itself


def test_a_nul_escaped_inside_the_json_tab_is_refused_by_the_hand_actions(running_event, bob):
    """A form field may carry JSON text with ``\\u0000``: the middleware sees no NUL, the audited
    hand actions (tournaments/tables/hands.py) refuse it, naming the field."""
    client = client_for(bob)
    assert (
        client.post(API_TABLE + "hands/", json.dumps({"number": 1, **E1}), content_type="application/json").status_code
        == 201
    )
    body = json.dumps({**{k: v for k, v in E1.items()}, "note": "bad\x00note"})
    assert "\\u0000" in body and "\x00" not in body
    response = client.post(TABLE + "hands/1/", {"json": "1", "body": body, "version": "1", "reason": "typo"})
    assert response.status_code == 422
    assert "note: contains a NUL character" in response.content.decode()
    assert Hand.objects.get().version == 1 and "note" not in Hand.objects.get().input
