"""A player's own seat on his own phone (issue 16): from his page (the QR on his PIN slip) to his seat,
his table's totals and hands, his standing, and his confirmation with his PIN at the end of the round
(taruk2012.md §6.5's signature) — no sign-in, the PIN is the authority, throttled as on the referee's
device, the same audited action."""

from __future__ import annotations

import pytest

from tests.conftest import client_for
from tests.html_forms import form, forms
from tests.pending import use_pending
from tests.support.taruk_hands import klop_b_full
from tournaments.events import services as event_services
from tournaments.models import AuditEntry, Confirmation, PinThrottle, Table
from tournaments.tables import confirmations
from tournaments.tables import hands as services

TABLE = "/e/ljubljana-open/round/1/table/1/"
# Hand 1 klop, B full: B -70 (taruk2012.md §8.1 E8) and a radelc for all; hand 2 tri by C won with
# 48 card points: 25 doubled by C's radelc = 50, partner A half of 50 = 25 (§8.1 E1, §4.4).
HAND1 = {"A": 0, "B": -70, "C": 0, "D": 0}
HAND2 = {"A": 25, "B": 0, "C": 50, "D": 0}
TOTALS = {p: HAND1[p] + HAND2[p] for p in "ABCD"}


def seat_url(position: str) -> str:
    return f"{TABLE}seat/{position}/"


@pytest.fixture
def table(running_event):
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


def entry_at(table, position):
    return table.seats.select_related("entry").get(position=position).entry


def wrong(pin: str) -> str:
    return "0000" if pin != "0000" else "1111"


def pin_form(client, position):
    return form(client.get(seat_url(position)).content, "/confirm/")


def confirm_on_own_phone(client, position, pin, follow=True):
    """What the player does: open his seat page, type the PIN into its form, send it."""
    found = pin_form(client, position)
    return client.post(found.action, found.data(pin=pin), follow=follow)


def test_the_player_opens_his_seat_from_his_own_page(complete):
    client = client_for(None)
    number = entry_at(complete, "C").start_number
    html = client.get(f"/e/ljubljana-open/player/{number}/").content.decode()
    assert f'href="{seat_url("C")}"' in html  # "Now" links his current seat
    page = client.get(seat_url("C"))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Table 1, seat C" in html and f"start number {number}" in html


def test_the_seat_page_shows_the_tables_totals_hands_and_his_standing(complete):
    html = client_for(None).get(seat_url("C")).content.decode()
    seats = html.split('class="grid seats-table"', 1)[1].split("</table>", 1)[0]
    for position in "ABCD":
        row = seats.split(f'<span class="pos">{position}</span>', 1)[1].split("</tr>", 1)[0]
        assert f'<td class="num">{TOTALS[position]}</td>' in row
    assert '<tr class="mine"><td><span class="pos">C</span>' in seats
    hands_table = html.split('class="grid hands"', 1)[1]
    # Hand 2's points for C (his column marked), then his running total 0 + 50.
    assert f'<td class="num mine">{HAND2["C"]}</td>' in hands_table
    assert f'<td class="num muted mine">{TOTALS["C"]}</td>' in hands_table
    # C won the table (50 > 25 > 0 > -70): 2 ranking points (taruk2012.md §6.3), first of the 8 players
    # (table 2 has played nothing: its players have no ranking points yet).
    assert "Rank 1 of 8" in html
    assert "<dd>2</dd>" in html and f"<dd>{TOTALS['C']}</dd>" in html
    number = entry_at(complete, "C").start_number
    assert f"/e/ljubljana-open/standings/?me={number}#p-{number}" in html


def test_before_the_last_hand_there_is_no_pin_form(table, bob):
    services.enter_hand(bob, table, klop_b_full())
    html = client_for(None).get(seat_url("A")).content.decode()
    assert not [f for f in forms(html) if f.action.endswith("/confirm/")]
    assert "When the table has played its hands (1 of 2 so far)" in html


def test_a_player_confirms_his_seat_with_his_pin_without_signing_in(complete):
    client = client_for(None)
    entry = entry_at(complete, "C")
    response = confirm_on_own_phone(client, "C", entry.pin)
    assert response.redirect_chain == [(seat_url("C"), 302)]
    html = response.content.decode()
    assert "Thank you: you confirmed the totals of table 1." in html
    assert "You confirmed these totals at" in html
    assert not [f for f in forms(html) if f.action.endswith("/confirm/")]
    confirmation = Confirmation.objects.get(table=complete)
    assert (confirmation.position, confirmation.entry, confirmation.totals) == ("C", entry, TOTALS)
    audit = AuditEntry.objects.get(action="table.confirmed_by_player")
    assert audit.actor is None and audit.table_number == 1 and audit.round_number == 1
    assert audit.after == {"position": "C", "start_number": entry.start_number, "totals": TOTALS, "own_phone": True}


def test_the_audit_log_says_the_player_confirmed_on_his_own_phone(complete, alice):
    confirm_on_own_phone(client_for(None), "C", entry_at(complete, "C").pin)
    html = client_for(alice).get("/e/ljubljana-open/manage/audit/").content.decode()
    assert "on the player&#x27;s own phone" in html


def test_a_wrong_pin_stores_nothing_and_is_said_beside_the_field(complete):
    client = client_for(None)
    response = confirm_on_own_phone(client, "B", wrong(entry_at(complete, "B").pin), follow=False)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="pin-error" role="alert">Wrong PIN for position B.<' in html
    assert not Confirmation.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="table.confirmed").exists()
    assert PinThrottle.objects.get(scope=f"seat:{complete.pk}:B").failures == 1
    # The answer's form is the seat's form again: the player types the right PIN there.
    again = form(html, "/confirm/")
    client.post(again.action, again.data(pin=entry_at(complete, "B").pin))
    assert Confirmation.objects.get().position == "B"


def test_the_wrong_pin_message_is_in_the_readers_language(complete, monkeypatch):
    use_pending(monkeypatch, "sheets")  # Slovenian says sedež for a seat
    client = client_for(None)
    client.cookies["django_language"] = "hu"
    html = confirm_on_own_phone(client, "B", wrong(entry_at(complete, "B").pin)).content.decode()
    assert "Hibás PIN a(z) B helyhez." in html
    client.cookies["django_language"] = "sl"
    html = confirm_on_own_phone(client, "B", wrong(entry_at(complete, "B").pin)).content.decode()
    assert "Napačen PIN za sedež B." in html


def test_an_empty_pin_is_asked_for_and_not_counted_as_a_failure(complete):
    found = pin_form(client_for(None), "A")
    response = client_for(None).post(found.action, found.data(pin="  "))
    assert response.status_code == 400 and "Type your PIN." in response.content.decode()
    assert not PinThrottle.objects.exists() and not Confirmation.objects.exists()


def test_confirming_twice_is_harmless(complete):
    client = client_for(None)
    pin = entry_at(complete, "D").pin
    found = pin_form(client, "D")
    client.post(found.action, found.data(pin=pin))
    html = client.post(found.action, found.data(pin=pin), follow=True).content.decode()  # a double tap
    assert "You had already confirmed this table; nothing changed." in html
    assert Confirmation.objects.filter(table=complete).count() == 1
    assert AuditEntry.objects.filter(action="table.confirmed_by_player").count() == 1


def test_the_table_is_confirmed_when_every_seat_has_some_on_the_referees_phone_some_on_their_own(complete, bob):
    referee = client_for(bob)
    for position in "AB":  # on the referee's table page, as today
        page = referee.get(TABLE)
        (found,) = [f for f in forms(page.content) if f.fields.get("position") == position]
        referee.post(found.action, found.data(pin=entry_at(complete, position).pin))
    complete.refresh_from_db()
    assert complete.confirmed_at is None
    for position in "CD":  # each player on his own phone
        confirm_on_own_phone(client_for(None), position, entry_at(complete, position).pin)
    complete.refresh_from_db()
    assert complete.confirmed_at is not None
    by_player = AuditEntry.objects.filter(action="table.confirmed_by_player").order_by("pk")
    assert [(e.after["position"], e.after.get("own_phone", False), e.actor) for e in by_player] == [
        ("A", False, bob),
        ("B", False, bob),
        ("C", True, None),
        ("D", True, None),
    ]
    assert AuditEntry.objects.get(action="table.confirmed").after["totals"] == TOTALS
    html = client_for(None).get(seat_url("C")).content.decode()
    assert '<span class="badge ok">confirmed</span>' in html


def test_a_player_whose_table_was_closed_by_the_judge_sees_it_confirmed(complete, alice, bob):
    confirmations.confirm_table(bob, complete, "A", entry_at(complete, "A").pin)
    confirmations.confirm_by_judge(alice, complete, "D left early")
    html = client_for(None).get(seat_url("D")).content.decode()
    assert "The table's result is confirmed." in html
    assert not [f for f in forms(html) if f.action.endswith("/confirm/")]


def test_wrong_pins_lock_the_seat_as_on_the_referees_page(complete, settings):
    settings.PIN_SEAT_FAILURES = 3
    client = client_for(None)
    pin = entry_at(complete, "C").pin
    for _ in range(2):
        assert confirm_on_own_phone(client, "C", wrong(pin)).status_code == 400
    response = confirm_on_own_phone(client, "C", wrong(pin))
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert "Too many wrong PINs; try again after" in response.content.decode()
    # Locked: the right PIN is refused too, and nothing is stored; another seat is not locked.
    assert confirm_on_own_phone(client, "C", pin).status_code == 429
    assert not Confirmation.objects.exists()
    confirm_on_own_phone(client, "A", entry_at(complete, "A").pin)
    assert list(Confirmation.objects.values_list("position", flat=True)) == ["A"]


def test_the_confirm_address_opened_again_goes_back_to_the_seat_page(complete):
    response = client_for(None).get(seat_url("C") + "confirm/")
    assert (response.status_code, response["Location"]) == (302, seat_url("C"))


def test_the_seat_page_is_not_shared_between_visitors(complete):
    """The page's form carries the visitor's CSRF token: never answered from the public cache."""
    first = client_for(None).get(seat_url("C"))
    second = client_for(None).get(seat_url("C"))
    assert first.cookies["csrftoken"].value != second.cookies["csrftoken"].value
    token = form(second.content, "/confirm/").fields["csrfmiddlewaretoken"]
    assert form(first.content, "/confirm/").fields["csrfmiddlewaretoken"] != token


def test_a_private_event_shows_no_seat_and_takes_no_pin(complete, alice, charlie):
    pin_action = pin_form(client_for(None), "C").action
    event_services.update_tournament(alice, complete.round.tournament, is_public=False)
    assert client_for(charlie).get(seat_url("C")).status_code == 403
    assert client_for(None).post(pin_action, {"pin": entry_at(complete, "C").pin}).status_code == 403
    assert not Confirmation.objects.exists()
    assert client_for(alice).get(seat_url("C")).status_code == 200


def test_an_empty_seat_is_not_found(complete):
    assert client_for(None).get(seat_url("E")).status_code == 404
    assert client_for(None).post(seat_url("E") + "confirm/", {"pin": "1234"}).status_code == 404


def test_the_table_page_links_each_name_to_its_seat(complete):
    html = client_for(None).get(TABLE).content.decode()
    for position in "ABCD":
        assert f'href="{seat_url(position)}"' in html


def test_the_pin_slip_sends_the_player_to_his_page_to_confirm(running_event, alice):
    html = client_for(alice).get("/e/ljubljana-open/manage/players/pin-slips/").content.decode()
    assert "/e/ljubljana-open/player/1/" in html
    assert "confirm your table's result there with your PIN" in html
