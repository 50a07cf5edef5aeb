"""The rows of a synthetic Taruk 2012 event, for the benchmarks that need a filled database
(standings, protocols). Import after ``report.setup_django()``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournaments.models import Entry, Hand, Player, Round, Seat, Table, Tournament


def entries(t: Tournament, names: Sequence[str], club: str = "") -> list[Entry]:
    """One player and entry per name, start numbers from 1 (all with PIN 0000)."""
    players = Player.objects.bulk_create([Player(name=name, club=club) for name in names])
    return Entry.objects.bulk_create(
        [Entry(tournament=t, player=p, start_number=i + 1, pin="0000") for i, p in enumerate(players)]
    )


def seat_fours(rnd: Round, tables: Sequence[Table], order: Sequence[Entry]) -> None:
    """Seat ``order`` four to a table, A to D, in the order given."""
    Seat.objects.bulk_create(
        [
            Seat(round=rnd, table=table, position="ABCD"[j], entry=order[4 * i + j])
            for i, table in enumerate(tables)
            for j in range(4)
        ]
    )


def hand_row(table: Table, number: int, hand: dict[str, Any], result: Any) -> Hand:
    """The stored hand ``number`` of ``table``: the input and the engine's answer for it."""
    return Hand(
        table=table,
        number=number,
        dealer=hand["dealer"],
        input=hand,
        points=result.points,
        state_after=result.state,
        breakdown=result.breakdown,
        rules_version="taruk2012/1",
    )
