"""Wrong PINs at the end of a round in a hall behind one NAT address, as people type them: a referee's
wrong PINs count against his own signed-in account (and the seat), never against the hall's address,
so one referee's mistakes do not lock another; a player's own phone counts against the seat and the
address within this event only, with a limit that grows with the round's seats."""

from __future__ import annotations

import pytest

from tests.conftest import client_for, enter_e1
from tests.html_forms import form, forms
from tests.support.events import new_event
from tournaments.events import services as event_services
from tournaments.models import Confirmation, Table
from tournaments.rounds import services as rounds

LOCKED = "Too many wrong PINs; try again after"


def table_url(slug: str, table_no: int) -> str:
    return f"/e/{slug}/round/1/table/{table_no}/"


def pin_of(table: Table, position: str) -> str:
    return table.seats.select_related("entry").get(position=position).entry.pin


def wrong(pin: str) -> str:
    return "0000" if pin != "0000" else "1111"


def referee_confirms(client, table: Table, position: str, pin: str) -> str:
    """The referee's page: the player types his PIN into his seat's form on the referee's phone."""
    url = table_url(table.round.tournament.slug, table.number)
    (found,) = [
        f
        for f in forms(client.get(url).content)
        if f.action.endswith("/confirm/") and f.fields.get("position") == position
    ]
    return client.post(url + "confirm/", found.data(pin=pin), follow=True).content.decode()


def own_phone_confirms(client, table: Table, position: str, pin: str):
    """The player's own phone: his seat page's PIN form, no sign-in."""
    found = form(
        client.get(f"{table_url(table.round.tournament.slug, table.number)}seat/{position}/").content, "/confirm/"
    )
    return client.post(found.action, found.data(pin=pin), follow=True)


def played(tournament, referee, table_no: int = 1) -> Table:
    """Table ``table_no`` of round 1 with both its hands entered: ready to confirm."""
    table = Table.objects.select_related("round__tournament").get(round__tournament=tournament, number=table_no)
    for _ in range(2):
        enter_e1(referee, table)
    return table


def another_event(alice, bob, slug: str, players: int):
    """A second event (another hall of the venue, or a bigger one): ``players`` players, round 1
    drawn, published and started, two hands a round, bob refereeing every table."""
    tournament = new_event(alice, slug, rounds=4, hands_per_round=2, round_minutes=75, table_size=4)
    event_services.set_referee(alice, tournament, "bob", [])
    for i in range(1, players + 1):
        event_services.register_player(alice, tournament, name=f"Player {i}", club="TK Test")
    event_services.update_tournament(alice, tournament, draw_seed="fixture")
    rnd = rounds.draw_round(alice, tournament)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return tournament


@pytest.fixture
def hall(running_event, bob):
    """Both tables of ``running_event``'s round 1 played: eight seats to confirm."""
    return [played(running_event, bob, 1), played(running_event, bob, 2)]


def test_one_referees_wrong_pins_do_not_lock_another_referee_at_the_same_address(hall, bob, rita):
    # Default limits: 5 per seat, 20 per account, 20 per address. Both referees' phones are behind the
    # hall's one address (the test client's 127.0.0.1); bob mistypes 19 PINs over the eight seats.
    first, second = client_for(bob), client_for(rita)
    seats = [(table, position) for table in hall for position in "ABCD"]
    for i in range(19):
        table, position = seats[i % len(seats)]  # at most 3 a seat: no seat is locked
        assert "Wrong PIN for position" in referee_confirms(first, table, position, wrong(pin_of(table, position)))
    # His 20th locks his account: even a right PIN on a seat he never mistyped is refused now ...
    table, position = seats[19 % len(seats)]
    assert LOCKED in referee_confirms(first, table, position, wrong(pin_of(table, position)))
    assert LOCKED in referee_confirms(first, hall[0], "A", pin_of(hall[0], "A"))
    # ... and from another address too: the lock is on the account, not the phone's address.
    elsewhere = client_for(bob)
    elsewhere.defaults["REMOTE_ADDR"] = "10.0.0.9"
    assert LOCKED in referee_confirms(elsewhere, hall[1], "A", pin_of(hall[1], "A"))
    assert not Confirmation.objects.exists()
    # rita, at the same hall address, has her own budget: 20 wrong PINs from it lock nothing of hers.
    assert "Confirmed by A." in referee_confirms(second, hall[0], "A", pin_of(hall[0], "A"))
    assert "Wrong PIN for position B." in referee_confirms(second, hall[0], "B", wrong(pin_of(hall[0], "B")))
    assert "Confirmed by B." in referee_confirms(second, hall[0], "B", pin_of(hall[0], "B"))


def test_players_phones_in_the_hall_do_not_lock_the_referee_at_the_same_address(hall, bob, settings):
    settings.PIN_ADDRESS_FAILURES = 3  # eight seats: a quarter is 2, so 3 is the hall's limit
    phones = [client_for(None) for _ in range(3)]  # three players' phones, one hall address
    answers = [own_phone_confirms(phone, hall[1], p, "x").status_code for phone, p in zip(phones, "ABC", strict=True)]
    assert answers == [400, 400, 429]
    # The hall's address is locked for players' own phones now, at every seat of the event ...
    assert own_phone_confirms(client_for(None), hall[0], "A", pin_of(hall[0], "A")).status_code == 429
    # ... but not the referee's phone at the same address: he is counted by his account.
    assert "Confirmed by A." in referee_confirms(client_for(bob), hall[0], "A", pin_of(hall[0], "A"))


def test_own_phone_failures_in_one_event_do_not_lock_the_same_address_in_another(hall, alice, bob, settings):
    settings.PIN_ADDRESS_FAILURES = 3
    other = played(another_event(alice, bob, "maribor-open", 8), bob)
    phone = client_for(None)
    answers = [own_phone_confirms(phone, hall[0], position, "x").status_code for position in "ABC"]
    assert answers == [400, 400, 429]  # the third wrong PIN from the address locks it in this event
    assert own_phone_confirms(phone, hall[1], "D", pin_of(hall[1], "D")).status_code == 429
    # The same phone (the same address) in the other event at the same venue is not locked.
    confirmed = own_phone_confirms(phone, other, "A", pin_of(other, "A"))
    assert confirmed.status_code == 200 and "you confirmed the totals of table 1" in confirmed.content.decode()
    assert list(Confirmation.objects.values_list("table", "position")) == [(other.pk, "A")]


def test_the_own_phone_address_limit_grows_with_the_rounds_seats(hall, alice, bob, settings):
    settings.PIN_ADDRESS_FAILURES = 2
    # Eight seats in round 1: a quarter is 2, no more than the setting; the second failure locks.
    phone = client_for(None)
    assert [own_phone_confirms(phone, hall[0], p, "x").status_code for p in "AB"] == [400, 429]
    # Sixteen seats: a quarter is 4, so the same address may mistype three PINs, the fourth locks.
    big = played(another_event(alice, bob, "big-open", 16), bob)
    answers = [own_phone_confirms(phone, big, p, "x").status_code for p in "ABCD"]
    assert answers == [400, 400, 400, 429]
    assert own_phone_confirms(phone, big, "A", pin_of(big, "A")).status_code == 429
    assert not Confirmation.objects.exists()
