"""How many hands a table plays in a round, and when it is done. Pure, no Django import."""

from __future__ import annotations


def expected_hands(variant: str, table_size: int, hands_per_round: int, event_table_size: int) -> int:
    """Hands a table of ``table_size`` plays when the event's tables of ``event_table_size`` play
    ``hands_per_round``: everybody deals equally often.

    - Taruk 2012: 12 at four seats, 10 at five (taruk2012.md §7.6: each seat deals twice).
    - MAUSZ ulti: 9 at three seats, 12 at four (ulti-mausz.md §6.2: each deals three times).
    - Otherwise the event's number, rounded to whole turns of the deal.
    """
    if table_size == event_table_size:
        return hands_per_round
    if variant == "taruk2012" and table_size == 5:
        return round(hands_per_round * 10 / 12)
    deals_each = max(1, round(hands_per_round / event_table_size))
    return deals_each * table_size


def is_complete(hands: int, expected: int, time_expired: bool) -> bool:
    return hands >= expected or (time_expired and hands > 0)
