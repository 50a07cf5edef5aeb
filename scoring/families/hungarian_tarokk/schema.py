"""The members of a hand that Illusztrált and Vadász write alike, as JSON Schema pieces for their hand schemas."""

from collections.abc import Iterable
from typing import Any

from scoring.hand_schema import boolean, choice, integer

from .rules import COUNT_RESULTS, TOTAL_POINTS


def count_members(kontra: dict[str, Any]) -> dict[str, Any]:
    """The game's own count: the declarer's card points or the sheet's verdict, his tricks, the game's kontra."""
    return {
        "declarer_card_points": integer(0, TOTAL_POINTS),
        "count_result": choice(COUNT_RESULTS, description="The sheet's verdict instead of the card points."),
        "declarer_tricks": integer(0, 9),
        "game_kontra": kontra,
    }


def figure_head(figures: Iterable[str], sides: Iterable[str]) -> dict[str, Any]:
    """What every announced or silent figure says first: which figure, whose side, announced or not."""
    return {
        "figure": choice(figures, nullable=False),
        "side": choice(sides, nullable=False),
        "announced": boolean(nullable=False),
    }
