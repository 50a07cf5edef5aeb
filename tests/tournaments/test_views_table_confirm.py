"""Confirming a table from its page, as people do it: each player types his PIN into the form
the page renders; or seat A with the PIN together with the judge (taruk2012.md §6.5), who gives a
reason; wrong PINs are counted per seat and per signed-in account and locked out for a while."""

from __future__ import annotations

import re

import pytest

from tests.conftest import client_for
from tests.html_forms import form, forms
from tests.support.taruk_hands import HAND2_SEATS, klop_b_full, tri
from tournaments.incidents import services as incidents
from tournaments.models import AuditEntry, JudgeConfirmation, PinThrottle, Referee, Table
from tournaments.tables import confirmations
from tournaments.tables import hands as services

URL = "/e/ljubljana-open/round/1/table/1/"
# Hand 1 klop, B full: B -70 and a radelc for all; hand 2 tri by C won with 48: 25 doubled by C's
# radelc = 50, partner A half of 50 = 25 (taruk2012.md §8.1 E8, E1, §4.4).
TOTALS = {"A": 0 + 25, "B": -70 + 0, "C": 0 + 50, "D": 0 + 0}


@pytest.fixture
def judge_bob(running_event, alice, bob):
    """bob, the table's referee, given judge rights on the desk: he may countersign with seat A."""
    incidents.set_judge(alice, Referee.objects.get(tournament=running_event, user=bob), True)
    return bob


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def pin_form(html, position):
    (found,) = [f for f in forms(html) if f.action.endswith("/confirm/") and f.fields.get("position") == position]
    return found


def confirm_with_pin(client, position, pin):
    page = client.get(URL)
    return client.post(URL + "confirm/", pin_form(page.content, position).data(pin=pin), follow=True)


def test_a_player_confirms_from_the_page_and_the_referee_sees_the_page_again(complete, bob):
    client = client_for(bob)
    seat = complete.seats.select_related("entry").get(position="A")
    response = confirm_with_pin(client, "A", seat.entry.pin)
    assert response.status_code == 200
    assert response.redirect_chain == [(URL, 302)]
    assert "Confirmed by A." in response.content.decode()
    assert complete.confirmations.get().totals == TOTALS


def test_every_player_confirms_and_the_table_is_confirmed(complete, bob):
    client = client_for(bob)
    for seat in complete.seats.select_related("entry").order_by("position"):
        assert confirm_with_pin(client, seat.position, seat.entry.pin).status_code == 200
    complete.refresh_from_db()
    assert complete.confirmed_at is not None
    assert "badge ok" in client.get(URL).content.decode()


def test_a_wrong_pin_is_refused_with_a_message(complete, bob):
    seat = complete.seats.select_related("entry").get(position="B")
    wrong = "0000" if seat.entry.pin != "0000" else "1111"
    response = confirm_with_pin(client_for(bob), "B", wrong)
    assert "Wrong PIN for position B." in response.content.decode()
    assert not complete.confirmations.exists()


def test_the_judge_confirms_together_with_seat_a_giving_a_reason(complete, judge_bob):
    bob = judge_bob
    client = client_for(bob)
    assert not [f for f in forms(client.get(URL).content) if f.action.endswith("/confirm/judge/")]
    seat_a = complete.seats.select_related("entry").get(position="A")
    confirm_with_pin(client, "A", seat_a.entry.pin)
    judge_form = form(client.get(URL).content, "/confirm/judge/")
    response = client.post(
        judge_form.action, judge_form.data(reason="D left for the train; totals checked"), follow=True
    )
    html = response.content.decode()
    assert "confirmed by seat A and the judge" in html
    assert "Judge: bob. Reason: D left for the train; totals checked" in html
    complete.refresh_from_db()
    assert complete.confirmed_at is not None
    judge = JudgeConfirmation.objects.get(table=complete)
    assert (judge.judge, judge.totals) == (bob, TOTALS)
    entry = AuditEntry.objects.get(action="table.confirmed_by_judge")
    assert (entry.actor, entry.reason, entry.after["totals"]) == (bob, "D left for the train; totals checked", TOTALS)


def test_the_judge_needs_a_reason_and_seat_a_first(complete, judge_bob):
    bob = judge_bob
    client = client_for(bob)
    response = client.post(URL + "confirm/judge/", {"reason": "all agreed"}, follow=True)
    assert "Seat A confirms with the PIN first" in response.content.decode()
    seat_a = complete.seats.select_related("entry").get(position="A")
    confirm_with_pin(client, "A", seat_a.entry.pin)
    response = client.post(URL + "confirm/judge/", {"reason": "  "}, follow=True)
    assert "needs a reason" in response.content.decode()
    complete.refresh_from_db()
    assert complete.confirmed_at is None and not JudgeConfirmation.objects.exists()


def test_charlie_cannot_be_the_judge(complete, charlie, bob):
    seat_a = complete.seats.select_related("entry").get(position="A")
    confirm_with_pin(client_for(bob), "A", seat_a.entry.pin)
    assert client_for(charlie).post(URL + "confirm/judge/", {"reason": "x"}).status_code == 403
    assert not JudgeConfirmation.objects.exists()


def test_a_correction_reopens_a_table_the_judge_confirmed(complete, judge_bob):
    bob = judge_bob
    seat_a = complete.seats.select_related("entry").get(position="A")
    confirmations.confirm_table(bob, complete, "A", seat_a.entry.pin)
    confirmations.confirm_by_judge(bob, complete, "D left")
    services.correct_hand(
        bob, complete.hands.get(number=2), tri("B", HAND2_SEATS, "C", "A", 30), expected_version=1, reason="recounted"
    )
    complete.refresh_from_db()
    assert complete.confirmed_at is None and not JudgeConfirmation.objects.exists()
    assert AuditEntry.objects.get(action="table.reopened").before["judge"]["reason"] == "D left"


def test_an_incomplete_table_answers_the_same_for_a_right_and_a_wrong_pin(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    seat = table.seats.select_related("entry").get(position="A")
    answers = []
    for pin in (seat.entry.pin, "x" + seat.entry.pin):
        with pytest.raises(services.NotOpen) as exc:
            confirmations.confirm_table(bob, table, "A", pin)
        answers.append(str(exc.value))
    assert answers[0] == answers[1] == "The table has 1 of 2 hands; finish them first."
    assert not PinThrottle.objects.exists()


def test_five_wrong_pins_lock_the_seat_with_a_time_to_retry(complete, bob, settings):
    settings.PIN_SEAT_FAILURES = 5
    client = client_for(bob)
    seat = complete.seats.select_related("entry").get(position="C")
    for _ in range(4):
        assert "Wrong PIN" in confirm_with_pin(client, "C", "x").content.decode()
    html = confirm_with_pin(client, "C", "x").content.decode()
    assert "Too many wrong PINs; try again after" in html
    # Locked: even the right PIN is refused now, and nothing is stored.
    assert "Too many wrong PINs" in confirm_with_pin(client, "C", seat.entry.pin).content.decode()
    assert not complete.confirmations.exists()
    # Another seat is not locked by C's failures.
    seat_a = complete.seats.select_related("entry").get(position="A")
    assert "Confirmed by A." in confirm_with_pin(client, "A", seat_a.entry.pin).content.decode()


def test_the_lockout_says_when_to_retry_in_the_readers_time_format(complete, bob, settings):
    from django.utils import timezone

    settings.PIN_SEAT_FAILURES = 1
    client = client_for(bob)
    client.post("/i18n/setlang/", {"language": "sl", "next": URL})
    html = confirm_with_pin(client, "C", "x").content.decode()
    until = timezone.localtime(PinThrottle.objects.get(scope__startswith="seat:").locked_until)
    assert until.strftime("%H:%M") in html  # Slovenian: 24-hour clock, no a.m./p.m.
    assert "1. krog" in html  # the page is Slovenian; the message's msgid is in locale/pending/tablewrites.json


def test_failures_by_one_account_over_many_seats_lock_the_account(complete, bob, rita, settings):
    settings.PIN_SEAT_FAILURES, settings.PIN_ACCOUNT_FAILURES = 5, 3
    client = client_for(bob)
    for position in ("B", "C"):
        confirm_with_pin(client, position, "x")
    assert "Too many wrong PINs" in confirm_with_pin(client, "D", "x").content.decode()
    seat_a = complete.seats.select_related("entry").get(position="A")
    assert "Too many wrong PINs" in confirm_with_pin(client, "A", seat_a.entry.pin).content.decode()
    # The lock is on bob's account, from any device (address) ...
    other = client_for(bob)
    other.defaults["REMOTE_ADDR"] = "10.0.0.9"
    assert "Too many wrong PINs" in confirm_with_pin(other, "A", seat_a.entry.pin).content.decode()
    # ... while another referee at the same address may still confirm seat A.
    assert "Confirmed by A." in confirm_with_pin(client_for(rita), "A", seat_a.entry.pin).content.decode()


def test_each_pin_input_is_named_by_its_label(complete, bob):
    """A label tied to its input (``for``): a tap on the player's name focuses his PIN, and a screen
    reader names the input by the label it sees."""
    page = client_for(bob).get(URL).content.decode()
    inputs = re.findall(r"<input[^>]*name=\"pin\"[^>]*>", page)
    assert len(inputs) == complete.seats.count()
    for tag in inputs:
        (input_id,) = re.findall(r'id="([^"]+)"', tag)
        label = re.search(rf'<label for="{input_id}">(.*?)</label>', page, re.S)
        assert label, f"no label for {input_id}"
        assert "PIN" in label.group(1)
