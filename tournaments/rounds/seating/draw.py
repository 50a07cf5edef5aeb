"""What a draw is (tables, positions, byes) and the steps every draw shares.

Pure: player ids (strings) and plain dicts in, dataclasses out. Every random choice comes
from ``random.Random(seed)`` with the seed the caller stores and shows on the draw, so a
draw can be reproduced and audited. The variant's own facts (table sizes, positions) come
from its ``TablePlan`` (``scoring/variants/<key>/table.py``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict, TypeVar

from scoring.registry import get as get_variant
from scoring.table_plan import TablePlan, TableSizes

T = TypeVar("T")

Seed = int | str


def plan_of(variant: str) -> TablePlan:
    """The table plan of ``variant`` (its key); KeyError names a key the registry does not know."""
    try:
        return get_variant(variant).plan
    except KeyError:
        raise KeyError(f"no variant {variant!r}") from None


# --- results --------------------------------------------------------------------------------------


@dataclass
class Table:
    """One table of a draw: position -> player id, clockwise, and who deals first."""

    number: int
    seats: dict[str, str]
    # taruk2012.md §7.3: hand 1 is dealt by A. The positions are drawn, so the
    # first dealer is random too; the other variants follow the same convention.
    first_dealer: str = "A"

    @property
    def players(self) -> list[str]:
        return list(self.seats.values())


class Given(TypedDict, total=False):
    """What a draw of round 1 may be given besides the players and the seed."""

    bye_counts: Mapping[str, int] | None  # byes so far: a bye goes by lot to those with the fewest
    clubs: Mapping[str, str] | None  # id -> club (empty = none): club mates at different tables where possible
    seats: int | None  # the event's seats per table, where the variant's plan leaves the size open


@dataclass
class Draw:
    """A round's draw: tables numbered from 1, the byes, and the seed that produced it."""

    variant: str
    seed: Seed | None
    tables: list[Table]
    byes: list[str] = field(default_factory=list)

    def meetings(self) -> set[frozenset[str]]:
        """Every pair of ids who share a table in this round."""
        return {frozenset(pair) for t in self.tables for pair in each_pair(t.players)}

    def groups(self) -> dict[int, list[str]]:
        """Table number -> player ids (seat order)."""
        return {t.number: t.players for t in self.tables}

    def players(self) -> list[str]:
        """Everybody seated, table by table."""
        return [p for t in self.tables for p in t.players]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form for storing with the round."""
        return {
            "variant": self.variant,
            "seed": self.seed,
            "tables": [
                {"number": t.number, "seats": dict(t.seats), "first_dealer": t.first_dealer} for t in self.tables
            ],
            "byes": list(self.byes),
        }


def each_pair(items: Sequence[T]) -> Iterator[tuple[T, T]]:
    for i, a in enumerate(items):
        for b in items[i + 1 :]:
            yield a, b


# --- shared steps ---------------------------------------------------------------------------------


def seeded(seed: Seed) -> random.Random:
    """The draw's generator; the seed must be stored, so "no seed" (system randomness) is refused."""
    if not isinstance(seed, int | str):
        raise TypeError(f"the seed is an int or a str, not {type(seed).__name__}")
    return random.Random(seed)


def unique(ids: Iterable[str], what: str = "player") -> list[str]:
    out = list(ids)
    if len(set(out)) != len(out):
        dup = sorted({p for p in out if out.count(p) > 1})
        raise ValueError(f"{what} listed more than once: {', '.join(dup)}")
    for p in out:
        if not isinstance(p, str):
            raise TypeError(f"{what} ids are strings, not {type(p).__name__}")
    return out


def pick_byes(order: Sequence[str], k: int, bye_counts: Mapping[str, int] | None) -> list[str]:
    """The ``k`` players to sit out: fewest byes so far first, then the latest in ``order``.

    Taking the lowest bye counts first means nobody gets a second bye while
    another active player has none (taruk2012.md §7.6), and over any number of
    rounds the counts differ by at most one. ``order`` is the lot (a shuffled
    list) or the ranking/re-seating list, whose last players are the lowest.
    """
    if k <= 0:
        return []
    counts = bye_counts or {}
    idx = sorted(range(len(order)), key=lambda i: (counts.get(order[i], 0), -i))[:k]
    return [order[i] for i in sorted(idx, reverse=True)]


def split_off_byes(
    order: Sequence[str], plan: TablePlan, bye_counts: Mapping[str, int] | None, seats: int | None = None
) -> tuple[TableSizes, list[str], list[str]]:
    """The tables for everybody in ``order`` (the lot or a ranking), who of them sits out
    (``pick_byes``), and the others in ``order``. ``seats``: the event's seats per table, where the
    plan leaves the size open (``TablePlan.tables``)."""
    split = plan.tables(len(order), seats)
    byes = pick_byes(order, split.byes, bye_counts)
    out = set(byes)
    return split, byes, [p for p in order if p not in out]


def cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    out, pos = [], 0
    for s in sizes:
        out.append(list(order[pos : pos + s]))
        pos += s
    return out


def seat(groups: Sequence[Sequence[str]], plan: TablePlan, rng: random.Random) -> list[Table]:
    """Draw the positions at every table (taruk2012.md §7.3: seats are drawn every round).

    A unit's position is its seat, or its pair's seats (``"AD"``); the first seat deals first."""
    tables = []
    for number, group in enumerate(groups, start=1):
        positions = plan.positions(len(group))
        drawn = rng.sample(list(group), len(group))
        tables.append(Table(number, dict(zip(positions, drawn, strict=True)), positions[0][0]))
    return tables


def seated_draw(variant: str, seed: Seed, groups: Sequence[Sequence[str]], byes: Sequence[str]) -> Draw:
    """The draw of ``groups``, the seats at every table drawn from ``seed`` alone (``seat``): for a
    re-seating whose tables were made without the lot."""
    return Draw(variant, seed, seat(groups, plan_of(variant), seeded(seed)), byes)


def meeting_counts(previous_meetings: Any) -> dict[str, dict[str, int]]:
    """``{frozenset pair: count}`` or an iterable of pairs -> adjacency with counts."""
    met: dict[str, dict[str, int]] = {}
    if isinstance(previous_meetings, Mapping):
        items = previous_meetings.items()
    else:
        items = ((pair, 1) for pair in previous_meetings)
    for pair, count in items:
        ends = tuple(pair)
        if len(ends) != 2 or count <= 0:
            raise ValueError(f"not a pair of two players met at least once: {pair!r} -> {count!r}")
        a, b = ends
        row_a, row_b = met.setdefault(a, {}), met.setdefault(b, {})
        row_a[b] = row_a.get(b, 0) + count
        row_b[a] = row_b.get(a, 0) + count
    return met


def repeat_cost(group: Sequence[str], met: Mapping[str, Mapping[str, int]]) -> int:
    """A table's repeat cost: each pair's earlier meetings (``meeting_counts``) squared, summed."""
    return sum(met.get(a, {}).get(b, 0) ** 2 for a, b in each_pair(group))
