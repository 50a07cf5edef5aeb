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

# --- one table --------------------------------------------------------------

TARUK_POINTS = {4: [Fraction(2), Fraction(3, 2), Fraction(1), Fraction(1, 2)],
                # taruk2012.md §7.6: five seats spread evenly from 2 to 0.5.
                5: [Fraction(2), Fraction(13, 8), Fraction(5, 4), Fraction(7, 8), Fraction(1, 2)]}


def places(totals: Mapping[str, int]) -> dict[str, int]:
    """Competition ranking ("1-1-3-4"): 1 + the number of strictly higher totals."""
    return {p: 1 + sum(1 for q in totals.values() if q > t) for p, t in totals.items()}


def _best_shared_place(totals: Mapping[str, int], ladder: list[Fraction]) -> dict[str, Fraction]:
    """Tied players all get the points of the best place they share (taruk2012.md §6.4)."""
    return {p: ladder[place - 1] for p, place in places(totals).items()}


def _averaged_places(totals: Mapping[str, int], ladder: list[Fraction]) -> dict[str, Fraction]:
    """Tied players share the points of the places involved equally (ulti-mausz.md §6.2)."""
    result = {}
    place = places(totals)
    for p, first in place.items():
        tied = sum(1 for q in place.values() if q == first)
        result[p] = sum(ladder[first - 1:first - 1 + tied], Fraction(0)) / tied
    return result


def taruk_table_points(totals: Mapping[str, int]) -> dict[str, Fraction]:
    if len(totals) not in TARUK_POINTS:
        raise ValueError(f"a Taruk table has 4 or 5 players, not {len(totals)}")
    return _best_shared_place(totals, TARUK_POINTS[len(totals)])


def descending_points(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """n-1 … 0 points by place (3/2/1 at three, 3/2/1/0 at four), shared places averaged."""
    n = len(totals)
    ladder = [Fraction(n - 1 - i) if n > 3 else Fraction(3 - i) for i in range(n)]
    return _averaged_places(totals, ladder)


def ulti_table_points(totals: Mapping[str, int]) -> dict[str, Fraction]:
    # ulti-mausz.md §6.2: 3/2/1 at three seats, 3/2/1/0 at four.
    return _averaged_places(totals, [Fraction(3), Fraction(2), Fraction(1), Fraction(0)][: len(totals)])


TABLE_POINTS: dict[str, Callable[[Mapping[str, int]], dict[str, Fraction]]] = {
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


@dataclass(frozen=True)
class TableResult:
    round: int
    table: int
    totals: Mapping[str, int]  # player id -> round total at this table
    confirmed: bool = True


@dataclass
class Line:
    """One player's line in the standings."""

    player: str
    ranking_points: Fraction = Fraction(0)
    game_points: int = 0
    table_wins: int = 0
    hands_rounds: int = 0
    byes: int = 0
    provisional: bool = False
    per_round: dict[int, Fraction] = field(default_factory=dict)
    tables: list[Mapping[str, int]] = field(default_factory=list)  # the totals of each table he sat at
    rank: int = 0
    metrics: dict[str, float] = field(default_factory=dict)


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
            1 for totals in line.tables for other, theirs in totals.items()
            if other != line.player and other in names and totals[line.player] > theirs
        )
    return won


# Each metric: player line -> a number, higher is better. ``head_to_head`` and
# ``lot`` are computed inside groups of players tied on the earlier metrics.
METRICS: dict[str, Callable[[Line], float]] = {
    "ranking_points": lambda line: line.ranking_points,
    "game_points": lambda line: line.game_points,
    "table_wins": lambda line: line.table_wins,
}
GROUP_METRICS = ("head_to_head", "lot")
METRIC_NAMES = (*METRICS, *GROUP_METRICS)

DEFAULT_METRICS: dict[str, tuple[str, ...]] = {
    "taruk2012": ("ranking_points", "game_points", "head_to_head", "table_wins", "lot"),
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
) -> list[Line]:
    """The ordered standings of ``players`` after ``results``.

    A player's line is provisional while any of his tables is unconfirmed.
    Players equal on every metric before ``lot`` share a rank.
    """
    metrics = metrics or DEFAULT_METRICS[variant]
    unknown = [m for m in metrics if m not in METRIC_NAMES]
    if unknown:
        raise ValueError(f"unknown metrics: {', '.join(unknown)}")
    table_points = TABLE_POINTS[variant]
    lines = {p: Line(p) for p in players}
    for r in results:
        points = table_points(r.totals)
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

    plain = [m for m in metrics if m in METRICS]

    keys = {line.player: tuple(METRICS[m](line) for m in plain) for line in lines.values()}

    def key(line: Line) -> tuple:
        return keys[line.player]

    ordered = sorted(lines.values(), key=key, reverse=True)
    # Break remaining ties group by group with the group metrics, in the order chosen.
    result: list[Line] = []
    h2h: dict[str, int] = {}
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and key(ordered[j]) == key(ordered[i]):
            j += 1
        group = ordered[i:j]
        if "head_to_head" in metrics:
            h2h.update(_head_to_head(group) if len(group) > 1 else {group[0].player: 0})
        if len(group) > 1:
            group.sort(key=lambda line: tuple(_group_value(m, line, h2h, seed) for m in metrics), reverse=True)
        result.extend(group)
        i = j
    # Ranks: shared by players equal on every metric except the lot.
    before_lot = [m for m in metrics if m != "lot"]
    for pos, line in enumerate(result):
        line.metrics = {m: float(METRICS[m](line)) for m in plain}
        if "head_to_head" in metrics:
            line.metrics["head_to_head"] = h2h[line.player]
        prev = result[pos - 1] if pos else None
        same = prev is not None and all(prev.metrics.get(m) == line.metrics.get(m) for m in before_lot)
        line.rank = prev.rank if same else pos + 1
    return result


def _group_value(metric: str, line: Line, h2h: Mapping[str, int], seed: str) -> float:
    if metric == "head_to_head":
        return h2h[line.player]
    if metric == "lot":
        return _lot(seed, line.player)
    return METRICS[metric](line)
