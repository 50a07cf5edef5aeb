"""Deleting a middle hand: later hands move up, take the dealer and seats of the rotation at their
new number (taruk2012.md §7.3: the deal passes A, B, C, D), are rescored and get new versions, so a
correction prepared against the deleted hand never lands on the one that took its number."""

from __future__ import annotations

import html

import pytest

from tests.conftest import client_for, set_hands_per_round
from tests.html_forms import form, forms
from tests.support.taruk_hands import SEATS, dve, klop_b_full, tri
from tournaments.models import AuditEntry, Hand, Table
from tournaments.tables import hands as services

URL = "/e/ljubljana-open/round/1/table/1/"


@pytest.fixture
def table(running_event, alice):

    set_hands_per_round(running_event, 12)
    return Table.objects.get(round__tournament=running_event, round__number=1, number=1)


@pytest.fixture
def three_hands(table, bob):
    services.enter_hand(bob, table, klop_b_full())  # 1: dealer A, B -70, a radelc for everyone
    services.enter_hand(bob, table, klop_b_full("B", SEATS["B"]))  # 2: dealer B, B -70 (doubled: klop)
    services.enter_hand(bob, table, dve("C", "A", "C"))  # 3: dealer C, dve by A won with 48
    return table


def edit_form(html_page):
    """The correction form of the edit page (the page also has the language switch)."""
    (found,) = [f for f in forms(html_page) if "version" in f.fields]
    return found


def delete_through_the_page(client, number, reason="entered twice"):
    page = client.get(URL + f"hands/{number}/")
    edit = edit_form(page.content)
    return client.post(URL + f"hands/{number}/", {**edit.data(reason=reason), "delete": "1"}, follow=True)


def test_later_hands_take_the_dealer_of_their_new_number(three_hands, bob):
    response = delete_through_the_page(client_for(bob), 2)
    assert response.status_code == 200
    hands = list(three_hands.hands.order_by("number"))
    assert [(h.number, h.dealer, h.input["seats"]) for h in hands] == [(1, "A", SEATS["A"]), (2, "B", SEATS["B"])]
    # The dve: 20 + (50 - 35) = 35, doubled by A's radelc from the klop = 70; partner C half = 35.
    assert hands[1].points == {"A": 70, "B": 0, "C": 35, "D": 0}
    assert hands[1].version == 2  # moved: a new version
    entry = AuditEntry.objects.get(action="hand.renumbered")
    assert entry.target_id == str(hands[1].pk)
    assert (entry.before["number"], entry.before["dealer"]) == (3, "C")
    assert (entry.after["number"], entry.after["dealer"]) == (2, "B")


def test_the_next_hand_after_a_deletion_follows_the_rotation(three_hands, bob):
    client = client_for(bob)
    delete_through_the_page(client, 2)
    entry = form(client.get(URL).content, "/hands/")
    assert entry.fields["number"] == "3"
    assert "Hand 3 — dealer C" in client.get(URL).content.decode()


# Deleting hand 2 moves hand 3 (a tri by D, the forehand of dealer C) to number 2, dealt by B: there C
# is the forehand, and the engine refuses the tri (taruk2012.md §5.6).
REFUSED = {
    "en": "Hand 2 cannot be deleted: hand 3 would no longer be valid after it (declarer: tri can only be "
    "played by the forehand). Correct or delete hand 3 first; nothing was changed.",
    "sl": "Igre 2 ni mogoče izbrisati: igra 3 za njo ne bi bila več veljavna (igralec: tri lahko igra le "
    "igralec z obvezno tri). Najprej popravite ali izbrišite igro 3; nič ni bilo spremenjeno.",
    "hu": "A(z) 2. leosztás nem törölhető: a(z) 3. leosztás utána már nem lenne érvényes (felvevő: tri-t "
    "csak az előkéz játszhat). Előbb javítsa vagy törölje a(z) 3. leosztást; semmi sem változott.",
}


@pytest.mark.parametrize("language", ["en", "sl", "hu"])
def test_a_deletion_that_would_make_a_later_hand_invalid_is_refused_naming_it(table, bob, language):
    services.enter_hand(bob, table, klop_b_full())
    services.enter_hand(bob, table, klop_b_full("B", SEATS["B"]))
    services.enter_hand(bob, table, tri("C", SEATS["C"], "D", "A"))  # tri: only the forehand, D
    before = list(Hand.objects.order_by("number").values("pk", "number", "dealer", "version", "points"))
    audit = AuditEntry.objects.count()
    client = client_for(bob)
    client.cookies["django_language"] = language
    response = delete_through_the_page(client, 2)
    assert response.status_code == 422
    text = " ".join(html.unescape(response.content.decode()).split())
    assert REFUSED[language] in text
    assert list(Hand.objects.order_by("number").values("pk", "number", "dealer", "version", "points")) == before
    assert AuditEntry.objects.count() == audit


def test_a_correction_opened_on_the_deleted_hand_does_not_land_on_the_next(three_hands, bob, rita):
    phone = client_for(rita)
    opened = edit_form(phone.get(URL + "hands/2/").content)  # hand 2, as rita opened it
    delete_through_the_page(client_for(bob), 2)
    moved = Hand.objects.get(number=2)
    response = phone.post(URL + "hands/2/", opened.data(reason="recounted"), follow=True)
    assert "The hand you were editing (hand 2) has been deleted since you opened it; nothing was stored." in (
        html.unescape(response.content.decode())
    )
    assert Hand.objects.get(pk=moved.pk).input == moved.input
    assert not AuditEntry.objects.filter(action="hand.corrected").exists()


def test_number_and_version_of_the_deleted_hand_no_longer_match_the_hand_that_took_its_place(three_hands, bob):
    """A client that knows only number and version (the form without the hand's id)."""
    phone = client_for(bob)
    opened = edit_form(phone.get(URL + "hands/2/").content).data(reason="recounted")
    del opened["hand"]
    delete_through_the_page(phone, 2)
    response = phone.post(URL + "hands/2/", opened)
    assert response.status_code == 422
    assert "changed by someone else" in response.content.decode()
    assert not AuditEntry.objects.filter(action="hand.corrected").exists()


def test_a_version_is_never_reused_at_a_number(table, bob):
    """Hand 2 was corrected twice (version 3) and deleted; hand 3 (version 1) takes number 2 with a
    version above 3, so even the oldest copy of hand 2 is refused."""
    services.enter_hand(bob, table, klop_b_full())
    second = services.enter_hand(bob, table, dve("B", "C", "A"))
    for points in (50, 52):
        second = services.correct_hand(
            bob, second, dve("B", "C", "A", points), expected_version=second.version, reason="recounted"
        )
    services.enter_hand(bob, table, dve("C", "D", "B"))
    services.delete_hand(bob, second, expected_version=3, reason="twice")
    assert Hand.objects.get(number=2).version == 4
    for old in (1, 2, 3):
        with pytest.raises(services.StaleEdit):
            services.correct_hand(bob, Hand.objects.get(number=2), dve("B", "D", "C"), expected_version=old, reason="x")
