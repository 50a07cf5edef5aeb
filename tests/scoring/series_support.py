"""Small builders of series input for the tests of ``scoring.series`` (season.md). Pure."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from scoring.series import Event, LadderLine, Result, Settings


def D(text: str | int) -> Decimal:
    return Decimal(str(text))


def by_place(event_id: str, *players: str, **kw: Any) -> Event:
    """An event whose result is ``players`` in that order, places 1..N."""
    return Event(event_id, tuple(Result(p, i) for i, p in enumerate(players, start=1)), **kw)


def _places(figures: dict[str, Any]) -> dict[str, int]:
    """Competition places by the figure, highest first (ties share a place: 1, 1, 3)."""
    return {p: 1 + sum(1 for other in figures.values() if D(other) > D(v)) for p, v in figures.items()}


def with_totals(event_id: str, totals: dict[str, Any], **kw: Any) -> Event:
    """An event's result from each player's ``total`` (places by total)."""
    places = _places(totals)
    return Event(event_id, tuple(Result(p, places[p], total=D(t)) for p, t in totals.items()), **kw)


def with_game_points(event_id: str, points: dict[str, Any], **kw: Any) -> Event:
    """An event's result from each player's ``game_points`` (places by them)."""
    places = _places(points)
    return Event(event_id, tuple(Result(p, places[p], game_points=D(g)) for p, g in points.items()), **kw)


TOTALS = Settings(points="event_total")


def table(lines: list[LadderLine]) -> list[tuple[str, int, Decimal]]:
    """(player, rank, total) per line, in ladder order."""
    return [(line.player, line.rank, line.total) for line in lines]
