"""taruk2012.md §4.5's readings of P27 and P15 (the organizer's options): the holder_plays sequence of
§4.5's table and its rules 1-7 one hand each, with the radelci held before and after and the arithmetic."""

from __future__ import annotations

from typing import Any

from tests.scoring.examples.taruk2012 import dealt as hand
from tests.scoring.examples.taruk2012 import pts

HOLDER = {"radelc": "holder_plays"}
LITERAL = {"partner_share": "literal"}
DEFAULTS = {"radelc": "next_hand", "partner_share": "magnitude"}
ALL_CONFIGS = [None, HOLDER, LITERAL, {"radelc": "holder_plays", "partner_share": "literal"}]


def counts(*values: int, table: str = "ABCD") -> dict[str, Any]:
    """The state in which the seats of ``table`` hold these many radelci."""
    return {"radelci": dict(zip(table, values, strict=True))}


# --- §4.5: the holder_plays sequence ------------------------------------------------

SEQUENCE = [
    # (hand, points, radelci after (A, B, C, D)) — the table of §4.5, start state {}.
    (
        hand("A", "klop", klop_points={"A": 13, "B": 24, "C": 31, "D": 2}),
        pts(-15, -25, -30, 0),
        (1, 1, 1, 1),
    ),
    (
        # G = 20 + 15 = 35, B holds one -> B 70; D = half_share(70) = 35.
        hand("B", "dve", declarer="B", called_king="hearts", partner="D", card_points=48),
        pts(0, 70, 0, 35),
        (1, 0, 1, 1),
    ),
    (
        # G = -40 - 5 = -45, C holds one -> C -90.
        hand("C", "solo_tri", declarer="C", card_points=30),
        pts(0, 0, -90, 0),
        (1, 0, 0, 1),
    ),
    (
        # +70, A holds one -> A 140; then every seat +1 (use before gain, rule 4).
        hand("D", "berac", declarer="A", won=True),
        pts(140, 0, 0, 0),
        (1, 1, 1, 2),
    ),
    (
        # G = 20 + 5 = 25, D holds two -> D 50 (one used); A = half_share(50) = 25.
        hand("A", "dve", declarer="D", called_king="spades", partner="A", card_points=40),
        pts(25, 0, 0, 50),
        (1, 1, 1, 1),
    ),
]


# --- §4.5 holder_plays: rules 1-7 one by one ---------------------------------------------

TRI_LOST = hand("A", "tri", declarer="B", called_king="hearts", partner="C", card_points=30)  # G = -10 - 5 = -15
KLOP = hand("A", "klop", klop_points={"A": 13, "B": 24, "C": 31, "D": 2})
KLOP_KONTRA = hand("A", "klop", klop_kontra=[{"seat": "C", "no_trick": True}, {"seat": "B", "no_trick": False}])
STOPPED = hand("B", "none", penalties=[{"type": "renons", "seat": "D"}])
SILENT = {"announced": False, "made": True}

RULE_CASES = {
    # Rule 2: S doubled once; the partner's share comes from the doubled score; nobody
    # else's radelci are applied or used.
    "only the declarer doubles and uses one": (TRI_LOST, (3, 1, 2, 1), (0, -30, -15, 0), (3, 0, 2, 1)),
    # Rule 2: "opponents' scores O are never doubled" (next_hand doubles them, §3.7; see
    # test_next_hand_doubles_the_opponents_bonuses_too). S = 40 + 5 = 45; silent kralji +10 to C, D, A.
    "opponents' bonuses are not doubled": (
        hand(
            "A", "solo_tri", declarer="B", card_points=40, bonuses=[{"type": "kralji", "side": "opponents", **SILENT}]
        ),
        (1, 0, 1, 1),
        (10, 45, 10, 10),
        (1, 0, 1, 1),
    ),
    # Rules 3 (K3) and 1: a normal klop neither applies nor uses; klop is a trigger.
    "a normal klop only gains": (KLOP, (2, 0, 1, 0), (-15, -25, -30, 0), (3, 1, 2, 1)),
    # Rule 3: C pledged and kept clean holding 2 -> +140, 2 - 1 + 1 = 2; B pledged without a
    # radelc -> -70 and gains one; A holds one but did not pledge: 0, and keeps it (+1).
    "klop-kontra uses a pledger's radelc": (KLOP_KONTRA, (1, 0, 2, 0), (0, -70, 140, 0), (2, 1, 2, 1)),
    # Rule 5: game none is not a played game (A13).
    "a stopped hand neither uses nor gains": (STOPPED, (2, 0, 1, 3), (0, 0, 0, -70), (2, 0, 1, 3)),
    # Rule 5, last sentence. Tri lost at 35 (-10, difference 0) plus silent kralji (+10): S = 0.
    "a declarer scoring 0 still uses one": (
        hand(
            "A",
            "tri",
            declarer="B",
            called_king="clubs",
            partner="D",
            card_points=35,
            bonuses=[{"type": "kralji", "side": "declarer", **SILENT}],
        ),
        (0, 1, 0, 0),
        (0, 0, 0, 0),
        (0, 0, 0, 0),
    ),
    # Rule 4 with a lost berač: -70 x 2; B 1 - 1 + 1 = 1, the others + 1.
    "use before gain in a lost berac": (
        hand("A", "berac", declarer="B", won=False),
        (0, 1, 0, 4),
        (0, -140, 0, 0),
        (1, 1, 1, 5),
    ),
    # Rule 2 "including the valat cases", P15: partner = declarer. C 1 -> 0, then all + 1.
    "a made valat is doubled for both partners": (
        hand(
            "A",
            "dve",
            declarer="C",
            called_king="hearts",
            partner="A",
            bonuses=[{"type": "valat", "side": "declarer", **SILENT}],
        ),
        (0, 2, 1, 0),
        (500, 0, 500, 0),
        (1, 3, 1, 1),
    ),
    # Rule 2 "and barvni valat"; A12: barvni valat gives no radelci.
    "barvni valat is doubled, uses one, gives none": (
        hand(
            "A",
            "solo_dve",
            declarer="D",
            bonuses=[{"type": "barvni_valat", "side": "declarer", "announced": True, "made": True}],
        ),
        (1, 1, 1, 1),
        (0, 0, 0, 250),
        (1, 1, 1, 0),
    ),
}
