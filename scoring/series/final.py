"""§7: the cut line of a final on the ladder, and filling the final from it.

Pure: the ladder (``ladder.ladder_before``), K, who declined and the final's seed in; who enters
and who waits out. The site stores the declines and the fill, audited.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .model import LadderLine

TIES_AT_CUT = ("lot", "all")  # §7.2, the default first

Seed = int | str


@dataclass(frozen=True)
class CutLine:
    """Where the ladder's line falls (§7.1): ``after`` lines stand above it; ``tied_across``: the
    players of a tied group the line cuts through (empty: it falls between two ranks)."""

    after: int
    tied_across: tuple[str, ...] = ()


@dataclass(frozen=True)
class FinalFill:
    """Who enters the final (ladder order), the reserves in the order they move up, who was
    skipped because he declined, and the tied group at the cut that ``ties_at_cut`` decided."""

    entered: tuple[str, ...]
    reserves: tuple[str, ...]
    declined: tuple[str, ...]
    tied_at_cut: tuple[str, ...] = ()


def _check_k(k: int) -> None:
    if type(k) is not int or k < 1:
        raise ValueError(f"the final's places K must be a whole number of at least 1, not {k!r}")


def _tied_group(lines: Sequence[LadderLine], k: int) -> tuple[str, ...]:
    """The players sharing the rank of the K-th line when that rank continues below it."""
    if k >= len(lines) or lines[k - 1].rank != lines[k].rank:
        return ()
    rank = lines[k - 1].rank
    return tuple(line.player for line in lines if line.rank == rank)


def cut_line(lines: Sequence[LadderLine], k: int) -> CutLine:
    """§7.1: the line after place K of the ladder before the final."""
    _check_k(k)
    return CutLine(min(k, len(lines)), _tied_group(lines, k))


def lot_order(players: Collection[str], seed: Seed) -> dict[str, int]:
    """The final's lot: every ladder player's position in one draw from ``seed``.

    One draw over everybody (sorted first, so the order players come in does not matter) rather
    than over the tied group alone: a later decline then never changes how the lot ranked the
    others, so filling again after a decline only moves the next player up.
    """
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return {player: i for i, player in enumerate(order)}


def fill_final(
    lines: Sequence[LadderLine],
    k: int,
    declined: Collection[str] = (),
    ties_at_cut: str = "lot",
    seed: Seed = 0,
) -> FinalFill:
    """§7.2: the top K of the ladder enter, skipping players who declined (the next on the ladder
    takes the place); a tie across the cut enters every tied player with ``ties_at_cut`` ``all``,
    else the final's lot (``seed``) decides and the tied players it leaves out are the first
    reserves, in lot order. The other reserves follow in ladder order."""
    _check_k(k)
    if ties_at_cut not in TIES_AT_CUT:
        raise ValueError(f"ties_at_cut must be one of {', '.join(TIES_AT_CUT)}, not {ties_at_cut!r}")
    skipped = set(declined)
    candidates = [line for line in lines if line.player not in skipped]
    out = tuple(line.player for line in lines if line.player in skipped)
    tied = _tied_group(candidates, k)
    if not tied:
        players = [line.player for line in candidates]
        return FinalFill(tuple(players[:k]), tuple(players[k:]), out)
    above = [line.player for line in candidates[:k] if line.player not in tied]
    below = [line.player for line in candidates[len(above) + len(tied) :]]
    if ties_at_cut == "all":
        return FinalFill(tuple(above) + tied, tuple(below), out, tied)
    lot = lot_order([line.player for line in lines], seed)
    drawn = sorted(tied, key=lot.__getitem__)
    winners = set(drawn[: k - len(above)])
    entered = tuple(above) + tuple(p for p in tied if p in winners)
    return FinalFill(entered, tuple(p for p in drawn if p not in winners) + tuple(below), out, tied)
