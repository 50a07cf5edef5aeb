"""Events the site's tests run: players seated at a round that plays, a table of four with a long name,
and a whole table played and confirmed through the audited actions."""

from __future__ import annotations

from typing import Any

from tournaments.events import services
from tournaments.models import Round, Seat, Table
from tournaments.rounds import services as rounds
from tournaments.tables import confirmations, hands

SITE = "https://tarok.example.org"
LONG_NAME = "Maximilian Alexander von und zu Hohenberg-Schwarzenstein III"  # 60 characters


def seated_event(event: Any, alice: Any, names: list[str], hands_per_round: int = 12) -> Round:
    """``event`` with these players (clubs TK 0, TK 1, TK 2 in turn), round 1 drawn, published and started."""
    for i, name in enumerate(names):
        services.register_player(alice, event, name=name, club=f"TK {i % 3}")
    services.update_tournament(alice, event, hands_per_round=hands_per_round, draw_seed="protocols")
    rnd = rounds.draw_round(alice, event)
    rounds.publish_draw(alice, rnd)
    rounds.start_clock(alice, rnd)
    return rnd


def table_of_four(event: Any, alice: Any) -> Table:
    """One table of four, 12 hands a round, the first player with a 60-character name."""
    rnd = seated_event(event, alice, [LONG_NAME, "Ana Novak", "Bojan Kranjc", "Črt Žagar"])
    return Table.objects.select_related("round__tournament").get(round=rnd, number=1)


def play_table(table: Table, user: Any, count: int | None = None) -> None:
    """Every hand of the round (or the first ``count``): a klop where the first player of the hand is
    full (-70)."""
    setup = hands.table_setup(table, table.round.tournament)
    previous = None
    for _ in range(table.round.tournament.hands_per_round if count is None else count):
        envelope = hands.next_envelope(setup, previous)
        points = {s: 10 for s in envelope["seats"]}
        points[envelope["seats"][0]] = 40
        previous = hands.enter_hand(user, table, {**envelope, "game": "klop", "klop_points": points})


def confirm_table(table: Table, user: Any) -> None:
    """Every seated player confirms the table with his PIN."""
    for seat in Seat.objects.filter(table=table).select_related("entry"):
        confirmations.confirm_table(user, table, seat.position, seat.entry.pin)


def tables(event: Any) -> list[Table]:
    """The event's tables, by number (round 1 only has been drawn where this is used)."""
    return list(Table.objects.select_related("round__tournament").filter(round__tournament=event).order_by("number"))


def new_event(organizer: Any, slug: str, variant: str = "taruk2012", **fields: Any) -> Any:
    """A public event ``slug`` of ``variant`` organized by ``organizer``, named after its slug unless
    ``fields`` say otherwise (else the model's defaults: 12 hands a round, 75 minutes, tables of four)."""
    fields.setdefault("name", slug.replace("-", " ").title())
    fields.setdefault("is_public", True)
    return services.create_tournament(organizer, slug=slug, variant=variant, **fields)


def start_round_one(organizer: Any, event: Any, players: int, seed: str, referee: str = "bob") -> Table:
    """``event`` with ``referee`` at every table and ``players`` players (``Player 0`` ... in pairs), round 1
    drawn from ``seed``, published and started: its table 1."""
    services.set_referee(organizer, event, referee, [])
    for i in range(players):
        services.register_player(organizer, event, name=f"Player {i}", team=f"Pair {i // 2}")
    rnd = rounds.draw_round(organizer, event, seed=seed)
    rounds.publish_draw(organizer, rnd)
    rounds.start_clock(organizer, rnd)
    return Table.objects.get(round=rnd, number=1)
