"""The all-play-all in threes (the MAUSZ final, ulti-mausz.md §6.1): its schedule and its draws.

Used for a variant whose plan allows ``all_play_all``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from scoring.table_plan import TableSizes
from tournaments.rounds.seating.annealing import balanced_mixed, balanced_triples
from tournaments.rounds.seating.draw import Draw, Seed, each_pair, meeting_counts, plan_of, seat, unique
from tournaments.rounds.seating.kirkman import kirkman


def all_play_all_triples(player_ids: Sequence[str], variant: str) -> list[list[list[str]]]:
    """Rounds -> tables -> players, every pair meeting once where that is possible.

    ulti-mausz.md §6.1: in the MAUSZ final "everyone meets everyone" (21
    players). For n = 3 (mod 6) - 9, 15, 21, ... - this is a Kirkman triple
    system: (n - 1) / 2 rounds of n / 3 tables, every pair exactly once.

    For other n two schedules are built and the better balanced one is used:
    tables of three only, the ``n mod 3`` others sitting out in turn; or the
    event's own tables (``variant``'s plan; ulti: ``n mod 3`` tables of four where
    the dealer sits out each deal, ulti-mausz.md §1.1), so that nobody misses a
    round. "Better balanced" is: every pair meets, then the fewest player
    rounds lost (byes plus surplus meetings), then the fewest rounds; e.g. 13
    players: six rounds of 4+3+3+3 (no byes) instead of seven rounds of threes
    with a bye each round. See ``all_play_all_rounds`` for the length.

    The ids are taken in the order given - strength order, strongest first - and
    the schedule depends only on the number of players, so the same strength
    list always gives the same schedule. n < 3 gives no rounds.
    """
    ids = unique(player_ids)
    schedule = _all_play_all_schedule(len(ids), plan_of(variant).arrange)
    return [[[ids[i] for i in table] for table in rnd] for rnd in schedule]


def all_play_all_rounds(n: int, variant: str) -> int:
    """How many rounds the all-play-all of ``n`` players needs (the director is warned if the event has fewer)."""
    return len(_all_play_all_schedule(n, plan_of(variant).arrange))


@cache
def _all_play_all_schedule(n: int, arrange: Callable[[int], TableSizes]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Cached per count and the plan's table split (``TablePlan.arrange``, a module-level function)."""
    threes = _triples_schedule(n)
    if n < 4 or n % 3 == 0:
        return threes
    split = arrange(n)
    if 4 not in split.sizes:
        return threes
    mixed = balanced_mixed(n, split.sizes)
    return min((threes, mixed), key=lambda sch: _balance(n, sch))


def _balance(n: int, schedule: Sequence[Sequence[Sequence[int]]]) -> tuple[int, int, int]:
    """(pairs never met, byes + surplus meetings, rounds): lower is better balanced."""
    count: Counter[tuple[int, int]] = Counter()
    byes = 0
    for rnd in schedule:
        byes += n - sum(len(t) for t in rnd)
        for table in rnd:
            count.update(each_pair(sorted(table)))
    missing = n * (n - 1) // 2 - len(count)
    return missing, byes + sum(c - 1 for c in count.values()), len(schedule)


@cache
def _triples_schedule(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    if n < 3:
        return ()
    if n % 6 == 3:
        exact = kirkman(n)
        if exact is not None:
            return exact
    return balanced_triples(n)


def draw_all_play_all(
    schedule_order: Iterable[str],
    variant: str,
    schedule_round: int,
    seed: Seed,
    *,
    present: Iterable[str] | None = None,
    previous_meetings: Any = None,
) -> Draw:
    """Round ``schedule_round`` (from 1) of the all-play-all built from ``schedule_order``, positions drawn.

    The schedule depends only on ``schedule_order`` (the players when it was fixed, strongest first),
    so every round can be drawn separately and still fit the others; a round past the schedule's end
    starts it again. Players not at a table in that round have a bye. Tables are numbered with the
    larger (four-seat) tables last, as in every draw.

    ``present`` (default: everyone of the order) are the players to seat now. The schedule keeps its
    slots: a withdrawn player's slot stays empty, or a player added since takes it; a table left
    smaller than the plan allows is broken up and its players join other tables of the round where
    there is a seat (``_place_homeless``), choosing where they met fewest before
    (``previous_meetings``). Nobody else moves.
    """
    order = unique(schedule_order)
    plan = plan_of(variant)
    schedule = all_play_all_triples(order, variant)
    if not schedule:
        raise ValueError("an all-play-all needs at least three players")
    now = unique(order if present is None else present)
    here = set(now)
    planned = schedule[(schedule_round - 1) % len(schedule)]
    groups = [[p for p in table if p in here] for table in planned]
    newcomers = [p for p in sorted(now) if p not in set(order)]
    for table, group in zip(planned, groups, strict=True):  # a newcomer takes an empty slot
        while newcomers and len(group) < len(table):
            group.append(newcomers.pop(0))
    homeless = newcomers
    smallest = min(plan.table_units)
    for group in groups:
        if len(group) < smallest:
            homeless += group
            group.clear()
    groups = [g for g in groups if g]
    byes = _place_homeless(groups, homeless, plan.table_units, meeting_counts(previous_meetings or {}))
    seated = {p for g in groups for p in g}
    byes += [p for p in order if p in here and p not in seated and p not in byes]
    rng = random.Random(seed)
    return Draw(variant, seed, seat(sorted(groups, key=len), plan, rng), byes)


def _place_homeless(
    groups: list[list[str]], homeless: list[str], sizes: Sequence[int], met: Mapping[str, Mapping[str, int]]
) -> list[str]:
    """Seat each of ``homeless`` at a table with a free seat (in place): fewest earlier meetings with its
    players, then the smallest table, then the first. Those left form tables of their own if they are
    enough; the rest sit out (returned)."""
    largest = max(sizes)
    left = []
    for p in homeless:
        room = [i for i, g in enumerate(groups) if len(g) < largest]
        if not room:
            left.append(p)
            continue
        best = min(room, key=lambda i: (sum(met.get(p, {}).get(q, 0) for q in groups[i]), len(groups[i]), i))
        groups[best].append(p)
    smallest = min(sizes)
    while len(left) >= smallest:
        size = max(s for s in sizes if s <= len(left))
        groups.append(left[:size])
        left = left[size:]
    return left
