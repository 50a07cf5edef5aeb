"""Who closed a table, as the official sheet says it (issue: the director's day, item 3): the seats
that confirmed with the PIN, the judge who countersigned (his name and reason), or the round's
override. Only a judge countersigns: an organizer, or a referee given judge rights on the desk.

Everything is done as people do it: the PINs and the countersignature through the forms the table
page renders, the override through the round page's form; the sheet is the PDF the referee
downloads, read back with pypdf."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.html_forms import form, forms
from tests.pdf_text import pdf_text
from tests.pending import use_pending
from tournaments.incidents import services as incidents
from tournaments.models import JudgeConfirmation, Referee, Table

URL = "/e/ljubljana-open/round/1/table/1/"
API = "/api/events/ljubljana-open/rounds/1/tables/1/"
REASON = "D left for the train; totals checked with A"
# What the sheets said before, whoever confirmed (the English and the catalogues' words).
ALL_CONFIRMED = {"en": "Confirmed by all players", "sl": "Vsi igralci so potrdili", "hu": "Minden játékos jóváhagyta"}


@pytest.fixture(autouse=True)
def _words(monkeypatch, documents_settings):
    use_pending(monkeypatch, "sheets")


@pytest.fixture
def judge_alice(alice):
    """The organizer, named on paper by her full name."""
    alice.first_name, alice.last_name = "Marija", "Sodnik"
    alice.save(update_fields=["first_name", "last_name"])
    return alice


def confirm_with_pin(client, table, position):
    """The player types his PIN into the form the table page renders for his seat."""
    pin = table.seats.select_related("entry").get(position=position).entry.pin
    page = client.get(URL)
    (found,) = [f for f in forms(page.content) if f.action.endswith("/confirm/") and f.fields["position"] == position]
    return client.post(found.action, found.data(pin=pin), follow=True)


def confirm_seat_a(client, table):
    return confirm_with_pin(client, table, "A")


def judge_forms(client):
    return [f for f in forms(client.get(URL).content) if f.action.endswith("/confirm/judge/")]


def sheet_text(client, table, language):
    event = table.round.tournament
    event.language = language
    event.save(update_fields=["language"])
    response = client.get(URL + "protocol.pdf")
    assert response.status_code == 200
    return pdf_text(response.content)[1]


# --- only a judge countersigns ----------------------------------------------------------------------


def test_a_referee_without_judge_rights_is_not_offered_the_countersignature_and_is_refused(complete, bob):
    client = client_for(bob)
    confirm_seat_a(client, complete)
    assert judge_forms(client) == []
    assert "the judge" in client.get(URL).content.decode()  # he is told who can close it
    assert client.post(URL + "confirm/judge/", {"reason": "all agreed"}).status_code == 403
    complete.refresh_from_db()
    assert complete.confirmed_at is None and not JudgeConfirmation.objects.exists()


def test_the_api_refuses_a_countersignature_by_a_referee_without_judge_rights(complete, bob):
    client = client_for(bob)
    confirm_seat_a(client, complete)
    response = client.post(API + "confirm/judge/", json.dumps({"reason": "x"}), content_type="application/json")
    assert response.status_code == 403
    assert not JudgeConfirmation.objects.exists()


def test_a_referee_given_judge_rights_countersigns_with_the_form_the_page_renders(complete, alice, bob):
    incidents.set_judge(alice, Referee.objects.get(user=bob), True)
    client = client_for(bob)
    confirm_seat_a(client, complete)
    (judge_form,) = judge_forms(client)
    response = client.post(judge_form.action, judge_form.data(reason=REASON), follow=True)
    assert response.status_code == 200
    assert JudgeConfirmation.objects.get(table=complete).judge == bob


def test_the_table_page_names_the_judge_by_his_full_name(complete, judge_alice):
    client = client_for(judge_alice)
    confirm_seat_a(client, complete)
    (judge_form,) = judge_forms(client)
    html = client.post(judge_form.action, judge_form.data(reason=REASON), follow=True).content.decode()
    assert f"Judge: Marija Sodnik. Reason: {REASON}" in html


# --- the sheet says who confirmed ----------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "sl", "hu"])
def test_the_filled_sheet_names_the_pin_confirmations_and_the_judge_who_countersigned(complete, judge_alice, language):
    client = client_for(judge_alice)
    confirm_seat_a(client, complete)
    (judge_form,) = judge_forms(client)
    client.post(judge_form.action, judge_form.data(reason=REASON))
    text = sheet_text(client, complete, language)
    assert ALL_CONFIRMED[language] not in text
    assert "Marija Sodnik" in text and REASON in text
    if language == "en":
        name_a = complete.seats.select_related("entry__player").get(position="A").entry.player.name
        assert f"Confirmed with the PIN: A · {name_a}" in text
        assert "Countersigned by the judge Marija Sodnik" in text


def test_a_sheet_every_player_confirmed_says_so(complete, bob):
    client = client_for(bob)
    for seat in complete.seats.select_related("entry").order_by("position"):
        page = client.get(URL)
        (found,) = [
            f
            for f in forms(page.content)
            if f.action.endswith("/confirm/") and f.fields.get("position") == seat.position
        ]
        client.post(found.action, found.data(pin=seat.entry.pin))
    text = sheet_text(client, complete, "en")
    assert "Confirmed by all players with the PIN" in text and "judge" not in text.split("Referee")[0].lower()


def test_a_table_closed_by_the_round_override_says_so_and_why(complete, judge_alice):
    client = client_for(judge_alice)
    page = client.get("/e/ljubljana-open/round/1/")
    close = form(page.content, "/close/")
    reason = "Table 2 did not start; the hall closes at midnight"
    response = client.post(close.action, close.data(override="on", reason=reason), follow=True)
    assert response.status_code == 200
    complete.refresh_from_db()
    assert complete.round.status == "closed"
    for language in ("en", "sl", "hu"):
        text = sheet_text(client, complete, language)
        assert reason in text and "Marija Sodnik" in text
    assert f"Closed by the round's override: {reason}, by Marija Sodnik." in sheet_text(client, complete, "en")
    # Table 2 had no hand at all: its sheet says the same.
    other = Table.objects.get(round=complete.round, number=2)
    event = other.round.tournament
    event.language = "en"
    event.save(update_fields=["language"])
    response = client.get("/e/ljubljana-open/round/1/table/2/protocol.pdf")
    assert f"Closed by the round's override: {reason}, by Marija Sodnik." in pdf_text(response.content)[1]
