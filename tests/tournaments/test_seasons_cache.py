"""The public ladder (page, its rows, its JSON, PDF and workbook) is answered whole from the public
cache while the series and its events are unchanged (tournaments/public/cache.py, as the event pages
are): one lookup of the series' data version, the same bytes; a change of the series or of a member
event is on the next request."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import client_for
from tests.seasons_support import SEASON_PLAYERS, finished_event, pdfs_not_drawn
from tournaments.events import services as event_services
from tournaments.seasons import services

PAGES = ["/s/{slug}/", "/s/{slug}/?part=rows", "/api/series/{slug}/ladder/", "/s/{slug}/ladder.xlsx"]


@pytest.fixture
def season(alice):
    series = services.create_series(alice, name="Season 2026", points="event_total", is_public=True)
    services.add_event(alice, series, finished_event(alice, "Spring Cup", SEASON_PLAYERS[:4]))
    return series


def get(client, url):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    return response, [q["sql"] for q in ctx.captured_queries]


@pytest.mark.parametrize("path", [*PAGES, "/s/{slug}/ladder.pdf"])
def test_the_second_anonymous_request_reads_only_the_series_version(season, path, monkeypatch):
    pdfs_not_drawn(monkeypatch)
    client = client_for(None)
    url = path.format(slug=season.slug)
    first, _ = get(client, url)
    second, queries = get(client, url)
    assert first.status_code == second.status_code == 200
    assert second.content == first.content
    assert len(queries) == 1 and "auditentry" in queries[0], queries  # the series' data version, no view
    assert "tournaments_series" not in queries[0].split("FROM", 1)[1].split("WHERE", 1)[0]


def test_a_change_of_the_series_or_a_member_event_is_on_the_next_request(alice, season):
    client = client_for(None)
    url = f"/api/series/{season.slug}/ladder/"
    assert client.get(url).json()["settings"]["points"] == "event_total"
    services.update_series(alice, season, points="cubic")
    assert client.get(url).json()["settings"]["points"] == "cubic"
    spring = season.members.get().tournament
    rows = f"/s/{season.slug}/?part=rows"
    etag = client.get(rows)["ETag"]
    assert client.get(rows, headers={"If-None-Match": etag}).status_code == 304
    event_services.register_player(alice, spring, name="Late Comer", club="TK Ptuj", federation_id="SLO-99")
    moved = client.get(rows, headers={"If-None-Match": etag})  # a member event's audited change
    assert moved.status_code == 200 and moved["ETag"] != etag
