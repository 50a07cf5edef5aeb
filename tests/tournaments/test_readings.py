"""The organizer's readings of the rules (taruk2012.md §4.5): chosen on the event form, switched
mid-event through the standings diff, printed, and in the API."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for
from tests.html_forms import form_with, submit
from tests.support.events import confirm_table, seated_event
from tournaments.models import AuditEntry, Confirmation, Hand, Table, Tournament
from tournaments.readings.rescore import set_readings
from tournaments.results.load import event_standings
from tournaments.tables import confirmations, hands

NAMES = {"A": "Ana", "B": "Bor", "C": "Cene", "D": "Dana"}

# §4.5's sequence (seats A-D, A deals first): the hands as the referee enters them.
SEQUENCE = [
    {"game": "klop", "klop_points": {"A": 13, "B": 24, "C": 31, "D": 2}},
    {"game": "dve", "declarer": "B", "called_king": "hearts", "partner": "D", "card_points": 48},
    {"game": "solo_tri", "declarer": "C", "card_points": 30},
    {"game": "berac", "declarer": "A", "won": True},
    {"game": "dve", "declarer": "D", "called_king": "spades", "partner": "A", "card_points": 40},
]
# holder_plays: the points column of §4.5's table.
HOLDER_PLAYS = [
    {"A": -15, "B": -25, "C": -30, "D": 0},
    {"A": 0, "B": 70, "C": 0, "D": 35},
    {"A": 0, "B": 0, "C": -90, "D": 0},
    {"A": 140, "B": 0, "C": 0, "D": 0},
    {"A": 25, "B": 0, "C": 0, "D": 50},
]
# next_hand (§4.2): every seat holds the radelc of hand 1 in hand 2 only, and that of hand 4
# (berač) in hand 5: C's solo tri (-45) and A's berač (+70) are not doubled.
NEXT_HAND = [
    HOLDER_PLAYS[0],
    HOLDER_PLAYS[1],
    {"A": 0, "B": 0, "C": -45, "D": 0},
    {"A": 70, "B": 0, "C": 0, "D": 0},
    HOLDER_PLAYS[4],
]


def _table(event, alice, hands_per_round: int) -> Table:
    rnd = seated_event(event, alice, list(NAMES.values()), hands_per_round=hands_per_round)
    table = Table.objects.select_related("round__tournament").get(round=rnd, number=1)
    # Name the seats as the spec does, so that its letters are the players'.
    for seat in table.seats.select_related("entry__player"):
        seat.entry.player.name = NAMES[seat.position]
        seat.entry.player.save()
    assert table.first_dealer == "A"
    return table


def _play(alice, table: Table, inputs: list[dict]) -> None:
    for fields in inputs:
        envelope = hands.next_envelope(hands.table_setup(table, table.round.tournament), table.hands.last())
        hands.enter_hand(alice, table, {**envelope, **fields})


def _points(table: Table) -> list[dict]:
    return [h.points for h in table.hands.order_by("number")]


def _standings(event) -> dict[str, tuple[float, int]]:
    event = Tournament.objects.get(pk=event.pk)
    return {r.name: (float(r.line.ranking_points), r.line.game_points) for r in event_standings(event)[1]}


def test_a_new_taruk_event_must_choose_the_radelc_reading(alice):
    client = client_for(alice)
    page = client.get("/e/new/?variant=taruk2012")
    html = page.content.decode()
    assert "Radelc se igralcu izbriše po prvi odigrani igri" in html  # P27 as written
    assert "Declarer -115: partner -55." in html  # P15's literal reading, its example
    form = form_with(page.content, "radelc")
    assert "radelc" not in form.fields  # no reading preselected
    assert form.fields["partner_share"] == "magnitude" and form.fields["table_ties"] == "competition"
    typed = {"name": "Kranj", "slug": "kranj"}
    response = client.post("/e/new/", form.data(**typed))
    assert response.status_code == 200
    assert response.context["form"].errors["radelc"] == ["Choose a reading of P27: Radelc lifetime."]
    assert not Tournament.objects.filter(slug="kranj").exists()
    response = submit(
        client, "/e/new/?variant=taruk2012", "radelc", {**typed, "radelc": "holder_plays", "table_ties": "dense"}
    )
    assert response.status_code == 302
    event = Tournament.objects.get(slug="kranj")
    assert event.config == {"radelc": "holder_plays", "partner_share": "magnitude"}
    assert event.event_settings == {"table_ties": "dense"}


def test_switching_to_holder_plays_mid_event_shows_the_diff_then_rescores(event, alice):
    table = _table(event, alice, hands_per_round=5)
    _play(alice, table, SEQUENCE)
    assert _points(table) == NEXT_HAND
    # D 85, A 80, B 45, C -75 -> 2, 1.5, 1, 0.5.
    before = {"Ana": (1.5, 80), "Bor": (1.0, 45), "Cene": (0.5, -75), "Dana": (2.0, 85)}
    assert _standings(event) == before

    client = client_for(alice)
    response = submit(client, f"/e/{event.slug}/manage/edit/", "radelc", {"radelc": "holder_plays"})
    assert response.status_code == 302 and "/manage/readings/?" in response.url
    page = client.get(response.url)
    diff = [
        (s.name, s.ranking_points_before, s.ranking_points_after, s.game_points_before, s.game_points_after)
        for s in page.context["change"].standings
    ]
    # holder_plays: A 150, D 85, B 45, C -120 -> A and D swap places; C loses 45 more.
    assert diff == [("Ana", 1.5, 2.0, 80, 150), ("Dana", 2.0, 1.5, 85, 85), ("Cene", 0.5, 0.5, -75, -120)]
    html = page.content.decode()
    assert "standings-diff" in html and ">150<" in html and ">-120<" in html
    assert _points(table) == NEXT_HAND and _standings(event) == before  # the dry run stored nothing

    form = form_with(page.content, "reason")
    assert client.post(page.request["PATH_INFO"], form.data()).status_code == 200  # a reason is needed
    response = client.post(page.request["PATH_INFO"], form.data(reason="jury: P27 as the federation reads it"))
    assert response.status_code == 302
    assert _points(table) == HOLDER_PLAYS
    assert _standings(event) == {"Ana": (2.0, 150), "Bor": (1.0, 45), "Cene": (0.5, -120), "Dana": (1.5, 85)}
    entry = AuditEntry.objects.get(action="tournament.readings_changed")
    assert (entry.actor, entry.reason) == (alice, "jury: P27 as the federation reads it")
    assert entry.before["readings"]["radelc"] == "next_hand" and entry.after["readings"]["radelc"] == "holder_plays"
    assert [s["name"] for s in entry.after["standings"]] == ["Ana", "Dana", "Cene"]
    # The readings in force print under the standings' title.
    assert "When its holder plays" in client.get(f"/e/{event.slug}/standings/").content.decode()


def test_the_api_answers_the_diff_then_applies_it(event, alice):
    table = _table(event, alice, hands_per_round=5)
    _play(alice, table, SEQUENCE)
    client = client_for(alice)
    url = f"/api/events/{event.slug}/readings/"
    body = {"readings": {"radelc": "holder_plays"}}
    dry = client.post(url, body, content_type="application/json")
    assert dry.status_code == 200, dry.content
    assert dry.json()["applied"] is False
    assert [(s["name"], s["game_points_after"]) for s in dry.json()["standings"]] == [
        ("Ana", 150),
        ("Dana", 85),
        ("Cene", -120),
    ]
    assert _points(table) == NEXT_HAND
    # Through the event edit the API refuses: re-scoring goes through the readings endpoint.
    patch = client.patch(f"/api/events/{event.slug}/", body, content_type="application/json")
    assert patch.status_code == 400 and patch.json()["errors"][0]["field"] == "readings.radelc"
    no_reason = client.post(url, {**body, "dry_run": False}, content_type="application/json")
    assert no_reason.status_code == 400 and no_reason.json()["errors"][0]["field"] == "reason"
    applied = client.post(url, {**body, "dry_run": False, "reason": "jury"}, content_type="application/json")
    assert applied.status_code == 200 and applied.json()["applied"] is True
    assert _points(table) == HOLDER_PLAYS
    assert client.get(f"/api/events/{event.slug}/").json()["readings"] == {
        "radelc": "holder_plays",
        "partner_share": "magnitude",
        "table_ties": "competition",
    }


def test_a_new_event_through_the_api_must_choose_the_radelc_reading(alice):
    client = client_for(alice)
    body = {"name": "X", "slug": "x", "variant": "taruk2012"}
    response = client.post("/api/events/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "readings.radelc"
    response = client.post(
        "/api/events/", {**body, "readings": {"radelc": "holder_plays"}}, content_type="application/json"
    )
    assert response.status_code == 201 and response.json()["readings"]["radelc"] == "holder_plays"


@pytest.mark.parametrize(("ties", "points"), [("competition", [2, 2, 1, 1]), ("dense", [2, 2, 1.5, 1.5])])
def test_table_ties_decide_the_ranking_points_of_tied_players(event, alice, ties, points):
    # §4.5: dense counts the tied pair as one player, so the players behind them take place 2
    # (30, 30, -15, -15 -> 2, 2, 1.5, 1.5); competition leaves them at place 3.
    submit(client_for(alice), f"/e/{event.slug}/manage/edit/", "table_ties", {"table_ties": ties})
    table = _table(event, alice, hands_per_round=1)
    _play(alice, table, [{"game": "klop", "klop_points": {"A": 2, "B": 2, "C": 33, "D": 33}}])
    assert _standings(event) == {
        "Ana": (points[0], 0),
        "Bor": (points[1], 0),
        "Cene": (points[2], -35),
        "Dana": (points[3], -35),
    }


@pytest.mark.parametrize(
    ("totals", "dense"),
    [
        ([120, 120, -35, -80], [2, 2, 1.5, 1]),
        ([50, 50, 50, -10], [2, 2, 2, 1.5]),
        ([30, 30, -15, -15], [2, 2, 1.5, 1.5]),
    ],
)
def test_the_standings_count_dense_ties_as_the_spec_examples(totals, dense):
    from tournaments.results.standings import TableResult, standings

    result = TableResult(1, 1, dict(zip("ABCD", totals, strict=True)))
    lines = standings("taruk2012", [result], "ABCD", settings={"table_ties": "dense"})
    assert {line.player: float(line.ranking_points) for line in lines} == dict(zip("ABCD", dense, strict=True))


def test_the_declared_readings_are_the_engines_and_the_standings_values():
    from scoring.registry import VARIANTS
    from scoring.variants.taruk2012 import rules, ties

    options = {o.key: o for o in VARIANTS["taruk2012"].options}
    assert options["radelc"].values == rules.OPTION_VALUES["radelc"]
    assert options["partner_share"].values == rules.OPTION_VALUES["partner_share"]
    assert options["table_ties"].values == ties.TABLE_TIES
    assert [o.key for o in options.values() if o.required] == ["radelc"]


@pytest.mark.parametrize(("ties", "places"), [("competition", [1, 1, 3, 3]), ("dense", [1, 1, 2, 2])])
def test_the_filled_protocol_writes_places_as_the_table_ties_reading_counts_them(event, alice, ties, places):
    # Totals 0, 0, -35, -35 (the klop above): competition writes 1-1-3-3 (A29), dense 1-1-2-2 (§4.5),
    # next to the ranking points the same reading gives.
    from tournaments.documents.protocols.build import table_protocol

    submit(client_for(alice), f"/e/{event.slug}/manage/edit/", "table_ties", {"table_ties": ties})
    table = _table(event, alice, hands_per_round=1)
    _play(alice, table, [{"game": "klop", "klop_points": {"A": 2, "B": 2, "C": 33, "D": 33}}])
    sheet = table_protocol(table, filled=True)
    assert sheet.totals == [0, 0, -35, -35]
    assert sheet.places == places


def _two_tables(event, alice) -> list[Table]:
    """Round 1 of eight players (two tables of four, five hands a round), each table playing §4.5's hands."""
    rnd = seated_event(event, alice, [f"Player {i}" for i in range(8)], hands_per_round=5)
    return list(Table.objects.select_related("round__tournament").filter(round=rnd).order_by("number"))


def _stored(event) -> dict:
    """What a change of readings may write, as stored: the hands, the confirmations and the log."""
    return {
        "hands": list(
            Hand.objects.filter(table__round__tournament=event)
            .order_by("pk")
            .values_list("pk", "points", "state_after", "breakdown", "version", "updated_at")
        ),
        "confirmations": Confirmation.objects.filter(table__round__tournament=event).count(),
        "confirmed": list(Table.objects.filter(round__tournament=event).order_by("pk").values_list("confirmed_at")),
        "audit": AuditEntry.objects.filter(tournament=event).count(),
        "config": Tournament.objects.get(pk=event.pk).config,
    }


def test_the_preview_stores_nothing_and_applying_audits_each_changed_hand_once(event, alice):
    first, second = _two_tables(event, alice)
    for table in (first, second):
        _play(alice, table, SEQUENCE)
    confirm_table(first, alice)  # every player's PIN
    seat = second.seats.select_related("entry").order_by("position").first()
    confirmations.confirm_table(alice, second, seat.position, seat.entry.pin)  # one player so far
    stored = _stored(event)
    was = {hand.pk: hand.snapshot() for hand in Hand.objects.filter(table__round__tournament=event)}

    preview = set_readings(alice, event, {"radelc": "holder_plays"}, dry_run=True)
    assert not preview.applied
    assert _stored(event) == stored  # nothing stored, not even a version or a timestamp

    change = set_readings(alice, event, {"radelc": "holder_plays"}, reason="jury")
    now = {hand.pk: hand for hand in Hand.objects.filter(table__round__tournament=event)}
    changed = {pk for pk, hand in now.items() if hand.snapshot() != was[pk]}
    moved = {pk for pk, hand in now.items() if hand.points != was[pk]["points"]}
    assert moved and moved <= changed
    # The preview named the hands whose points move, as applying did.
    named = sorted((1, now[pk].table.number, now[pk].number) for pk in moved)
    for result in (preview, change):
        assert sorted((r["round"], r["table"], r["hand"]) for r in result.rescored) == named
    assert preview.standings == change.standings
    # A changed hand's version moves by one, the others' not at all.
    assert {pk: hand.version - was[pk]["version"] for pk, hand in now.items()} == {pk: int(pk in changed) for pk in now}
    # One entry per changed hand: who, why, its snapshot before and after.
    entries = list(AuditEntry.objects.filter(tournament=event, action="hand.rescored"))
    assert sorted(e.hand_id for e in entries) == sorted(changed)
    for e in entries:
        assert (e.actor, e.reason, e.table_number, e.hand_number) == (
            alice,
            "Readings changed: jury",
            now[e.hand_id].table.number,
            now[e.hand_id].number,
        )
        assert (e.before, e.after) == (was[e.hand_id], now[e.hand_id].snapshot())
    # Both tables' totals moved: the one every player confirmed and the one a player had begun to confirm
    # are open again, with what was confirmed in the log.
    reopened = AuditEntry.objects.filter(tournament=event, action="table.reopened")
    assert sorted((e.table_number, len(e.before["confirmations"])) for e in reopened) == [(1, 4), (2, 1)]
    assert not Confirmation.objects.filter(table__round__tournament=event).exists()
    assert not Table.objects.filter(round__tournament=event, confirmed_at__isnull=False).exists()
    # And the change itself: every entry of this change counted.
    assert AuditEntry.objects.filter(tournament=event).count() == stored["audit"] + len(changed) + 2 + 1


def test_a_readings_change_reads_and_writes_in_as_many_statements_for_two_tables_as_for_one(event, alice):
    first, second = _two_tables(event, alice)
    _play(alice, first, SEQUENCE)

    def statements(readings: dict, **how) -> int:
        with CaptureQueriesContext(connection) as queries:
            set_readings(alice, event, readings, **how)
        return len(queries.captured_queries)

    one = statements({"radelc": "holder_plays"}, dry_run=True), statements({"radelc": "holder_plays"}, reason="r")
    _play(alice, second, SEQUENCE)  # under holder_plays now: changing back moves both tables' hands
    two = statements({"radelc": "next_hand"}, dry_run=True), statements({"radelc": "next_hand"}, reason="r")
    assert AuditEntry.objects.filter(action="hand.rescored", table_number=2).exists()
    assert two == one
