"""Vadász tarokk: the sheet's verdict of the count (``count_result``) instead of the card points.

Reading (the spec, tarokk-vadasz.md, is silent on a verdict input): P = ``declarer_card_points``
counts only through its thresholds -- the game is won at P >= 48 (§1.3), a dupla is made by the
declaring side at P >= 71 and by the opponents at P <= 23 (§2.1), a forced-alone loss ignores the
opponents' kontra only on a lost game (§1.9 S'), and the §3.2 rule 5 bounds are checked against
the tricks. A federation referee's sheet records the game won or lost and a dupla made, never the
exact count, so the band P falls in is all the rules need: ``count_result`` is one of "dupla"
(71-94), "won" (48-70), "lost" (24-47), "opponents_dupla" (0-23), and a hand scores exactly as with
any P of its band. No Django.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.protocol_layout import Translator
from scoring.text import catalogue, render
from scoring.variants.tarokk_vadasz import rules
from scoring.variants.tarokk_vadasz.protocol import PROTOCOL
from scoring.variants.tarokk_vadasz.rules import COUNT_RESULTS, VARIANT, count_band
from tests.samples.tarokk_vadasz import random_hand
from tests.scoring import sheet_count
from tests.scoring.examples.tarokk_vadasz import EXAMPLES, FOUR, make


def band_of(points: int) -> str:
    return sheet_count.band_of(COUNT_RESULTS, points)


def by_verdict(hand: dict[str, Any]) -> dict[str, Any]:
    return sheet_count.by_verdict(COUNT_RESULTS, hand)


def errors(hand: dict[str, Any], state: Any = None) -> list[tuple[str, str]]:
    return [(e.field, e.code) for e in VARIANT.validate(hand, state or {}, None)]


# --- the bands are the rules' thresholds -------------------------------------------------------------


def test_the_bands_cover_0_to_94_once_at_the_rules_thresholds():
    assert (rules.WIN_POINTS, rules.DUPLA_POINTS, rules.TOTAL_POINTS) == (48, 71, 94)
    assert COUNT_RESULTS == {"dupla": (71, 94), "won": (48, 70), "lost": (24, 47), "opponents_dupla": (0, 23)}
    for p in range(95):
        assert count_band({"declarer_card_points": p}) == band_of(p)


# --- the same points as any P of the band --------------------------------------------------------------


SPEC_WITH_POINTS = [p for p in EXAMPLES if "declarer_card_points" in p.values[0]]


@pytest.mark.parametrize(("hand", "points", "lines"), SPEC_WITH_POINTS)
def test_every_spec_example_scores_the_same_with_its_band(hand, points, lines):
    verdict = by_verdict(hand)
    assert VARIANT.validate(verdict, {}, None) == []
    assert VARIANT.score(verdict, {}).points == points


def test_every_sample_hand_scores_the_same_with_its_band():
    sheet_count.sample_hands_score_as_counted(VARIANT, COUNT_RESULTS, random_hand, at_least=1500)


# Hands whose score turns on every threshold: an announced dupla of each side, a forced-alone loss
# (the opponents' kontra ignored only on a lost game, §1.9 S'), a volát, a doubled round.
TUL = {"figure": "tuletroa", "side": "opponents", "announced": True, "announcer": "B", "result": "made"}
HANDS = [
    ({"declarer": "A", "partner": "C", "declarer_talon_taken": 2,
      "figures": [{"figure": "dupla", "side": "declarer", "announced": True, "announcer": "A", "kontra": 1}]}, {}),
    ({"declarer": "A", "partner": "C", "declarer_talon_taken": 1, "game_kontra": 2,
      "figures": [{"figure": "dupla", "side": "opponents", "announced": True, "announcer": "B"}]}, {}),
    ({"declarer": "A", "partner": None, "solo": "forced", "declarer_talon_taken": 2, "game_kontra": 1,
      "figures": [TUL]}, {}),
    ({"declarer": "A", "partner": None, "solo": "open_self_call", "declarer_talon_taken": 0,
      "figures": [{"figure": "volat", "side": "declarer", "announced": True, "announcer": "A"}]},
     {"double_round_remaining": 2}),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "state"), HANDS)
def test_for_every_count_and_trick_count_the_verdict_scores_as_the_points(fields, state):
    """P 0-94 x T 0-9: the bounds of §3.2 rule 5 on the band (tests/scoring/sheet_count.py)."""
    sheet_count.every_count_and_trick_count(VARIANT, COUNT_RESULTS, lambda **m: make({**fields, **m}), state)


def test_spec_v16_with_the_sheets_verdict_scores_as_with_60_card_points():
    """§4 V16: A with C, 2 talon cards so G = 2, P = 60, the dupla announced by A and failed:
    game +2, failed dupla -4 x 2 = -8, S = -6 -> A -6, B +6, C -6, D +6. With ``count_result: "won"``
    (48-70: game won, no dupla) instead of P it scores the same."""
    v16 = {"declarer": "A", "partner": "C", "declarer_talon_taken": 2, "declarer_tricks": 6,
           "figures": [{"figure": "dupla", "side": "declarer", "announced": True, "announcer": "A"}]}  # fmt: skip
    counted = VARIANT.score(make({**v16, "declarer_card_points": 60}), {})
    result = VARIANT.score(make({**v16, "count_result": "won"}), {})
    assert result.points == counted.points == {"A": -6, "B": 6, "C": -6, "D": 6}
    assert result.breakdown[:2] == [
        "game won (the sheet's count): G 2 = +2",
        "dupla (declaring side, announced by A): failed, 4G = 8 → -8",
    ]
    assert counted.breakdown[0] == "game won (60 card points): G 2 = +2"


def test_spec_v8_a_forced_alone_loss_on_the_sheet_is_reduced_as_with_40_points():
    """§4 V8: A forced alone, G = 2, P = 40 (game lost), kontra on the game, the opponents' tulétroá
    (B) and négy király kontra'd (C) made: S = -2 x 2 - 2 - 4 x 2 = -14; S' ignores the kontra on the
    lost game (-2) and halves B's unkontra'd tulétroá (-1): -2 - 1 - 8 = -11, rounded toward 0 -> -9,
    each opponent +3. With ``count_result: "lost"`` the same, the reduced line naming the sheet's count."""
    v8 = by_verdict(next(p.values[0] for p in EXAMPLES if p.id.startswith("V8-")))
    assert v8["count_result"] == "lost"
    result = VARIANT.score(v8, {})
    assert result.points == {"A": -9, "B": 3, "C": 3, "D": 3}
    assert (
        "forced alone loss, reduced: game lost (the sheet's count): G 2 (kontra ignored: forced alone) = -2"
        in result.breakdown
    )


def test_a_dupla_on_the_sheet_supersedes_the_game():
    """§4 V3 without the count: the dupla announced by C and made (4 x 3 = 12), the game not paid."""
    v3 = by_verdict(next(p.values[0] for p in EXAMPLES if p.id.startswith("V3-")))
    assert v3["count_result"] == "dupla"
    result = VARIANT.score(v3, {})
    assert result.points == {"A": 0, "B": -12, "C": 12, "D": 0, "E": -12, "F": 12}
    assert result.breakdown[0] == "game: not paid (a dupla or volát was made)"


# --- what the record may not say: tests/scoring/test_sheet_count.py -------------------------------------

PLAYED = make({"declarer": "A", "partner": "C", "declarer_talon_taken": 2, "declarer_tricks": 6})


# --- the protocol and the languages ---------------------------------------------------------------------


def test_the_protocol_writes_the_verdict_in_slovenian():
    """In English in every variant: tests/scoring/test_sheet_count.py."""
    sl = catalogue("sl")
    tr = Translator(sl.gettext, sl.ngettext)
    shown = PROTOCOL.text({**PLAYED, "count_result": "lost"}, {}, {}, tr).details
    assert "igra izgubljena, 6 " in shown and "count_result" not in shown


def test_the_verdicts_lines_read_in_slovenian_and_hungarian():
    lone = make({**{k: v for k, v in PLAYED.items() if k not in FOUR}, "partner": None, "solo": "hidden_self_call",
                 "count_result": "lost", "declarer_tricks": 4, "game_kontra": 1})  # fmt: skip
    lines = VARIANT.score(lone, {}).breakdown
    assert render(lines[0], "sl") == "igra izgubljena (po zapisniku): G 2 x 2 (kontra) = -4"
    assert render(lines[0], "hu") == "játék elveszítve (a játszmalap szerint): G 2 x 2 (kontra) = -4"


def test_the_sheets_count_needs_the_tricks_only_for_a_volat():
    """The tricks decide only a volát (§2.1: T = 9 or T = 0); a count without them scores as any
    T of 1-8. §4 V1 by the sheet: G = 1, game won -> B and D +1, A and C -1."""
    v1 = {"declarer": "B", "partner": "D", "declarer_talon_taken": 3, "count_result": "won"}
    assert VARIANT.validate(make(v1), {}, None) == []
    assert VARIANT.score(make(v1), {}).points == {"A": -1, "B": 1, "C": -1, "D": 1}
    assert VARIANT.score(make(v1), {}).points == VARIANT.score(make({**v1, "declarer_tricks": 5}), {}).points
    volat = {"figure": "volat", "side": "declarer", "announced": True, "announcer": "B"}
    (missing,) = VARIANT.validate(make({**v1, "count_result": "dupla", "figures": [volat]}), {}, None)
    assert (missing.field, missing.code) == ("declarer_tricks", "missing_field")
    assert missing.message == "declarer_tricks is required when a volát is announced"
    # With the card points the tricks stay required (§3.1).
    (missing,) = VARIANT.validate(make({**PLAYED, "declarer_card_points": 55, "declarer_tricks": None}), {}, None)
    assert (missing.field, missing.code) == ("declarer_tricks", "missing_field")


def test_the_protocol_writes_the_count_without_tricks_when_none_were_given():
    hand = {k: v for k, v in PLAYED.items() if k != "declarer_tricks"}
    assert PROTOCOL.text({**hand, "count_result": "won"}, {}, {}).details == "talon 2; game won"
