"""One table's consecutive hands for any variant: the variant's sample module says how to deal one
valid hand (``deal``); the deal order, the seats that play and the state each hand starts from come
from the variant itself (``Variant.allowed_dealers``, ``Variant.playing_seats``, ``Variant.score``),
so a sequence follows the same rules as a table on the site. Pure Python."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring import registry

Hand = dict[str, Any]


@dataclass(frozen=True)
class Turn:
    """Where the next hand of a table is dealt: the table's seats, who deals, who plays in which
    order (``Variant.playing_seats``) and the state the engine scores the hand from."""

    table: list[str]
    dealer: str
    seats: list[str]
    state: Mapping[str, Any]


# A sample module's ``deal(rng, turn)``: one random valid hand for that turn.
Deal = Callable[[random.Random, Turn], Hand]


def turn_at(key: str, table: Sequence[str], dealer: str, state: Mapping[str, Any] | None = None) -> Turn:
    """The turn of ``dealer`` at ``table`` from ``state``, its seats as the variant plays them."""
    state = {} if state is None else state
    return Turn(list(table), dealer, registry.get(key).playing_seats(list(table), dealer, state), state)


def hand_sequence(
    key: str,
    deal: Deal,
    rng: random.Random,
    n: int,
    table: Sequence[str],
    dealer: str,
    config: Mapping[str, Any] | None = None,
) -> list[Hand]:
    """``n`` consecutive hands at ``table``, the first dealt by ``dealer`` from the empty state.

    Each hand is scored by the engine from the state the previous one left (with the event's
    ``config``), and the next is dealt by the dealer the variant names first after it: the usual
    rotation, a void ulti deal dealt again, a Vadász thrower who took the deal. A hand the engine
    refuses raises ``InvalidHand``: a sample generator must deal only valid hands.
    """
    variant = registry.get(key)
    state: Mapping[str, Any] = {}
    hands = []
    for _ in range(n):
        hand = deal(rng, turn_at(key, table, dealer, state))
        hands.append(hand)
        state = variant.score(hand, state, config).state
        dealer = variant.allowed_dealers(list(table), hand)[0]
    return hands
