"""ulti-mausz (MAUSZ 2017): the spec's worked examples, its validation rules, every
renonsz case of §4.3, and what ulti adds to the variant contract (test_variant_contract.py).

Spec: /work/shared/rules/ulti-mausz.md. Run without Django:
    .venv/bin/python -m pytest -p no:django -p no:cacheprovider tests/scoring/test_ulti_mausz.py
"""

from __future__ import annotations

import copy
import itertools
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import evaluate
from scoring.types import HandScore, InvalidHand
from scoring.variants.ulti_mausz import rules as um
from scoring.variants.ulti_mausz.rules import BID_TABLE, CASES, VARIANT
from scoring.variants.ulti_mausz.table import PLAN
from tests.samples.ulti_mausz import random_hand, random_hand_sequence

# --- the worked examples of §7, as printed ---------------------------------------------------

EXAMPLES: dict[int, dict[str, Any]] = {
    # §7 Example 1 — simple parti won (zöld)
    1: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "parti",
        "trump": "zold",
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 60,
            "marriages": [{"seat": "A", "suit": "makk"}, {"seat": "B", "suit": "tok"}],
            "trump7_last_trick": None,
        },
    },
    # §7 Example 2 — red parti lost (a defender's trump seven lost: no effect)
    2: {
        "variant": "ulti-mausz",
        "seats": ["B", "C", "A"],
        "dealer": "A",
        "declarer": "B",
        "bid": "parti",
        "trump": "piros",
        "play": {
            "declarer_tricks": 4,
            "declarer_card_points": 30,
            "marriages": [{"seat": "C", "suit": "tok"}],
            "trump7_last_trick": {"seat": "C", "won": False},
        },
    },
    # §7 Example 3 — parti with the declarer's silent 100 (tök)
    3: {
        "variant": "ulti-mausz",
        "seats": ["C", "A", "B"],
        "dealer": "B",
        "declarer": "C",
        "bid": "parti",
        "trump": "tok",
        "play": {
            "declarer_tricks": 8,
            "declarer_card_points": 70,
            "marriages": [{"seat": "C", "suit": "tok"}],
            "trump7_last_trick": None,
        },
        "silent_claims": ["100"],
    },
    # §7 Example 4 — kontra parti, the defenders make a silent 100 (zöld)
    4: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "parti",
        "trump": "zold",
        "kontra": {"parti": 2},
        "play": {
            "declarer_tricks": 2,
            "declarer_card_points": 10,
            "marriages": [{"seat": "B", "suit": "zold"}, {"seat": "C", "suit": "makk"}],
            "trump7_last_trick": None,
        },
        "silent_claims": ["100"],
    },
    # §7 Example 5 — red parti, kontra + rekontra, declarer's silent 100
    5: {
        "variant": "ulti-mausz",
        "seats": ["B", "C", "A"],
        "dealer": "A",
        "declarer": "C",
        "bid": "parti",
        "trump": "piros",
        "kontra": {"parti": 4},
        "play": {
            "declarer_tricks": 9,
            "declarer_card_points": 80,
            "marriages": [{"seat": "C", "suit": "zold"}],
            "trump7_last_trick": None,
        },
        "silent_claims": ["100"],
    },
    # §7 Example 6 — 40-100 made (makk)
    6: {
        "variant": "ulti-mausz",
        "seats": ["B", "C", "A"],
        "dealer": "A",
        "declarer": "B",
        "bid": "40-100",
        "trump": "makk",
        "play": {
            "declarer_tricks": 7,
            "declarer_card_points": 70,
            "marriages": [{"seat": "B", "suit": "makk"}],
            "trump7_last_trick": None,
        },
    },
    # §7 Example 7 — red 40-100 failed with kontra, four-seat table (dealer D sits out)
    7: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "D",
        "declarer": "C",
        "bid": "40-100",
        "trump": "piros",
        "kontra": {"40-100": 2},
        "play": {
            "declarer_tricks": 5,
            "declarer_card_points": 50,
            "marriages": [{"seat": "C", "suit": "piros"}],
            "trump7_last_trick": None,
        },
    },
    # §7 Example 8 — 20-100 made (zöld trump, 20 in tök)
    8: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "20-100",
        "trump": "zold",
        "play": {
            "declarer_tricks": 8,
            "declarer_card_points": 80,
            "marriages": [{"seat": "A", "suit": "tok"}],
            "trump7_last_trick": None,
        },
    },
    # §7 Example 9 — ulti made (tök), parti made
    9: {
        "variant": "ulti-mausz",
        "seats": ["B", "C", "A"],
        "dealer": "A",
        "declarer": "B",
        "bid": "ulti",
        "trump": "tok",
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 50,
            "marriages": [],
            "trump7_last_trick": {"seat": "B", "won": True},
        },
    },
    # §7 Example 10 — ulti failed with the extra penalty (makk), parti made
    10: {
        "variant": "ulti-mausz",
        "seats": ["C", "A", "B"],
        "dealer": "B",
        "declarer": "C",
        "bid": "ulti",
        "trump": "makk",
        "play": {
            "declarer_tricks": 7,
            "declarer_card_points": 60,
            "marriages": [{"seat": "C", "suit": "zold"}],
            "trump7_last_trick": {"seat": "C", "won": False},
        },
    },
    # §7 Example 11 — red ulti, "kontra ulti, kontra játék": ulti made, parti lost
    11: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "ulti",
        "trump": "piros",
        "kontra": {"ulti": 2, "parti": 2},
        "play": {
            "declarer_tricks": 4,
            "declarer_card_points": 30,
            "marriages": [{"seat": "A", "suit": "makk"}],
            "trump7_last_trick": {"seat": "B", "won": True},
        },
    },
    # §7 Example 12 — red ulti, kontra on the ulti only, ulti failed, parti made
    12: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "ulti",
        "trump": "piros",
        "kontra": {"ulti": 2},
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 60,
            "marriages": [],
            "trump7_last_trick": {"seat": "A", "won": False},
        },
    },
    # §7 Example 13 — silent ulti by the declarer in a parti (zöld)
    13: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "parti",
        "trump": "zold",
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 60,
            "marriages": [],
            "trump7_last_trick": {"seat": "A", "won": True},
        },
    },
    # §7 Example 14 — the declarer's silent ulti caught (tök)
    14: {
        "variant": "ulti-mausz",
        "seats": ["B", "C", "A"],
        "dealer": "A",
        "declarer": "C",
        "bid": "parti",
        "trump": "tok",
        "play": {
            "declarer_tricks": 6,
            "declarer_card_points": 50,
            "marriages": [],
            "trump7_last_trick": {"seat": "C", "won": False},
        },
    },
    # §7 Example 15 — silent ulti by a defender in a 40-100 (zöld)
    15: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "40-100",
        "trump": "zold",
        "play": {
            "declarer_tricks": 7,
            "declarer_card_points": 60,
            "marriages": [{"seat": "B", "suit": "zold"}],
            "trump7_last_trick": {"seat": "C", "won": True},
        },
    },
    # §7 Example 16 — four aces (makk): aces made, parti lost
    16: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "C",
        "bid": "4asz",
        "trump": "makk",
        "play": {
            "declarer_tricks": 5,
            "declarer_card_points": 50,
            "marriages": [{"seat": "A", "suit": "tok"}],
            "four_aces": "C",
            "trump7_last_trick": None,
        },
    },
    # §7 Example 17 — parti lost, a defender's silent four aces (zöld)
    17: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "parti",
        "trump": "zold",
        "play": {
            "declarer_tricks": 3,
            "declarer_card_points": 20,
            "marriages": [],
            "four_aces": "B",
            "trump7_last_trick": None,
        },
        "silent_claims": ["4asz"],
    },
    # §7 Example 18 — betli made, individual kontra (only A doubled)
    18: {
        "variant": "ulti-mausz",
        "seats": ["C", "A", "B"],
        "dealer": "B",
        "declarer": "C",
        "bid": "betli",
        "kontra": {"betli": {"A": 2}},
        "play": {"declarer_tricks": 0},
    },
    # §7 Example 19 — rebetli failed: A kontra + rekontra, B joined (kontra only)
    19: {
        "variant": "ulti-mausz",
        "seats": ["C", "A", "B"],
        "dealer": "B",
        "declarer": "C",
        "bid": "rebetli",
        "kontra": {"rebetli": {"A": 4, "B": 2}},
        "play": {"declarer_tricks": 1},
    },
    # §7 Example 20 — open betli (terített betli) made
    20: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "teritett_betli",
        "play": {"declarer_tricks": 0},
    },
    # §7 Example 21 — durchmars (makk) made, last trick won with the trump seven
    21: {
        "variant": "ulti-mausz",
        "seats": ["B", "C", "A"],
        "dealer": "A",
        "declarer": "A",
        "bid": "durchmars",
        "trump": "makk",
        "play": {"declarer_tricks": 10, "trump7_last_trick": {"seat": "A", "won": True}},
    },
    # §7 Example 22 — open coloured durchmars (zöld) made with kontra
    22: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "C",
        "bid": "teritett_durchmars",
        "trump": "zold",
        "kontra": {"teritett_durchmars": 2},
        "play": {"declarer_tricks": 10, "trump7_last_trick": None},
    },
    # §7 Example 23 — open colourless durchmars failed, only C said kontra
    23: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "szintelen_teritett_durchmars",
        "kontra": {"szintelen_teritett_durchmars": {"C": 2}},
        "play": {"declarer_tricks": 8},
    },
    # §7 Example 24 — combined bid 40-100 + ulti (zöld), kontra on the ulti: 100 made, ulti failed
    24: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "40-100+ulti",
        "trump": "zold",
        "kontra": {"ulti": 2},
        "play": {
            "declarer_tricks": 7,
            "declarer_card_points": 70,
            "marriages": [{"seat": "B", "suit": "zold"}],
            "trump7_last_trick": {"seat": "B", "won": False},
        },
    },
    # §7 Example 25 — ulti (tök) given up before the first card
    25: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "ulti",
        "trump": "tok",
        "gave_up": "before_first_card",
    },
    # §7 Example 26 — give-up after the first card with consent (makk 40-100 + ulti, 40-100 kontra'd)
    26: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "40-100+ulti",
        "trump": "makk",
        "kontra": {"40-100": 2},
        "gave_up": "after_first_card",
    },
    # §7 Example 27 — renonsz by the declarer (revoke) in a makk ulti, ulti kontra'd before
    27: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "C",
        "bid": "ulti",
        "trump": "makk",
        "kontra": {"ulti": 2},
        "renonsz": {"case": "13.3.4", "offender": "C"},
    },
    # §7 Example 28 — renonsz by a defender (revoke) in a red 40-100, kontra'd before
    28: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "40-100",
        "trump": "piros",
        "kontra": {"40-100": 2},
        "renonsz": {"case": "13.3.4", "offender": "B"},
    },
    # §7 Example 29 — renonsz by a defender in a betli with an individual kontra
    29: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "betli",
        "kontra": {"betli": {"B": 2}},
        "renonsz": {"case": "13.3.7", "offender": "B"},
    },
    # §7 Example 30 — bidding renonsz 13.2.7a (skipped 12-card player)
    30: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "ulti",
        "renonsz": {"case": "13.2.7a", "offender": "A"},
    },
    # §7 Example 31 — bidding renonsz 13.2.3c (wrong card count after taking the talon)
    31: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "B",
        "bid": "40-100",
        "renonsz": {"case": "13.2.3c", "offender": "C", "penalty_bid": {"bid": "4asz"}},
    },
    # §7 Example 32 — play renonsz 13.3.1 (trump not named before the first card)
    32: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "A",
        "bid": "20-100+ulti",
        "renonsz": {"case": "13.3.1", "offender": "A"},
    },
    # §7 Example 33 — 13.3.12: the declarer mixed the cards before the check (zöld ulti + 4 ász, 4 ász kontra'd)
    33: {
        "variant": "ulti-mausz",
        "seats": ["A", "B", "C"],
        "dealer": "C",
        "declarer": "C",
        "bid": "ulti+4asz",
        "trump": "zold",
        "kontra": {"4asz": 2},
        "play": {"declarer_tricks": 6, "trump7_last_trick": {"seat": "C", "won": True}},
        "renonsz": {"case": "13.3.12", "offender": "C"},
    },
}

# The "Points:" line of each example.
POINTS: dict[int, dict[str, int]] = {
    1: {"A": 2, "B": -1, "C": -1},
    2: {"A": 2, "B": -4, "C": 2},
    3: {"A": -2, "B": -2, "C": 4},
    4: {"A": -8, "B": 4, "C": 4},
    5: {"A": -12, "B": -12, "C": 24},
    6: {"A": -4, "B": 8, "C": -4},
    7: {"A": 16, "B": 16, "C": -32, "D": 0},
    8: {"A": 16, "B": -8, "C": -8},
    9: {"A": -5, "B": 10, "C": -5},
    10: {"A": 7, "B": 7, "C": -14},
    11: {"A": -12, "B": 24, "C": -12},
    12: {"A": -44, "B": 22, "C": 22},
    13: {"A": 6, "B": -3, "C": -3},
    14: {"A": 3, "B": 3, "C": -6},
    15: {"A": -2, "B": 4, "C": -2},
    16: {"A": -3, "B": -3, "C": 6},
    17: {"A": -6, "B": 3, "C": 3},
    18: {"A": -10, "B": -5, "C": 15},
    19: {"A": 40, "B": 20, "C": -60},
    20: {"A": -20, "B": 40, "C": -20},
    21: {"A": 16, "B": -8, "C": -8},
    22: {"A": -24, "B": -24, "C": 48},
    23: {"A": -72, "B": 24, "C": 48},
    24: {"A": 8, "B": -16, "C": 8},
    25: {"A": -20, "B": 10, "C": 10},
    26: {"A": -32, "B": 16, "C": 16},
    27: {"A": 9, "B": 9, "C": -18},
    28: {"A": 32, "B": -48, "C": 16},
    29: {"A": 15, "B": -20, "C": 5},
    30: {"A": -15, "B": 10, "C": 5},
    31: {"A": 10, "B": 10, "C": -20},
    32: {"A": -48, "B": 24, "C": 24},
    33: {"A": 5, "B": 5, "C": -10},
}

# Key breakdown lines per example (substrings of one line each), in the §5.3 style
# "<item> <made|failed>, x<k>: <payer> pays <payee> <amount>; ...".
BREAKDOWN: dict[int, list[str]] = {
    1: ["parti (zöld) made, x1: B pays A 1; C pays A 1", "total: A +2, B -1, C -1"],
    2: ["parti (piros) failed, x1: B pays C 2; B pays A 2"],
    3: ["parti (tök) made, x1, silent 100 (declarer): 1x1 + 1 = 2: A pays C 2; B pays C 2"],
    4: ["parti (zöld) failed, x2 (kontra), silent 100 (defenders): 1x2 + 2 = 4: A pays B 4; A pays C 4"],
    5: ["parti (piros) made, x4 (rekontra), silent 100 (declarer): 2x4 + 4 = 12: B pays C 12; A pays C 12"],
    6: ["40-100 (makk) made, x1: C pays B 4; A pays B 4"],
    7: [
        "40-100 (piros) failed, x2 (kontra): C pays A 16; C pays B 16",
        "D dealt and sits out (9.§(11)): 0",
        "total: A +16, B +16, C -32, D 0",
    ],
    8: ["20-100 (zöld) made, x1: B pays A 8; C pays A 8"],
    9: ["ulti (tök) made, x1: C pays B 4; A pays B 4", "parti (tök) made, x1: C pays B 1; A pays B 1"],
    10: [
        "ulti (makk) failed, x1: C pays A 4; C pays B 4",
        "ulti failure penalty (not doubled): C pays A 4; C pays B 4",
        "parti (makk) made, x1: A pays C 1; B pays C 1",
    ],
    11: [
        "ulti (piros) made, x2 (kontra): A pays B 16; C pays B 16",
        "parti (piros) failed, x2 (kontra): B pays A 4; B pays C 4",
    ],
    12: [
        "ulti (piros) failed, x2 (kontra): A pays B 16; A pays C 16",
        "ulti failure penalty (not doubled): A pays B 8; A pays C 8",
        "parti (piros) made, x1: B pays A 2; C pays A 2",
    ],
    13: ["silent ulti (zöld) made by A (declarer): B pays A 2; C pays A 2"],
    14: ["silent ulti (tök) of C (declarer) caught: 2 + penalty 2: C pays B 4; C pays A 4"],
    15: ["silent ulti (zöld) made by C (defender), shared with the partner: B pays A 2; B pays C 2"],
    16: ["4 ász (makk) made, x1: A pays C 4; B pays C 4", "parti (makk) failed, x1: C pays A 1; C pays B 1"],
    17: ["silent four aces (zöld) by B (defender): A pays B 2; A pays C 2"],
    18: ["betli made, A x2 (kontra), B x1: A pays C 10; B pays C 5"],
    19: ["rebetli failed, A x4 (rekontra), B x2 (kontra): C pays A 40; C pays B 20"],
    20: ["terített betli made, x1: A pays B 20; C pays B 20"],
    21: [
        "durchmars (makk) made, x1: B pays A 6; C pays A 6",
        "silent ulti (makk) made by A (declarer): B pays A 2; C pays A 2",
    ],
    22: ["terített durchmars (zöld) made, x2 (kontra): A pays C 24; B pays C 24"],
    23: ["színtelen terített durchmars failed, B x1, C x2 (kontra): A pays B 24; A pays C 48"],
    # Example 24 is the §5.3 skeleton; its breakdown is checked line for line below.
    24: ["ulti failure penalty (not doubled): B pays A 4; B pays C 4"],
    25: [
        "ulti (tök) given up before the first card: table total 5, paid with kontra x2 = 10: A pays B 10; A pays C 10"
    ],
    26: [
        "40-100 (makk) given up after the first card (failed), x2 (kontra): A pays B 8; A pays C 8",
        "ulti (makk) given up after the first card (failed), x1: A pays B 4; A pays C 4",
        "ulti failure penalty (not doubled): A pays B 4; A pays C 4",
    ],
    27: ["renonsz 13.3.4", "ulti (makk) 4x2 + parti (makk) 1x1, V = 9 per defender", "C pays A 9; C pays B 9"],
    28: [
        "40-100 (piros) 8x2, V = 16 per defender",
        "B (defender) pays A 16 + 16 (his and C's share) and pays C 16: B pays A 32; B pays C 16",
    ],
    29: [
        "betli 5x(B 2, C 1), V = B 10, C 5",
        "B (defender) pays A 10 + 5 (his and C's share) and pays C 5: B pays A 15; B pays C 5",
    ],
    30: ["A pays B 2 x 5 and C 1 x 5: A pays B 10; A pays C 5"],
    31: ["C pays 4 ász (non-red) with kontra: table total 5 x2 to each: C pays A 10; C pays B 10"],
    32: ["table total 12 x2 to each: A pays B 24; A pays C 24"],
    33: [
        "ulti (zöld) made, x1: A pays C 4; B pays C 4",
        "4 ász (zöld) 4x2 + parti (zöld) 1x1, V = 9 per defender",
        "C pays A 9; C pays B 9",
    ],
}

# §5.3: the recommended breakdown of the skeleton (= Example 24), line for line.
SKELETON_BREAKDOWN = [
    "40-100 (zöld) made, x1: A pays B 4; C pays B 4",
    "ulti (zöld) failed, x2 (kontra): B pays A 8; B pays C 8",
    "ulti failure penalty (not doubled): B pays A 4; B pays C 4",
    "total: A +8, B -16, C +8",
]


def score(hand: dict[str, Any], state: Any = None) -> Any:
    return VARIANT.score(hand, {} if state is None else state)


def errors_of(hand: Any, state: Any = None, config: Any = None) -> list[tuple[str, str]]:
    return [(e.field, e.code) for e in VARIANT.validate(hand, {} if state is None else state, config)]


@pytest.mark.parametrize("n", sorted(EXAMPLES), ids=[f"s7-example-{n:02d}" for n in sorted(EXAMPLES)])
def test_worked_example_scores_as_printed(n: int) -> None:
    result = score(EXAMPLES[n])
    assert result.points == POINTS[n]
    assert result.state == {}
    assert sum(result.points.values()) == 0
    for expected in BREAKDOWN[n]:
        assert any(expected in line for line in result.breakdown), (expected, result.breakdown)


def test_skeleton_breakdown_is_the_recommended_one() -> None:
    # §5.3 prints the breakdown of its skeleton hand (identical to Example 24).
    assert score(EXAMPLES[24]).breakdown == SKELETON_BREAKDOWN


def test_a_defenders_lost_trump_seven_costs_nothing() -> None:
    # Example 2 / §3.4 item 3 (A8): no line at all for C's seven.
    assert not any("silent ulti" in line for line in score(EXAMPLES[2]).breakdown)


def test_the_input_state_is_ignored_and_the_empty_state_returned() -> None:
    # §5.3: "ulti has no state carried between deals".
    assert score(EXAMPLES[1], {}).state == {}


# --- §2.3 the bid table is data ----------------------------------------------------------------


def test_bid_table_has_54_rows_41_grades_and_30_keys() -> None:
    rows = sorted(BID_TABLE.values(), key=lambda r: r.row)
    assert [r.row for r in rows] == list(range(1, 55))
    assert sorted({r.grade for r in rows}) == list(range(1, 42))
    assert [r.grade for r in rows] == sorted(r.grade for r in rows)  # grades never go down
    assert len({key for key, _ in BID_TABLE}) == 30
    assert len(um.COLOURLESS) == 6
    assert max(r.total for r in rows) == 48  # 5.§(3)
    assert BID_TABLE[("20-100+ulti+teritett_durchmars", True)].total == 48


@pytest.mark.parametrize("key_red", sorted(BID_TABLE), ids=lambda k: f"{k[0]}{'-red' if k[1] else ''}")
def test_bid_row_is_consistent_with_section_2_1(key_red: tuple[str, bool]) -> None:
    key, red = key_red
    row = BID_TABLE[key_red]
    base = {
        "parti": 1,
        "40-100": 4,
        "20-100": 8,
        "4asz": 4,
        "ulti": 4,
        "durchmars": 6,
        "teritett_durchmars": 12,
        "betli": 5,
        "rebetli": 10,
        "teritett_betli": 20,
        "szintelen_durchmars": 6,
        "redurchmars": 12,
        "szintelen_teritett_durchmars": 24,
    }
    named = key.split("+")
    # §2.1 notes: only bids made of ulti and/or 4 ász carry the automatic parti.
    auto_parti = set(named) <= {"ulti", "4asz"}
    assert set(row.components) == set(named) | ({"parti"} if auto_parti else set())
    factor = 2 if red else 1
    assert row.components == {c: base[c] * factor for c in row.components}
    assert row.total == sum(row.components.values())


# --- §5.4 rejected inputs ---------------------------------------------------------------------

DROP = object()


def _set(hand: dict[str, Any], dotted: str, value: Any) -> None:
    """Set (or DROP) the member at ``play.marriages[0].seat``-style path."""
    steps: list[str | int] = []
    for part in dotted.split("."):
        m = re.fullmatch(r"([^\[]*)((?:\[\d+\])*)", part)
        assert m is not None
        if m.group(1):
            steps.append(m.group(1))
        steps.extend(int(i) for i in re.findall(r"\[(\d+)\]", m.group(2)))
    target: Any = hand
    for step in steps[:-1]:
        target = target.setdefault(step, {}) if isinstance(step, str) else target[step]
    if value is DROP:
        del target[steps[-1]]
    elif isinstance(target, list) and steps[-1] == len(target):
        target.append(value)
    else:
        target[steps[-1]] = value


def variant_of(n: int, **changes: Any) -> dict[str, Any]:
    """Example ``n`` with ``changes`` (keys use "__" for "." and "_i_" for "[i]")."""
    hand = copy.deepcopy(EXAMPLES[n])
    for key, value in changes.items():
        _set(hand, re.sub(r"_(\d+)_", r"[\1]", key).replace("__", "."), value)
    return hand


def case(n: int, changes: dict[str, Any], *expected: tuple[str, str], id: str) -> Any:
    hand = copy.deepcopy(EXAMPLES[n])
    for dotted, value in changes.items():
        _set(hand, dotted, value)
    return pytest.param(hand, list(expected), id=id)


REJECTED = [
    # "any": a member not defined here -> unknown_field
    case(24, {"score": 3}, ("score", "unknown_field"), id="5.4-any-unknown-top-level-member"),
    case(24, {"play.tricks": 3}, ("play.tricks", "unknown_field"), id="5.4-any-unknown-play-member"),
    case(
        24,
        {"play.marriages[0].points": 40},
        ("play.marriages[0].points", "unknown_field"),
        id="5.4-any-unknown-marriage-member",
    ),
    case(
        24,
        {"play.trump7_last_trick.trick": 10},
        ("play.trump7_last_trick.trick", "unknown_field"),
        id="5.4-any-unknown-trump7-member",
    ),
    case(27, {"renonsz.note": "x"}, ("renonsz.note", "unknown_field"), id="5.4-any-unknown-renonsz-member"),
    case(
        31,
        {"renonsz.penalty_bid.kontra": 2},
        ("renonsz.penalty_bid.kontra", "unknown_field"),
        id="5.4-any-unknown-penalty-bid-member",
    ),
    # variant
    case(24, {"variant": "ulti"}, ("variant", "invalid_value"), id="5.4-variant-wrong"),
    case(24, {"variant": DROP}, ("variant", "missing_field"), id="5.4-variant-missing"),
    # seats: exactly 3 distinct seat ids
    case(24, {"seats": ["A", "B"]}, ("seats", "invalid_value"), id="5.4-seats-two"),
    case(24, {"seats": ["A", "B", "C", "D"]}, ("seats", "invalid_value"), id="5.4-seats-four"),
    case(24, {"seats": ["A", "B", "B"]}, ("seats", "invalid_value"), id="5.4-seats-not-distinct"),
    case(
        24,
        {"seats": ["A", "B", "E"], "dealer": "E"},
        ("seats", "invalid_value"),
        ("dealer", "inconsistent"),  # §5.4 codes per row (hand-format.md: "where a spec names codes, use them")
        id="5.4-seats-not-an-ulti-seat",
    ),
    case(24, {"seats": "ABC"}, ("seats", "invalid_value"), id="5.4-seats-not-a-list"),
    # dealer: if in seats it must be seats[2]
    case(24, {"dealer": "A"}, ("dealer", "inconsistent"), id="5.4-dealer-playing-but-not-last"),
    case(24, {"dealer": "Z"}, ("dealer", "invalid_value"), id="5.4-dealer-not-a-seat"),
    # declarer: must be in seats
    case(24, {"declarer": "D"}, ("declarer", "invalid_value"), id="5.4-declarer-not-in-seats"),
    case(7, {"declarer": "D"}, ("declarer", "invalid_value"), id="5.4-declarer-is-the-sitting-out-dealer"),
    case(24, {"declarer": DROP}, ("declarer", "missing_field"), id="5.1-declarer-missing"),
    # bid: one of the 30 keys; forbidden combinations
    case(24, {"bid": "ultimo"}, ("bid", "unknown_bid"), id="5.4-bid-unknown"),
    case(24, {"bid": "ulti+40-100"}, ("bid", "unknown_bid"), id="5.4-bid-components-in-wrong-order"),
    case(24, {"bid": "4asz+durchmars"}, ("bid", "forbidden_combination"), id="5.4-bid-4asz-with-durchmars"),
    case(24, {"bid": "40-100+20-100"}, ("bid", "forbidden_combination"), id="5.4-bid-40-100-with-20-100"),
    case(
        24,
        {"bid": "40-100+szintelen_durchmars"},
        ("bid", "forbidden_combination"),
        id="5.4-bid-added-to-colourless-durchmars",
    ),
    case(18, {"bid": "betli+ulti"}, ("bid", "forbidden_combination"), id="5.4-bid-added-to-betli"),
    case(24, {"bid": 5}, ("bid", "invalid_value"), id="5.4-bid-not-text"),
    case(24, {"bid": DROP}, ("bid", "missing_field"), id="5.1-bid-missing"),
    # trump
    case(24, {"trump": DROP}, ("trump", "invalid_value"), id="5.4-trump-missing-in-coloured-bid"),
    case(24, {"trump": "red"}, ("trump", "invalid_value"), id="5.4-trump-not-a-suit"),
    case(18, {"trump": "makk"}, ("trump", "invalid_value"), id="5.4-trump-in-colourless-bid"),
    case(18, {"trump": "piros"}, ("trump", "invalid_value"), id="5.4-trump-betli-piros-use-rebetli"),
    case(27, {"trump": None}, ("trump", "invalid_value"), id="5.4-trump-null-outside-bidding-renonsz"),
    # kontra
    case(24, {"kontra.parti": 2}, ("kontra.parti", "not_applicable"), id="5.4-kontra-not-a-component-of-bid"),
    case(24, {"kontra.jatek": 2}, ("kontra.jatek", "invalid_value"), id="5.4-kontra-unknown-component"),
    case(24, {"kontra.ulti": 3}, ("kontra.ulti", "invalid_value"), id="5.4-kontra-level-3"),
    case(24, {"kontra.ulti": 8}, ("kontra.ulti", "invalid_value"), id="5.4-kontra-beyond-rekontra"),
    case(24, {"kontra.ulti": True}, ("kontra.ulti", "invalid_value"), id="5.4-kontra-level-bool"),
    case(24, {"kontra.ulti": {"A": 2}}, ("kontra.ulti", "not_applicable"), id="5.4-kontra-per-seat-in-coloured-bid"),
    case(18, {"kontra.betli": {"C": 2}}, ("kontra.betli.C", "invalid_value"), id="5.4-kontra-per-seat-declarer-key"),
    case(18, {"kontra.betli": {"A": 3}}, ("kontra.betli.A", "invalid_value"), id="5.4-kontra-per-seat-level"),
    case(13, {"kontra.silent_ulti": 2}, ("kontra.silent_ulti", "not_applicable"), id="5.4-kontra-on-silent-item"),
    case(13, {"kontra.ulti": 2}, ("kontra.ulti", "not_applicable"), id="5.4-kontra-on-silent-ulti-of-parti"),
    case(24, {"kontra": [2]}, ("kontra", "invalid_value"), id="5.4-kontra-not-an-object"),
    # gave_up
    case(25, {"kontra": {"ulti": 2}}, ("kontra", "inconsistent"), id="5.4-gave-up-before-with-kontra"),
    case(25, {"play": {"declarer_tricks": 0}}, ("play", "inconsistent"), id="5.4-gave-up-before-with-play"),
    case(25, {"silent_claims": ["100"]}, ("silent_claims", "inconsistent"), id="5.4-gave-up-before-with-silent-claims"),
    case(26, {"play": {"declarer_tricks": 3}}, ("play", "inconsistent"), id="5.4-gave-up-after-with-play"),
    case(26, {"silent_claims": ["4asz"]}, ("silent_claims", "inconsistent"), id="5.4-gave-up-after-with-silent-claims"),
    case(25, {"gave_up": "during_play"}, ("gave_up", "inconsistent"), id="5.1-gave-up-not-a-choice"),
    case(25, {"gave_up": True}, ("gave_up", "inconsistent"), id="5.1-gave-up-true"),
    # play
    case(24, {"play": DROP}, ("play", "missing_field"), id="5.4-play-missing"),
    case(24, {"play": [7]}, ("play", "invalid_value"), id="5.4-play-not-an-object"),
    case(
        24,
        {"play.declarer_tricks": DROP},
        ("play.declarer_tricks", "missing_field"),
        id="5.4-play-declarer-tricks-missing",
    ),
    case(
        24,
        {"play.declarer_card_points": DROP},
        ("play.declarer_card_points", "missing_field"),
        id="5.2-play-card-points-missing-in-100-bid",
    ),
    case(24, {"play.marriages": DROP}, ("play.marriages", "missing_field"), id="5.2-play-marriages-missing-in-100-bid"),
    case(
        9,
        {"play.trump7_last_trick": DROP},
        ("play.trump7_last_trick", "missing_field"),
        id="5.2-play-trump7-missing-in-coloured-bid",
    ),
    case(
        16, {"play.four_aces": DROP}, ("play.four_aces", "missing_field"), id="5.2-play-four-aces-missing-in-4asz-bid"
    ),
    case(
        18,
        {"play.declarer_card_points": 0},
        ("play.declarer_card_points", "not_applicable"),
        id="5.2-play-card-points-in-betli",
    ),
    case(
        21,
        {"play.marriages": [{"seat": "A", "suit": "makk"}]},
        ("play.marriages", "not_applicable"),
        id="5.2-play-marriages-in-durchmars",
    ),
    case(21, {"play.four_aces": "A"}, ("play.four_aces", "not_applicable"), id="5.2-play-four-aces-in-durchmars"),
    # play.declarer_tricks 0-10
    case(24, {"play.declarer_tricks": 11}, ("play.declarer_tricks", "out_of_range"), id="5.4-declarer-tricks-11"),
    case(24, {"play.declarer_tricks": -1}, ("play.declarer_tricks", "out_of_range"), id="5.4-declarer-tricks-negative"),
    case(24, {"play.declarer_tricks": 7.0}, ("play.declarer_tricks", "invalid_value"), id="5.4-declarer-tricks-float"),
    # play.declarer_card_points
    case(
        24,
        {"play.declarer_card_points": 75},
        ("play.declarer_card_points", "out_of_range"),
        id="5.4-card-points-not-multiple-of-10",
    ),
    case(
        24,
        {"play.declarer_card_points": 100},
        ("play.declarer_card_points", "out_of_range"),
        id="5.4-card-points-above-90",
    ),
    case(
        1,
        {"play.declarer_tricks": 0, "play.declarer_card_points": 10},
        ("play.declarer_card_points", "inconsistent"),
        id="5.4-card-points-without-tricks",
    ),
    case(
        1,
        {"play.declarer_tricks": 10, "play.declarer_card_points": 0},
        ("play.declarer_card_points", "inconsistent"),
        id="5.4-card-points-all-tricks-below-10",
    ),
    # play.marriages
    case(
        1,
        {"play.marriages[0].seat": "D"},
        ("play.marriages[0].seat", "invalid_value"),
        id="5.4-marriages-seat-not-in-seats",
    ),
    case(
        1,
        {"play.marriages[1].suit": "hearts"},
        ("play.marriages[1].suit", "invalid_value"),
        id="5.4-marriages-suit-invalid",
    ),
    case(
        1,
        {"play.marriages[1].suit": "makk"},
        ("play.marriages[1].suit", "invalid_value"),
        id="5.4-marriages-suit-twice",
    ),
    case(
        1,
        {"play.marriages[1]": DROP, "play.marriages[0].seat": DROP},
        ("play.marriages[0].seat", "missing_field"),
        id="5.4-marriages-seat-missing",
    ),
    case(
        24,
        {"play.marriages[1]": {"seat": "A", "suit": "makk"}},
        ("play.marriages[1]", "not_applicable"),
        id="5.4-marriages-40-100-defender-announces",
    ),
    case(
        24,
        {"play.marriages[0].suit": "makk"},
        ("play.marriages[0]", "not_applicable"),
        id="5.4-marriages-40-100-non-trump-20",
    ),
    case(
        8,
        {"play.marriages[1]": {"seat": "A", "suit": "makk"}},
        ("play.marriages[1]", "not_applicable"),
        id="5.4-marriages-20-100-second-20",
    ),
    case(
        8,
        {"play.marriages[0].suit": "zold"},
        ("play.marriages[0]", "not_applicable"),
        id="5.4-marriages-20-100-in-trump",
    ),
    case(
        8,
        {"play.marriages[0].seat": "B"},
        ("play.marriages[0]", "not_applicable"),
        id="5.4-marriages-20-100-by-defender",
    ),
    case(1, {"play.marriages": {"seat": "A"}}, ("play.marriages", "invalid_value"), id="5.4-marriages-not-a-list"),
    # play.four_aces
    case(
        16, {"play.declarer_card_points": 30}, ("play.four_aces", "inconsistent"), id="5.4-four-aces-declarer-below-40"
    ),
    case(16, {"play.declarer_tricks": 1}, ("play.four_aces", "inconsistent"), id="5.4-four-aces-declarer-one-trick"),
    case(
        17,
        {"play.declarer_card_points": 60, "play.declarer_tricks": 6},
        ("play.four_aces", "inconsistent"),
        id="5.4-four-aces-defender-above-50",
    ),
    case(
        17,
        {"play.declarer_tricks": 9},
        ("play.four_aces", "inconsistent"),
        id="5.4-four-aces-defender-declarer-9-tricks",
    ),
    case(16, {"play.four_aces": "D"}, ("play.four_aces", "inconsistent"), id="5.4-four-aces-not-a-seat"),
    # §5.4 row "multiple of 10, 0-90": out_of_range for any value off that scale, a non-number included.
    case(
        1,
        {"play.declarer_card_points": "sixty"},
        ("play.declarer_card_points", "out_of_range"),
        id="5.4-card-points-not-a-number",
    ),
    # play.trump7_last_trick
    case(
        18,
        {"play.trump7_last_trick": {"seat": "C", "won": False}},
        ("play.trump7_last_trick", "not_applicable"),
        id="5.4-trump7-in-colourless-bid",
    ),
    case(
        9,
        {"play.trump7_last_trick.seat": "D"},
        ("play.trump7_last_trick.seat", "invalid_value"),
        id="5.4-trump7-seat-not-in-seats",
    ),
    case(
        9,
        {"play.trump7_last_trick.won": "yes"},
        ("play.trump7_last_trick.won", "invalid_value"),
        id="5.4-trump7-won-not-bool",
    ),
    case(
        9,
        {"play.declarer_tricks": 0, "play.declarer_card_points": 0},
        ("play.trump7_last_trick", "inconsistent"),
        id="5.4-trump7-declarer-won-without-tricks",
    ),
    case(
        9,
        {"play.declarer_card_points": 0},
        ("play.trump7_last_trick", "inconsistent"),
        id="5.4-trump7-declarer-won-without-last-trick-points",
    ),
    case(
        21,
        {"play.trump7_last_trick.won": False},
        ("play.trump7_last_trick", "inconsistent"),
        id="5.4-trump7-all-tricks-declarer-seven-lost",
    ),
    case(
        21,
        {"play.trump7_last_trick": {"seat": "B", "won": True}},
        ("play.trump7_last_trick", "inconsistent"),
        id="5.4-trump7-all-tricks-defender-seven-won",
    ),
    case(
        10,
        {"play.declarer_card_points": 90, "play.declarer_tricks": 9},
        ("play.trump7_last_trick", "inconsistent"),
        id="5.4-trump7-defender-took-last-trick-90-points",
    ),
    # silent_claims
    case(1, {"silent_claims": ["durchmars"]}, ("silent_claims[0]", "not_applicable"), id="5.4-silent-claims-durchmars"),
    case(
        1,
        {"silent_claims": ["ulti"]},
        ("silent_claims[0]", "not_applicable"),
        id="5.4-silent-claims-ulti-needs-no-claim",
    ),
    case(1, {"silent_claims": ["csendes"]}, ("silent_claims[0]", "not_applicable"), id="5.4-silent-claims-unknown"),
    case(3, {"silent_claims": ["100", "100"]}, ("silent_claims[1]", "inconsistent"), id="5.4-silent-claims-duplicate"),
    case(
        6, {"silent_claims": ["100"]}, ("silent_claims[0]", "not_applicable"), id="5.4-silent-claims-100-without-parti"
    ),
    case(1, {"silent_claims": ["100"]}, ("silent_claims[0]", "inconsistent"), id="5.4-silent-claims-100-nobody-has-it"),
    case(
        16,
        {"silent_claims": ["4asz"]},
        ("silent_claims[0]", "not_applicable"),
        id="5.4-silent-claims-4asz-with-announced-4asz",
    ),
    case(
        21,
        {"silent_claims": ["4asz"], "play.four_aces": "A"},
        ("play.four_aces", "not_applicable"),
        ("silent_claims[0]", "not_applicable"),
        id="5.4-silent-claims-4asz-in-durchmars",
    ),
    case(
        17, {"play.four_aces": None}, ("silent_claims[0]", "inconsistent"), id="5.4-silent-claims-4asz-nobody-took-them"
    ),
    case(
        1, {"silent_claims": ["4asz"]}, ("play.four_aces", "missing_field"), id="5.2-silent-claims-4asz-needs-four-aces"
    ),
    case(1, {"silent_claims": "100"}, ("silent_claims", "invalid_value"), id="5.1-silent-claims-not-a-list"),
    # results (§5.1 cross-check)
    case(
        24,
        {"results": {"40-100": "made", "ulti": "made"}},
        ("results.ulti", "inconsistent"),
        id="5.1-results-differ-from-play",
    ),
    case(24, {"results": {"parti": "made"}}, ("results.parti", "not_applicable"), id="5.1-results-not-a-component"),
    case(24, {"results": {"ulti": "won"}}, ("results.ulti", "invalid_value"), id="5.1-results-bad-verdict"),
    # renonsz.case
    case(27, {"renonsz.case": "13.3.99"}, ("renonsz.case", "invalid_value"), id="5.4-renonsz-case-unknown"),
    case(27, {"renonsz.case": DROP}, ("renonsz.case", "missing_field"), id="5.4-renonsz-case-missing"),
    case(27, {"renonsz": "13.3.4"}, ("renonsz", "invalid_value"), id="5.4-renonsz-not-an-object"),
    # renonsz.offender
    case(27, {"renonsz.offender": DROP}, ("renonsz.offender", "missing_field"), id="5.4-renonsz-offender-missing"),
    case(27, {"renonsz.offender": "D"}, ("renonsz.offender", "inconsistent"), id="5.4-renonsz-offender-not-in-seats"),
    case(
        32,
        {"renonsz.offender": "B"},
        ("renonsz.offender", "inconsistent"),
        id="5.4-renonsz-offender-13.3.1-not-declarer",
    ),
    case(
        27,
        {"renonsz.case": "13.3.9a", "renonsz.offender": "A"},
        ("renonsz.offender", "inconsistent"),
        id="5.4-renonsz-offender-13.3.9a-not-declarer",
    ),
    case(
        28,
        {"renonsz.case": "13.3.8a", "renonsz.offender": "A"},
        ("renonsz.offender", "inconsistent"),
        id="5.4-renonsz-offender-13.3.8a-declarer",
    ),
    case(
        28,
        {"renonsz.case": "13.3.9c", "renonsz.offender": "A"},
        ("renonsz.offender", "inconsistent"),
        id="5.4-renonsz-offender-13.3.9c-declarer",
    ),
    case(
        30,
        {"renonsz.case": "13.2.1"},
        ("renonsz.offender", "inconsistent"),
        id="5.4-renonsz-offender-13.2.1-not-declarer",
    ),
    case(
        32,
        {"renonsz.case": "13.3.2", "renonsz.offender": "C", "trump": "piros"},
        ("renonsz.offender", "inconsistent"),
        id="5.4-renonsz-offender-13.3.2-not-declarer",
    ),
    case(
        27,
        {"renonsz": {"case": "13.1.2"}, "play": {"declarer_tricks": 4}},
        ("play", "not_applicable"),
        id="5.4-void-case-with-play",
    ),
    case(
        27,
        {"renonsz": {"case": "10.3.d", "jury_points": {"A": 1, "B": -1, "C": 0}}, "silent_claims": ["100"]},
        ("silent_claims", "not_applicable"),
        id="5.4-jury-case-with-silent-claims",
    ),
    # renonsz.penalty_bid
    case(
        31,
        {"renonsz.penalty_bid": DROP},
        ("renonsz.penalty_bid", "missing_field"),
        id="5.4-renonsz-penalty-bid-missing",
    ),
    case(
        31,
        {"renonsz.penalty_bid.bid": "negy_asz"},
        ("renonsz.penalty_bid.bid", "unknown_bid"),
        id="5.4-renonsz-penalty-bid-unknown",
    ),
    case(
        31,
        {"renonsz.penalty_bid.bid": "4asz+durchmars"},
        ("renonsz.penalty_bid.bid", "forbidden_combination"),
        id="5.4-renonsz-penalty-bid-forbidden",
    ),
    case(
        31,
        {"renonsz.penalty_bid.trump": "red"},
        ("renonsz.penalty_bid.trump", "invalid_value"),
        id="5.4-renonsz-penalty-bid-trump-not-a-suit",
    ),
    case(
        27,
        {"renonsz.penalty_bid": {"bid": "ulti"}},
        ("renonsz.penalty_bid", "not_applicable"),
        id="4.3-renonsz-penalty-bid-where-not-needed",
    ),
    # renonsz.jury_points
    case(
        27,
        {"renonsz": {"case": "10.3.d", "jury_points": {"A": 5, "B": -5, "C": 1}}},
        ("renonsz.jury_points", "invalid_value"),
        id="5.4-renonsz-jury-points-not-zero-sum",
    ),
    case(
        27,
        {"renonsz": {"case": "10.3.d", "jury_points": {"A": 5, "B": -5}}},
        ("renonsz.jury_points", "invalid_value"),
        id="5.4-renonsz-jury-points-seat-missing",
    ),
    case(
        27,
        {"renonsz": {"case": "10.3.d", "jury_points": {"A": 5, "B": -5, "C": 0, "D": 0}}},
        ("renonsz.jury_points.D", "invalid_value"),
        id="5.4-renonsz-jury-points-foreign-seat",
    ),
    case(
        27,
        {"renonsz": {"case": "10.3.d", "jury_points": {"A": 2.5, "B": -2.5, "C": 0}}},
        ("renonsz.jury_points.A", "invalid_value"),
        ("renonsz.jury_points.B", "invalid_value"),
        id="5.4-renonsz-jury-points-not-integers",
    ),
    case(
        27,
        {"renonsz.jury_points": {"A": 1, "B": -1, "C": 0}},
        ("renonsz.jury_points", "invalid_value"),  # the only code §5.4's row gives (was not_applicable)
        id="5.4-renonsz-jury-points-only-for-10.3.d",
    ),
    case(
        27,
        {"renonsz": {"case": "10.3.d"}},
        ("renonsz.jury_points", "missing_field"),
        id="5.4-renonsz-jury-points-missing",
    ),
    # PLAY / PAY_* / BID_WON / PAY_2V_1V / VOID / JURY: no play, claims, give-up, results
    case(27, {"play": {"declarer_tricks": 5}}, ("play", "not_applicable"), id="5.4-play-case-with-play"),
    case(27, {"silent_claims": ["100"]}, ("silent_claims", "not_applicable"), id="5.4-play-case-with-silent-claims"),
    case(27, {"gave_up": "after_first_card"}, ("gave_up", "not_applicable"), id="5.4-play-case-with-gave-up"),
    case(27, {"results": {"ulti": "failed"}}, ("results", "not_applicable"), id="5.4-play-case-with-results"),
    case(31, {"play": {"declarer_tricks": 5}}, ("play", "not_applicable"), id="5.4-pay-double-case-with-play"),
    case(30, {"results": {"ulti": "made"}}, ("results", "not_applicable"), id="5.4-pay-2v-1v-case-with-results"),
    case(
        27,
        {"renonsz": {"case": "13.1.2"}, "gave_up": "before_first_card", "kontra": DROP},
        ("gave_up", "not_applicable"),
        id="5.4-void-case-with-gave-up",
    ),
    # 13.3.10 RULING_PARTI_WON
    case(6, {"renonsz": {"case": "13.3.10"}}, ("renonsz.case", "not_applicable"), id="5.4-13.3.10-bid-without-parti"),
    case(
        3, {"renonsz": {"case": "13.3.10"}}, ("silent_claims[0]", "not_applicable"), id="5.4-13.3.10-silent-100-claimed"
    ),
    # 13.3.11 RULING_NO_SILENT
    case(
        17, {"renonsz": {"case": "13.3.11"}}, ("silent_claims", "not_applicable"), id="5.4-13.3.11-silent-claims-given"
    ),
    # 13.3.12 PARTIAL
    case(
        33,
        {"play.declarer_tricks": DROP},
        ("play.declarer_tricks", "missing_field"),
        id="5.4-13.3.12-declarer-tricks-missing",
    ),
    case(
        33,
        {"play.trump7_last_trick": DROP},
        ("play.trump7_last_trick", "missing_field"),
        id="5.4-13.3.12-trump7-missing",
    ),
    case(33, {"silent_claims": ["4asz"]}, ("silent_claims", "not_applicable"), id="5.4-13.3.12-silent-claims"),
    case(33, {"renonsz.offender": DROP}, ("renonsz.offender", "missing_field"), id="5.4-13.3.12-offender-missing"),
    case(
        22,
        {"renonsz": {"case": "13.3.12", "offender": "A"}},
        ("renonsz.case", "not_applicable"),
        id="4.3-13.3.12-bid-without-disputed-component",
    ),
    # case-specific facts of §4.3
    case(32, {"trump": "piros"}, ("trump", "inconsistent"), id="4.3-13.3.1-red-game"),
    case(32, {"renonsz.case": "13.3.2", "trump": "makk"}, ("trump", "inconsistent"), id="4.3-13.3.2-not-red"),
    case(
        20,
        {"renonsz": {"case": "13.3.1", "offender": "B"}, "play": DROP},
        ("renonsz.case", "not_applicable"),
        id="4.3-13.3.1-colourless-bid",
    ),
    case(30, {"renonsz.offender": "B"}, ("renonsz.offender", "inconsistent"), id="4.3-13.2.7a-offender-is-declarer"),
    case(
        30,
        {"renonsz": {"case": "13.2.7b", "offender": "A"}},
        ("renonsz.offender", "not_applicable"),
        id="4.3-13.2.7b-records-no-offender",
    ),
]


@pytest.mark.parametrize(("hand", "expected"), REJECTED)
def test_hand_is_rejected_with_field_and_code(hand: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert errors_of(hand) == expected
    with pytest.raises(InvalidHand):
        score(hand)


def test_forbidden_combination_message_cites_section_5() -> None:
    hand = variant_of(24, bid="40-100+szintelen_durchmars")
    (error,) = VARIANT.validate(hand, {}, None)
    assert error.message == "combination forbidden by 5.§"


def test_betli_in_red_is_told_to_use_rebetli() -> None:
    (error,) = VARIANT.validate(variant_of(18, trump="piros"), {}, None)
    assert "rebetli" in error.message


def test_all_errors_are_reported_at_once() -> None:
    hand = variant_of(24, declarer="D", bid="ultimo", kontra={"ulti": 3}, gave_up="maybe", extra=1)
    hand["play"]["declarer_tricks"] = 12
    assert set(errors_of(hand)) >= {
        ("extra", "unknown_field"),
        ("declarer", "invalid_value"),
        ("bid", "unknown_bid"),
        ("kontra.ulti", "invalid_value"),
        ("gave_up", "inconsistent"),
        ("play.declarer_tricks", "out_of_range"),
    }


@pytest.mark.parametrize("state", [{"radelc": 1}, {}, None], ids=["members", "empty", "none"])
def test_the_input_state_is_ignored_and_empty_state_returned(state: Any) -> None:
    """§5.3: "the input `state` is ignored and `{}` is returned". (An earlier reading rejected a
    state with members; the spec's sentence is explicit, found by an audit against the text.)
    Example 1: T_D = 60 + 20 = 80 > T_X = 30 + 20 = 50, parti made, +1 per defender."""
    result = evaluate(EXAMPLES[1], state, None)
    assert isinstance(result, HandScore)
    assert (result.points, result.state) == ({"A": 2, "B": -1, "C": -1}, {})


def test_a_state_that_is_not_an_object_is_refused_by_the_engine() -> None:
    result = evaluate(EXAMPLES[1], [], None)
    assert [(e.field, e.code) for e in result] == [("state", "invalid_value")]


def test_ulti_has_no_event_configuration() -> None:
    assert VARIANT.validate_config(None) == []
    assert VARIANT.validate_config({}) == []
    assert [(e.field, e.code) for e in VARIANT.validate_config({"point_table": {}})] == [
        ("config.point_table", "unknown_field")
    ]
    assert [(e.field, e.code) for e in VARIANT.validate_config("x")] == [("config", "invalid_value")]  # type: ignore[arg-type]
    assert errors_of(EXAMPLES[1], config={"x": 1}) == [("config.x", "unknown_field")]


ACCEPTED = [
    # §5.4 exceptions and optional forms that must NOT be rejected.
    pytest.param(variant_of(18, trump=None), id="5.1-trump-null-in-colourless-bid"),
    pytest.param(variant_of(18, kontra__betli={}), id="3.6-individual-kontra-nobody"),
    pytest.param(variant_of(24, gave_up=False), id="5.1-gave-up-false"),
    pytest.param(variant_of(24, renonsz=None), id="5.1-renonsz-null"),
    pytest.param(variant_of(24, silent_claims=[]), id="5.1-silent-claims-empty"),
    pytest.param(variant_of(1, play__marriages=[]), id="5.2-marriages-empty"),
    pytest.param(variant_of(24, results={"40-100": "made", "ulti": "failed"}), id="5.1-results-agree"),
    pytest.param(variant_of(25, results={"ulti": "failed", "parti": "failed"}), id="3.7-results-of-a-give-up"),
    pytest.param(variant_of(16, play__four_aces=None, play__declarer_card_points=20), id="5.2-four-aces-split"),
    pytest.param(variant_of(1, play__four_aces=None), id="5.2-four-aces-noted-without-claim"),
    pytest.param(
        variant_of(9, renonsz={"case": "13.3.10"}, play__declarer_card_points=DROP, play__marriages=DROP),
        id="5.4-13.3.10-count-facts-omitted",
    ),
    pytest.param(
        variant_of(1, renonsz={"case": "13.1.2"}, play=DROP, declarer=DROP, bid=DROP, trump=DROP),
        id="5.1-void-without-bid",
    ),
    pytest.param(
        variant_of(
            1,
            renonsz={"case": "10.3.d", "jury_points": {"A": 3, "B": 0, "C": -3}},
            play=DROP,
            declarer=DROP,
            bid=DROP,
            trump=DROP,
        ),
        id="5.1-jury-without-bid",
    ),
    pytest.param(variant_of(24, renonsz={"case": "13.2.2", "offender": "C"}), id="4.3-normal-case-played"),
    pytest.param(variant_of(25, renonsz={"case": "13.1.5-late"}), id="4.3-normal-case-given-up"),
]


@pytest.mark.parametrize("hand", ACCEPTED)
def test_hand_is_accepted(hand: dict[str, Any]) -> None:
    assert errors_of(hand) == []
    result = score(hand)
    assert sum(result.points.values()) == 0


# --- §4.3 every renonsz case ------------------------------------------------------------------
#
# One deal for all cases: A declares a makk ulti at a three-seat table (dealer C), the ulti
# kontra'd: table total 5 (ulti 4 + parti 1), V = 4 x 2 + 1 = 9 per defender (§4.1).
# Played out (for NORMAL and the rulings): ulti made 8, parti (60 v 30) made 1 -> S_d = 9.

BASE = {
    "variant": "ulti-mausz",
    "seats": ["A", "B", "C"],
    "dealer": "C",
    "declarer": "A",
    "bid": "ulti",
    "trump": "makk",
    "kontra": {"ulti": 2},
}
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


def test_every_case_of_section_4_3_is_covered() -> None:
    assert sorted(p.id.removeprefix("4.3-") for p in RENONSZ_CASES) == sorted(CASES)


@pytest.mark.parametrize(("hand", "points"), RENONSZ_CASES)
def test_renonsz_case_is_settled_per_section_4(hand: dict[str, Any], points: dict[str, int]) -> None:
    result = score(hand)
    assert result.points == points
    assert result.breakdown[0].startswith(f"renonsz {hand['renonsz']['case']} ")


def test_partial_with_a_defender_offender_pays_the_disputed_parti_for_both() -> None:
    # 13.3.12 by B: the parti counts as made; B pays A 1 + 1 and C 1; the ulti (+8) is normal.
    hand = {**copy.deepcopy(BASE), "play": copy.deepcopy(PLAYED), "renonsz": {"case": "13.3.12", "offender": "B"}}
    assert score(hand).points == {"A": 18, "B": -11, "C": -7}


def test_void_deal_scores_zero_at_a_four_seat_table() -> None:
    hand = {"variant": "ulti-mausz", "seats": ["B", "C", "D"], "dealer": "A", "renonsz": {"case": "13.1.2"}}
    assert score(hand).points == {"A": 0, "B": 0, "C": 0, "D": 0}


# --- §1.1 / §6 table facts and seat rotation ---------------------------------------------------


def test_table_facts() -> None:
    facts = PLAN
    assert (facts.min_seats, facts.max_seats, facts.players_per_hand) == (3, 4, 3)
    assert facts.zero_sum is True
    assert facts.default_hands_per_round == 9  # §6.2 proposal, three-seat table
    assert "dealer" in facts.sit_out(4)
    assert VARIANT.key == "ulti-mausz"


@pytest.mark.parametrize(
    ("table", "dealer", "seats", "next_dealer"),
    [
        # §7 examples: dealer C plays last; the forehand is the next seat after the dealer.
        pytest.param(["A", "B", "C"], "C", ["A", "B", "C"], "A", id="1.1-three-dealer-C"),
        pytest.param(["A", "B", "C"], "A", ["B", "C", "A"], "B", id="1.1-three-dealer-A"),
        pytest.param(["A", "B", "C"], "B", ["C", "A", "B"], "C", id="1.1-three-dealer-B"),
        # Example 7: at four seats the dealer sits out.
        pytest.param(["A", "B", "C", "D"], "D", ["A", "B", "C"], "A", id="1.1-four-dealer-D-sits-out"),
        pytest.param(["A", "B", "C", "D"], "B", ["C", "D", "A"], "C", id="1.1-four-dealer-B-sits-out"),
        pytest.param(["D", "C", "B", "A"], "A", ["B", "C", "D"], "B", id="1.1-four-unsorted-table"),
    ],
)
def test_playing_seats_and_next_dealer(table: list[str], dealer: str, seats: list[str], next_dealer: str) -> None:
    assert VARIANT.playing_seats(table, dealer, {}) == seats
    assert VARIANT.next_dealer(table, dealer) == next_dealer
    hand = {**copy.deepcopy(EXAMPLES[1]), "seats": seats, "dealer": dealer, "declarer": seats[0]}
    hand["play"]["marriages"] = []
    assert errors_of(hand) == []  # the seats the rotation gives are what validation wants


def test_rotation_rejects_tables_ulti_cannot_have() -> None:
    with pytest.raises(ValueError, match="three or four"):
        VARIANT.playing_seats(["A", "B"], "A", {})
    with pytest.raises(ValueError, match="dealer"):
        VARIANT.playing_seats(["A", "B", "C"], "D", {})


# --- what ulti adds to the variant contract (tests/scoring/test_variant_contract.py) ------------------


def table_of(hand: dict[str, Any]) -> set[str]:
    return set(hand["seats"]) | {hand["dealer"]}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_a_dealer_who_sits_out_scores_nothing_and_no_state_is_kept(rng: Any) -> None:
    """§1.1: at a four-seat table the dealer sits the deal out and scores 0; §5: no state between deals."""
    hand, state = random_hand(rng)
    result = VARIANT.settle(hand, state, None)
    if hand["dealer"] not in hand["seats"]:
        assert result.points[hand["dealer"]] == 0
    assert result.state == {}


def test_sample_sequence_rotates_the_deal_and_every_hand_is_valid() -> None:
    rng = random.Random(7)
    for _ in range(20):
        hands = random_hand_sequence(rng, 12)
        table = sorted(table_of(hands[0]))
        for prev, nxt in itertools.pairwise(hands):
            assert VARIANT.validate(prev, {}, None) == []
            void = prev.get("renonsz") and CASES[prev["renonsz"]["case"]].type == um.VOID
            expected = prev["dealer"] if void else VARIANT.next_dealer(table, prev["dealer"])
            assert nxt["dealer"] == expected
            assert nxt["seats"] == VARIANT.playing_seats(table, nxt["dealer"], {})


def test_samples_cover_every_row_and_case() -> None:
    rng = random.Random(3)
    rows, cases, gave_up = set(), set(), set()
    for _ in range(4000):
        hand, _ = random_hand(rng)
        if hand.get("bid"):
            rows.add((hand["bid"], hand.get("trump") == "piros"))
        if hand.get("renonsz"):
            cases.add(hand["renonsz"]["case"])
        gave_up.add(hand.get("gave_up"))
    assert rows == set(BID_TABLE)
    assert cases == set(CASES)
    assert {"before_first_card", "after_first_card"} <= gave_up
