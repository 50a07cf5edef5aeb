"""The rows of a synthetic Taruk 2012 event, for the benchmarks that need a filled database
(standings, protocols). Import after ``report.setup_django()``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from scoring.engine import evaluate
from tests.samples import taruk2012 as samples
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


def scored_pool(rng: random.Random, size: int = 2000) -> list[tuple[dict[str, Any], Any]]:
    """Sample hands of four-seat tables dealt by A to D, each with the engine's answer (from its own state)."""
    pool = [samples.random_hand(rng) for _ in range(size)]
    return [(h, evaluate(h, s)) for h, s in pool if len(h["seats"]) == 4 and h["dealer"] in "ABCD"]


def play_rounds(
    t: Tournament,
    people: Sequence[Entry],
    rounds: int,
    rng: random.Random,
    hands_of: Callable[[int, int], Sequence[tuple[dict[str, Any], Any]]],
) -> None:
    """``rounds`` closed rounds of ``t``: ``people`` seated four to a table in an order drawn from ``rng``,
    table ``i`` (from 0) of round ``number`` holding ``hands_of(number, i)``: (hand, engine answer) pairs."""
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(tournament=t, number=number, status=Round.Status.CLOSED)
        tables = Table.objects.bulk_create([Table(round=rnd, number=i + 1) for i in range(len(people) // 4)])
        order = list(people)
        rng.shuffle(order)
        seat_fours(rnd, tables, order)
        rows = [
            hand_row(table, n, hand, result)
            for i, table in enumerate(tables)
            for n, (hand, result) in enumerate(hands_of(number, i), start=1)
        ]
        Hand.objects.bulk_create(rows, batch_size=2000)


def played_event(slug: str, players: int, rounds: int, hands: int, seed: str) -> Tournament:
    """A public Taruk 2012 event of ``players`` (a multiple of 4) in ``rounds`` closed rounds, every table
    seated at random from ``seed`` and every hand played: sample hands scored by the engine."""
    rng = random.Random(seed)
    t = Tournament.objects.create(
        name="Bench", slug=slug, variant="taruk2012", rounds=rounds, hands_per_round=hands, is_public=True
    )
    people = entries(t, [f"Player {i}" for i in range(players)])
    scored = scored_pool(rng)
    play_rounds(t, people, rounds, rng, lambda _number, _i: [rng.choice(scored) for _ in range(hands)])
    return t
