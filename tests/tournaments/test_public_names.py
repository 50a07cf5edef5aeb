"""User names are what a password guesser needs: the public reads who entered a hand or confirmed a
table as a display name (the full name, else the role), the event's staff the full name, else the user name."""

from __future__ import annotations

from tests.conftest import client_for
from tournaments.models import Referee
from tournaments.tables import confirmations

TABLE = "/api/events/ljubljana-open/rounds/1/tables/1/"


def judged(table, bob):
    """``table`` (both hands entered by bob) confirmed by seat A with the PIN and bob, a referee with judge
    rights, as the judge."""
    Referee.objects.filter(tournament=table.round.tournament, user=bob).update(judge=True)
    pin = table.seats.select_related("entry").get(position="A").entry.pin
    confirmations.confirm_table(bob, table, "A", pin)
    confirmations.confirm_by_judge(bob, table, "C was taken ill")
    return table


def test_the_public_reads_the_role_where_the_staff_read_the_user_name(complete, bob, alice):
    judged(complete, bob)
    public = client_for(None)
    for url in (TABLE + "hands/", TABLE + "hands/1/", TABLE):
        response = public.get(url)
        assert response.status_code == 200, url
        assert "bob" not in response.content.decode(), url
    detail = public.get(TABLE).json()
    assert {h["entered_by"] for h in detail["hands"]} == {"Referee"}
    assert detail["judge_confirmation"]["judge"] == "Referee"
    assert public.get(TABLE + "hands/1/").json()["entered_by"] == "Referee"
    for person in (alice, bob):  # the event's organizer and referee know the accounts
        staff = client_for(person).get(TABLE).json()
        assert {h["entered_by"] for h in staff["hands"]} == {"bob"}
        assert staff["judge_confirmation"]["judge"] == "bob"


def test_the_public_reads_the_full_name_when_there_is_one(complete, bob):
    judged(complete, bob)
    bob.first_name, bob.last_name = "Bojan", "Kranjc"
    bob.save()
    detail = client_for(None).get(TABLE).json()
    assert {h["entered_by"] for h in detail["hands"]} == {"Bojan Kranjc"}
    assert detail["judge_confirmation"]["judge"] == "Bojan Kranjc"


def test_an_organizer_is_named_as_one(complete, alice):
    pin = complete.seats.select_related("entry").get(position="A").entry.pin
    confirmations.confirm_table(alice, complete, "A", pin)
    confirmations.confirm_by_judge(alice, complete, "C was taken ill")
    assert client_for(None).get(TABLE).json()["judge_confirmation"]["judge"] == "Organizer"


def test_the_table_page_names_the_judge_to_the_public_without_his_user_name(complete, bob, rita):
    judged(complete, bob)
    public = client_for(None).get("/e/ljubljana-open/round/1/table/1/").content.decode()
    assert "Judge: Referee. Reason: C was taken ill" in " ".join(public.split())
    assert "bob" not in public
    staff = client_for(rita).get("/e/ljubljana-open/round/1/table/1/").content.decode()
    assert "Judge: bob. Reason: C was taken ill" in " ".join(staff.split())


def test_the_role_is_in_the_readers_language(complete, bob):
    judged(complete, bob)
    detail = client_for(None).get(TABLE, HTTP_ACCEPT_LANGUAGE="hu").json()
    assert detail["judge_confirmation"]["judge"] == "Játékvezető"
    assert {h["entered_by"] for h in detail["hands"]} == {"Játékvezető"}
