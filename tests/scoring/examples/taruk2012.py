"""taruk2012.md's examples (taruk2012.json): the hands of §8.1 by name (E1 ... E26), the worked
examples with their points, radelc state and breakdown lines, and the rejected inputs of §8.2 and §5.6."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scoring.examples import hand_of, load

V = "taruk2012"
DATA = load(V)


def radelci(value: int, seats: str = "ABCD") -> dict[str, Any]:
    """The state in which every seat of ``seats`` holds ``value`` radelci (§4.4)."""
    return {"radelci": dict.fromkeys(seats, value)}


def pts(*values: int, table: str | None = None) -> dict[str, int]:
    """Points by seat: ``values`` for A, B, C, D (and E at a table of five), or for ``table``'s seats."""
    return dict(zip(table or "ABCDE"[: len(values)], values, strict=True))


def dealt(dealer: str, game: str, table: str = "ABCD", **fields: Any) -> dict[str, Any]:
    """A hand of ``game`` dealt by ``dealer``: the seat after him leads, clockwise (§7.3); at a table of
    five the dealer sits out (§7.6)."""
    i = table.index(dealer)
    order = [table[(i + k) % len(table)] for k in range(1, len(table) + 1)]
    return {"variant": V, "seats": order[:4], "dealer": dealer, "game": game, **fields}


ALL0 = radelci(0)
ALL1 = radelci(1)
HANDS: dict[str, dict[str, Any]] = DATA["hands"]
E1, E5, E7, E12, E17, E19, E26 = (HANDS[f"E{n}"] for n in (1, 5, 7, 12, 17, 19, 26))

# (hand, state in, points, state out, breakdown lines that must be present: None for all of §3.12's E12)
WORKED = [
    pytest.param(HANDS[r["hand"]], r["state"], r["points"], r["state_out"], r["lines"], id=r["id"])
    for r in DATA["worked"]
]
# §3.12 gives E12's breakdown in full.
E12_BREAKDOWN: list[str] = DATA["e12_breakdown"]

# (hand, state, the field and code of the error, the reason the spec gives)
REJECTED = [
    pytest.param(hand_of(r, HANDS), r.get("state", {}), r["field"], r["code"], r["reason"], id=r["id"])
    for r in DATA["rejected"]
]
