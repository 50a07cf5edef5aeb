"""Toy protocol: the winner in the declarer's column, the stake in the details."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.protocol_layout import ProtocolLayout, RowText, SeatMarks, Translator
from scoring.text import _


def row(hand: Mapping[str, Any], before: Mapping[str, Any], after: Mapping[str, Any], tr: Translator) -> RowText:
    return RowText(game="toy", declarer=hand.get("winner", ""), details=f"x{hand.get('stake')}")


PROTOCOL = ProtocolLayout(
    row=row,
    columns=(_("Game"), _("Winner"), _("Partner"), _("Stake")),
    # The sheet marks the hand's winner with a star (the state after the hand names him).
    seat_marks=SeatMarks(legend=_("won the hand"), count=lambda after: {after["last_winner"]: 1}, symbol="★"),
)
