"""Players of one club kept at different tables where the numbers allow (round 1 draws)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence


def club_clashes(groups: Iterable[Sequence[str]], clubs: Mapping[str, str]) -> int:
    """Pairs of players of one club at one table (players without a club never clash)."""
    total = 0
    for group in groups:
        seen = Counter(clubs.get(p) or None for p in group)
        total += sum(c * (c - 1) // 2 for club, c in seen.items() if club)
    return total


# Exchanges tried by the club search after the greedy pass; 16-64 players need a few hundred.
CLUB_SEARCH_STEPS = 4_000


def separate_clubs(groups: list[list[str]], clubs: Mapping[str, str], *, same_band: bool) -> None:
    """Exchange players between tables while that lowers the club clashes (in place).

    A search over exchanges of two players at different tables: an exchange
    that raises the clashes is refused, one that keeps them equal is allowed
    (it lets the search leave a dead end), and the search stops at no clashes.
    Its generator is seeded from the tables themselves, so the draw stays
    reproducible from its seed. With ``same_band`` only players at the same
    index (the same strength band, see ``draw_by_strength``) are exchanged.
    """
    if len(groups) < 2:
        return

    def clash(group: list[str]) -> int:
        return club_clashes([group], clubs)

    total = sum(clash(g) for g in groups)
    rng = random.Random("clubs:" + "|".join(",".join(g) for g in groups))
    for _ in range(CLUB_SEARCH_STEPS):
        if total == 0:
            return
        ti = rng.choice([t for t, g in enumerate(groups) if clash(g)])
        tj = rng.randrange(len(groups) - 1)
        tj += tj >= ti
        g, h = groups[ti], groups[tj]
        a = rng.randrange(len(g))
        if same_band:
            if a >= len(h):
                continue
            b = a
        else:
            b = rng.randrange(len(h))
        before = clash(g) + clash(h)
        g[a], h[b] = h[b], g[a]
        after = clash(g) + clash(h)
        if after > before:
            g[a], h[b] = h[b], g[a]
        else:
            total += after - before
