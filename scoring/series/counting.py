"""§4: which of a player's results count towards his series total and which are dropped."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from .model import Event, Settings


def half_of(e: int) -> int:
    """§4.1 ``best_half``: ⌊E/2⌋ when E > 10, else ⌊(E + 1)/2⌋ (25 -> 12, 12 -> 6, 7 -> 4, 1 -> 1)."""
    return e // 2 if e > 10 else (e + 1) // 2


def results_counted(settings: Settings, events: Sequence[Event]) -> int | None:
    """How many results count besides the always-counts events (§4.1); None: all of them.

    E for ``best_half`` is the events not marked always counts with at least one player in their
    result: a running event's provisional result counts, and a player with a ``heine`` no result
    is still a player in the result, so the event counts for E even if nobody has a value in it.
    """
    if settings.count == "best_n":
        return settings.n
    if settings.count == "best_half":
        return half_of(sum(1 for e in events if not e.always_counts and e.results))
    return None


def split(
    values: dict[int, Decimal | None], always: Sequence[bool], n: int | None
) -> tuple[dict[int, Decimal], dict[int, Decimal]]:
    """(counted, dropped), event index -> value, each in the series' order (§4.2).

    The ``n`` highest values of the events not marked always counts are counted, equal values in
    the series' order (the earlier event is counted); every always-counts value is counted on top.
    A no result (None) is in neither.
    """
    scored = [(i, v) for i, v in values.items() if v is not None]
    best = sorted((item for item in scored if not always[item[0]]), key=lambda item: (-item[1], item[0]))
    keep = {i for i, _ in best[:n]} if n is not None else {i for i, _ in best}
    keep |= {i for i, _ in scored if always[i]}
    counted = {i: v for i, v in sorted(scored) if i in keep}
    dropped = {i: v for i, v in sorted(scored) if i not in keep}
    return counted, dropped
