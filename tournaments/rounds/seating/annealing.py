"""Balanced all-play-all schedules where no exact one exists: simulated annealing over swaps."""

from __future__ import annotations

import math
import random
from collections import Counter

from tournaments.rounds.seating.draw import each_pair


def _pair_counts(schedule: list[list[list[int]]], n: int) -> list[list[int]]:
    """How often each two of ``n`` players sit at one table over ``schedule`` (rounds of tables)."""
    count = [[0] * n for _ in range(n)]
    for rnd in schedule:
        for table in rnd:
            for a, b in each_pair(table):
                count[a][b] += 1
                count[b][a] += 1
    return count


def balanced_triples(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Tables of three with rotating byes; every pair at least once, then few repeats.

    Rounds: start from the fewest R in which even the players with the most
    byes play often enough to meet all n - 1 others (two per round), and take
    the first R (at most a few more) in which the search covers every pair.
    Inside R the max number of meetings of one pair is kept low, then their
    total (e.g. n = 10, 12: 6 and 7 rounds, every pair once or twice).
    """
    sit = n % 3
    r0 = 1
    while 2 * (r0 - math.ceil(r0 * sit / n)) < n - 1:
        r0 += 1
    best: tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]] | None = None
    for rounds in range(r0, r0 + 4):
        uncovered, worst, schedule = _anneal_triples(n, rounds)
        if best is None or (uncovered, worst) < best[:2]:
            best = (uncovered, worst, schedule)
        if uncovered == 0:
            break
    assert best is not None
    return best[2]


def _pair_cost(c: int) -> int:
    """Cost of a pair that met c times.

    A missing pair costs more than a third meeting of one pair but less than a
    fourth, so the search covers every pair unless that needs a pair to meet
    four times (n = 6 in four rounds), and otherwise keeps repeats to two.
    """
    return 12 if c == 0 else 0 if c == 1 else 1 if c == 2 else 10 * 4 ** (c - 3)


# Simulated-annealing steps per number of rounds: enough for the 20-30 player
# finals this is for; most runs stop early, once every pair meets once or twice.
ANNEAL_STEPS = 40_000


def _anneal_triples(n: int, rounds: int) -> tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """(uncovered pairs, max meetings of a pair, schedule) for ``rounds`` rounds of n // 3 tables.

    Moves swap two players of one round between tables: half of them at
    random, half aimed at a pair that has not met yet (bring one of them to
    the other's table in a round where both play).
    """
    rng = random.Random(f"triples:{n}:{rounds}")
    rand = rng.random  # int(rand() * k) is much faster than randrange(k) in this loop
    sit = n % 3
    per_round = n // 3
    cost_of = [_pair_cost(c) for c in range(rounds + 2)]
    schedule: list[list[list[int]]] = []
    where: list[list[int]] = []  # where[r][p]: p's table in round r, -1 on a bye
    for r in range(rounds):
        # Byes rotate through the list, so bye counts differ by at most one.
        out = {(r * sit + k) % n for k in range(sit)}
        seated = [p for p in range(n) if p not in out]
        rng.shuffle(seated)
        schedule.append([seated[3 * t : 3 * t + 3] for t in range(per_round)])
        pos = [-1] * n
        for t, table in enumerate(schedule[-1]):
            for p in table:
                pos[p] = t
        where.append(pos)
    count = _pair_counts(schedule, n)
    pairs = n * (n - 1) // 2
    # The best max possible: 1 if the seats exactly match the pairs, else 2.
    target = 1 if rounds * per_round * 3 <= pairs else 2
    bad = [c == 0 or c > target for c in range(rounds + 2)]
    met = [count[a][b] for a in range(n) for b in range(a + 1, n)]
    cost = sum(cost_of[c] for c in met)
    off = sum(1 for c in met if bad[c])  # pairs keeping us from the target
    best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
    steps = ANNEAL_STEPS if per_round > 1 else 0
    for step in range(steps):
        if off == 0:
            break
        r = int(rand() * rounds)
        pos, rnd = where[r], schedule[r]
        ta = tb = -1
        if step & 1:
            p = int(rand() * n)
            if pos[p] >= 0:
                row = count[p]
                missing = [q for q in range(n) if row[q] == 0 and q != p and pos[q] >= 0]
                if missing:
                    q = missing[int(rand() * len(missing))]
                    ta, tb = pos[p], pos[q]
                    ga = rnd[ta]
                    x = ga[(ga.index(p) + 1 + int(rand() * 2)) % 3]  # one of p's two tablemates
        if ta < 0:
            ta = int(rand() * per_round)
            tb = (ta + 1 + int(rand() * (per_round - 1))) % per_round
            x, q = rnd[ta][int(rand() * 3)], rnd[tb][int(rand() * 3)]
        # Swap x (table ta) and q (table tb) in round r.
        ga, gb = rnd[ta], rnd[tb]
        changes = _swap_changes(ga, gb, x, q)
        delta = d_off = 0
        for a, b, d in changes:
            c = count[a][b]
            delta += cost_of[c + d] - cost_of[c]
            d_off += bad[c + d] - bad[c]
            count[a][b] = count[b][a] = c + d
        if delta <= 0 or rand() < math.exp(-delta / (3.0 * (1 - step / steps) + 0.01)):
            ga[ga.index(x)], gb[gb.index(q)] = q, x
            pos[x], pos[q] = tb, ta
            cost += delta
            off += d_off
            if cost < best_cost or off == 0:
                best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
        else:
            for a, b, d in changes:
                count[a][b] = count[b][a] = count[a][b] - d
    final = [[0] * n for _ in range(n)]
    for rnd in best:
        for table in rnd:
            for a, b in each_pair(sorted(table)):
                final[a][b] += 1
    met = [final[a][b] for a in range(n) for b in range(a + 1, n)]
    frozen = tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in best)
    return met.count(0), max(met, default=0), frozen


def _swap_changes(ga: list[int], gb: list[int], x: int, q: int) -> list[tuple[int, int, int]]:
    """Pair-count changes when x (in ga) and q (in gb) change tables."""
    a1, a2 = [o for o in ga if o != x]
    b1, b2 = [o for o in gb if o != q]
    return [
        (x, a1, -1),
        (x, a2, -1),
        (q, a1, 1),
        (q, a2, 1),
        (q, b1, -1),
        (q, b2, -1),
        (x, b1, 1),
        (x, b2, 1),
    ]


# Seeded restarts of the search per number of rounds (the search time is heavy-tailed).
MIXED_ATTEMPTS = 3


def balanced_mixed(n: int, sizes: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every player at a table every round (tables of ``sizes``); every pair at least once, few repeats.

    Starts from the fewest rounds that the seats allow (pairs per round, and
    the meetings of a player who sits at the fewest larger tables) and takes
    the first that the search covers completely.
    """
    seated = sum(sizes)
    per_round = sum(s * (s - 1) // 2 for s in sizes)
    pairs = n * (n - 1) // 2
    big = sum(s for s in sizes if s > 3)
    r0 = 1
    while r0 * per_round < pairs or 2 * r0 + (big * r0) // n - (n - seated) * r0 // max(n, 1) < n - 1:
        r0 += 1
    best = None
    for rounds in range(r0, r0 + 4):
        for attempt in range(MIXED_ATTEMPTS):
            uncovered, surplus, schedule = _anneal_tables(n, sizes, rounds, attempt)
            if best is None or (uncovered, surplus) < best[:2]:
                best = (uncovered, surplus, schedule)
            if uncovered == 0:
                break
        if best[0] == 0:
            break
    assert best is not None
    return best[2]


def _anneal_tables(
    n: int, sizes: tuple[int, ...], rounds: int, attempt: int = 0
) -> tuple[int, int, tuple[tuple[tuple[int, ...], ...], ...]]:
    """(uncovered pairs, surplus meetings, schedule): simulated annealing over swaps within a round.

    The larger tables rotate through the players (who sits at a four is
    balanced), then swaps of two players of one round between tables lower
    the cost of ``_pair_cost``.
    """
    rng = random.Random(f"tables:{n}:{sizes}:{rounds}:{attempt}")
    rand = rng.random
    seated = sum(sizes)
    cost_of = [_pair_cost(c) for c in range(rounds + 2)]
    schedule: list[list[list[int]]] = []
    for r in range(rounds):
        start = (r * (n - seated)) % n if n > seated else 0
        order = [(start + k) % n for k in range(n)]
        players = order[:seated]
        rng.shuffle(players)
        # Rotate who sits at the larger tables: those seated there least so far first.
        groups, pos = [], 0
        for s in sizes:
            groups.append(players[pos : pos + s])
            pos += s
        schedule.append(groups)
    count = _pair_counts(schedule, n)
    cost = sum(cost_of[count[a][b]] for a in range(n) for b in range(a + 1, n))
    best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
    floor = max(0, rounds * sum(s * (s - 1) // 2 for s in sizes) - n * (n - 1) // 2) * cost_of[2]
    steps = ANNEAL_STEPS if len(sizes) > 1 else 0
    for step in range(steps):
        r = int(rand() * rounds)
        rnd = schedule[r]
        ta = -1
        if step % 4 == 3:
            # Aimed: bring a pair that has not met yet to one table in this round.
            p = int(rand() * n)
            row = count[p]
            missing = [o for o in range(n) if row[o] == 0 and o != p]
            where = {x: t for t, g in enumerate(rnd) for x in g}
            missing = [o for o in missing if o in where and p in where]
            if missing:
                o = missing[int(rand() * len(missing))]
                ta, tb = where[p], where[o]
                ga, gb = rnd[ta], rnd[tb]
                mates = [x for x in ga if x != p]
                ia, ib = ga.index(mates[int(rand() * len(mates))]), gb.index(o)
        if ta < 0:
            ta = int(rand() * len(rnd))
            tb = (ta + 1 + int(rand() * (len(rnd) - 1))) % len(rnd)
            ga, gb = rnd[ta], rnd[tb]
            ia, ib = int(rand() * len(ga)), int(rand() * len(gb))
        x, q = ga[ia], gb[ib]
        changes = [(x, o, -1) for o in ga if o != x] + [(q, o, 1) for o in ga if o != x]
        changes += [(q, o, -1) for o in gb if o != q] + [(x, o, 1) for o in gb if o != q]
        delta = 0
        for a, b, d in changes:
            c = count[a][b]
            delta += cost_of[c + d] - cost_of[c]
            count[a][b] = count[b][a] = c + d
        if delta <= 0 or rand() < math.exp(-delta / (3.0 * (1 - step / steps) + 0.01)):
            ga[ia], gb[ib] = q, x
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, [[list(t) for t in rnd] for rnd in schedule]
                if cost <= floor:
                    break  # every pair met, and no pair more than the seats force
        else:
            for a, b, d in changes:
                count[a][b] = count[b][a] = count[a][b] - d
    final: Counter[tuple[int, int]] = Counter()
    for rnd in best:
        for table in rnd:
            final.update(each_pair(sorted(table)))
    frozen = tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in best)
    return n * (n - 1) // 2 - len(final), sum(c - 1 for c in final.values()), frozen
