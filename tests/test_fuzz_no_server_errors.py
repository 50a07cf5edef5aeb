"""Property-based fuzzing (issue 12 item 9): hypothesis-generated requests over the API and the
player import page never answer 5xx. The test client re-raises a view's exception, so a failure
shows its traceback and the shrunk example.

Bodies mix the fields our endpoints read with odd values (huge and negative numbers, lone
surrogates, NULs, deep nesting, wrong types) and raw JSON-ish text; uploads are random bytes,
CSV-like text and broken workbooks. Budget: well under a minute (the examples are fixed by the
"repeatable" profile in tests/conftest.py; HYPOTHESIS_PROFILE=explore draws new ones).
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import client_for

EVENT = "/api/events/ljubljana-open/"
TABLE = EVENT + "rounds/1/tables/1/"
ENDPOINTS = [
    ("post", TABLE + "hands/"),
    ("post", TABLE + "preview/"),
    ("put", TABLE + "hands/1/"),
    ("patch", TABLE + "hands/1/"),
    ("delete", TABLE + "hands/1/"),
    ("post", TABLE + "confirm/"),
    ("post", "/api/events/"),
    ("patch", EVENT),
    ("post", EVENT + "entries/"),
    ("post", EVENT + "rounds/"),
    ("post", EVENT + "rounds/1/close/"),
    ("post", EVENT + "entries/1/withdraw/"),
    ("post", "/api/token/"),
    ("get", TABLE),
    ("get", EVENT + "live/"),
]
FIELDS = [
    "version",
    "reason",
    "input",
    "game",
    "declarer",
    "partner",
    "called_king",
    "card_points",
    "dealer",
    "seats",
    "variant",
    "note",
    "position",
    "pin",
    "name",
    "slug",
    "rounds",
    "hands_per_round",
    "table_size",
    "club",
    "strength",
    "username",
    "password",
    "klop_points",
    "won",
    "game_kontra",
    "number",
]

ODD_STRINGS = st.sampled_from(
    [
        "",
        "A",
        "B",
        "tri",
        "klop",
        "taruk2012",
        "\x00",
        "\ud800",
        "a\udc00b",
        "x" * 300,
        "<b>",
        "١٢",
        "NaN",
        "-1",
        "1e999",
        "ß" * 50,
    ]
)
ODD_INTS = st.one_of(st.integers(-(2**63), 2**63), st.sampled_from([0, -1, 2**31 - 1, 2**31, 2**53 + 1]))
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    ODD_INTS,
    st.floats(allow_nan=False, allow_infinity=False),
    ODD_STRINGS,
    st.text(max_size=30),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4)),
    max_leaves=12,
)
BODIES = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=8).map(lambda d: json.dumps(d)),
    VALUES.map(lambda v: json.dumps(v)),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: '{"input":' * n + "1" + "}" * n),
    st.text(max_size=60),
)
CONTENT_TYPES = st.sampled_from(
    ["application/json", "application/json", "text/plain", "application/x-www-form-urlencoded"]
)

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)


@pytest.fixture
def clients(running_event, alice, bob):
    return {"alice": client_for(alice), "bob": client_for(bob), "public": client_for(None)}


@FUZZ
@given(
    endpoint=st.sampled_from(ENDPOINTS),
    who=st.sampled_from(["alice", "bob", "public"]),
    body=BODIES,
    content_type=CONTENT_TYPES,
)
def test_no_api_request_answers_a_server_error(clients, endpoint, who, body, content_type):
    method, url = endpoint
    if method == "get":
        response = clients[who].get(url, {"q": body[:100].encode("utf-8", "surrogatepass")})
    else:
        response = getattr(clients[who], method)(url, body.encode("utf-8", "surrogatepass"), content_type=content_type)
    assert response.status_code < 500, (method, url, body[:200], response.content[:300])


def _workbook(rows: list[list[str]]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    wb = Workbook()
    for row in rows:
        wb.active.append([ILLEGAL_CHARACTERS_RE.sub("", c) for c in row])
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


CELLS = st.one_of(
    st.text(max_size=20), ODD_STRINGS.filter(lambda s: "\ud800" not in s and "\udc00" not in s), ODD_INTS.map(str)
)
ROWS = st.lists(st.lists(CELLS, max_size=6), max_size=8)
CSV_TEXT = st.tuples(
    st.sampled_from(["name,club,strength", "Ime;Klub;Moč", "név\tegyesület", "x"]),
    ROWS,
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.sampled_from([",", ";", "\t"]),
).map(lambda t: t[2].join([t[0]] + [t[3].join(r) for r in t[1]]))
UPLOADS = st.one_of(
    st.tuples(st.just("p.csv"), CSV_TEXT.map(lambda s: s.encode("utf-8"))),
    st.tuples(st.just("p.csv"), CSV_TEXT.map(lambda s: s.encode("cp1250", "replace"))),
    st.tuples(st.sampled_from(["p.csv", "p.xlsx", "p.txt", "p.pdf"]), st.binary(max_size=300)),
    st.tuples(
        st.just("p.xlsx"),
        st.tuples(st.sampled_from(["Name", "név", "club"]), ROWS).map(lambda t: _workbook([[t[0]]] + t[1])),
    ),
    st.tuples(
        st.just("p.xlsx"),
        st.tuples(st.sampled_from(["Name", "név"]), ROWS, st.integers(0, 2000)).map(
            lambda t: _truncated(_workbook([[t[0]]] + t[1]), t[2])
        ),
    ),
)


def _truncated(data: bytes, at: int) -> bytes:
    return data[:at] if at < len(data) else data


@FUZZ
@given(upload=UPLOADS, confirm=st.booleans())
def test_no_player_import_answers_a_server_error(clients, upload, confirm):
    name, data = upload
    client = clients["alice"]
    response = client.post("/e/ljubljana-open/manage/players/import/", {"file": SimpleUploadedFile(name, data)})
    assert response.status_code < 500
    if confirm:
        assert client.post("/e/ljubljana-open/manage/players/import/", {"confirm": "1"}).status_code < 500
