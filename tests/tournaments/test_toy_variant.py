"""A sixth variant is one package and one registry line (issue 13).

``tests/toy_variant/`` declares a made-up game the way the five real variants are declared
(rules, table plan, standing rules, protocol layout, hand form); the test adds it to the registry
with one line and runs an event of it through the site as its people would: the organizer creates
it on the event form, the draw seats it from its plan, a referee enters hands on the table page's
form, and the standings page, the protocol and the API show what the test works out by hand. No
module of the site knows the key "toy", so anything that branched on the five keys fails here.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import load_workbook

from scoring.registry import VARIANTS
from tests import toy_variant
from tests.conftest import client_for
from tests.html_forms import form_with, submit
from tests.tournaments.variant_tables import post_hand
from tournaments.documents import exports
from tournaments.documents.protocols import build
from tournaments.events import services
from tournaments.models import AuditEntry, Hand, Table, Tournament
from tournaments.rounds import services as rounds

# (winner, stake) per hand at each table; the winner scores 2 x stake, the two others -stake.
HANDS = [("A", 3), ("B", 5), ("A", 2)]


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(VARIANTS, "toy", toy_variant.VARIANT)  # the one registry line


def test_an_event_of_a_new_variant_runs_from_its_package_alone(toy, alice, bob):
    organizer = client_for(alice)
    response = submit(
        organizer,
        reverse("tournament-create") + "?variant=toy",
        "name",
        {"name": "Toy cup", "slug": "toy-cup", "variant": "toy", "hands_per_round": "3", "table_size": "3"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Tournament.objects.get(slug="toy-cup")
    assert event.variant == "toy"
    event.is_public = True
    event.save(update_fields=["is_public"])
    tables = round_one(event, alice, players=6)
    assert [t.seats.count() for t in tables] == [3, 3]  # the plan seats threes

    referee = client_for(bob)
    for table in tables:
        for winner, stake in HANDS:
            response = post_hand(referee, table, {"winner": winner, "stake": str(stake)})
            assert response.status_code in (200, 302), response.content.decode()[:2000]
    # A: 2*3 - 5 + 2*2 = 5; B: -3 + 2*5 - 2 = 5; C: -3 - 5 - 2 = -10 at each table.
    for table in tables:
        stored = {h.number: h.points for h in Hand.objects.filter(table=table)}
        assert stored == {
            1: {"A": 6, "B": -3, "C": -3},
            2: {"A": -5, "B": 10, "C": -5},
            3: {"A": 4, "B": -2, "C": -2},
        }

    # The protocol: the toy's own columns and rows.
    sheet = build.table_protocol(tables[0], filled=True)
    assert "Winner" in [str(c) for c in sheet.columns]
    assert [(line.text.declarer, line.text.details) for line in sheet.lines if line.filled] == [
        ("A", "x3"),
        ("B", "x5"),
        ("A", "x2"),
    ]

    # Standings: A and B tie at each table (5 each) and share 3 and 2 -> 2.5; C gets 1 (3/2/1).
    api = client_for(None).get(f"/api/events/{event.slug}/standings/")
    assert api.status_code == 200
    rows = api.json()["rows"]
    by_points = sorted((r["metrics"]["ranking_points"], r["metrics"]["game_points"]) for r in rows)
    assert by_points == [(1.0, -10.0), (1.0, -10.0), (2.5, 5.0), (2.5, 5.0), (2.5, 5.0), (2.5, 5.0)]
    page = client_for(None).get(reverse("standings", args=[event.slug]))
    assert page.status_code == 200
    assert "Player 0" in page.content.decode()


def round_one(event: Tournament, alice, players: int) -> list[Table]:
    """Round 1 of ``event`` with ``players`` players, drawn, published and started, bob refereeing every
    table: its tables in order."""
    services.set_referee(alice, event, "bob", [])
    for i in range(players):
        services.register_player(alice, event, name=f"Player {i}")
    rnd = rounds.draw_round(alice, event, seed="toy")
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return list(Table.objects.filter(round=rnd).order_by("number"))


def played_table(event: Tournament, alice, bob) -> Table:
    """Three players at the one table of round 1, bob refereeing; ``HANDS`` entered on the table page."""
    [table] = round_one(event, alice, players=3)
    for winner, stake in HANDS:
        assert post_hand(client_for(bob), table, {"winner": winner, "stake": str(stake)}).status_code in (200, 302)
    return table


def test_a_new_variants_event_configuration_runs_through_the_one_editor_the_files_and_the_api(toy, alice, bob):
    """The toy declares a two-column table (``tests/toy_variant/config_table.py``: what each loser pays
    at each stake); the site's one editor, CSV codec, API and re-scoring serve it without naming it."""
    organizer = client_for(alice)
    fields = {"name": "Toy cup", "slug": "toy-cup", "variant": "toy", "hands_per_round": "3", "table_size": "3"}
    assert submit(organizer, reverse("tournament-create") + "?variant=toy", "name", fields).status_code == 302
    event = Tournament.objects.get(slug="toy-cup")
    # A new event starts from the variant's blank template: each loser pays the stake.
    assert event.config == {
        "stakes": {"version": "template", "rows": [{"stake": s, "points": s} for s in range(1, 11)]}
    }
    table = played_table(event, alice, bob)

    def points() -> dict[int, dict[str, int]]:
        return {h.number: h.points for h in Hand.objects.filter(table=table)}

    assert points() == {1: {"A": 6, "B": -3, "C": -3}, 2: {"A": -5, "B": 10, "C": -5}, 3: {"A": 4, "B": -2, "C": -2}}
    # The event page names the table by the variant's words; Laza's word is not the toy's.
    html = organizer.get(reverse("tournament", args=[event.slug])).content.decode()
    assert "Stakes" in html and "/e/toy-cup/stakes/" in html and "/manage/stakes/" in html
    assert organizer.get("/e/toy-cup/point-table/").status_code == 404

    # The editor page: stake 3 pays 4 (row 3 of the form). Hand 1 (A won at 3): A 2 x 4 = 8, B and C -4.
    editor = "/e/toy-cup/manage/stakes/"
    page = organizer.get(editor)
    form = form_with(page.content, "r-2-points")
    assert (form.fields["r-2-stake"], form.fields["r-2-points"]) == ("3", "3")
    data = form.data(**{"r-2-points": "4", "t-version": "house", "t-reason": "house rules"})
    assert organizer.post(editor, {**data, "save": "1"}).status_code == 302
    assert points()[1] == {"A": 8, "B": -4, "C": -4}
    assert AuditEntry.objects.filter(action="tournament.stakes_changed", reason="house rules").exists()
    # A bad cell names its row and column, and nothing is stored.
    page = organizer.get(editor)
    bad = form_with(page.content, "r-0-points").data(**{"r-0-points": "lots", "t-version": "x", "t-reason": "r"})
    refused = organizer.post(editor, {**bad, "save": "1"})
    assert refused.status_code == 400
    assert "Row 1 (1), column “points”: “lots” is not a whole number." in refused.content.decode()

    # The CSV round trip: the page's column names; stake 5 pays 7. Hand 2 (B won at 5): B 14, A and C -7.
    download = organizer.get("/e/toy-cup/stakes.csv")
    lines = list(csv.reader(io.StringIO(download.content.decode("utf-8-sig"))))
    assert lines[0] == ["stake", "points"] and lines[3] == ["3", "4"]
    lines[5] = ["5", "7"]
    out = io.StringIO()
    csv.writer(out).writerows(lines)
    page = organizer.get(editor)
    upload = form_with(page.content, "u-file")
    data = upload.data(**{"u-file": SimpleUploadedFile("stakes.csv", out.getvalue().encode()), "u-version": "file"})
    assert organizer.post(upload.action, {**data, "u-reason": "the file"}).status_code == 302
    assert points()[2] == {"A": -7, "B": 14, "C": -7}

    # The API: read, and replace (stake 2 pays 3: hand 3, A won at 2: A 6, B and C -3).
    api = "/api/events/toy-cup/stakes/"
    body = organizer.get(api).json()
    assert body["version"] == "file" and body["rows"][2:5] == [
        {"stake": 3, "points": 4},
        {"stake": 4, "points": 4},
        {"stake": 5, "points": 7},
    ]
    rows = [{**r, "points": 3} if r["stake"] == 2 else r for r in body["rows"]]
    put = {"version": "api", "revision": body["revision"], "reason": "by script", "rows": rows}
    answer = organizer.put(api, json.dumps(put), content_type="application/json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["changed"] is True and answer.json()["rescored"] == [{"round": 1, "table": 1, "hand": 3}]
    assert points() == {1: {"A": 8, "B": -4, "C": -4}, 2: {"A": -7, "B": 14, "C": -7}, 3: {"A": 6, "B": -3, "C": -3}}
    wrong = {**put, "revision": answer.json()["revision"], "rows": [*rows[:9], {"stake": 11, "points": 1}]}
    refused = organizer.put(api, json.dumps(wrong), content_type="application/json")
    assert refused.status_code == 400 and refused.json()["errors"][0]["field"] == "rows[9].stake"
    schema = organizer.get("/api/schema/?format=json").json()["paths"]["/api/events/{slug}/stakes/"]
    assert (schema["get"]["operationId"], schema["put"]["operationId"]) == ("stakes", "stakes_replace")


def test_a_new_variant_marks_its_seats_on_the_protocol_and_in_the_export(toy, alice, bob):
    """The toy's sheet marks each hand's winner (``ProtocolLayout.seat_marks`` over its own state): the
    protocol and the hands export read the declaration, as they read Taruk's radelci."""
    event = services.create_tournament(
        alice, name="Toy cup", slug="toy-cup", variant="toy", hands_per_round=3, table_size=3, is_public=True
    )
    table = played_table(event, alice, bob)
    sheet = build.table_protocol(table, filled=True)
    assert (sheet.mark_symbol, str(sheet.mark_legend)) == ("★", "won the hand")
    # A won hands 1 and 3, B hand 2: their cells carry the star.
    assert [[c.text.endswith("★") for c in line.cells] for line in sheet.lines if line.filled] == [
        [True, False, False],
        [False, True, False],
        [True, False, False],
    ]
    ws = load_workbook(io.BytesIO(exports.hands_workbook(event))).worksheets[0]
    header = [c.value for c in ws[1]]
    assert [row[header.index("won the hand")] for row in ws.iter_rows(min_row=2, values_only=True)] == ["A", "B", "A"]
