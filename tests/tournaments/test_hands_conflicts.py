"""Two referees on one hand, and a form posted twice: the entry form says which hand it enters and
carries a token, so the second phone is refused naming the hand and a retry stores nothing twice."""

from __future__ import annotations

import html

import pytest
from django.db import IntegrityError, transaction

from tests.conftest import client_for, set_hands_per_round
from tests.html_forms import form
from tests.support.table_page import E1_POINTS, E1_TYPED, URL, entry_form
from tests.support.taruk_hands import HAND1_SEATS, klop_b_full, tri
from tournaments.models import AuditEntry, Hand, IdempotencyKey, Table
from tournaments.tables import hands as services


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def test_the_entry_form_says_which_hand_it_enters(table, bob):
    fields = entry_form(client_for(bob)).fields
    assert fields["number"] == "1" and len(fields["entry_token"]) >= 32


def test_the_second_referee_saving_the_same_hand_is_refused_naming_it(table, bob, rita):
    phone1, phone2 = client_for(bob), client_for(rita)
    form1, form2 = entry_form(phone1), entry_form(phone2)  # both open on hand 1
    assert phone1.post(URL + "hands/", form1.data(**E1_TYPED)).status_code == 302
    response = phone2.post(URL + "hands/", form2.data(**{**E1_TYPED, "card_points": "50"}))
    assert response.status_code == 409
    page = response.content.decode()
    assert "Hand 1 has already been saved (by bob); nothing was stored." in page
    assert list(Hand.objects.values_list("number", "dealer", "points")) == [(1, "A", E1_POINTS)]
    assert AuditEntry.objects.filter(action="hand.entered").count() == 1
    # The form is shown again for hand 2, as typed: saving it now is the referee's decision.
    again = form(page, "/hands/")
    assert again.fields["number"] == "2" and again.fields["card_points"] == "50"
    assert again.fields["entry_token"] != form2.fields["entry_token"]


def test_a_form_for_a_hand_that_was_deleted_meanwhile_is_refused(table, bob, rita, alice):

    set_hands_per_round(table.round.tournament, 12)
    services.enter_hand(bob, table, klop_b_full())
    phone = client_for(rita)
    stale = entry_form(phone)  # for hand 2
    services.delete_hand(bob, table.hands.get(number=1), expected_version=1, reason="wrong table")
    response = phone.post(URL + "hands/", stale.data(game="klop"))
    assert response.status_code == 409
    assert "This entry was for hand 2, but the table's next hand is 1" in html.unescape(response.content.decode())
    assert not Hand.objects.exists()


def test_the_same_form_posted_twice_stores_one_hand(table, bob):
    phone = client_for(bob)
    data = entry_form(phone).data(**E1_TYPED)
    assert phone.post(URL + "hands/", data).status_code == 302
    retry = phone.post(URL + "hands/", data, follow=True)
    assert retry.status_code == 200
    assert "Hand 1 was already saved from this form; it is stored once." in retry.content.decode()
    assert Hand.objects.count() == 1 and IdempotencyKey.objects.get().hand == Hand.objects.get()
    assert AuditEntry.objects.filter(action="hand.entered").count() == 1


def test_the_same_token_with_another_hand_is_refused(table, bob):
    phone = client_for(bob)
    entry = entry_form(phone)
    assert phone.post(URL + "hands/", entry.data(**E1_TYPED)).status_code == 302
    response = phone.post(URL + "hands/", entry.data(**{**E1_TYPED, "card_points": "30"}))
    assert response.status_code == 409
    assert "already used for another hand (hand 1); nothing was stored" in response.content.decode()
    assert Hand.objects.get().points == E1_POINTS


def test_the_database_refuses_a_second_row_for_one_key(table, bob):
    hand = services.enter_hand(bob, table, tri("A", HAND1_SEATS, "B", "D"), number=1, idempotency_key="k1")
    with pytest.raises(IntegrityError), transaction.atomic():
        IdempotencyKey.objects.create(table=table, key="k1", request_hash="x", hand=hand, hand_number=1)


def test_a_retry_that_lost_the_race_answers_the_first_hand(table, bob, monkeypatch):
    """The retry's lookup ran before the first request committed its key: the insert fails on the
    unique constraint, the whole attempt rolls back, and the retry answers the stored hand."""
    first = services.enter_hand(bob, table, tri("A", HAND1_SEATS, "B", "D"), number=1, idempotency_key="k1")
    real, calls = services._replay, []

    def late_lookup(*args):
        calls.append(1)
        return None if len(calls) == 1 else real(*args)

    # The racing request read the table before the first one committed: number and envelope pass.
    monkeypatch.setattr(services, "_check_number", lambda *args: None)
    monkeypatch.setattr(services, "_check_envelope", lambda *args: None)
    monkeypatch.setattr(services, "_replay", late_lookup)
    again = services.enter_hand(bob, table, tri("A", HAND1_SEATS, "B", "D"), number=1, idempotency_key="k1")
    assert (again.pk, again.replayed) == (first.pk, True)
    assert Hand.objects.count() == 1 and len(calls) == 2
