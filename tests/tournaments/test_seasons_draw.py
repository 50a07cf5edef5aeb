"""Round 1 of an event of a series drawn from the series ladder before it (season.md §6), on the
rounds page as the director does it and through the API: "ladder groups" puts one player of each
ladder group at every table, "ladder as strength order" one of each strength band; players without
a ladder place come after all others. Only an event of a series is offered either method."""

from __future__ import annotations

import json

import pytest

from tests.conftest import client_for
from tests.seasons_support import SEASON_PLAYERS, finished_event, new_event
from tests.tournaments.draws_support import draw_form, draw_on_the_page, play_out, rounds_page, tables_of
from tournaments.models import Round
from tournaments.seasons import services

# The third event: the ten players with a ladder place and two new ones (Klemen and Lidija), at three
# tables of four: four ladder groups of three (a draw by lot splits every group over the tables about
# once in a hundred).
AUTUMN = SEASON_PLAYERS


@pytest.fixture
def season(alice):
    series = services.create_series(alice, name="Season 2026", points="event_total", is_public=True)
    for name, players in (("Spring Cup", SEASON_PLAYERS[:8]), ("Summer Cup", SEASON_PLAYERS[2:10])):
        services.add_event(alice, series, finished_event(alice, name, players))
    return series


def groups_by_ladder(client, series, event) -> list[set[int]]:
    """The event's start numbers cut into four groups of three by the public ladder's order (the ladder
    before the event: it has no result yet); the two players without a place close the last group."""
    ladder = client.get(f"/api/series/{series.slug}/ladder/").json()["ladder"]
    number = dict(event.entries.values_list("player_id", "start_number"))
    placed = [number[line["player"]] for line in ladder if line["player"] in number]
    assert len(placed) == 10
    unplaced = set(number.values()) - set(placed)
    return [set(placed[0:3]), set(placed[3:6]), set(placed[6:9]), {placed[9], *unplaced}]


@pytest.mark.parametrize("method", ["ladder_groups", "ladder_strength"])
def test_round_one_drawn_on_the_rounds_page_from_the_ladder(alice, season, method):
    autumn = new_event(alice, "Autumn Cup", AUTUMN)
    services.add_event(alice, season, autumn)
    client = client_for(alice)
    page = client.get(rounds_page(client, autumn)).content.decode()
    assert f'value="{method}"' in page
    assert draw_form(client, autumn).fields["method"] == "random"  # the variant's own draw stays the default
    response = draw_on_the_page(client, autumn, method=method)
    assert response.status_code == 302
    rnd = Round.objects.get(tournament=autumn, number=1)
    tables = tables_of(rnd)
    assert len(tables) == 3 and all(len(t) == 4 for t in tables)  # 12 players at three tables of four
    for group in groups_by_ladder(client_for(None), season, autumn):
        assert [len(group & t) for t in tables] == [1, 1, 1], (group, tables)  # one of each group at each table
    autumn.refresh_from_db()
    assert autumn.draw_method == method


def test_an_event_in_no_series_is_not_offered_the_ladder(alice):
    lone = new_event(alice, "Lone Cup", AUTUMN)
    client = client_for(alice)
    page = client.get(rounds_page(client, lone)).content.decode()
    assert 'value="ladder_groups"' not in page and 'value="ladder_strength"' not in page
    response = client.post(
        f"/api/events/{lone.slug}/rounds/", json.dumps({"method": "ladder_groups"}), content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "method"
    assert not Round.objects.filter(tournament=lone).exists()


def test_the_api_draws_by_ladder_groups_and_the_seed_repeats_it(alice, season):
    autumn = new_event(alice, "Autumn Cup", AUTUMN)
    services.add_event(alice, season, autumn)
    client = client_for(alice)
    response = client.post(
        f"/api/events/{autumn.slug}/rounds/", json.dumps({"method": "ladder_groups"}), content_type="application/json"
    )
    assert response.status_code == 201, response.content
    tables = tables_of(Round.objects.get(tournament=autumn, number=1))
    for group in groups_by_ladder(client_for(None), season, autumn):
        assert [len(group & t) for t in tables] == [1, 1, 1]
    # Redrawn from the same seed, the same tables.
    again = client.post(f"/api/events/{autumn.slug}/rounds/1/redraw/", "{}", content_type="application/json")
    assert again.status_code in (200, 201), again.content
    assert tables_of(Round.objects.get(tournament=autumn, number=1)) == tables


def test_an_event_taken_out_of_its_series_after_a_ladder_draw_still_draws_its_next_round(alice, season):
    """Later rounds follow results whatever round 1's method (§6.4): leaving the series does not stop them."""
    autumn = new_event(alice, "Autumn Cup", AUTUMN, rounds=2)
    services.add_event(alice, season, autumn)
    client = client_for(alice)
    assert draw_on_the_page(client, autumn, method="ladder_groups").status_code == 302
    play_out(alice, Round.objects.get(tournament=autumn, number=1))
    services.remove_event(alice, season, season.members.get(tournament=autumn))
    response = client.post(f"/api/events/{autumn.slug}/rounds/", "{}", content_type="application/json")
    assert response.status_code == 201, response.content
    assert Round.objects.filter(tournament=autumn, number=2).exists()
