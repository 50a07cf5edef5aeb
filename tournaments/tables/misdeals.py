"""The tournament's misdeal history for the rules that need it (taruk2012.md §5.4: a player's
first recorded misdeal in the tournament is a warning, every later one costs 20).

The engine cannot see other tables; this module counts a player's earlier misdeals from the
stored hands and hands the count to the variant's pure check (``Variant.misdeal_history``).
"""

from __future__ import annotations

from typing import Any

from scoring.types import HandError, Variant
from tournaments.models import Hand, Seat, Table


def _misdeals_in(hand_input: Any) -> int:
    penalties = hand_input.get("penalties") if isinstance(hand_input, dict) else None
    return sum(1 for p in penalties or [] if isinstance(p, dict) and p.get("type") == "misdeal")


def earlier_misdeals(table: Table, dealer: str, number: int) -> int:
    """Misdeals the player dealing hand ``number`` at ``table`` made before it in the tournament:
    in earlier rounds, and earlier at this table (a player sits at one table per round)."""
    return misdeals_by_seat(table.pk, table.round.number, number).get(dealer, 0)


def misdeals_by_seat(table_id: int, round_number: int, number: int) -> dict[str, int]:
    """``earlier_misdeals`` of every seat of the table at once (the table page asks for each seat's),
    in three queries whatever the round: the seats' players, their seats in earlier rounds, and the
    hands they dealt there that carry a penalty."""
    here = dict(Seat.objects.filter(table_id=table_id).order_by().values_list("entry_id", "position"))
    # (table, dealer's position) -> this table's position of the player who dealt from there
    dealt_by = {(table_id, position): position for position in here.values()}
    earlier = Seat.objects.filter(entry_id__in=here, round__number__lt=round_number).order_by()
    for entry_id, earlier_table, position in earlier.values_list("entry_id", "table_id", "position"):
        dealt_by[(earlier_table, position)] = here[entry_id]
    counts = dict.fromkeys(here.values(), 0)
    hands = Hand.objects.filter(table_id__in={t for t, _ in dealt_by}, input__has_key="penalties")
    for at, dealer, hand_number, hand_input in hands.values_list("table_id", "dealer", "number", "input"):
        seat = dealt_by.get((at, dealer))
        if seat is not None and (at != table_id or hand_number < number):  # this table: the hands before
            counts[seat] += _misdeals_in(hand_input)
    return counts


def history_errors(variant: Variant, table: Table, hand_input: Any, number: int) -> list[HandError]:
    """The variant's history rule applied to ``hand_input`` as hand ``number`` of ``table``."""
    if variant.misdeal_history is None or not isinstance(hand_input, dict) or not _misdeals_in(hand_input):
        return []
    return variant.misdeal_history(hand_input, earlier_misdeals(table, hand_input.get("dealer"), number))
