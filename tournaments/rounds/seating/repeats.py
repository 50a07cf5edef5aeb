"""The repeat-meeting report: who at a table of a draw already met whom, and when."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournaments.rounds.seating.draw import each_pair


@dataclass(frozen=True)
class RepeatMeeting:
    """Two players at one table of a draw who already shared a table, and in which rounds."""

    table: int
    players: tuple[str, str]
    rounds: tuple[int, ...]


def repeat_meetings(
    groups: Mapping[int, Sequence[str]], history: Mapping[frozenset[str], Sequence[int]]
) -> list[RepeatMeeting]:
    """Every pair at a table of ``groups`` (table -> ids) that ``history`` (pair -> rounds) has met.

    The director sees each one on the draw page: who met whom before, in which round.
    Sorted by table, then by the pair, so the report reads the same every time.
    """
    out = []
    for number in sorted(groups):
        for a, b in each_pair(sorted(groups[number])):
            rounds = history.get(frozenset((a, b)))
            if rounds:
                out.append(RepeatMeeting(number, (a, b), tuple(sorted(rounds))))
    return out
