"""A person's series on his page (season.md §1.4): the seasons' answer to the players' pages' hook
(``tournaments.people.history.SERIES_HOOK``): his series points per member event and his ladder
position after each. The players' pages are another package's (tournaments/people/); where it is not
there yet, these tests wait for it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.conftest import client_for
from tests.seasons_support import SEASON_PLAYERS, finished_event, standings_of
from tournaments.models import Player
from tournaments.seasons import services

pytest.importorskip("tournaments.people.history")


@pytest.fixture
def season(alice):
    series = services.create_series(alice, name="Season 2026", points="event_total", is_public=True)
    events = [
        finished_event(alice, "Spring Cup", SEASON_PLAYERS[:8]),
        finished_event(alice, "Summer Cup", SEASON_PLAYERS[2:10]),
    ]
    for event in events:
        services.add_event(alice, series, event)
    return series, events


def test_his_series_points_and_ladder_position_after_each_event(season):
    from tournaments.people import history

    series, (spring, summer) = season
    cvetka = Player.objects.get(federation_id="SLO-03")  # in both events
    public = client_for(None)
    spring_rows = {r["name"]: r for r in standings_of(public, spring.slug)}
    summer_rows = {r["name"]: r for r in standings_of(public, summer.slug)}
    ladder = public.get(f"/api/series/{series.slug}/ladder/").json()["ladder"]
    [answer] = history.player_series(cvetka, [spring, summer], AnonymousUser())
    assert (answer.name, answer.url) == ("Season 2026", f"/s/{series.slug}/")
    first, second = answer.events
    assert (first.tournament_id, second.tournament_id) == (spring.pk, summer.pk)
    # event_total: his series points are the event's ranking points; every result counts.
    assert (first.points, second.points) == (
        spring_rows["Cvetka Zupan"]["ranking_points"],
        summer_rows["Cvetka Zupan"]["ranking_points"],
    )
    assert not first.dropped and not second.dropped and not first.provisional
    # After the first event the ladder is its standing (places end with the lot): his place of 8.
    assert (first.rank, first.of) == (spring_rows["Cvetka Zupan"]["rank"], 8)
    # After the second, the ladder's own rank, of the ten who played either event.
    assert (second.rank, second.of) == (next(line["rank"] for line in ladder if line["name"] == "Cvetka Zupan"), 10)


def test_a_private_series_is_not_on_the_public_page(season, alice):
    from tournaments.people import history

    series, events = season
    services.update_series(alice, series, is_public=False)
    cvetka = Player.objects.get(federation_id="SLO-03")
    assert history.player_series(cvetka, events, AnonymousUser()) == []
    assert len(history.player_series(cvetka, events, alice)) == 1
