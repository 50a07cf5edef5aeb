"""One read model per table (``tournaments/tables/table_view.py``): every reader of a table shows the totals
and running totals the stored hands add up to, after a correction that moved later hands, a hand
thrown in (entered, not counted) and a deletion that renumbered the rest.

The expected numbers are summed here from the points stored with the hands (``stored_running``);
tarokk-vadasz.md §4 V1 and §1.8 give them: a game won at G = 1 (talon 3) is +1 for the declaring
side and -1 for the others, G = 2 at talon 2 and G = 3 at talon 1, and a double round started by a
hand thrown in doubles the next hands played.
"""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tournaments.documents.protocols import build
from tournaments.public import live
from tournaments.results import load as results
from tournaments.tables import hands
from tournaments.tables.table_view import table_view

from .played_table import eventful_table, page_numbers, stored_running

SLUG = "tarokk-vadasz-open"
TABLE_API = f"/api/events/{SLUG}/rounds/1/tables/1/"


@pytest.fixture
def table(alice, bob):
    return eventful_table(alice, bob)


def test_the_table_played_as_the_test_says(table):
    """Hand 2 deleted: the throw-in is hand 2 now, the two games after it doubled by its double round."""
    stored = list(table.hands.order_by("number").values_list("number", "played", "points"))
    assert [(n, played) for n, played, _p in stored] == [(1, True), (2, False), (3, True), (4, True)]
    declaring = [p for _n, _played, p in stored]
    # Hand 1 at G = 1; hand 2 thrown in: 0 each; hands 3 (G = 1) and 4 (G = 3) doubled: 2 and 6.
    assert [sorted(p.values()) for p in declaring] == [[-1, -1, 1, 1], [0, 0, 0, 0], [-2, -2, 2, 2], [-6, -6, 6, 6]]


def test_the_read_model_adds_up_the_stored_points(table):
    running = stored_running(table)
    view = table_view(table)
    assert [line.running for line in view.hands] == running
    assert view.totals == running[-1]
    assert [line.number for line in view.hands] == [1, 2, 3, 4]
    assert (view.progress.played, view.progress.entered) == (3, 4)
    assert [line.points for line in view.hands] == [
        {p: points.get(p, 0) for p in view.positions}
        for points in table.hands.order_by("number").values_list("points", flat=True)
    ]


def test_the_table_page_shows_the_stored_totals(table, bob):
    running = stored_running(table)
    for user in (bob, None):  # the referee's page and the public one
        page = page_numbers(client_for(user).get(reverse("table", args=[SLUG, 1, 1])).content.decode())
        assert page.running == [list(r.values()) for r in running]
        assert page.totals == list(running[-1].values())


def test_table_json_gives_the_stored_totals(table):
    running = stored_running(table)
    answer = json.loads(client_for(None).get(reverse("table-json", args=[SLUG, 1, 1])).content)
    assert [h["running"] for h in answer["hands"]] == running
    assert answer["totals"] == running[-1]


def test_the_api_table_detail_gives_the_stored_totals(table, bob):
    running = stored_running(table)
    answer = client_for(bob).get(TABLE_API).json()
    assert answer["totals"] == running[-1]
    assert (answer["played_hands"], len(answer["hands"])) == (3, 4)


def test_the_seat_page_and_its_api_give_the_stored_totals(table):
    running = stored_running(table)
    for position in "AD":
        page = page_numbers(client_for(None).get(reverse("table-seat", args=[SLUG, 1, 1, position])).content.decode())
        assert page.running == [list(r.values()) for r in running]
        assert page.totals == list(running[-1].values())
        answer = client_for(None).get(f"{TABLE_API}seats/{position}/").json()
        assert [h["running"] for h in answer["hands"]] == running
        assert answer["totals"] == running[-1]
        assert [s["total"] for s in answer["seats"]] == list(running[-1].values())


def test_the_protocol_gives_the_stored_totals(table):
    running = stored_running(table)
    for sheet in (build.table_protocol(table, filled=True), build.round_protocols(table.round, filled=True)[0]):
        filled = [line for line in sheet.lines if line.filled]
        assert [[c.running for c in line.cells] for line in filled] == [list(r.values()) for r in running]
        assert sheet.totals == list(running[-1].values())
        assert sheet.hands == 3


def test_the_live_payload_the_standings_and_the_confirmation_count_the_same_totals(table):
    """They sum in the database for the whole event at once (``results.table_totals``); the hand
    actions sum the stored hands (``hands.progress_of``): the same totals as the read model."""
    totals = stored_running(table)[-1]
    (row,) = [t for t in results.table_totals(table.round.tournament) if t.table_id == table.pk]
    assert row.by_position == totals
    (payload,) = live.tables_state(table.round.tournament, table.round)
    assert {s["position"]: s["total"] for s in payload["seats"]} == totals
    assert dict(hands.progress_of(table).totals) == totals == table_view(table).totals
