"""ulti-mausz.md's examples (ulti_mausz.json): the worked examples of §7 by number with their points and
key breakdown lines, §5.3's skeleton breakdown, the rejected and accepted inputs of §5.4, and one deal
for every renonsz case of §4.3."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.scoring.examples import hand_of, load

DATA = load("ulti_mausz")
EXAMPLES: dict[int, dict[str, Any]] = {r["n"]: r["hand"] for r in DATA["examples"]}
# The "Points:" line of each example.
POINTS: dict[int, dict[str, int]] = {r["n"]: r["points"] for r in DATA["examples"]}
# Key breakdown lines per example (substrings of one line each), in the §5.3 style
# "<item> <made|failed>, x<k>: <payer> pays <payee> <amount>; ...".
BREAKDOWN: dict[int, list[str]] = {r["n"]: r["lines"] for r in DATA["examples"]}
# What a referee types into the table page's form for the examples he enters there.
TYPED: dict[int, dict[str, Any]] = {r["n"]: r["typed"] for r in DATA["examples"] if "typed" in r}
# §5.3: the recommended breakdown of the skeleton (= Example 24), line for line.
SKELETON_BREAKDOWN: list[str] = DATA["skeleton_breakdown"]

# (hand, the errors in order as (field, code))
REJECTED = [pytest.param(hand_of(r, EXAMPLES), [tuple(e) for e in r["errors"]], id=r["id"]) for r in DATA["rejected"]]
# §5.4 exceptions and optional forms that must NOT be rejected.
ACCEPTED = [pytest.param(hand_of(r, EXAMPLES), id=r["id"]) for r in DATA["accepted"]]
DROP = object()  # renonsz_case: a member to leave out


def deal(declarer: str, bid: str, **members: Any) -> dict[str, Any]:
    """A deal at a three-seat table dealt by C (playing order A, B, C): ``declarer`` bids ``bid``."""
    return {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": declarer,
        "bid": bid,
        **members,
    }


# --- §4.3 every renonsz case ------------------------------------------------------------------
#
# One deal for all cases: A declares a makk ulti at a three-seat table (dealer C), the ulti
# kontra'd: table total 5 (ulti 4 + parti 1), V = 4 x 2 + 1 = 9 per defender (§4.1).
# Played out (for NORMAL and the rulings): ulti made 8, parti (60 v 30) made 1 -> S_d = 9.

BASE = deal("A", "ulti", trump="makk", kontra={"ulti": 2})
PLAYED = {
    "declarer_tricks": 6,
    "declarer_card_points": 60,
    "marriages": [],
    "trump7_last_trick": {"seat": "A", "won": True},
}
NORMAL_POINTS = {"A": 18, "B": -9, "C": -9}
VOID_POINTS = {"A": 0, "B": 0, "C": 0}


def renonsz_case(
    case_id: str, points: dict[str, int], offender: str | None = None, play: bool = False, **extra: Any
) -> Any:
    hand: dict[str, Any] = {**copy.deepcopy(BASE), "renonsz": {"case": case_id}}
    if offender:
        hand["renonsz"]["offender"] = offender
    if play:
        hand["play"] = copy.deepcopy(PLAYED)
    for key, value in extra.items():
        if value is DROP:
            hand.pop(key, None)
        elif key in ("penalty_bid", "jury_points"):
            hand["renonsz"][key] = value
        elif key == "play_changes":
            hand["play"].update(value)
        else:
            hand[key] = value
    return pytest.param(hand, points, id=f"4.3-{case_id}")


RENONSZ_CASES = [
    renonsz_case("13.1.1", VOID_POINTS),
    renonsz_case("13.1.2", VOID_POINTS),
    renonsz_case("13.1.3a", VOID_POINTS),
    renonsz_case("13.1.3b", NORMAL_POINTS, offender="B", play=True),
    renonsz_case("13.1.4", VOID_POINTS),
    renonsz_case("13.1.5-early", VOID_POINTS),
    renonsz_case("13.1.5-late", NORMAL_POINTS, play=True),
    renonsz_case("13.1.6-early", VOID_POINTS),
    renonsz_case("13.1.6-late", NORMAL_POINTS, play=True),
    # PAY_DOUBLE, offender = declarer: 2 x 5 to each; kontras ignored; trump may be unnamed.
    renonsz_case("13.2.1", {"A": -20, "B": 10, "C": 10}, offender="A", trump=DROP),
    renonsz_case("13.2.1-outbid", NORMAL_POINTS, offender="B", play=True),
    renonsz_case("13.2.2", NORMAL_POINTS, offender="B", play=True),
    renonsz_case("13.2.3a", NORMAL_POINTS, offender="B", play=True),
    renonsz_case("13.2.3b", {"A": -20, "B": 10, "C": 10}, offender="A"),
    # PAY_DOUBLE with the penalty bid: red 40-100 (total 8), B pays each other player 16.
    renonsz_case(
        "13.2.3c", {"A": 16, "B": -32, "C": 16}, offender="B", penalty_bid={"bid": "40-100", "trump": "piros"}
    ),
    renonsz_case("13.2.3d", NORMAL_POINTS, offender="A", play=True),
    renonsz_case(
        "13.2.4a", {"A": 16, "B": -32, "C": 16}, offender="B", penalty_bid={"bid": "40-100", "trump": "piros"}
    ),
    renonsz_case("13.2.4b", NORMAL_POINTS, play=True),
    # penalty bid ulti+4asz non-red: total 9, C pays 18 to each.
    renonsz_case("13.2.5", {"A": 18, "B": 18, "C": -36}, offender="C", penalty_bid={"bid": "ulti+4asz"}),
    renonsz_case("13.2.5-corrected", NORMAL_POINTS, offender="C", play=True),
    renonsz_case("13.2.6a", NORMAL_POINTS, offender="C", play=True),
    renonsz_case("13.2.6b", {"A": -20, "B": 10, "C": 10}, offender="A"),
    # PAY_2V_1V: illegal opener B pays the declarer 2 x 5 and C 1 x 5.
    renonsz_case("13.2.7a", {"A": 10, "B": -15, "C": 5}, offender="B"),
    # PAY_SINGLE: the declarer pays each defender 5, no kontra.
    renonsz_case("13.2.7b", {"A": -10, "B": 5, "C": 5}),
    renonsz_case("13.3.1", {"A": -20, "B": 10, "C": 10}, offender="A", trump=DROP),
    # 13.3.2: the red bid failed, doubled: red ulti total 10 -> 20 to each.
    renonsz_case("13.3.2", {"A": -40, "B": 20, "C": 20}, offender="A", trump="piros"),
    # PLAY, a defender offends: declarer +2V, partner +V, offender -3V (V = 9).
    renonsz_case("13.3.3", {"A": 18, "B": -27, "C": 9}, offender="B"),
    renonsz_case("13.3.4", {"A": 18, "B": 9, "C": -27}, offender="C"),
    # PLAY, the declarer offends: he pays each defender V.
    renonsz_case("13.3.5", {"A": -18, "B": 9, "C": 9}, offender="A"),
    renonsz_case("13.3.6", {"A": 18, "B": -27, "C": 9}, offender="B"),
    renonsz_case("13.3.7", {"A": -18, "B": 9, "C": 9}, offender="A"),
    renonsz_case("13.3.8a", {"A": 18, "B": 9, "C": -27}, offender="C"),
    renonsz_case("13.3.8b", NORMAL_POINTS, play=True),
    renonsz_case("13.3.9a", {"A": -18, "B": 9, "C": 9}, offender="A"),
    # BID_WON: each defender pays V.
    renonsz_case("13.3.9b", {"A": 18, "B": -9, "C": -9}),
    renonsz_case("13.3.9c", {"A": 18, "B": -27, "C": 9}, offender="B"),
    # RULING_PARTI_WON: 30 v 60 would lose the parti; the ruling gives it to the declarer.
    renonsz_case("13.3.10", NORMAL_POINTS, play=True, play_changes={"declarer_tricks": 4, "declarer_card_points": 30}),
    renonsz_case("13.3.11", NORMAL_POINTS, play=True),
    # PARTIAL, the declarer mixed the cards: parti failed (-1), ulti made (+8) -> S_d = 7.
    renonsz_case("13.3.12", {"A": 14, "B": -7, "C": -7}, offender="A", play=True),
    renonsz_case("10.3.e", {"A": 18, "B": -27, "C": 9}, offender="B"),
    renonsz_case("10.3.g", {"A": -18, "B": 9, "C": 9}, offender="A"),
    renonsz_case("10.3.d", {"A": 7, "B": -2, "C": -5}, jury_points={"A": 7, "B": -2, "C": -5}),
]
