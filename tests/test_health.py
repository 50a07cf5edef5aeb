"""/health/ for a load balancer: JSON, no sign-in, never cached, 503 when the database is gone."""

from __future__ import annotations

from unittest import mock

from django.db import DatabaseError
from django.test import Client


def test_it_answers_ok_as_json_to_anyone_and_is_never_cached(db):
    response = Client().get("/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"] and "no-store" in response["Cache-Control"]


def test_it_answers_503_when_the_database_does_not_answer(db):
    from django.db.backends.utils import CursorWrapper

    with mock.patch.object(CursorWrapper, "execute", side_effect=DatabaseError("connection refused")):
        response = Client().get("/health/")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error"}
    assert "refused" not in response.content.decode()


def test_it_takes_only_get(db):
    assert Client().post("/health/").status_code == 405
