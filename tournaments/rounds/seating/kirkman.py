"""Kirkman triple systems: every pair of n = 3 (mod 6) players meets exactly once in (n - 1) / 2 rounds."""

from __future__ import annotations

import random

# Node budget of the exact Kirkman search over all restarts; beyond it the
# balanced schedule is used (only orders far above the 21-player final need it).
KIRKMAN_NODE_BUDGET = 300_000


def kirkman(v: int) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    """A Kirkman triple system of order v (v = 3 mod 6), or None if the search budget runs out.

    Points: Z_m x {0..s-1} plus one fixed point, with m the largest odd divisor
    of v - 1. We look for (v-1)/(2m) "base" rounds such that the base rounds
    shifted by 0..m-1 (x -> x + g on the Z_m coordinate) form the schedule: a
    pair orbit under the shift is covered exactly once over all rounds iff it
    is covered exactly once in the base rounds. This shrinks the search (one
    base round for 15, two for 21); backtracking with seeded random restarts
    finds them in milliseconds. m is odd, so no pair or triple is fixed by a
    shift.
    """
    rounds = (v - 1) // 2
    m = v - 1
    while m % 2 == 0:
        m //= 2
    inf = v - 1
    key_ids: dict[tuple[int, int, int], int] = {}
    pair_key = [[-1] * v for _ in range(v)]
    for a in range(v):
        for b in range(a + 1, v):
            ia, xa = divmod(a, m)
            if b == inf:
                k = (-1, ia, 0)
            else:
                ib, xb = divmod(b, m)
                d = (xb - xa) % m
                k = (ia, ib, min(d, m - d) if ia == ib else d)
            pair_key[a][b] = pair_key[b][a] = key_ids.setdefault(k, len(key_ids))
    n_base = rounds // m
    rng = random.Random(f"kirkman:{v}")
    budget = KIRKMAN_NODE_BUDGET
    # Random restarts with a small budget each: the search time is heavy-tailed,
    # and a fresh random order usually succeeds quickly (21: a few thousand nodes).
    restart_nodes = 5_000 if v > 9 else budget
    while budget > 0:
        nodes = min(restart_nodes, budget)
        budget -= nodes
        base = _kirkman_base(v, pair_key, len(key_ids), n_base, rng, nodes)
        if base is not None:

            def shift(x: int, g: int) -> int:
                return x if x == inf else (x // m) * m + (x % m + g) % m

            return tuple(
                tuple(tuple(sorted(shift(x, g) for x in triple)) for triple in b) for b in base for g in range(m)
            )
    return None


def _kirkman_base(
    v: int, pair_key: list[list[int]], n_keys: int, n_base: int, rng: random.Random, nodes: int
) -> list[list[tuple[int, int, int]]] | None:
    """One backtracking attempt: ``n_base`` partitions of the points into triples, each pair key once."""
    used = [False] * n_keys
    base: list[list[tuple[int, int, int]]] = [[] for _ in range(n_base)]
    full = (1 << v) - 1
    left = nodes

    def solve(c: int, free: int) -> bool | None:
        nonlocal left
        left -= 1
        if left < 0:
            return None  # out of budget
        if free == 0:
            return True if c + 1 == n_base else solve(c + 1, full)
        p = (free & -free).bit_length() - 1  # the lowest point not yet in a triple of this round
        rest = free & ~(1 << p)
        others = [i for i in range(v) if rest >> i & 1]
        kp = pair_key[p]
        options = []
        for i, q in enumerate(others):
            kpq = kp[q]
            if used[kpq]:
                continue
            kq = pair_key[q]
            for r in others[i + 1 :]:
                kpr, kqr = kp[r], kq[r]
                if used[kpr] or used[kqr] or len({kpq, kpr, kqr}) < 3:
                    continue
                options.append((q, r, kpq, kpr, kqr))
        rng.shuffle(options)
        for q, r, kpq, kpr, kqr in options:
            used[kpq] = used[kpr] = used[kqr] = True
            base[c].append((p, q, r))
            found = solve(c, rest & ~(1 << q) & ~(1 << r))
            if found is None or found:
                return found
            base[c].pop()
            used[kpq] = used[kpr] = used[kqr] = False
        return False

    return base if solve(0, full) else None
