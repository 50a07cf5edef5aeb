"""Players of one club kept at different tables where the numbers allow: round 1 by any exchange
(``separate_clubs``), later rounds by the exchanges the re-seating allows (``part_clubs``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence


def club_clashes(groups: Iterable[Sequence[str]], clubs: Mapping[str, str]) -> int:
    """Pairs of players of one club at one table (players without a club never clash)."""
    return sum(_table_clashes(group, clubs) for group in groups)


def _table_clashes(group: Sequence[str], clubs: Mapping[str, str]) -> int:
    # Each player clashes with the club mates seated before him: the pairs, counted once. The club
    # search calls this thousands of times a draw, so no Counter.
    seen: dict[str, int] = {}
    total = 0
    for p in group:
        club = clubs.get(p)
        if club:
            n = seen.get(club, 0)
            total += n
            seen[club] = n + 1
    return total


# Exchanges tried by the club search after the greedy pass; 16-64 players need a few hundred.
CLUB_SEARCH_STEPS = 4_000


# Two players to exchange, by their indexes at tables ti and tj (None: none this step).
Pick = Callable[[random.Random, int, int], "tuple[int, int] | None"]


def separate_clubs(groups: list[list[str]], clubs: Mapping[str, str], *, same_band: bool) -> None:
    """Exchange players between tables while that lowers the club clashes (in place).

    A search over exchanges of two players at different tables: an exchange
    that raises the clashes is refused, one that keeps them equal is allowed
    (it lets the search leave a dead end), and the search stops at no clashes.
    Its generator is seeded from the tables themselves, so the draw stays
    reproducible from its seed. With ``same_band`` only players at the same
    index (the same strength band, see ``draw_by_strength``) are exchanged.
    """

    def pick(rng: random.Random, ti: int, tj: int) -> tuple[int, int] | None:
        a = rng.randrange(len(groups[ti]))
        if same_band:
            return (a, a) if a < len(groups[tj]) else None
        return a, rng.randrange(len(groups[tj]))

    _search(groups, clubs, "clubs:", pick)


def _search(
    groups: list[list[str]],
    clubs: Mapping[str, str],
    seed: str,
    pick: Pick,
    cost: Callable[[Sequence[str]], int] | None = None,
) -> None:
    """The exchange search of both: a table with club mates, another table, two of their players (``pick``);
    the exchange is undone where it raises the clashes (or, given, the ``cost`` of the two tables) and kept
    otherwise. Stops at no clashes or after ``CLUB_SEARCH_STEPS``; seeded from ``seed`` and the tables."""
    if len(groups) < 2:
        return
    # Each table's clashes, kept up to date by the exchanges: the search asks for them at every step.
    clashes = [_table_clashes(g, clubs) for g in groups]
    bad = [t for t, c in enumerate(clashes) if c]
    rng = random.Random(seed + "|".join(",".join(g) for g in groups))
    for _ in range(CLUB_SEARCH_STEPS):
        if not bad:
            return
        ti = rng.choice(bad)
        tj = rng.randrange(len(groups) - 1)
        tj += tj >= ti
        g, h = groups[ti], groups[tj]
        picked = pick(rng, ti, tj)
        if picked is None:
            continue
        a, b = picked
        before = clashes[ti] + clashes[tj]
        spent = cost(g) + cost(h) if cost is not None else 0
        g[a], h[b] = h[b], g[a]
        at_g, at_h = _table_clashes(g, clubs), _table_clashes(h, clubs)
        if at_g + at_h > before or (cost is not None and cost(g) + cost(h) > spent):
            g[a], h[b] = h[b], g[a]
        elif (at_g, at_h) != (clashes[ti], clashes[tj]):
            clashes[ti], clashes[tj] = at_g, at_h
            bad = [t for t, c in enumerate(clashes) if c]


def part_clubs(
    groups: list[list[str]],
    clubs: Mapping[str, str],
    *,
    may_exchange: Callable[[int, str, int, str], bool],
    cost: Callable[[Sequence[str]], int],
) -> None:
    """Later rounds: exchange players between tables while that parts club mates (in place).

    An exchange of ``a`` at table ``ti`` with ``b`` at ``tj`` is made only if the draw's own rules allow
    it (``may_exchange(ti, a, tj, b)``: rule 7's place groups, the re-seating's distance), it lowers the
    club clashes of the two tables and it raises the draw's ``cost`` of neither side in total (repeat
    meetings, old tablemates): the results decide the tables, clubs are kept apart where that costs them
    nothing. The nearest tables are tried first; each exchange lowers the clashes, so it ends. Then, where
    club mates still share a table, a search (``_search``) that also takes the allowed exchanges changing
    neither the clashes nor the cost.
    """
    if len(groups) < 2 or not clubs:
        return

    def clash(group: Sequence[str]) -> int:
        return _table_clashes(group, clubs)

    def has_mate(group: Sequence[str], p: str) -> bool:
        club = clubs.get(p)
        return bool(club) and sum(1 for q in group if clubs.get(q) == club) > 1

    def exchange(ti: int, a: int) -> bool:
        g = groups[ti]
        mine = clubs.get(g[a])
        for tj in sorted(range(len(groups)), key=lambda t: (abs(t - ti), t)):
            h = groups[tj]
            if tj == ti:
                continue
            for b in range(len(h)):
                # A club mate in exchange changes no clash: skipped before the draw's rules and cost are
                # asked (where clashes cannot be avoided, most candidates are mates).
                if clubs.get(h[b]) == mine or not may_exchange(ti, g[a], tj, h[b]):
                    continue
                before = clash(g) + clash(h)
                g[a], h[b] = h[b], g[a]  # measured made, then undone; the cost only where it parts mates
                parts = clash(g) + clash(h) < before
                after = cost(g) + cost(h) if parts else 0
                g[a], h[b] = h[b], g[a]
                if parts and after <= cost(g) + cost(h):
                    g[a], h[b] = h[b], g[a]
                    return True
        return False

    improved = True
    while improved:
        improved = False
        for ti, g in enumerate(groups):
            for a in range(len(g)):
                if has_mate(g, g[a]) and exchange(ti, a):
                    improved = True
    # Where club mates still share a table, the search also takes the allowed exchanges that change neither the
    # clashes nor the cost: they can lead out of the dead end the pass stopped in (what that gains:
    # bench/seating.py, "club mates parted in later rounds").

    def pick(rng: random.Random, ti: int, tj: int) -> tuple[int, int] | None:
        a = rng.randrange(len(groups[ti]))
        allowed = [b for b, q in enumerate(groups[tj]) if may_exchange(ti, groups[ti][a], tj, q)]
        return (a, rng.choice(allowed)) if allowed else None

    _search(groups, clubs, "part clubs:", pick, cost)


def club_pairs(groups: Mapping[int, Sequence[str]], clubs: Mapping[str, str]) -> list[tuple[int, str, str, str]]:
    """(table, club, a, b) for every two players of one club at one table, by table then pair."""
    out = []
    for number in sorted(groups):
        members = sorted(groups[number])
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if clubs.get(a) and clubs.get(a) == clubs.get(b):
                    out.append((number, clubs[a], a, b))
    return out
