"""Every staff page and staff API read costs the same number of queries at a larger event as at a
small one (issue 25: the people who run the event get the speed the public gets): the organizer's
players, rounds, round, table, audit (with and without a filter) and documents pages, the judge's
desk (the organizer's and a judge's), the standings print view, and the API's round, entries, table
and hands. bench/staff.py times the same reads at 64 and 1,024 players."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import _user, client_for, make_organizer
from tests.support.staff_event import staff_event

SMALL, LARGE = 8, 32  # players: 2 tables a round, and 8

READS = {
    "players page": ("/e/{slug}/manage/players/", "organizer"),
    "rounds page": ("/e/{slug}/manage/rounds/", "organizer"),
    "round page (running)": ("/e/{slug}/round/2/", "organizer"),
    "round page (closed)": ("/e/{slug}/round/1/", "organizer"),
    "table page": ("/e/{slug}/round/2/table/1/", "organizer"),
    "table page (judge)": ("/e/{slug}/round/2/table/1/", "judge"),
    "audit log": ("/e/{slug}/manage/audit/", "organizer"),
    "audit log, a table": ("/e/{slug}/manage/audit/?round=2&table=1", "organizer"),
    "documents page": ("/e/{slug}/manage/documents/", "organizer"),
    "judge's desk": ("/e/{slug}/manage/judge/", "organizer"),
    "judge's desk (judge)": ("/e/{slug}/manage/judge/", "judge"),
    "standings print": ("/e/{slug}/standings/print/", "organizer"),
    "API round": ("/api/events/{slug}/rounds/2/", "organizer"),
    "API entries": ("/api/events/{slug}/entries/", "organizer"),
    "API table": ("/api/events/{slug}/rounds/2/tables/1/", "organizer"),
    "API hands": ("/api/events/{slug}/rounds/2/tables/1/hands/", "organizer"),
}


@pytest.fixture(scope="module")
def events(django_db_setup, django_db_blocker) -> Any:
    """The two events, made once for the module inside a transaction rolled back at its end."""
    from django.db import transaction

    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            organizer, judge = make_organizer("alice"), _user("bob")
            small = staff_event(organizer, judge, "small-open", SMALL)
            large = staff_event(organizer, judge, "large-open", LARGE)
            yield {"organizer": organizer, "judge": judge}, small, large
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def queries(client: Any, url: str) -> int:
    """The queries of one request, after a first that warms what is kept between requests."""
    assert client.get(url).status_code == 200, url
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx)


@pytest.mark.parametrize("read", list(READS))
def test_a_staff_read_costs_the_same_queries_at_a_larger_event(read, events, db):
    people, small, large = events
    path, who = READS[read]
    client = client_for(people[who])
    small_count = queries(client, path.format(slug=small.slug))
    assert queries(client, path.format(slug=large.slug)) == small_count


def test_the_standings_print_view_computes_the_standings_once_per_change(events, db, monkeypatch):
    """The print view reads the standings the public pages keep per change of the event: printing
    them again computes nothing (at 1,024 players the recompute was most of the request)."""
    from tournaments.documents.protocols import build
    from tournaments.public import live

    people, small, _large = events
    computed = []

    def counted(tournament):
        computed.append(tournament.pk)
        return real(tournament)

    real = live.event_standings
    monkeypatch.setattr(live, "event_standings", counted)
    monkeypatch.setattr(build, "event_standings", counted, raising=False)
    client = client_for(people["organizer"])
    for _ in range(2):
        assert client.get(f"/e/{small.slug}/standings/print/").status_code == 200
    assert computed == [small.pk]
