"""The REST API: each persona against each write, the audit rows it leaves, one error
format (engine rejections, form errors, 403, 404, 409), no 500 on odd input, the
OpenAPI schema and a docs page that loads nothing from the internet, and list
endpoints whose query count does not grow with the event."""

from __future__ import annotations

import base64
import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for
from tests.support.api import EVENT, PERSONAS, errors, persona, refused, send
from tests.support.table_writers import STAFF_AT_TABLES
from tournaments.events import services
from tournaments.models import AuditEntry, Entry, Hand, Round, Seat, Tournament
from tournaments.rounds import services as rounds

TABLE = EVENT + "rounds/1/tables/{}/"
# taruk2012.md §8.1 E1 without its envelope (hand 1, dealer A at both tables of the fixture's draw).
E1 = {"game": "tri", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48}
KLOP = {"game": "klop", "klop_points": {"A": 4, "B": 36, "C": 20, "D": 10}}
# Who may write at which table (tests/support/table_writers.py), and None, the public.
TABLE_WRITERS = pytest.mark.parametrize(("name", "table", "allowed"), [*STAFF_AT_TABLES, (None, 1, False)])


def enter(client, table=1, hand=E1):
    """Enter ``hand`` as the table's next hand, with the number the API requires."""
    from tournaments.models import Hand

    number = Hand.objects.filter(table__round__number=1, table__number=table).count() + 1
    return send(client, "post", TABLE.format(table) + "hands/", {"number": number, **hand})


def audit_actions():
    return list(AuditEntry.objects.order_by("id").values_list("action", "actor__username"))


# --- reads ---------------------------------------------------------------------------


def test_the_event_list_shows_public_events_and_those_of_ones_staff(event, alice, bob, charlie):
    services.create_tournament(alice, name="Closed Cup", slug="closed-cup", variant="ulti-mausz", table_size=3)
    slugs = {
        user: [e["slug"] for e in client_for(user).get("/api/events/").json()] for user in (None, charlie, bob, alice)
    }
    assert slugs[None] == slugs[charlie] == slugs[bob] == ["ljubljana-open"]
    assert sorted(slugs[alice]) == ["closed-cup", "ljubljana-open"]


def test_the_event_detail_gives_the_format_the_variant_facts_and_ones_role(running_event, rita):
    data = client_for(rita).get(EVENT).json()
    assert (data["variant"], data["hands_per_round"], data["table_size"], data["active_entries"]) == (
        "taruk2012",
        2,
        4,
        8,
    )
    assert data["variant_facts"]["min_seats"] == 4
    assert data["variant_facts"]["players_per_hand"] == [4]
    assert data["standings_metrics"][0] == "ranking_points"
    assert data["your_role"] == {"organizer": False, "referee": True, "referee_tables": [1]}


def test_a_private_event_is_refused_to_the_public_and_to_charlie(event, bob, charlie):
    Tournament.objects.filter(pk=event.pk).update(is_public=False)
    for url in (EVENT, EVENT + "entries/", EVENT + "rounds/", EVENT + "standings/", EVENT + "live/"):
        assert client_for(None).get(url).status_code == 401  # sign in first
        assert client_for(charlie).get(url).status_code == 403
        assert client_for(bob).get(url).status_code == 200


def test_the_entries_list_the_players_without_their_pins(running_event):
    data = client_for(None).get(EVENT + "entries/").json()
    assert [e["start_number"] for e in data] == list(range(1, 9))
    assert data[0] == {
        "start_number": 1,
        "name": "Player 1",
        "club": "TK Test",
        "team": "",
        "strength": None,
        "status": "active",
        "player": Entry.objects.get(tournament=running_event, start_number=1).player_id,  # his record
    }
    assert "pin" not in json.dumps(data)


def test_rounds_show_tables_seats_byes_and_the_clock(running_event):
    (rnd,) = client_for(None).get(EVENT + "rounds/").json()
    assert (rnd["number"], rnd["status"], rnd["clock"]["running"], rnd["byes"]) == (1, "running", True, [])
    assert [t["number"] for t in rnd["tables"]] == [1, 2]
    assert [s["position"] for s in rnd["tables"][0]["seats"]] == ["A", "B", "C", "D"]
    seated = {s["start_number"] for t in rnd["tables"] for s in t["seats"]}
    assert seated == set(range(1, 9))
    assert client_for(None).get(EVENT + "rounds/1/").json() == rnd


def test_a_draft_draw_is_shown_to_organizers_only(event, alice, bob):
    for i in range(1, 9):
        services.register_player(alice, event, name=f"Player {i}")
    rounds.draw_round(alice, event)
    assert client_for(bob).get(EVENT + "rounds/").json() == []
    assert client_for(bob).get(EVENT + "rounds/1/").status_code == 403
    assert client_for(bob).get(TABLE.format(1)).status_code == 403
    assert client_for(alice).get(EVENT + "rounds/1/").json()["status"] == "draft"


def test_a_table_shows_its_hands_totals_progress_and_next_envelope(running_event, bob):
    client = client_for(bob)
    assert enter(client).status_code == 201
    data = client_for(None).get(TABLE.format(1)).json()
    assert (data["expected_hands"], data["played_hands"], data["complete"], data["confirmed"]) == (2, 1, False, False)
    assert data["totals"] == {"A": 0, "B": 25, "C": 0, "D": 15}
    (hand,) = data["hands"]
    assert hand["input"] == {"variant": "taruk2012", "seats": ["B", "C", "D", "A"], "dealer": "A", **E1}
    # The public reads the role, not the user name (tests/tournaments/test_public_names.py).
    assert (hand["version"], hand["played"], hand["entered_by"]) == (1, True, "Referee")
    assert any("= 15" in line for line in hand["breakdown"])
    assert data["next_envelopes"] == [{"variant": "taruk2012", "seats": ["C", "D", "A", "B"], "dealer": "B"}]
    assert client_for(None).get(TABLE.format(1) + "hands/").json() == data["hands"]
    assert client_for(None).get(TABLE.format(1) + "hands/1/").json() == hand


def test_the_standings_rank_the_players_by_the_hands_entered(running_event, bob):
    """The standings worked out here from the hands entered: round totals, ranking points by place
    (taruk2012.md §6), game points breaking equal ranking points (§7.7)."""
    start_number = {
        (s.table.number, s.position): s.entry.start_number
        for s in Seat.objects.filter(round__tournament=running_event).select_related("table", "entry")
    }
    e1 = {"A": 0, "B": 25, "C": 0, "D": 15}  # §8.1 E1: tri 10 + 15 difference; the partner half of 25 + 5
    client = client_for(bob)

    # One hand in: table 1's running totals count as game points; no ranking points before the
    # table is complete, and its players' lines are provisional.
    assert enter(client, 1, E1).status_code == 201
    rows = {r["start_number"]: r for r in client_for(None).get(EVENT + "standings/").json()["rows"]}
    for seat, points in e1.items():
        row = rows[start_number[1, seat]]
        assert (row["metrics"]["game_points"], row["metrics"]["ranking_points"]) == (points, 0)
        assert row["provisional"] and row["playing"]

    # Both tables play both hands: E1, then a normal klop (nobody took 35), in which each player
    # scores minus his card points rounded to 5 (§3.9: 3 -> -5, 12 -> -10, 24 -> -25, 34 -> -35).
    klop_points = {1: {"A": 3, "B": 12, "C": 31, "D": 24}, 2: {"A": 8, "B": 1, "C": 27, "D": 34}}
    klop_scores = {1: {"A": -5, "B": -10, "C": -30, "D": -25}, 2: {"A": -10, "B": 0, "C": -25, "D": -35}}
    assert enter(client, 1, {"game": "klop", "klop_points": klop_points[1]}).status_code == 201
    assert enter(client, 2, E1).status_code == 201
    assert enter(client, 2, {"game": "klop", "klop_points": klop_points[2]}).status_code == 201
    totals = {(t, seat): e1[seat] + klop_scores[t][seat] for t in (1, 2) for seat in "ABCD"}
    ranking = {}
    for t in (1, 2):  # no two totals are equal at a table: places 1 to 4 earn 2, 1.5, 1 and 0.5 (§6)
        by_total = sorted("ABCD", key=lambda seat, t=t: totals[t, seat], reverse=True)
        ranking.update({(t, seat): [2, 1.5, 1, 0.5][place] for place, seat in enumerate(by_total)})
    expected = sorted(start_number, key=lambda k: (ranking[k], totals[k]), reverse=True)

    data = client_for(None).get(EVENT + "standings/").json()
    assert data["metrics"] == ["ranking_points", "game_points", "head_to_head", "table_wins", "lot"]
    assert [r["start_number"] for r in data["rows"]] == [start_number[k] for k in expected]
    assert [r["rank"] for r in data["rows"]] == list(range(1, 9))
    for row, k in zip(data["rows"], expected, strict=True):
        assert row["metrics"]["ranking_points"] == ranking[k]
        assert row["metrics"]["game_points"] == totals[k]
        assert row["metrics"]["table_wins"] == (1 if ranking[k] == 2 else 0)
        assert row["per_round"] == [f"{ranking[k]:g}", "", "", ""]
        assert row["provisional"]  # no table is confirmed yet


def test_the_live_endpoint_answers_the_hands_entered_as_the_live_page_does(running_event, bob):
    enter(client_for(bob))
    cache.clear()
    response = client_for(None).get(EVENT + "live/")
    assert response["Cache-Control"].startswith("public, max-age=")
    data = response.json()
    assert (data["round"]["round"], data["round"]["running"]) == (1, True)
    one, two = data["tables"]
    # Table 1 has played E1, one of its two hands: its seats hold E1's points, no ranking points yet.
    assert (one["number"], one["hands"], one["expected"], one["complete"]) == (1, 1, 2, False)
    assert {s["position"]: s["total"] for s in one["seats"]} == {"A": 0, "B": 25, "C": 0, "D": 15}
    assert [s["ranking_points"] for s in one["seats"]] == [None] * 4
    assert (two["number"], two["hands"], [s["total"] for s in two["seats"]]) == (2, 0, [0] * 4)
    assert [(r["game_points"], r["provisional"]) for r in data["standings"][:2]] == [(25, True), (15, True)]
    # The standings and hall pages poll live.json: the same answer (but for the clock's tick).
    page = client_for(None).get(f"/e/{running_event.slug}/live.json").json()
    for answer in (data, page):
        answer["round"].pop("remaining"), answer["round"].pop("remaining_seconds")
    assert data == page


# --- writes: who may do what -----------------------------------------------------------


@TABLE_WRITERS
def test_who_may_enter_hands_where(running_event, charlie, request, name, table, allowed):
    response = enter(persona(request, name), table=table)
    assert response.status_code == (201 if allowed else refused(name))
    if name is None:
        assert response["WWW-Authenticate"] == "Token"
        assert response.json()["errors"][0]["message"] == "Authentication credentials were not provided."
    assert Hand.objects.filter(table__number=table).exists() == allowed
    if allowed:
        assert response.json()["points"] == {"A": 0, "B": 25, "C": 0, "D": 15}  # E1
        assert audit_actions()[-1] == ("hand.entered", name)
    else:
        assert "errors" in response.json()
        assert not AuditEntry.objects.filter(action="hand.entered").exists()


@TABLE_WRITERS
def test_who_may_preview_and_that_a_preview_stores_nothing(running_event, charlie, request, name, table, allowed):
    before = AuditEntry.objects.count()
    response = send(persona(request, name), "post", TABLE.format(table) + "preview/", E1)
    assert response.status_code == (200 if allowed else refused(name))
    if allowed:
        assert response.json()["points"] == {"A": 0, "B": 25, "C": 0, "D": 15}
        assert "(25 + 5) / 2 = 15" in "\n".join(response.json()["breakdown"])
    assert not Hand.objects.exists()
    assert AuditEntry.objects.count() == before


@TABLE_WRITERS
def test_who_may_correct_a_hand(running_event, bob, charlie, request, name, table, allowed):
    enter(client_for(bob), table=table)
    response = send(
        persona(request, name),
        "put",
        TABLE.format(table) + "hands/1/",
        {"version": 1, "reason": "recounted", "input": {**E1, "card_points": 30}},
    )
    assert response.status_code == (200 if allowed else refused(name))
    hand = Hand.objects.get(table__number=table)
    assert hand.input["card_points"] == (30 if allowed else 48)
    assert AuditEntry.objects.filter(action="hand.corrected").exists() == allowed
    if allowed:
        # 30 < 36: lost; G = -10 - 5 = -15; partner D half of -15 = -(15 + 5) / 2 = -10 (as the page test).
        assert response.json()["points"] == {"A": 0, "B": -15, "C": 0, "D": -10}
        assert response.json()["version"] == 2
        audit = AuditEntry.objects.get(action="hand.corrected")
        assert (audit.actor.username, audit.reason) == (name, "recounted")
        assert (audit.before["input"]["card_points"], audit.after["input"]["card_points"]) == (48, 30)


@TABLE_WRITERS
def test_who_may_delete_a_hand(running_event, bob, charlie, request, name, table, allowed):
    enter(client_for(bob), table=table)
    response = send(
        persona(request, name), "delete", TABLE.format(table) + "hands/1/", {"version": 1, "reason": "entered twice"}
    )
    assert response.status_code == (204 if allowed else refused(name))
    assert Hand.objects.filter(table__number=table).exists() != allowed
    deleted = AuditEntry.objects.filter(action="hand.deleted").first()
    assert (deleted is not None) == allowed
    if allowed:
        assert (deleted.actor.username, deleted.reason, deleted.before["input"]["card_points"]) == (
            name,
            "entered twice",
            48,
        )


def _complete(table_no, client):
    """Play the fixture's two hands at a table: E1, then a klop dealt by B."""
    assert enter(client, table=table_no).status_code == 201
    assert enter(client, table=table_no, hand=KLOP).status_code == 201


@TABLE_WRITERS
def test_who_may_take_a_players_confirmation(running_event, bob, charlie, request, name, table, allowed):
    _complete(table, client_for(bob))
    seat = Seat.objects.select_related("entry").get(table__number=table, round__number=1, position="A")
    response = send(
        persona(request, name), "post", TABLE.format(table) + "confirm/", {"position": "A", "pin": seat.entry.pin}
    )
    assert response.status_code == (200 if allowed else refused(name))
    assert seat.table.confirmations.exists() == allowed
    assert AuditEntry.objects.filter(action="table.confirmed_by_player").exists() == allowed
    if allowed:
        data = response.json()
        assert (data["position"], data["start_number"], data["table_confirmed"]) == (
            "A",
            seat.entry.start_number,
            False,
        )
        assert data["totals"] == client_for(None).get(TABLE.format(table)).json()["totals"]


def test_every_players_confirmation_confirms_the_table(running_event, bob):
    client = client_for(bob)
    _complete(1, client)
    for seat in Seat.objects.select_related("entry").filter(table__number=1, round__number=1):
        response = send(
            client, "post", TABLE.format(1) + "confirm/", {"position": seat.position, "pin": seat.entry.pin}
        )
    assert response.json()["table_confirmed"] is True
    assert client_for(None).get(TABLE.format(1)).json()["confirmed"] is True


def _organizer_actions(event, alice):
    """Per organizer action: how to bring the event to where it is possible, then the request
    and the audit action it writes."""

    def players():
        for i in range(1, 9):
            services.register_player(alice, event, name=f"Player {i}")

    def drawn():
        players()
        return rounds.draw_round(alice, event)

    def published():
        rounds.publish_draw(alice, drawn())

    def running():
        rnd = drawn()
        rounds.publish_draw(alice, rnd)
        rounds.start_clock(alice, rnd)

    def withdrawn():
        players()
        services.set_entry_status(alice, Entry.objects.get(tournament=event, start_number=3), "withdrawn")

    return {
        "register": (lambda: None, EVENT + "entries/", {"name": "Ana", "club": "TK Koper"}, "entry.created"),
        "withdraw": (players, EVENT + "entries/3/withdraw/", {"reason": "ill"}, "entry.withdrawn"),
        "reinstate": (withdrawn, EVENT + "entries/3/reinstate/", {}, "entry.active"),
        "draw": (players, EVENT + "rounds/", {"seed": "abc"}, "round.drawn"),
        "publish": (drawn, EVENT + "rounds/1/publish/", None, "round.published"),
        "start": (published, EVENT + "rounds/1/start/", None, "round.clock_started"),
        "pause": (running, EVENT + "rounds/1/pause/", None, "round.clock_paused"),
        "close": (running, EVENT + "rounds/1/close/", {"override": True, "reason": "test"}, "round.closed"),
    }


@pytest.mark.parametrize("action", ["register", "withdraw", "reinstate", "draw", "publish", "start", "pause", "close"])
@pytest.mark.parametrize("name", PERSONAS)
def test_only_organizers_run_the_event(event, alice, charlie, request, action, name):
    prepare, url, body, audited = _organizer_actions(event, alice)[action]
    prepare()
    before = AuditEntry.objects.count()
    response = send(persona(request, name), "post", url, body)
    if name == "alice":
        assert response.status_code in (200, 201), response.json()
        assert AuditEntry.objects.count() == before + 1
        assert audit_actions()[-1] == (audited, "alice")
    else:
        # A draft draw is hidden from everyone but organizers, so publishing it is refused either way.
        assert response.status_code == refused(name)
        assert AuditEntry.objects.count() == before


def test_registering_returns_the_entry_and_withdrawing_changes_its_status(event, alice):
    client = client_for(alice)
    response = send(client, "post", EVENT + "entries/", {"name": "Ana", "federation_id": "SLO-1", "strength": 3})
    assert response.status_code == 201
    assert response.json() == {
        "start_number": 1,
        "name": "Ana",
        "club": "",
        "team": "",
        "strength": 3,
        "status": "active",
        "player": Entry.objects.get(tournament=event, start_number=1).player_id,
    }
    assert send(client, "post", EVENT + "entries/1/withdraw/", {}).json()["status"] == "withdrawn"
    assert send(client, "post", EVENT + "entries/1/reinstate/", {}).json()["status"] == "active"
    assert send(client, "post", EVENT + "entries/1/retire/", {}).status_code == 404


def test_the_round_lifecycle_answers_the_round(event, alice):
    client = client_for(alice)
    for i in range(1, 9):
        services.register_player(alice, event, name=f"Player {i}")
    drawn = send(client, "post", EVENT + "rounds/", {"seed": "abc", "method": "strength"})
    assert drawn.status_code == 201
    assert (drawn.json()["number"], drawn.json()["status"], drawn.json()["seed"]) == (1, "draft", "abc")
    assert send(client, "post", EVENT + "rounds/1/publish/").json()["status"] == "seated"
    started = send(client, "post", EVENT + "rounds/1/start/").json()
    assert (started["status"], started["clock"]["running"]) == ("running", True)
    assert send(client, "post", EVENT + "rounds/1/pause/").json()["clock"]["running"] is False
    closed = send(client, "post", EVENT + "rounds/1/close/", {"override": True, "reason": "test"})
    assert closed.json()["status"] == "closed"


# --- audit rows ----------------------------------------------------------------------------


def test_hand_writes_through_the_api_leave_their_audit_rows(running_event, bob):
    client = client_for(bob)
    enter(client)
    enter(client, hand=KLOP)
    send(
        client,
        "patch",
        TABLE.format(1) + "hands/1/",
        {"version": 1, "reason": "recounted", "input": {"card_points": 30}},
    )
    send(client, "delete", TABLE.format(1) + "hands/2/", {"version": 1, "reason": "not played"})
    actions = [a for a in audit_actions() if a[0].startswith("hand.")]
    assert actions == [
        ("hand.entered", "bob"),
        ("hand.entered", "bob"),
        ("hand.corrected", "bob"),
        ("hand.deleted", "bob"),
    ]
    assert Hand.objects.get().input == {
        "variant": "taruk2012",
        "seats": ["B", "C", "D", "A"],
        "dealer": "A",
        **E1,
        "card_points": 30,
    }


def test_a_patch_changes_only_the_fields_it_names_and_rescores_later_hands(running_event, bob):
    client = client_for(bob)
    enter(client)
    enter(client, hand=KLOP)
    response = send(
        client,
        "patch",
        TABLE.format(1) + "hands/1/",
        {"version": 1, "reason": "recounted", "input": {"card_points": 30}},
    )
    assert response.status_code == 200
    assert response.json()["input"]["called_king"] == "hearts"
    assert response.json()["points"] == {"A": 0, "B": -15, "C": 0, "D": -10}


def test_a_delete_may_give_version_and_reason_as_query_parameters(running_event, bob):
    client = client_for(bob)
    enter(client)
    assert client.delete(TABLE.format(1) + "hands/1/?version=1&reason=twice").status_code == 204
    assert not Hand.objects.exists()


def test_basic_authentication_works_for_writes(running_event, bob):
    client = Client(HTTP_AUTHORIZATION="Basic " + base64.b64encode(b"bob:bob-password").decode())
    assert enter(client).status_code == 201
    assert AuditEntry.objects.filter(action="hand.entered", actor=bob).exists()


def test_a_script_gets_a_token_for_its_password_and_writes_with_it(running_event, bob):
    refused = Client().post("/api/token/", {"username": "bob", "password": "wrong"})
    assert refused.status_code == 400
    token = Client().post("/api/token/", {"username": "bob", "password": "bob-password"}).json()["token"]
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    assert enter(client).status_code == 201
    assert AuditEntry.objects.filter(action="hand.entered", actor=bob).exists()
    forged = enter(Client(HTTP_AUTHORIZATION="Token not-a-key"))
    assert forged.status_code == 401
    assert forged["WWW-Authenticate"] == "Token"
    assert forged.json()["errors"][0]["message"] == "Invalid token."
    assert Hand.objects.count() == 1


def test_a_session_write_needs_the_csrf_token(running_event, bob):
    client = Client(enforce_csrf_checks=True)
    client.force_login(bob)
    response = enter(client)
    assert response.status_code == 403
    assert "CSRF" in response.json()["errors"][0]["message"]
    assert not Hand.objects.exists()


# --- errors --------------------------------------------------------------------------------


def test_an_engine_rejection_answers_the_hand_format_errors_and_stores_nothing(running_event, bob):
    before = AuditEntry.objects.count()
    response = enter(client_for(bob), hand={**E1, "declarer": "C", "card_points": 71})
    assert response.status_code == 400
    body = response.json()
    assert body["hand"] == 1
    assert all(set(e) == {"field", "code", "message"} for e in body["errors"])
    fields = {e["field"]: e for e in body["errors"]}
    assert "forehand" in fields["declarer"]["message"]
    assert fields["card_points"]["code"] == "out_of_range"
    assert not Hand.objects.exists()
    assert AuditEntry.objects.count() == before


def test_an_envelope_that_does_not_match_the_table_is_rejected(running_event, bob):
    response = enter(client_for(bob), hand={**E1, "dealer": "C"})
    assert response.status_code == 400
    assert ("dealer", "inconsistent") in errors(response)


def test_a_stale_correction_answers_409_and_keeps_the_newer_hand(running_event, alice, bob):
    enter(client_for(bob))
    first = send(
        client_for(alice),
        "patch",
        TABLE.format(1) + "hands/1/",
        {"version": 1, "reason": "a", "input": {"card_points": 30}},
    )
    assert first.status_code == 200
    stale = send(
        client_for(bob),
        "put",
        TABLE.format(1) + "hands/1/",
        {"version": 1, "reason": "b", "input": {**E1, "card_points": 60}},
    )
    assert stale.status_code == 409
    assert errors(stale) == {("version", "stale_edit")}
    assert "changed by someone else" in stale.json()["errors"][0]["message"]
    assert Hand.objects.get().input["card_points"] == 30
    stale_delete = send(client_for(bob), "delete", TABLE.format(1) + "hands/1/", {"version": 1, "reason": "c"})
    assert stale_delete.status_code == 409
    assert Hand.objects.exists()


def test_hands_after_the_last_or_in_a_closed_round_answer_409(running_event, alice, bob):
    client = client_for(bob)
    _complete(1, client)
    response = enter(client, hand=E1)
    assert response.status_code == 409
    assert errors(response) == {("", "not_open")}
    rounds.close_round(alice, Round.objects.get(tournament=running_event, number=1), override=True, reason="t")
    response = enter(client, table=2)
    assert response.status_code == 409
    assert "not running" in response.json()["errors"][0]["message"]


def test_an_actions_validation_error_answers_400_naming_the_field(running_event, alice):
    client = client_for(alice)
    response = send(client, "post", EVENT + "rounds/1/publish/")
    assert response.status_code == 400
    assert errors(response) == {("status", "invalid")}
    services.register_player(alice, running_event, name="Ana", federation_id="SLO-7")
    response = send(client, "post", EVENT + "entries/", {"name": "Ana", "federation_id": "SLO-7"})
    assert (response.status_code, errors(response)) == (400, {("federation_id", "invalid")})


def test_a_wrong_pin_or_an_empty_seat_names_the_field(running_event, bob):
    client = client_for(bob)
    _complete(1, client)
    wrong = send(client, "post", TABLE.format(1) + "confirm/", {"position": "A", "pin": "no"})
    assert (wrong.status_code, errors(wrong)) == (400, {("pin", "wrong_pin")})
    empty = send(client, "post", TABLE.format(1) + "confirm/", {"position": "E", "pin": "1234"})
    assert (empty.status_code, errors(empty)) == (400, {("position", "wrong_pin")})
    assert not AuditEntry.objects.filter(action__startswith="table.confirmed").exists()


def test_missing_things_answer_404_in_the_same_format(running_event):
    public = client_for(None)
    for url in (
        "/api/events/nope/",
        EVENT + "rounds/9/",
        TABLE.format(9),
        TABLE.format(1) + "hands/1/",
        TABLE.format(1) + f"hands/{10**30}/",
    ):
        response = public.get(url)
        assert response.status_code == 404, url
        assert errors(response) == {("", "not_found")}


HAND = TABLE.format(1) + "hands/1/"


@pytest.mark.parametrize(
    ("method", "url", "body", "field"),
    [
        ("post", TABLE.format(1) + "hands/", "{not json", ""),
        ("post", TABLE.format(1) + "hands/", "[1, 2]", ""),
        ("post", TABLE.format(1) + "hands/", '"a string"', ""),
        ("post", TABLE.format(1) + "hands/", {"number": 1, **E1, "card_points": "lots"}, "card_points"),
        ("post", TABLE.format(1) + "hands/", {"number": 1, **E1, "card_points": [48]}, "card_points"),
        ("post", TABLE.format(1) + "hands/", {"number": 1, **E1, "bonuses": "many"}, "bonuses"),
        ("post", TABLE.format(1) + "hands/", {"number": 1, **E1, "bonuses": [None, 3]}, "bonuses[0]"),
        ("post", TABLE.format(1) + "hands/", {"number": 1, **E1, "seats": "BCDA"}, "seats"),
        ("post", TABLE.format(1) + "hands/", {"number": 1, **E1, "card_points": 10**30}, "card_points"),
        ("post", TABLE.format(1) + "preview/", "{", ""),
        ("post", TABLE.format(1) + "preview/", [E1], ""),
        ("post", TABLE.format(1) + "preview/?hand=x", E1, "hand"),
        ("post", TABLE.format(1) + "preview/", {**E1, "declarer": {"seat": "B"}}, "declarer"),
        ("put", HAND, {"version": "one", "reason": "r", "input": E1}, "version"),
        ("put", HAND, {"version": 10**30, "reason": "r", "input": E1}, "version"),
        ("put", HAND, {"version": 1, "reason": "r", "input": [E1]}, "input"),
        ("put", HAND, {"version": 1, "reason": "  ", "input": E1}, "reason"),
        ("put", HAND, {"version": 1, "input": E1}, "reason"),
        ("put", HAND, [1], ""),
        ("patch", HAND, {"version": 1, "reason": "r", "input": {"card_points": None}}, "card_points"),
        ("patch", HAND, {"version": True, "reason": "r", "input": {}}, "version"),
        ("delete", HAND, {"version": -1, "reason": "r"}, "version"),
        ("delete", HAND, "null", "version"),
        ("post", TABLE.format(1) + "confirm/", {"position": "Z", "pin": "1"}, "position"),
        ("post", TABLE.format(1) + "confirm/", {"position": "A", "pin": ["1"]}, "pin"),
        ("post", EVENT + "entries/", {"name": ""}, "name"),
        ("post", EVENT + "entries/", {"name": "x" * 500}, "name"),
        ("post", EVENT + "entries/", {"name": "Ana", "strength": "strong"}, "strength"),
        ("post", EVENT + "entries/", {"name": "Ana", "start_number": 10**30}, "start_number"),
        ("post", EVENT + "entries/", {"name": "Ana", "start_number": 1}, "start_number"),
        ("post", EVENT + "entries/", "[]", ""),
        ("post", EVENT + "entries/1/withdraw/", {"reason": {"why": 1}}, "reason"),
        ("post", EVENT + "rounds/", {"method": "bogus"}, "method"),
        ("post", EVENT + "rounds/", {"confirm_redraw": "perhaps"}, "confirm_redraw"),
        ("post", EVENT + "rounds/", {"seed": "s" * 100}, "seed"),
        ("post", EVENT + "rounds/", {}, "status"),  # round 1 is running: the action refuses
    ],
)
def test_odd_input_answers_400_naming_the_field_never_500(running_event, alice, method, url, body, field):
    client = client_for(alice)
    if method != "post":
        assert enter(client).status_code == 201
    raw = body if isinstance(body, str) else json.dumps(body)
    before = AuditEntry.objects.count()
    response = getattr(client, method)(url, data=raw, content_type="application/json")
    assert response.status_code == 400, response.content
    assert field in {e["field"] for e in response.json()["errors"]}
    assert AuditEntry.objects.count() == before


def test_a_form_encoded_body_answers_415(running_event, bob):
    response = client_for(bob).post(TABLE.format(1) + "hands/", {"game": "tri"})
    assert response.status_code == 415
    assert errors(response) == {("", "unsupported_media_type")}


def test_an_unknown_method_answers_405(running_event, bob):
    response = client_for(bob).put(EVENT + "standings/", data="{}", content_type="application/json")
    assert (response.status_code, errors(response)) == (405, {("", "method_not_allowed")})


# --- schema and docs ---------------------------------------------------------------------


def test_the_schema_describes_the_api(db):
    response = Client().get("/api/schema/?format=json")
    assert response.status_code == 200
    schema = json.loads(response.content)
    hands = schema["paths"]["/api/events/{slug}/rounds/{number}/tables/{table_no}/hands/{hand_no}/"]
    assert set(hands) >= {"get", "put", "patch", "delete"}
    assert set(hands["put"]["responses"]) >= {"200", "400", "403", "404", "409"}
    assert schema["components"]["schemas"]["Error"]["properties"]["errors"]["type"] == "array"
    assert {"basicAuth", "cookieAuth", "tokenAuth"} <= set(schema["components"]["securitySchemes"])


def test_the_docs_page_loads_nothing_from_the_internet(db):
    response = Client().get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui-bundle.js" in html
    # Every address in the page is on this site: no scheme, no other host, no CDN.
    assert not re.findall(r"(?:https?:)?//[\w.-]+\.\w+", html), re.findall(r"(?:https?:)?//[\w.-]+\.\w+", html)
    assert "cdn" not in html.lower()
    # The start-up script is a file (the Content-Security-Policy allows no inline script).
    script = Client().get("/api/docs/?script=")
    assert script.status_code == 200 and "javascript" in script["Content-Type"]
    assert '"validatorUrl": null' in script.content.decode()  # the validator badge would come from the internet
    for src in re.findall(r'(?:src|href)="/static/([^"]+)"', html):
        assert finders.find(src), src


# --- cost ------------------------------------------------------------------------------------


def _queries(client, url) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


def _grow(event, alice, bob):
    """More hands, players, rounds and events: round 1 played out and closed, round 2 running."""
    client = client_for(bob)
    enter(client, hand=KLOP)  # table 1's second hand (B deals)
    _complete(2, client)
    for i in range(4):
        services.register_player(alice, event, name=f"Late {i}", club="TK Late")
    rnd = Round.objects.get(tournament=event, number=1)
    rounds.close_round(alice, rnd, override=True, reason="unconfirmed")
    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    assert send(client, "post", EVENT + "rounds/2/tables/1/hands/", {"number": 1, **KLOP}).status_code == 201
    services.create_tournament(alice, name="Second", slug="second", variant="taruk2012", is_public=True)


@pytest.mark.parametrize(
    "url",
    [
        "/api/events/",
        EVENT,
        EVENT + "entries/",
        EVENT + "rounds/",
        EVENT + "rounds/1/",
        TABLE.format(1),
        TABLE.format(1) + "hands/",
        EVENT + "standings/",
        EVENT + "live/",
    ],
)
def test_list_cost_does_not_grow_with_the_event(running_event, alice, bob, url):
    client = client_for(bob)
    assert enter(client).status_code == 201
    small = _queries(client, url)
    _grow(running_event, alice, bob)
    assert Round.objects.filter(tournament=running_event).count() == 2
    # Not more; the table page needs one query less once its table is complete (no next envelope).
    assert _queries(client, url) <= small
