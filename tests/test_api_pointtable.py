"""The Laza point table through the API: create a Laza event with its table, read and
replace the table, re-scoring as on the page (tarokk-laza.md §4.2).

Values are the spec's §5.5 example table: ILLUSTRATIVE — NOT FROM THE RULES.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.scoring.examples.tarokk_laza import SPEC_VALUES as SPEC  # the spec's point table
from tests.support.api import send
from tests.support.events import start_round_one
from tournaments.events import services
from tournaments.models import AuditEntry, Hand, Tournament
from tournaments.tables import hands

SPEC_ROWS = [{"bid": b, "made": m, "failed": f, "silent": s} for b, (m, f, s) in SPEC.items()]


def create(client, **extra):
    body = {
        "name": "Szeged Laza",
        "slug": "szeged-laza",
        "variant": "tarokk-laza",
        "rounds": 3,
        "hands_per_round": 8,
        "table_size": 4,
        "is_public": True,
        **extra,
    }
    return send(client, "post", "/api/events/", body)


def test_a_laza_event_is_created_through_the_api_with_its_point_table(alice):
    response = create(client_for(alice), config={"point_table": {"version": "spec-5.5", "rows": SPEC_ROWS}})
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["variant"] == "tarokk-laza" and body["your_role"]["organizer"] is True
    tournament = Tournament.objects.get(slug="szeged-laza")
    assert tournament.config["point_table"]["rows"][1] == {"bid": "kassza", "made": 30, "failed": 10, "silent": None}
    assert tournament.organizers.filter(pk=alice.pk).exists()
    assert AuditEntry.objects.filter(action="tournament.created", tournament=tournament).exists()


def test_a_laza_event_without_a_table_starts_from_the_blank_template(alice):
    assert create(client_for(alice)).status_code == 201
    table = client_for(None).get("/api/events/szeged-laza/point-table/").json()
    assert table["version"] == "template" and len(table["rows"]) == 31
    assert all(r["made"] is None for r in table["rows"])


def test_a_bad_table_at_creation_names_the_row_and_column_and_creates_nothing(alice):
    rows = [*SPEC_ROWS[:3], {"bid": "honor", "made": -5, "failed": 10}, *SPEC_ROWS[3:], {"bid": "gem", "made": 1}]
    response = create(client_for(alice), config={"point_table": {"version": "1", "rows": rows}})
    assert response.status_code == 400
    errors = response.json()["errors"]
    fields = {e["field"] for e in errors}
    assert "config.point_table.rows[3].made" in fields  # -5 is no value
    assert "config.point_table.rows[22].bid" in fields  # gem has two rows
    assert not Tournament.objects.filter(slug="szeged-laza").exists()


def test_only_users_who_may_create_events_create_them(charlie):
    assert create(client_for(charlie)).status_code == 403
    assert create(client_for(None)).status_code == 401


@pytest.fixture
def laza(alice) -> Tournament:
    assert create(client_for(alice)).status_code == 201
    return Tournament.objects.get(slug="szeged-laza")


def put(client, slug: str, rows, *, version="2", reason="", revision=None):
    if revision is None:
        revision = client.get(f"/api/events/{slug}/point-table/").json()["revision"]
    return send(
        client,
        "put",
        f"/api/events/{slug}/point-table/",
        {"version": version, "rows": rows, "revision": revision, "reason": reason},
    )


def test_the_organizer_replaces_the_table_and_a_retry_changes_nothing(laza, alice):
    client = client_for(alice)
    revision = client.get(f"/api/events/{laza.slug}/point-table/").json()["revision"]
    first = put(client, laza.slug, SPEC_ROWS, revision=revision)
    assert first.status_code == 200, first.json()
    body = first.json()
    assert body["changed"] is True and body["version"] == "2"
    kassza = next(r for r in body["rows"] if r["bid"] == "kassza")
    assert (kassza["made"], kassza["failed"], kassza["ladder"], kassza["ladder_rank"]) == (30, 10, "game_group", 2)
    again = put(client, laza.slug, SPEC_ROWS, revision=revision)  # the same body: a retry
    assert again.status_code == 200 and again.json()["changed"] is False
    assert AuditEntry.objects.filter(action="tournament.point_table_changed").count() == 1
    stale = put(
        client, laza.slug, [{**r, "made": 99} if r["bid"] == "gem" else r for r in SPEC_ROWS], revision=revision
    )
    assert stale.status_code == 409 and stale.json()["errors"][0]["code"] == "stale_edit"


def test_a_bad_row_names_its_row_and_column_and_nothing_is_stored(laza, alice):
    rows = [*SPEC_ROWS]
    rows[1] = {**rows[1], "made": "thirty"}
    rows[2] = {**rows[2], "ladder": "game_group", "ladder_rank": 9}
    rows[3] = {**rows[3], "made": 10**30}
    response = put(client_for(alice), laza.slug, rows)
    assert response.status_code == 400
    errors = {(e["row"], e["column"]): e for e in response.json()["errors"]}
    assert (4, "made") in errors and errors[(4, "made")]["field"] == "rows[3].made"
    response = put(client_for(alice), laza.slug, rows[:3] + rows[4:])
    errors = {(e["row"], e["column"]): e for e in response.json()["errors"]}
    assert errors[(2, "made")]["message"].startswith("Row 2 (Kassza), column “made”")
    assert errors[(3, "ladder")]["message"].endswith("The rules fix the ladder of Köpf: Honőr–Trul 2.")
    laza.refresh_from_db()
    assert laza.config["point_table"]["version"] == "template"


@pytest.mark.parametrize(
    "body",
    [
        [],
        "x",
        {"version": 1, "rows": [], "revision": "r"},
        {"rows": None},
        {"version": "1", "revision": "r", "rows": [None, 5]},
        {"version": "1", "revision": "r", "rows": [{"bid": "x" * 500}]},
        {"version": "1", "revision": "r", "rows": [{"bid": "gem"}] * 300},
    ],
)
def test_malformed_bodies_answer_400(laza, alice, body):
    response = send(client_for(alice), "put", f"/api/events/{laza.slug}/point-table/", body)
    assert response.status_code == 400 and response.json()["errors"]


def test_the_public_reads_and_referees_cannot_write(laza, bob, charlie):
    services.set_referee(laza.organizers.first(), laza, "bob", [])
    assert client_for(None).get(f"/api/events/{laza.slug}/point-table/").status_code == 200
    assert put(client_for(bob), laza.slug, SPEC_ROWS).status_code == 403
    assert put(client_for(charlie), laza.slug, SPEC_ROWS).status_code == 403
    assert put(client_for(None), laza.slug, SPEC_ROWS, revision="x").status_code == 401


def test_a_put_rescores_the_hands_with_the_spec_arithmetic(laza, alice, bob):
    client = client_for(alice)
    assert put(client, laza.slug, SPEC_ROWS, version="1").status_code == 200
    laza.refresh_from_db()
    table = start_round_one(alice, laza, 4, "api")
    env = hands.next_envelope(hands.table_setup(table, laza), None)
    s = env["seats"]
    # §3.3 L3b: Gém plain made, Kassza k1 made -> 2x30 + 20 = 80; defence Trul failed -10.
    hand = hands.enter_hand(
        bob,
        table,
        {
            **env,
            "attack": {"indito": s[0], "elfogo": s[3]},
            "defence": {"elfogo": s[1], "indito": s[2]},
            "bids": {
                "attack": [{"bid": "gem", "made": True}, {"bid": "kassza", "kontra": 1, "made": True}],
                "defence": [{"bid": "trul", "made": False}],
            },
        },
    )
    assert hand.points == {s[0]: 80, s[3]: 80, s[1]: -10, s[2]: -10}

    rows = [
        {**r, "made": 45} if r["bid"] == "kassza" else {**r, "failed": 12} if r["bid"] == "trul" else r
        for r in SPEC_ROWS
    ]
    assert put(client, laza.slug, rows, version="2").status_code == 400  # no reason: refused
    response = put(client, laza.slug, rows, version="2", reason="corrected values")
    assert response.status_code == 200, response.json()
    assert response.json()["rescored"] == [{"round": 1, "table": 1, "hand": 1}]
    # 2x45 + 20 = 110; Trul failed -12.
    assert Hand.objects.get(pk=hand.pk).points == {s[0]: 110, s[3]: 110, s[1]: -12, s[2]: -12}
    entry = AuditEntry.objects.get(action="hand.rescored")
    assert entry.before["points"][s[0]] == 80 and entry.after["points"][s[0]] == 110
    assert entry.actor == alice and "corrected values" in entry.reason

    # Blank Kassza: the hand would be refused, so the whole change is, naming the hand.
    blank = [{**r, "made": None} if r["bid"] == "kassza" else r for r in rows]
    refused = put(client, laza.slug, blank, version="3", reason="oops")
    assert refused.status_code == 409
    error = refused.json()["errors"][0]
    assert (error["code"], error["round"], error["table"], error["hand"]) == ("invalidates_hand", 1, 1, 1)
    assert Hand.objects.get(pk=hand.pk).points[s[0]] == 110


def test_the_schema_documents_the_point_table(client):
    schema = client.get("/api/schema/?format=json")
    assert schema.status_code == 200
    paths = json.loads(schema.content)["paths"]
    assert {"get", "put"} <= set(paths["/api/events/{slug}/point-table/"])
    assert "post" in paths["/api/events/"]
