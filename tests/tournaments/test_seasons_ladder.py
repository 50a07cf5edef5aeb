"""A series' ladder on the site (season.md §2–§5): each member event's result read from its standings,
turned into series points, counted or dropped, and ordered; a running event's result provisional; the
series' data version moving with its events and its own changes.

The expected numbers are worked out here from each event's published standings (the API's) and the
spec's rules, never by ``scoring.series``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.conftest import client_for
from tests.seasons_support import (
    SEASON_PLAYERS,
    finished_event,
    new_event,
    play_round,
    play_tables,
    standings_of,
)
from tournaments.models import AuditEntry
from tournaments.rounds import services as rounds
from tournaments.seasons import services
from tournaments.seasons.ladder import event_results, payload
from tournaments.seasons.models import SeriesEvent
from tournaments.seasons.versions import series_version_of

DEFAULT_TABLE = [223, 198, 180, 168, 156, 147, 138, 131, 124, 117]  # §3.1, places 1-10


@pytest.fixture
def two_events(alice):
    """Two finished one-round events of eight: players 1-8, then players 3-10 (Player rows shared)."""
    return finished_event(alice, "Spring Cup", SEASON_PLAYERS[:8]), finished_event(
        alice, "Summer Cup", SEASON_PLAYERS[2:10]
    )


def lines_by_name(data):
    return {line["name"]: line for line in data["ladder"]}


def test_an_events_result_is_its_standing_place_total_game_points_and_most_possible(two_events):
    spring = two_events[0]
    published = standings_of(client_for(None), spring.slug)
    results = event_results(spring, None)
    names = dict(spring.entries.values_list("player_id", "player__name"))
    assert [names[int(r.player)] for r in results] == [row["name"] for row in published]
    assert [r.place for r in results] == [row["rank"] for row in published]  # the event's own order, lot included
    assert [r.total for r in results] == [row["ranking_points"] for row in published]
    assert [r.game_points for r in results] == [row["game_points"] for row in published]
    # One round at a table of four: the best table result at four is 2 (taruk2012.md §6), so 1 × 2.
    assert {r.max_total for r in results} == {2}


def test_event_total_adds_each_events_total_and_a_running_event_is_provisional(alice, two_events):
    spring, summer = two_events
    autumn = new_event(alice, "Autumn Cup", SEASON_PLAYERS[4:12], rounds=2)
    play_round(alice, autumn)
    second = rounds.draw_round(alice, autumn)
    rounds.publish_draw(alice, second)
    rounds.start_clock(alice, second)
    play_tables(alice, second, numbers=[1])  # table 1 has played; table 2 has not begun
    series = services.create_series(alice, name="Season", points="event_total", is_public=True)
    for event in (spring, summer, autumn):
        services.add_event(alice, series, event)
    public = client_for(None)
    expected: dict[str, Decimal] = {}
    for event in (spring, summer, autumn):
        for row in standings_of(public, event.slug):
            expected[row["name"]] = expected.get(row["name"], Decimal(0)) + row["ranking_points"]
    data = payload(series)
    lines = lines_by_name(data)
    assert {name: line["total"] for name, line in lines.items()} == expected
    totals = [line["total"] for line in data["ladder"]]
    assert totals == sorted(totals, reverse=True)
    assert [e["provisional"] for e in data["events"]] == [False, False, True]
    lidija = lines["Lidija Zajc"]  # only in the running Autumn Cup
    assert list(lidija["results"]) == ["autumn-cup"] and lidija["results"]["autumn-cup"]["provisional"] is True
    assert lines["Ana Novak"]["results"]["spring-cup"]["provisional"] is False


def test_best_n_counts_the_higher_weighted_value_and_drops_the_other(alice, two_events):
    spring, summer = two_events
    series = services.create_series(
        alice, name="Cup", points="fixed_by_place", count="best_n", best_n=1, is_public=True
    )
    services.add_event(alice, series, spring)
    services.add_event(alice, series, summer, weight=Decimal("0.5"))
    public = client_for(None)
    value = {}
    for event, weight in ((spring, 1), (summer, Decimal("0.5"))):
        for row in standings_of(public, event.slug):
            value.setdefault(row["name"], {})[event.slug] = DEFAULT_TABLE[row["rank"] - 1] * weight
    lines = lines_by_name(payload(series))
    for name, values in value.items():
        best = max(values.values())
        kept = next(slug for slug, v in values.items() if v == best)  # equal values: the earlier event
        results = lines[name]["results"]
        assert lines[name]["total"] == best, name
        assert {slug: r["points"] for slug, r in results.items()} == values
        assert {slug for slug, r in results.items() if r["counted"]} == {kept}


def test_percent_of_possible_is_the_share_of_the_most_possible(alice, two_events):
    series = services.create_series(alice, name="Titles", points="percent_of_possible")
    services.add_event(alice, series, two_events[0])
    lines = lines_by_name(payload(series))
    for row in standings_of(client_for(None), two_events[0].slug):
        # 100 · total / (1 round × 2), to 2 decimals: 1.5 of 2 -> 75
        assert lines[row["name"]]["total"] == (100 * row["ranking_points"] / 2).quantize(Decimal("0.01"))


def test_a_settings_change_reorders_the_ladder_at_once_and_is_audited(alice, two_events):
    series = services.create_series(alice, name="Season", points="event_total")
    for event in two_events:
        services.add_event(alice, series, event)
    before = payload(series)
    version = series_version_of(series.pk)
    services.update_series(alice, series, points="fixed_by_place", table=[10, 5])
    assert series_version_of(series.pk) != version
    after = payload(series)
    assert after["settings"]["points"] == "fixed_by_place" and before["settings"]["points"] == "event_total"
    # Two places score: a player at place 3 or lower in both events has nothing.
    assert {line["total"] for line in after["ladder"]} <= {0, 5, 10, 15, 20}
    entry = AuditEntry.objects.filter(series=series).order_by("-id").first()
    assert entry.action == "series.updated" and entry.actor == alice
    assert (entry.before["points"], entry.after["points"]) == ("event_total", "fixed_by_place")
    assert entry.after["table"] == [10, 5]


def test_the_series_version_moves_with_a_member_events_hand_and_not_with_another_events(alice, two_events):
    series = services.create_series(alice, name="Season", points="event_total")
    services.add_event(alice, series, two_events[0])
    version = series_version_of(series.pk)
    outside = new_event(alice, "Outside", SEASON_PLAYERS[:4])
    assert series_version_of(series.pk) == version
    services.add_event(alice, series, outside)
    version = series_version_of(series.pk)
    rnd = rounds.draw_round(alice, outside)
    assert series_version_of(series.pk) != version  # a member's draw is a member's change
    version = series_version_of(series.pk)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    play_tables(alice, rnd)
    assert series_version_of(series.pk) != version


def test_an_event_belongs_to_one_series_and_a_weight_is_above_zero(alice, two_events):
    first = services.create_series(alice, name="One", points="event_total")
    second = services.create_series(alice, name="Two", points="event_total")
    services.add_event(alice, first, two_events[0])
    with pytest.raises(Exception, match="already an event of the series One"):
        services.add_event(alice, second, two_events[0])
    with pytest.raises(Exception, match="weight"):
        services.add_event(alice, second, two_events[1], weight=Decimal(0))
    assert SeriesEvent.objects.filter(series=second).count() == 0


def test_series_organizers_alone_change_it(alice, bob, two_events):
    series = services.create_series(alice, name="Season", points="event_total")
    with pytest.raises(Exception, match="organizers of this series"):
        services.update_series(bob, series, points="cubic")
    with pytest.raises(Exception, match="organizers of this series"):
        services.add_event(bob, series, two_events[0])
    services.add_organizer(alice, series, "bob")
    with pytest.raises(Exception, match="Only an organizer of Spring Cup"):
        services.add_event(bob, series, two_events[0])  # bob organizes the series, not the event
    services.update_series(bob, series, points="cubic")
