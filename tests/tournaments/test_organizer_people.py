"""Organizers without the admin (issue 11 item 13): referee accounts and their tables, player names,
clubs and start numbers, late entries, the event's date and venue; every change audited."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from tests.conftest import client_for
from tests.html_forms import submit
from tournaments import access
from tournaments.models import AuditEntry, Entry, Referee
from tournaments.rounds import services as rounds


def staff_url(event) -> str:
    return f"/e/{event.slug}/manage/staff/"


def new_account(alice, event, username: str, password: str, tables: str = ""):
    """The staff page's new referee account form, filled in and posted by alice."""
    fields = {"acct-username": username, "acct-password": password, "acct-tables": tables}
    return submit(client_for(alice), staff_url(event), "acct-username", fields)


def test_an_organizer_creates_a_referee_account_limited_to_tables_from_the_staff_page(event, alice):
    response = new_account(alice, event, "vesna", "kralj-pagat-77", "2, 3")
    assert response.status_code == 302
    user = User.objects.get(username="vesna")
    assert user.check_password("kralj-pagat-77")
    assert Referee.objects.get(tournament=event, user=user).table_numbers == [2, 3]
    assert access.can_enter_hands(user, event, 2) and not access.can_enter_hands(user, event, 1)
    created = AuditEntry.objects.get(action="referee.account_created")
    assert created.actor == alice and "kralj-pagat-77" not in str(created.after)
    # The referee signs in with what the organizer handed over.
    signed_in = client_for(None).post("/accounts/login/", {"username": "vesna", "password": "kralj-pagat-77"})
    assert signed_in.status_code == 302


def test_a_taken_user_name_or_a_weak_password_is_refused_naming_the_field(event, alice):
    response = new_account(alice, event, "bob", "kralj-pagat-77")
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    response = new_account(alice, event, "vesna", "123")
    assert response.status_code == 200
    assert "This password is too short" in response.content.decode()
    assert not User.objects.filter(username="vesna").exists()
    assert not AuditEntry.objects.filter(action="referee.account_created").exists()


def test_the_staff_page_limits_a_referee_to_tables_on_his_row(event, alice):
    response = submit(
        client_for(alice), staff_url(event), "tables", {"tables": "4,1"}, action_contains="/referee/bob/tables/"
    )
    assert response.status_code == 302
    assert Referee.objects.get(tournament=event, user__username="bob").table_numbers == [1, 4]
    entry = AuditEntry.objects.filter(action="referee.set").first()
    assert entry.before == {"user": "bob", "tables": []} and entry.after == {"user": "bob", "tables": [1, 4]}
    # Emptying the field gives him every table again.
    submit(client_for(alice), staff_url(event), "tables", {"tables": ""}, action_contains="/referee/bob/tables/")
    assert Referee.objects.get(tournament=event, user__username="bob").table_numbers == []


def test_bad_table_numbers_are_refused_and_nothing_changes(event, alice):
    client = client_for(alice)
    response = submit(client, staff_url(event), "tables", {"tables": "one"}, action_contains="/referee/rita/tables/")
    assert response.status_code == 302
    assert "Use whole numbers" in client.get(staff_url(event)).content.decode()
    assert Referee.objects.get(tournament=event, user__username="rita").table_numbers == [1]


def test_a_referee_cannot_create_accounts_or_change_tables(event, bob):
    client = client_for(bob)
    assert client.get(staff_url(event)).status_code == 403
    assert client.post(f"{staff_url(event)}referee/rita/tables/", {"tables": ""}).status_code == 403
    assert Referee.objects.get(tournament=event, user__username="rita").table_numbers == [1]


# --- players -----------------------------------------------------------------------------------------


def test_an_organizer_corrects_a_name_club_and_start_number(running_event, alice):
    url = f"/e/{running_event.slug}/manage/players/3/edit/"
    response = submit(
        client_for(alice),
        url,
        "name",
        {"name": "Marko Kranjc", "club": "TK Ptuj", "start_number": "30", "reason": "typo"},
    )
    assert response.status_code == 302
    entry = Entry.objects.select_related("player").get(tournament=running_event, start_number=30)
    assert (entry.player.name, entry.player.club) == ("Marko Kranjc", "TK Ptuj")
    assert entry.seats.count() == 1  # still seated in round 1: a seat follows the entry, not the number
    log = AuditEntry.objects.get(action="entry.updated")
    assert log.before["name"] == "Player 3" and log.after["name"] == "Marko Kranjc"
    assert log.before["start_number"] == 3 and log.after["start_number"] == 30 and log.reason == "typo"


def test_a_start_number_already_taken_is_refused_naming_the_field(running_event, alice):
    url = f"/e/{running_event.slug}/manage/players/3/edit/"
    response = submit(client_for(alice), url, "name", {"name": "Player 3", "club": "", "start_number": "4"})
    assert response.status_code == 200
    assert "Start number 4 is taken." in response.content.decode()
    assert Entry.objects.get(tournament=running_event, start_number=3).player.club == "TK Test"
    assert not AuditEntry.objects.filter(action="entry.updated").exists()


def test_the_players_page_links_each_player_to_his_edit_page(running_event, alice):
    html = client_for(alice).get(f"/e/{running_event.slug}/manage/players/").content.decode()
    assert f'href="/e/{running_event.slug}/manage/players/3/edit/"' in html


def test_a_referee_or_a_stranger_cannot_edit_players(running_event, bob, charlie):
    for user in (bob, charlie):
        client = client_for(user)
        url = f"/e/{running_event.slug}/manage/players/3/edit/"
        assert client.get(url).status_code == 403
        assert client.post(url, {"name": "X", "club": "", "start_number": "3"}).status_code == 403
    assert Entry.objects.get(tournament=running_event, start_number=3).player.name == "Player 3"


def test_a_name_shared_with_another_organizers_event_is_not_renamed(running_event, alice, charlie):
    from django.contrib.auth.models import Permission

    from tournaments.events import services

    charlie.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    charlie = User.objects.get(pk=charlie.pk)
    other = services.create_tournament(charlie, name="Maribor", slug="maribor", variant="taruk2012")
    mine = services.register_player(alice, running_event, name="Jana", federation_id="SLO-7")
    services.register_player(charlie, other, name="Jana", federation_id="SLO-7")
    response = submit(
        client_for(alice),
        f"/e/{running_event.slug}/manage/players/{mine.start_number}/edit/",
        "name",
        {"name": "Janja", "club": "", "start_number": str(mine.start_number)},
    )
    assert response.status_code == 200
    assert "also entered in another event" in response.content.decode()
    assert Entry.objects.get(pk=mine.pk).player.name == "Jana"


def test_a_late_player_is_added_between_rounds_and_seated_from_the_next_draw(running_event, alice):
    page = f"/e/{running_event.slug}/manage/players/"
    html = client_for(alice).get(page).content.decode()
    assert "Add a late player" in html and "seated from the draw of round 2" in html
    response = submit(
        client_for(alice),
        page,
        "reason",
        {"name": "Late Lojze", "club": "TK Kranj", "reason": "arrived after the draw"},
    )
    assert response.status_code == 302
    late = Entry.objects.get(tournament=running_event, player__name="Late Lojze")
    assert late.start_number == 9 and not late.seats.exists()
    log = AuditEntry.objects.get(action="entry.late_added")
    assert log.after["seated_from_round"] == 2 and log.reason == "arrived after the draw"
    # Round 1 ends; the draw of round 2 seats him.
    rnd1 = running_event.round_set.get(number=1)
    rounds.close_round(alice, rnd1, override=True, reason="test: tables not played")
    rnd2 = rounds.draw_round(alice, running_event)
    assert late.seats.filter(round=rnd2).exists()  # nine players: a table of four and one of five


def test_a_withdrawn_player_is_left_out_of_the_next_draw(running_event, alice):
    page = f"/e/{running_event.slug}/manage/players/"
    response = submit(client_for(alice), page, "status", {}, action_contains="/players/8/status/")
    assert response.status_code == 302
    assert Entry.objects.get(tournament=running_event, start_number=8).status == "withdrawn"
    rounds.close_round(alice, running_event.round_set.get(number=1), override=True, reason="test: tables not played")
    rnd2 = rounds.draw_round(alice, running_event)
    assert not rnd2.seats.filter(entry__start_number=8).exists()


# --- date and venue ---------------------------------------------------------------------------------


def test_the_event_form_sets_date_and_venue_printed_on_protocols_and_standings(running_event, alice):
    response = submit(
        client_for(alice),
        f"/e/{running_event.slug}/manage/edit/",
        "venue",
        {"date": "2025-05-17", "venue": "Hotel Union, Ljubljana"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    running_event.refresh_from_db()
    assert running_event.date == datetime.date(2025, 5, 17) and running_event.venue == "Hotel Union, Ljubljana"
    log = AuditEntry.objects.filter(action="tournament.updated").first()
    assert log.after["date"] == "2025-05-17" and log.after["venue"] == "Hotel Union, Ljubljana"
    client = client_for(alice)
    for url in (
        f"/e/{running_event.slug}/round/1/table/1/protocol/",
        f"/e/{running_event.slug}/standings/print/",
        f"/e/{running_event.slug}/",
    ):
        html = client.get(url).content.decode()
        assert "Hotel Union, Ljubljana" in html, url
        assert "May 17, 2025" in html, url
