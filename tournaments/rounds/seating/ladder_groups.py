"""Round 1 seeded from a series ladder (season.md §6): ladder groups (DP POS) and the ladder as
strength order (MAUSZ erősorrend).

The ladder comes in as the players in ladder order (the site takes it from
``scoring.series.ladder`` over the series' events before this one); players of the event
without a ladder place follow everybody else, in the order of the event's seeded lot. The lot
is the one ``draw_random`` draws from the same seed (the ids sorted, then shuffled), so an event
that switches from the random draw keeps its lot.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Unpack

from tournaments.rounds.seating.clubs import separate_clubs
from tournaments.rounds.seating.draw import Draw, Given, Seed, plan_of, seat, seeded, split_off_byes, unique


def _lot(player_ids: Iterable[str], seed: Seed) -> tuple[list[str], random.Random]:
    """The event's seeded lot and the generator, which the draw goes on using."""
    lot = sorted(unique(player_ids))
    rng = seeded(seed)
    rng.shuffle(lot)
    return lot, rng


def _by_ladder(lot: Sequence[str], ladder: Sequence[str]) -> list[str]:
    """``lot``'s players by ladder position; those without one after them, in lot order."""
    position = {player: i for i, player in enumerate(ladder)}
    unplaced = len(position)
    drawn = {player: i for i, player in enumerate(lot)}
    return sorted(lot, key=lambda p: (position.get(p, unplaced), drawn[p]))


def ladder_order(player_ids: Iterable[str], ladder: Sequence[str], seed: Seed) -> list[str]:
    """§6.2/§6.3: the event's players in ladder order, players without a ladder place after all
    others in the order of the event's seeded lot (``ladder``: player ids in ladder order)."""
    lot, _ = _lot(player_ids, seed)
    return _by_ladder(lot, ladder)


def ladder_strengths(player_ids: Iterable[str], ladder: Sequence[str], seed: Seed) -> dict[str, int]:
    """§6.3 ladder as strength order: player -> strength number (1 = strongest), for the
    variant's strength draw (``draw_by_strength`` takes the players sorted by it)."""
    return {p: i for i, p in enumerate(ladder_order(player_ids, ladder, seed), start=1)}


def group_sizes(n: int, g: int) -> list[int]:
    """§6.2: ``n`` players cut into ``g`` consecutive groups whose sizes differ by at most one,
    larger groups first."""
    q, r = divmod(n, g)
    return [q + 1] * r + [q] * (g - r)


def draw_ladder_groups(
    player_ids: Iterable[str],
    ladder: Sequence[str],
    variant: str,
    seed: Seed,
    **given: Unpack[Given],
) -> Draw:
    """§6.2 ladder groups: every table gets one player of each ladder group.

    Byes are chosen first as the variant's round-1 draw chooses them (``draw_random``: by the lot,
    fewest byes so far first, taruk2012.md §7.6) and are not grouped. The others, in ladder order
    (``ladder``: player ids in ladder order, the series' ladder before this event), are cut into g
    groups, g the smallest table size of the round's plan; each group's players are drawn to the
    T tables (every group holds at least T, since every table seats at least g), and the seats of
    tables larger than g are filled by lot from the players left over. Positions at each table are
    then drawn as the variant draws them. ``clubs`` keeps club mates apart where the numbers allow
    by exchanging only players of the same group (or two left-over players), so the rule holds.
    ``seats``: the event's seats per table, where the variant's plan leaves the table size open.
    """
    plan = plan_of(variant)
    lot, rng = _lot(player_ids, seed)
    split, byes, seated = split_off_byes(lot, plan, given.get("bye_counts"), given.get("seats"))
    if not split.sizes:
        return Draw(variant, seed, [], byes)
    order = _by_ladder(seated, ladder)
    g, tables = min(split.sizes), len(split.sizes)
    groups: list[list[str]] = [[] for _ in split.sizes]
    left_over: list[str] = []
    start = 0
    for size in group_sizes(len(order), g):
        members = rng.sample(order[start : start + size], size)  # which member goes to which table
        start += size
        for table, player in zip(groups, members[:tables], strict=True):
            table.append(player)
        left_over.extend(members[tables:])
    rng.shuffle(left_over)
    for table, size in zip(groups, split.sizes, strict=True):
        table.extend(left_over[: size - g])
        del left_over[: size - g]
    if given.get("clubs"):
        separate_clubs(groups, given["clubs"], same_band=True)
    return Draw(variant, seed, seat(groups, plan, rng), byes)
