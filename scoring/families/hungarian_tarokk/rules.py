"""The count the Hungarian tarokks share (Illusztrált §1.1, §2.1, §3.3.5; Vadász §1.3, §2.1, §3.2 rule 5).

The declaring side's card points P (of 94) decide only through two thresholds: the game is won at 48
(47-47 goes to the opponents) and a dupla is made at 71 (the opponents' at 23 or less). A referee's sheet
may record the verdict instead of P (``count_result``): the band of P it stands for scores as any P in it.
Reading (both specs are silent on a verdict input): a sheet records the game won or lost and a dupla made,
never the exact count, so the band is all the rules need.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.common import Errors
from scoring.text import _
from scoring.types import Code

TOTAL_POINTS = 94
WIN_POINTS = 48  # the game is won at P >= 48; 47-47 goes to the opponents
DUPLA_POINTS = 71  # a dupla is made at 71 (the declaring side: P >= 71; the opponents: P <= 23)
# The sheet's verdict of the count: value -> the band of P it stands for.
COUNT_RESULTS: dict[str, tuple[int, int]] = {
    "dupla": (DUPLA_POINTS, TOTAL_POINTS),  # 71-94: the declaring side made a dupla
    "won": (WIN_POINTS, DUPLA_POINTS - 1),  # 48-70: game won, no dupla
    "lost": (TOTAL_POINTS - DUPLA_POINTS + 1, WIN_POINTS - 1),  # 24-47: game lost, no dupla
    "opponents_dupla": (0, TOTAL_POINTS - DUPLA_POINTS),  # 0-23: the opponents made a dupla
}
# Each verdict as the form's choice and a message name it (the thresholds written out).
COUNT_RESULT_LABEL = {
    "dupla": _("declaring side: dupla (71+)"),
    "won": _("declaring side won (48–70)"),
    "lost": _("opponents won (47–70)"),
    "opponents_dupla": _("opponents: dupla (71+)"),
}
SIDES = ("declarer", "opponents")
SIDE_NAME = {"declarer": _("declaring side"), "opponents": _("opponents")}


def count_band(hand: Mapping[str, Any]) -> str:
    """The band of the count a validated played hand gives (a key of COUNT_RESULTS): the sheet's
    verdict, or the band its card points fall in. Scoring reads P only through this."""
    verdict = hand.get("count_result")
    if verdict is not None:
        return verdict
    p = hand["declarer_card_points"]
    if p >= DUPLA_POINTS:
        return "dupla"
    if p >= WIN_POINTS:
        return "won"
    return "lost" if p > TOTAL_POINTS - DUPLA_POINTS else "opponents_dupla"


def check_count(errors: Errors, obj: Mapping[str, Any]) -> tuple[int, int] | None:
    """The card points P, or the sheet's verdict ``count_result`` instead (exactly one of them). Returns
    the band of P they allow (P itself twice), None when unusable."""
    verdict = obj.get("count_result")
    if verdict is None:
        if obj.get("declarer_card_points") is None:
            errors.add(
                "declarer_card_points",
                Code.MISSING_FIELD,
                _(
                    "%(field)s is required in a played hand, or the sheet's count instead",
                    field="declarer_card_points",
                ),
            )
            return None
        p = errors.required_int(obj, "declarer_card_points", 0, TOTAL_POINTS)
        return None if p is None else (p, p)
    if obj.get("declarer_card_points") is not None:
        errors.add("count_result", Code.FORBIDDEN_COMBINATION, _("give the card points or the sheet's count, not both"))
        errors.required_int(obj, "declarer_card_points", 0, TOTAL_POINTS)
        return None
    verdict = errors.check_choice(verdict, "count_result", COUNT_RESULTS)
    return None if verdict is None else COUNT_RESULTS[verdict]


# Why the tricks are asked for with the sheet's count (see tricks_left_out).
TRICKS_FOR_A_VOLAT = _("when a volát is announced")


def tricks_left_out(obj: Mapping[str, Any]) -> bool:
    """May this played hand leave out the tricks? With the sheet's count and no announced volát, yes.

    Reading (both specs ask for the tricks in every played hand): the sheet's count says who won and
    whether a dupla was made; the tricks decide only a volát (Illusztrált §2 step 2, Vadász §2.1: T = 9
    or T = 0). A referee who gives the count without the tricks says no volát was made; a silent volát
    is recorded with its tricks, and an announced one always needs them. With the card points the
    tricks stay required (they bound the points)."""
    if obj.get("count_result") is None or obj.get("declarer_tricks") is not None:
        return False
    figures = obj.get("figures")
    return not (
        isinstance(figures, list)
        and any(isinstance(f, Mapping) and f.get("figure") == "volat" and f.get("announced") is True for f in figures)
    )


def card_points_hold_tricks(errors: Errors, points: int, tricks: int) -> bool:
    """Every card is worth at least 1 point: ``tricks`` tricks (4 cards each) hold between 4 and 58 more
    card points than that; whether ``points`` fits."""
    if 4 * tricks <= points <= 58 + 4 * tricks:
        return True
    errors.add(
        "declarer_card_points",
        Code.INCONSISTENT,
        _(
            "%(tricks)s tricks hold between %(lo)s and %(hi)s card points (every card is worth at least 1)",
            tricks=tricks,
            lo=4 * tricks,
            hi=58 + 4 * tricks,
        ),
    )
    return False


def verdict_holds_tricks(errors: Errors, verdict: str, band: tuple[int, int], tricks: int) -> bool:
    """The bounds of the card points on the verdict's band: some P of the band must fit the tricks (a
    side that took every trick holds at least 72, one without a trick at most 22); whether it does."""
    lo, hi = band
    least = 72 if tricks == 9 else 4 * tricks
    most = 22 if tricks == 0 else 58 + 4 * tricks
    if hi < least:
        message = _(
            "%(tricks)s tricks hold at least %(lo)s card points: the sheet's count cannot be %(count)s",
            tricks=tricks,
            lo=least,
            count=COUNT_RESULT_LABEL[verdict],
        )
    elif lo > most:
        message = _(
            "%(tricks)s tricks hold at most %(hi)s card points: the sheet's count cannot be %(count)s",
            tricks=tricks,
            hi=most,
            count=COUNT_RESULT_LABEL[verdict],
        )
    else:
        return True
    errors.add("count_result", Code.INCONSISTENT, message)
    return False
