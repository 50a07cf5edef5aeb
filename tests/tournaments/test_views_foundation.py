"""Organizer pages: each role against each write, through HTTP."""

from __future__ import annotations

import pytest

from tests.conftest import client_for
from tests.html_forms import submit
from tournaments.models import AuditEntry, Referee, Tournament


def test_the_home_page_lists_public_events_for_the_public(event):
    response = client_for(None).get("/")
    assert response.status_code == 200
    assert "Ljubljana Open" in response.content.decode()


def test_a_private_event_is_hidden_from_the_public_and_shown_to_its_staff(event, alice, bob, charlie):
    Tournament.objects.filter(pk=event.pk).update(is_public=False)
    assert client_for(None).get("/e/ljubljana-open/").status_code == 403
    assert client_for(charlie).get("/e/ljubljana-open/").status_code == 403
    assert client_for(bob).get("/e/ljubljana-open/").status_code == 200
    assert client_for(alice).get("/e/ljubljana-open/").status_code == 200


# The event form's fields, the name changed.
EDIT = {
    "name": "Changed",
    "slug": "ljubljana-open",
    "variant": "taruk2012",
    "rounds": 4,
    "hands_per_round": 12,
    "round_minutes": 75,
    "table_size": 4,
    "language": "en",
}


@pytest.mark.parametrize(("persona", "status"), [("alice", 302), ("bob", 403), ("charlie", 403)])
def test_only_organizers_may_edit_the_event(event, request, persona, status):
    client = client_for(request.getfixturevalue(persona))
    response = client.post(
        "/e/ljubljana-open/manage/edit/",
        EDIT,
    )
    assert response.status_code == status
    assert (Tournament.objects.get(pk=event.pk).name == "Changed") == (status == 302)


def test_the_public_is_sent_to_log_in_for_a_write(event):
    response = client_for(None).post("/e/ljubljana-open/manage/edit/", {"name": "x"})
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    assert Tournament.objects.get(pk=event.pk).name == "Ljubljana Open"


def test_a_bad_edit_shows_the_field_and_stores_nothing(event, alice):
    before = AuditEntry.objects.count()
    response = client_for(alice).post(
        "/e/ljubljana-open/manage/edit/",
        {**EDIT, "table_size": 6},
    )
    assert response.status_code == 200
    assert "tables of 4 to 5 seats" in response.content.decode()
    assert Tournament.objects.get(pk=event.pk).name == "Ljubljana Open"
    assert AuditEntry.objects.count() == before


@pytest.mark.parametrize(("persona", "status"), [("alice", 302), ("bob", 403), ("charlie", 403)])
def test_only_organizers_may_appoint_referees(event, charlie, request, persona, status):
    response = client_for(request.getfixturevalue(persona)).post(
        "/e/ljubljana-open/manage/staff/", {"ref-username": "charlie", "ref-tables": "2, 3"}
    )
    assert response.status_code == status
    appointed = Referee.objects.filter(tournament=event, user__username="charlie").first()
    assert (appointed is not None and appointed.table_numbers == [2, 3]) == (status == 302)


def test_a_bad_table_list_names_the_field(event, alice):
    response = client_for(alice).post(
        "/e/ljubljana-open/manage/staff/", {"ref-username": "charlie", "ref-tables": "two"}
    )
    assert response.status_code == 200
    assert "Use whole numbers separated by commas" in response.content.decode()
    assert not Referee.objects.filter(user__username="charlie").exists()


def test_the_audit_log_page_is_for_organizers_only(event, alice, bob):
    assert client_for(alice).get("/e/ljubljana-open/manage/audit/").status_code == 200
    assert client_for(bob).get("/e/ljubljana-open/manage/audit/").status_code == 403


@pytest.mark.parametrize(("variant", "hands", "seats"), [("taruk2012", 12, 4), ("ulti-mausz", 9, 3)])
def test_a_new_event_starts_from_the_variants_defaults(alice, variant, hands, seats):
    response = client_for(alice).get(f"/e/new/?variant={variant}")
    form = response.context["form"]
    assert (form.initial["hands_per_round"], form.initial["table_size"]) == (hands, seats)


@pytest.mark.parametrize("language", ["hu", "sl", "en"])
def test_a_new_event_speaks_its_organizers_language(alice, language):
    """An organizer reading the site in Hungarian (Slovenian, English) creates an event from the page as it
    renders: its protocols and documents speak his language unless he chooses another."""
    client = client_for(alice)
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    typed = {"name": "Őszi Kupa", "slug": "oszi-kupa"}
    response = submit(client, "/e/new/?variant=tarokk-illusztralt", "name", typed)
    assert response.status_code == 302, response.content.decode()[-1500:]
    assert Tournament.objects.get(slug="oszi-kupa").language == language


def test_creating_an_event_through_the_page(alice):
    response = client_for(alice).post(
        "/e/new/",
        {
            "name": "Budapest Ulti",
            "slug": "budapest-ulti",
            "variant": "ulti-mausz",
            "rounds": 7,
            "hands_per_round": 9,
            "round_minutes": 60,
            "table_size": 3,
            "language": "hu",
        },
    )
    assert response.status_code == 302
    assert Tournament.objects.get(slug="budapest-ulti").organizers.get() == alice
