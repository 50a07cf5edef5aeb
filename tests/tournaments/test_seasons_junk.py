"""No 500 on a series page or its API for any input (the guide: a 500 on any input is a bug): every
series address, for every persona, with junk in every field its forms and bodies read."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import client_for
from tests.seasons_support import SEASON_PLAYERS, finished_event, new_event, pdfs_not_drawn
from tests.support.junk import FIELD_JUNK
from tournaments.seasons import services

JUNK = {**FIELD_JUNK, "nan": "NaN"}
SETTINGS = ["name", "slug", "season", "language", "is_public", "points", "table", "count", "best_n"]
SETTINGS += ["minus_counts", "tie_breaks", "final", "final_places", "ties_at_cut", "table_text"]
SETTINGS += ["tie_break_1", "tie_break_2", "tie_break_3"]
OTHER = ["event", "weight", "always_counts", "position", "action", "player", "reason", "username", "page", "part"]


def fields(value: str, member: int) -> dict[str, str]:
    names = [*OTHER, *SETTINGS, *(f"s-{f}" for f in SETTINGS), *(f"add-{f}" for f in OTHER)]
    names += [f"m{member}-{f}" for f in OTHER] + ["org-username"]
    return {name: value for name in names}


@pytest.fixture
def season(alice, monkeypatch):
    pdfs_not_drawn(monkeypatch)
    series = services.create_series(alice, name="Season", points="event_total", is_public=True)
    services.add_event(alice, series, finished_event(alice, "Spring Cup", SEASON_PLAYERS[:4]))
    masters = new_event(alice, "Masters", [])
    services.add_event(alice, series, masters, always_counts=True)
    services.update_series(alice, series, final=masters, final_places=2)
    return series


@pytest.mark.parametrize("who", ["alice", "charlie", None])
def test_no_series_page_or_api_answers_500_to_junk(season, request, who):
    client = client_for(request.getfixturevalue(who) if who else None)
    member = season.members.first()
    slug = season.slug
    pages = [reverse("series-create")]
    pages += [reverse(n, args=[slug]) for n in ("series", "series-pdf", "series-xlsx", "series-manage")]
    pages += [reverse(n, args=[slug]) for n in ("series-event-add", "series-final-fill", "series-final-decline")]
    pages += [reverse(n, args=[slug]) for n in ("series-organizer-add", "series-audit")]
    pages += [reverse("series-event", args=[slug, e]) for e in ("spring-cup", "nothing")]
    api = [f"/api/series/{s}" for s in ("", f"{slug}/", f"{slug}/ladder/", f"{slug}/events/", f"{slug}/final/")]
    api += [f"/api/series/{slug}/{p}" for p in ("events/spring-cup/", "events/nothing/", "organizers/", "audit/")]
    api += [f"/api/series/{slug}/final/fill/", f"/api/series/{slug}/final/decline/", "/api/series/nothing/"]
    for value in JUNK.values():
        data = fields(value, member.pk)
        for url in pages:
            assert client.get(url, {"page": value, "part": value}).status_code < 500, url
            assert client.post(url, data).status_code < 500, (url, value[:20])
        for url in api:
            assert client.get(url, {"page": value}).status_code < 500, url
            for method in ("post", "patch", "delete"):
                body = json.dumps({k: v for k, v in data.items() if "-" not in k})
                assert getattr(client, method)(url, body, content_type="application/json").status_code < 500, (
                    method,
                    url,
                    value[:20],
                )
            shaped = {"table": [value], "tie_breaks": value, "weight": value, "player": value, "final": value}
            assert client.patch(url, json.dumps(shaped), content_type="application/json").status_code < 500, url
