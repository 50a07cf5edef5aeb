"""The demo's small season (``manage.py demo``): three finished Taruk events and a running one in a
series, round 1 of the running one drawn by ladder groups, and a Masters to fill from the ladder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import Any

from django.contrib.auth.models import User

from tournaments.events import services
from tournaments.models import Tournament
from tournaments.readings.words import with_readings
from tournaments.rounds import services as rounds
from tournaments.seasons import services as series_services
from tournaments.seasons.models import Series
from tournaments.tables import hands

SLUG = "demo-season-2026"
# (name, slug, date, the demo players' slice, finished?)
EVENTS = [
    ("Pokal Ljubljana (demo)", "demo-pokal-ljubljana", date(2026, 2, 14), slice(0, 12), True),
    ("Pokal Maribor (demo)", "demo-pokal-maribor", date(2026, 4, 11), slice(2, 14), True),
    ("Pokal Celje (demo)", "demo-pokal-celje", date(2026, 6, 13), slice(4, 16), True),
    ("Pokal Koper (demo)", "demo-pokal-koper", date(2026, 9, 19), slice(0, 12), False),
]
MASTERS = ("Masters (demo)", "demo-masters", date(2026, 12, 5))
MASTERS_PLACES = 8
HANDS_PER_ROUND = 4


def _event(
    organizer: User,
    name: str,
    slug: str,
    day: date,
    players: Sequence[tuple[str, str]],
    first: int,
    round_count: int = 2,
) -> Tournament:
    """A public Taruk event of the season with the demo's readings and ``players`` (their federation ids
    as the demo's other Taruk event gives them, so each is one player across the season's events)."""
    config, event_settings = with_readings(
        "taruk2012", {}, {}, {"radelc": "holder_plays", "partner_share": "magnitude", "table_ties": "competition"}
    )
    event = services.create_tournament(
        organizer,
        name=name,
        slug=slug,
        date=day,
        variant="taruk2012",
        rounds=round_count,
        hands_per_round=HANDS_PER_ROUND,
        round_minutes=45,
        table_size=4,
        draw_seed=slug,
        is_public=True,
        config=config,
        event_settings=event_settings,
    )
    for i, (player, club) in enumerate(players, start=first):
        services.register_player(organizer, event, name=player, club=club, federation_id=f"SLO-1{i:02d}")
    return event


def _play(organizer: User, rnd: Any, makers: Sequence[Callable], tables: Sequence[int] | None = None) -> None:
    for table in rnd.tables.order_by("number"):
        if tables is not None and table.number not in tables:
            continue
        setup = hands.table_setup(table, rnd.tournament)
        previous = None
        for make in makers:
            envelope = hands.next_envelope(setup, previous)
            previous = hands.enter_hand(organizer, table, {**envelope, **make(envelope["seats"])})


def make_season(organizer: User, players: Sequence[tuple[str, str]], makers: Sequence[Callable]) -> str:
    """Create the demo season (unless it exists) and say what it holds."""
    if Series.objects.filter(slug=SLUG).exists():
        return f"Demo series {SLUG!r} exists already."
    series = series_services.create_series(
        organizer,
        name="Taruk season 2026 (demo)",
        slug=SLUG,
        season="2026",
        language="sl",
        is_public=True,
        points=Series.Points.FIXED_BY_PLACE,
        count=Series.Count.BEST_HALF,
    )
    makers = list(makers)[:HANDS_PER_ROUND]
    for name, slug, day, chosen, finished in EVENTS:
        event = _event(organizer, name, slug, day, players[chosen], chosen.start + 1)
        series_services.add_event(organizer, series, event)
        if finished:
            for _ in range(event.rounds):
                rnd = rounds.draw_round(organizer, event)
                rounds.publish_draw(organizer, rnd)
                rounds.start_clock(organizer, rnd)
                _play(organizer, rnd, makers)
                rounds.close_round(organizer, rnd, override=True, reason="demo: played in the demo")
        else:  # round 1 seeded from the ladder before it (season.md §6.2), two tables played
            rnd = rounds.draw_round(organizer, event, method="ladder_groups")
            rounds.publish_draw(organizer, rnd)
            rounds.start_clock(organizer, rnd)
            _play(organizer, rnd, makers, tables=(1, 2))
    masters = _event(organizer, *MASTERS, [], 1, round_count=3)
    series_services.add_event(organizer, series, masters, always_counts=True)
    series_services.update_series(organizer, series, final=masters, final_places=MASTERS_PLACES)
    return (
        f"Demo series {series.name!r}: three finished events, a running one (round 1 by ladder groups) "
        f"and a Masters for the best {MASTERS_PLACES} to fill: /s/{SLUG}/"
    )
