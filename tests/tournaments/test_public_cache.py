"""The public pages are computed once per change of the event (the id of its latest audit entry), not per request:
a change is visible on the next request, and a repeated request reads nothing but the event's row."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.conftest import client_for, enter_e1
from tournaments.events import services
from tournaments.models import Hand, Round, Table
from tournaments.public.live import data_version
from tournaments.rounds import services as rounds

# What a repeated public request may still read: the event (with its version), the session and the user.
# The event, its latest audit entry (the data version), and the signed-in person's session.
ALLOWED = {"tournaments_tournament", "tournaments_auditentry", "django_session", "auth_user"}


def tables_read(client, url) -> tuple[set[str], int]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    found = {t for q in ctx.captured_queries for t in re.findall(r'(?:FROM|JOIN) "(\w+)"', q["sql"])}
    return found, len(ctx.captured_queries)


def test_a_hand_entered_is_on_the_standings_page_and_in_live_json_on_the_next_request(running_event, bob):
    client = client_for(None)
    standings = reverse("standings", args=[running_event.slug])
    live = reverse("live-json", args=[running_event.slug])
    before = client.get(live).json()
    assert all(row["game_points"] == 0 for row in before["standings"])
    assert "*</em></td>" not in client.get(standings).content.decode()  # no running points yet (now cached)

    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    points = Hand.objects.get(table=table, number=1).points
    position = next(p for p, v in points.items() if v)
    declarer = table.seats.select_related("entry__player").get(position=position).entry.player.name

    rows = {row["name"]: row for row in client.get(live).json()["standings"]}
    assert rows[declarer]["game_points"] == points[position]
    html = client.get(standings).content.decode()
    row = next(r for r in re.split(r"<tr[^>]*>", html) if declarer + " " in r)
    assert f"{points[position]}*</em>" in row  # the running game points, marked, at once: no waiting out a timeout


def test_every_audited_change_moves_the_event_version(running_event, alice, bob):
    start = data_version(running_event)
    enter_e1(bob, Table.objects.get(round__tournament=running_event, number=1))
    after_hand = data_version(running_event)
    services.update_tournament(alice, running_event, name="Renamed cup")
    after_edit = data_version(running_event)
    assert len({start, after_hand, after_edit}) == 3


def test_a_second_request_of_the_standings_page_reads_only_the_event_and_the_session(running_event, bob, alice):
    enter_e1(bob, Table.objects.get(round__tournament=running_event, number=1))
    url = reverse("standings", args=[running_event.slug])
    for person in (None, alice):
        client = client_for(person)
        first, _ = tables_read(client, url)
        if person is None:
            assert "tournaments_tablesums" in first  # the first request after the change computes the rows, once
        second, count = tables_read(client, url)
        assert second <= ALLOWED, second
        assert count <= (2 if person is None else 4)


def test_the_other_public_pages_do_not_recompute_on_a_second_request(running_event, bob):
    enter_e1(bob, Table.objects.get(round__tournament=running_event, number=1))
    client = client_for(None)
    slug = running_event.slug
    for url in (
        reverse("live-json", args=[slug]),
        reverse("hall", args=[slug]),
        f"/api/events/{slug}/standings/",
        f"/api/events/{slug}/live/",
    ):
        tables_read(client, url)
        second, _ = tables_read(client, url)
        assert second <= ALLOWED, (url, second)
    # The round page reads its round (the clock) but not the draw again.
    url = reverse("round", args=[slug, 1])
    tables_read(client, url)
    second, _ = tables_read(client, url)
    assert second <= ALLOWED | {"tournaments_round"}, second


def test_a_hand_entered_is_in_the_api_standings_on_the_next_request(running_event, bob):
    client = client_for(None)
    url = f"/api/events/{running_event.slug}/standings/"
    assert client.get(url).status_code == 200
    table = Table.objects.get(round__tournament=running_event, number=1)
    enter_e1(bob, table)
    points = Hand.objects.get(table=table, number=1).points
    body = client.get(url).json()
    assert sorted(v for row in body["rows"] for v in [row["metrics"].get("game_points")] if v) == sorted(
        v for v in points.values() if v
    )


def _cold_queries(client, url: str) -> int:
    cache.clear()  # the first request after a change: everything computed afresh
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


PUBLIC_PAGES = {
    "standings page": "/e/{slug}/standings/",
    "standings rows": "/e/{slug}/standings/?part=rows",
    "hall": "/e/{slug}/hall/",
    "round page": "/e/{slug}/round/1/",
    "live.json": "/e/{slug}/live.json",
    "API standings": "/api/events/{slug}/standings/",
    "API live": "/api/events/{slug}/live/",
}


@pytest.mark.parametrize("page", PUBLIC_PAGES)
def test_a_public_page_computed_afresh_reads_no_more_when_the_event_grows(running_event, alice, bob, page):
    client = client_for(None)
    url = PUBLIC_PAGES[page].format(slug=running_event.slug)
    enter_e1(bob, Table.objects.get(round__tournament=running_event, number=1))
    small = _cold_queries(client, url)
    # More players, hands and tables: round 1 played out and closed, 12 players seated in round 2.
    for table in Table.objects.filter(round__tournament=running_event):
        while table.hands.count() < 2:
            enter_e1(bob, table)
    for i in range(4):
        services.register_player(alice, running_event, name=f"Late {i}", club="TK Late")
    rounds.close_round(alice, Round.objects.get(tournament=running_event, number=1), override=True, reason="test")
    second = rounds.draw_round(alice, running_event)
    rounds.publish_draw(alice, second)
    rounds.start_clock(alice, second)
    enter_e1(bob, Table.objects.get(round=second, number=3))
    assert Hand.objects.filter(table__round__tournament=running_event).count() == 5
    assert _cold_queries(client, url) <= small
