"""Shared fixtures: named personas (STYLE.md §12) and a small seated event.

- alice: organizer of the event (may create events).
- bob: referee of the event, every table.
- rita: referee of the event, limited to table 1.
- charlie: a logged-in user with no role in the event.
- the public: an anonymous client.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client


def _user(username: str) -> User:
    return User.objects.create_user(username, password=f"{username}-password")


@pytest.fixture
def alice(db) -> User:
    user = _user("alice")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return User.objects.get(pk=user.pk)  # fresh instance: permission cache


@pytest.fixture
def bob(db) -> User:
    return _user("bob")


@pytest.fixture
def rita(db) -> User:
    return _user("rita")


@pytest.fixture
def charlie(db) -> User:
    return _user("charlie")


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def event(alice, bob, rita):
    """A public Taruk 2012 event organized by alice, bob refereeing all tables, rita table 1."""
    from tournaments import services

    tournament = services.create_tournament(
        alice, name="Ljubljana Open", slug="ljubljana-open", variant="taruk2012",
        rounds=4, hands_per_round=12, round_minutes=75, table_size=4, is_public=True,
    )
    services.set_referee(alice, tournament, "bob", [])
    services.set_referee(alice, tournament, "rita", [1])
    return tournament
