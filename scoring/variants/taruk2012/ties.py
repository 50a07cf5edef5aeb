"""Places and ranking points at one Taruk 2012 table when totals tie (spec §6, §7.6, §4.5).

S3 says tied players score "as if they were a single player"; which place the player
behind them takes is the tournament's setting ``table_ties``:

- ``competition`` (1-1-3-4, A29, the default): place = 1 + the players with a strictly
  higher total; the player behind a tie keeps his natural place.
- ``dense`` (1-1-2-3): the tied group counts as one player; place = 1 + the distinct
  totals strictly higher, so the player behind a tie moves up.

Either way every player receives the ladder's points of his place (§6: 2, 1.5, 1, 0.5;
§7.6 at five seats: 2, 1.625, 1.25, 0.875, 0.5). The strict order used for re-seating
(§7.5) is not this one. Points are ``Fraction``s (exact multiples of 1/8, §6.6).
Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

TABLE_TIES = ("competition", "dense")  # the first is the default (A29)

# Ranking points by place: §6 (S3) at four seats, §7.6 at five (evenly from 2 to 0.5).
LADDERS: dict[int, tuple[Fraction, ...]] = {
    4: (Fraction(2), Fraction(3, 2), Fraction(1), Fraction(1, 2)),
    5: (Fraction(2), Fraction(13, 8), Fraction(5, 4), Fraction(7, 8), Fraction(1, 2)),
}


def places(totals: Mapping[str, int], table_ties: str = TABLE_TIES[0]) -> dict[str, int]:
    """Each player's place at the table from his round total (tied players share one place)."""
    if table_ties == "competition":
        higher = sorted(totals.values(), reverse=True)
    elif table_ties == "dense":
        higher = sorted(set(totals.values()), reverse=True)
    else:
        raise ValueError(f"table_ties must be one of {', '.join(TABLE_TIES)}, not {table_ties!r}")
    # A total's place is 1 + how many totals are higher: its first index in the descending list (the
    # standings ask this for every table of an event, so no count per player).
    return {player: 1 + higher.index(total) for player, total in totals.items()}


def ranking_points(totals: Mapping[str, int], table_ties: str = TABLE_TIES[0]) -> dict[str, Fraction]:
    """Each player's ranking points for the round: the ladder's points of his place."""
    ladder = LADDERS.get(len(totals))
    if ladder is None:
        raise ValueError(f"a Taruk table has 4 or 5 players, not {len(totals)}")
    return {player: ladder[place - 1] for player, place in places(totals, table_ties).items()}
