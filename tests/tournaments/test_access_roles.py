"""A viewer's roles in an event are read once per request (``access.RolesPerRequest``), and a change
of the event's staff within a request is seen by the rest of it."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for, enter_e1
from tournaments import access
from tournaments.events import services
from tournaments.models import Table


def test_the_table_page_reads_the_referees_row_and_the_organizers_once(running_event, bob):
    table = Table.objects.get(round__tournament=running_event, round__number=1, number=1)
    enter_e1(bob, table)
    client = client_for(bob)
    url = f"/e/{running_event.slug}/round/1/table/1/"
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200 and response.context["can_write"]
    sql = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "tournaments_referee"' in s for s in sql) == 1, sql
    assert sum('"tournaments_tournament_organizers"' in s for s in sql) == 1, sql


def test_a_change_of_the_staff_within_a_request_is_seen(running_event, alice, bob):
    token = access._ROLES.set({})  # as RolesPerRequest does for a request
    try:
        assert access.referee_tables(bob, running_event) is None  # bob referees every table
        assert not access.is_organizer(bob, running_event)
        services.set_referee(alice, running_event, "bob", [2])
        assert access.referee_tables(bob, running_event) == {2}
        running_event.organizers.add(bob)
        assert access.is_organizer(bob, running_event) and access.is_judge(bob, running_event)
    finally:
        access._ROLES.reset(token)


def test_outside_a_request_every_question_reads_the_database(running_event, alice, bob):
    assert access.referee_tables(bob, running_event) is None
    services.set_referee(alice, running_event, "bob", [1])
    assert access.referee_tables(bob, running_event) == {1}
