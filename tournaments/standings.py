"""Table results and standings: pure functions over plain data, no Django import.

Each variant turns a table's round totals into placement points (one dict,
``TABLE_POINTS``); the overall order is by a list of small named metrics chosen
per event (``METRICS``, STYLE.md §2). Points are ``Fraction``s inside, so that
shared places never meet binary rounding; the public functions give floats that
are exact (every value is a multiple of 1/8).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.variants.taruk2012 import ties as taruk_ties

# --- one table --------------------------------------------------------------


def places(totals: Mapping[str, int]) -> dict[str, int]:
    """Competition ranking ("1-1-3-4"): 1 + the number of strictly higher totals."""
    return {p: 1 + sum(1 for q in totals.values() if q > t) for p, t in totals.items()}


def _averaged_places(totals: Mapping[str, int], ladder: list[Fraction]) -> dict[str, Fraction]:
    """Tied players share the points of the places involved equally (ulti-mausz.md §6.2)."""
    result = {}
    place = places(totals)
    for p, first in place.items():
        tied = sum(1 for q in place.values() if q == first)
        result[p] = sum(ladder[first - 1 : first - 1 + tied], Fraction(0)) / tied
    return result


def taruk_table_points(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """§6 ladder; ties as the event's ``table_ties`` setting says (§4.5: competition or dense)."""
    return taruk_ties.ranking_points(totals, (settings or {}).get("table_ties") or taruk_ties.TABLE_TIES[0])


def descending_points(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    """n-1 … 0 points by place (3/2/1 at three, 3/2/1/0 at four), shared places averaged."""
    n = len(totals)
    ladder = [Fraction(n - 1 - i) if n > 3 else Fraction(3 - i) for i in range(n)]
    return _averaged_places(totals, ladder)


def ulti_table_points(totals: Mapping[str, int], settings: Mapping[str, Any] | None = None) -> dict[str, Fraction]:
    # ulti-mausz.md §6.2: 3/2/1 at three seats, 3/2/1/0 at four.
    return _averaged_places(totals, [Fraction(3), Fraction(2), Fraction(1), Fraction(0)][: len(totals)])


# A table's totals and the event's settings (``Tournament.event_settings``) -> points.
TABLE_POINTS: dict[str, Callable[..., dict[str, Fraction]]] = {
    "taruk2012": taruk_table_points,
    "ulti-mausz": ulti_table_points,
    # The tarokk specs propose no placement points; we use n-1 … 0 by place,
    # shared places averaged, and rank by game points first (DEFAULT_METRICS).
    "tarokk-illusztralt": descending_points,
    "tarokk-vadasz": descending_points,
    "tarokk-laza": descending_points,
}

# Ranking points for a round sat out on a bye (taruk2012.md §7.6: the average 1.25).
BYE_POINTS: dict[str, Fraction] = {"taruk2012": Fraction(5, 4), "ulti-mausz": Fraction(2)}


def table_ranking_points(totals: dict[str, int]) -> dict[str, float]:
    """Taruk 2012 ranking points of one table (2 / 1.5 / 1 / 0.5, ties as §6)."""
    return {p: float(v) for p, v in taruk_table_points(totals).items()}


# --- the whole event ----------------------------------------------------------


def gettext_noop(message: str) -> str:
    """Marks a metric's words for translation (makemessages knows this name); the pages
    translate them where they show them, so this module stays free of Django."""
    return message


@dataclass(frozen=True)
class TableResult:
    round: int
    table: int
    totals: Mapping[str, int]  # player id -> round total at this table (running while not complete)
    confirmed: bool = True
    # taruk2012.md §6.1: a table has a result (places, ranking points, a winner) only once
    # its round ends there; before that its totals are running game points, provisional.
    complete: bool = True


@dataclass
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

DEFAULT_METRICS: dict[str, tuple[str, ...]] = {
    # taruk2012.md §7.7: game points, head-to-head, first places, lot.
    "taruk2012": ("ranking_points", "game_points", "head_to_head", "table_wins", "lot"),
    # ulti-mausz.md §6.2: units, table wins, the rounds where they met, lot.
    "ulti-mausz": ("ranking_points", "game_points", "table_wins", "head_to_head", "lot"),
    "tarokk-illusztralt": ("game_points", "ranking_points", "table_wins", "lot"),
    "tarokk-vadasz": ("game_points", "ranking_points", "table_wins", "lot"),
    "tarokk-laza": ("game_points", "table_wins", "lot"),
}


def standings(
    variant: str,
    results: Iterable[TableResult],
    players: Iterable[str],
    *,
    byes: Mapping[int, Iterable[str]] | None = None,
    metrics: tuple[str, ...] | None = None,
    seed: str = "",
    settings: Mapping[str, Any] | None = None,
) -> list[Line]:
    """The ordered standings of ``players`` after ``results``.

    The metrics apply one after the other, each only inside the group of players tied on
    all before it (so head-to-head counts meetings among exactly those players). A player's
    line is provisional while any of his tables is unconfirmed. ``settings`` are the event's
    (``Tournament.event_settings``): how a table's places are counted when totals tie. Players equal on every
    metric share a rank; the lot, when listed, leaves no two equal.
    """
    metrics = metrics or DEFAULT_METRICS[variant]
    unknown = [m for m in metrics if m not in METRICS]
    if unknown:
        raise ValueError(f"unknown metrics: {', '.join(unknown)}")
    table_points = TABLE_POINTS[variant]
    lines = {p: Line(p) for p in players}
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
        points = table_points(r.totals, settings)
        top = max(r.totals.values())
        for p, total in r.totals.items():
            line = lines.get(p)
            if line is None:
                continue
            line.ranking_points += points[p]
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
                lines[p].ranking_points += BYE_POINTS.get(variant, Fraction(0))
                lines[p].per_round[rnd] = BYE_POINTS.get(variant, Fraction(0))

    for line in lines.values():
        line.metrics = {m: (float(METRICS[m].value(line)) if METRICS[m].value else None) for m in metrics}
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
                values = {line.player: _lot(seed, line.player) for line in group}
            else:
                values = {line.player: METRICS[metric].value(line) for line in group}
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
