"""Inputs that used to answer 500 (issue 12 item 9): deep JSON anywhere, a lone UTF-16 surrogate,
a version at the integer limit. Each is refused with 400 naming the field, and nothing is stored."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tournaments.models import AuditEntry, Hand

EVENT = "/api/events/ljubljana-open/"
TABLE = EVENT + "rounds/1/tables/1/"
E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48}
DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize(
    "url",
    [
        TABLE + "hands/",
        TABLE + "preview/",
        EVENT,
        "/api/events/",
        "/api/token/",
        "/e/ljubljana-open/",
        "/nowhere/",
        "/accounts/login/",
    ],
)
def test_json_nested_a_thousand_deep_is_refused_at_any_url(running_event, bob, url):
    response = client_for(bob).post(url, DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.content.decode()


def test_a_deep_json_hand_in_the_forms_json_tab_is_refused(running_event, bob):
    before = AuditEntry.objects.count()
    response = client_for(bob).post("/e/ljubljana-open/round/1/table/1/?json=1", {"json": "1", "body": DEEP})
    assert response.status_code == 400 and "body" in response.content.decode()
    assert AuditEntry.objects.count() == before


@pytest.mark.parametrize("where", ["note", "key"])
def test_a_lone_surrogate_in_a_json_string_is_refused_naming_the_field(running_event, bob, where):
    body = json.dumps({**E1, "note": "x"})
    body = body.replace('"x"', '"a\\ud800b"') if where == "note" else body.replace('"note"', '"no\\udc00te"')
    response = client_for(bob).post(TABLE + "hands/", body, content_type="application/json")
    assert response.status_code == 400
    error = response.json()["errors"][0]
    assert error["code"] == "invalid_value" and error["field"].startswith("no")
    assert not Hand.objects.exists()


def test_a_paired_surrogate_escape_is_an_ordinary_character(running_event, bob):
    body = json.dumps({**E1, "number": 1, "note": "x"}).replace('"x"', '"\\ud83c\\udccf"')  # 🃏, escaped as JSON allows
    response = client_for(bob).post(TABLE + "hands/", body, content_type="application/json")
    assert response.status_code == 201
    assert Hand.objects.get().input["note"] == "\U0001f0cf"


@pytest.mark.parametrize("method", ["put", "delete"])
def test_a_version_at_the_integer_limit_is_refused_naming_the_field(running_event, bob, method):
    client = client_for(bob)
    first = json.dumps({**E1, "number": 1})
    assert client.post(TABLE + "hands/", first, content_type="application/json").status_code == 201
    body = {"version": 2147483647, "reason": "recount", "input": {**E1, "card_points": 40}}
    response = getattr(client, method)(TABLE + "hands/1/", json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"version"}
    assert Hand.objects.get().version == 1


# Bodies of 2.4 MB (under Django's 2.5 MB limit), sent by anyone before any sign-in is checked.
BIG = 2_400_000
BIG_BODIES = {
    "open brackets": "[" * BIG,
    "nested and closed": "[" * (BIG // 2) + "]" * (BIG // 2),
    "one level, many lists": "[" + ",".join(["[]"] * (BIG // 3)) + "]",
    "many numbers": "[" + "1," * (BIG // 2) + "1]",
    "deeper step by step": "[1," * (BIG // 4) + "1" + "]" * (BIG // 4),
    "many strings, a NUL last": "[" + '"a",' * (BIG // 4) + '"\\u0000"]',
}


@pytest.mark.parametrize("shape", BIG_BODIES)
def test_a_big_anonymous_body_of_json_is_refused_cheaply(db, shape):
    """The check runs on every JSON body before authentication: it must stop early, at C speed,
    whatever the shape (it used to walk every character and every value in Python: 0.3-2.3 s)."""
    import time

    from django.test import Client

    body = BIG_BODIES[shape].encode()
    client = Client()
    started = time.process_time()
    response = client.post("/api/token/", body, content_type="application/json")
    spent = time.process_time() - started
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "body"
    assert spent < 0.15, f"{shape}: {spent:.3f} s of CPU"


def test_a_string_holding_brackets_is_no_nesting(running_event, bob):
    note = "[" * 5000  # deeper than any document, but inside a string: text, not structure
    body = json.dumps({"number": 1, **E1, "note": note})
    response = client_for(bob).post(TABLE + "hands/", body, content_type="application/json")
    assert response.status_code != 400 or "nested" not in response.content.decode()
