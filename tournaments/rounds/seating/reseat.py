"""Later rounds by standings: strongest with strongest, avoiding repeat meetings (all variants
whose plan does not re-seat by places)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tournaments.rounds.seating import draw
from tournaments.rounds.seating.clubs import part_clubs

# How far (in tables) a player may be moved from his place in the standings to
# avoid a repeat meeting. The search tries 1 table first and widens only while
# repeats remain. In simulated 64-player events (4 rounds of fours) a limit of
# 3 left a repeat in 1 of 6 events, 5 in none of 60; more buys nothing there.
MAX_SWAP_DISTANCE = 5
# Bound on improvement sweeps per distance; each accepted swap strictly lowers
# the repeat cost, so this only caps pathological inputs.
MAX_SWEEPS = 8


def reseat_by_standings(
    standings_order: Iterable[str],
    previous_meetings: Any,
    variant: str,
    seed: draw.Seed,
    bye_counts: Mapping[str, int] | None = None,
    seats: int | None = None,
    clubs: Mapping[str, str] | None = None,
) -> draw.Draw:
    """Strongest with strongest, avoiding repeat meetings where a nearby swap allows it.

    The standings (best first) are cut into consecutive tables, larger tables
    last. Then a local search swaps players between tables at most
    ``MAX_SWAP_DISTANCE`` apart, accepting only swaps that lower the repeat
    cost (sum over pairs at a table of count**2, so a third meeting weighs more
    than a second); among equal gains the swap that moves players least from
    their standings table wins. ``previous_meetings`` is a set of frozenset
    pairs, or a dict pair -> number of earlier meetings. Byes go to the lowest
    players with the fewest byes so far. ``seats``: the event's seats per table (where the plan
    leaves the size open). ``clubs`` (id -> club): club mates are then parted by swaps of the same
    reach that add no repeat cost (``clubs.part_clubs``).
    """
    plan = draw.plan_of(variant)
    order = draw.unique(standings_order)
    split, byes, seated = draw.split_off_byes(order, plan, bye_counts, seats)
    groups = draw.cut(seated, split.sizes)
    met = draw.meeting_counts(previous_meetings)
    _avoid_repeats(groups, met)
    if clubs:
        part_clubs(
            groups,
            clubs,
            may_exchange=lambda ti, a, tj, b: abs(ti - tj) <= MAX_SWAP_DISTANCE,
            cost=lambda group: draw.repeat_cost(group, met),
        )
    return draw.seated_draw(variant, seed, groups, byes)


def _avoid_repeats(groups: list[list[str]], met: dict[str, dict[str, int]]) -> None:
    """Swap players between nearby tables while that lowers the repeat cost (in place)."""
    if not met:
        return
    home = {p: t for t, g in enumerate(groups) for p in g}
    n_tables = len(groups)
    empty: dict[str, int] = {}

    def cost(p: str, group: list[str], skip: str) -> int:
        """Repeat cost of p at ``group`` without ``skip`` (p's own entry never counts)."""
        mp = met.get(p, empty)
        total = 0
        for x in group:
            if x is not skip:
                c = mp.get(x, 0)
                total += c * c
        return total

    def has_repeat(group: list[str]) -> bool:
        return draw.repeat_cost(group, met) > 0  # every count in ``met`` is at least 1

    # Only tables with a repeat are worked on; a swap can fix or spoil both tables.
    dirty = {t for t, g in enumerate(groups) if has_repeat(g)}
    for distance in range(1, MAX_SWAP_DISTANCE + 1):
        for _sweep in range(MAX_SWEEPS):
            if not dirty:
                return
            changed = False
            for ti in sorted(dirty):
                g = groups[ti]
                for a in range(len(g)):
                    p = g[a]
                    cp = cost(p, g, p)
                    if cp == 0:
                        continue
                    best: tuple[int, int, int, int] | None = None  # (gain, displacement, table, index)
                    for tj in range(max(0, ti - distance), min(n_tables, ti + distance + 1)):
                        if tj == ti:
                            continue
                        h = groups[tj]
                        for b, q in enumerate(h):
                            delta = cost(q, g, p) + cost(p, h, q) - cp - cost(q, h, q)
                            if delta >= 0:
                                continue
                            moved = abs(ti - home[q]) + abs(tj - home[p])
                            moved -= abs(ti - home[p]) + abs(tj - home[q])
                            cand = (delta, moved, tj, b)
                            if best is None or cand < best:
                                best = cand
                    if best is not None:
                        _, _, tj, b = best
                        g[a], groups[tj][b] = groups[tj][b], g[a]
                        changed = True
                        for t in (ti, tj):
                            if has_repeat(groups[t]):
                                dirty.add(t)
                            else:
                                dirty.discard(t)
            if not changed:
                break
