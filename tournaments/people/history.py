"""A person's page (season.md §1.4): his events — date, event, place of N, the event's main figure and
his series points there — and, for each series he is in, his ladder position after each event.

Public for what is public: only the events the viewer may see (``lookups.visible_events``) are read, and
a person in none of them is not found. Places and figures come from each event's standings as its
pages show them (``live.standings``: computed once per change of the event), never summed here.

The series part is the seasons package's (``SERIES_HOOK``): where the module exists, its
``player_series(player, events, viewer)`` answers a ``PlayerSeries`` per series the player is in,
over the events given (those the viewer may see); until then the page has no series part.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.http import Http404

from tournaments.lookups import visible_events
from tournaments.models import Entry, Player, Tournament
from tournaments.public import live
from tournaments.results.load import metric_label, metric_text
from tournaments.rounds.whereabouts import player_url

# The module of the seasons package that answers a player's series (``player_series``).
SERIES_HOOK = "tournaments.seasons.people"


@dataclass(frozen=True)
class SeriesEvent:
    """His part in one member event of a series."""

    tournament_id: int
    points: Decimal | None = None  # his series points from this event (weighted); None: no result there
    dropped: bool = False  # not counted (season.md §4.2): shown in brackets
    provisional: bool = False  # the event is still running (§2.2)
    rank: int | None = None  # his ladder position after this event (None: not on the ladder yet)
    of: int | None = None  # players on the ladder after this event


@dataclass(frozen=True)
class PlayerSeries:
    """One series the player is in: its name, its ladder page and his events in the series' order."""

    name: str
    url: str
    events: Sequence[SeriesEvent] = field(default_factory=tuple)


def player_series(player: Player, events: Sequence[Tournament], viewer: Any) -> list[PlayerSeries]:
    """The seasons package's answer (``SERIES_HOOK``), or none while it does not exist."""
    try:
        module = importlib.import_module(SERIES_HOOK)
    except ModuleNotFoundError as exc:
        if exc.name and SERIES_HOOK.startswith(exc.name):
            return []
        raise
    return list(module.player_series(player, events, viewer))


def _number_text(value: Decimal | None) -> str:
    """Series points as the ladder prints them (exact: 29.5, 0.4875), the point localised by the page."""
    return "" if value is None else f"{value.normalize():f}"


def _place(tournament: Tournament, start_number: int) -> dict[str, Any]:
    """His place of N and the event's main figure (its first standings metric), from the standings."""
    if tournament.status == Tournament.Status.DRAFT:  # no round played: no place yet
        return {"place": None, "of": None, "provisional": False, "main": None}
    metrics, rows = live.standings(tournament)
    row = next((r for r in rows if start_number in r.start_numbers), None)
    if row is None:
        return {"place": None, "of": len(rows), "provisional": False, "main": None}
    key = metrics[0] if metrics else None
    value = row.line.metrics.get(key) if key else None
    return {
        "place": row.rank,
        "of": len(rows),
        # Provisional while the event runs (§2.2), as its series points are: a finished event's place is
        # final even where a table was closed without the players' confirmation.
        "provisional": tournament.status != Tournament.Status.FINISHED,
        "main": None
        if key is None
        else {"key": key, "label": metric_label(key), "value": value, "text": metric_text(value)},
    }


def person_page(viewer: Any, player: Player) -> dict[str, Any]:
    """The page's and the API's one payload; 404 when ``viewer`` may see none of his events."""
    entries = sorted(
        Entry.objects.filter(player=player, tournament__in=visible_events(viewer)).select_related("tournament"),
        key=lambda e: (e.tournament.date or e.tournament.created_at.date(), e.tournament.created_at),
        reverse=True,  # newest first; an event without a date counts from its creation
    )
    if not entries:
        raise Http404
    events = [e.tournament for e in entries]
    series = player_series(player, events, viewer)
    names = {t.pk: t.name for t in events}
    in_series: dict[int, tuple[PlayerSeries, SeriesEvent]] = {
        se.tournament_id: (s, se) for s in series for se in s.events
    }
    rows = []
    for e in entries:
        t = e.tournament
        member = in_series.get(t.pk)
        rows.append(
            {
                "tournament_id": t.pk,
                "slug": t.slug,
                "name": t.name,
                "date": t.date,
                "status": t.status,
                "url": player_url(t, e.start_number),
                "start_number": e.start_number,
                **_place(t, e.start_number),
                "series": None
                if member is None
                else {
                    "name": member[0].name,
                    "points": _number_text(member[1].points),
                    "dropped": member[1].dropped,
                    "provisional": member[1].provisional,
                },
            }
        )
    return {
        "id": player.pk,
        "name": player.name,
        "club": player.club,
        "events": rows,
        "series": [
            {
                "name": s.name,
                "url": s.url,
                "events": [
                    {
                        "tournament_id": se.tournament_id,
                        "name": names.get(se.tournament_id, ""),
                        "points": _number_text(se.points),
                        "dropped": se.dropped,
                        "provisional": se.provisional,
                        "rank": se.rank,
                        "of": se.of,
                    }
                    for se in s.events
                ],
            }
            for s in series
        ],
    }
