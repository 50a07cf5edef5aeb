"""Striking an excluded player's round result from the standings (MAUSZ 11.§, issue 14).

Pure (no Django): the standings call it on their lines after the tables' ranking points are summed
and before the players are ordered. The excluded player's ranking points of his exclusion round
(and of any later round) become 0; his game points and his tablemates' lines stay as played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Protocol, TypeVar


class _Line(Protocol):
    player: str
    ranking_points: Fraction
    per_round: dict[int, Fraction]


L = TypeVar("L", bound=_Line)


def struck(lines: Iterable[L], excluded: Mapping[str, int]) -> list[L]:
    """``lines`` with each excluded player's ranking points from round ``excluded[player]`` on set to 0.

    ``excluded``: player id -> the round whose result is struck. A new line replaces a struck one
    (the input is not changed); a player not excluded keeps his line as it is.
    """
    out = []
    for line in lines:
        start = excluded.get(line.player)
        if start is None:
            out.append(line)
            continue
        per_round = {rnd: (Fraction(0) if rnd >= start else points) for rnd, points in line.per_round.items()}
        lost = sum((line.per_round[rnd] - per_round[rnd] for rnd in per_round), Fraction(0))
        out.append(replace(line, per_round=per_round, ranking_points=line.ranking_points - lost))
    return out
