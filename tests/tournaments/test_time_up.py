"""Where time was up at a table (taruk2012.md §7.2): the referee records "time was up after hand N";
the round clock itself refuses no hand.

Referees type from the paper sheet after the whistle, and a phone's offline queue flushes late: a hand
entered after the clock ran out is accepted like any other. The table is complete once it has hand N
(or the hands its plan counts); hand N + 1 is refused. Every hand here is taruk2012.md §8.1 E1 (tri by
the forehand, partner the third seat, 48 card points: declarer 25, partner 15), entered by the shared
``enter_e1`` helper.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from tests.conftest import client_for, enter_e1
from tests.html_forms import form, form_with
from tests.support.api import send
from tournaments.models import AuditEntry, Round, Table, Tournament
from tournaments.rounds import services as rounds
from tournaments.rounds import timeup
from tournaments.tables import confirmations, hands

URL = "/e/ljubljana-open/round/1/table/1/"
API = "/api/events/ljubljana-open/rounds/1/tables/1/"


@pytest.fixture
def table(running_event, alice):
    """Table 1 of the running event, 12 hands a round, its clock run out a minute ago (75 minutes)."""
    # Set in the database: the event's pages refuse to change the hands while a round plays.
    Tournament.objects.filter(pk=running_event.pk).update(hands_per_round=12)
    Round.objects.filter(tournament=running_event, number=1).update(
        started_at=timezone.now() - timedelta(minutes=76), elapsed_seconds=0
    )
    return Table.objects.select_related("round__tournament").get(round__tournament=running_event, number=1)


def enter(user, table: Table, count: int) -> None:
    for _ in range(count):
        enter_e1(user, table)


def progress(table: Table):
    table.refresh_from_db()
    return hands.progress_of(table)


def confirm_all(table: Table, user) -> None:
    for seat in table.seats.select_related("entry"):
        confirmations.confirm_table(user, table, seat.position, seat.entry.pin)


# --- the clock refuses nothing; the record decides ------------------------------------------------------


def test_hands_typed_after_the_whistle_are_all_accepted(table, bob):
    """The old clock made the first hand entered after time was up the last one: hands 2 and 3, played
    in time and typed from the sheet afterwards, were refused. Now they are stored."""
    enter(bob, table, 3)
    state = progress(table)
    assert (state.entered, state.complete, state.time_up_after) == (3, False, None)
    assert not AuditEntry.objects.filter(action__startswith="table.time").exists()


def test_time_up_after_hand_n_accepts_the_hands_up_to_n_whenever_typed(table, bob):
    enter(bob, table, 1)
    timeup.record_time_up(bob, table, 3)
    assert not progress(table).complete
    enter(bob, table, 2)  # hands 2 and 3, typed after the record
    state = progress(table)
    assert (state.entered, state.complete, state.remaining) == (3, True, 0)
    with pytest.raises(hands.NotOpen) as refused:
        enter_e1(bob, table)
    assert "Time was up after hand 3" in str(refused.value)
    confirm_all(table, bob)  # three hands are the table's result now
    table.refresh_from_db()
    assert table.confirmed_at is not None


def test_the_record_is_audited_with_before_and_after(table, bob):
    enter(bob, table, 2)
    timeup.record_time_up(bob, table, 2)
    timeup.record_time_up(bob, table, 2)  # the same again: nothing changes, nothing logged
    entry = AuditEntry.objects.get(action="table.time_up")
    assert (entry.before, entry.after, entry.round_number, entry.table_number) == (
        {"after_hand": None},
        {"after_hand": 2},
        1,
        1,
    )
    assert entry.actor == bob


def test_a_limit_before_hands_already_entered_is_refused_naming_them(table, bob):
    enter(bob, table, 5)
    with pytest.raises(ValidationError) as refused:
        timeup.record_time_up(bob, table, 3)
    assert refused.value.message_dict == {
        "after_hand": ["Hands 4 to 5 are already entered: delete them first, or give hand 5 or later."]
    }
    assert Table.objects.get(pk=table.pk).time_up_after is None


@pytest.mark.parametrize("after_hand", [0, -1, 13, 99])
def test_a_limit_outside_the_tables_hands_is_refused(table, bob, after_hand):
    with pytest.raises(ValidationError) as refused:
        timeup.record_time_up(bob, table, after_hand)
    assert list(refused.value.message_dict) == ["after_hand"]
    assert Table.objects.get(pk=table.pk).time_up_after is None


def test_a_change_needs_a_reason_and_reopens_the_confirmations(table, bob):
    enter(bob, table, 3)
    timeup.record_time_up(bob, table, 3)
    confirm_all(table, bob)
    with pytest.raises(ValidationError) as refused:
        timeup.record_time_up(bob, table, 4)
    assert list(refused.value.message_dict) == ["reason"]
    timeup.record_time_up(bob, table, 4, reason="hand 4 was still dealt in time")
    table.refresh_from_db()
    assert (table.time_up_after, table.confirmed_at, table.confirmations.count()) == (4, None, 0)
    assert AuditEntry.objects.filter(action="table.reopened").count() == 1
    assert not progress(table).complete
    enter_e1(bob, table)  # hand 4 now belongs to the round
    assert progress(table).complete


def test_clearing_the_record_gives_the_table_its_planned_hands_again(table, bob):
    enter(bob, table, 2)
    timeup.record_time_up(bob, table, 2)
    timeup.record_time_up(bob, table, None, reason="the clock was paused; time was not up")
    state = progress(table)
    assert (state.time_up_after, state.complete, state.expected) == (None, False, 12)
    enter_e1(bob, table)


def test_a_deleted_hand_never_leaves_the_table_complete(table, bob):
    """Hand 3 of three, time up after hand 3: deleting it leaves the table waiting for hand 3 again."""
    enter(bob, table, 3)
    timeup.record_time_up(bob, table, 3)
    last = table.hands.get(number=3)
    hands.delete_hand(bob, last, expected_version=last.version, reason="typed twice")
    state = progress(table)
    assert (state.entered, state.complete, state.time_up_after) == (2, False, 3)
    enter_e1(bob, table)
    assert progress(table).complete


def test_a_stale_change_is_refused(table, bob, alice):
    enter(bob, table, 3)
    timeup.record_time_up(alice, table, 4)
    with pytest.raises(hands.StaleEdit):
        timeup.record_time_up(bob, table, 3, reason="three hands", current=None)  # he saw no record
    assert Table.objects.get(pk=table.pk).time_up_after == 4


@pytest.mark.parametrize(
    ("persona", "table_no", "allowed"),
    [("alice", 1, True), ("bob", 2, True), ("rita", 1, True), ("rita", 2, False), ("charlie", 1, False)],
)
def test_a_referee_of_the_table_or_an_organizer_records_it(table, request, persona, table_no, allowed):
    table = Table.objects.select_related("round__tournament").get(round=table.round, number=table_no)
    user = request.getfixturevalue(persona)
    if allowed:
        timeup.record_time_up(user, table, 5)
        assert Table.objects.get(pk=table.pk).time_up_after == 5
    else:
        with pytest.raises(PermissionDenied):
            timeup.record_time_up(user, table, 5)
        assert Table.objects.get(pk=table.pk).time_up_after is None


def test_a_closed_round_is_changed_by_an_organizer_only(table, alice, bob):
    enter(bob, table, 2)
    rounds.close_round(alice, table.round, override=True, reason="the hall closed")
    with pytest.raises(hands.NotOpen):
        timeup.record_time_up(bob, table, 2)
    timeup.record_time_up(alice, table, 2, reason="protest: two hands in time")
    assert progress(table).complete


# --- the pages ----------------------------------------------------------------------------------------


def test_after_the_clock_runs_out_the_table_page_prompts_and_its_form_records_it(table, bob):
    enter(bob, table, 2)
    client = client_for(bob)
    page = client.get(URL).content.decode()
    assert "Time is up: record after which hand." in page
    time_form = form_with(page, "after_hand", "time-up")
    response = client.post(time_form.action, time_form.data(after_hand="3"), follow=True)
    assert response.status_code == 200
    assert "Time was up after hand 3." in response.content.decode()
    assert Table.objects.get(pk=table.pk).time_up_after == 3
    # Hand 3 is still offered and taken; then the players confirm.
    page = client.get(URL).content.decode()
    hand_form = form(page, "/hands/")
    assert hand_form.fields["number"] == "3"


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "Time was up after hand: Hand 3 is already entered: delete it first, or give hand 3 or later."),
        ("sl", "Čas je potekel po igri: Igra 3 je že vpisana: najprej jo izbrišite ali vpišite igro 3 ali poznejšo."),
        (
            "hu",
            "Leosztás, amely után lejárt az idő: A(z) 3. leosztás már be van írva: előbb törölje, vagy adja meg "
            "a(z) 3. vagy egy későbbi leosztást.",
        ),
    ],
)
def test_the_page_form_refuses_a_limit_before_entered_hands_in_the_readers_words(table, bob, language, refusal):
    import html

    enter(bob, table, 3)
    client = client_for(bob)
    client.cookies["django_language"] = language
    page = client.get(URL).content.decode()
    time_form = form_with(page, "after_hand", "time-up")
    response = client.post(time_form.action, time_form.data(after_hand="2"), follow=True)
    assert response.status_code == 200
    assert refusal in html.unescape(response.content.decode())
    assert Table.objects.get(pk=table.pk).time_up_after is None


def test_the_page_forms_limits_are_the_servers(table, bob):
    """The number field's min and max are the first and last hand the server accepts."""
    enter(bob, table, 2)
    page = client_for(bob).get(URL).content.decode()
    field = page[page.index('name="after_hand"') - 200 : page.index('name="after_hand"') + 200]
    assert 'min="2"' in field and 'max="12"' in field
    with pytest.raises(ValidationError):
        timeup.record_time_up(bob, table, 1)
    with pytest.raises(ValidationError):
        timeup.record_time_up(bob, table, 13)
    timeup.record_time_up(bob, table, 2)
    timeup.record_time_up(bob, table, 12, reason="checked")


def test_the_organizer_records_it_from_the_round_page_before_closing(table, alice, bob):
    enter(bob, table, 2)
    client = client_for(alice)
    page = client.get("/e/ljubljana-open/round/1/").content.decode()
    time_form = form_with(page, "after_hand", "/table/1/time-up")
    response = client.post(time_form.action, time_form.data(after_hand="2"), follow=True)
    assert response.redirect_chain[-1][0].endswith("/e/ljubljana-open/round/1/")
    assert Table.objects.get(pk=table.pk).time_up_after == 2
    assert "Table 1: time was up after hand 2." in response.content.decode()


def test_the_protocol_and_the_seat_page_say_where_time_was_up(table, alice, bob):
    enter(bob, table, 2)
    timeup.record_time_up(bob, table, 2)
    protocol = client_for(bob).get(URL + "protocol/").content.decode()
    assert "Time was up after hand 2." in protocol
    seat = client_for(None).get(URL + "seat/A/").content.decode()
    assert "Time was up after hand 2." in seat


# --- the API and the payloads --------------------------------------------------------------------------


def test_the_api_records_it_and_the_table_detail_shows_it(table, bob):
    enter(bob, table, 2)
    client = client_for(bob)
    response = send(client, "put", API + "time-up/", {"after_hand": 2})
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["time_up_after"], body["complete"], body["next_envelopes"]) == (2, True, [])
    assert client.get(API).json()["time_up_after"] == 2
    refused = send(client, "put", API + "time-up/", {"after_hand": 1, "reason": "typo"})
    assert refused.status_code == 400
    assert {e["field"] for e in refused.json()["errors"]} == {"after_hand"}
    stale = send(client, "put", API + "time-up/", {"after_hand": 3, "reason": "x", "current": None})
    assert stale.status_code == 409
    cleared = send(client, "put", API + "time-up/", {"after_hand": None, "reason": "not up"})
    assert cleared.json()["time_up_after"] is None


def test_the_live_payload_and_the_round_api_give_it(table, bob):
    enter(bob, table, 2)
    timeup.record_time_up(bob, table, 2)
    live = client_for(None).get("/api/events/ljubljana-open/live/").json()
    (row,) = [t for t in live["tables"] if t["number"] == 1]
    assert (row["time_up_after"], row["complete"]) == (2, True)
    assert client_for(None).get(URL + "table.json").json()["time_up_after"] == 2
    rnd = client_for(None).get("/api/events/ljubljana-open/rounds/1/").json()
    (summary,) = [t for t in rnd["tables"] if t["number"] == 1]
    assert summary["time_up_after"] == 2


# --- the audit log --------------------------------------------------------------------------------------


def test_the_audit_page_reads_the_record_in_each_language(table, alice, bob):
    from django.utils import translation

    from tournaments.history.audit_text import sentences

    enter(bob, table, 2)
    timeup.record_time_up(bob, table, 2)
    timeup.record_time_up(bob, table, 3, reason="hand 3 was dealt in time")
    entries = list(AuditEntry.objects.filter(action="table.time_up").select_related("actor").order_by("id"))
    texts = {}
    for language in ("en", "sl", "hu"):
        with translation.override(language):
            texts[language] = sentences(table.round.tournament, entries)
    assert texts["en"][0].startswith("Round 1, table 1: where time was up recorded by referee bob at ")
    assert texts["en"][0].endswith(": time was up after hand — → 2")
    assert texts["en"][1].endswith(": time was up after hand 2 → 3 (reason: hand 3 was dealt in time)")
    for language in ("sl", "hu"):  # every word translated: only the numbers and the arrow stay
        for english, translated in zip(texts["en"], texts[language], strict=True):
            assert "time was up" not in translated and "recorded" not in translated, translated
            assert translated.count("→") == english.count("→")


def test_the_replay_rebuilds_where_time_was_up(table, bob):
    import io

    from django.core.management import CommandError, call_command

    enter(bob, table, 3)
    timeup.record_time_up(bob, table, 3)
    timeup.record_time_up(bob, table, 4, reason="checked the sheet")
    out = io.StringIO()
    call_command("audit_replay", "ljubljana-open", stdout=out)
    assert "agree" in out.getvalue()
    Table.objects.filter(pk=table.pk).update(time_up_after=2)  # changed behind the log's back
    with pytest.raises(CommandError):
        call_command("audit_replay", "ljubljana-open", stdout=(out := io.StringIO()))
    assert "time was up after hand 4 in the log, 2 stored" in out.getvalue()
