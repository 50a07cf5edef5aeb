"""Every action checks the actor's role and writes its audit entry."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from tournaments import access
from tournaments.events import services
from tournaments.models import AuditEntry, Entry, Tournament


def actions(event):
    """Every write action of the event layer, as (name, callable taking the actor)."""
    entry = Entry.objects.filter(tournament=event).first()
    return [
        ("update_tournament", lambda u: services.update_tournament(u, event, name="Renamed")),
        ("add_organizer", lambda u: services.add_organizer(u, event, "charlie")),
        ("set_referee", lambda u: services.set_referee(u, event, "charlie", [2])),
        ("remove_referee", lambda u: services.remove_referee(u, event, "rita")),
        ("register_player", lambda u: services.register_player(u, event, name="Nova Igralka")),
        ("set_entry_status", lambda u: services.set_entry_status(u, entry, "withdrawn", "ill")),
    ]


ACTION_NAMES = [
    "update_tournament",
    "add_organizer",
    "set_referee",
    "remove_referee",
    "register_player",
    "set_entry_status",
]
EXPECTED_AUDIT = {
    "update_tournament": "tournament.updated",
    "add_organizer": "organizer.added",
    "set_referee": "referee.set",
    "remove_referee": "referee.removed",
    "register_player": "entry.created",
    "set_entry_status": "entry.withdrawn",
}


@pytest.fixture
def event_with_entry(event, alice):
    services.register_player(alice, event, name="Ana Novak", club="TK Ljubljana")
    return event


@pytest.mark.parametrize("name", ACTION_NAMES)
def test_the_organizer_may_and_it_is_audited(event_with_entry, alice, charlie, name):
    action = dict(actions(event_with_entry))[name]
    before = AuditEntry.objects.count()
    action(alice)
    new = AuditEntry.objects.order_by("-id").first()
    assert AuditEntry.objects.count() == before + 1
    assert new.action == EXPECTED_AUDIT[name]
    assert new.actor == alice
    assert new.tournament == event_with_entry


@pytest.mark.parametrize("persona", ["bob", "rita", "charlie", "anonymous"])
@pytest.mark.parametrize("name", ACTION_NAMES)
def test_nobody_else_may_and_nothing_is_written(event_with_entry, request, persona, name):
    user = AnonymousUser() if persona == "anonymous" else request.getfixturevalue(persona)
    action = dict(actions(event_with_entry))[name]
    before = AuditEntry.objects.count()
    with pytest.raises(PermissionDenied):
        action(user)
    assert AuditEntry.objects.count() == before


def test_creating_an_event_needs_the_permission_and_makes_the_creator_organizer(alice, charlie):
    with pytest.raises(PermissionDenied):
        services.create_tournament(charlie, name="X", slug="x", variant="taruk2012")
    t = services.create_tournament(alice, name="X", slug="x", variant="taruk2012")
    assert access.is_organizer(alice, t)
    audit = AuditEntry.objects.get(tournament=t)
    assert (audit.action, audit.after["variant"]) == ("tournament.created", "taruk2012")


def test_an_invalid_event_is_refused_and_nothing_is_stored(alice):
    with pytest.raises(ValidationError) as exc:
        services.create_tournament(alice, name="X", slug="x", variant="taruk2012", table_size=3)
    assert "table_size" in exc.value.message_dict
    assert not Tournament.objects.exists()
    assert not AuditEntry.objects.exists()


def test_an_update_keeps_before_and_after(event, alice):
    services.update_tournament(alice, event, name="Ljubljana Open 2026")
    audit = AuditEntry.objects.filter(action="tournament.updated").get()
    assert (audit.before["name"], audit.after["name"]) == ("Ljubljana Open", "Ljubljana Open 2026")


def test_referee_roles_are_limited_to_their_tables(event, bob, rita, charlie):
    assert access.referee_tables(bob, event) is None
    assert access.referee_tables(rita, event) == {1}
    assert access.can_enter_hands(rita, event, 1)
    assert not access.can_enter_hands(rita, event, 3)
    assert access.can_enter_hands(bob, event, 3)
    assert not access.can_enter_hands(charlie, event, 1)
    assert not access.can_enter_hands(AnonymousUser(), event, 1)


def test_start_numbers_follow_on_and_a_federation_id_is_entered_once(event, alice):
    a = services.register_player(alice, event, name="Ana", federation_id="SLO-1")
    b = services.register_player(alice, event, name="Bor")
    assert (a.start_number, b.start_number) == (1, 2)
    with pytest.raises(ValidationError) as exc:
        services.register_player(alice, event, name="Ana again", federation_id="SLO-1")
    assert "federation_id" in exc.value.message_dict
