"""The Django admin shows the event's data but changes none of it: every change that moves a score
or a standing goes through an audited action (issue 12 §5)."""

from __future__ import annotations

import html

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import AuditEntry, Seat


@pytest.fixture
def superuser(db):
    return User.objects.create_superuser("root", password="root-password")


@pytest.fixture
def admin_client(superuser):
    client = Client()
    client.force_login(superuser)
    return client


def test_a_superuser_cannot_move_a_seat_to_another_player(running_event, admin_client):
    seat = Seat.objects.filter(round__tournament=running_event).order_by("pk").first()
    other = Seat.objects.filter(round__tournament=running_event).exclude(table=seat.table).first().entry
    audit_before = AuditEntry.objects.count()
    page = admin_client.get(f"/admin/tournaments/seat/{seat.pk}/change/")
    assert page.status_code == 200  # shown...
    assert 'name="entry"' not in page.content.decode()  # ...with no field to change
    response = admin_client.post(
        f"/admin/tournaments/seat/{seat.pk}/change/",
        {"round": seat.round_id, "table": seat.table_id, "position": seat.position, "entry": other.pk},
    )
    assert response.status_code == 403
    seat.refresh_from_db()
    assert seat.entry_id != other.pk
    assert AuditEntry.objects.count() == audit_before


@pytest.mark.parametrize(
    "model", ["tournament", "player", "entry", "round", "seat", "bye", "confirmation", "auditentry"]
)
def test_the_admin_offers_no_add_or_delete_for_event_data(running_event, admin_client, model):
    listing = admin_client.get(f"/admin/tournaments/{model}/")
    assert listing.status_code == 200
    assert admin_client.get(f"/admin/tournaments/{model}/add/").status_code == 403
    assert f"/admin/tournaments/{model}/add/" not in listing.content.decode()


def test_a_superuser_cannot_add_or_delete_hands(running_event, admin_client):
    assert admin_client.get("/admin/tournaments/hand/add/").status_code == 403


def test_a_superuser_cannot_delete_an_event_through_the_admin(running_event, admin_client):
    response = admin_client.post(f"/admin/tournaments/tournament/{running_event.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    running_event.refresh_from_db()


def test_a_superuser_can_still_revoke_api_tokens_in_the_admin(bob, admin_client):
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=bob)
    response = admin_client.post(f"/admin/authtoken/tokenproxy/{bob.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not Token.objects.filter(pk=token.pk).exists()


def test_deleting_a_referee_in_the_admin_is_refused_naming_his_roles(event, admin_client, bob, alice):
    from tournaments.models import Referee

    page = admin_client.get(f"/admin/auth/user/{bob.pk}/delete/")
    text = " ".join(html.unescape(page.content.decode()).split())
    assert "Referee of “Ljubljana Open”: remove him on the event's page “Organizers and referees”" in text
    response = admin_client.post(f"/admin/auth/user/{bob.pk}/delete/", {"post": "yes"})
    assert response.status_code == 200  # the refusal again, nothing deleted
    assert User.objects.filter(pk=bob.pk).exists()
    assert Referee.objects.filter(tournament=event, user=bob).exists()
    # Nor through the list's bulk action, nor for an organizer.
    action = {"action": "delete_selected", "_selected_action": [bob.pk, alice.pk], "post": "yes"}
    response = admin_client.post("/admin/auth/user/", action)
    assert "Organizer of “Ljubljana Open”" in " ".join(response.content.decode().split())
    assert User.objects.filter(pk__in=[bob.pk, alice.pk]).count() == 2


def test_a_user_without_a_role_in_an_event_is_deleted_as_usual(event, admin_client, charlie):
    admin_client.post(f"/admin/auth/user/{charlie.pk}/delete/", {"post": "yes"})
    assert not User.objects.filter(pk=charlie.pk).exists()
