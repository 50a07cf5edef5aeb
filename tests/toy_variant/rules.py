"""Toy rules: validation and settlement of one hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import common
from scoring.common import Errors, after_dealer, envelope, next_seat
from scoring.text import _
from scoring.types import Code, HandError, HandScore

from . import config_table

KEY = "toy"
FIELDS = ("variant", "seats", "dealer", "winner", "stake")


def validate(hand: Mapping[str, Any], state: Mapping[str, Any], config: Mapping[str, Any] | None) -> list[HandError]:
    errors = Errors()
    if envelope(errors, hand, KEY, FIELDS) is None:
        return errors.items
    if hand.get("winner") not in hand["seats"]:
        errors.add(
            "winner", Code.MISSING_FIELD if "winner" not in hand else Code.INVALID_VALUE, _("the winner is a seat")
        )
    stake = hand.get("stake")
    if not isinstance(stake, int) or isinstance(stake, bool) or not 1 <= stake <= 10:
        errors.add("stake", Code.INVALID_VALUE, _("the stake is 1 to 10"))
    return errors.items


def settle(hand: Mapping[str, Any], state: Mapping[str, Any], config: Mapping[str, Any] | None) -> HandScore:
    stake = hand["stake"]
    paid = (config_table.payments(config) or {}).get(stake, stake)  # the event's stakes table, else the stake
    points = {s: (2 * paid if s == hand["winner"] else -paid) for s in hand["seats"]}
    return HandScore(points=points, state={"last_winner": hand["winner"]}, breakdown=[f"{hand['winner']} wins {paid}"])


def validate_config(config: Mapping[str, Any] | None) -> list[HandError]:
    """No table is the stake itself; a table must hold every stake once."""
    if not config or "stakes" not in config:
        return []
    return [
        HandError(f"config.stakes.{p.column or 'rows'}", Code.INVALID_VALUE, p.message)
        for p in config_table.check(config)
    ]


def playing_seats(table_seats: list[str], dealer: str, state: Mapping[str, Any]) -> list[str]:
    return after_dealer(table_seats, dealer)


def next_dealer(table_seats: list[str], dealer: str) -> str:
    return next_seat(table_seats, dealer)


VARIANT = common.variant_of(globals(), key=KEY, name="Toy", rules_version="toy/1")
