"""The hand form's fields the Hungarian tarokks share (Illusztrált and Vadász ``entry.py``): the tricks, the
sheet's verdict of the count instead of the card points, and the hand as the form writes it."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from scoring import entry as e
from scoring.text import _

from .rules import COUNT_RESULT_LABEL, TOTAL_POINTS

TRICKS = (*e.BLANK, *((str(t), e.Raw(str(t))) for t in range(10)))
# The sheet's verdict of the count, the alternative to the card points (rules.COUNT_RESULTS): a referee who
# did not count taps whether the game was won and whether a dupla was made.
COUNT_RESULT_FIELD = _("the sheet's count (instead of card points)")
COUNT_RESULTS = (*e.BLANK, *COUNT_RESULT_LABEL.items())
PLAYED_OR_RENONSZ = {"outcome": ["played", "renonsz"]}


# Outcomes that deal no game (a redeal; Vadász's thrown-in hand): the hand writes no declarer.
UNPLAYED = ("redeal", "thrown_in")


def declarer_and_partner(
    ctx: e.Context, partners: tuple[tuple[str, Any], ...], **partner: Any
) -> tuple[e.Binding, e.Binding]:
    """The declarer, and the partner (the holder of the called tarokk) among ``partners``; ``partner`` are
    the variant's own ways to write a declarer alone (``put``, ``read``, ``claims``).

    The forehand (``seats[0]``) opens the bidding and may hold ("tartom") what a later player bids, so he
    is the usual declarer: his chip is shown chosen, as Taruk's is, and the preview names him; a hand
    that deals no game writes no declarer whatever the chip shows."""
    declarer = e.Field("declarer", _("declarer"), choices=e.seat_choices(ctx.seats), initial=ctx.forehand)
    return (
        e.Binding(declarer, "declarer", put=lambda v, values: e.OMIT if values.get("outcome") in UNPLAYED else v),
        e.Binding(e.Field("partner", _("partner (holder of the called tarokk)"), choices=partners), "", **partner),
    )


def card_points(label: str) -> e.Binding:
    """The declaring side's card points (0 to 94); ``label`` says what they hold in this variant."""
    field = e.Field("declarer_card_points", label, e.INT, min_value=0, max_value=TOTAL_POINTS)
    return e.Binding(field, "declarer_card_points")


def count_result(after: str) -> e.Binding:
    """The sheet's verdict of the count. A game is usually won by the side that bid it: once the field
    ``after`` (the bid, or the talon cards it took) is chosen in a played hand, "won" is shown chosen, one
    tap less, and the preview scores it before it is saved; it yields to typed card points."""
    preset = e.Preset(
        {"outcome": ("played",), after: (e.ANY,)}, value="won", unless=({"declarer_card_points": (e.ANY,)},)
    )
    return e.Binding(e.Field("count_result", COUNT_RESULT_FIELD, choices=COUNT_RESULTS, preset=preset), "count_result")


def declarer_tricks() -> e.Binding:
    return e.Binding(
        e.Field("declarer_tricks", _("tricks of the declaring side"), e.INT_CHOICE, TRICKS), "declarer_tricks"
    )


def without_defaults(hand: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the hand without the members the form leaves out at their defaults: a played outcome,
    no kontra on the game or on a figure."""
    h = copy.deepcopy(dict(hand))
    if h.get("outcome") == "played":
        del h["outcome"]
    if h.get("game_kontra") == 0:
        del h["game_kontra"]
    for f in h.get("figures") or []:
        if f.get("kontra") == 0:
            del f["kontra"]
    return h
