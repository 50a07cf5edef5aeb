"""§5: the ladder: players by series total, ties broken group by group, still-tied players share a rank.

Also §1.4's history (a player's ladder position after each event) and §7.1's ladder before the
final: both are the same ladder over the events up to a point of the series.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from .checks import validate
from .counting import results_counted, split
from .model import Event, InvalidSeries, LadderLine, PlayerResults, Settings, exact_sum
from .points import event_values

ListedBy = Callable[[str], Any]


class _Line:
    """A player's figures while the ladder is sorted."""

    __slots__ = ("best", "counted", "dropped", "player", "results", "total")

    def __init__(self, results: PlayerResults, counted: dict[int, Decimal], dropped: dict[int, Decimal]):
        self.player = results.player
        self.results = results
        self.counted = counted
        self.dropped = dropped
        self.total = exact_sum(counted.values())
        # §5.2 best_result: the counted values from the highest; Python compares tuples value by
        # value and a tuple that runs out first is the smaller, i.e. it loses.
        self.best = tuple(sorted(counted.values(), reverse=True))


def _grouped(group: list[_Line], key: Callable[[_Line], Any]) -> list[list[_Line]]:
    """``group`` split into runs of equal ``key``, the highest key first."""
    out: list[list[_Line]] = []
    for line in sorted(group, key=key, reverse=True):
        if out and key(out[-1][0]) == key(line):
            out[-1].append(line)
        else:
            out.append([line])
    return out


def _by_latest_event(group: list[_Line]) -> list[list[_Line]]:
    """§5.2 latest_event: the better place in the latest event in whose result every player of
    the group appears (a heine no result appears); the group stays whole when there is none."""
    common = set.intersection(*(set(line.results.places) for line in group))
    if not common:
        return [group]
    latest = max(common)
    return _grouped(group, lambda line: -line.results.places[latest])


TIE_BREAK_SPLITS: dict[str, Callable[[list[_Line]], list[list[_Line]]]] = {
    "best_result": lambda group: _grouped(group, lambda line: line.best),
    "latest_event": _by_latest_event,
    "events": lambda group: _grouped(group, lambda line: len(line.results.places)),
}


Values = dict[str, tuple[Decimal | None, int]]  # an event's player -> (series points, place)


def _players(values: Sequence[Values]) -> dict[str, PlayerResults]:
    """Player -> his value and place in every event he appears in (event index -> ...)."""
    players: dict[str, PlayerResults] = {}
    for i, event in enumerate(values):
        for player, (value, place) in event.items():
            entry = players.get(player)
            if entry is None:
                entry = players[player] = PlayerResults(player)
            entry.values[i] = value
            entry.places[i] = place
    return players


def _ordered(
    settings: Settings, events: Sequence[Event], values: Sequence[Values], listed_by: ListedBy | None
) -> list[tuple[int, _Line]]:
    """(rank, line) in ladder order, for ``events`` already validated and their ``values``."""
    n = results_counted(settings, events)
    always = [event.always_counts for event in events]
    lines = []
    for results in _players(values).values():
        counted, dropped = split(results.values, always, n)
        if counted or dropped:  # §5.1: at least one result (a no result is none, §4.2)
            lines.append(_Line(results, counted, dropped))
    groups = _grouped(lines, lambda line: line.total)
    for key in settings.tie_breaks:
        groups = [part for group in groups for part in (TIE_BREAK_SPLITS[key](group) if len(group) > 1 else [group])]
    listing = listed_by or (lambda player: player)  # the command line: by id, in code-point order
    out: list[tuple[int, _Line]] = []
    for group in groups:
        rank = len(out) + 1  # shared ranks: 1, 1, 3
        out.extend((rank, line) for line in sorted(group, key=lambda line: listing(line.player)))
    return out


def _line(rank: int, line: _Line, events: Sequence[Event]) -> LadderLine:
    places = line.results.places
    return LadderLine(
        player=line.player,
        rank=rank,
        total=line.total,
        counted={events[i].id: v for i, v in line.counted.items()},
        dropped={events[i].id: v for i, v in line.dropped.items()},
        events=len(places),
        no_result=tuple(events[i].id for i, v in line.results.values.items() if v is None),
        provisional=tuple(events[i].id for i in places if events[i].provisional),
    )


def _checked(settings: Settings, events: Sequence[Event]) -> None:
    errors = validate(settings, events)
    if errors:
        raise InvalidSeries(errors)


def ladder(settings: Settings, events: Sequence[Event], listed_by: ListedBy | None = None) -> list[LadderLine]:
    """The series ladder (§5) over ``events`` in the series' order.

    ``listed_by``: how players still tied after every tie-break are listed (the site: by name);
    by default by player id in code-point order, as the command line lists them (§5.2).
    Raises ``InvalidSeries`` naming every field that makes the input uncomputable (§9).
    """
    _checked(settings, events)
    values = [event_values(settings, event) for event in events]
    return [_line(rank, line, events) for rank, line in _ordered(settings, events, values, listed_by)]


def ladder_before(
    settings: Settings, events: Sequence[Event], final_id: str, listed_by: ListedBy | None = None
) -> list[LadderLine]:
    """§7.1: the ladder the cut line of a final is drawn on, counting only events before it."""
    ids = [event.id for event in events]
    if final_id not in ids:
        raise KeyError(f"no event {final_id!r} in the series")
    return ladder(settings, events[: ids.index(final_id)], listed_by)


def ladder_history(
    settings: Settings, events: Sequence[Event], listed_by: ListedBy | None = None
) -> dict[str, dict[str, int]]:
    """§1.4: player -> {event id: his ladder rank after that event}, the ladder computed over the
    events up to and including each one.

    An event with no result yet (not played) has no "after": it is left out. A player appears
    from the first event after which he has a ladder place.
    """
    _checked(settings, events)
    values = [event_values(settings, event) for event in events]  # an event's values do not change later
    history: dict[str, dict[str, int]] = {}
    for k, event in enumerate(events):
        if not event.results:
            continue
        for rank, line in _ordered(settings, events[: k + 1], values[: k + 1], listed_by):
            history.setdefault(line.player, {})[event.id] = rank
    return history
