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
    seat = Seat.objects.filter(table=table, position=dealer).select_related("entry").first()
    if seat is None:
        return 0
    this_round = table.round.number
    count = 0
    for table_id, position, round_number in Seat.objects.filter(
        entry=seat.entry, table__round__tournament_id=table.round.tournament_id
    ).values_list("table_id", "position", "table__round__number"):
        if round_number > this_round:
            continue
        hands = Hand.objects.filter(table_id=table_id, dealer=position)
        if table_id == table.pk:
            hands = hands.filter(number__lt=number)
        elif round_number == this_round:
            continue
        count += sum(_misdeals_in(h) for h in hands.values_list("input", flat=True))
    return count


def history_errors(variant: Variant, table: Table, hand_input: Any, number: int) -> list[HandError]:
    """The variant's history rule applied to ``hand_input`` as hand ``number`` of ``table``."""
    if variant.misdeal_history is None or not isinstance(hand_input, dict) or not _misdeals_in(hand_input):
        return []
    return variant.misdeal_history(hand_input, earlier_misdeals(table, hand_input.get("dealer"), number))
