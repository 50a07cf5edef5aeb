"""An anonymous visitor's public page is answered whole from the cache while the event is unchanged
(tournaments/public/cache.py): one lookup of the event's data version, the same bytes; a change, a
signed-in person, another language or a running clock's next second get a page rendered afresh."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for, enter_e1
from tournaments.models import Round, Table
from tournaments.public import cache as public_cache
from tournaments.rounds import services as rounds

PAGES = [
    "/e/{slug}/",
    "/e/{slug}/standings/",
    "/e/{slug}/standings/?part=rows",
    "/e/{slug}/hall/",
    "/e/{slug}/round/1/",
    "/e/{slug}/live.json",
    "/api/events/{slug}/standings/",
    "/api/events/{slug}/live/",
]


def get(client, url, **headers):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, headers=headers)
    return response, [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize("path", PAGES)
def test_the_second_anonymous_request_reads_only_the_event_version_and_gets_the_same_bytes(paused, path):
    url = path.format(slug=paused.slug)
    client = client_for(None)
    first, _ = get(client, url)
    second, queries = get(client, url)
    assert first.status_code == second.status_code == 200
    assert second.content == first.content
    assert second["Content-Type"] == first["Content-Type"]
    assert second["Content-Security-Policy"] == first["Content-Security-Policy"]
    assert len(queries) == 1 and "auditentry" in queries[0], queries  # the data version, nothing else
    assert 'FROM "tournaments_tournament"' not in queries[0]  # no view ran
    assert "csrftoken" not in second.cookies


def test_a_hand_entered_is_on_the_next_anonymous_request(paused, bob):
    client = client_for(None)
    url = f"/e/{paused.slug}/live.json"
    before, _ = get(client, url)
    assert all(row["game_points"] == 0 for row in before.json()["standings"])
    enter_e1(bob, Table.objects.get(round__tournament=paused, number=1))
    after, queries = get(client, url)
    assert len(queries) > 1  # rendered afresh
    assert any(row["game_points"] for row in after.json()["standings"])


def test_a_signed_in_person_is_never_answered_from_the_anonymous_copy(paused, alice):
    url = f"/e/{paused.slug}/round/1/"
    anonymous, _ = get(client_for(None), url)
    assert "alice" not in anonymous.content.decode()
    organizer = client_for(alice)
    mine, queries = get(organizer, url)
    assert "alice" in mine.content.decode() and "round-action" not in anonymous.content.decode()
    assert len(queries) > 1
    again, _ = get(client_for(None), url)
    assert again.content == anonymous.content  # nor did the organizer's page replace the public one


def test_each_language_has_its_own_copy(paused):
    url = f"/e/{paused.slug}/standings/"
    client = client_for(None)
    hungarian, _ = get(client, url, accept_language="hu")
    slovenian, _ = get(client, url, accept_language="sl")
    assert hungarian["Content-Language"] == "hu"
    assert slovenian["Content-Language"] == "sl"
    assert hungarian.content != slovenian.content
    again, queries = get(client, url, accept_language="hu")
    assert again.content == hungarian.content and len(queries) == 1
    client.cookies["django_language"] = "sl"
    chosen, queries = get(client, url, accept_language="hu")
    assert chosen.content == slovenian.content and len(queries) == 1  # the chosen language wins, still kept


def test_a_request_with_a_session_is_not_answered_from_the_copy(paused):
    url = f"/e/{paused.slug}/hall/"
    client = client_for(None)
    get(client, url)
    client.cookies["sessionid"] = "not-a-session"
    _, queries = get(client, url)
    assert len(queries) > 1


def test_the_standings_rows_answer_not_modified_from_the_copy(paused):
    url = f"/e/{paused.slug}/standings/?part=rows"
    client = client_for(None)
    first, _ = get(client, url)
    etag = first["ETag"]
    again, queries = get(client, url, if_none_match=etag)
    assert again.status_code == 304 and again["ETag"] == etag and again.content == b""
    assert len(queries) == 1


def test_a_running_clock_is_kept_one_second_at_most(running_event, alice, monkeypatch):
    rnd = Round.objects.get(tournament=running_event, number=1)
    if rnd.started_at is None:
        rounds.start_clock(alice, rnd)
    url = f"/e/{running_event.slug}/live.json"
    client = client_for(None)
    now = [1_000_000.0]
    monkeypatch.setattr(public_cache.time, "time", lambda: now[0])
    get(client, url)
    _, queries = get(client, url)
    assert len(queries) == 1
    now[0] += public_cache.CLOCK_SECONDS + 0.1
    _, queries = get(client, url)
    assert any('FROM "tournaments_tournament"' in q for q in queries)  # the view ran: the clock worked out again


def test_the_language_switch_needs_no_csrf_token_and_stays_on_this_site(paused):
    client = Client(enforce_csrf_checks=True)
    url = f"/e/{paused.slug}/standings/"
    response = client.post("/i18n/setlang/", {"language": "hu", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    assert client.cookies["django_language"].value == "hu"
    response = client.post("/i18n/setlang/", {"language": "sl", "next": "https://evil.example/"})
    assert response.status_code == 302 and "evil" not in response["Location"]
