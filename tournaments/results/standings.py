"""Table results and standings: pure functions over plain data, no Django import.

Each variant turns a table's round totals into placement points, and gives its bye
points and default tie-breaks (``Variant.standing``, scoring/standing_rules.py); the
overall order is by a list of small named metrics chosen per event (``METRICS``,
STYLE.md §2), applied the same way for every variant. Points are ``Fraction``s inside, so that
shared places never meet binary rounding; the public functions give floats that are
exact (every value is a multiple of 1/8).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.registry import VARIANTS
from scoring.standing_rules import places as places  # re-seating places players as the standings do
from tournaments.incidents.exclusions import struck


def table_points(
    variant: str, totals: Mapping[str, int], settings: Mapping[str, Any] | None = None
) -> dict[str, Fraction]:
    """The variant's placement points of one table (``StandingRules.table_points``) under the event's
    settings (``Tournament.event_settings``: Taruk's table ties); none for a table size its ladder does
    not know (pages and sheets then leave the points empty)."""
    try:
        return VARIANTS[variant].standing.table_points(totals, settings or {})
    except ValueError:
        return {}


def gettext_noop(message: str) -> str:
    """Marks a metric's words for translation (makemessages knows this name); the pages
    translate them where they show them, so this module stays free of Django."""
    return message


@dataclass(frozen=True, slots=True)
class TableResult:
    round: int
    table: int
    totals: Mapping[str, int]  # player id -> round total at this table (running while not complete)
    confirmed: bool = True
    # taruk2012.md §6.1: a table has a result (places, ranking points, a winner) only once
    # its round ends there; before that its totals are running game points, provisional.
    complete: bool = True


@dataclass(slots=True)
class Line:
    """One player's line in the standings."""

    player: str
    ranking_points: Fraction = Fraction(0)
    game_points: int = 0
    table_wins: int = 0
    hands_rounds: int = 0
    byes: int = 0
    provisional: bool = False  # a table of his is not confirmed yet (or still playing)
    playing: bool = False  # his game points include a table still playing
    per_round: dict[int, Fraction] = field(default_factory=dict)
    running: dict[int, int] = field(default_factory=dict)  # round -> running game points of an unfinished table
    tables: list[Mapping[str, int]] = field(default_factory=list)  # the totals of each finished table he sat at
    rank: int = 0
    # Metric key -> value; ``head_to_head`` and ``lot`` are None where the player was not
    # in a group still tied when that metric was applied.
    metrics: dict[str, float | None] = field(default_factory=dict)


@dataclass(frozen=True)
class Metric:
    """A standings metric: its key, its name and abbreviation (English, translated where shown),
    what it means, and its value for a line (higher is better). A metric without ``value`` is
    computed within a group of players tied on the metrics before it."""

    key: str
    name: str
    abbr: str
    help: str
    value: Callable[[Line], Fraction | int] | None = None


def _lot(seed: str, player: str) -> int:
    """A reproducible lot: the same seed and player always draw the same number."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{player}".encode()).digest()[:8], "big")


def lot_ranks(seed: str, players: Iterable[str]) -> dict[str, int]:
    """The standings' lot among ``players``: 1 won the draw. The one lot of the event: the standings
    break their last ties with it, and rule 7's list its ties of place and points (tournaments.rounds.services)."""
    drawn = sorted(players, key=lambda p: (_lot(seed, p), p), reverse=True)
    return {p: i for i, p in enumerate(drawn, 1)}


def _head_to_head(group: list[Line]) -> dict[str, int]:
    """Meetings won among ``group`` (taruk2012.md §7.7 tie-break 2): for every table
    where two of them sat, the higher round total wins that meeting."""
    names = {line.player for line in group}
    won = {}
    for line in group:
        won[line.player] = sum(
            1
            for totals in line.tables
            for other, theirs in totals.items()
            if other != line.player and other in names and totals[line.player] > theirs
        )
    return won


# The one registry of metrics (STYLE.md §2, §16): key, words and value together.
METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric(
            "ranking_points",
            gettext_noop("Ranking points"),
            gettext_noop("RP"),
            gettext_noop("Placement points of the finished tables (and byes)."),
            lambda line: line.ranking_points,
        ),
        Metric(
            "game_points",
            gettext_noop("Game points"),
            gettext_noop("GP"),
            gettext_noop("The sum of all hand points."),
            lambda line: line.game_points,
        ),
        Metric(
            "head_to_head",
            gettext_noop("Head to head"),
            gettext_noop("H2H"),
            gettext_noop("Meetings won against the players tied with him."),
        ),
        Metric(
            "table_wins",
            gettext_noop("Table wins"),
            gettext_noop("TW"),
            gettext_noop("First places at a table (shared first places count)."),
            lambda line: line.table_wins,
        ),
        Metric(
            "lot",
            gettext_noop("Lot"),
            gettext_noop("Lot"),
            gettext_noop("Drawn among players equal on everything else: 1 won the draw."),
        ),
    )
}
METRIC_NAMES = tuple(METRICS)


def standings(
    variant: str,
    results: Iterable[TableResult],
    players: Iterable[str],
    *,
    byes: Mapping[int, Iterable[str]] | None = None,
    metrics: tuple[str, ...] | None = None,
    seed: str = "",
    settings: Mapping[str, Any] | None = None,
    excluded: Mapping[str, int] | None = None,
) -> list[Line]:
    """The ordered standings of ``players`` after ``results``.

    The metrics apply one after the other, each only inside the group of players tied on
    all before it (so head-to-head counts meetings among exactly those players). A player's
    line is provisional while any of his tables is unconfirmed. ``settings`` are the event's
    (``Tournament.event_settings``): how a table's places are counted when totals tie. Players equal on every
    metric share a rank; the lot, when listed, leaves no two equal.
    """
    rules = VARIANTS[variant].standing
    metrics = metrics or rules.tiebreaks
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise ValueError(f"unknown metrics: {', '.join(unknown)}")
    lines = {p: Line(p) for p in players}
    # Ranking points summed as one integer fraction per player (numerator, denominator): exact as
    # Fractions are, without a Fraction object made and normalised for every table of every player.
    sums: dict[str, list[int]] = {p: [0, 1] for p in lines}

    def add(p: str, value: Fraction) -> None:
        acc, n, d = sums[p], value.numerator, value.denominator
        if d == acc[1]:
            acc[0] += n
        else:
            acc[0], acc[1] = acc[0] * d + n * acc[1], acc[1] * d

    for r in results:
        if not r.complete:
            # Running game points only: no places, ranking points or table win yet (§6.1).
            for p, total in r.totals.items():
                line = lines.get(p)
                if line is not None:
                    line.game_points += total
                    line.running[r.round] = total
                    line.playing = line.provisional = True
            continue
        points = rules.table_points(r.totals, settings or {})
        top = max(r.totals.values())
        for p, total in r.totals.items():
            line = lines.get(p)
            if line is None:
                continue
            add(p, points[p])
            line.per_round[r.round] = points[p]
            line.game_points += total
            line.table_wins += total == top
            line.hands_rounds += 1
            line.provisional |= not r.confirmed
            line.tables.append(r.totals)
    for rnd, players_out in (byes or {}).items():
        for p in players_out:
            if p in lines:
                lines[p].byes += 1
                add(p, rules.bye_points)
                lines[p].per_round[rnd] = rules.bye_points

    for p, (numerator, denominator) in sums.items():
        lines[p].ranking_points = Fraction(numerator, denominator)
    if excluded:
        # MAUSZ 11.§: an excluded player's ranking points from his exclusion round on are struck
        # (tournaments.incidents.exclusions); his tablemates' results stay as played.
        lines = {line.player: line for line in struck(lines.values(), excluded)}
    getters = [(m, METRICS[m].value) for m in metrics]
    for line in lines.values():
        line.metrics = {m: (float(value(line)) if value else None) for m, value in getters}
    ordered = sorted(lines.values(), key=lambda line: line.player)  # a fixed start: same input, same order
    groups = _break_ties([ordered], metrics, seed)
    result: list[Line] = []
    for group in groups:  # a group still tied after every metric shares its best rank
        for line in group:
            line.rank = len(result) + 1
        result.extend(group)
    return result


def _break_ties(groups: list[list[Line]], metrics: tuple[str, ...], seed: str) -> list[list[Line]]:
    """Apply ``metrics`` in turn: each splits every group of still-tied lines by its value."""
    for metric in metrics:
        split: list[list[Line]] = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if metric == "head_to_head":
                won = _head_to_head(group)
                for line in group:
                    line.metrics["head_to_head"] = won[line.player]
                values = won
            elif metric == "lot":
                ranks = lot_ranks(seed, [line.player for line in group])
                values = {p: -rank for p, rank in ranks.items()}
            else:
                # The metric's float (line.metrics): equal values give equal floats and different
                # ones different floats (ranking points are multiples of 1/840 at the finest, far
                # inside a float's precision), and floats compare many times faster than Fractions.
                values = {line.player: line.metrics[metric] for line in group}
            group = sorted(group, key=lambda line: values[line.player], reverse=True)
            if metric == "lot":
                for i, line in enumerate(group, 1):
                    line.metrics["lot"] = i
            start = 0
            for i in range(1, len(group) + 1):
                if i == len(group) or values[group[i].player] != values[group[start].player]:
                    split.append(group[start:i])
                    start = i
        groups = split
    return groups
