"""One lookup each for pages and API (tournaments/lookups.py): the events a user may see, a round or
a table by its numbers with the draft check. A page and its API twin answer alike."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.urls import reverse

from tests.conftest import client_for
from tournaments import lookups
from tournaments.events import services
from tournaments.models import Round
from tournaments.rounds import services as rounds


@pytest.fixture
def private(alice, charlie):
    """A private event alice organizes, with rita refereeing it; charlie has no role in it."""
    fields = {"variant": "taruk2012", "rounds": 2, "hands_per_round": 12, "round_minutes": 75, "table_size": 4}
    event = services.create_tournament(alice, name="Club night", slug="club-night", is_public=False, **fields)
    services.set_referee(alice, event, "rita", [1])
    return event


def _home_slugs(user) -> list[str]:
    return [t.slug for t in client_for(user).get(reverse("home")).context["tournaments"]]


def _api_slugs(user) -> list[str]:
    return [e["slug"] for e in client_for(user).get("/api/events/").json()]


@pytest.mark.parametrize(
    ("persona", "expected"),
    [
        (None, ["ljubljana-open"]),
        ("charlie", ["ljubljana-open"]),
        ("rita", ["club-night", "ljubljana-open"]),  # referee of both
        ("alice", ["club-night", "ljubljana-open"]),
        ("root", ["club-night", "ljubljana-open"]),
    ],
)
def test_the_home_page_and_the_api_list_the_events_the_user_may_see(event, private, persona, expected):
    user = None
    if persona == "root":
        user = User.objects.create_superuser("root", password="root-password")
    elif persona:
        user = User.objects.get(username=persona)
    slugs = [t.slug for t in lookups.visible_events(user or AnonymousUser())]
    assert sorted(slugs) == expected
    assert len(slugs) == len(set(slugs))  # an organizer who also referees sees an event once
    assert _home_slugs(user) == slugs  # newest first, on both
    assert _api_slugs(user) == slugs


@pytest.fixture
def drafted(running_event, alice):
    """Round 1 running; round 2 drawn as a draft (round 1 closed first)."""
    rnd = running_event.round_set.get(number=1)
    rounds.close_round(alice, rnd, override=True, reason="test")
    return rounds.draw_round(alice, running_event)


def test_a_draft_round_and_its_tables_are_the_organizers_alone(drafted, alice, bob):
    event = drafted.tournament
    assert drafted.status == Round.Status.DRAFT
    assert lookups.round_of(alice, event, 2) == drafted
    assert lookups.table_of(alice, event, 2, 1).round == drafted
    with pytest.raises(PermissionDenied):
        lookups.round_of(bob, event, 2)
    with pytest.raises(PermissionDenied):
        lookups.table_of(bob, event, 2, 1)
    assert [r.number for r in lookups.visible_rounds(bob, event)] == [1]
    assert sorted(r.number for r in lookups.visible_rounds(alice, event)) == [1, 2]


def test_a_round_or_table_that_does_not_exist_is_not_found(running_event, alice):
    with pytest.raises(Http404):
        lookups.round_of(alice, running_event, 9)
    with pytest.raises(Http404):
        lookups.table_of(alice, running_event, 1, 99)


def test_the_table_comes_with_its_seats_in_position_order(running_event, bob, django_assert_num_queries):
    table = lookups.table_of(bob, running_event, 1, 1)
    with django_assert_num_queries(0):
        assert [s.position for s in table.seats.all()] == ["A", "B", "C", "D"]
        assert all(s.entry.player.name for s in table.seats.all())


@pytest.mark.parametrize(
    ("page", "api"),
    [
        ("round", "/api/events/{slug}/rounds/2/"),
        ("table", "/api/events/{slug}/rounds/2/tables/1/"),
        ("seating-print", "/api/events/{slug}/rounds/2/tables/1/hands/"),
    ],
)
def test_pages_and_api_refuse_a_draft_draw_alike(drafted, alice, bob, page, api):
    slug = drafted.tournament.slug
    args = [slug, 2] if page != "table" else [slug, 2, 1]
    for user, code in ((bob, 403), (alice, 200)):
        client = client_for(user)
        assert client.get(reverse(page, args=args)).status_code == code
        assert client.get(api.format(slug=slug)).status_code == code
